"""Run by test_concurrency.py in a subprocess that is killed with SIGKILL.

Usage: python _crash_writer.py DB_PATH GAME_ID

Commits in a loop: each transaction saves a deadline for the next version,
then the record holding that version number (padded to span several pages)
with the version itself, and after the commit prints the version on its own
line. If the two writes were not atomic, a kill between them would leave a
deadline ahead of the game.
"""

from __future__ import annotations

import asyncio
import json
import sys

from storage import Database, DeadlineRepository, GameRepository

PADDING = "x" * 20_000


async def main(path: str, game_id: int) -> None:
    db = await Database.open(path)
    games = GameRepository(db)
    deadlines = DeadlineRepository(db)
    version = (await games.require(game_id)).version
    while True:
        async with db.transaction() as tx:
            new = version + 1
            await deadlines.save(
                game_id, seat=new % 4, turn_version=new, due_at=float(new), conn=tx
            )
            # Linger inside the transaction so that many kills land in its middle.
            await asyncio.sleep(0.001)
            record = json.dumps({"version": new, "padding": PADDING})
            version = await games.update_state(game_id, version, record_json=record, conn=tx)
        sys.stdout.write(f"{version}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
