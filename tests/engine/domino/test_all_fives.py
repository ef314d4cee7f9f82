"""Worked examples of `all_fives` (docs/rules.md 4.4 and the fives lines of 3a)."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import OptionsError
from engine.core.results import EndKind, GameEndReason
from engine.domino.game import Game
from engine.domino.table import Layout, SidesOpen, SpinnerRule

from .helpers import T, deal, ends, legal_texts, new_game, play1, tiles, variant


def test_first_lead_highest_double_else_highest_tile() -> None:
    """4.4: the holder of the highest double leads it; with no double in any hand, the
    holder of the highest tile (3a: ties by the higher half, 3-6 before 4-5)."""
    v = variant("all_fives", 2)
    lot = random.Random(0)
    assert v.first_lead([tiles("5-5 5-6"), tiles("6-6 0-1")], lot) == (1, T("6-6"))
    assert v.first_lead([tiles("0-0 5-6"), tiles("1-2 4-6")], lot) == (0, T("0-0"))
    assert v.first_lead([tiles("4-5 0-1"), tiles("3-6 1-2")], lot) == (1, T("3-6"))
    assert v.first_lead([tiles("4-5 5-6"), tiles("3-6 1-2")], lot) == (0, T("5-6"))
    for seed in range(20):
        g = Game(v, seed=seed)
        held = [t for h in g.round.deal.hands for t in h]
        doubles = [t for t in held if t.is_double]
        assert doubles  # 7 of 14 tiles dealt; no double at all is rare
        assert g.round.deal.forced == max(doubles, key=lambda t: t.a)
        assert legal_texts(g) == {str(g.round.deal.forced)}


@pytest.mark.parametrize(("lead", "points"), [("5-5", 10), ("6-4", 10), ("3-2", 5),
                                                ("6-6", 0), ("0-0", 0)])
def test_the_lead_scores_its_count(lead: str, points: int) -> None:
    """4.4: the lead counts: a lone 5-5 (the spinner) counts 10, 6-4 counts 10, 3-2
    counts 5; 6-6 (12) and 0-0 (0: not positive) score nothing."""
    g = new_game("all_fives", 2, deal([f"{lead} 1-1", "2-4"], fill=True))
    assert play1(g, lead).points == points
    assert g.totals == [points, 0]


def test_lead_spinner_counts_while_a_main_side_is_free_and_ns_open_after_both() -> None:
    """4.4: spinner layout, first double, N and S open after both main sides touch a
    tile; the spinner counts 2 x pip while a main side is free, then no more."""
    g = new_game("all_fives", 2, deal(["5-5 5-4 6-6", "5-1 5-0 3-3"], fill=True))
    assert play1(g, "5-5").points == 10
    assert ends(g) == {"W": 5, "E": 5}
    r = play1(g, "5-1:E")  # spinner 10 (W free) + 1 = 11
    assert r.points == 0 and g.round.table.counted_ends() == [10, 1]
    r = play1(g, "5-4")  # W=4, E=1: 5 (the spinner would make it 15)
    assert r.points == 5 and g.round.table.counted_ends() == [4, 1]
    assert ends(g) == {"W": 4, "E": 1, "N": 5, "S": 5}
    r = play1(g, "5-0:N")  # 4 + 1 + 0 = 5; S empty counts nothing
    assert r.points == 5 and g.totals == [15, 5]


def test_later_first_double_is_the_spinner_and_a_double_at_an_end_counts_twice() -> None:
    """4.4: the first double placed is the spinner (N, S closed until its outer side
    holds a tile); any other double at an end counts both halves (6-6 at W: 12)."""
    g = new_game("all_fives", 2, deal(["6-4 4-1 6-6 0-0", "4-4 4-2 3-3"], fill=True))
    assert play1(g, "6-4").points == 10
    r = play1(g, "4-4")  # W=6, spinner at E counts 8: 14
    assert r.points == 0 and ends(g) == {"W": 6, "E": 4}
    assert g.round.table.spinner is not None
    r = play1(g, "4-1")  # W=6, E=1: 7; N and S open
    assert r.points == 0 and ends(g) == {"W": 6, "E": 1, "N": 4, "S": 4}
    assert play1(g, "4-2:N").points == 0  # 6 + 1 + 2 = 9
    r = play1(g, "6-6")  # 12 + 1 + 2 = 15
    assert r.points == 15 and g.totals == [25, 0]
    assert g.round.table.spinner_tile().tile == T("4-4")  # type: ignore[union-attr]


def test_domino_scores_the_sum_of_all_opponents_pips() -> None:
    """4.4: the player who dominoes scores the sum of all opponents' pips (3 players)."""
    g = new_game("all_fives", 3, deal(["1-2", "5-6", "3-4 0-2"]))
    r = play1(g, "1-2")
    assert r.round_end is not None and r.round_end.kind is EndKind.DOMINO
    assert r.round_end.points == (20, 0, 0) and g.totals == [20, 0, 0]


def test_fish_fewest_pips_scores_each_opponents_pips_minus_his_own() -> None:
    """4.4: in a fish the player with the fewest pips scores, for each opponent, that
    opponent's pips minus his own: (11 - 2) + (7 - 2) = 14."""
    g = new_game("all_fives", 3, deal(["0-0 1-1", "5-6", "3-4"]))
    r = play1(g, "0-0")
    assert r.round_end is not None and r.round_end.kind is EndKind.FISH
    assert r.round_end.points == (14, 0, 0)


