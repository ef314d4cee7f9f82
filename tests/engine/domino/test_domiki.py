"""Worked examples of `domiki` (docs/rules.md 4.15 and the turns of several placements, 3)."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalMoveError
from engine.core.moves import DRAW, End, Place
from engine.core.results import EndKind, GameEndReason
from engine.domino.game import Game

from .helpers import T, variant
from .turn_helpers import game, legal, record_moves, turn

CROSS = ["3-3 0-0", "3-1 3-2 3-4 3-5 1-2 6-6"]


def test_lead_by_lot_then_the_winner_and_the_lead_is_a_turn_of_its_own() -> None:
    """4.15: a seat drawn by lot leads the first round, any tile; the lead alone is a
    turn (decision); later the last round's winner leads."""
    v = variant("domiki", 3)
    assert v.lead_by_lot and v.first_lead([(), (), ()], random.Random(1))[1] is None
    g = Game(v, seed=2)
    assert g.round.deal.forced is None
    g = game("domiki", 2, CROSS)
    turn(g, "3-3")
    assert g.totals == [6, 0] and g.current_seat == 1
    g = game("domiki", 2, ["1-2", "3-4"], leader=0)
    turn(g, "1-2")
    assert v.next_lead(g, g.round) == (0, None)


def test_up_to_four_tiles_each_on_another_arm_each_scores_its_pips() -> None:
    """4.15: four tiles in one turn on W, E, N and S: 4 + 5 + 7 + 8 = 24, written as
    one record move; the turn ends after the fourth."""
    g = game("domiki", 2, CROSS)
    turn(g, "3-3", "3-1:W+3-2:E+3-4:N+3-5:S")
    assert g.totals == [6, 24] and g.current_seat == 0
    assert g.round.moves[-1] == (1, "3-1:W+3-2:E+3-4:N+3-5", 24)  # 3-5 fits S only


def test_each_placement_of_a_turn_on_a_different_arm() -> None:
    g = game("domiki", 2, CROSS)
    turn(g, "3-3", "3-1:W+")
    assert "1-2:W" not in legal(g) and "2-3:E" in legal(g) and "done" in legal(g)
    with pytest.raises(IllegalMoveError, match="different arm"):
        g.play(Place(T("1-2"), End.W))
    turn(g, "done")
    assert g.current_seat == 0 and record_moves(g) == ["3-3", "3-1:W"]


def test_draw_only_before_the_first_placement() -> None:
    """4.15/3: draw until playable before the first placement, never after it."""
    g = game("domiki", 2, ["1-2 6-6", "5-5 0-0"], boneyard="2-4 1-3 4-4")
    turn(g, "1-2")
    assert legal(g) == {"draw"}
    turn(g, "draw")  # 2-4 fits E
    assert legal(g) == {"2-4:E"}
    turn(g, "2-4:E")
    assert g.current_seat == 0  # nothing more fits W: the turn ended by itself
    g = game("domiki", 2, ["1-2 6-6", "2-5 1-1 0-0"], boneyard="4-4")
    turn(g, "1-2", "2-5:E+")
    assert legal(g) == {"1-1:W", "done"}
    with pytest.raises(IllegalMoveError, match="after placing"):
        g.play(DRAW)


def test_the_round_ends_at_the_placement_that_empties_the_hand() -> None:
    g = game("domiki", 2, ["3-3 0-0", "3-1 3-2"])
    turn(g, "3-3", "3-1:W+3-2:E")
    end = g.round.end
    assert end is not None and end.kind is EndKind.DOMINO and end.seat == 1
    assert end.points == (0, 0) and g.totals == [6, 9]  # no scoring at the round's end


def test_the_target_is_checked_after_every_placement() -> None:
    """4.15: 140 + 4 + 5 = 149; the third tile (7) reaches 156: the game ends at once."""
    g = game("domiki", 2, CROSS)
    g.totals = [0, 140]
    turn(g, "3-3", "3-1:W+3-2:E+")
    assert g.outcome is None and g.totals == [6, 149]
    with pytest.raises(IllegalMoveError, match="turn is over"):
        turn(g.copy(), "3-4:N+")  # the game ends with it: a trailing '+' is wrong
    turn(g, "3-4:N")
    assert g.outcome is not None and g.outcome.winners == (1,)
    assert g.outcome.reason is GameEndReason.TARGET and g.totals == [6, 156]
    assert record_moves(g)[-1] == "3-1:W+3-2:E+3-4:N"
    assert variant("domiki", 2, target=200).target == 200


def test_a_fish_is_checked_when_the_turn_ends() -> None:
    """3: after 1-5 on W seat 1 may still end his turn or go on; the fish comes when the
    turn ends with nobody able to place (5 and 6 open: 4-4 and 0-0 fit nowhere)."""
    g = game("domiki", 2, ["1-2 4-4", "1-5 2-6 0-0"])
    turn(g, "1-2", "1-5:W+")
    assert g.round.end is None
    turn(g, "2-6:E")
    end = g.round.end
    assert end is not None and end.kind is EndKind.FISH and end.winner == 1
