"""The computer players (engine.domino.ai): legality, determinism, views only, sampling."""

from __future__ import annotations

import gc
import random
from dataclasses import replace
from typing import Any

import pytest

from engine.core.moves import DRAW, PASS, End, Move, Place
from engine.core.tiles import Tile, full_set
from engine.core.view import SeatView
from engine.domino.ai import Budget, make_player
from engine.domino.ai import players as players_module
from engine.domino.ai.players import Likelihood
from engine.domino.ai.policy import Style, style_of
from engine.domino.ai.search import outcome_value, small_enough, solve, tiles_left
from engine.domino.ai.world import analyze, sample_deal, sample_world, world_from_deal
from engine.domino.game import Game, RoundState
from engine.domino.table import Table
from engine.variants import VARIANTS, Deal, Variant, make_variant

# A tiny search, so the whole-game tests stay fast; the benchmark uses the default.
# Exact search and the inference are on, so every variant goes through them.
SMALL = Budget(rollouts=8, min_worlds=2, max_worlds=2, exact_tiles=8, node_limit=300,
               infer_tau=1.5)

SETUPS = [(name, players) for name in sorted(VARIANTS) for players in (2, 4)
          if players in VARIANTS[name].players_allowed
          and VARIANTS[name].kind == "domino"] + [("threes", 3)]


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


# ------------------------------------------------ exact search, inference, time


def _minimax(game: Game, totals: tuple[int, ...], side: int, style: Style, rounds: int) -> float:
    """Plain minimax without pruning (the reference for ``solve``)."""
    seat = game.current_seat
    if seat is None or len(game.rounds) != rounds:
        return outcome_value(game, totals, side, style)
    values = []
    for move in game.legal_moves():
        child = game.copy()
        child.apply(move)
        values.append(_minimax(child, totals, side, style, rounds))
    return max(values) if game.variant.side_of[seat] == side else min(values)


@pytest.mark.parametrize(("name", "players", "tiles"),
                         [("block", 4, 10), ("block", 2, 8), ("all_fives", 2, 8),
                          ("kozel", 4, 10), ("threes", 3, 11), ("telephone", 4, 9),
                          ("osel", 2, 7)])
def test_exact_search_equals_plain_minimax(name: str, players: int, tiles: int) -> None:
    variant = make_variant(name, players)
    style = style_of(variant)
    checked = 0
    for seed in range(12):
        game = Game(variant, seed=seed)
        rng = random.Random(seed)
        while game.current_seat is not None and tiles_left(game) > tiles:
            game.apply(rng.choice(game.legal_moves()))
        if not small_enough(game, tiles):
            continue
        totals = tuple(game.totals)
        seat = game.current_seat
        assert seat is not None
        for side in {variant.side_of[seat], variant.side_of[(seat + 1) % players]}:
            exact = solve(game.copy(), totals, side, style, 10**6)
            assert exact == pytest.approx(_minimax(game.copy(), totals, side, style,
                                                   len(game.rounds)))
            checked += 1
    assert checked >= 6


def _lead_example() -> tuple[Variant, Game]:
    """Block, two players, everything dealt but 24 tiles set aside: seat 0 holds
    3-4 and 4-4, seat 1 holds 4-6 and 1-1; seat 0 leads.

    Leading 4-4, seat 1 must answer 4-6 and seat 0 goes out with 3-4. Leading
    3-4, seat 1 answers 4-6, seat 0 (4-4 on 3 and 6) and seat 1 (1-1) are stuck,
    and the fish goes to seat 1, who holds fewer pips (2 against 8)."""
    variant = make_variant("block", 2)
    t = Tile.parse
    hands = ((t("3-4"), t("4-4")), (t("4-6"), t("1-1")))
    game = Game(variant, deals=[Deal(hands, (), 0, None)])
    return variant, game


def test_exact_search_worked_example() -> None:
    variant, game = _lead_example()
    style = style_of(variant)
    totals = tuple(game.totals)
    values = {}
    for move in game.legal_moves():
        child = game.copy()
        child.apply(move)
        assert isinstance(move, Place)
        values[str(move.tile)] = solve(child, totals, 0, style, 1000)
    good, bad = values["4-4"], values["3-4"]
    assert good is not None and bad is not None and good > 0 > bad
    end = game.copy()
    end.apply(Place(Tile.parse("4-4"), None, 4))
    assert solve(end.copy(), totals, 1, style, 1000) == pytest.approx(-good)
    # Too small a node limit: the search gives up instead of guessing.
    assert solve(game.copy(), totals, 0, style, 1) is None
    player = make_player("hard", 3, variant, Budget(min_worlds=2, max_worlds=2, exact_tiles=4))
    move = player(game.view(0))
    assert isinstance(move, Place) and move.tile == Tile.parse("4-4")


