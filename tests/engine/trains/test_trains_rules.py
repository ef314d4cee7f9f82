"""Mexican Train's rules, replayed move by move on the worked rounds of the rules:
every end, marker, draw and score as the rules give them, and the illegal moves
each round names refused with their typed reasons."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.core.errors import OptionsError, RecordError
from engine.core.moves import DRAW, PASS
from engine.core.results import EndKind
from engine.core.tiles import Tile
from engine.trains.record import replay, replay_summary
from engine.trains.rules import (
    Reason,
    TrainsGame,
    TrainsMoveError,
    game_winners,
    hand_points,
    make_options,
)


def record(options: dict[str, Any], players: list[str], *, hands: list[str], boneyard: str,
           moves: list[str]) -> dict[str, Any]:
    return {"format": "domino-record/1", "variant": "mexican_train", "options": options,
            "players": players,
            "rounds": [{"hands": [h.split() for h in hands], "boneyard": boneyard.split(),
                        "leader": 0, "moves": moves}]}


E1 = record(
    {'set': 9}, ['Anna', 'Boris', 'Vera'],
    hands=[
        "0-4 0-5 1-1 1-7 2-4 2-7 3-6 4-4 4-9 7-7",
        "0-0 0-6 1-2 1-3 1-5 2-3 2-6 3-7 5-6 8-8",
        "0-2 1-4 2-2 2-8 3-5 4-6 5-9 6-6 6-9 7-8",
    ],
    boneyard=("0-3 8-9 4-5 0-1 0-7 0-8 0-9 1-6 1-8 1-9 2-5 2-9 3-3 3-4 3-8 "
              "3-9 4-7 4-8 5-5 5-7 5-8 6-7 6-8 7-9"),
    moves=[
        "9-4:T0+4-4:T0+4-2:T0+2-7:T0",
        "draw",
        "pass",
        "9-6:T2+6-6:T2",
        "6-3:T2",
        "draw",
        "9-8:T1",
        "9-5:M",
        "7-7:T0+7-1:T0",
        "8-8:T1",
        "draw",
        "pass",
        "8-2:T1",
        "5-0:M",
        "2-3:T1",
        "3-5:T2",
        "0-4:M",
        "3-7:T1",
        "4-6:M",
        "1-1:T0",
    ])

E2 = record(
    {'set': 9}, ['Anna', 'Boris', 'Vera'],
    hands=[
        "0-0 0-1 0-2 0-3 0-4 0-9 1-2 3-4 5-5 6-8",
        "0-5 0-6 1-1 1-6 1-9 2-2 2-9 3-3 4-4 5-9",
        "0-7 0-8 2-8 3-9 4-9 5-6 6-6 7-7 7-9 8-8",
    ],
    boneyard=("1-3 1-4 1-5 1-7 1-8 2-3 2-4 2-5 2-6 2-7 3-5 3-6 3-7 3-8 4-5 "
              "4-6 4-7 4-8 5-7 5-8 6-7 6-9 7-8 8-9"),
    moves=[
        "9-0:T0+0-1:T0+1-2:T0+2-0:T0+0-3:T0+3-4:T0+4-0:T0+0-0:T0",
        "9-5:T1+5-0:T1+0-6:T1+6-1:T1",
        "9-7:T2+7-0:T2+0-8:T2+8-2:T2",
    ])

E3 = record(
    {'set': 9, 'double_blank': 50}, ['Anna', 'Boris'],
    hands=[
        "0-1 0-9 1-2 2-3 3-4 4-5 5-6 6-7 7-8 8-8",
        "0-0 1-1 1-9 2-2 3-3 3-5 3-9 4-4 6-6 7-7",
    ],
    boneyard=("0-2 0-3 0-4 0-5 0-6 0-7 0-8 1-3 1-4 1-5 1-6 1-7 1-8 2-4 2-5 "
              "2-6 2-7 2-8 2-9 3-6 3-7 3-8 4-6 4-7 4-8 4-9 5-5 5-7 5-8 5-9 "
              "6-8 6-9 7-9 8-9"),
    moves=[
        "9-0:T0+0-1:T0+1-2:T0+2-3:T0+3-4:T0+4-5:T0+5-6:T0+6-7:T0+7-8:T0+8-8:T0",
        "9-3:T1+3-3:T1+3-5:T1",
    ])

E4 = record(
    {'set': 9, 'first_turn': 'single'}, ['Anna', 'Boris'],
    hands=[
        "0-1 1-3 2-2 2-5 2-9 3-3 3-9 5-5 5-6 6-8",
        "0-0 1-6 1-8 2-3 2-8 4-4 4-9 5-7 6-7 7-8",
    ],
    boneyard=("4-7 0-2 0-3 0-4 0-5 0-6 0-7 0-8 0-9 1-1 1-2 1-4 1-5 1-7 1-9 "
              "2-4 2-6 2-7 3-4 3-5 3-6 3-7 3-8 4-5 4-6 4-8 5-8 5-9 6-6 6-9 "
              "7-7 7-9 8-8 8-9"),
    moves=[
        "9-3:M",
        "9-4:T1",
        "3-3:M+3-1:M",
        "4-4:T1",
        "draw",
        "4-7:T1",
        "9-2:T0",
        "7-8:T1",
        "2-2:T0+2-5:T0",
        "8-1:T1",
        "5-5:T0+5-6:T0",
        "1-6:T1",
        "1-0:M",
        "6-7:T1",
        "6-8:T0",
    ])


def dealt(rec: dict[str, Any], **options: Any) -> TrainsGame:
    """The record's first round dealt, no move played (options changed as given)."""
    rec = copy.deepcopy(rec)
    rec["options"] = {**rec["options"], **options}
    rec["rounds"][0]["moves"] = []
    return replay(rec)


