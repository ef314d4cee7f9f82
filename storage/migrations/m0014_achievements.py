"""Achievements: what each person earned, once, and the game that earned it.

``achievements`` holds one row per person and achievement (earned once: the key is
the pair), with the game that earned it, when, and whether he was told (the one
private message of that game: 0 until it was sent, so a restart sends what a stop
left unsent, and never twice). ``achievement_tallies`` holds
what a person's finished games add up to so far (games, wins, the families he won
in), which the next game's achievements read. ``achievements_backfilled`` holds one
row once the games stored before this migration were awarded.

The awarding needs the engine (a stored game is rebuilt from its seed and moves),
which storage may not import: this migration only makes the tables, and the
service awards the games already stored once, at start-up, right after the
migrations run (`service.achievements.Achievements.backfill`), while the row of
``achievements_backfilled`` is missing.

Frozen: the statements below are the schema as it was when this was released.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 14

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE achievements (
        user_id   INTEGER NOT NULL,
        key       TEXT    NOT NULL,
        game_id   INTEGER NOT NULL,
        earned_at REAL    NOT NULL,
        told      INTEGER NOT NULL DEFAULT 0 CHECK (told IN (0, 1)),
        PRIMARY KEY (user_id, key)
    )
    """,
    "CREATE INDEX achievements_by_game ON achievements (game_id)",
    "CREATE INDEX achievements_untold ON achievements (user_id, game_id) WHERE told = 0",
    """
    CREATE TABLE achievement_tallies (
        user_id       INTEGER PRIMARY KEY,
        games         INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
        wins          INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
        families_json TEXT    NOT NULL DEFAULT '[]',
        game_id       INTEGER NOT NULL
    )
    """,
    """
    CREATE TABLE achievements_backfilled (
        id   INTEGER PRIMARY KEY CHECK (id = 1),
        at   REAL    NOT NULL
    )
    """,
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
