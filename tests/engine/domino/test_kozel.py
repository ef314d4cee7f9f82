"""Worked examples of `kozel` (docs/rules.md 4.3 and the goat lines of 3a).

Endgame examples use short hands and no boneyard (nobody can draw).
"""

from __future__ import annotations

import random

import pytest

from engine.core.results import EndKind, GameEndReason
from engine.domino.game import Game
from engine.domino.table import Layout

from .helpers import T, deal, ends, legal_texts, new_game, play1, tiles, variant


def test_first_lead_lowest_double_in_order_1_1_to_6_6_then_0_0() -> None:
    """4.3: the holder of the lowest double leads it: 1-1, 2-2, ..., 6-6, 0-0 last."""
    v = variant("kozel", 2)
    lot = random.Random(0)
    assert v.first_lead([tiles("0-0 3-3"), tiles("1-1 2-5")], lot) == (1, T("1-1"))
    assert v.first_lead([tiles("0-0 5-6"), tiles("6-6 2-5")], lot) == (1, T("6-6"))
    assert v.first_lead([tiles("0-0 5-6"), tiles("1-2 2-5")], lot) == (0, T("0-0"))
    for seed in range(20):  # with 4 players every double is dealt: 1-1 always leads
        g = Game(variant("kozel", 4), seed=seed)
        assert g.round.deal.forced == T("1-1") and legal_texts(g) == {"1-1"}


def test_first_lead_without_doubles_heaviest_tile_ties_by_higher_half() -> None:
    """4.3 + 3a: no double dealt: the heaviest tile leads; between equals the higher
    half (5-6, 4-6, 3-6, 4-5: 3-6 beats 4-5)."""
    v = variant("kozel", 2)
    lot = random.Random(0)
    assert v.first_lead([tiles("4-5 0-1"), tiles("3-6 1-2")], lot) == (1, T("3-6"))
    assert v.first_lead([tiles("4-5 4-6"), tiles("3-6 1-2")], lot) == (0, T("4-6"))
    assert v.first_lead([tiles("4-5 4-6"), tiles("5-6 1-2")], lot) == (1, T("5-6"))
    g = new_game("kozel", 2, deal(["4-5 0-1", "3-6 1-2"], leader=1, forced="3-6"))
    assert legal_texts(g) == {"3-6"}


def test_line_layout_doubles_along_the_line_and_no_scoring_in_play() -> None:
    """4.3: line layout (W and E only, doubles placed along the line); no in-play score."""
    g = new_game("kozel", 4, deal(["5-5 1-2", "5-0 1-3", "0-0 1-4", "5-6 1-5"]))
    assert play1(g, "5-5").points == 0
    assert g.variant.table_rules.layout is Layout.LINE
    assert ends(g) == {"W": 5, "E": 5} and g.round.table.spinner is None
    play1(g, "5-0:E")
    r = play1(g, "0-0")  # W=5, E=0-0: a fives count would be 10 - no score here
    assert r.points == 0 and ends(g) == {"W": 5, "E": 0}
    assert g.totals == [0, 0]


@pytest.mark.parametrize(("s3_hand", "written"), [("3-4", 0), ("3-5", 13), ("6-6", 17)])
def test_domino_writes_the_losing_side_its_pips_and_discards_under_13(
        s3_hand: str, written: int) -> None:
    """4.3: every losing side is written its own pips (partners added); the winner
    nothing; a write under 13 is discarded (5 + 7 = 12: nothing; 5 + 8 = 13: 13)."""
    g = new_game("kozel", 4, deal(["6-6", "0-1 2-2", "5-5 4-4", s3_hand]))
    r = play1(g, "6-6")
    assert r.round_end is not None and r.round_end.kind is EndKind.DOMINO
    assert r.round_end.points == (0, written) and g.totals == [0, written]


def test_fish_fewest_pips_wins_every_other_side_is_written() -> None:
    """4.3: in a fish the side with the fewest pips wins; each other side is written its
    own pips (3 players, each for himself: 22 written, 5 discarded)."""
    g = new_game("kozel", 3, deal(["0-0 1-1", "6-6 5-5", "2-3"]))
    r = play1(g, "0-0")  # nobody holds a 0 and nobody can draw: fish
    end = r.round_end
    assert end is not None and end.kind is EndKind.FISH and end.winner == 0
    assert end.points == (0, 22, 0) and g.totals == [0, 22, 0]


def test_fish_in_teams_partner_with_fewer_pips_leads_next() -> None:
    """4.3: after a fish the player of the winning side with the fewest pips leads."""
    g = new_game("kozel", 4, deal(["0-0 6-6", "5-5", "1-2", "6-5"]))
    r = play1(g, "0-0")
    assert r.round_end is not None and r.round_end.winner == 0
    assert r.round_end.points == (0, 21)
    assert g.variant.next_lead(g, g.round) == (2, None)


def test_domino_winner_leads_next_round_any_tile() -> None:
    """4.3: in later rounds the winner of the last round leads, any tile."""
    g = new_game("kozel", 3, deal(["1-2", "6-6", "0-1"], leader=1),
                 deal(["0-4 1-2", "3-3 2-5", "0-1 6-6"], leader=1))
    r = play1(g, "6-6")
    assert r.new_round and g.variant.next_lead(g, g.rounds[0]) == (1, None)
    assert legal_texts(g) == {"3-3", "2-5"}