def test_time_target_decides_legally_on_at_least_min_worlds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    variant = make_variant("kozel", 4)
    calls = [0]

    def counting(*args: Any) -> Game:
        calls[0] += 1
        return sample_world(*args)

    monkeypatch.setattr(players_module, "sample_world", counting)
    sampled: list[int] = []
    for seed in range(3):
        game = _midgame("kozel", 4, seed, 6)
        seat = game.current_seat
        assert seat is not None
        view = game.view(seat)
        if len(view.legal) < 2:
            continue
        budget = Budget(min_worlds=3, max_worlds=500, target=0.0, exact_tiles=12)
        calls[0] = 0
        move = make_player("hard", seed, variant, budget)(view)
        assert move in view.legal
        sampled.append(calls[0])
    # A zero target stops as soon as the minimum is reached (the first world included).
    assert sampled and all(n == 3 for n in sampled)


def test_unlikely_placements_weigh_a_world_down() -> None:
    """Seat 1 answered the lead 6-6 with 0-6. A world where it also held 5-6 (the
    greedy answer: more pips) is less likely than one where 0-6 was its only fit."""
    variant = make_variant("block", 2)
    t = Tile.parse
    mine = tuple(t(x) for x in ("6-6", "1-1", "1-2", "2-2", "1-3", "2-3", "3-3"))
    his_real = tuple(t(x) for x in ("0-6", "5-6", "0-0", "0-1", "0-2", "0-3", "0-4"))
    his_other = tuple(t(x) for x in ("0-6", "4-5", "0-0", "0-1", "0-2", "0-3", "0-4"))
    rest_real = tuple(x for x in full_set() if x not in mine and x not in his_real)
    rest_other = tuple(x for x in full_set() if x not in mine and x not in his_other)
    game = Game(variant, deals=[Deal((mine, his_real), rest_real, 0, None)])
    game.play(Place(t("6-6"), None, 6))
    game.play(Place(t("0-6"), End.E))
    view = game.view(0)
    style = style_of(variant)
    logs = []
    for hands, rest in (((mine, his_real), rest_real), ((mine, his_other), rest_other)):
        likely = Likelihood(style, 1.5)
        world = world_from_deal(view, variant, Deal(hands, rest, 0, None), likely)
        assert world is not None
        logs.append(likely.log_of(world))
    assert logs[0] < logs[1] == 0.0


def test_vs_dominoes_mirror_agrees_with_the_library() -> None:
    pytest.importorskip("dominoes")
    from bench.vs_dominoes import run

    out = run(6, "random", "medium", seed=5, start_move=7, sample_size=2)
    assert out["rounds"] == 6 and out["deals"] == 3
    assert 0 <= out["ci95"][0] <= out["rate"] <= out["ci95"][1] <= 1
    out = run(2, "probabilistic_alphabeta", "hard", seed=6, start_move=20, sample_size=1)
    assert out["rounds"] == 2 and out["our_decisions"] > 0


def test_vs_dominoes_told_player_searches_the_true_deal() -> None:
    pytest.importorskip("dominoes")
    from bench.vs_dominoes import Mirror, ToldPlayer, run

    variant = make_variant("block", 4, {"teams": True})
    game = Game(variant, seed=3)
    mirror = Mirror()
    mirror.game = game
    player = ToldPlayer(1, variant, None, mirror)
    seat = game.current_seat
    assert seat is not None
    view = game.view(seat)
    world = player._sample(view, variant, random.Random(0), analyze(view), None)
    assert world is not game and world.round is not game.round
    assert world.round.hands == game.round.hands  # every hidden hand, as dealt
    assert player(view) in view.legal
    out = run(2, "random", "hard", seed=5, start_move=7, sample_size=1, told=True)
    assert out["rounds"] == 2 and out["told_the_deal"] is True
    with pytest.raises(SystemExit):
        run(2, "random", "medium", seed=5, start_move=7, sample_size=1, told=True)
