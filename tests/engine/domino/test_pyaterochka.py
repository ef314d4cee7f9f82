"""Worked examples of `pyaterochka` (docs/rules.md 4.12)."""

from __future__ import annotations

from engine.core.results import EndKind, GameEndReason
from engine.domino.game import Game

from .helpers import variant
from .turn_helpers import game, legal, turn


def test_first_leader_by_all_fives_rule_leads_any_tile() -> None:
    """4.12: all_fives' rule chooses the first leader (highest double), who may lead
    any tile ("ходить дублем необязательно")."""
    for seed in range(10):
        g = Game(variant("pyaterochka", 2), seed=seed)
        hands = g.round.deal.hands
        seat, _tile = variant("all_fives", 2).first_lead(hands, None)  # type: ignore[arg-type]
        assert g.round.deal.leader == seat and g.round.deal.forced is None
        assert legal(g) == {str(t) for t in hands[seat]}


def test_spinner_sides_open_immediately() -> None:
    """4.12: the spinner's N and S open at once: a 3-3 lead offers all four ends."""
    g = game("pyaterochka", 2, ["3-3 1-2", "3-4 0-1"])
    turn(g, "3-3")
    assert legal(g) == {"3-4:W", "3-4:E", "3-4:N", "3-4:S"}


def test_in_play_scores_the_count_itself() -> None:
    """4.12 as all_fives: a count of 10 scores 10 (the lead 5-5 counts)."""
    g = game("pyaterochka", 2, ["5-5 1-2", "5-0 0-1"])
    turn(g, "5-5")
    assert g.totals == [10, 0]
    turn(g, "5-0:E")  # spinner 10 (W free) + E 0 = 10
    assert g.totals == [10, 10]


def test_domino_scores_the_opponents_pips_rounded_to_nearest_5() -> None:
    """4.12: a domino scores the opponents' pips rounded to the nearest 5: 11 + 6 = 17
    -> 15 (not divided by 5)."""
    g = game("pyaterochka", 3, ["1-2", "6-5", "4-2"])
    turn(g, "1-2")
    end = g.round.end
    assert end is not None and end.kind is EndKind.DOMINO and end.points == (15, 0, 0)


def test_fish_scores_each_difference_rounded() -> None:
    """4.12: a fish scores, per opponent, his pips minus the winner's, rounded:
    (12 - 3) + (7 - 3) = 13 -> 15."""
    g = game("pyaterochka", 3, ["0-0 1-2", "6-6", "5-2"])
    turn(g, "0-0")
    end = g.round.end
    assert end is not None and end.kind is EndKind.FISH and end.points == (15, 0, 0)



def test_target_150_mid_round_and_teams() -> None:
    """4.12: target 150 as all_fives (checked after every score); 2 against 2."""
    g = game("pyaterochka", 2, ["5-5 1-2", "5-0 0-1"])
    g.totals = [140, 0]
    turn(g, "5-5")
    assert g.outcome is not None and g.outcome.winners == (0,)
    assert g.outcome.reason is GameEndReason.TARGET
    v = variant("pyaterochka", 4, teams=True)
    assert v.sides == ((0, 2), (1, 3)) and v.hand_size() == 5 and v.target == 150
