"""Worked examples of `draw` (docs/rules.md 4.5) and `block` (4.6)."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalMoveError
from engine.core.results import EndKind, GameEndReason
from engine.domino.game import Game
from engine.domino.table import Layout

from .helpers import T, deal, ends, legal_texts, new_game, play, play1, tiles, variant


# ====================================================================== draw
def test_draw_line_layout_and_no_scoring_in_play() -> None:
    """4.5: as all_fives but line layout (no spinner, no N/S) and no in-play scoring:
    a 5-5 lead (10) or 6-4 (10) scores nothing."""
    assert variant("draw", 2).table_rules.layout is Layout.LINE
    g = new_game("draw", 2, deal(["5-5 6-6", "5-0 4-4"], fill=True))
    assert play1(g, "5-5").points == 0
    assert play1(g, "5-0:E").points == 0  # 10 + 0 would score 10 in all_fives
    assert ends(g) == {"W": 5, "E": 0} and g.round.table.spinner is None
    g = new_game("draw", 2, deal(["6-4 6-6", "4-1 4-4"], fill=True))
    assert play1(g, "6-4").points == 0
    assert g.totals == [0, 0]


def test_draw_first_lead_highest_double_else_heaviest_tile() -> None:
    """4.5 (as 4.4): highest double leads; no double: the highest tile."""
    v = variant("draw", 2)
    lot = random.Random(0)
    assert v.first_lead([tiles("1-1 5-6"), tiles("4-4 0-1")], lot) == (1, T("4-4"))
    assert v.first_lead([tiles("1-2 5-6"), tiles("4-6 0-1")], lot) == (0, T("5-6"))
    g = new_game("draw", 2, deal(["1-1 5-6", "4-4 0-1"], leader=1, forced="4-4", fill=True))
    assert legal_texts(g) == {"4-4"}
    with pytest.raises(IllegalMoveError, match="lead must be 4-4"):
        play1(g, "0-1")


def test_draw_domino_scores_opponents_pips_and_target_100() -> None:
    """4.5: a domino scores the opponent's pips; the target is 100."""
    assert variant("draw", 2).target == 100
    g = new_game("draw", 2, deal(["1-2", "5-6 4-4"]))
    g.totals = [80, 50]
    r = play1(g, "1-2")
    assert r.round_end is not None and r.round_end.points == (19, 0)
    assert g.totals == [99, 50] and g.outcome is None
    g = new_game("draw", 2, deal(["1-2", "5-6 4-4"]))
    g.totals = [81, 50]
    play1(g, "1-2")
    assert g.outcome is not None and g.outcome.winners == (0,)
    assert g.outcome.reason is GameEndReason.TARGET


def test_draw_fish_difference_and_eggs_score_nothing() -> None:
    """4.5 (as 4.4): fish: fewest pips scores each opponent's pips minus his own;
    a tie for the fewest scores nothing."""
    g = new_game("draw", 2, deal(["0-0 1-1", "5-6"]))
    r = play1(g, "0-0")
    assert r.round_end is not None and r.round_end.kind is EndKind.FISH
    assert r.round_end.points == (9, 0)
    g = new_game("draw", 2, deal(["0-0 1-3", "2-2"]))
    r = play1(g, "0-0")
    assert r.round_end is not None and r.round_end.kind is EndKind.EGGS
    assert r.round_end.points == (0, 0) and g.carry == 0


def test_draw_draws_until_playable_then_must_place() -> None:
    """3 / 4.5: a player who cannot place draws one tile at a time until he can;
    then he must place (no more drawing, no passing)."""
    g = new_game("draw", 2, deal(["6-6 6-1 2-2 3-3 0-0 0-1 0-2", "1-2 1-3 1-4 1-5 2-3 2-4 2-5"],
                                 boneyard="3-4 4-5 5-6 0-3", fill=True))
    play1(g, "6-6")
    for drawn in ("3-4", "4-5"):
        assert legal_texts(g) == {"draw"}
        assert play1(g, "draw").drawn == T(drawn)
    assert legal_texts(g) == {"draw"}
    r = play1(g, "draw")
    assert r.drawn == T("5-6") and legal_texts(g) == {"5-6:W", "5-6:E"}
    for bad in ("draw", "pass"):
        with pytest.raises(IllegalMoveError):
            play1(g, bad)
    play1(g, "5-6:E")
    assert g.round.hands[1] == [*tiles("1-2 1-3 1-4 1-5 2-3 2-4 2-5 3-4 4-5")]


