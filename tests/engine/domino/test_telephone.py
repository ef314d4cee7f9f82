"""Worked examples of `telephone` (docs/rules.md 4.1 and the telephone lines of 3a).

Four-player examples use short endgame hands and no boneyard, so nobody draws;
``forced`` is the tile a first round must lead (None: a later round, any tile).
"""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalMoveError
from engine.core.results import EndKind, GameEndReason
from engine.core.tiles import Tile
from engine.domino.game import Game
from engine.domino.table import Layout, SidesOpen, SpinnerRule

from .helpers import T, deal, ends, legal_texts, new_game, play, play1, tiles, variant


# ------------------------------------------------------------------ first lead
def test_first_lead_follows_the_list_2_3_then_doubles_1_1_up_to_6_6_then_0_0() -> None:
    """4.1: the holder of the first tile of 2-3, 1-1, 2-2, ..., 6-6, 0-0 leads with it."""
    v = variant("telephone", 2)
    lot = random.Random(0)
    assert v.first_lead([tiles("1-1 0-0"), tiles("2-3 6-6")], lot) == (1, T("2-3"))
    assert v.first_lead([tiles("2-2 0-0"), tiles("1-1 6-6")], lot) == (1, T("1-1"))
    assert v.first_lead([tiles("0-0 0-1"), tiles("6-6 5-6")], lot) == (1, T("6-6"))
    assert v.first_lead([tiles("0-0 0-1"), tiles("5-6 4-6")], lot) == (0, T("0-0"))


def test_first_lead_with_no_listed_tile_in_any_hand_means_redeal() -> None:
    """4.1: with none of the list's tiles in any hand: redeal (first_lead gives None)."""
    v = variant("telephone", 2)
    hands = [tiles("0-1 0-2 0-3 0-4 0-5 0-6 1-2"), tiles("1-3 1-4 1-5 1-6 2-4 2-5 2-6")]
    assert v.first_lead(hands, random.Random(0)) is None


def test_seeded_first_round_leads_the_listed_tile_and_later_rounds_any_tile() -> None:
    """4.1: with 4 players 2-3 is always dealt, so it is always the first lead;
    with 2 players the first listed tile in a hand. 3a: forced leads in round 0 only."""
    for seed in range(30):
        g4 = Game(variant("telephone", 4), seed=seed)
        d = g4.round.deal
        assert d.forced == T("2-3") and T("2-3") in d.hands[d.leader]
        assert legal_texts(g4) == {"2-3"}
        g2 = Game(variant("telephone", 2), seed=seed)
        d = g2.round.deal
        held = {t for h in d.hands for t in h}
        first = next(t for t in tiles("2-3 1-1 2-2 3-3 4-4 5-5 6-6 0-0") if t in held)
        assert d.forced == first and first in d.hands[d.leader]


def test_redeal_when_a_hand_has_five_doubles_or_six_tiles_of_one_pip() -> None:
    """4.1: redeal when any hand holds 5+ doubles or 6+ tiles carrying one pip."""
    v = variant("telephone", 2)
    other = tiles("1-2 1-3 1-4 1-5 1-6 2-3 2-4")
    assert v.needs_redeal([tiles("0-0 1-1 2-2 3-3 4-4 5-6 0-5"), other])
    assert not v.needs_redeal([tiles("0-0 1-1 2-2 3-3 4-5 5-6 0-5"), other])
    # 6-6 carries the pip 6 once: 6-6 and five other sixes make six tiles of 6.
    assert v.needs_redeal([tiles("6-6 0-6 1-6 2-6 3-6 4-6 0-1"), other])
    assert not v.needs_redeal([tiles("6-6 0-6 1-6 2-6 3-6 0-1 0-2"), other])
    for seed in range(40):
        g = Game(v, seed=seed)
        assert not v.needs_redeal(g.round.deal.hands)


# ----------------------------------------------------------------- the table
def test_lead_scores_only_when_it_is_5_5() -> None:
    """4.1: the lead scores only if it is 5-5 (count 10: 2 points); 2-3 (count 5) scores 0."""
    g = new_game("telephone", 4, deal(["5-5 6-6", "0-1", "0-2", "0-3"]))
    assert play1(g, "5-5").points == 2
    assert g.totals == [2, 0]
    g = new_game("telephone", 4, deal(["2-3 6-6", "3-0", "0-4", "0-5"], forced="2-3"))
    r = play1(g, "2-3")
    assert g.round.table.count() == 5 and r.points == 0 and g.totals == [0, 0]


