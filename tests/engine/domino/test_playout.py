"""``engine.domino.playout.play_random`` (simulate's random play, with simple rules'
rounds played in one step, by the compiled kernel or in Python) plays exactly the game
of ``legal_moves`` and ``apply`` with the same choices: the same records, the same
state, for every variant; and each move it made is legal, played again through the
checked ``play``."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.moves import LEADS, PLACE_AT, End, ForcedDraw, Place, Take, fits_we
from engine.core.tiles import full_set
from engine.domino import compiled
from engine.domino.game import Game
from engine.domino.playout import play_random
from engine.domino.record import to_record
from engine.domino.table import Table, TableRules
from engine.domino.turn_rules import TurnRules
from engine.variants import VARIANTS, get_variant, make_variant

get_variant("block")  # loads the built-in variants
CONFIGS = [(name, players) for name in sorted(VARIANTS) if VARIANTS[name].kind == "domino"
           for players in sorted(get_variant(name).players_allowed)]


def step_by_step(game: Game, uniform: random.Random) -> int:
    moves = 0
    while game.outcome is None:
        legal = game.legal_moves()
        n = len(legal)
        if not n:
            break
        game.apply(legal[0] if n == 1 else legal[int(uniform.random() * n)])
        moves += 1
    return moves


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**40))
def test_play_random_is_legal_moves_and_apply(both_paths: str, config: tuple[str, int],
                                              seed: int) -> None:
    name, players = config
    v = make_variant(name, players)
    fast, slow = Game(v, seed=seed), Game(v, seed=seed)
    moves = play_random(fast, random.Random(seed).random)
    assert moves == step_by_step(slow, random.Random(seed))
    assert fast.outcome == slow.outcome and fast.totals == slow.totals
    assert to_record(fast) == to_record(slow)
    assert len(fast.rounds) == len(slow.rounds)
    for a, b in zip(fast.rounds, slow.rounds, strict=True):  # every round's whole state
        assert a.holding == b.holding and a.hands == b.hands
        assert a.table.snapshot() == b.table.snapshot() and a.table.last == b.table.last
        assert a.log == b.log and a.turn_ids == b.turn_ids
        assert (a.turn, a.turn_number, a.drawn, a.last_placer, a.points, a.end) == (
            b.turn, b.turn_number, b.drawn, b.last_placer, b.points, b.end)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}")
@pytest.mark.parametrize("seed", [0, 1, 7919])
def test_the_playout_moves_are_legal_and_play_the_same_game(both_paths: str,
                                                            config: tuple[str, int],
                                                            seed: int) -> None:
    name, players = config
    v = make_variant(name, players)
    fast, checked = Game(v, seed=seed), Game(v, seed=seed)
    play_random(fast, random.Random(seed).random)
    for rnd in fast.rounds:
        for _, move, _, _ in rnd.log:
            if isinstance(move, ForcedDraw | Take):
                continue  # made by the rules themselves (semerka's owed draws and takes)
            assert move in checked.legal_moves(), (name, move)
            checked.play(move)
    assert checked.outcome == fast.outcome and checked.totals == fast.totals
    assert to_record(checked) == to_record(fast)


def test_the_simple_rules_are_those_of_the_plain_line_games() -> None:
    simple = {name for name, players in CONFIGS
              if TurnRules.of(make_variant(name, players)).simple}
    assert {"block", "draw"} <= simple
    # scored in play, spinners, several placements, closers, owed draws: the general path
    for name in ("muggins", "all_fives", "domiki", "osel", "semerka", "general_kozel"):
        assert name not in simple


def test_a_lines_placements_by_pip_pair_are_w_then_e() -> None:
    tiles = full_set(12)
    for west, east in ((6, 6), (3, 5), (0, 12)):
        fits = fits_we(west, east)
        for t in tiles:
            expected = [PLACE_AT[e][t] for e, pip in ((End.W, west), (End.E, east))
                        if t.has(pip)]
            assert list(fits.get(t, ())) == expected
    assert all(LEADS[t.index] == Place(t, None, t.b) for t in tiles)


def test_a_lines_lead_opens_the_ends_recomputing_finds() -> None:
    for tile in (full_set(6)[0], full_set(6)[20], full_set(9)[40]):
        for west in {tile.a, tile.b}:
            table = Table(TableRules())
            table.place_lead(tile, west, 2)
            quick = dict(table.open_ends())
            table._recompute_ends()
            assert quick == table.open_ends() == {End.W: west, End.E: tile.other(west)}
            assert table.lead == (tile, west, tile.other(west), 2, 0, False)


def test_the_random_kernel_refuses_a_bad_state() -> None:
    if compiled.kernel is None:
        pytest.skip("engine.domino._kernel was not built (no C compiler)")
    k = compiled.kernel
    uniform = random.Random(1).random
    with pytest.raises(ValueError):
        k.random_round([[0]], 13, 0, [], 0, 0, 0, 1, 1, uniform)  # no such pip
    with pytest.raises(ValueError):
        k.random_round([[0], [1]], 0, 0, [], 0, 0, 2, 1, 1, uniform)  # no such seat
    with pytest.raises(TypeError):
        k.random_round([[0]], 0, 0, [], 0, 0, 0, 1, 1, None)  # nothing to draw from
    with pytest.raises(ValueError):  # two placements legal: uniform() out of [0, 1)
        k.random_round([[0, 1]], 0, 1, [], 0, 0, 0, 1, 1, lambda: 1.0)
    with pytest.raises(ZeroDivisionError):  # uniform()'s own error goes through
        k.random_round([[0, 1]], 0, 1, [], 0, 0, 0, 1, 1, lambda: 1 / 0)
    # one placement legal: uniform is not called
    codes, end, *_ = k.random_round([[0]], 0, 5, [], 0, 0, 0, 1, 1, lambda: 1 / 0)
    assert (codes, end) == (bytes([2 + 0]), k.END_DOMINO)
