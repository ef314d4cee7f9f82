"""Mexican Train's computer players, from the seat's view only
(:class:`engine.trains.kind.TrainsView`: its own hand, the public table, its legal
moves).

- ``easy``: any placement the rules allow, at random (a first-turn chain goes on
  while a tile fits); a draw or a pass only when nothing can be placed.

:func:`simulate` plays whole games between levels, for ``python -m engine simulate``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.catalogue import Variant
from engine.core.moves import Move, TrainPlace

if TYPE_CHECKING:
    from engine.trains.kind import TrainsView

LEVELS = ("easy",)

Player = Callable[["TrainsView", random.Random], Move]


def easy(view: TrainsView, rng: random.Random) -> Move:
    """A random legal placement; else the one other legal move (draw, pass, end)."""
    if not view.legal:
        raise ValueError("the seat is not on turn")
    places = [m for m in view.legal if isinstance(m, TrainPlace)]
    if places:
        return rng.choice(places)
    return view.legal[0]


_PLAYERS: dict[str, Player] = {"easy": easy}


def make_player(level: str) -> Player:
    try:
        return _PLAYERS[level]
    except KeyError:
        raise ValueError(f"no computer player {level!r}; levels: {', '.join(LEVELS)}"
                         ) from None


def simulate(variant: Variant, games: int, seed: int, levels: Sequence[str]
             ) -> dict[str, Any]:
    """``games`` games dealt from ``seed``, ``seed + 1`` ...; seat s plays at
    ``levels[s % len(levels)]``. The games, rounds and actions played, the time taken,
    the mean total and the wins (shared wins count for each winner) per seat."""
    from engine.trains.kind import TRAINS_KIND
    seats = variant.players
    sums = [0] * seats
    wins = [0] * seats
    moves = rounds = 0
    start = time.perf_counter()
    for g in range(games):
        match = TRAINS_KIND.new_game(variant, seed + g)
        while match.outcome is None:
            seat = match.current_seat
            assert seat is not None
            move = TRAINS_KIND.decide(levels[seat % len(levels)], seed + g, variant,
                                      match.view(seat))
            match.play(move)
            moves += 1
        rounds += len(match.rounds)
        sums = [a + b for a, b in zip(sums, match.totals, strict=True)]
        for w in match.outcome.winners:
            wins[w] += 1
    seconds = time.perf_counter() - start
    return {"variant": variant.name, "players": seats,
            "ai": [levels[s % len(levels)] for s in range(seats)], "games": games,
            "rounds": rounds, "moves": moves, "seconds": round(seconds, 4),
            "games_per_second": round(games / seconds, 2) if seconds else None,
            "mean_totals": [round(s / games, 2) if games else 0.0 for s in sums],
            "wins": wins}
