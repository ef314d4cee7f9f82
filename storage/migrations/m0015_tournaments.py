"""Tournaments in a group: the tournament, its players and its pairings.

* ``tournaments``: one a chat (and forum topic, 0: none) while it registers or runs;
  its variant and options, its format, the days each game has, its status, the
  round being played and how many it has, whether its group was told the winner,
  and the registration message (to edit it).
* ``tournament_players``: who registered, numbered from 1 in the order they came
  (``seq``); ``user_id`` NULL for a person forgotten (``/forget``), his name then
  «Player N»; ``withdrawn``: his remaining games are lost by forfeit.
* ``tournament_games``: one pairing of a round (``board``): two players by number
  (``player_b`` NULL: a bye), the game played for it (an ordinary game) and when its
  deadline passes, and once decided each side's score (1, 0.5, 0) and how it was
  decided (``game``, ``bye``, ``forfeit``, ``cancelled``), and whether its group
  was told that result (``told``).

Frozen: the statements below are the schema as it was when this was released.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 15

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE tournaments (
        tournament_id   INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id         INTEGER NOT NULL,
        topic           INTEGER NOT NULL DEFAULT 0,
        variant         TEXT    NOT NULL,
        options_json    TEXT    NOT NULL DEFAULT '{}',
        format          TEXT    NOT NULL CHECK (format IN ('round_robin', 'swiss')),
        days            INTEGER NOT NULL CHECK (days > 0),
        status          TEXT    NOT NULL DEFAULT 'registration'
                        CHECK (status IN ('registration', 'running', 'finished', 'cancelled')),
        creator_user_id INTEGER,
        round           INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
        rounds          INTEGER NOT NULL DEFAULT 0 CHECK (rounds >= 0),
        winner_told     INTEGER NOT NULL DEFAULT 0 CHECK (winner_told IN (0, 1)),
        message_id      INTEGER,
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL
    )
    """,
    "CREATE UNIQUE INDEX tournaments_open ON tournaments (chat_id, topic)"
    " WHERE status IN ('registration', 'running')",
    """
    CREATE TABLE tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id)
                      ON DELETE CASCADE,
        seq           INTEGER NOT NULL CHECK (seq > 0),
        user_id       INTEGER,
        name          TEXT    NOT NULL,
        withdrawn     INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
        joined_at     REAL    NOT NULL,
        PRIMARY KEY (tournament_id, seq),
        UNIQUE (tournament_id, user_id)
    )
    """,
    "CREATE INDEX tournament_players_by_user ON tournament_players (user_id)"
    " WHERE user_id IS NOT NULL",
    """
    CREATE TABLE tournament_games (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id)
                      ON DELETE CASCADE,
        round         INTEGER NOT NULL CHECK (round > 0),
        board         INTEGER NOT NULL CHECK (board > 0),
        player_a      INTEGER NOT NULL,
        player_b      INTEGER,
        game_id       INTEGER UNIQUE REFERENCES games (game_id),
        due_at        REAL,
        score_a       REAL CHECK (score_a IN (0, 0.5, 1)),
        score_b       REAL CHECK (score_b IN (0, 0.5, 1)),
        decided       TEXT CHECK (decided IN ('game', 'bye', 'forfeit', 'cancelled')),
        told          INTEGER NOT NULL DEFAULT 0 CHECK (told IN (0, 1)),
        PRIMARY KEY (tournament_id, round, board),
        FOREIGN KEY (tournament_id, player_a)
            REFERENCES tournament_players (tournament_id, seq),
        FOREIGN KEY (tournament_id, player_b)
            REFERENCES tournament_players (tournament_id, seq)
    )
    """,
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