def test_tied_lowest_fish_scores_nobody_and_carries_nothing() -> None:
    """4.4 + 3a: tied lowest: eggs; nobody scores and nothing is carried over."""
    g = new_game("all_fives", 3, deal(["0-0 1-3", "2-2", "5-6"]), deal(["1-2", "6-6", "3-3"]))
    r = play1(g, "0-0")
    assert r.round_end is not None and r.round_end.kind is EndKind.EGGS
    assert r.round_end.points == (0, 0, 0) and g.carry == 0 and g.totals == [0, 0, 0]
    assert r.new_round
    play1(g, "1-2")  # domino by seat 0 in the next round: 12 + 6 only
    assert g.totals == [18, 0, 0]


def test_target_150_reached_mid_round_ends_the_game_at_once() -> None:
    """4.4: the target is checked after every score, so the game can end mid-round."""
    g = new_game("all_fives", 2, deal(["6-4 1-1", "4-2 0-3"]))
    g.totals = [140, 100]
    r = play1(g, "6-4")
    assert r.points == 10 and g.totals == [150, 100]
    assert g.outcome is not None and g.outcome.winners == (0,)
    assert g.outcome.reason is GameEndReason.TARGET
    assert g.round.end is None and g.legal_moves() == []


def test_target_reached_on_the_last_tile_no_round_end_scoring() -> None:
    """3a: when in-play points end the game on the round's last tile, no round-end
    scoring follows (the opponent's 11 pips are not added)."""
    g = new_game("all_fives", 2, deal(["5-5", "5-6"]))
    g.totals = [140, 0]
    r = play1(g, "5-5")
    assert g.totals == [150, 0] and g.outcome is not None
    assert r.round_end is not None and r.round_end.points == (0, 0)


def test_target_reached_by_round_end_points_and_target_option() -> None:
    """4.4: round-end points count toward the target; option target 100."""
    g = new_game("all_fives", 2, deal(["1-2", "5-6"]))
    g.totals = [140, 0]
    play1(g, "1-2")  # 3: no in-play score; domino: 11
    assert g.totals == [151, 0] and g.outcome is not None and g.outcome.winners == (0,)
    g = new_game("all_fives", 2, deal(["1-2", "5-6"]), deal(["0-1", "0-2"]),
                 options={"target": 100})
    g.totals = [95, 0]
    play1(g, "1-2")
    assert g.outcome is not None and g.variant.target == 100
    with pytest.raises(OptionsError):
        variant("all_fives", 2, target=120)


def test_teams_domino_scores_the_opposing_sides_pips_only() -> None:
    """3a: with teams in the fives family a domino scores the opposing side's pips
    (11 + 7), not the partner's (12); in-play points go to the side."""
    g = new_game("all_fives", 4, deal(["1-2", "5-6", "6-6", "3-4"]), options={"teams": True})
    r = play1(g, "1-2")
    assert r.round_end is not None and r.round_end.points == (18, 0)
    g = new_game("all_fives", 4, deal(["0-0 1-1", "5-6", "1-2", "3-4"]),
                 options={"teams": True})
    r = play1(g, "0-0")  # fish: side 0 has 2 + 3, side 1 has 11 + 7
    assert r.round_end is not None and r.round_end.points == (13, 0)


def test_later_rounds_lead_passes_clockwise_any_tile() -> None:
    """4.4: later rounds the lead passes clockwise from the last leader, any tile,
    whoever won."""
    g = new_game("all_fives", 3, deal(["1-2", "6-6", "0-1"], leader=1),
                 deal(["0-4 1-2 5-5", "3-3 2-5", "0-1 6-6"], leader=2))
    play1(g, "6-6")  # seat 1 leads and wins
    assert g.variant.next_lead(g, g.rounds[0]) == (2, None)
    assert legal_texts(g) == {"0-1", "6-6"}


def test_all_fives_rules_object_and_deal() -> None:
    """4.4: 2 players 7 each (option 3 or 4: 5 each), the rest drawable."""
    r = variant("all_fives", 2).table_rules
    assert (r.layout, r.spinner, r.sides_open, r.double_counts) == (
        Layout.SPINNER, SpinnerRule.FIRST_DOUBLE, SidesOpen.AFTER_BOTH_MAIN, 2)
    for players, size in ((2, 7), (3, 5), (4, 5)):
        g = Game(variant("all_fives", players), seed=1)
        assert [len(h) for h in g.round.hands] == [size] * players
        assert g.round.drawable == 28 - size * players
    assert variant("all_fives", 4).sides == ((0,), (1,), (2,), (3,))


def test_a_scoring_last_tile_keeps_in_play_and_round_points_apart() -> None:
    """4.4 + DESIGN: a domino whose tile also scores in play: the move's points are the
    in-play 10; the round-end 11 appears only in the round's points."""
    g = new_game("all_fives", 2, deal(["6-4", "5-6"]), deal(["0-1", "0-2"], leader=1))
    r = play1(g, "6-4")
    assert r.points == 10
    assert r.round_end is not None and r.round_end.points == (11, 0)
    assert g.rounds[0].points == [21, 0] and g.totals == [21, 0]


def test_a_draw_of_the_last_tile_can_end_the_round_in_a_fish() -> None:
    """3 + DESIGN: the round ends at the draw after which nobody can place or draw;
    the fish is the last placer's (seat 0): 2 pips against 14 scores 12."""
    g = new_game("all_fives", 2, deal(["6-6 1-1", "2-3"], boneyard="4-5"))
    play1(g, "6-6")
    r = play1(g, "draw")
    assert r.round_end is not None and r.round_end.kind is EndKind.FISH
    assert r.round_end.seat == 0 and r.round_end.points == (12, 0)
    assert [m for _, m, _ in g.round.moves] == ["6-6", "draw"]
