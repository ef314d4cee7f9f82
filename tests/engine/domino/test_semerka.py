"""Worked examples of `semerka` (docs/rules.md 4.16): the 6, the 7, the take and sticks."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalMoveError
from engine.core.moves import Take
from engine.core.results import EndKind, GameEndReason
from engine.domino.game import Game
from engine.domino.record import replay, replay_summary

from .helpers import T, tiles, variant
from .turn_helpers import game, legal, record_moves, roundtrip, turn


def test_deal_boneyard_and_first_lead() -> None:
    """4.16: 7 each with 2 players (only the first 7 undealt tiles drawable), 5 each with
    3 or 4 (all drawable); the first lead as kozel (lowest double)."""
    g = Game(variant("semerka", 2), seed=1)
    assert [len(h) for h in g.round.deal.hands] == [7, 7]
    assert len(g.round.deal.boneyard) == 14 and g.round.drawable == 7
    g = Game(variant("semerka", 3), seed=1)
    assert [len(h) for h in g.round.deal.hands] == [5] * 3 and g.round.drawable == 13
    v = variant("semerka", 3)
    assert v.first_lead([tiles("0-0 2-2"), tiles("6-6"), tiles("1-5")],
                        random.Random(0)) == (0, T("2-2"))


def test_a_six_gives_another_whole_turn_and_they_chain() -> None:
    g = game("semerka", 2, ["1-6 6-6 2-3", "1-4 5-5"])
    turn(g, "1-6")
    assert g.current_seat == 0
    turn(g, "6-6")
    assert g.current_seat == 0 and legal(g) == {"pass"}
    turn(g, "pass")
    assert g.current_seat == 1
    assert record_moves(g) == ["1-6", "6-6", "pass"]


def test_a_seven_makes_the_next_player_draw_2_from_the_boneyard_unwritten() -> None:
    g = game("semerka", 2, ["3-4 0-0", "5-5 1-1"], boneyard="6-5 2-2 1-3")
    turn(g, "3-4")
    rnd = g.round
    assert g.current_seat == 1 and rnd.hands[1] == [T("5-5"), T("1-1"), T("5-6"), T("2-2")]
    assert rnd.drawn == 2 and record_moves(g) == ["3-4"]
    assert [ev.kind for ev in g.view(0).history] == ["place", "forced_draw", "forced_draw"]


def test_what_the_boneyard_cannot_give_is_taken_at_random_and_written() -> None:
    """4.16: the boneyard gives 2-2, the other tile is taken at random from the 7-player's
    hand and written `take:a-b`; replay plays the written take."""
    hands = ["3-4 0-0 1-2 0-1", "5-5 1-3"]
    g = game("semerka", 2, hands, boneyard="2-2", seed=7)
    turn(g, "3-4")
    moves = record_moves(g)
    assert moves[0] == "3-4" and moves[1].startswith("take:") and len(moves) == 2
    taken = T(moves[1][5:])
    assert taken in tiles("0-0 1-2 0-1") and taken in g.round.hands[1]
    assert len(g.round.hands[0]) == 2 and len(g.round.hands[1]) == 4
    again = game("semerka", 2, hands, boneyard="2-2", seed=7)
    again.auto_chance = False  # as replay: the take comes from the record
    turn(again, "3-4")
    assert again.round.pending_take == 1 and again.current_seat == 1
    assert legal(again) == {moves[1]}  # the same seeded choice is offered
    with pytest.raises(IllegalMoveError, match="does not hold"):
        again.play(Take((T("6-6"),)))
    with pytest.raises(IllegalMoveError, match="must first take"):
        turn(again, "5-5")
    turn(again, moves[1])
    assert again.round.hands == g.round.hands


def test_never_the_seven_players_last_tile() -> None:
    g = game("semerka", 2, ["3-4 0-0", "5-5 1-3"])
    turn(g, "3-4")
    assert g.round.hands == [[T("0-0")], [T("5-5"), T("1-3")]]
    assert record_moves(g) == ["3-4"]
    g = game("semerka", 2, ["3-4 0-0 2-2", "5-5 1-3"])
    turn(g, "3-4")
    assert len(g.round.hands[0]) == 1 and len(g.round.hands[1]) == 3


def test_six_one_plays_again_first_then_the_next_player_draws() -> None:
    g = game("semerka", 2, ["6-1 1-1 0-0", "5-5 2-2"], boneyard="3-3 4-4 0-2")
    turn(g, "6-1")
    assert g.current_seat == 0 and len(g.round.hands[1]) == 2  # no draw yet
    turn(g, "1-1")
    assert g.current_seat == 1 and g.round.hands[1][2:] == [T("3-3"), T("4-4")]
    assert record_moves(g) == ["6-1", "1-1"]


def test_doubles_count_10_and_the_most_gets_a_stick_ties_each() -> None:
    """4.16: 6-6 counts 10 (not 12): 5-6 (11) gets the stick; 0-0 (10) and 6-4 (10): a
    stick each; eggs (3a): no stick."""
    g = game("semerka", 3, ["1-2", "6-6", "5-6"])
    turn(g, "1-2")
    end = g.round.end
    assert end is not None and end.pips == (0, 10, 11) and end.points == (0, 0, 1)
    g = game("semerka", 3, ["1-2", "0-0", "6-4"])
    turn(g, "1-2")
    assert g.totals == [0, 1, 1]
    g = game("semerka", 2, ["0-0 2-2", "5-5 0-4"], leader=0)
    turn(g, "0-0")  # 0-4 fits: no fish yet
    turn(g, "0-4:E")
    end = g.round.end
    assert end is not None and end.kind is EndKind.EGGS and g.totals == [0, 0]


def test_three_sticks_out_of_the_game_and_the_last_player_left_wins() -> None:
    """4.16: three sticks: out (hand [] later, deals for the players left); the last
    player left wins."""
    v = variant("semerka", 3)
    assert v.hand_sizes([3, 1, 2]) == [0, 7, 7] and v.hand_sizes([0, 1, 2]) == [5, 5, 5]
    g = game("semerka", 2, ["1-2", "6-6"])
    g.totals = [0, 2]
    turn(g, "1-2")
    assert g.outcome is not None and g.outcome.winners == (0,)
    assert g.outcome.losers == (1,) and g.outcome.reason is GameEndReason.LAST_LEFT
    for seed in range(60):  # a seeded game in which one of 3 players goes out
        g = Game(variant("semerka", 3), seed=seed)
        rng = random.Random(seed)
        while g.outcome is None and not any(h == () for h in g.round.deal.hands):
            g.apply(rng.choice(g.legal_moves()))
        if g.outcome is None:
            break
    out = [s for s, h in enumerate(g.round.deal.hands) if h == ()]
    assert len(out) == 1 and g.totals[out[0]] == 3
    assert sorted(len(h) for h in g.round.deal.hands) == [0, 7, 7]
    assert g.round.drawable == 7
    while g.outcome is None:
        g.apply(rng.choice(g.legal_moves()))
    rec = roundtrip(g)
    assert any(r["hands"][out[0]] == [] for r in rec["rounds"])
    assert all(s != out[0] for rnd in g.rounds[-1:] for s, _, _ in rnd.moves)
    g2, _ = replay(rec)
    assert replay_summary(g2)["winners"] == replay_summary(g)["winners"]


def test_a_take_is_seen_by_giver_and_taker_only() -> None:
    """Views: the other players learn how many tiles were taken, not which."""
    g = game("semerka", 3, ["3-4 0-0 1-2 0-1", "5-5 1-3", "6-6 2-2"], seed=3)
    turn(g, "3-4")
    takes = [[ev for ev in g.view(s).history if ev.kind == "take"] for s in range(3)]
    assert all(len(t) == 1 for t in takes)
    assert len(takes[0][0].tiles) == 2 and takes[0][0].tiles == takes[1][0].tiles
    assert takes[1][0].source == 0 and takes[1][0].seat == 1
    assert takes[2][0].tiles == () and takes[2][0].count == 2
    assert record_moves(g) == ["3-4", "take:" + "+".join(map(str, takes[1][0].tiles))]
