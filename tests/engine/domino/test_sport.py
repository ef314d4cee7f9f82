"""Worked examples of `sport` (docs/rules.md 4.17)."""

from __future__ import annotations

import pytest

from engine.core.errors import OptionsError
from engine.core.results import EndKind, GameEndReason

from .helpers import deal, variant
from .turn_helpers import game, turn


def test_four_players_in_two_teams_only() -> None:
    assert variant("sport", 4).sides == ((0, 2), (1, 3))
    with pytest.raises(OptionsError):
        variant("sport", 2)
    with pytest.raises(OptionsError):
        variant("sport", 4, teams=False)


def test_domino_credits_the_winners_with_the_losers_pips() -> None:
    """4.17: the team that wins is credited the losing team's pips (12 + 10)."""
    g = game("sport", 4, ["1-2", "6-6", "3-3", "5-5"])
    turn(g, "1-2")
    end = g.round.end
    assert end is not None and end.kind is EndKind.DOMINO and end.points == (22, 0)


def test_fish_team_with_fewer_pips_is_credited_the_others() -> None:
    """4.17: 0-0 leads, nobody holds a 0: team 0 (3 + 2) is credited 12 + 10."""
    g = game("sport", 4, ["0-0 1-2", "6-6", "1-1", "5-5"])
    turn(g, "0-0")
    end = g.round.end
    assert end is not None and end.kind is EndKind.FISH and end.points == (22, 0)


def test_under_13_is_not_recorded_while_the_total_is_0() -> None:
    """4.17: a credit under 13 is not recorded while the team has 0; later it is."""
    g = game("sport", 4, ["1-2", "1-1", "3-3", "2-2"])
    turn(g, "1-2")
    assert g.totals == [0, 0]
    g = game("sport", 4, ["1-2", "1-1", "3-3", "2-2"])
    g.totals = [5, 0]
    turn(g, "1-2")
    assert g.totals == [11, 0]


def test_first_team_to_101_wins() -> None:
    g = game("sport", 4, ["1-2", "6-6", "3-3", "5-5"])
    g.totals = [80, 90]
    turn(g, "1-2")
    assert g.outcome is not None and g.outcome.winners == (0,)
    assert g.outcome.reason is GameEndReason.TARGET and g.totals == [102, 90]


def test_eggs_carry_is_added_to_the_next_credit_before_the_13_rule() -> None:
    """3a: eggs (10 and 10) carry 10; next round 3 + 10 = 13 >= 13 is credited."""
    g = game("sport", 4, ["0-0 1-3", "2-2", "5-1", "2-4"],
             more=[deal(["1-2", "1-1", "3-3", "0-1"])])
    turn(g, "0-0")
    first = g.rounds[0].end
    assert first is not None and first.kind is EndKind.EGGS and g.carry == 10
    turn(g, "1-2")
    assert g.totals == [13, 0] and g.carry == 0
