"""Worked examples of `sea_kozel` (docs/rules.md 4.7 and the goat lines of 3a)."""

from __future__ import annotations

import pytest

from engine.core.errors import OptionsError
from engine.core.results import EndKind, GameEndReason

from .helpers import deal, variant
from .turn_helpers import game, turn


def test_domino_writes_only_the_heaviest_loser_every_pip_but_the_winners() -> None:
    """4.7: only the loser (most pips) is written: the pips of every player but the
    winner, his own included: 14 + 12 = 26 to seat 1, nothing to seat 2."""
    g = game("sea_kozel", 3, ["1-2", "6-6 1-1", "5-6 0-1"])
    turn(g, "1-2")
    end = g.round.end
    assert end is not None and end.kind is EndKind.DOMINO and end.points == (0, 26, 0)


def test_a_write_under_25_is_discarded() -> None:
    """4.7: 12 + 10 = 22 < 25: nothing is written."""
    g = game("sea_kozel", 3, ["1-2", "6-6", "5-5"])
    turn(g, "1-2")
    assert g.totals == [0, 0, 0]


def test_equal_losers_the_one_who_would_play_next_soonest_after_the_winner() -> None:
    """4.7: 13 and 13: after winner 0 that is seat 1; after winner 1, seat 2 (not 0)."""
    g = game("sea_kozel", 3, ["1-2", "6-6 1-0", "6-5 2-0"])
    turn(g, "1-2")
    assert g.totals == [0, 26, 0]
    g = game("sea_kozel", 3, ["6-6 1-0", "1-2", "6-5 2-0"], leader=1)
    turn(g, "1-2")
    assert g.totals == [0, 0, 26]


def test_fish_fewest_wins_the_heaviest_is_written_the_others_pips() -> None:
    """4.7: 0-0 leads and nobody holds a 0: seat 0 (3) wins; seat 1 (22) is written
    22 + 14 = 36."""
    g = game("sea_kozel", 3, ["0-0 1-2", "6-6 5-5", "4-4 3-3"])
    turn(g, "0-0")
    end = g.round.end
    assert end is not None and end.kind is EndKind.FISH and end.winner == 0
    assert end.points == (0, 36, 0)


def test_finish_with_0_0_writes_75_to_the_loser() -> None:
    """4.7: a domino whose last tile is 0-0 writes 75 to the loser instead (no discard)."""
    g = game("sea_kozel", 3, ["0-0", "1-2", "3-4"])
    turn(g, "0-0")
    assert g.totals == [0, 0, 75]


def test_finish_with_6_6_sets_loser_to_100_and_winner_to_0() -> None:
    """4.7: a domino whose last tile is 6-6 sets the loser's total to exactly 100 and the
    winner's to 0; nothing else is written (round points may be negative)."""
    g = game("sea_kozel", 3, ["6-6", "1-2", "3-4"])
    g.totals = [40, 50, 90]
    turn(g, "6-6")
    assert g.totals == [0, 50, 100]
    assert g.round.points == [-40, 0, 10] and g.outcome is None


def test_the_goat_is_the_first_to_125() -> None:
    """4.7: 100 + 26 = 126 >= 125: seat 1 is the goat; the others win."""
    g = game("sea_kozel", 3, ["1-2", "6-6 1-1", "5-6 0-1"])
    g.totals = [0, 100, 0]
    turn(g, "1-2")
    assert g.outcome is not None and g.outcome.reason is GameEndReason.GOAT
    assert g.outcome.losers == (1,) and g.outcome.winners == (0, 2)


def test_eggs_carry_to_the_next_losers_write_before_the_discard() -> None:
    """3a: eggs (4 and 4) carry 8 - 4 = 4; next round 22 + 4 = 26 >= 25 is written."""
    g = game("sea_kozel", 2, ["0-0 1-3", "2-2"], more=[deal(["1-2", "6-6 5-5"])])
    turn(g, "0-0")
    assert g.rounds[0].end is not None and g.rounds[0].end.kind is EndKind.EGGS
    assert g.carry == 4 and g.totals == [0, 0]
    turn(g, "1-2")
    assert g.totals == [0, 26] and g.carry == 0


def test_each_for_himself_and_fish_point_option() -> None:
    """4.7: each for himself (no teams); fish_point as in kozel: +1 to the fish maker."""
    assert variant("sea_kozel", 4).sides == ((0,), (1,), (2,), (3,))
    with pytest.raises(OptionsError):
        variant("sea_kozel", 4, teams=True)
    with pytest.raises(OptionsError):
        variant("sea_kozel", 3, target=50)
    g = game("sea_kozel", 3, ["0-0 1-2", "6-6 5-5", "4-4 3-3"], options={"fish_point": True})
    turn(g, "0-0")
    assert g.totals == [1, 36, 0]
