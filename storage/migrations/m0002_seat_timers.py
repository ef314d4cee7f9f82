"""Turn timers: a seat's run of time-outs and whether a computer plays it meanwhile.

A table of its own beside ``game_seats`` (whose rows other code inserts by
position): ``timeouts`` counts the seat's time-outs in a row (a move of his own
resets it); ``away`` is 1 while a computer player moves for him, until he comes
back (a press on his hand keyboard or ``/back``). A missing row means 0 and 0.
Neither takes part in the game's version: they say who moves, not what was played.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 2

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE seat_timers (
        game_id  INTEGER NOT NULL,
        seat     INTEGER NOT NULL,
        away     INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1)),
        timeouts INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0),
        PRIMARY KEY (game_id, seat),
        FOREIGN KEY (game_id, seat) REFERENCES game_seats (game_id, seat) ON DELETE CASCADE
    )
    """,
    "CREATE INDEX game_messages_by_chat ON game_messages (chat_id, kind)",
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
