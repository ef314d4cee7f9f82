"""chicken_foot refuses what its rules and its notation do not allow: malformed
moves, bad deals and leaders, rounds out of turn, unknown options."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.chicken.record import replay
from engine.chicken.rules import make_options, parse_move
from engine.core.errors import MoveError, OptionsError, RecordError
from engine.core.moves import DRAW, PASS, BranchPlace
from engine.core.tiles import Tile
from tests.engine.chicken.examples import F_E1, F_E3


@pytest.mark.parametrize("text", ["6-3", "6-3:", "6-3:E", "6-3:2.0", "6-3:02", "6-3:2.",
                                  "6-3:R+3-1:1", "63:R", "6-13:R", "x-3:R", "", "6-3:R.1"])
def test_malformed_moves(text: str) -> None:
    with pytest.raises(MoveError):
        parse_move(text)


def test_the_notation() -> None:
    assert parse_move("6-3:R") == BranchPlace(Tile(3, 6), 6, "R")
    assert parse_move(" 1-4:2.1 ") == BranchPlace(Tile(1, 4), 1, "2.1")
    assert parse_move("DRAW") == DRAW and parse_move("pass") == PASS


@pytest.mark.parametrize(("players", "options"), [
    (2, {"set": 12}), (5, {"set": 6}), (9, {}), (1, {}), (2, {"root_arms": 5}),
    (2, {"double_blank": 25}), (2, {"rounds": 0}), (2, {"set": 6, "rounds": 8}),
    (2, {"target": 100}), (2, {"root_arms": True}),
])
def test_refused_options(players: int, options: dict[str, Any]) -> None:
    with pytest.raises(OptionsError):
        make_options(players, options)


def test_record_options_written_only_when_not_default() -> None:
    assert make_options(4).record_options() == {}
    assert make_options(2, {"set": 6, "rounds": 7, "root_arms": 6,
                            "double_blank": 0}).record_options() == {
        "set": 6, "root_arms": 6, "double_blank": 0}


def broken(change: Any) -> dict[str, Any]:
    rec = copy.deepcopy(F_E1)
    change(rec)
    return rec


@pytest.mark.parametrize("change", [
    lambda r: r.update(variant="mexican_train"),
    lambda r: r.update(format="domino-record/2"),
    lambda r: r.update(players="Anna"),
    lambda r: r.update(rounds=[]),
    lambda r: r.update(options={"set": 6, "root_arms": 5}),
    lambda r: r["rounds"][0]["hands"][0].__setitem__(0, "6-6"),  # the engine dealt
    lambda r: r["rounds"][0]["boneyard"].pop(),  # a tile missing
    lambda r: r["rounds"][0]["hands"][1].append(r["rounds"][0]["boneyard"].pop()),
    lambda r: r["rounds"][0].update(leader=2),
    lambda r: r["rounds"][0].update(leader=True),
    lambda r: r["rounds"][0]["moves"].__setitem__(0, "3-6:R"),  # 3 does not touch
    lambda r: r["rounds"][0]["moves"].__setitem__(1, "6-1:R"),  # not yet drawn
    lambda r: r["rounds"][0]["moves"].__setitem__(0, "draw"),  # a tile fits
    lambda r: r["rounds"][0]["moves"].insert(2, "draw"),  # a second draw
    lambda r: r["rounds"][0]["moves"].__setitem__(7, "1-4:2"),  # Anna's tile, Boris to play
    lambda r: r["rounds"][0]["moves"].append("pass"),  # after the round's end
    lambda r: r["rounds"][0]["moves"].__setitem__(7, "1-1:9"),  # no branch 9
    lambda r: r["rounds"].append(copy.deepcopy(r["rounds"][0])),  # leader must rotate
])
def test_bad_records(change: Any) -> None:
    with pytest.raises(RecordError):
        replay(broken(change))


def test_a_round_after_an_unfinished_round() -> None:
    rec = copy.deepcopy(F_E3)
    first = copy.deepcopy(rec["rounds"][0])
    first["moves"] = first["moves"][:3]
    second = copy.deepcopy(rec["rounds"][0])
    second["leader"] = 1
    rec["rounds"] = [first, second]
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.round_index == 1


def test_an_unfinished_record_replays() -> None:
    rec = copy.deepcopy(F_E1)
    rec["rounds"][0]["moves"] = rec["rounds"][0]["moves"][:7]
    game, _ = replay(rec)
    assert not game.current.over and game.current.turn == 1
    assert parse_move("1-1:2") in game.legal_moves()
