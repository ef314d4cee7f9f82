"""Turn pings: who wants them, what a group is called, how many a turn has had.

* ``users.notify``: 1 (the default) while the user wants a private ping when his
  turn waits for him (``/notify on|off``), and may be mentioned in the group.
* ``chats.title``: the group's title as last seen in an update, so a ping can
  say where the game is without asking Telegram.
* ``turn_pings(game_id, version, sent)``: the pings sent for the turn the game
  is at (``version``): 0 none yet, 1 the first ping, 2 and on the reminders.
  A ping is claimed here (in a transaction) before it is sent, so a restart
  neither repeats nor loses one; a row of an older version means none yet.
  When the turn began is the game's ``updated_at`` (stamped with each version).
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 4

STATEMENTS: tuple[str, ...] = (
    "ALTER TABLE users ADD COLUMN notify INTEGER NOT NULL DEFAULT 1 CHECK (notify IN (0, 1))",
    "ALTER TABLE chats ADD COLUMN title TEXT",
    """
    CREATE TABLE turn_pings (
        game_id INTEGER PRIMARY KEY REFERENCES games (game_id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        sent    INTEGER NOT NULL DEFAULT 0 CHECK (sent >= 0)
    )
    """,
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
