"""chicken_foot: the worked examples F-E1..F-E4 of its rules, replayed to
their numbers, and the illegal moves they name refused."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.chicken.record import replay, replay_summary
from engine.chicken.rules import (
    ChickenGame,
    lowest,
    make_options,
    parse_move,
    score_hand,
)
from engine.chicken.table import ENGINE
from engine.core.errors import IllegalMoveError, RecordError
from engine.core.results import EndKind
from engine.core.tiles import Tile
from tests.engine.chicken.examples import F_E1, F_E2, F_E3


def ends_text(game: ChickenGame) -> str:
    """The open ends as the examples write them ("the 6-6" while the engine or a
    foot waits: the only end)."""
    return " ".join(f"{name}:{pip}" for name, pip in game.current.table.ends())


def upto(record: dict[str, Any], moves: int) -> ChickenGame:
    """The example's game after its first ``moves`` moves."""
    rec = copy.deepcopy(record)
    rec["rounds"][0]["moves"] = rec["rounds"][0]["moves"][:moves]
    game, _ = replay(rec)
    return game


def refused(record: dict[str, Any], moves: int, text: str) -> None:
    game = upto(record, moves)
    before = ends_text(game), [list(h) for h in game.current.hands]
    with pytest.raises(IllegalMoveError):
        game.play(parse_move(text))
    assert (ends_text(game), [list(h) for h in game.current.hands]) == before


# ------------------------------------------------------------------ F-E1
F_E1_ENDS = {1: "R:6", 3: "R:6", 4: "R:6", 7: "1:3 2:1 3:5 4:2", 8: "2:1", 9: "2:1",
             10: "2:1", 12: "1:3 3:5 4:2 2.1:4 2.2:0 2.3:3",
             13: "1:4 3:5 4:2 2.1:4 2.2:0 2.3:3"}


def test_f_e1_replays_to_its_numbers() -> None:
    game, names = replay(F_E1)
    rnd = game.current
    assert names == ["Anna", "Boris"]
    assert rnd.end is not None
    assert rnd.end.kind is EndKind.DOMINO and rnd.end.seat == 0
    assert rnd.end.points == (0, 62)
    assert sorted(rnd.hands[1]) == [Tile(0, 0), Tile(0, 5), Tile(2, 5)]
    assert rnd.seats == [0, 1, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 1, 0]
    out = replay_summary(game)
    assert out["rounds"][0]["end"] == {"kind": "domino", "seat": 0}
    assert out["rounds"][0]["round_points"] == [0, 62]
    assert out["totals"] == [0, 62]
    assert out["winners"] is None  # one round of seven


@pytest.mark.parametrize(("moves", "ends"), sorted(F_E1_ENDS.items()))
def test_f_e1_open_ends(moves: int, ends: str) -> None:
    assert ends_text(upto(F_E1, moves)) == ends


def test_f_e1_draws() -> None:
    game = upto(F_E1, 1)
    assert game.legal_moves() == [parse_move("draw")]
    _, drawn = game.play(parse_move("draw"))
    assert drawn == Tile(1, 6)
    game = upto(F_E1, 4)
    _, drawn = game.play(parse_move("draw"))
    assert drawn == Tile(2, 5)  # it fits no arm: only the engine counts yet
    assert game.legal_moves() == [parse_move("pass")]
    game = upto(F_E1, 10)
    _, drawn = game.play(parse_move("draw"))
    assert drawn == Tile(1, 3)
    assert game.legal_moves() == [parse_move("1-3:2")]


def test_f_e1_double_blank_zero() -> None:
    rec = copy.deepcopy(F_E1)
    rec["options"]["double_blank"] = 0
    game, _ = replay(rec)
    assert game.current.points == (0, 12)


def test_f_e1_refusals() -> None:
    refused(F_E1, 5, "5-2:3")  # the engine still lacks an arm
    refused(F_E1, 9, "5-0:3")  # the chicken foot on arm 2 lacks toes
    refused(F_E1, 11, "pass")  # the drawn 1-3 fits and must be placed


def test_f_e1_refusals_in_the_record() -> None:
    rec = copy.deepcopy(F_E1)
    rec["rounds"][0]["moves"][11] = "pass"
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.move_index == 11


