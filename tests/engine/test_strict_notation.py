"""The notation read strictly (docs/rules.md 4.19-4.21, docs/record-format.md): a
record spelt as the rules forbid is refused with an error naming what is wrong, and
every spelling the writers produce reads back to the same game (random games of
each kind: written, read, written again; rebuilt from the stored entries)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from engine.chinese.tiles import Play
from engine.core.errors import EngineError, MoveError, RecordError
from engine.core.kind import PlayedGame
from engine.domino.record import replay as replay_domino
from engine.games import kind_of, rebuild, replay
from engine.triangular.pieces import parse_move as parse_triangular
from engine.variants import make_variant

from .domino.test_kolbasa import KE1, ke1_record
from .domino.turn_helpers import game, turn
from .triangular.test_triangular import T_E4


# ------------------------------------------------------------------ Колбаса (4.19)
@pytest.mark.parametrize(("index", "written", "reason"), [
    (2, "1-6", r"names the line of every placement: write 1-6:W"),
    (1, "1-5", r"names the line of every placement: write 1-5:W or 1-5:E"),
    (1, "5-1:E", r"the first pip touches the end of line E \(1\): write 1-5:E"),
    (4, "4-6:W", r"the first pip touches the end of line W \(6\): write 6-4:W"),
    (6, "cut:3-4", r"x touches the cutter's own line's end \(4\): write cut:4-3"),
    (2, "1-6:w", r"write 1-6:W"),
])
def test_kolbasa_refuses_what_its_record_never_writes(index: int, written: str,
                                                      reason: str) -> None:
    moves = list(KE1)
    moves[index] = written
    with pytest.raises(RecordError, match=reason) as info:
        replay_domino(ke1_record(moves))
    assert info.value.round_index == 0 and info.value.move_index == index
    assert isinstance(info.value, ValueError)


def test_kolbasa_a_refused_spelling_changes_nothing() -> None:
    g = game("kolbasa", 2, ["1-1 2-3 0-4", "1-6 5-5"], forced="1-1")
    turn(g, "1-1")
    before = copy.deepcopy(g.round.log)
    for bad in ("1-6", "6-1:E", "1-6:e"):
        with pytest.raises(MoveError):
            turn(g, bad)
        assert g.round.log == before and g.current_seat == 1
    turn(g, "1-6:E")  # as written by the record
    assert g.round.end is not None


def test_kolbasa_leads_stay_bare_and_a_refused_move_is_still_the_games_to_refuse() -> None:
    g, _ = replay_domino(ke1_record(KE1))
    assert g.round.end is not None  # "1-1" bare: the lead names no line
    moves = list(KE1)
    moves[11] = "6-2:W"  # well spelt, but the own line takes a tile: the rules say so
    with pytest.raises(RecordError, match="own line"):
        replay_domino(ke1_record(moves))
    moves = list(KE1)
    moves[6] = "cut:2-5"  # no such cut now
    with pytest.raises(RecordError, match="cut"):
        replay_domino(ke1_record(moves))


# ---------------------------------------------------------- triangular dominoes (4.21)
@pytest.mark.parametrize("written", [
    "4-4-4@0, 0", " 4-4-4@0,0", "4-4-4@0,0 ", "4-4-4 @0,0", "4 -4-4@0,0", "4-4-4@+1,0",
    "4-4-4@-0,0", "4-4-4@0,0,1", "4-4-4@(0,0)", "4-4-4@0;0", "4-4-4@00,0", "4-4-4",
    "4-4-4@", " draw", "pass ", "DRAW", "1-4-2@0,0",
])
def test_triangular_refuses_spellings_the_record_never_writes(written: str) -> None:
    with pytest.raises(MoveError):
        parse_triangular(written)
    record = copy.deepcopy(T_E4)
    record["rounds"][0]["moves"] = [written]
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.move_index == 0


def test_triangular_names_the_space() -> None:
    with pytest.raises(MoveError, match="without spaces"):
        parse_triangular("4-4-4@0, 0")
    assert parse_triangular("4-4-4@0,0").cell == (0, 0)
    assert parse_triangular("2-0-0@-1,-12").cell == (-1, -12)


def test_triangular_hands_are_written_lowest_number_first() -> None:
    record = copy.deepcopy(T_E4)
    hand = record["rounds"][0]["hands"][0]
    tile = next(t for t in hand if len(set(t.split("-"))) > 1)
    a, b, c = tile.split("-")
    hand[hand.index(tile)] = f"{b}-{c}-{a}"  # a turning of the same tile
    with pytest.raises(RecordError, match=f"as '{tile}'"):
        replay(record)


# ------------------------------------------------------------------ Chinese dominoes
@pytest.mark.parametrize("written", ["6-6 +1-1", " 6-6", "down: 2-4"])
def test_chinese_refuses_spaces(written: str) -> None:
    with pytest.raises(MoveError, match="without spaces"):
        Play.parse(written)


# ------------------------------------------------------------------ round trips
def _random_game(variant: str, players: int, options: dict[str, Any], seed: int
                 ) -> tuple[PlayedGame, list[str]]:
    v = make_variant(variant, players, options)
    kind = kind_of(v)
    g = kind.new_game(v, seed)
    rng = random.Random(seed)
    entries = []
    while g.outcome is None and len(g.rounds) <= 3:
        _, entry = kind.play(g, rng.choice(g.legal_moves()))
        entries.append(entry)
    return g, entries


@pytest.mark.parametrize(("variant", "players", "options"), [
    ("kolbasa", 2, {}), ("kolbasa", 2, {"free_lines": True}), ("osel", 3, {}),
    ("semerka", 3, {}), ("chinese", 4, {"rounds": 4}), ("chinese", 2, {"rounds": 4}),
    ("triangular", 2, {"target": 200}), ("triangular", 4, {}),
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_written_spelling_reads_back_to_the_same_game(
        variant: str, players: int, options: dict[str, Any], seed: int) -> None:
    g, entries = _random_game(variant, players, options, seed)
    kind = kind_of(g.variant)
    names = [f"P{i}" for i in range(players)]
    record = json.loads(json.dumps(kind.to_record(g, names)))
    try:
        again, _ = replay(record)
    except EngineError as exc:  # pragma: no cover - the failure names the entry
        raise AssertionError(f"{variant}: the writer's record does not read: {exc}") from exc
    assert kind.to_record(again, names) == record
    assert kind.replay_summary(again) == kind.replay_summary(g)
    # the entries the service stores rebuild the same game
    rebuilt, _ = rebuild(kind.head_json(g, names), seed, entries)
    assert kind.to_record(rebuilt, names) == record
