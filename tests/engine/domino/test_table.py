"""The table and the count of its open ends (docs/rules.md section 2), driven directly."""

from __future__ import annotations

from engine.core.moves import End
from engine.domino.table import Layout, SidesOpen, SpinnerRule, Table, TableRules

from .helpers import T

LINE = TableRules(Layout.LINE, SpinnerRule.FIRST_DOUBLE, SidesOpen.IMMEDIATELY, 2)
FIVES = TableRules(Layout.SPINNER, SpinnerRule.FIRST_DOUBLE, SidesOpen.AFTER_BOTH_MAIN, 2)
THREES = TableRules(Layout.SPINNER, SpinnerRule.FIRST_DOUBLE, SidesOpen.IMMEDIATELY, 1)
PHONE = TableRules(Layout.SPINNER, SpinnerRule.FIRST_CLOSED_DOUBLE, SidesOpen.AFTER_BOTH_MAIN, 2)


def _ends(t: Table) -> dict[str, int]:
    return {str(e): p for e, p in t.open_ends().items()}


def test_lone_non_double_lead_counts_both_pips_west_to_east() -> None:
    """Section 2: a non-double lead a-b puts a west, b east; alone it counts a + b."""
    t = Table(FIVES)
    t.place_lead(T("2-5"), 2, 0)
    assert _ends(t) == {"W": 2, "E": 5} and t.counted_ends() == [2, 5] and t.count() == 7
    t = Table(FIVES)
    t.place_lead(T("2-5"), 5, 0)
    assert _ends(t) == {"W": 5, "E": 2}


def test_line_layout_lead_double_counts_once_then_is_the_other_arms_end() -> None:
    """Section 2: a lead double that is not the spinner alone counts once as a double
    (5-5: 10); once one side holds a tile it is the end of the other arm."""
    t = Table(LINE)
    t.place_lead(T("5-5"), 5, 0)
    assert t.counted_ends() == [10] and t.spinner is None
    t.place(T("5-0"), End.E, 1)
    assert t.counted_ends() == [10, 0]
    t.place(T("5-1"), End.W, 0)
    assert t.counted_ends() == [1, 0]
    t.place(T("0-0"), End.E, 1)  # a double along the line, at an end: 2 x 0
    t.place(T("1-1"), End.W, 0)
    assert t.counted_ends() == [2, 0] and set(t.open_ends()) == {End.W, End.E}


def test_line_layout_never_has_n_or_s() -> None:
    t = Table(LINE)
    t.place_lead(T("3-4"), 3, 0)
    t.place(T("4-4"), End.E, 1)
    t.place(T("4-6"), End.E, 0)
    assert set(t.open_ends()) == {End.W, End.E} and t.four_ends() is None


def test_first_double_immediately_lead_spinner_with_only_n_and_s() -> None:
    """Section 2 (`immediately`): N and S open at once; with W and E empty the lead
    spinner counts once, and N counts once a tile lies on it."""
    t = Table(THREES)
    t.place_lead(T("4-4"), 4, 0)
    assert _ends(t) == {"W": 4, "E": 4, "N": 4, "S": 4} and t.counted_ends() == [4]
    t.place(T("4-2"), End.N, 1)
    assert t.counted_ends() == [4, 2]
    t.place(T("4-1"), End.W, 0)
    assert t.counted_ends() == [1, 4, 2]  # E free: the spinner still counts
    t.place(T("4-0"), End.E, 1)
    assert t.counted_ends() == [1, 0, 2]  # both main sides touched: no more


def test_after_both_main_later_spinner_opens_n_s_when_outer_side_touched() -> None:
    """Section 2: a later spinner continues its arm; its inner side touches the tile
    it was played on, its outer side is the arm's new end; N, S open (after-both-main)
    once the outer side holds a tile; later doubles are placed along their arm."""
    t = Table(FIVES)
    t.place_lead(T("6-3"), 6, 0)
    t.place(T("3-3"), End.E, 1)
    assert t.spinner is not None and t.spinner.arm is End.E and t.spinner.index == 0
    assert _ends(t) == {"W": 6, "E": 3} and t.counted_ends() == [6, 6]
    t.place(T("6-6"), End.W, 0)  # a second double: along the arm, no sides
    assert t.spinner_tile().tile == T("3-3")  # type: ignore[union-attr]
    assert t.counted_ends() == [12, 6]
    t.place(T("3-5"), End.E, 1)
    assert _ends(t) == {"W": 6, "E": 5, "N": 3, "S": 3} and t.counted_ends() == [12, 5]
    assert t.four_ends() == (6, 5, 3, 3)
    t.place(T("3-2"), End.S, 0)
    assert t.counted_ends() == [12, 5, 2] and t.four_ends() == (6, 5, 3, 2)


def test_after_both_main_lead_spinner() -> None:
    t = Table(FIVES)
    t.place_lead(T("5-5"), 5, 0)
    assert t.spinner is not None and not t.ns_open and t.counted_ends() == [10]
    t.place(T("5-3"), End.W, 1)
    assert not t.ns_open and _ends(t) == {"W": 3, "E": 5} and t.counted_ends() == [3, 10]
    t.place(T("5-2"), End.E, 0)
    assert t.ns_open and t.counted_ends() == [3, 2]
    assert _ends(t) == {"W": 3, "E": 2, "N": 5, "S": 5}


def test_first_closed_double_lead_double_is_the_cross_at_once() -> None:
    """Section 2: with first-closed-double a lead double is the spinner at once; its N
    and S open after both main sides touch a tile."""
    t = Table(PHONE)
    t.place_lead(T("2-2"), 2, 0)
    assert t.spinner is not None and t.spinner.arm is None and not t.ns_open
    t.place(T("2-4"), End.E, 1)
    assert not t.ns_open and t.counted_ends() == [4, 4]
    t.place(T("2-6"), End.W, 0)
    assert t.ns_open and set(t.open_ends()) == {End.W, End.E, End.N, End.S}


def test_first_closed_double_the_first_double_closed_on_both_sides_wins() -> None:
    """Section 2: with first-closed-double every double is placed along its arm with no
    sides until one has tiles on both main sides; that one is the spinner (here the
    second double placed, 1-1 on W, is closed first); 6-6 stays a double at an end."""
    t = Table(PHONE)
    t.place_lead(T("1-6"), 1, 0)
    t.place(T("6-6"), End.E, 1)
    t.place(T("1-1"), End.W, 0)
    assert t.spinner is None and set(t.open_ends()) == {End.W, End.E}
    assert t.counted_ends() == [2, 12]
    t.place(T("1-3"), End.W, 1)
    assert t.spinner is not None and t.spinner_tile().tile == T("1-1")  # type: ignore[union-attr]
    assert _ends(t) == {"W": 3, "E": 6, "N": 1, "S": 1}
    assert t.counted_ends() == [3, 12]
    t.place(T("6-2"), End.E, 0)
    assert t.spinner_tile().tile == T("1-1")  # type: ignore[union-attr]
    assert set(t.open_ends()) == {End.W, End.E, End.N, End.S}
    assert t.four_ends() == (3, 2, 1, 1)


def test_copy_is_independent_and_snapshot_matches() -> None:
    t = Table(FIVES)
    t.place_lead(T("5-5"), 5, 0)
    c = t.copy()
    c.place(T("5-1"), End.W, 1)
    assert t.counted_ends() == [10] and c.counted_ends() == [1, 10]
    snap = c.snapshot()
    assert snap.count == 11 and snap.counted_ends == 2
    assert [p.tile for p in snap.tiles] == [T("5-5"), T("1-5")]
