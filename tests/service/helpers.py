"""Driving games through the service as players would."""

from __future__ import annotations

import random

from service import GameInfo, GameService, MoveReport


async def play_some(service: GameService, info: GameInfo, rng: random.Random,
                    max_moves: int | None = None) -> tuple[GameInfo, int]:
    """Make random legal moves (people and computers) until the game ends or
    ``max_moves`` moves were made; return the game after them and the count."""
    moves = 0
    while info.status == "playing" and (max_moves is None or moves < max_moves):
        seat = info.turn
        assert seat is not None
        occupant = info.seats[seat]
        report: MoveReport
        if occupant.user_id is None:
            report = await service.ai_move(info.game_id, info.version)
        else:
            _, _, view = await service.seat_view(info.game_id, occupant.user_id)
            move = rng.choice(view.legal)
            report = await service.move(info.game_id, occupant.user_id, info.version, move)
        info = report.game
        moves += 1
    return info, moves