def test_double_at_an_end_counts_both_halves_and_first_closed_double_cross() -> None:
    """4.1 / section 2: a double at an end counts 2 x pip; with `first-closed-double`
    it is not the cross (no N, S) until a tile lies on its outer side; then N and S
    open at once and the cross itself counts no more."""
    g = new_game("telephone", 4, deal(
        ["2-3 4-2 6-6", "3-4 0-0", "4-4 1-1", "4-1 0-1"], forced="2-3"))
    v = g.variant
    assert v.table_rules.spinner is SpinnerRule.FIRST_CLOSED_DOUBLE
    assert play1(g, "2-3").points == 0
    assert play1(g, "3-4").points == 0  # W=2, E=4: 6
    r = play1(g, "4-4")  # W=2, E=4-4 counted 8: 10 -> 2 points for seat 2 (side 0)
    assert r.points == 2 and g.totals == [2, 0]
    assert g.round.table.spinner is None
    assert ends(g) == {"W": 2, "E": 4}  # no N or S yet
    r = play1(g, "4-1")  # 4-4 now has tiles on both main sides: it is the cross
    assert g.round.table.spinner is not None and g.round.table.ns_open
    assert ends(g) == {"W": 2, "E": 1, "N": 4, "S": 4}
    assert g.round.table.counted_ends() == [2, 1] and r.points == 0
    assert g.round.table.four_ends() == (2, 1, 4, 4)
    r = play1(g, "4-2:N")  # W=2, E=1, N=2: 5 -> 1 point
    assert r.points == 1 and g.totals == [3, 0]


def test_lead_double_is_the_cross_and_its_n_s_open_after_both_main_sides() -> None:
    """4.1: a lead double is the cross; its N and S open once W and E both hold a
    tile; while a main side is free the cross counts as a double (1-1: 2)."""
    g = new_game("telephone", 4, deal(
        ["1-1 1-4 6-6", "1-3 0-0", "1-2 6-5", "1-5 0-4"], forced="1-1"))
    assert play1(g, "1-1").points == 0  # count 2; only 5-5 scores as a lead
    assert g.round.table.spinner is not None and not g.round.table.ns_open
    r = play1(g, "1-3:W")  # W=3 + cross 2 (E free) = 5 -> 1 point for side 1
    assert r.points == 1 and ends(g) == {"W": 3, "E": 1}
    r = play1(g, "1-2")  # W=3, E=2 = 5; the cross counts no more -> 1 point
    assert r.points == 1 and g.round.table.counted_ends() == [3, 2]
    assert ends(g) == {"W": 3, "E": 2, "N": 1, "S": 1}
    r = play1(g, "1-5:N")  # 3 + 2 + 5 = 10 -> 2 points
    assert r.points == 2
    assert play1(g, "1-4:S").points == 0  # 14
    assert g.totals == [1, 3]


# ------------------------------------------------------------------ round end
def test_domino_rewards_opponents_pips_rounded_up_to_5_over_5_not_the_partners() -> None:
    """4.1: the winning side gets its opponents' pips rounded up to 5, divided by 5
    (23 pips give 5); the partner's pips are not counted."""
    g = new_game("telephone", 4, deal(["6-6", "5-6 4-4", "6-4 5-5", "1-3"]))
    r = play1(g, "6-6")
    assert r.round_end is not None and r.round_end.kind is EndKind.DOMINO
    assert r.round_end.points == (5, 0) and g.totals == [5, 0]


@pytest.mark.parametrize(("before", "after"), [
    ([39, 0], [42, 0]),  # under 40: rewarded
    ([40, 0], [40, 0]),  # 40 or more: no reward
    ([45, 30], [45, 30]),
])
def test_no_reward_to_a_side_that_already_has_40(before: list[int], after: list[int]) -> None:
    """4.1: no reward is credited to a side that already has 40 points or more."""
    g = new_game("telephone", 4, deal(["6-6", "0-1 2-2", "5-6", "3-4"]))  # reward 12 -> 3
    g.totals = list(before)
    play1(g, "6-6")
    assert g.totals == after


def test_40_rule_is_judged_after_in_play_points_and_spares_in_play_scoring() -> None:
    """3a: the 40 rule concerns only the round-end reward, judged when it would be
    credited: in-play points still score, and count toward the 40."""
    g = new_game("telephone", 4, deal(["5-5", "0-1 2-2", "5-6", "3-4"]))
    g.totals = [38, 0]
    r = play1(g, "5-5")  # 2 in play -> 40; the reward (3) is then refused
    assert r.points == 2 and r.round_end is not None and r.round_end.points == (0, 0)
    assert g.totals == [40, 0]


