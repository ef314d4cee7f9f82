"""The expert computer level: ``game_seats.ai_level`` takes ``'expert'`` besides
easy, medium and hard.

SQLite cannot change a CHECK, so ``game_seats`` is rebuilt with the new one, as
m0011 rebuilt it, every other column and check unchanged; ``seat_timers``, which
refers to the seats, is rebuilt beside it first, so dropping the old seats
cascades to nothing. Ratings need nothing: a computer level's identity,
``ai:<level>``, is plain text.

Frozen: the statements below are the schema as it was when this was released.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 12

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE game_seats_new (
        game_id      INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL CHECK (seat >= 0),
        user_id      INTEGER,
        ai_level     TEXT    CHECK (ai_level IN ('easy', 'medium', 'hard', 'expert')),
        display_name TEXT    NOT NULL,
        joined_at    REAL    NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id),
        -- a person or a computer player, never both; neither: a person forgotten
        CHECK (user_id IS NULL OR ai_level IS NULL)
    )
    """,
    "INSERT INTO game_seats_new (game_id, seat, user_id, ai_level, display_name, joined_at)"
    " SELECT game_id, seat, user_id, ai_level, display_name, joined_at FROM game_seats",
    """
    CREATE TABLE seat_timers_new (
        game_id    INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        away       INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1)),
        timeouts   INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0),
        taken_over INTEGER NOT NULL DEFAULT 0 CHECK (taken_over IN (0, 1)),
        PRIMARY KEY (game_id, seat),
        FOREIGN KEY (game_id, seat) REFERENCES game_seats_new (game_id, seat)
            ON DELETE CASCADE
    )
    """,
    "INSERT INTO seat_timers_new (game_id, seat, away, timeouts, taken_over)"
    " SELECT game_id, seat, away, timeouts, taken_over FROM seat_timers",
    "DROP TABLE seat_timers",
    "DROP TABLE game_seats",
    # a rename rewrites the references to the table (seat_timers_new's foreign key)
    "ALTER TABLE game_seats_new RENAME TO game_seats",
    "ALTER TABLE seat_timers_new RENAME TO seat_timers",
    "CREATE INDEX game_seats_by_user ON game_seats (user_id) WHERE user_id IS NOT NULL",
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