def test_eggs_carry_sum_of_all_sides_minus_one_tied_lowest_to_each_loser() -> None:
    """4.3 + 3a: eggs write nothing and carry every side's pips minus one tied lowest
    (5 + 5 + 20 - 5 = 25); in the next non-eggs round the carry is added to each
    losing side's write before the 13 discard (3 + 25 and 1 + 25); after eggs the
    same leader leads."""
    g = new_game("kozel", 3,
                 deal(["0-0 1-4", "2-3", "6-6 4-4"], leader=0),
                 deal(["6-6", "1-2", "0-1"], leader=0))
    r = play1(g, "0-0")
    assert r.round_end is not None and r.round_end.kind is EndKind.EGGS
    assert r.round_end.points == (0, 0, 0) and g.carry == 25
    assert g.variant.next_lead(g, g.rounds[0]) == (0, None)
    r = play1(g, "6-6")
    assert r.round_end is not None and r.round_end.points == (0, 28, 26)
    assert g.totals == [0, 28, 26] and g.carry == 0


@pytest.mark.parametrize(("last_hand", "written"), [("1-3", 13), ("1-2", 0)])
def test_consecutive_eggs_add_up_and_the_13_discard_follows_the_carry(
        last_hand: str, written: int) -> None:
    """3a: consecutive eggs add up (4, then 4 + 5 = 9); the loser's write is pips + 9,
    discarded only if still under 13 (4 + 9 = 13 written, 3 + 9 = 12 discarded)."""
    g = new_game("kozel", 2,
                 deal(["0-0 1-3", "2-2"]),  # 4 and 4: carry 4
                 deal(["0-0 2-3", "1-4"]),  # 5 and 5: carry 4 + 5
                 deal(["6-6", last_hand]))
    play1(g, "0-0")
    assert g.carry == 4
    play1(g, "0-0")
    assert g.carry == 9 and g.totals == [0, 0]
    r = play1(g, "6-6")
    assert r.round_end is not None and r.round_end.points == (0, written)
    assert g.carry == 0


def test_reaching_101_makes_the_goat_and_ends_the_game() -> None:
    """4.3: the first side whose total reaches 101 or more is the goat and loses;
    everyone else wins."""
    g = new_game("kozel", 2, deal(["3-4 5-6", "6-6"], leader=1))
    g.totals = [83, 40]
    play1(g, "6-6")  # seat 0 is written 18: 101
    assert g.totals == [101, 40]
    assert g.outcome is not None and g.outcome.reason is GameEndReason.GOAT
    assert g.outcome.losers == (0,) and g.outcome.winners == (1,)
    assert g.legal_moves() == []


def test_several_goats_at_once() -> None:
    """3a: several sides reaching the goat limit in the same round are all goats."""
    g = new_game("kozel", 3, deal(["5-6 1-1", "3-4 2-5", "6-6"], leader=2))
    g.totals = [90, 95, 0]
    play1(g, "6-6")
    assert g.totals == [103, 109, 0]
    assert g.outcome is not None and g.outcome.losers == (0, 1) and g.outcome.winners == (2,)


def test_a_discarded_write_does_not_make_a_goat() -> None:
    """4.3: a write under 13 is discarded, so 100 + 12 stays 100."""
    g = new_game("kozel", 2, deal(["5-6 0-1", "6-6"], leader=1), deal(["1-1", "2-2"], leader=1))
    g.totals = [100, 0]
    play1(g, "6-6")
    assert g.totals == [100, 0] and g.outcome is None


def test_fish_point_option_writes_one_point_to_the_fish_maker() -> None:
    """4.3 option `fish_point`: the side of the player who made the fish gets 1 point;
    off by default; never on a domino."""
    hands = ["0-0 1-1", "6-6 5-5", "2-3"]
    g = new_game("kozel", 3, deal(hands), options={"fish_point": True})
    r = play1(g, "0-0")
    assert r.round_end is not None and r.round_end.points == (1, 22, 0)
    g = new_game("kozel", 3, deal(hands))
    assert play1(g, "0-0").round_end.points == (0, 22, 0)  # type: ignore[union-attr]
    g = new_game("kozel", 2, deal(["6-6", "5-5 4-4"]), options={"fish_point": True})
    assert play1(g, "6-6").round_end.points == (0, 18)  # type: ignore[union-attr]


def test_redeal_rule_and_deal_sizes() -> None:
    """4.3: redeal when a hand holds 5+ doubles or 6+ tiles of one pip; 7 each; with 2
    or 3 players the rest is the boneyard, all drawable; with 4 everything is dealt."""
    v = variant("kozel", 2)
    other = tiles("1-2 1-3 1-4 1-5 1-6 2-3 2-4")
    assert v.needs_redeal([tiles("0-0 1-1 2-2 3-3 4-4 5-6 0-5"), other])
    assert v.needs_redeal([tiles("0-1 0-2 0-3 0-4 0-5 0-6 5-6"), other])
    assert not v.needs_redeal([tiles("0-1 0-2 0-3 0-4 0-5 5-5 5-6"), other])
    for players, drawable in ((2, 14), (3, 7), (4, 0)):
        for seed in range(10):
            g = Game(variant("kozel", players), seed=seed)
            assert [len(h) for h in g.round.hands] == [7] * players
            assert g.round.drawable == drawable
            assert not g.variant.needs_redeal(g.round.deal.hands)
    assert variant("kozel", 4).sides == ((0, 2), (1, 3))
    assert variant("kozel", 4, teams=False).sides == ((0,), (1,), (2,), (3,))
