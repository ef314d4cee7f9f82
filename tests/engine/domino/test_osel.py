"""Worked examples of `osel` (docs/rules.md 4.9): doubles in a row and closers."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalMoveError, MoveError, RecordError
from engine.core.moves import DRAW, PASS, End, Open, Place
from engine.core.results import EndKind
from engine.domino.game import Game
from engine.domino.record import replay
from engine.domino.table import Layout

from .helpers import T, deal, variant
from .turn_helpers import game, legal, record_moves, roundtrip, turn

FOUR = ["3-3 3-2 3-5 0-6 1-0", "3-1 3-4 1-1 2-2 4-4 5-5 6-6"]


def test_as_kozel_each_for_himself_spinner_four_directions() -> None:
    """4.9: kozel's scoring (13 discard, 101 goat, eggs, redeal), each for himself;
    spinner layout, first-double, N and S open immediately."""
    v = variant("osel", 4)
    assert v.sides == ((0,), (1,), (2,), (3,)) and v.GOAT == 101 and v.redeal_rule
    assert v.table_rules.layout is Layout.SPINNER
    g = game("osel", 2, FOUR)
    turn(g, "3-3")
    assert {str(e) for e in g.round.table.open_ends()} == {"W", "E", "N", "S"}


def test_doubles_in_a_row_up_to_four_each_on_a_different_arm() -> None:
    """4.9: after a double the player may place more doubles in the same turn, each on
    another arm, up to four; the record joins them with '+'."""
    g = game("osel", 2, FOUR)
    turn(g, "3-3", "3-1:W", "3-2:E", "3-4:N", "3-5:S")
    assert g.current_seat == 1
    turn(g, "1-1:W+")  # the turn stays open
    assert g.current_seat == 1 and legal(g) == {"2-2:E", "2-2:E#", "4-4:N", "4-4:N#",
                                                "5-5:S", "5-5:S#", "done"}
    assert record_moves(g)[-1] == "1-1+"
    turn(g, "2-2:E+4-4:N+5-5:S")
    assert g.current_seat == 0 and g.round.hands[1] == [T("6-6")]
    assert record_moves(g)[-1] == "1-1+2-2+4-4+5-5"


def test_only_doubles_follow_and_a_non_double_ends_the_turn() -> None:
    """4.9: every placement of such a turn is a double; a non-double ends the turn."""
    g = game("osel", 2, ["1-2 5-6", "1-1 2-2 2-3 5-5"])
    turn(g, "1-2")
    turn(g, "1-1:W+")
    assert "2-3:E" not in legal(g) and "2-2:E" in legal(g)
    with pytest.raises(IllegalMoveError, match="only doubles"):
        g.play(Place(T("2-3"), End.E))
    turn(g, "done")  # ends the turn after one double
    assert g.current_seat == 0
    g = game("osel", 2, ["1-2 5-6", "2-2 1-3 1-1 5-5"])
    turn(g, "1-2", "1-3:W")
    assert g.current_seat == 0  # 2-2 could have followed a double, not a 1-3


def test_a_closer_closes_its_arm_and_only_its_placer_reopens_it() -> None:
    """4.9: `4-4:E#` closes E (no tile there, not an open end); the other player cannot
    reopen it; its placer, unable to place, must reopen it (`open:E+4-2:E`)."""
    g = game("osel", 2, ["1-4 1-5 3-3", "4-4 2-4 6-6"])
    turn(g, "1-4", "4-4:E#")
    table = g.round.table
    assert set(table.open_ends()) == {End.W} and table.closed == {End.E}
    assert table.spinner is None  # a double placed face down is never the spinner
    assert table.arms[End.E][-1].face_down
    assert legal(g) == {"1-5:W"}  # 1-4 is no more... and nothing may go on E
    with pytest.raises(IllegalMoveError, match="only the player who closed"):
        g.play(Open(End.E))
    turn(g, "1-5:W")
    assert legal(g) == {"open:E"}  # 2-4 fits only after reopening: forced
    with pytest.raises(IllegalMoveError, match="must reopen"):
        g.play(PASS)
    turn(g, "open:E+4-2:E")
    assert record_moves(g)[-1] == "open:E+4-2"
    assert g.round.table.closed == set()


def test_reopening_is_offered_at_the_start_of_a_turn_when_he_can_place_anyway() -> None:
    g = game("osel", 2, ["1-4 1-5 3-3 5-2", "4-4 2-4 6-6 5-0"])
    turn(g, "1-4", "4-4:E#", "1-5:W")
    assert legal(g) == {"open:E", "0-5:W"}
    turn(g, "open:E")
    assert legal(g) == {"2-4:E", "0-5:W"}  # no reopening after it, no draw


def test_a_closer_may_be_the_last_tile_of_a_domino() -> None:
    """4.9: the closer ends the round; kozel writes the loser (22)."""
    g = game("osel", 2, ["1-4 6-6 5-5", "4-4"])
    turn(g, "1-4", "4-4:E#")
    end = g.round.end
    assert end is not None and end.kind is EndKind.DOMINO and end.seat == 1
    assert end.points == (22, 0) and record_moves(g) == ["1-4", "4-4#"]


def test_fish_needs_that_nobody_can_place_even_after_reopening_his_closers() -> None:
    """4.9: with 2-4 in the closer's hand it is no fish (he will reopen E); with 6-2 it
    is a fish at the end of the turn that closed E."""
    g = game("osel", 2, ["1-4 5-5", "4-4 2-4 3-3"])
    turn(g, "1-4", "4-4:E#")
    assert g.round.end is None and legal(g) == {"pass"}
    turn(g, "pass")
    assert legal(g) == {"open:E"}
    g = game("osel", 2, ["1-4 5-5 6-6", "4-4 6-2 3-3"])
    turn(g, "1-4", "4-4:E#")
    end = g.round.end
    assert end is not None and end.kind is EndKind.FISH and end.winner == 1
    assert end.points == (22, 0)


def test_closer_notation_and_bad_closers() -> None:
    """DESIGN: a closer ends in '#'; only a double, never the lead."""
    g = game("osel", 2, ["1-4 1-5 3-3", "4-4 2-4 6-6"])
    with pytest.raises(IllegalMoveError, match="lead"):
        turn(g, "3-3#")
    with pytest.raises(MoveError, match="only a double"):
        turn(g, "1-4#")
    turn(g, "1-4")
    with pytest.raises(MoveError):
        turn(g, "4-4:E##")
    g2 = game("kozel", 2, ["1-4 1-5 3-3", "4-4 2-4 6-6"])
    turn(g2, "1-4")
    with pytest.raises(IllegalMoveError, match="no closers"):
        turn(g2, "4-4:E#")


# A whole deal (for replay): seat 0 leads 1-1 and closes E with 4-4 after seat 1's
# 1-4; seat 1 then opens W with 1-6, and seat 0 holds no 1, 4 or 6.
REOPEN_HANDS = ["1-1 4-4 0-2 0-3 2-3 2-5 3-5", "1-4 1-6 6-6 5-6 0-6 0-5 2-6"]
REOPEN_START = ["1-1", "1-4:E", "4-4:E#", "1-6:W"]


def _reopen_game(first_drawn: str) -> Game:
    d = deal(REOPEN_HANDS, first_drawn, forced="1-1", fill=True)
    g = Game(variant("osel", 2), deals=[d])
    turn(g, *REOPEN_START)
    assert g.current_seat == 0 and g.round.table.closed == {End.E}
    return g


def _reopen_record(first_drawn: str, moves: list[str]) -> dict[str, object]:
    d = deal(REOPEN_HANDS, first_drawn, fill=True)
    return {"format": "domino-record/1", "variant": "osel", "options": {},
            "players": ["A", "B"],
            "rounds": [{"hands": [[str(t) for t in h] for h in d.hands],
                        "boneyard": [str(t) for t in d.boneyard], "leader": 0,
                        "moves": moves}]}


def test_an_own_closer_may_be_reopened_at_the_start_of_any_turn_even_if_it_enables_nothing(
        ) -> None:
    """4.9: "may reopen it as the first part of any of his turns": seat 0 cannot place,
    and reopening E (a 4) would not let him; he may still reopen it, then draw 2-4 and
    place it there; the record writes `open:E`, `draw`, `4-2:E`."""
    g = _reopen_game("2-4")
    assert legal(g) == {"draw", "open:E"}
    g.play(Open(End.E))
    assert g.current_seat == 0 and g.round.table.closed == set()
    assert legal(g) == {"draw"}  # nothing to place, no closer left: he draws
    turn(g, "draw")
    assert legal(g) == {"2-4:E"}
    turn(g, "4-2:E")
    assert g.current_seat == 1
    assert record_moves(g)[-3:] == ["open:E", "draw", "4-2"]
    rec = roundtrip(g)
    assert rec["rounds"][0]["moves"][-3:] == ["open:E", "draw", "4-2"]
    g2, _ = replay(_reopen_record("2-4", [*REOPEN_START, "open:E", "draw", "4-2:E"]))
    assert g2.round.table.arms[End.E][-1].tile == T("2-4") and g2.current_seat == 1


def test_after_a_draw_only_the_forced_reopening_remains() -> None:
    """4.9: a reopening is the first part of a turn. After drawing 2-4, which fits only
    the closed E, reopening E is forced (no more draws); `draw`, `open:E+4-2:E`."""
    g = _reopen_game("2-4")
    turn(g, "draw")
    assert legal(g) == {"open:E"}
    with pytest.raises(IllegalMoveError, match="must reopen"):
        g.play(DRAW)
    turn(g, "open:E+4-2:E")
    assert record_moves(g)[-2:] == ["draw", "open:E+4-2"]
    roundtrip(g)


def test_after_a_draw_that_fits_elsewhere_no_reopening() -> None:
    """4.9: seat 0 draws 4-6, which fits W (a 6): he places it and may not reopen E
    now (the old engine accepted `draw`, `open:E+4-6:E`)."""
    g = _reopen_game("4-6")
    turn(g, "draw")
    assert legal(g) == {"4-6:W"}
    with pytest.raises(IllegalMoveError, match="after drawing, seat 0 may reopen a closer "
                                               "only when he cannot place"):
        g.play(Open(End.E))
    with pytest.raises(RecordError, match="round 0, move 5: 'open:E\\+4-6:E': after drawing"):
        replay(_reopen_record("4-6", [*REOPEN_START, "draw", "open:E+4-6:E"]))
    # Reopened before the draw, E takes the drawn 4-6.
    g2, _ = replay(_reopen_record("4-6", [*REOPEN_START, "open:E", "draw", "4-6:E"]))
    assert g2.round.table.arms[End.E][-1].tile == T("4-6")


def test_a_turn_may_reopen_several_closers_and_then_draw() -> None:
    """4.9: several closers reopened as the first part of one turn, then a draw; the
    record joins the reopenings (`open:E+open:N`) and replay keeps the turn open."""
    d = deal(["1-1 4-4 5-5 2-3 0-2 0-3 2-2", "1-4 1-5 1-6 6-6 0-6 3-6 0-4"], fill=True)
    g = Game(variant("osel", 2), deals=[d])
    turn(g, "1-1", "1-4:E", "4-4:E#", "1-5:N", "5-5:N#", "1-6:W")
    assert legal(g) == {"draw", "open:E", "open:N"}
    turn(g, "open:E+open:N")
    assert g.current_seat == 0 and legal(g) == {"draw"}
    turn(g, "draw")
    assert record_moves(g)[-2:] == ["open:E+open:N", "draw"]
    roundtrip(g)
