"""Run by test_concurrency.py in a subprocess that is killed with SIGKILL.

Usage: python _crash_writer.py DB_PATH GAME_ID

Commits in a loop, as the service writes a move: each transaction saves a
deadline for the next version, appends the move's row (a long notation, to span
several pages) and bumps the version, and after the commit prints the version
on its own line. If the writes were not atomic, a kill between them would leave
a deadline or a move ahead of the game's version.
"""

from __future__ import annotations

import asyncio
import sys

from storage import Database, Repositories

PADDING = "x" * 20_000


async def main(path: str, game_id: int) -> None:
    db = await Database.open(path)
    repos = Repositories.of(db)
    game = await repos.games.require(db, game_id)
    version = game.version
    seq = await repos.moves.count(db, game_id)
    while True:
        async with db.transaction() as tx:
            new = version + 1
            await repos.deadlines.save(tx, game_id, seat=new % 4, turn_version=new,
                                       due_at=float(new))
            # Linger inside the transaction so that many kills land in its middle.
            await asyncio.sleep(0.001)
            await repos.moves.append(tx, game_id, seq=seq, round=0, move=f"draw{PADDING}",
                                     version=new)
            version = await repos.games.update_state(tx, game_id, version)
        seq += 1
        sys.stdout.write(f"{version}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
