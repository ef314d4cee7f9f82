"""Mexican Train's computer players decide from the seat's view only: every level
plays legal moves to the end of a game, a seeded decision is the same every time and
does not change when the tiles the seat cannot see are dealt otherwise; hard's
sampled worlds agree with the view, and its fast model of a round ends every round
as the rules do."""

from __future__ import annotations

import random

import pytest

from engine.core.moves import DONE, Move, TrainPlace
from engine.core.tiles import Tile, full_set
from engine.trains import ai
from engine.trains.kind import TRAINS_KIND, TrainsMatch, variant_of
from engine.trains.rules import TrainsGame, hand_points, make_options


def match(players: int, seed: int, **options: int) -> TrainsMatch:
    opts = {"set": 9, "rounds": 1, **options}
    return TrainsMatch(variant_of(make_options(players, opts)), seed)


def play_to(m: TrainsMatch, actions: int, seed: int) -> None:
    """``actions`` actions of medium (fewer if the game ends)."""
    for _ in range(actions):
        seat = m.current_seat
        if seat is None:
            return
        m.play(TRAINS_KIND.decide("medium", seed, m.variant, m.view(seat)))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_level_plays_legal_moves_to_the_end(players: int, seed: int) -> None:
    m = match(players, seed)
    while m.outcome is None:
        seat = m.current_seat
        assert seat is not None
        view = m.view(seat)
        move = TRAINS_KIND.decide(ai.LEVELS[seat % 3], seed, m.variant, view)
        assert move in view.legal
        m.play(move)
    assert m.outcome.winners


def _reshuffled(m: TrainsMatch, seat: int, rng: random.Random) -> TrainsMatch:
    """The same game with the tiles ``seat`` cannot see dealt otherwise (each other
    hand keeps its size)."""
    other = m.copy()
    rnd = other.round
    hidden = [t for s, h in enumerate(rnd.hands) if s != seat for t in h] + rnd.boneyard
    rng.shuffle(hidden)
    k = 0
    for s, h in enumerate(rnd.hands):
        if s != seat:
            rnd.hands[s] = hidden[k:k + len(h)]
            k += len(h)
    rnd.boneyard = hidden[k:]
    return other


@pytest.mark.parametrize(("players", "at"), [(2, 3), (3, 8), (4, 14)])
def test_a_decision_is_seeded_and_sees_only_the_view(players: int, at: int) -> None:
    m = match(players, 40 + at, set=12)
    play_to(m, at, 5)
    seat = m.current_seat
    assert seat is not None
    view = m.view(seat)
    for trial in range(3):
        other = _reshuffled(m, seat, random.Random(trial))
        assert other.round.hands != m.round.hands or other.round.boneyard != m.round.boneyard
        again = other.view(seat)
        assert again == view and again.detail == view.detail
        for level in ai.LEVELS:
            first = TRAINS_KIND.decide(level, 9, m.variant, view)
            assert TRAINS_KIND.decide(level, 9, other.variant, again) == first
            assert first in view.legal


def test_sampled_worlds_agree_with_the_view() -> None:
    m = match(3, 8, set=12)
    play_to(m, 12, 1)
    seat = m.current_seat
    assert seat is not None
    view = m.view(seat)
    rng = random.Random(4)
    for _ in range(5):
        world = ai.sample_round(view, rng)
        rnd = world.current
        assert [len(h) for h in rnd.hands] == list(view.hand_sizes)
        assert sorted(rnd.hands[seat]) == sorted(view.hand)
        assert len(rnd.boneyard) == view.boneyard_left
        held = [t for h in rnd.hands for t in h] + rnd.boneyard + rnd.on_table()
        assert sorted(held) == sorted(full_set(12))
        table = world.table(rnd)
        assert table == {k: view.detail[k] for k in table}
        assert world.legal_moves() == list(view.legal)


def _greedy_engine(game: TrainsGame) -> None:
    """The fast model's player (greedy; medium's first-turn chain), on the rules' own
    game."""
    while game.current.end is None:
        rnd = game.current
        hand = rnd.hands[rnd.turn]
        best: Move | None = None
        key = (-1, False)
        legal = game.legal_moves()
        if rnd.chaining:
            chain = ai.longest_chain(sorted(hand), rnd.end_pip(rnd.turn))
            if chain:
                game.play(rnd.turn, TrainPlace(chain[0][0], rnd.turn, chain[0][1]))
                continue
        for m in legal:
            if isinstance(m, TrainPlace):
                t = m.tile
                pips = t.pips + (20 if t.is_double and any(
                    u is not t and u.has(t.a) for u in hand) else 0)
                if (pips, m.train == rnd.turn) > key:
                    best, key = m, (pips, m.train == rnd.turn)
        if best is None:
            best = next(m for m in legal if m is not DONE)
        game.play(rnd.turn, best)


@pytest.mark.parametrize("seed", range(6))
def test_the_fast_model_ends_a_round_as_the_rules_do(seed: int) -> None:
    players = 2 + seed % 3
    m = match(players, seed, set=12 if seed % 2 else 9, double_blank=50 * (seed % 2))
    rng = random.Random(seed)
    for step in range(6):
        play_to(m, 4 + 3 * step, seed)
        seat = m.current_seat
        if seat is None:
            break
        view = m.view(seat)
        world_seed = rng.randrange(1 << 30)
        sim = ai._Sim(ai.sample_round(view, random.Random(world_seed)))
        sim.run(10_000)
        game = ai.sample_round(view, random.Random(world_seed))
        _greedy_engine(game)
        blank = game.options.double_blank
        assert sim.points() == [hand_points(h, blank) for h in game.current.hands]


def test_longest_chain_and_medium_first_turn() -> None:
    hand = [Tile(9, 4), Tile(4, 1), Tile(1, 7), Tile(9, 8), Tile(4, 4)]
    chain = ai.longest_chain(hand, 9)
    assert [t for t, _ in chain] == [Tile(9, 4), Tile(4, 4), Tile(4, 1), Tile(1, 7)]
    assert [touch for _, touch in chain] == [9, 4, 4, 1]
    m = match(2, 3)
    view = m.view(m.current_seat)
    assert view.detail["first_round"]
    move = TRAINS_KIND.decide("medium", 0, m.variant, view)
    engine = int(view.detail["ends"][f"T{view.seat}"])
    best = ai.longest_chain(view.hand, engine)
    assert isinstance(move, TrainPlace) and move.tile is best[0][0]


def test_simulate_prints_the_head_to_head() -> None:
    v = variant_of(make_options(3, {"set": 9, "rounds": 2}))
    out = TRAINS_KIND.simulate(v, 4, 3, ["medium", "easy"])
    head = out["head_to_head"]["medium_vs_easy"]
    assert head["games"] == 4 and 0 <= head["ci95"][0] <= head["rate"] <= head["ci95"][1]
    assert out["decision_ms"]["medium"]["decisions"] > 0 and out["rounds"] == 8
    again = TRAINS_KIND.simulate(v, 4, 3, ["medium", "easy"])
    assert again["mean_totals"] == out["mean_totals"] and again["moves"] == out["moves"]
