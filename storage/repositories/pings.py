"""Turn pings: how many were sent for the turn a game is at (``turn_pings``)."""

from __future__ import annotations

from storage.repositories.base import Repository
from storage.transaction import Executor, Transaction

__all__ = ["PingRepository"]


class PingRepository(Repository):
    """``turn_pings``: game -> (version of the turn, pings sent for it)."""

    async def sent(self, ex: Executor, game_id: int, version: int) -> int:
        """How many pings the turn at ``version`` has had (0 for a row of another turn)."""
        row = await ex.fetchone("SELECT sent FROM turn_pings WHERE game_id = ? AND version = ?",
                                (game_id, version))
        return int(row[0]) if row is not None else 0

    async def claim(self, tx: Transaction, game_id: int, version: int, stage: int) -> bool:
        """Count ping number ``stage`` (0, 1, ...) of the turn at ``version`` as sent;
        False when it (or a later one) was counted already."""
        result = await tx.execute(
            "INSERT INTO turn_pings (game_id, version, sent) VALUES (?1, ?2, ?3 + 1)"
            " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,"
            " sent = excluded.sent"
            " WHERE turn_pings.version <> excluded.version OR turn_pings.sent <= ?3",
            (game_id, version, stage))
        return result.rowcount > 0

    async def delete_ended_before(self, ex: Executor, before: float) -> int:
        """The turn pings of the ended games last changed before ``before``."""
        result = await ex.execute(
            "DELETE FROM turn_pings WHERE game_id IN (SELECT game_id FROM games"
            " WHERE status IN ('finished', 'cancelled') AND updated_at < ?)", (before,))
        return result.rowcount
