"""Chicken Foot's computer players, each deciding from the seat's view only (the
legal moves the view lists, the seat's own hand and the table).

``easy`` plays any legal move at random: it places when it can (a draw or a pass is
legal only when no tile fits), and among the placements takes none over another.
``medium`` sheds weight: the placement of the tile that would count most left in
hand (0-0 at its round-end value), a double first among equals, since its toes
hold the others back.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.chicken.kind import ChickenMatch, ChickenView
from engine.chicken.rules import ChickenFoot, score_hand
from engine.core.moves import BranchPlace, Move

__all__ = ["LEVELS", "Player", "make_player", "simulate_ai"]

LEVELS = ("easy", "medium")

Player = Callable[[ChickenView], Move]


def make_player(level: str, seed: int) -> Player:
    """The computer player of ``level`` (ValueError for a level not built)."""
    if level not in LEVELS:
        raise ValueError(f"chicken_foot has no {level!r} computer player; "
                         f"levels: {', '.join(LEVELS)}")
    rng = random.Random(seed)

    def easy(view: ChickenView) -> Move:
        if not view.legal:
            raise ValueError("the seat is not on turn")
        return rng.choice(view.legal)

    def medium(view: ChickenView) -> Move:
        if not view.legal:
            raise ValueError("the seat is not on turn")
        places = [m for m in view.legal if isinstance(m, BranchPlace)]
        if not places:
            return view.legal[0]
        blank = view.options.double_blank if view.options is not None else 0

        def weight(move: BranchPlace) -> tuple[int, bool, float]:
            return score_hand((move.tile,), blank), move.tile.is_double, rng.random()

        return max(places, key=weight)

    return easy if level == "easy" else medium


def simulate_ai(variant: ChickenFoot, games: int, seed: int, levels: Sequence[str]
                ) -> dict[str, Any]:
    """``games`` whole games, the seats played by ``levels`` in turn (the cycle moved
    one seat on each game); each level's wins (a shared win counts for each) and
    mean total per seat, and the moves per game."""
    players = {level: make_player(level, seed) for level in levels}
    wins = dict.fromkeys(levels, 0)
    totals = dict.fromkeys(levels, 0)
    seats = dict.fromkeys(levels, 0)
    moves = 0
    start = time.perf_counter()
    for g in range(games):
        match = ChickenMatch(variant, seed + g)
        level_of = [levels[(s + g) % len(levels)] for s in range(match.players)]
        while match.current_seat is not None:
            seat = match.current_seat
            match.play(players[level_of[seat]](match.view(seat)))
            moves += 1
        assert match.outcome is not None
        for s, level in enumerate(level_of):
            totals[level] += match.totals[s]
            seats[level] += 1
            wins[level] += s in match.outcome.winners
    elapsed = time.perf_counter() - start
    return {"variant": variant.name, "ai": list(levels), "games": games,
            "wins": wins,
            "mean_total": {k: round(totals[k] / seats[k], 2) if seats[k] else 0
                           for k in levels},
            "moves_per_game": round(moves / games, 1) if games else 0,
            "seconds": round(elapsed, 2)}