def test_fish_rewards_side_with_fewer_pips_and_its_lighter_partner_leads_next() -> None:
    """4.1 + 3a: in a fish the side with fewer pips (partners added) wins the reward;
    the partner with fewer pips leads the next round."""
    g = new_game("telephone", 4, deal(["0-0 6-6", "4-5", "1-2", "5-6 3-3"]))
    r = play1(g, "0-0")  # nobody holds a 0: fish at once
    end = r.round_end
    assert end is not None and end.kind is EndKind.FISH
    assert end.side_pips == (15, 26) and end.winner == 0
    assert g.totals == [6, 0]  # 26 -> 30 / 5
    assert g.variant.next_lead(g, g.round) == (2, None)  # seat 2 holds 3 < 12


def test_fish_partners_with_equal_pips_the_lower_seat_leads() -> None:
    """3a: after a fish won by a team, partners with equal pips: the lower seat leads."""
    g = new_game("telephone", 4, deal(["1-3 0-0", "4-5", "2-2", "5-6"], leader=0))
    play1(g, "0-0")
    assert g.round.end is not None and g.round.end.winner == 0
    assert g.variant.next_lead(g, g.round) == (0, None)


def test_domino_winner_leads_the_next_round_any_tile() -> None:
    """4.1: in later rounds the winner of the last round leads, any tile."""
    g = new_game("telephone", 4, deal(["0-1 1-2", "6-6", "3-3", "2-2"], leader=1),
                 deal(["2-5 0-6 1-2", "3-4 4-6", "1-1", "0-3"], leader=1))
    r = play1(g, "6-6")  # seat 1 goes out with the lead
    assert r.round_end is not None and r.round_end.kind is EndKind.DOMINO
    assert g.variant.next_lead(g, g.rounds[0]) == (1, None)
    assert r.new_round and g.round.turn == 1
    assert legal_texts(g) == {"3-4", "4-6"}


def test_eggs_carry_the_reward_and_consecutive_eggs_add_up() -> None:
    """4.1 + 3a: a fish with tied sides rewards nobody; the reward itself (tied pips
    rounded up to 5, over 5) goes to the next round's winner on top of its own;
    consecutive eggs add up; after eggs the last round's leader leads again."""
    g = new_game(
        "telephone", 4,
        # eggs: side 1 = 12 + 3, side 0 = 9 + 6: 15 each -> carry 3
        deal(["4-5", "0-0 6-6", "1-5", "1-2"], leader=1),
        # eggs again: 2 + 6 = 8 and 3 + 5 = 8 -> carry 3 + 2 = 5
        deal(["1-2", "0-0 1-1", "1-4", "3-3"], leader=1),
        # seat 1 goes out; opponents hold 11 + 2 = 13 -> 3, plus the carry 5
        deal(["5-6", "6-6", "1-1", "4-4"], leader=1),
    )
    r = play1(g, "0-0")
    assert r.round_end is not None and r.round_end.kind is EndKind.EGGS
    assert r.round_end.points == (0, 0) and g.carry == 3 and g.totals == [0, 0]
    assert g.variant.next_lead(g, g.rounds[0]) == (1, None)
    r = play1(g, "0-0")
    assert r.round_end is not None and r.round_end.kind is EndKind.EGGS
    assert g.carry == 5 and g.totals == [0, 0]
    assert g.variant.next_lead(g, g.rounds[1]) == (1, None)
    r = play1(g, "6-6")
    assert r.round_end is not None and r.round_end.points == (0, 8)
    assert g.totals == [0, 8] and g.carry == 0


def test_eggs_carry_is_lost_when_the_next_winner_has_40() -> None:
    """3a: the carried reward is part of the reward and the 40 rule applies to it."""
    g = new_game("telephone", 4,
                 deal(["4-5", "0-0 6-6", "1-5", "1-2"], leader=1),
                 deal(["5-6", "6-6", "1-1", "4-4"], leader=1))
    play1(g, "0-0")
    assert g.carry == 3
    g.totals = [0, 41]
    r = play1(g, "6-6")
    assert r.round_end is not None and r.round_end.points == (0, 0)
    assert g.totals == [0, 41] and g.carry == 0


def test_four_fives_fish_wins_the_game_for_the_last_placer_without_fish_reward() -> None:
    """4.1 + 3a: a fish whose four ends (W, E, N, S; an empty N or S shows the
    cross's pip) all show 5 wins the game at once for the last placer's side,
    even though that side holds more pips; no fish reward is added."""
    g = new_game("telephone", 4, deal(["5-5 6-6", "0-1", "2-3", "4-4"]))
    r = play1(g, "5-5")  # 2 points for the lead; nobody holds a 5: fish
    assert r.points == 2
    assert g.round.table.four_ends() == (5, 5, 5, 5)
    end = r.round_end
    assert end is not None and end.points == (0, 0)
    assert end.side_pips == (17, 9)  # side 1 would have won an ordinary fish
    assert g.outcome is not None and g.outcome.winners == (0,)
    assert g.outcome.reason is GameEndReason.FOUR_FIVES
    assert g.totals == [2, 0] and g.legal_moves() == []


