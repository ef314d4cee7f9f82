"""Games set aside: ``games.broken`` is 1 for a game that could not be rebuilt from
its seed and stored moves after a restart (a rule change, a corrupt row). Such a
game is cancelled and marked, so the bot starts and its chat can play anew.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 10

STATEMENTS: tuple[str, ...] = (
    "ALTER TABLE games ADD COLUMN broken INTEGER NOT NULL DEFAULT 0"
    " CHECK (broken IN (0, 1))",
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
