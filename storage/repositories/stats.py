"""Statistics per user, chat and variant: games, wins, points, fish, goats."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from storage.models import StatsDelta, StatsRow, TopEntry
from storage.repositories.base import Repository
from storage.rows import RowMapper
from storage.transaction import Executor

__all__ = ["StatsRepository"]

_SUMS: Final = (
    "SUM(s.games) AS games, SUM(s.wins) AS wins, SUM(s.points) AS points,"
    " SUM(s.fish) AS fish, SUM(s.goats) AS goats"
)
_stats = RowMapper(StatsRow)
_top = RowMapper(TopEntry)


class StatsRepository(Repository):
    async def add_result(self, ex: Executor, deltas: Iterable[StatsDelta]) -> None:
        """Add one finished game's results. Give it the transaction that finishes the
        game, so the statistics count each game exactly once."""
        rows = list(deltas)
        for d in rows:
            if min(d.games, d.wins, d.fish, d.goats) < 0:
                raise ValueError(f"negative statistics for user {d.user_id}")
        if not rows:
            return
        await ex.executemany(
            "INSERT INTO stats (user_id, chat_id, variant, games, wins, points, fish, goats)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id, chat_id, variant) DO UPDATE SET"
            " games = games + excluded.games, wins = wins + excluded.wins,"
            " points = points + excluded.points, fish = fish + excluded.fish,"
            " goats = goats + excluded.goats",
            [(d.user_id, d.chat_id, d.variant, d.games, d.wins, d.points, d.fish, d.goats)
             for d in rows],
        )

    async def get_user(self, ex: Executor, user_id: int, chat_id: int | None = None
                       ) -> list[StatsRow]:
        """The user's statistics per variant, in one chat or (chat_id None) summed over all."""
        rows = await ex.fetchall(
            f"SELECT s.user_id AS user_id, ?2 AS chat_id, s.variant AS variant, {_SUMS}"
            " FROM stats AS s WHERE s.user_id = ?1 AND (?2 IS NULL OR s.chat_id = ?2)"
            " GROUP BY s.variant ORDER BY s.variant",
            (user_id, chat_id),
        )
        return _stats.all(rows)

    async def top(self, ex: Executor, chat_id: int | None, variant: str | None = None,
                  limit: int = 10) -> list[TopEntry]:
        """The leaderboard of a chat (None: of all chats), optionally of one variant:
        most wins first, then most points, then fewer games, then user id."""
        rows = await ex.fetchall(
            f"SELECT s.user_id AS user_id, {_SUMS},"
            " u.first_name AS first_name, u.last_name AS last_name, u.username AS username"
            " FROM stats AS s LEFT JOIN users AS u ON u.user_id = s.user_id"
            " WHERE (?1 IS NULL OR s.chat_id = ?1) AND (?2 IS NULL OR s.variant = ?2)"
            " GROUP BY s.user_id ORDER BY wins DESC, points DESC, games ASC, s.user_id ASC"
            " LIMIT ?3",
            (chat_id, variant, limit),
        )
        return _top.all(rows)
