"""The computer players (engine.ai): legality, determinism, views only, sampling."""

from __future__ import annotations

import gc
import random
from dataclasses import replace

import pytest

from engine.ai import Budget, make_player
from engine.ai.world import analyze, sample_deal, sample_world
from engine.game import Game, RoundState, SeatView
from engine.moves import DRAW, PASS, Move, Place
from engine.table import Table
from engine.tiles import Tile, full_set
from engine.variants import VARIANTS, Deal, Variant, make_variant

# A tiny search, so the whole-game tests stay fast; the benchmark uses the default.
SMALL = Budget(rollouts=8, min_worlds=2, max_worlds=2)

SETUPS = [(name, players) for name in sorted(VARIANTS) for players in (2, 4)
          if players in VARIANTS[name].players_allowed] + [("threes", 3)]


def _play(variant: Variant, levels: list[str], seed: int, max_moves: int = 400) -> Game:
    game = Game(variant, seed=seed)
    players = [make_player(levels[s % len(levels)], seed + s, variant, SMALL)
               for s in range(variant.players)]
    for _ in range(max_moves):
        if game.outcome is not None:
            break
        seat = game.current_seat
        assert seat is not None
        view = game.view(seat)
        move = players[seat](view)
        assert move in view.legal
        game.play(move)  # the checked path: raises on an illegal move
    return game


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_every_level_plays_only_legal_moves(name: str, players: int) -> None:
    variant = make_variant(name, players)
    for seed in range(2):  # whole games for the cheap levels (general_kozel may run long)
        long = name == "general_kozel"
        game = _play(variant, ["medium", "easy"], seed=seed, max_moves=300 if long else 2000)
        assert game.outcome is not None or long
    # The search is slower: a round or so of it, from every seat (the benchmark plays more).
    _play(variant, ["hard", "medium", "easy"], seed=3, max_moves=30)
    _play(variant, ["medium", "hard"], seed=4, max_moves=30)


