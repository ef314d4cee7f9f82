"""Bad input: malformed tiles and moves, illegal moves, bad variants and options.

Every error is an EngineError subclass (a ValueError) whose message says what was
wrong; none is a bare exception from deeper down.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import EngineError, IllegalMoveError, MoveError, OptionsError, TileError
from engine.core.moves import DRAW, PASS, End, Place, lead, parse_move
from engine.core.tiles import Tile, full_set
from engine.domino.game import Game

from .helpers import T, deal, new_game, play, play1, variant


# ------------------------------------------------------------------- tiles
def test_tile_parse_and_str_are_inverse_up_to_double_twelve() -> None:
    """DESIGN: Tile.parse("6-4") == Tile(4, 6); parse and str are inverse; interned."""
    assert Tile.parse("6-4") == Tile(4, 6) and Tile.parse("6-4") is Tile(6, 4)
    assert str(Tile.parse("6-4")) == "4-6"
    for t in full_set(12):
        assert Tile.parse(str(t)) is t
    assert len(full_set(6)) == 28 and len(full_set(9)) == 55 and len(full_set(12)) == 91
    assert Tile.parse(" 3-5 ") == Tile(3, 5)


@pytest.mark.parametrize("text", ["7-x", "13-1", "", 5, None, "1-2-3", "-1-2", "1", "a-b",
                                   "1--2", "6_4", "²-1", "1" * 5000 + "-1", ["1", "2"]])
def test_malformed_tile_raises_tile_error_naming_the_input(text: Any) -> None:
    """A malformed tile raises TileError (an EngineError), saying what is wrong."""
    with pytest.raises(TileError) as info:
        Tile.parse(text)
    assert isinstance(info.value, EngineError) and isinstance(info.value, ValueError)
    msg = str(info.value)
    assert msg
    if isinstance(text, str) and len(text) < 20:
        assert repr(text) in msg or text in msg


def test_out_of_range_sets_and_pips() -> None:
    with pytest.raises(TileError, match="double-13"):
        full_set(13)
    with pytest.raises(TileError, match="between 0 and 12"):
        Tile(-1, 3)
    t = Tile(2, 3)
    with pytest.raises(AttributeError):
        t.a = 5  # type: ignore[misc]


# ------------------------------------------------------------------- moves
def test_parse_move_notation() -> None:
    """DESIGN: a move is draw, pass, or a tile with an optional :END (W E N S)."""
    assert parse_move("draw") == DRAW and parse_move(" PASS ") == PASS
    assert parse_move("1-3:E") == Place(T("1-3"), End.E, None)
    assert parse_move("1-3:n") == Place(T("1-3"), End.N, None)
    assert parse_move("6-3") == Place(T("3-6"), None, 6)
    assert lead(T("3-6")) == Place(T("3-6"), None, 6)


@pytest.mark.parametrize("text", ["", "1-3:X", "1-3:", "drawx", 5, None, "x-1:E", "1-3:EW",
                                   "13-1:E", ":E", "pass:E"])
def test_malformed_move_raises_move_error(text: Any) -> None:
    with pytest.raises(MoveError) as info:
        parse_move(text)
    assert isinstance(info.value, EngineError) and str(info.value)


def test_lead_helper_rejects_a_missing_pip() -> None:
    with pytest.raises(MoveError, match="has no 4"):
        lead(T("1-3"), 4)


# ----------------------------------------------------------- illegal moves
def _game() -> Game:
    """all_fives, 2 players: seat 0 leads 6-4, seat 1 to move with 4-2 and 0-3."""
    g = new_game("all_fives", 2, deal(["6-4 1-1 6-6", "4-2 0-3 5-5"], fill=True))
    play1(g, "6-4")
    return g


def test_placing_a_tile_not_held_is_illegal() -> None:
    g = _game()
    with pytest.raises(IllegalMoveError, match="seat 1 does not hold 1-1"):
        g.play(Place(T("1-1"), End.W))
    with pytest.raises(IllegalMoveError, match="does not hold 4-6"):  # already on the table
        g.play(Place(T("6-4"), End.W))


def test_wrong_end_and_closed_end_are_illegal() -> None:
    """Section 2: a tile attaches to an open end with a matching pip."""
    g = _game()
    with pytest.raises(IllegalMoveError, match="2-4 does not fit end W"):
        g.play(Place(T("4-2"), End.W))
    with pytest.raises(IllegalMoveError, match="end N is not open"):
        g.play(Place(T("4-2"), End.N))
    with pytest.raises(IllegalMoveError, match="0-3 fits no open end"):
        g.play(Place(T("0-3"), None))
    assert g.round.table.placed == 1 and g.round.turn == 1  # nothing changed


def test_a_tile_fitting_two_ends_needs_the_end() -> None:
    """DESIGN: when a tile fits more than one end, END is required."""
    g = new_game("all_fives", 2, deal(["4-4 1-1", "4-2 0-3"], fill=True))
    play1(g, "4-4")
    with pytest.raises(IllegalMoveError, match="fits W and E: say which end"):
        g.play(Place(T("4-2"), None))
    g.play(Place(T("4-2"), End.W))


def test_draw_or_pass_when_able_to_place_is_illegal() -> None:
    """3: a player who can place a tile may not pass and may not draw."""
    g = _game()
    with pytest.raises(IllegalMoveError, match="can place a tile may not draw"):
        g.play(DRAW)
    with pytest.raises(IllegalMoveError, match="can place a tile may not pass"):
        g.play(PASS)


def test_pass_when_able_to_draw_is_illegal() -> None:
    """3: draw until playable; pass only when nothing else is legal."""
    g = new_game("all_fives", 2, deal(["6-6 1-1", "0-1 2-3"], fill=True))
    play1(g, "6-6")
    with pytest.raises(IllegalMoveError, match="can draw may not pass"):
        g.play(PASS)
    g.play(DRAW)


def test_the_leader_may_not_draw_or_pass() -> None:
    """3: the leader can always place (the lead), so he may neither draw nor pass."""
    g = new_game("all_fives", 2, deal(["6-6 1-1", "0-1 2-3"], fill=True))
    with pytest.raises(IllegalMoveError):
        g.play(DRAW)
    with pytest.raises(IllegalMoveError):
        g.play(PASS)
    assert g.round.drawn == 0 and g.round.moves == []
    for seed in range(5):
        g = Game(variant("kozel", 2), seed=seed)
        with pytest.raises(IllegalMoveError):
            g.play(DRAW)


def test_lead_errors() -> None:
    """4.x: the forced first lead must be led; the lead takes no end; west must be on it."""
    g = new_game("kozel", 2, deal(["1-1 5-6", "2-2 0-1"], forced="1-1", fill=True))
    with pytest.raises(IllegalMoveError, match="the lead must be 1-1"):
        play1(g, "6-5")
    with pytest.raises(IllegalMoveError, match="without an end"):
        g.play(Place(T("1-1"), End.E))
    with pytest.raises(IllegalMoveError, match="has no 3"):
        g.play(Place(T("1-1"), None, 3))
    play1(g, "1-1")


def test_moves_after_the_round_or_game_is_over_are_illegal() -> None:
    g = new_game("kozel", 2, deal(["6-6", "5-5 4-4"]))
    play1(g, "6-6")
    with pytest.raises(IllegalMoveError, match="round is over"):
        play1(g, "5-5")
    g = new_game("threes", 2, deal(["6-6", "5-5 4-4"]))
    play1(g, "6-6")
    with pytest.raises(IllegalMoveError, match="game is over"):
        play1(g, "5-5")


def test_wrong_seat_tile_is_rejected_even_if_another_seat_holds_it() -> None:
    g = _game()
    with pytest.raises(IllegalMoveError, match="seat 1 does not hold 6-6"):
        g.play(Place(T("6-6"), End.W))
    play(g, "4-2")


# ------------------------------------------------------- variants, options
@pytest.mark.parametrize(("name", "players", "options", "words"), [
    ("poker", 2, {}, "unknown variant"),
    ("telephone", 3, {}, "2 or 4 players"),
    ("kozel", 5, {}, "2-4 players"),
    ("telephone", 4, {"teams": False}, "two teams"),
    ("kozel", 2, {"teams": True}, "no teams"),
    ("kozel", 2, {"colour": 1}, "unknown option"),
    ("kozel", 2, {"fish_point": "yes"}, "true or false"),
    ("all_fives", 2, {"target": -5}, "positive number"),
    ("all_fives", 2, {"target": 120}, "target is one of"),
    ("kozel", 2, {"set": 9}, "double-6"),
    ("kozel", 2, {"set": 7}, "6, 9 or 12"),
    ("kozel", 2, {"set": 6.0}, "6, 9 or 12"),
    ("kozel", 2, {"set": True}, "6, 9 or 12"),
    ("kozel", "2", {}, "number"),
])
def test_bad_variant_options_raise_options_error(
        name: str, players: Any, options: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionsError, match=words):
        variant(name, players, **options)
