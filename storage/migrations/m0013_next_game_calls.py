"""Calls for the next game: who asked (``/nextgame``) to be told when a lobby opens in
a group.

* ``next_game_calls(chat_id, user_id, added_at)``: the person ``user_id`` waits for
  the next game of the group ``chat_id`` (one row per group and person, a forum's
  topics alike), since ``added_at``. The row goes when he is told (one call, one
  message), when he takes it back (``/nextgame off``), when he is forgotten, or when
  the bot leaves the group. The index by person serves ``/nextgame`` in private (the
  groups where he waits) and ``/forget``.

Frozen: the statements below are the schema as it was when this was released.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 13

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE next_game_calls (
        chat_id  INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        added_at REAL    NOT NULL,
        PRIMARY KEY (chat_id, user_id)
    )
    """,
    "CREATE INDEX next_game_calls_by_user ON next_game_calls (user_id)",
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
