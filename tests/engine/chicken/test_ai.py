"""Chicken Foot's computer players decide from the seat's view only: every level
plays legal moves to the end of a game, a seeded decision is the same every time and
does not change when the tiles the seat cannot see are dealt otherwise; hard's
sampled worlds agree with the view, and its fast model of a round ends every round
as the rules do."""

from __future__ import annotations

import random

import pytest

from engine.chicken import ai
from engine.chicken.kind import CHICKEN_KIND, ChickenMatch
from engine.chicken.rules import NAME, score_hand
from engine.core.moves import BranchPlace
from engine.core.tiles import full_set
from engine.variants import make_variant


def match(players: int, seed: int, **options: int) -> ChickenMatch:
    m = CHICKEN_KIND.new_game(make_variant(NAME, players, {"rounds": 1, **options}), seed)
    assert isinstance(m, ChickenMatch)
    return m


def play_to(m: ChickenMatch, moves: int, seed: int) -> None:
    """``moves`` moves of medium (fewer if the game ends)."""
    for _ in range(moves):
        seat = m.current_seat
        if seat is None:
            return
        m.play(CHICKEN_KIND.decide("medium", seed, m.variant, m.view(seat)))


@pytest.mark.parametrize(("players", "seed", "options"),
                         [(2, 1, {"set": 6}), (3, 2, {"set": 6}),
                          (4, 3, {"set": 6, "root_arms": 6})])
def test_every_level_plays_legal_moves_to_the_end(players: int, seed: int,
                                                  options: dict[str, int]) -> None:
    m = match(players, seed, **options)
    while m.current_seat is not None:
        seat = m.current_seat
        view = m.view(seat)
        move = CHICKEN_KIND.decide(ai.LEVELS[seat % 3], seed, m.variant, view)
        assert move in view.legal
        m.play(move)
    assert m.outcome is not None and m.outcome.winners


def _reshuffled(m: ChickenMatch, seat: int, rng: random.Random) -> ChickenMatch:
    """The same game with the tiles ``seat`` cannot see dealt otherwise (each other
    hand keeps its size; the yard already drawn stays)."""
    other = m.copy()
    rnd = other.game.current
    hidden = [t for s, h in enumerate(rnd.hands) if s != seat for t in h] + list(
        rnd.yard_left)
    rng.shuffle(hidden)
    k = 0
    for s, h in enumerate(rnd.hands):
        if s != seat:
            rnd.hands[s] = hidden[k:k + len(h)]
            k += len(h)
    rnd.yard = rnd.yard[:rnd.drawn] + tuple(hidden[k:])
    return other


@pytest.mark.parametrize(("players", "at", "tiles"), [(2, 4, 6), (3, 9, 6), (4, 10, 6)])
def test_a_decision_is_seeded_and_sees_only_the_view(players: int, at: int, tiles: int
                                                     ) -> None:
    m = match(players, 60 + at, set=tiles)
    play_to(m, at, 5)
    seat = m.current_seat
    assert seat is not None
    view = m.view(seat)
    for trial in range(3):
        other = _reshuffled(m, seat, random.Random(trial))
        again = other.view(seat)
        assert again == view
        for level in ai.LEVELS:
            first = CHICKEN_KIND.decide(level, 9, m.variant, view)
            assert CHICKEN_KIND.decide(level, 9, other.variant, again) == first
            assert first in view.legal


def test_sampled_worlds_agree_with_the_view() -> None:
    m = match(3, 8)
    play_to(m, 14, 1)
    seat = m.current_seat
    assert seat is not None
    view = m.view(seat)
    rng = random.Random(4)
    for _ in range(5):
        world = ai.sample_round(view, rng)
        rnd = world.current
        assert [len(h) for h in rnd.hands] == list(view.hand_sizes)
        assert sorted(rnd.hands[seat]) == sorted(view.hand)
        assert len(rnd.yard_left) == view.boneyard_left
        held = [t for h in rnd.hands for t in h] + list(rnd.yard_left) + list(rnd.table.tiles())
        assert sorted(held) == sorted(full_set(9))
        assert rnd.table.ends() == view.ends and world.legal_moves() == list(view.legal)


@pytest.mark.parametrize("seed", range(6))
def test_the_fast_model_ends_a_round_as_the_rules_do(seed: int) -> None:
    players = 2 + seed % 3
    m = match(players, seed, set=9 if seed % 2 else 6, root_arms=4 if seed % 3 else 6,
              double_blank=0 if seed == 4 else 50)
    rng = random.Random(seed)
    for step in range(6):
        play_to(m, 3 + 2 * step, seed)
        seat = m.current_seat
        if seat is None:
            break
        view = m.view(seat)
        world_seed = rng.randrange(1 << 30)
        sim, _ = ai.simulate_round(view, random.Random(world_seed))
        sim.run(10_000)
        game = ai.sample_round(view, random.Random(world_seed))
        blank = game.options.double_blank
        while game.current.end is None:  # medium, first of equals, on the rules' game
            legal = game.legal_moves()
            move = legal[0]
            if isinstance(move, BranchPlace):
                move = max(legal, key=lambda x: (score_hand((x.tile,), blank), x.tile.is_double)
                           if isinstance(x, BranchPlace) else (-1, False))
            game.play(move)
        assert [score_hand(h, blank) for h in sim.hands] == [
            score_hand(h, blank) for h in game.current.hands]


def test_simulate_prints_the_head_to_head() -> None:
    v = make_variant(NAME, 2, {"set": 6, "rounds": 2})
    out = CHICKEN_KIND.simulate(v, 4, 3, ["medium", "easy"])
    head = out["head_to_head"]["medium_vs_easy"]
    assert head["games"] == 4 and 0 <= head["ci95"][0] <= head["rate"] <= head["ci95"][1]
    assert out["decision_ms"]["medium"]["decisions"] > 0
    again = CHICKEN_KIND.simulate(v, 4, 3, ["medium", "easy"])
    assert again["mean_total"] == out["mean_total"] and again["wins"] == out["wins"]
