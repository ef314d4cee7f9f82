"""Worked examples of `cuban` (docs/rules.md 4.14)."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import OptionsError
from engine.core.results import EndKind, GameEndReason
from engine.domino.game import Game
from engine.domino.table import Layout

from .helpers import T, tiles, variant
from .turn_helpers import game, legal, turn


def test_double_nine_ten_tiles_each_rest_left_out_and_no_drawing() -> None:
    """4.14: double-nine (55 tiles), 10 each, the rest left out unseen; no drawing."""
    v = variant("cuban", 4)
    assert v.options.set == 9 and v.hand_size() == 10 and v.record_options() == {}
    assert v.table_rules.layout is Layout.LINE
    g = Game(v, seed=3)
    assert [len(h) for h in g.round.deal.hands] == [10] * 4
    assert len(g.round.deal.boneyard) == 15 and g.round.drawable == 0
    with pytest.raises(OptionsError):
        variant("cuban", 2, set=6)
    g = game("cuban", 2, ["9-9 9-1", "3-4 0-1"], boneyard="8-8")
    turn(g, "9-9")
    assert legal(g) == {"pass"}


def test_first_lead_heaviest_double_else_heaviest_tile() -> None:
    """4.14: the holder of the heaviest double leads it; no double: the heaviest tile."""
    v = variant("cuban", 2)
    lot = random.Random(0)
    assert v.first_lead([tiles("8-8 0-9"), tiles("9-9 1-2")], lot) == (1, T("9-9"))
    assert v.first_lead([tiles("7-9 0-9"), tiles("8-9 1-2")], lot) == (1, T("8-9"))


def test_later_rounds_the_lead_passes_clockwise_any_tile() -> None:
    g = game("cuban", 3, ["6-6", "4-3", "1-2"], leader=2)
    turn(g, "1-2")
    assert g.variant.next_lead(g, g.round) == (0, None)


def test_domino_scores_the_pips_of_all_other_sides() -> None:
    """4.14: 9-8 (17) + 9-9 (18) = 35 to the side that went out."""
    g = game("cuban", 3, ["1-2", "9-8", "9-9"])
    turn(g, "1-2")
    end = g.round.end
    assert end is not None and end.kind is EndKind.DOMINO and end.points == (35, 0, 0)
    g = game("cuban", 4, ["1-2", "9-8", "9-9", "0-9"], options={"teams": True})
    turn(g, "1-2")
    assert g.totals == [26, 0]  # 9-8 + 0-9 of the other side; the partner's 9-9 not


def test_fish_fewest_scores_the_others_minus_its_own_tie_scores_nothing() -> None:
    """4.14: a fish: the side with the fewest pips scores the others' sum minus its own
    once (17 + 18 - 3 = 32); a tie scores nothing."""
    g = game("cuban", 3, ["0-0 1-2", "9-8", "9-9"])
    turn(g, "0-0")
    end = g.round.end
    assert end is not None and end.kind is EndKind.FISH and end.points == (32, 0, 0)
    g = game("cuban", 2, ["0-0 1-3", "2-2"])
    turn(g, "0-0")
    end = g.round.end
    assert end is not None and end.kind is EndKind.EGGS and end.points == (0, 0)


def test_game_ends_at_100_or_the_target_option() -> None:
    """4.14: the first side to 100 (option target 150, 200) wins, at a round's end."""
    g = game("cuban", 3, ["1-2", "9-8", "9-9"])
    g.totals = [70, 0, 0]
    turn(g, "1-2")
    assert g.outcome is not None and g.outcome.winners == (0,)
    assert g.outcome.reason is GameEndReason.TARGET
    g = game("cuban", 3, ["1-2", "9-8", "9-9"], options={"target": 150})
    g.totals = [70, 0, 0]
    turn(g, "1-2")
    assert g.outcome is None and g.totals == [105, 0, 0]
    with pytest.raises(OptionsError):
        variant("cuban", 2, target=120)
