"""Worked examples of `checheve` (docs/rules.md 4.10)."""

from __future__ import annotations

from engine.core.results import EndKind, GameEndReason

from .helpers import tiles, variant
from .turn_helpers import game, record_moves, turn

MASHA, SASHA = "6-6 6-5 4-4", "5-5 6-4 5-4 3-2"  # 31 and 34 pips


def test_is_osel_with_closers_and_doubles_in_a_row() -> None:
    v = variant("checheve", 3)
    assert v.closers and v.max_placements == 4 and v.GOAT == 101


def test_lone_0_0_counts_25_and_lone_6_6_counts_50() -> None:
    """4.10: a player left with only 0-0 counts 25, with only 6-6 50."""
    v = variant("checheve", 2)
    assert v.hand_value(tiles("0-0")) == 25 and v.hand_value(tiles("6-6")) == 50
    assert v.hand_value(tiles("0-0 6-6")) == 12 and v.hand_value(tiles("1-2")) == 3


def test_the_lone_values_also_decide_a_fish() -> None:
    """4.10: seat 0 keeps only 0-0 (25), seat 1 has 21: seat 1 wins the fish, and
    seat 0 is written 25."""
    g = game("checheve", 2, ["1-2 0-0", "5-6 6-4"])
    turn(g, "1-2")
    end = g.round.end
    assert end is not None and end.kind is EndKind.FISH and end.winner == 1
    assert end.pips == (25, 21) and end.points == (25, 0)


def test_the_whole_write_goes_to_the_heaviest_loser_masha_31_sasha_34() -> None:
    """4.10: Маша 31 and Саша 34: Саша is written 65, Маша nothing."""
    g = game("checheve", 3, ["0-1", MASHA, SASHA])
    turn(g, "0-1")
    end = g.round.end
    assert end is not None and end.points == (0, 0, 65)


def test_equal_losers_as_sea_kozel_and_the_13_discard_on_the_sum() -> None:
    """4.10: between equals the one who plays next soonest after the winner; the 13
    discard applies to the sum (5 + 7 = 12: nothing)."""
    g = game("checheve", 3, ["0-1", "6-6 1-1", "5-6 2-1"])
    turn(g, "0-1")
    assert g.totals == [0, 28, 0]
    g = game("checheve", 3, ["0-1", "2-3", "3-4"])
    turn(g, "0-1")
    assert g.totals == [0, 0, 0]


def test_domino_with_0_0_makes_everyone_else_a_goat_even_face_down() -> None:
    """4.10: a domino whose last placement is 0-0 (face down or not): every other player
    is a goat at once, only the winner wins."""
    g = game("checheve", 3, ["0-0", "1-2", "3-4"])
    turn(g, "0-0")
    assert g.outcome is not None and g.outcome.reason is GameEndReason.GOAT
    assert g.outcome.winners == (0,) and g.outcome.losers == (1, 2)
    g = game("checheve", 2, ["0-0", "0-5 6-6"], leader=1)
    turn(g, "0-5", "0-0:W#")
    assert record_moves(g) == ["0-5", "0-0#"]
    assert g.outcome is not None and g.outcome.winners == (0,)


def test_domino_with_6_6_writes_50_to_every_other_player_on_top() -> None:
    """4.10: 6-6 last: 50 to every other player on top of the round's write (3 + 11 =
    14 to seat 2)."""
    g = game("checheve", 3, ["6-6", "1-2", "5-6"])
    turn(g, "6-6")
    assert g.totals == [0, 50, 64] and g.outcome is None
    g = game("checheve", 3, ["6-6", "1-2", "3-4"])
    turn(g, "6-6")
    assert g.totals == [0, 50, 50]  # 10 discarded, the 50s are not
