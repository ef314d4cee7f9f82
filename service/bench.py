"""Moves committed per second through the service, against a database file.

    python -m service.bench --games 20

Each game: kozel, two people choosing random legal moves and two easy computer
players; every move is one transaction (load, check, apply, save the record).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path

from service.service import GameService
from service.types import GameInfo, PlayerInfo
from storage import Database


async def play_random(service: GameService, info: GameInfo, rng: random.Random,
                      max_moves: int | None = None) -> tuple[GameInfo, int]:
    """People choose random legal moves, computers their own, until the game ends or
    ``max_moves`` moves were made; the game after them and the number of moves."""
    moves = 0
    while info.status == "playing" and (max_moves is None or moves < max_moves):
        seat = info.turn
        assert seat is not None
        occupant = info.seats[seat]
        user = occupant.user_id
        if occupant.is_ai or user is None:
            report = await service.ai_move(info.game_id, info.version)
        else:
            _, _, view = await service.seat_view(info.game_id, user)
            report = await service.move(info.game_id, user, info.version,
                                        rng.choice(view.legal))
        info = report.game
        moves += 1
    return info, moves


async def run(games: int, path: Path, seed: int) -> dict[str, float | int]:
    db = await Database.open(path)
    service = GameService(db)
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    try:
        for g in range(games):
            chat = -1000 - g
            await service.open_lobby(chat, PlayerInfo(1, "Anna"), "kozel")
            await service.add_ai(chat, 1, "easy")
            await service.join(chat, PlayerInfo(2, "Boris"))
            await service.add_ai(chat, 1, "easy")
            info = (await service.start(chat, 1)).game
            info, made = await play_random(service, info, rng)
            moves += made
    finally:
        await db.close()
    seconds = time.perf_counter() - start
    return {"games": games, "moves": moves, "seconds": round(seconds, 3),
            "moves_per_second": round(moves / seconds, 1),
            "database_bytes": path.stat().st_size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", type=Path, default=None, help="default: a temporary file")
    args = parser.parse_args()
    if args.db is not None:
        print(json.dumps(asyncio.run(run(args.games, args.db, args.seed))))
        return
    with tempfile.TemporaryDirectory() as tmp:
        print(json.dumps(asyncio.run(run(args.games, Path(tmp) / "bench.sqlite3", args.seed))))


if __name__ == "__main__":
    main()
