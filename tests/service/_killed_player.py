"""Plays one game through the service as fast as it can, printing each committed
version; the test kills this process in the middle of it."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from service import GameService, PlayerInfo
from storage import Database


async def main(path: Path) -> None:
    db = await Database.open(path)
    service = GameService(db, seeds=lambda: 7)
    await service.open_lobby(-1, PlayerInfo(1, "Anna"), "kozel")
    await service.add_ai(-1, 1, "easy")
    info = (await service.start(-1, 1)).game
    print(f"game {info.game_id} {info.version}", flush=True)
    rng = random.Random(1)
    while True:
        if info.status != "playing":  # start another game in the same chat
            await service.open_lobby(-1, PlayerInfo(1, "Anna"), "kozel")
            await service.add_ai(-1, 1, "easy")
            info = (await service.start(-1, 1)).game
            print(f"game {info.game_id} {info.version}", flush=True)
            continue
        seat = info.turn
        assert seat is not None
        if info.seats[seat].user_id is None:
            report = await service.ai_move(info.game_id, info.version)
        else:
            _, _, view = await service.seat_view(info.game_id, 1)
            report = await service.move(info.game_id, 1, info.version, rng.choice(view.legal))
        info = report.game
        print(f"move {info.game_id} {info.version}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