def _midgame(name: str, players: int, seed: int, moves: int) -> Game:
    game = Game(make_variant(name, players), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.apply(rng.choice(legal))
    return game


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_deterministic_for_a_seed(level: str) -> None:
    variant = make_variant("all_fives", 2)
    for seed in range(4):
        game = _midgame("all_fives", 2, seed, 9)
        seat = game.current_seat
        assert seat is not None
        view = game.view(seat)
        a = make_player(level, 42, variant, SMALL)(view)
        b = make_player(level, 42, variant, SMALL)(view)
        assert a == b
    # Two whole games with the same seeds are move for move the same.
    g1 = _play(variant, [level, "medium"], seed=8, max_moves=60)
    g2 = _play(variant, [level, "medium"], seed=8, max_moves=60)
    assert [r.moves for r in g1.rounds] == [r.moves for r in g2.rounds]


def _reachable(root: object) -> list[object]:
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(seen.values())


def test_a_view_holds_no_reference_to_the_game() -> None:
    game = _midgame("all_fives", 2, 1, 10)
    view = game.view(0)
    for obj in _reachable(view):
        assert not isinstance(obj, (Game, RoundState, Table, Deal)), type(obj)
    # Its fields are values: the view cannot be changed to reach anything else.
    with pytest.raises(AttributeError):
        view.hand = ()  # type: ignore[misc]


def test_decision_ignores_hidden_tiles() -> None:
    """Games that differ only in hidden tiles give equal views, hence equal moves."""
    variant = make_variant("all_fives", 2)
    for seed in range(3):
        game = _midgame("all_fives", 2, seed, 7)
        seat = game.current_seat
        assert seat is not None
        view = game.view(seat)
        other = sample_world(view, variant, random.Random(seed + 100))
        twin = replace(other.view(seat), round_index=view.round_index)
        assert twin == view
        assert other.round.hands != game.round.hands or other.round.deal != game.round.deal
        for level in ("medium", "hard"):
            move_a = make_player(level, 7, variant, SMALL)(view)
            move_b = make_player(level, 7, variant, SMALL)(twin)
            assert move_a == move_b


@pytest.mark.parametrize(("name", "players"), [("all_fives", 2), ("telephone", 2),
                                               ("kozel", 3), ("block", 4), ("threes", 3),
                                               ("telephone", 4)])
def test_sampled_world_reproduces_the_view(name: str, players: int) -> None:
    variant = make_variant(name, players)
    rng = random.Random(0)
    for seed in range(2):
        game = Game(variant, seed=seed)
        steps = 0
        while game.outcome is None and steps < 50:
            for seat in range(players):
                view = game.view(seat)
                world = sample_world(view, variant, rng)
                # The world holds this round only; everything else must match.
                assert replace(world.view(seat), round_index=view.round_index) == view
                rnd = world.round
                assert [len(h) for h in rnd.hands] == list(view.hand_sizes)
                assert sorted(rnd.hands[seat]) == sorted(view.hand)
                assert sorted(set(full_set()) - {p.tile for p in view.table.tiles}) == sorted(
                    [t for h in rnd.hands for t in h] + list(rnd.deal.boneyard[rnd.drawn:]))
            game.apply(rng.choice(game.legal_moves()))
            steps += 1


def _replay_checked(view: SeatView, variant: Variant, deal: Deal) -> None:
    game = Game(variant, deals=[deal], autostart=False)
    game.start_round(deal)
    lead = view.table.lead
    for ev in view.history:
        move: Move
        if ev.kind == "place":
            assert ev.tile is not None and lead is not None
            move = Place(ev.tile, ev.end, lead.inner if ev.end is None else None)
        else:
            move = DRAW if ev.kind == "draw" else PASS
        game.play(move)  # raises when a sampled hand could have placed instead


@pytest.mark.parametrize(("name", "players"), [("all_fives", 2), ("kozel", 2),
                                               ("draw", 3), ("telephone", 2)])
def test_sampled_draws_and_passes_are_consistent(name: str, players: int) -> None:
    """Every sampled world explains each draw and pass: the player could not follow."""
    variant = make_variant(name, players)
    rng = random.Random(2)
    for seed in range(3):
        game = Game(variant, seed=seed)
        start = len(game.rounds)
        while game.outcome is None and len(game.rounds) == start:
            seat = game.current_seat
            assert seat is not None
            view = game.view(seat)
            know = analyze(view)
            for _ in range(2):
                _replay_checked(view, variant, sample_deal(view, know, rng))
            game.apply(rng.choice(game.legal_moves()))


def test_a_player_who_passed_on_a_pip_is_never_given_it() -> None:
    variant = make_variant("block", 2)
    rng = random.Random(0)
    found = 0
    for seed in range(40):
        game = Game(variant, seed=seed)
        while game.outcome is None and len(game.rounds) == 1:
            seat = game.current_seat
            assert seat is not None
            view = game.view(seat)
            passes = [(ev.seat, set(ev.ends)) for ev in view.history
                      if ev.kind == "pass" and ev.seat != seat]
            if passes:
                found += 1
                for _ in range(5):
                    world = sample_world(view, variant, rng)
                    for who, pips in passes:
                        for t in world.round.hands[who]:
                            assert t.a not in pips and t.b not in pips
            game.apply(rng.choice(game.legal_moves()))
    assert found > 10


def test_medium_takes_the_obviously_best_score() -> None:
    # all_fives: seat 1 leads 6-3 (W=6, E=3). Seat 0 can score 15 with 6-6 on W
    # (the spinner counts 12, plus 3), 10 with 3-4 on E, 5 with 6-2 on W.
    variant = make_variant("all_fives", 2)
    t = Tile.parse
    mine = tuple(t(x) for x in ("6-6", "3-4", "6-2", "0-1", "1-2", "0-0", "1-1"))
    his = tuple(t(x) for x in ("3-6", "0-2", "0-3", "0-4", "0-5", "0-6", "1-3"))
    rest = tuple(x for x in full_set() if x not in mine and x not in his)
    game = Game(variant, deals=[Deal((mine, his), rest, 1, None)], autostart=False)
    game.start_round(game._given_deals[0])  # type: ignore[index]
    game.play(Place(t("3-6"), None, 6))
    view = game.view(0)
    move = make_player("medium", 0, variant)(view)
    assert isinstance(move, Place) and move.tile == t("6-6")
    best = game.copy()
    best.play(move)
    assert best.totals[0] == 15


def test_simulate_seats_levels_and_reports_intervals() -> None:
    from engine.simulate import simulate_ai, wilson

    out = simulate_ai("kozel", 4, 4, 1, ["medium", "easy"])
    assert out["games"] == 4 and len(out["wins"]) == 2
    h2h = out["head_to_head"]["medium_vs_easy"]
    assert h2h["games"] == 4 and 0 <= h2h["ci95"][0] <= h2h["rate"] <= h2h["ci95"][1] <= 1
    assert set(out["decision_ms"]) == {"medium", "easy"}
    assert sum(out["side_wins"]) == pytest.approx(4)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