def test_draw_teams_option_and_clockwise_leaders() -> None:
    """4.5 + 3a: with teams the domino scores the opposing side only; the lead passes
    clockwise."""
    g = new_game("draw", 4, deal(["1-2 1-1", "4-4", "5-6", "3-4"], leader=3),
                 deal(["1-2", "0-0", "5-6", "3-4"], leader=0), options={"teams": True})
    r = play(g, "3-4")[0]  # seat 3 leads his last tile: 5 + 11, not partner's 8
    assert r.round_end is not None and r.round_end.points == (0, 16)
    assert g.variant.next_lead(g, g.rounds[0]) == (0, None)
    assert g.round.turn == 0


def test_draw_three_players_fish_scores_each_difference() -> None:
    """4.5 (as 4.4, 3 players): the fewest pips scores (11 - 2) + (7 - 2) = 14."""
    g = new_game("draw", 3, deal(["0-0 1-1", "5-6", "3-4"]))
    r = play1(g, "0-0")
    assert r.round_end is not None and r.round_end.kind is EndKind.FISH
    assert r.round_end.points == (14, 0, 0) and g.totals == [14, 0, 0]


def test_draw_doubles_lie_along_the_line_without_sides() -> None:
    """4.5: line layout: a double never gets N and S; nothing counts or scores."""
    g = new_game("draw", 2, deal(["3-4 4-6 2-2", "4-4 6-6 0-1"], fill=True))
    play(g, "3-4", "4-4")
    assert ends(g) == {"W": 3, "E": 4} and g.round.table.spinner is None
    play(g, "4-6", "6-6")
    assert ends(g) == {"W": 3, "E": 6} and g.round.table.four_ends() is None
    assert g.totals == [0, 0]


def test_draw_pass_only_once_the_boneyard_is_empty() -> None:
    """3: with the boneyard empty a player who cannot place passes."""
    g = new_game("draw", 2, deal(["6-6 6-1 2-2", "3-4"], boneyard="4-5"))
    play1(g, "6-6")
    assert legal_texts(g) == {"draw"}
    play1(g, "draw")
    assert legal_texts(g) == {"pass"}
    play1(g, "pass")
    assert g.round.turn == 0 and legal_texts(g) == {"1-6:W", "1-6:E"}


def test_draw_target_option_and_highest_total_wins() -> None:
    """4.5 + 4.4: option target 150; the highest total at or above it wins."""
    g = new_game("draw", 2, deal(["1-2", "5-6 4-4"]), deal(["0-1", "0-2"], leader=1),
                 options={"target": 150})
    g.totals = [90, 140]
    r = play1(g, "1-2")  # 19 for seat 0: 109, under 150
    assert r.new_round and g.outcome is None and g.totals == [109, 140]


# ===================================================================== block
def test_block_deal_sizes_and_left_out_tiles_never_drawn() -> None:
    """4.6: 2 players 7 each and 14 left out; 3 players 7 each and 7 left out; 4
    players everything dealt; nobody draws."""
    for players, left in ((2, 14), (3, 7), (4, 0)):
        g = Game(variant("block", players), seed=2)
        assert [len(h) for h in g.round.hands] == [7] * players
        assert len(g.round.deal.boneyard) == left and g.round.drawable == 0
        v = g.view(0)
        assert v.boneyard_left == 0 and v.boneyard_unseen == left


def test_block_player_who_cannot_place_passes_with_tiles_left_out() -> None:
    """4.6: nobody draws: a player who cannot place passes, though tiles are left out."""
    g = new_game("block", 2, deal(["6-6 6-1 2-2", "3-4 0-1"], boneyard="6-0 1-3"))
    play1(g, "6-6")
    assert legal_texts(g) == {"pass"}
    with pytest.raises(IllegalMoveError, match="nothing to draw"):
        play1(g, "draw")
    play1(g, "pass")
    play1(g, "6-1:E")
    assert legal_texts(g) == {"0-1:E"}


