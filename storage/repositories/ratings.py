"""Skill ratings (m0006): the current rating per player and family and its history.

Storage only stores: the service reads a finished game back in the transaction
that finishes it (`unrated`, `current`), rates it (`service.skill`) and writes
the new ratings and their history rows there (`write`), so a game is rated
exactly once, atomically with its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from storage.models import RatingChange, RatingEntry, RatingPoint, UnratedGame
from storage.repositories.base import Repository
from storage.rows import RowMapper, as_float
from storage.transaction import Executor, Transaction

__all__ = ["RatingRepository"]

_entry = RowMapper(RatingEntry, mu=as_float, sigma=as_float)
_point = RowMapper(RatingPoint, mu=as_float, sigma=as_float, finished_at=as_float)

_ENTRY: Final = (
    "SELECT r.player, r.family, r.user_id, r.mu, r.sigma, r.games,"
    " u.first_name, u.last_name, u.username"
    " FROM ratings AS r LEFT JOIN users AS u ON u.user_id = r.user_id"
)


class RatingRepository(Repository):
    """Ratings and rating history."""

    async def unrated(self, ex: Executor, game_id: int) -> UnratedGame | None:
        """The finished game ``game_id`` with its seats, if no rating history row names
        it yet (None: not finished, or rated already)."""
        game = await ex.fetchone(
            "SELECT game_id, finished_at, record_json, result_json FROM games"
            " WHERE game_id = ? AND status = 'finished' AND finished_at IS NOT NULL"
            " AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.game_id = games.game_id)",
            (game_id,))
        if game is None:
            return None
        seats = tuple((int(r["seat"]), r["user_id"], r["ai_level"])
                      for r in await ex.fetchall(
                          "SELECT seat, user_id, ai_level FROM game_seats"
                          " WHERE game_id = ? ORDER BY seat", (game_id,)))
        return UnratedGame(int(game["game_id"]), float(game["finished_at"]),
                           game["record_json"], game["result_json"], seats)

    async def current(self, ex: Executor, family: str, players: Sequence[str]
                      ) -> list[RatingEntry]:
        """The ratings in ``family`` of those of ``players`` rated in it (no names)."""
        marks = ", ".join("?" for _ in players)
        return _entry.all(await ex.fetchall(
            "SELECT player, family, user_id, mu, sigma, games FROM ratings"
            f" WHERE family = ? AND player IN ({marks})", (family, *players)))

    async def write(self, tx: Transaction, changes: Sequence[RatingChange]) -> None:
        """Store the new ratings and their history rows (in the transaction that
        finished the game, so a game is rated exactly once, atomically with its end)."""
        if not changes:
            return
        await tx.executemany(
            "INSERT INTO ratings (player, family, user_id, mu, sigma, games, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player, family) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
            " updated_at = excluded.updated_at",
            [(c.player, c.family, c.user_id, c.mu, c.sigma, c.games, c.finished_at)
             for c in changes])
        await tx.executemany(
            "INSERT INTO rating_history (player, family, game_id, finished_at, mu_before,"
            " sigma_before, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(c.player, c.family, c.game_id, c.finished_at, c.mu_before, c.sigma_before,
              c.mu, c.sigma, c.games) for c in changes])

    # -- reading

    async def top(self, ex: Executor, family: str, chat_id: int | None = None,
                  limit: int = 10, *, kind: str | None = None, min_games: int = 0,
                  below_games: int | None = None) -> list[RatingEntry]:
        """The family's leaderboard by mu - 3 sigma (then more games, then identity):
        everyone rated, or (``chat_id``) those rated by a game of that chat; only
        persons (``kind`` "user") or computer players ("ai") if asked, and only those
        with at least ``min_games`` rated games and fewer than ``below_games``."""
        rows = await ex.fetchall(
            f"{_ENTRY} WHERE r.family = ?1 AND (?2 IS NULL OR r.player IN"
            " (SELECT h.player FROM rating_history AS h JOIN games AS g"
            " ON g.game_id = h.game_id WHERE h.family = ?1 AND g.chat_id = ?2))"
            " AND (?4 IS NULL OR r.player LIKE ?4 || ':%')"
            " AND r.games >= ?5 AND (?6 IS NULL OR r.games < ?6)"
            " ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.player ASC LIMIT ?3",
            (family, chat_id, limit, kind, min_games, below_games))
        return _entry.all(rows)

    async def of_player(self, ex: Executor, player: str) -> list[RatingEntry]:
        """A player's rating in every family he is rated in, by family."""
        return _entry.all(await ex.fetchall(
            f"{_ENTRY} WHERE r.player = ? ORDER BY r.family", (player,)))

    async def history(self, ex: Executor, player: str, limit: int = 30) -> list[RatingPoint]:
        """A player's last ``limit`` rated games (every family), oldest first."""
        rows = await ex.fetchall(
            "SELECT * FROM (SELECT family, game_id, finished_at, mu, sigma, games"
            " FROM rating_history WHERE player = ?"
            " ORDER BY finished_at DESC, game_id DESC LIMIT ?)"
            " ORDER BY finished_at, game_id",
            (player, limit))
        return _point.all(rows)

    async def families_played(self, ex: Executor, *, chat_id: int | None = None,
                              player: str | None = None) -> list[str]:
        """The families of the rated games of a chat (or a player, or everyone), the
        family of the latest game first."""
        rows = await ex.fetchall(
            "SELECT h.family, MAX(h.finished_at) AS last FROM rating_history AS h"
            " JOIN games AS g ON g.game_id = h.game_id"
            " WHERE (?1 IS NULL OR g.chat_id = ?1) AND (?2 IS NULL OR h.player = ?2)"
            " GROUP BY h.family ORDER BY last DESC, h.family",
            (chat_id, player))
        return [str(row["family"]) for row in rows]
