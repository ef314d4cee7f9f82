"""Rematches: who asked for the rematch of a finished game, and the game it became.

* ``rematch_asks(game_id, user_id)``: a person of the finished game ``game_id``
  pressed its rematch button. The rematch starts once every person of it has.
* ``games.rematch_of``: the finished game a game is the rematch of (NULL: none);
  written in the transaction that opens the rematch, so a game has one rematch
  at most, whatever restarts or double presses come.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 9

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE rematch_asks (
        game_id INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    )
    """,
    "ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (game_id)",
    "CREATE UNIQUE INDEX games_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL",
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