def test_block_fish_with_left_out_tiles() -> None:
    """4.6: the round is a fish when nobody can place, whatever is left out (6-0 and
    6-1 would fit); the fewest pips scores the difference (as 4.4): 7 - 2 = 5."""
    g = new_game("block", 2, deal(["6-6 1-1", "3-4"], boneyard="6-0 6-1"))
    r = play1(g, "6-6")
    assert r.round_end is not None and r.round_end.kind is EndKind.FISH
    assert r.round_end.points == (5, 0)


def test_block_four_players_partners_score_together_by_default() -> None:
    """4.6: with 4 players partners score together (default on): the domino scores
    the opposing side's pips only (3a)."""
    v = variant("block", 4)
    assert v.sides == ((0, 2), (1, 3))
    assert variant("block", 4, teams=False).sides == ((0,), (1,), (2,), (3,))
    g = new_game("block", 4, deal(["1-2", "5-6", "6-6", "3-4"]))
    r = play1(g, "1-2")
    assert r.round_end is not None and r.round_end.points == (18, 0)
    g = new_game("block", 4, deal(["1-2", "5-6", "6-6", "3-4"]), options={"teams": False})
    r = play1(g, "1-2")
    assert r.round_end is not None and r.round_end.points == (30, 0, 0, 0)


def test_block_no_scoring_in_play_line_layout_target_100() -> None:
    """4.6: as draw: line layout, no in-play score (5-5 and then 5-0: 10), target 100."""
    v = variant("block", 2)
    assert v.table_rules.layout is Layout.LINE and v.target == 100
    g = new_game("block", 2, deal(["5-5 6-6 0-6", "5-0 4-4"], fill=True))
    assert play1(g, "5-5").points == 0
    assert play1(g, "5-0:E").points == 0
    assert g.totals == [0, 0] and ends(g) == {"W": 5, "E": 0}


def test_block_first_lead_and_clockwise() -> None:
    """4.6 (as 4.4): highest double leads the first round; later the lead passes clockwise."""
    for seed in range(10):
        g = Game(variant("block", 3), seed=seed)
        forced = g.round.deal.forced
        assert forced is not None and forced in g.round.deal.hands[g.round.deal.leader]
    g = new_game("block", 3, deal(["1-2", "6-6", "0-1"], leader=2))
    play1(g, "0-1")
    assert g.variant.next_lead(g, g.round) == (0, None)


def test_block_two_players_domino_scores_the_opponents_pips() -> None:
    """4.6 (as 4.4): the player who goes out scores the opponent's pips (11 + 8)."""
    g = new_game("block", 2, deal(["1-2", "5-6 4-4"], boneyard="0-0"))
    r = play1(g, "1-2")
    assert r.round_end is not None and r.round_end.kind is EndKind.DOMINO
    assert r.round_end.points == (19, 0) and g.totals == [19, 0]


def test_block_first_lead_without_doubles_is_the_heaviest_tile() -> None:
    """4.6 (as 4.4): with 14 tiles dealt there may be no double: the heaviest leads."""
    v = variant("block", 2)
    hands = [tiles("0-1 0-2 0-3 4-5 1-2 1-3 1-4"), tiles("3-6 0-4 0-5 0-6 1-5 1-6 2-3")]
    assert v.first_lead(hands, random.Random(0)) == (1, T("3-6"))


def test_block_target_reached_at_round_end_ends_the_game() -> None:
    """4.6 (as 4.5): target 100 checked after the round's points."""
    g = new_game("block", 2, deal(["1-2", "5-6 4-4"]), deal(["0-1", "0-2"]))
    g.totals = [81, 99]
    play1(g, "1-2")
    assert g.totals == [100, 99] and g.outcome is not None
    assert g.outcome.winners == (0,) and g.outcome.reason is GameEndReason.TARGET


def test_block_three_players_views_show_no_boneyard_to_draw() -> None:
    """4.6: the 7 left-out tiles are unseen and never drawable; a view says so."""
    g = Game(variant("block", 3), seed=9)
    for seat in range(3):
        v = g.view(seat)
        assert v.boneyard_left == 0 and v.boneyard_unseen == 7
        assert not set(v.hand) & set(g.round.deal.boneyard)
