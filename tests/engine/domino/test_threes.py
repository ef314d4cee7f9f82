"""Worked examples of `threes` (docs/rules.md 4.2, and the example of section 2)."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.core.results import EndKind, GameEndReason
from engine.domino.game import Game
from engine.domino.table import Layout, SidesOpen, SpinnerRule

from .helpers import deal, ends, legal_texts, new_game, play, play1, variant


def test_rules_md_section_2_example_exactly() -> None:
    """Section 2 example (threes, doubles count once): lead 2-5; 5-1, 1-3 east; 3-3
    east is the spinner (ends W=2, spinner 3: two ends); 2-6 west: W=6; 3-0 north:
    W=6, spinner 3, N=0 = 9, three ends; 3-4 east: W=6, N=0, E=4 and S counts nothing."""
    g = new_game("threes", 2, deal(["2-5 1-3 2-6 3-4 6-6 4-4", "5-1 3-3 3-0 0-0 5-5 6-5"]))
    t = g.round.table
    steps = [
        ("2-5", [2, 5], 0),
        ("5-1", [2, 1], 0),
        ("1-3", [2, 3], 0),
        ("3-3", [2, 3], 2),  # two ends never score; the first double in turn 4: +2
        ("2-6", [6, 3], 0),  # 9 on two ends: nothing
        ("3-0:N", [6, 3, 0], 6),  # 9 on three ends: 6
        ("3-4:E", [6, 4, 0], 0),  # the spinner no longer counts; S is empty
    ]
    for move, counted, points in steps:
        r = play1(g, move)
        assert sorted(t.counted_ends()) == sorted(counted), move
        assert r.points == points, move
    assert ends(g) == {"W": 6, "E": 4, "N": 0, "S": 3}
    assert t.count() == 10 and len(t.counted_ends()) == 3
    assert g.totals == [0, 8]


def test_two_ends_never_score_and_a_lone_lead_double_is_one_end() -> None:
    """4.2: two ends never score, whatever their sum (lead 3-6: 9 on two ends);
    a lone lead double is one end."""
    g = new_game("threes", 2, deal(["3-6 1-1", "0-5 4-4"]))
    r = play1(g, "3-6")
    assert g.round.table.counted_ends() == [3, 6] and r.points == 0
    g = new_game("threes", 2, deal(["6-6 1-1", "0-5 4-4"]))
    r = play1(g, "6-6")
    assert g.round.table.counted_ends() == [6] and r.points == 2  # only the bonus


def test_spinner_counts_once_while_a_main_side_is_free_and_a_double_at_an_end_once() -> None:
    """4.2 / section 2: N and S open immediately; the spinner counts once (its pip)
    while a main side is free, not after; a double at an end counts once."""
    g = new_game("threes", 2, deal(["2-2 2-6 1-1 0-0", "1-2 2-5 4-4 0-3"]))
    assert play1(g, "2-2").points == 2  # first double in turn 1
    assert ends(g) == {"W": 2, "E": 2, "N": 2, "S": 2}  # N, S open at once
    assert play1(g, "2-1:W").points == 0  # W=1, spinner 2: two ends
    r = play1(g, "2-6:N")  # W=1, spinner 2, N=6: 9 on three ends
    assert g.round.table.counted_ends() == [1, 2, 6] and r.points == 6
    r = play1(g, "2-5:E")  # W=1, E=5, N=6: 12 (with the spinner it would be 14)
    assert g.round.table.counted_ends() == [1, 5, 6] and r.points == 6
    r = play1(g, "1-1")  # W=1-1 counts 1: 1 + 5 + 6 = 12 (2 x 1 would give 13)
    assert g.round.table.counted_ends() == [1, 5, 6] and r.points == 6
    assert g.totals == [2 + 6 + 6, 6]


@pytest.mark.parametrize(("moves", "turn", "bonus"), [
    (["0-0"], 1, 2),
    (["0-1", "pass", "1-1"], 3, 2),
    (["0-1", "pass", "1-2", "2-2"], 4, 2),
    (["0-1", "pass", "1-2", "pass", "2-2"], 5, 4),
    (["0-1", "pass", "1-2", "pass", "2-3", "pass", "3-4", "4-4"], 8, 4),
    (["0-1", "pass", "1-2", "pass", "2-3", "pass", "3-4", "pass", "4-4"], 9, 8),
])
def test_first_double_bonus_tiers_count_passes_as_turns(
        moves: list[str], turn: int, bonus: int) -> None:
    """4.2: the first double (the spinner) scores 2 in turns 1-4, 4 in 5-8, 8 from
    turn 9; passes count as turns."""
    double = moves[-1]
    chain = " ".join(m for m in moves[:-1] if m != "pass")
    if len(moves) % 2:  # the double is seat 0's move
        hands = [f"{chain} {double} 6-6", "5-6"]
    else:
        hands = [f"{chain} 6-6", f"{double} 5-6"]
    g = new_game("threes", 2, deal(hands))
    results = play(g, *moves[:-1])
    assert g.round.turn_number == turn
    results.append(play1(g, double))
    assert results[-1].points == bonus
    assert sum(r.points for r in results[:-1]) == 0


def test_first_double_bonus_a_turn_that_drew_then_placed_counts_once() -> None:
    """4.2: a turn that drew and then placed counts once: the double is still in turn 4."""
    g = new_game("threes", 2, deal(["0-1 2-3 6-6", "3-3 5-6"], boneyard="4-4 1-2 0-6"))
    play1(g, "0-1")
    assert legal_texts(g) == {"draw"}
    play(g, "draw")
    assert legal_texts(g) == {"draw"}  # 4-4 does not fit either
    play(g, "draw", "1-2", "2-3")
    assert g.round.turn_number == 4
    assert play1(g, "3-3").points == 2


def test_only_the_first_double_scores_the_bonus() -> None:
    """4.2: the bonus is for the round's first double only; later doubles score none."""
    g = new_game("threes", 2, deal(["0-1 1-1 4-5", "0-0 6-6"]))
    play1(g, "0-1")
    assert play1(g, "0-0").points == 2  # spinner at turn 2; ends 0, 1: two ends
    r = play1(g, "1-1")  # ends 0 (spinner), 1-1 once: two ends, no bonus
    assert r.points == 0