def with_moves(rec: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    rec = copy.deepcopy(rec)
    rec["rounds"][0]["moves"] = moves
    return rec


def ends(game: TrainsGame, trains: list[str]) -> list[int | None]:
    """Each train's end pip; None for the Mexican train before its first tile."""
    table = game.table()
    return [None if t == "M" and not table["mexican_started"] else table["ends"][t]
            for t in trains]


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


# ------------------------------------------------------------------ a whole round
E1_ENDS = {1: [7, 9, 9, None], 4: [7, 9, 6, None], 5: [7, 9, 3, None], 7: [7, 8, 3, None],
           8: [7, 8, 3, 5], 9: [1, 8, 3, 5], 13: [1, 2, 3, 5], 14: [1, 2, 3, 0],
           15: [1, 3, 3, 0], 16: [1, 3, 5, 0], 17: [1, 3, 5, 4], 18: [1, 7, 5, 4],
           19: [1, 7, 5, 6]}
E1_DRAWS = {2: "0-3", 6: "8-9", 11: "4-5"}
E1_T1_OPEN = {3: True, 7: False, 12: True, 13: True, 15: False}


def test_whole_round_move_by_move() -> None:
    game = dealt(E1)
    rnd = game.current
    assert rnd.engine == Tile(9, 9) and all(rnd.engine not in h for h in rnd.hands)
    for number, entry in enumerate(E1["rounds"][0]["moves"], start=1):
        seat = rnd.turn
        game.play_entry(entry)
        if number in E1_ENDS:
            assert ends(game, ["T0", "T1", "T2", "M"]) == E1_ENDS[number], number
        if number in E1_DRAWS:
            assert rnd.hands[seat][-1] == Tile.parse(E1_DRAWS[number])
            assert rnd.turn == seat  # the same seat goes on after a draw
        if number in E1_T1_OPEN:
            assert rnd.markers[1] is E1_T1_OPEN[number], number
        if number == 4:
            assert rnd.owed == [2]  # Vera's 6-6 is owed
        if number == 10:
            assert rnd.owed == [1] and rnd.turn == 1
        if number == 12:
            assert rnd.owed == [1] and rnd.turn == 2
    assert rnd.end is not None
    assert (rnd.end.kind, rnd.end.seat, rnd.end.points) == (EndKind.DOMINO, 0, (0, 50, 26))
    assert sorted(rnd.hands[1]) == tiles("0-0 0-3 0-6 1-2 1-3 1-5 2-6 4-5 5-6")
    assert sorted(rnd.hands[2]) == tiles("0-2 1-4 2-2 7-8")
    trains = {"T0": "9-4 4-4 4-2 2-7 7-7 7-1 1-1", "T1": "9-8 8-8 8-2 2-3 3-7",
              "T2": "9-6 6-6 6-3 3-5", "M": "9-5 5-0 0-4 4-6"}
    assert game.table()["trains"] == {t: line.split() for t, line in trains.items()}
    assert game.next_leader() == 1 and game.options.engine(1) == Tile(8, 8)
    assert game.record() == E1


def test_whole_round_double_blank_fifty() -> None:
    rec = copy.deepcopy(E1)
    rec["options"]["double_blank"] = 50
    game = replay(rec)
    assert game.current.points == (0, 100, 26) and game.totals == [0, 100, 26]


@pytest.mark.parametrize(("number", "entry", "reason"), [
    (4, "9-5:M", Reason.FIRST_TURN_OWN_TRAIN),
    (5, "7-7:T0+7-1:T0", Reason.MUST_COVER),
    (11, "pass", Reason.MUST_DRAW),
    (16, "1-4:T0", Reason.CLOSED_TRAIN),
])
def test_whole_round_errors(number: int, entry: str, reason: Reason) -> None:
    moves = E1["rounds"][0]["moves"]
    game = replay(with_moves(E1, moves[:number - 1]))
    before = game.record()
    with pytest.raises(TrainsMoveError) as err:
        game.play_entry(entry)
    assert err.value.reason is reason
    assert game.record() == before  # a refused move changes nothing
    bad = [*moves[:number - 1], entry, *moves[number:]]
    with pytest.raises(RecordError) as rec_err:
        replay(with_moves(E1, bad))
    assert rec_err.value.move_index == number - 1


def test_cover_left_out_is_an_error() -> None:
    """An entry that lays a double and leaves out the cover the mover holds: the
    next entry (a draw) is refused."""
    moves = E1["rounds"][0]["moves"]
    bad = [*moves[:8], "7-7:T0", "draw"]
    with pytest.raises(RecordError) as err:
        replay(with_moves(E1, bad))
    assert err.value.move_index == 9


def test_wrong_way_round() -> None:
    game = replay(with_moves(E1, E1["rounds"][0]["moves"][:1]))
    game.play_entry("draw")
    game.play_entry("pass")
    with pytest.raises(TrainsMoveError) as err:
        game.play_entry("6-9:T2")  # the touching 9 is written first
    assert err.value.reason is Reason.WRONG_WAY
    with pytest.raises(TrainsMoveError) as err:
        game.play(0, game.legal_moves()[0])  # Vera is on turn
    assert err.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(TrainsMoveError) as err:
        game.play_entry("9-5:T3")
    assert err.value.reason is Reason.NO_SUCH_TRAIN
    before = game.record()
    with pytest.raises(TrainsMoveError) as err:
        game.play_entry("9-6:T2+6-6:T2+6-3:T2")  # Vera holds no 6-3
    assert err.value.reason is Reason.NOT_IN_HAND
    assert game.record() == before and game.current.turn == 2  # the entry is undone


# ------------------------------------------------------------------ the double never covered
def test_double_never_covered_is_a_fish() -> None:
    game = replay(E2)
    rnd = game.current
    assert rnd.end is not None
    assert (rnd.end.kind, rnd.end.seat, rnd.end.points) == (EndKind.FISH, 2, (24, 41, 78))
    assert rnd.end.winner is None and rnd.end.carry == 0
    assert len(rnd.boneyard) == 24 and rnd.owed == [0]
    assert sorted(rnd.hands[0]) == tiles("5-5 6-8")
    assert sorted(rnd.hands[1]) == tiles("1-1 1-9 2-2 2-9 3-3 4-4")
    assert sorted(rnd.hands[2]) == tiles("3-9 4-9 5-6 6-6 7-7 8-8")
    assert game.record() == E2
    with pytest.raises(TrainsMoveError) as err:
        game.play_entry("draw")
    assert err.value.reason is Reason.ROUND_OVER


# ------------------------------------------------------------------ out on the first turn
def test_out_on_the_first_turn_on_a_double() -> None:
    game = dealt(E3)
    rnd = game.current
    game.play_entry(E3["rounds"][0]["moves"][0])
    assert not rnd.hands[0] and rnd.end is None and rnd.turn == 1  # Boris still plays
    game.play_entry(E3["rounds"][0]["moves"][1])
    assert rnd.end is not None
    assert (rnd.end.kind, rnd.end.seat, rnd.end.points) == (EndKind.DOMINO, 0, (0, 100))
    assert sorted(rnd.hands[1]) == tiles("0-0 1-1 1-9 2-2 4-4 6-6 7-7")
    assert game.record() == E3
    assert replay(E3).totals == [0, 100]


def test_out_on_the_first_turn_double_blank_zero() -> None:
    rec = copy.deepcopy(E3)
    del rec["options"]["double_blank"]
    assert replay(rec).current.points == (0, 50)


# ------------------------------------------------------------------ one tile a turn
E4_ENDS = {1: [9, 9, 3], 2: [9, 4, 3], 3: [9, 4, 1], 6: [9, 7, 1], 7: [2, 7, 1],
           8: [2, 8, 1], 9: [5, 8, 1], 10: [5, 1, 1], 11: [6, 1, 1], 12: [6, 6, 1],
           13: [6, 6, 0], 14: [6, 7, 0]}


def test_one_tile_a_turn() -> None:
    game = dealt(E4)
    rnd = game.current
    for number, entry in enumerate(E4["rounds"][0]["moves"], start=1):
        seat = rnd.turn
        game.play_entry(entry)
        if number in E4_ENDS:
            assert ends(game, ["T0", "T1", "M"]) == E4_ENDS[number], number
        if number == 4:
            assert rnd.owed == [1] and rnd.turn == 1  # Boris must cover his 4-4
        if number == 5:
            assert rnd.hands[seat][-1] == Tile(4, 7)
    assert rnd.end is not None
    assert (rnd.end.kind, rnd.end.seat, rnd.end.points) == (EndKind.DOMINO, 0, (0, 27))
    assert sorted(rnd.hands[1]) == tiles("0-0 2-3 2-8 5-7")
    assert game.record() == E4


def test_one_tile_a_turn_illegal_under_chain() -> None:
    game = dealt(E4, first_turn="chain")
    with pytest.raises(TrainsMoveError) as err:
        game.play_entry("9-3:M")
    assert err.value.reason is Reason.FIRST_TURN_OWN_TRAIN
    rec = copy.deepcopy(E4)
    del rec["options"]["first_turn"]
    with pytest.raises(RecordError) as rec_err:
        replay(rec)
    assert rec_err.value.move_index == 0


# ------------------------------------------------------------------ the game's end
def test_the_games_end() -> None:
    """Round 12 (engine 1-1) and round 13 (engine 0-0) after totals 190/180/181."""
    for blank, anna in ((0, 203), (50, 253)):
        totals = [190, 180, 181]
        r12 = [hand_points(tiles("0-0 5-6"), blank), 0, hand_points(tiles("2-4"), blank)]
        totals = [t + p for t, p in zip(totals, r12, strict=True)]
        assert totals == [201 + blank, 180, 187]
        r13 = [hand_points(tiles("1-1"), blank), hand_points(tiles("3-4 5-5"), blank), 0]
        totals = [t + p for t, p in zip(totals, r13, strict=True)]
        assert totals == [anna, 197, 187]
        assert game_winners(totals) == (2,)
    assert game_winners([203, 180 + 7, 187]) == (1, 2)  # equal lowest totals share
    opts = make_options(3)
    assert [opts.engine(i) for i in (11, 12)] == [Tile(1, 1), Tile(0, 0)]
    five = make_options(3, {"rounds": 5})
    assert [str(five.engine(i)) for i in range(5)] == [
        "12-12", "11-11", "10-10", "9-9", "8-8"]


# ------------------------------------------------------------------ options and the deal
def test_options_and_hand_sizes() -> None:
    assert make_options(4) == make_options(4, {"set": 12, "rounds": 13,
                                                "first_turn": "chain", "double_blank": 0})
    assert make_options(4, {"set": 9}).rounds == 10
    sizes = {(s, p): make_options(p, {"set": s}).hand_size for s in (12, 9)
             for p in range(2, 9)}
    assert [sizes[12, p] for p in range(2, 9)] == [15, 15, 15, 12, 12, 10, 10]
    assert [sizes[9, p] for p in range(2, 9)] == [10, 10, 10, 8, 8, 6, 6]
    opts = make_options(3, {"set": 9, "rounds": 4, "first_turn": "single",
                            "double_blank": 50})
    assert opts.record_options() == {"set": 9, "rounds": 4, "first_turn": "single",
                                     "double_blank": 50}
    assert make_options(3, {"set": 9, "rounds": 10}).record_options() == {"set": 9}


@pytest.mark.parametrize(("players", "options"), [
    (1, {}), (9, {}), (3, {"set": 6}), (3, {"rounds": 14}), (3, {"set": 9, "rounds": 11}),
    (3, {"rounds": 0}), (3, {"first_turn": "many"}), (3, {"double_blank": 25}),
    (3, {"teams": True}), (3, {"target": 100}), (3, {"rounds": True}),
])
def test_options_refused(players: int, options: dict[str, Any]) -> None:
    with pytest.raises(OptionsError):
        make_options(players, options)


def test_records_refused() -> None:
    bad_leader = copy.deepcopy(E1)
    bad_leader["rounds"][0]["leader"] = 3
    short = copy.deepcopy(E1)
    short["rounds"][0]["hands"][0] = short["rounds"][0]["hands"][0][:-1]
    engine_dealt = copy.deepcopy(E1)
    engine_dealt["rounds"][0]["boneyard"][0] = "9-9"
    for rec in (bad_leader, short, engine_dealt, {**E1, "variant": "block"},
                {**E1, "options": {"set": 9, "first_turn": 1}}):
        with pytest.raises(RecordError):
            replay(rec)
    with pytest.raises(RecordError):
        replay(with_moves(E1, ["9-4:T0+draw"]))


def test_replay_summary() -> None:
    out = replay_summary(replay(E2))
    assert out["rounds"][0]["end"] == {"kind": "fish", "seat": 2}
    assert out["rounds"][0]["round_points"] == [24, 41, 78]
    assert [m["seat"] for m in out["rounds"][0]["moves"]] == [0, 1, 2]
    assert out["sides"] == [[0], [1], [2]] and out["winners"] is None
    one = copy.deepcopy(E1)
    one["options"]["rounds"] = 1
    assert replay_summary(replay(one))["winners"] == [0]


# ------------------------------------------------------------------ owed doubles
def deal_with(fixed: list[str], *, first: str = "",
              options: dict[str, Any] | None = None) -> TrainsGame:
    """A double-nine round for three whose hands start with the given tiles, filled
    up in canonical order; the boneyard is ``first``, then the rest."""
    from engine.core.tiles import full_set
    hands = [tiles(h) for h in fixed]
    used = {t for h in hands for t in h} | {Tile(9, 9)} | set(tiles(first))
    rest = [t for t in full_set(9) if t not in used]
    for h in hands:
        while len(h) < 10:
            h.append(rest.pop(0))
    rest = [*tiles(first), *rest]
    rec = record({"set": 9, **(options or {})}, ["Anna", "Boris", "Vera"],
                 hands=[" ".join(map(str, h)) for h in hands],
                 boneyard=" ".join(map(str, rest)), moves=[])
    return replay(rec)


def test_first_round_doubles_covered_oldest_first() -> None:
    game = deal_with(["9-1 1-1 1-4 2-6", "9-2 2-2 2-5", "9-3"])
    rnd = game.current
    game.play_entry("9-1:T0+1-1:T0")
    game.play_entry("9-2:T1+2-2:T1")
    game.play_entry("9-3:T2")
    assert rnd.owed == [0, 1] and rnd.turn == 0 and not rnd.chaining
    with pytest.raises(TrainsMoveError) as err:
        game.play_entry("2-6:T1")  # Boris's 2-2 is the younger
    assert err.value.reason is Reason.MUST_COVER
    game.play_entry("1-4:T0")
    assert rnd.owed == [1] and rnd.turn == 1  # one cover a turn
    game.play_entry("2-5:T1")
    assert rnd.owed == [] and rnd.turn == 2


def test_drawn_double_placed_and_not_covered_draws_again() -> None:
    """A seat that must place draws; the drawn double fits and is placed, is owed, and
    the seat (holding no cover) goes to the boneyard once more."""
    game = deal_with(["9-0 3-4 3-5 3-6 3-7 3-8 4-5 4-6 4-7 4-8", "9-1", "9-2"],
                     first="0-0 5-6", options={"first_turn": "single"})
    rnd = game.current
    game.play_entry("9-0:T0")
    game.play_entry("9-1:T1")
    game.play_entry("9-2:T2")
    # Anna holds no 0 for T0 and no 9 for M; T1 and T2 are closed: she draws
    assert game.legal_moves() == [DRAW]
    game.play_entry("draw")
    game.play_entry("0-0:T0")
    assert rnd.owed == [0] and game.legal_moves() == [DRAW]
    game.play_entry("draw")
    assert rnd.hands[0][-1] == Tile(5, 6) and game.legal_moves() == [PASS]
    game.play_entry("pass")
    assert rnd.markers[0] and rnd.turn == 1 and rnd.owed == [0]
