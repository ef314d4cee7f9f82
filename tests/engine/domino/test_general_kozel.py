"""Worked examples of `general_kozel` (docs/rules.md 4.8)."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import OptionsError
from engine.core.results import EndKind, GameEndReason
from engine.domino.game import Game
from engine.domino.table import Layout

from .helpers import T, tiles, variant
from .turn_helpers import game, legal, roundtrip, turn

WIN_66 = ["1-1", "1-2 4-5", "2-3 5-6 6-6", "3-4 0-0"]


def test_four_players_two_teams_line_layout_first_lead_as_kozel_and_redeal() -> None:
    """4.8: 4 players in two teams, everything dealt, line layout, kozel's first lead
    (1-1 is always dealt with 4 players); 3a: kozel's redeal rule holds."""
    v = variant("general_kozel", 4)
    assert v.sides == ((0, 2), (1, 3)) and v.table_rules.layout is Layout.LINE
    with pytest.raises(OptionsError):
        variant("general_kozel", 4, teams=False)
    with pytest.raises(OptionsError):
        variant("general_kozel", 2)
    assert v.first_lead([tiles("0-0 2-2"), tiles("1-1")], random.Random(0)) == (1, T("1-1"))
    assert v.needs_redeal([tiles("0-0 1-1 2-2 3-3 4-4 0-1 0-2")])
    g = Game(v, seed=4)
    assert g.round.deal.forced == T("1-1") and g.round.drawable == 0
    g.apply(g.legal_moves()[0])
    roundtrip(g)


def test_a_player_who_empties_his_hand_leaves_the_play_and_is_skipped() -> None:
    """4.8: seat 0 goes out with the lead; his team's round goes on; turns skip him."""
    g = game("general_kozel", 4, WIN_66)
    turn(g, "1-1")
    assert g.round.end is None and g.round.hands[0] == []
    turn(g, "1-2:E", "2-3", "3-4")
    assert g.current_seat == 1  # seat 0 is skipped
    turn(g, "4-5")  # seat 1 is out too; seat 3 still plays
    assert g.round.end is None and g.current_seat == 2


def test_team_wins_only_when_its_last_tile_is_6_6() -> None:
    """4.8: the round ends when both partners are out; 6-6 as the team's last tile wins
    1 point; the partner who placed it leads next, any tile."""
    g = game("general_kozel", 4, WIN_66)
    turn(g, "1-1", "1-2:E", "2-3", "3-4", "4-5", "5-6")
    assert legal(g) == {"pass"}  # seat 3: 0-0 fits nowhere
    turn(g, "pass")
    assert g.current_seat == 2  # seats 0 and 1 are out
    turn(g, "6-6")
    end = g.round.end
    assert end is not None and end.kind is EndKind.DOMINO and end.seat == 2
    assert end.winner == 0 and end.points == (1, 0) and g.totals == [1, 0]
    assert g.variant.next_lead(g, g.round) == (2, None)


def test_team_wins_with_0_0_too() -> None:
    g = game("general_kozel", 4, ["0-1", "1-2 5-5", "0-0", "3-3"])
    turn(g, "0-1", "1-2", "0-0")
    end = g.round.end
    assert end is not None and end.winner == 0 and g.totals == [1, 0]


def test_any_other_finish_or_a_fish_is_a_drawn_round_led_again_by_the_last_leader() -> None:
    """4.8: a team out with another last tile: a drawn round (no points); a fish: drawn;
    the next round is led by the last round's leader."""
    g = game("general_kozel", 4, ["1-1", "1-2 4-5", "2-3 5-6 6-4", "3-4 0-0"], leader=0)
    turn(g, "1-1", "1-2:E", "2-3", "3-4", "4-5", "5-6", "pass", "6-4")
    end = g.round.end
    assert end is not None and end.kind is EndKind.DOMINO and end.winner is None
    assert g.totals == [0, 0] and g.variant.next_lead(g, g.round) == (0, None)
    g = game("general_kozel", 4, ["0-0 1-2", "6-6", "1-1", "5-5"], leader=0)
    turn(g, "0-0")
    end = g.round.end
    assert end is not None and end.kind in (EndKind.FISH, EndKind.EGGS)
    assert end.winner is None and end.points == (0, 0)


def test_first_team_to_6_wins_or_the_rounds_option() -> None:
    """4.8: the first team to 6 round points wins; option rounds: that many rounds, the
    most round points winning (equal: shared)."""
    g = game("general_kozel", 4, WIN_66)
    g.totals = [5, 3]
    turn(g, "1-1", "1-2:E", "2-3", "3-4", "4-5", "5-6", "pass", "6-6")
    assert g.outcome is not None and g.outcome.winners == (0,)
    assert g.outcome.reason is GameEndReason.TARGET
    g = game("general_kozel", 4, ["0-0 1-2", "6-6", "1-1", "5-5"], options={"rounds": 1})
    turn(g, "0-0")
    assert g.outcome is not None and g.outcome.reason is GameEndReason.ROUNDS
    assert g.outcome.winners == (0, 1)
    assert variant("general_kozel", 4, rounds=3).record_options() == {"rounds": 3}
