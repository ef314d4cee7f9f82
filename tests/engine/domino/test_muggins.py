"""Worked examples of `muggins` (docs/rules.md 4.11)."""

from __future__ import annotations

import random

from engine.core.results import EndKind, GameEndReason
from engine.domino.table import Layout

from .helpers import T, tiles, variant
from .turn_helpers import game, legal, record_moves, turn


def test_deal_sizes_line_layout_and_boneyard() -> None:
    """4.11: 7 tiles each with 2 players, 5 with 3 or 4; the rest drawable; line layout."""
    assert variant("muggins", 2).hand_size() == 7
    assert variant("muggins", 3).hand_size() == 5 and variant("muggins", 4).hand_size() == 5
    assert variant("muggins", 2).table_rules.layout is Layout.LINE
    g = game("muggins", 2, ["5-5 5-1", "3-4 0-1"], boneyard="6-6 2-3")
    turn(g, "5-5")
    assert legal(g) == {"draw"}  # nothing fits: draw until playable
    turn(g, "draw", "draw")
    assert legal(g) == {"pass"}
    assert g.round.table.spinner is None


def test_lead_counts_and_a_double_at_an_end_counts_both_halves() -> None:
    """4.11: the lead counts (5-5 = 10: 2 points); 6-3 then 6-6 west: 12 + 3 = 15: 3."""
    g = game("muggins", 2, ["5-5 1-2", "5-4 0-1"])
    turn(g, "5-5")
    assert g.totals == [2, 0]
    g = game("muggins", 2, ["6-3 3-1 0-4", "6-6 1-4 2-4"])
    turn(g, "6-3", "6-6")
    assert record_moves(g) == ["6-3", "6-6"]
    assert [p for _, _, p in g.round.moves] == [0, 3] and g.totals == [0, 3]


def test_61_wins_at_once_even_mid_round() -> None:
    """4.11: the first to 61, counted at once."""
    g = game("muggins", 2, ["5-5 1-2", "5-4 0-1"])
    g.totals = [59, 0]
    turn(g, "5-5")
    assert g.outcome is not None and g.outcome.winners == (0,)
    assert g.outcome.reason is GameEndReason.TARGET and g.round.end is None


def test_domino_scores_the_others_pips_rounded_to_nearest_5_over_5() -> None:
    """4.11: a domino scores the other players' pips, rounded to the nearest 5, / 5:
    12 + 7 = 19 -> 20 -> 4; 11 + 6 = 17 -> 15 -> 3."""
    g = game("muggins", 3, ["1-2", "6-6", "4-3"])
    turn(g, "1-2")
    end = g.round.end
    assert end is not None and end.kind is EndKind.DOMINO and end.points == (4, 0, 0)
    g = game("muggins", 3, ["1-2", "6-5", "4-2"])
    turn(g, "1-2")
    assert g.totals == [3, 0, 0]


def test_fish_scores_the_others_sum_minus_his_own_once() -> None:
    """4.11 (decision: read literally): 0-0 leads, nobody holds a 0: fish. Seat 0 keeps
    1-2 (3), the others 12 and 9: 21 - 3 = 18 -> 20 -> 4 (not 9 + 6 = 15 -> 3)."""
    g = game("muggins", 3, ["0-0 1-2", "6-6", "5-4"])
    turn(g, "0-0")
    end = g.round.end
    assert end is not None and end.kind is EndKind.FISH and end.winner == 0
    assert end.points == (4, 0, 0)



def test_eggs_score_nothing_and_carry_nothing() -> None:
    """3a: tied lowest in a fish: nobody scores in the fives family."""
    g = game("muggins", 2, ["0-0 1-3", "2-2"])
    turn(g, "0-0")
    end = g.round.end
    assert end is not None and end.kind is EndKind.EGGS and end.points == (0, 0)
    assert g.carry == 0


def test_first_lead_highest_double_later_the_winner_any_tile() -> None:
    """4.11: the first round's highest double (else the heaviest tile) leads it; later
    the winner of the last round leads any tile."""
    v = variant("muggins", 2)
    lot = random.Random(0)
    assert v.first_lead([tiles("1-1 5-6"), tiles("4-4 0-1")], lot) == (1, T("4-4"))
    assert v.first_lead([tiles("1-2 5-6"), tiles("4-6 0-1")], lot) == (0, T("5-6"))
    g = game("muggins", 3, ["1-2", "6-6", "4-3"], leader=0)
    turn(g, "1-2")
    assert v.round_lead(g, g.round, [tiles("1-1"), tiles("2-2"), tiles("3-3")]) == (0, None)


def test_teams_score_the_opposing_side_only() -> None:
    """3a: with teams the domino scores the opposing side's pips (not the partner's):
    6-6 + 4-3 = 19 -> 20 -> 4; the partner's 5-5 is not counted."""
    g = game("muggins", 4, ["1-2", "6-6", "5-5", "4-3"], options={"teams": True})
    turn(g, "1-2")
    assert g.totals == [4, 0]
