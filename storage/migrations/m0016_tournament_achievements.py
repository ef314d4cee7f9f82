"""Achievements a tournament earns: the achievements table learns whose they are.

An achievement used to be earned by a game only (``game_id``). A tournament's winner
earns one too, and it belongs to no single game: ``achievements`` is rebuilt with
``game_id`` and a new ``tournament_id``, exactly one of them set. Its rows are kept
as they were (each earned by a game), and so are its indexes, the untold one now by
tournament as well.

``tournament_achievements_backfilled`` holds one row once the tournaments finished
before this migration had their winners awarded. Who won is the standings' tie-breaks,
which are the service's: this migration only makes the table, and the service awards
them at start-up (`service.achievements.Achievements.backfill`) while the row is
missing.

Frozen: the statements below are the schema as it was when this was released.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 16

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE achievements_rebuilt (
        user_id       INTEGER NOT NULL,
        key           TEXT    NOT NULL,
        game_id       INTEGER,
        tournament_id INTEGER,
        earned_at     REAL    NOT NULL,
        told          INTEGER NOT NULL DEFAULT 0 CHECK (told IN (0, 1)),
        PRIMARY KEY (user_id, key),
        CHECK ((game_id IS NULL) <> (tournament_id IS NULL))
    )
    """,
    "INSERT INTO achievements_rebuilt (user_id, key, game_id, earned_at, told)"
    " SELECT user_id, key, game_id, earned_at, told FROM achievements",
    "DROP TABLE achievements",
    "ALTER TABLE achievements_rebuilt RENAME TO achievements",
    "CREATE INDEX achievements_by_game ON achievements (game_id)",
    "CREATE INDEX achievements_untold ON achievements (user_id, game_id, tournament_id)"
    " WHERE told = 0",
    """
    CREATE TABLE tournament_achievements_backfilled (
        id   INTEGER PRIMARY KEY CHECK (id = 1),
        at   REAL    NOT NULL
    )
    """,
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
