"""``chinese`` computer players: legal plays only, decisions from the seat's view
(a player's choice does not depend on the other hands beyond what it saw)."""

from __future__ import annotations

import random
from collections import Counter

from engine.chinese.ai import LEVELS, make_player, medium_choice, simulate_ai, unseen
from engine.chinese.rules import CHINESE_SET, ChineseGame


def test_every_level_plays_legal_games() -> None:
    for level in LEVELS:
        bots = [make_player(level, seed=s, samples=2) for s in range(4)]
        game = ChineseGame(4, seed=3)
        game.start_round()
        while not game.current.over:
            turn = game.current.turn
            play = bots[turn](game, turn)
            assert play in game.legal_plays()
            game.play(turn, play)


def test_unseen_is_what_the_seat_did_not_see() -> None:
    rng = random.Random(4)
    game = ChineseGame(4, seed=4)
    game.start_round()
    for _ in range(9):
        game.play(game.current.turn, rng.choice(game.legal_plays()))
    seat = game.current.turn
    rest = unseen(game, seat)
    rnd = game.current
    hidden = Counter(t for s, h in enumerate(rnd.hands) if s != seat for t in h)
    hidden += Counter(t for plays, _ in rnd.finished for tp in plays
                      if tp.play.down and tp.seat != seat for t in tp.play.tiles)
    hidden += Counter(t for tp in rnd.trick if tp.play.down and tp.seat != seat
                      for t in tp.play.tiles)
    assert rest == hidden
    assert sum(rest.values()) + len(rnd.hands[seat]) <= len(CHINESE_SET)


def test_medium_ignores_the_other_hands() -> None:
    """Swapping two other seats' hands does not change medium's choice."""
    game = ChineseGame(4, seed=6)
    game.start_round()
    seat = game.current.turn
    before = medium_choice(game, seat)
    others = [s for s in range(4) if s != seat]
    hands = game.current.hands
    hands[others[0]], hands[others[1]] = hands[others[1]], hands[others[0]]
    assert medium_choice(game, seat) == before


def test_medium_beats_easy_small() -> None:
    result = simulate_ai(("medium", "easy"), 40, seed=1)
    assert result.score > 0.5
