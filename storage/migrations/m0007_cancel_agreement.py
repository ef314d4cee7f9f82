"""The agreement to cancel a started game.

* ``cancel_votes(game_id, user_id, voted_at)``: a person seated in a started game
  who agreed to cancel it (``/cancel``, or its button). When every person seated
  has agreed, the game is cancelled; a chat admin cancels it at once without
  them. Kept in the database so a restart keeps the agreement as far as it got;
  the rows go with their game.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 7

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE cancel_votes (
        game_id  INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
        user_id  INTEGER NOT NULL,
        voted_at REAL    NOT NULL,
        PRIMARY KEY (game_id, user_id)
    )
    """,
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