def test_fish_with_a_cross_but_not_four_fives_is_an_ordinary_fish() -> None:
    """4.1: only four fives win the game; W=5 (cross), E=0, N=S=5 is an ordinary fish."""
    g = new_game("telephone", 4, deal(["5-5 6-6", "5-0 1-1", "2-3", "4-4"]))
    play1(g, "5-5")
    r = play1(g, "5-0:E")  # cross 10 (W free) + 0 = 10: 2 points for side 1
    assert r.points == 2 and g.round.table.four_ends() == (5, 0, 5, 5)
    end = r.round_end
    assert end is not None and end.kind is EndKind.FISH and end.winner == 1
    assert end.side_pips == (17, 10) and end.points == (0, 4)
    assert g.outcome is None and g.totals == [2, 6]


def test_51_wins_mid_round_at_once() -> None:
    """4.1: the first side with 51 or more wins at the moment it gets there, even in
    the middle of a round; nothing more can be played."""
    g = new_game("telephone", 4, deal(["2-3 4-2 6-6", "3-4 0-0", "4-4 1-1", "4-1 0-1"],
                                      forced="2-3"))
    g.totals = [49, 0]
    play(g, "2-3", "3-4")
    r = play1(g, "4-4")  # 10 -> 2 points: 51
    assert r.points == 2 and g.totals == [51, 0]
    assert g.outcome is not None and g.outcome.winners == (0,) and g.outcome.losers == (1,)
    assert g.outcome.reason is GameEndReason.TARGET
    assert g.round.end is None and g.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        play1(g, "4-1")


def test_51_reached_on_the_last_tile_gets_no_round_end_reward() -> None:
    """3a: when in-play points end the game on the round's last tile, no round-end
    scoring follows (the opponents' 12 pips are not rewarded)."""
    g = new_game("telephone", 4, deal(["5-5", "0-1 2-2", "5-6", "3-4"]))
    g.totals = [49, 0]
    r = play1(g, "5-5")
    assert g.totals == [51, 0] and g.outcome is not None and g.outcome.winners == (0,)
    assert r.round_end is not None and r.round_end.kind is EndKind.DOMINO
    assert r.round_end.points == (0, 0) and g.round.points == [2, 0]


# ------------------------------------------------------------ the boneyard
def test_two_player_boneyard_has_14_tiles_the_last_locked() -> None:
    """4.1: with 2 players 7 each; the boneyard holds 14, its last tile locked (13 drawable)."""
    g = Game(variant("telephone", 2), seed=5)
    assert [len(h) for h in g.round.hands] == [7, 7]
    assert len(g.round.deal.boneyard) == 14 and g.round.drawable == 13
    assert g.view(0).boneyard_left == 13 and g.view(0).boneyard_unseen == 14
    g4 = Game(variant("telephone", 4), seed=5)
    assert [len(h) for h in g4.round.hands] == [7] * 4 and g4.round.drawable == 0


def test_locked_last_tile_is_never_drawn_the_player_passes() -> None:
    """4.1: the locked tile cannot be drawn even though it fits; the player passes."""
    g = new_game("telephone", 2, deal(["6-6 6-1 2-2", "3-4"], boneyard="4-5 0-6"))
    play1(g, "6-6")
    assert legal_texts(g) == {"draw"}
    r = play1(g, "draw")
    assert r.drawn == T("4-5")
    assert legal_texts(g) == {"pass"}  # 0-6 would fit, but it is locked
    with pytest.raises(IllegalMoveError):
        play1(g, "draw")
    play1(g, "pass")
    assert legal_texts(g) == {"1-6:W", "1-6:E"}
    assert T("0-6") not in g.round.hands[1]


def test_telephone_rules_object() -> None:
    """4.1: spinner layout, first-closed-double, N/S after both main, doubles 2 x pip,
    only 2 or 4 players, 4 players always in teams."""
    v = variant("telephone", 4)
    r = v.table_rules
    assert (r.layout, r.spinner, r.sides_open, r.double_counts) == (
        Layout.SPINNER, SpinnerRule.FIRST_CLOSED_DOUBLE, SidesOpen.AFTER_BOTH_MAIN, 2)
    assert v.sides == ((0, 2), (1, 3))
    assert Tile(5, 5).pips == 10
