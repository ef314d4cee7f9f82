"""What a game's group has been told: how many round summaries, and the result."""

from __future__ import annotations

from storage.models import Announced
from storage.repositories.base import Repository
from storage.rows import RowMapper, as_bool
from storage.transaction import Executor

__all__ = ["AnnouncementRepository"]

_announced = RowMapper(Announced, outcome=as_bool)


class AnnouncementRepository(Repository):
    """``game_announced``: a missing row means nothing was told yet."""

    async def get(self, ex: Executor, game_id: int) -> Announced:
        row = await ex.fetchone(
            "SELECT game_id, rounds, outcome FROM game_announced WHERE game_id = ?", (game_id,))
        return _announced(row) if row is not None else Announced(game_id)

    async def set(self, ex: Executor, game_id: int, *, rounds: int, outcome: bool) -> None:
        if rounds < 0:
            raise ValueError("rounds must be >= 0")
        await ex.execute(
            "INSERT INTO game_announced (game_id, rounds, outcome) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET rounds = excluded.rounds,"
            " outcome = excluded.outcome",
            (game_id, rounds, int(outcome)),
        )

    async def delete_ended_before(self, ex: Executor, before: float) -> int:
        """What the groups were told of the ended games last changed before ``before``."""
        result = await ex.execute(
            "DELETE FROM game_announced WHERE game_id IN (SELECT game_id FROM games"
            " WHERE status IN ('finished', 'cancelled')"
            " AND COALESCE(finished_at, updated_at) < ?)", (before,))
        return result.rowcount
