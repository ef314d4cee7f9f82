"""Simulation: whole games between computer players, for tests and benchmarks."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.game import Game, SeatView
from engine.moves import Move
from engine.variants import make_variant

Player = Callable[[SeatView], Move]


def random_player(rng: random.Random) -> Player:
    def choose(view: SeatView) -> Move:
        return rng.choice(view.legal)

    return choose


def play_random_game(game: Game, rng: random.Random) -> int:
    """Play ``game`` to its end with uniformly random legal moves; return moves played.

    Uses the unchecked fast path: the moves come from ``legal_moves``.
    """
    moves = 0
    choice = rng.choice
    while game.outcome is None:
        legal = game.legal_moves()
        if not legal:  # a given-deals game that ran out of deals
            break
        game.apply(choice(legal))
        moves += 1
    return moves


def simulate(variant: str, players: int, games: int, seed: int,
             options: Mapping[str, Any] | None = None,
             seat_players: Sequence[Callable[[int, int], Player]] | None = None) -> dict[str, Any]:
    """Play ``games`` whole games; return the numbers ``simulate`` prints."""
    v = make_variant(variant, players, options)
    rng = random.Random(seed)
    total_moves = 0
    total_rounds = 0
    wins = [0] * len(v.sides)
    start = time.perf_counter()
    for g in range(games):
        game = Game(v, seed=rng.getrandbits(48))
        if seat_players is None:
            total_moves += play_random_game(game, rng)
        else:
            chosen = [make(seat, g) for seat, make in enumerate(seat_players)]
            while game.outcome is None:
                seat = game.current_seat
                assert seat is not None
                game.play(chosen[seat](game.view(seat)))
                total_moves += 1
        total_rounds += len(game.rounds)
        assert game.outcome is not None
        for w in game.outcome.winners:
            wins[w] += 1
    seconds = time.perf_counter() - start
    return {
        "variant": variant,
        "players": players,
        "sides": [list(s) for s in v.sides],
        "games": games,
        "rounds": total_rounds,
        "moves": total_moves,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "rounds_per_second": round(total_rounds / seconds, 2) if seconds else None,
        "wins": wins,
    }