def test_round_end_scores_no_pips_and_the_game_ends_after_one_round() -> None:
    """4.2: no pip scoring at the end of a round; the game ends after one round,
    most points wins, equal points share the place."""
    g = new_game("threes", 3, deal(["3-4", "6-6 5-5", "0-0 1-1"]))
    r = play1(g, "3-4")
    assert r.round_end is not None and r.round_end.kind is EndKind.DOMINO
    assert r.round_end.points == (0, 0, 0) and g.totals == [0, 0, 0]
    assert g.outcome is not None and g.outcome.reason is GameEndReason.ROUNDS
    assert g.outcome.winners == (0, 1, 2) and g.outcome.losers == ()
    g = new_game("threes", 2, deal(["0-0", "5-5 6-6"]))
    play1(g, "0-0")  # 2 bonus, then domino
    assert g.outcome is not None and g.outcome.winners == (0,) and g.outcome.losers == (1,)


def test_lead_by_lot_any_tile_and_later_rounds_clockwise_with_target_option() -> None:
    """4.2: a seat drawn by lot leads any tile; later rounds the lead passes clockwise
    (target option: rounds go on until the target)."""
    seats = set()
    for seed in range(40):
        g = Game(variant("threes", 3), seed=seed)
        d = g.round.deal
        assert d.forced is None
        seats.add(d.leader)
        assert legal_texts(g) == {str(t) for t in d.hands[d.leader]}
    assert seats == {0, 1, 2}
    g = Game(variant("threes", 3, target=30), seed=7)
    rng = random.Random(1)
    leaders = [g.round.deal.leader]
    while g.outcome is None:
        r = g.play(rng.choice(g.legal_moves()))
        if r.new_round:
            leaders.append(g.round.deal.leader)
    assert len(leaders) > 1
    assert all(b == (a + 1) % 3 for a, b in itertools.pairwise(leaders))
    assert max(g.totals) >= 30


def test_hand_sizes_and_boneyard_all_drawable() -> None:
    """4.2: 6 tiles each with 2 or 3 players, 5 with 4; the rest is drawable."""
    for players, size in ((2, 6), (3, 6), (4, 5)):
        g = Game(variant("threes", players), seed=3)
        assert [len(h) for h in g.round.hands] == [size] * players
        assert g.round.drawable == 28 - size * players == len(g.round.deal.boneyard)
    r = variant("threes", 2).table_rules
    assert (r.layout, r.spinner, r.sides_open, r.double_counts) == (
        Layout.SPINNER, SpinnerRule.FIRST_DOUBLE, SidesOpen.IMMEDIATELY, 1)


def test_teams_option_scores_for_the_side() -> None:
    """4.2 (teams option with 4): in-play points go to the placer's side."""
    g = new_game("threes", 4, deal(["2-2 6-6", "2-1 0-5", "2-6 0-4", "3-3 4-5"]),
                 options={"teams": True})
    play(g, "2-2", "2-1:W")
    r = play1(g, "2-6:N")  # seat 2: W=1, spinner 2, N=6 = 9
    assert r.points == 6 and g.totals == [2 + 6, 0]
