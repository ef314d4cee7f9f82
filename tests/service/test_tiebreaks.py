"""A tournament's standings and tie-breaks on worked examples."""

from __future__ import annotations

from service.tiebreaks import Decided, Entrant, standings

ANNA, BORIS, CLARA, DAN = (Entrant(1, "Anna"), Entrant(2, "Boris"), Entrant(3, "Clara"),
                           Entrant(4, "Dan"))


def _order(rows: list) -> list[str]:
    return [r.name for r in rows]


def test_points_first() -> None:
    rows = standings([ANNA, BORIS, CLARA], [Decided(1, 2, 0, 1), Decided(2, 3, 1, 0),
                                            Decided(3, 1, 0.5, 0.5)])
    assert _order(rows) == ["Boris", "Anna", "Clara"]
    boris = rows[0]
    assert (boris.place, boris.points, boris.wins, boris.losses, boris.played) == (1, 2, 2, 0, 2)
    assert (rows[1].points, rows[1].draws) == (0.5, 1)


def test_head_to_head_breaks_a_tie() -> None:
    # Anna beat Boris and Dan, Boris beat Clara and Dan, Clara beat Anna, Dan beat Clara:
    # Anna and Boris on 2 (Anna beat Boris), Clara and Dan on 1 (Dan beat Clara)
    results = [Decided(1, 2, 1, 0), Decided(1, 4, 1, 0), Decided(2, 3, 1, 0),
               Decided(2, 4, 1, 0), Decided(3, 1, 1, 0), Decided(4, 3, 1, 0)]
    rows = standings([ANNA, BORIS, CLARA, DAN], results)
    assert [(r.name, r.points, r.head_to_head) for r in rows] == [
        ("Anna", 2, 1), ("Boris", 2, 0), ("Dan", 1, 1), ("Clara", 1, 0)]
    # Clara's Sonneborn-Berger (she beat Anna: 2) is above Dan's (Clara: 1), yet
    # head-to-head comes first
    assert rows[3].sonneborn_berger == 2 and rows[2].sonneborn_berger == 1


def test_sonneborn_berger_when_head_to_head_is_level() -> None:
    # Anna and Boris drew; Anna beat Dan (no points), Boris beat Clara (1 point):
    # both on 1.5, head-to-head ½ each, Sonneborn-Berger Anna 0.75, Boris 1.75
    results = [Decided(1, 2, 0.5, 0.5), Decided(1, 4, 1, 0), Decided(2, 3, 1, 0),
               Decided(3, 4, 1, 0)]
    rows = standings([ANNA, BORIS, CLARA, DAN], results)
    assert [(r.name, r.points, r.head_to_head, r.sonneborn_berger) for r in rows] == [
        ("Boris", 1.5, 0.5, 1.75), ("Anna", 1.5, 0.5, 0.75), ("Clara", 1, 0, 0),
        ("Dan", 0, 0, 0)]


def test_a_level_cycle_goes_by_registration() -> None:
    # each beat one and lost to one: every tie-break level, the earlier registration first
    results = [Decided(3, 1, 1, 0), Decided(1, 2, 1, 0), Decided(2, 3, 1, 0)]
    rows = standings([CLARA, BORIS, ANNA], results)
    assert all((r.points, r.head_to_head, r.sonneborn_berger, r.wins) == (1, 1, 1, 1)
               for r in rows)
    assert _order(rows) == ["Anna", "Boris", "Clara"]
    assert [r.place for r in rows] == [1, 2, 3]


def test_a_draw_counts_half() -> None:
    rows = standings([ANNA, BORIS], [Decided(1, 2, 0.5, 0.5)])
    assert [(r.points, r.draws, r.sonneborn_berger) for r in rows] == [(0.5, 1, 0.25)] * 2


def test_bye_is_a_win_without_sonneborn_berger() -> None:
    rows = standings([ANNA, BORIS, CLARA], [Decided(1, None, 1, None, "bye"),
                                            Decided(2, 3, 1, 0)])
    anna = next(r for r in rows if r.name == "Anna")
    assert (anna.points, anna.wins, anna.sonneborn_berger) == (1, 1, 0)
    boris = next(r for r in rows if r.name == "Boris")
    assert boris.sonneborn_berger == 0  # Clara has no points
    # Anna and Boris on 1, not met, SB 0 both, one win each: registration order
    assert _order(rows) == ["Anna", "Boris", "Clara"]


def test_forfeit_and_cancelled() -> None:
    withdrawn = Entrant(3, "Clara", withdrawn=True)
    rows = standings([ANNA, BORIS, withdrawn], [Decided(1, 3, 1, 0, "forfeit"),
                                                Decided(1, 2, 0, 0, "cancelled")])
    assert [(r.name, r.points, r.losses) for r in rows] == [
        ("Anna", 1, 1), ("Boris", 0, 1), ("Clara", 0, 1)]
    assert rows[2].withdrawn