# ------------------------------------------------------------------ F-E2
F_E2_ENDS = {1: "R:9", 2: "R:9", 3: "R:9", 4: "1:5 2:3 3:2 4:7", 5: "1:5 2:7 3:2 4:7",
             6: "1:7 2:7 3:2 4:7", 7: "1:7 2:4 3:2 4:7", 8: "1:2 2:4 3:2 4:7",
             9: "1:2 2:4 3:8 4:7", 10: "1:2 2:4 3:8 4:6", 11: "1:2 2:4 3:7 4:6",
             12: "3:7"}


@pytest.mark.parametrize(("moves", "ends"), sorted(F_E2_ENDS.items()))
def test_f_e2_open_ends(moves: int, ends: str) -> None:
    assert ends_text(upto(F_E2, moves)) == ends


def test_f_e2_a_foot_that_cannot_be_completed() -> None:
    game, _ = replay(F_E2)
    rnd = game.current
    assert rnd.end is not None
    assert rnd.end.kind is EndKind.FISH and rnd.end.seat == 3
    assert rnd.end.points == (72, 60, 115, 57)
    assert [len(h) for h in rnd.hands] == [8, 8, 8, 8]
    assert rnd.drawn == 0
    assert sum(1 for t in rnd.table.tiles() if t.has(7)) == 8
    assert replay_summary(game)["rounds"][0]["end"] == {"kind": "fish", "seat": 3}
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        game.play(parse_move("0-7:3"))


def test_f_e2_not_blocked_before_the_foot() -> None:
    game = upto(F_E2, 11)
    assert not game.current.over and game.current.turn == 3


def test_f_e2_double_blank_zero() -> None:
    rec = copy.deepcopy(F_E2)
    rec["options"]["double_blank"] = 0
    game, _ = replay(rec)
    assert game.current.points == (72, 60, 65, 57)


def test_f_e2_no_move_after_the_block_in_the_record() -> None:
    rec = copy.deepcopy(F_E2)
    rec["rounds"][0]["moves"].append("7-0:3")
    with pytest.raises(RecordError):
        replay(rec)


# ------------------------------------------------------------------ F-E3
def test_f_e3_six_arms() -> None:
    game, _ = replay(F_E3)
    rnd = game.current
    assert rnd.end is not None
    assert rnd.end.kind is EndKind.DOMINO and rnd.end.seat == 0
    assert rnd.end.points == (0, 11)
    assert sorted(rnd.hands[1]) == [Tile(1, 3), Tile(2, 5)]
    assert replay_summary(game)["rounds"][0]["round_points"] == [0, 11]
    assert rnd.table.arms == 6
    assert [b.name for b in rnd.table.branches] == ["1", "2", "3", "4", "5", "6", "2.1",
                                                     "2.2", "2.3"]


def test_f_e3_arm_four_and_six() -> None:
    assert ends_text(upto(F_E3, 4)) == "R:6"  # four arms of six
    assert ends_text(upto(F_E3, 9)) == "1:2 2:1 3:0 4:3 5:5 6:4"
    assert ends_text(upto(F_E3, 10)) == "2:1"


def test_f_e3_four_arms_refuse_a_fifth() -> None:
    rec = copy.deepcopy(F_E3)
    del rec["options"]["root_arms"]
    refused(rec, 4, "6-5:R")  # the engine is full
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.move_index == 4


# ------------------------------------------------------------------ F-E4
def test_f_e4_the_game_end() -> None:
    assert lowest([143, 150, 143]) == (0, 2)
    assert score_hand([Tile(0, 0), Tile(3, 4)], 50) == 57
    assert score_hand([Tile(0, 0), Tile(3, 4)], 0) == 7
    assert lowest([143, 150 - 50, 143]) == (1,)
    opts = make_options(3, {"rounds": 4})
    assert [str(opts.engine(i)) for i in range(opts.rounds)] == ["9-9", "8-8", "7-7", "6-6"]
    assert make_options(3).rounds == 10 and make_options(2, {"set": 6}).rounds == 7


def test_f_e4_ties_share_the_win_in_a_played_game() -> None:
    game = ChickenGame(make_options(2, {"set": 6, "rounds": 1}), seed=5)
    game.start_round()
    while not game.over:
        game.play(game.legal_moves()[0])
    assert game.outcome is not None
    assert game.outcome.winners == lowest(game.totals)


def test_engine_target_written_r() -> None:
    assert parse_move("6-3:r") == parse_move("6-3:R")
    assert ENGINE == "R"
