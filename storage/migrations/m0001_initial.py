"""The initial schema: chats, users, games and their seats, messages, joins, stats, timers.

Conventions: times are UTC epoch seconds (REAL); booleans are INTEGER 0/1;
JSON is stored as TEXT (``settings_json``, ``options_json``, ``record_json``,
``result_json``). Telegram ids are INTEGER (64-bit).
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 1

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE chats (
        chat_id       INTEGER PRIMARY KEY,
        language      TEXT,
        settings_json TEXT    NOT NULL DEFAULT '{}',
        created_at    REAL    NOT NULL,
        updated_at    REAL    NOT NULL
    )
    """,
    """
    CREATE TABLE users (
        user_id          INTEGER PRIMARY KEY,
        first_name       TEXT    NOT NULL DEFAULT '',
        last_name        TEXT,
        username         TEXT,
        language         TEXT,
        has_private_chat INTEGER NOT NULL DEFAULT 0 CHECK (has_private_chat IN (0, 1)),
        blocked          INTEGER NOT NULL DEFAULT 0 CHECK (blocked IN (0, 1)),
        created_at       REAL    NOT NULL,
        updated_at       REAL    NOT NULL
    )
    """,
    """
    CREATE TABLE games (
        game_id         INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id         INTEGER NOT NULL,
        variant         TEXT    NOT NULL,
        options_json    TEXT    NOT NULL DEFAULT '{}',
        status          TEXT    NOT NULL DEFAULT 'lobby'
                        CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
        creator_user_id INTEGER NOT NULL,
        record_json     TEXT,
        version         INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
        seed            INTEGER,
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL,
        finished_at     REAL,
        result_json     TEXT,
        -- a game that has started always has its record
        CHECK (status IN ('lobby', 'cancelled') OR record_json IS NOT NULL)
    )
    """,
    # At most one game per chat in the lobby or being played.
    """
    CREATE UNIQUE INDEX games_one_active_per_chat
        ON games (chat_id) WHERE status IN ('lobby', 'playing')
    """,
    "CREATE INDEX games_by_chat_status ON games (chat_id, status)",
    "CREATE INDEX games_active ON games (status) WHERE status IN ('lobby', 'playing')",
    """
    CREATE TABLE game_seats (
        game_id      INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL CHECK (seat >= 0),
        user_id      INTEGER,
        ai_level     TEXT    CHECK (ai_level IN ('easy', 'medium', 'hard')),
        display_name TEXT    NOT NULL,
        joined_at    REAL    NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id),
        -- a seat holds a person or a computer player, never both, never neither
        CHECK ((user_id IS NULL) <> (ai_level IS NULL))
    )
    """,
    "CREATE INDEX game_seats_by_user ON game_seats (user_id) WHERE user_id IS NOT NULL",
    # seat is -1 for the messages that belong to no seat (lobby, table).
    """
    CREATE TABLE game_messages (
        game_id    INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
        kind       TEXT    NOT NULL CHECK (kind IN ('lobby', 'table', 'hand', 'notice')),
        seat       INTEGER NOT NULL DEFAULT -1 CHECK (seat >= -1),
        chat_id    INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        updated_at REAL    NOT NULL,
        PRIMARY KEY (game_id, kind, seat),
        CHECK (kind <> 'hand' OR seat >= 0)
    )
    """,
    """
    CREATE TABLE pending_joins (
        token      TEXT    PRIMARY KEY,
        chat_id    INTEGER NOT NULL,
        game_id    INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
        user_id    INTEGER,
        created_at REAL    NOT NULL
    )
    """,
    "CREATE INDEX pending_joins_by_game ON pending_joins (game_id)",
    "CREATE INDEX pending_joins_by_created ON pending_joins (created_at)",
    """
    CREATE TABLE stats (
        user_id INTEGER NOT NULL,
        chat_id INTEGER NOT NULL,
        variant TEXT    NOT NULL,
        games   INTEGER NOT NULL DEFAULT 0,
        wins    INTEGER NOT NULL DEFAULT 0,
        points  INTEGER NOT NULL DEFAULT 0,
        fish    INTEGER NOT NULL DEFAULT 0,
        goats   INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, chat_id, variant)
    )
    """,
    "CREATE INDEX stats_by_chat ON stats (chat_id, variant, wins DESC, points DESC)",
    """
    CREATE TABLE deadlines (
        game_id      INTEGER PRIMARY KEY REFERENCES games (game_id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL CHECK (seat >= 0),
        turn_version INTEGER NOT NULL,
        due_at       REAL    NOT NULL,
        reminded     INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1))
    )
    """,
    "CREATE INDEX deadlines_by_due ON deadlines (due_at)",
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
