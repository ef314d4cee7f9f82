"""Skill ratings per player and variant family, their history, and take-overs.

* ``ratings(player, family, user_id, mu, sigma, games, updated_at)``: the current
  openskill (Plackett-Luce) rating of a player in a family. ``player`` is
  ``user:<id>`` for a person (``user_id`` set, for joins with ``users``) or
  ``ai:<level>`` for a computer player (``user_id`` NULL); ``family`` is the
  value of the variant's ``engine.domino.variant.Family`` (``goat``, ``fives``, ...).
  ``games`` counts the games that rated him in that family.
* ``rating_history(player, family, game_id, ...)``: one row per player rated by a
  finished game -- the rating before and after it and when the game finished --
  so a chart can be drawn and this migration checked.
* ``seat_timers.taken_over``: 1 once a computer player has moved for the person of
  that seat (he was away, or his turn timed out); such a person is not rated by
  the game (see `storage.rating`). Set in the transaction of that move. (In
  ``seat_timers``, the seats' side table, because ``game_seats`` rows are
  inserted by position; a missing row means 0, as for its other columns.)

The games finished before this migration are rated here, in the order they
finished (``finished_at``, then ``game_id``), by `storage.rating.rate_games`, the
function the live bot uses. Nothing recorded take-overs before; a seat whose
person was still away, or had time-outs in a row, when the game ended is counted
as taken over (the best the stored data tells). A finished game whose record or
result cannot be read, or whose variant is no longer known, is left unrated.

How a stored game becomes what is rated is `storage.rating.finished_game`, the
one the finishing transaction uses too.
"""

from __future__ import annotations

from storage.rating import finished_game, rate_games, user_of
from storage.transaction import Transaction

VERSION = 6

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE ratings (
        player     TEXT    NOT NULL,
        family     TEXT    NOT NULL,
        user_id    INTEGER,
        mu         REAL    NOT NULL,
        sigma      REAL    NOT NULL CHECK (sigma > 0),
        games      INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
        updated_at REAL    NOT NULL,
        PRIMARY KEY (player, family)
    )
    """,
    "CREATE INDEX ratings_by_family ON ratings (family, (mu - 3 * sigma) DESC)",
    "CREATE INDEX ratings_by_user ON ratings (user_id) WHERE user_id IS NOT NULL",
    """
    CREATE TABLE rating_history (
        player       TEXT    NOT NULL,
        family       TEXT    NOT NULL,
        game_id      INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
        finished_at  REAL    NOT NULL,
        mu_before    REAL    NOT NULL,
        sigma_before REAL    NOT NULL,
        mu           REAL    NOT NULL,
        sigma        REAL    NOT NULL,
        games        INTEGER NOT NULL CHECK (games >= 1),
        PRIMARY KEY (player, family, game_id)
    )
    """,
    "CREATE INDEX rating_history_by_game ON rating_history (game_id)",
    "CREATE INDEX rating_history_by_player ON rating_history (player, finished_at)",
    "ALTER TABLE seat_timers ADD COLUMN taken_over INTEGER NOT NULL DEFAULT 0"
    " CHECK (taken_over IN (0, 1))",
)


async def _rate_finished(conn: Transaction) -> None:
    games = await conn.fetchall(
        "SELECT game_id, finished_at, record_json, result_json FROM games"
        " WHERE status = 'finished' AND finished_at IS NOT NULL")
    seats: dict[int, list[tuple[int, int | None, str | None, bool]]] = {}
    for row in await conn.fetchall(
            "SELECT s.game_id, s.seat, s.user_id, s.ai_level,"
            " (COALESCE(t.away, 0) OR COALESCE(t.timeouts, 0) > 0) AS taken_over"
            " FROM game_seats AS s JOIN games AS g ON g.game_id = s.game_id"
            " LEFT JOIN seat_timers AS t ON t.game_id = s.game_id AND t.seat = s.seat"
            " WHERE g.status = 'finished' ORDER BY s.game_id, s.seat"):
        seats.setdefault(int(row["game_id"]), []).append(
            (int(row["seat"]), row["user_id"], row["ai_level"], bool(row["taken_over"])))
    rated = [game for row in games
             if (game := finished_game(int(row["game_id"]), float(row["finished_at"]),
                                       row["record_json"], row["result_json"],
                                       seats.get(int(row["game_id"]), []))) is not None]
    taken = [(gid, seat) for gid, rows in seats.items() for seat, _, _, t in rows if t]
    await conn.executemany(
        "UPDATE seat_timers SET taken_over = 1 WHERE game_id = ? AND seat = ?", taken)
    ratings = rate_games(rated)
    await conn.executemany(
        "INSERT INTO rating_history (player, family, game_id, finished_at, mu_before,"
        " sigma_before, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(c.player, c.family, c.game_id, c.finished_at, c.before.mu, c.before.sigma,
          c.after.mu, c.after.sigma, c.after.games) for c in ratings.history])
    last = {(c.player, c.family): c.finished_at for c in ratings.history}
    await conn.executemany(
        "INSERT INTO ratings (player, family, user_id, mu, sigma, games, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(player, family, user_of(player), s.mu, s.sigma, s.games, last[(player, family)])
         for (player, family), s in sorted(ratings.skills.items())])


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
    await _rate_finished(conn)
