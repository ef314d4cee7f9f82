"""The agreement to cancel a started game (``cancel_votes``, m0007)."""

from __future__ import annotations

from storage.repositories.base import Repository
from storage.transaction import Executor, Transaction

__all__ = ["CancelVoteRepository"]


class CancelVoteRepository(Repository):
    """``cancel_votes``: the persons of a game who agreed to cancel it."""

    async def add(self, tx: Transaction, game_id: int, user_id: int) -> bool:
        """Count his agreement; False when he had agreed already."""
        result = await tx.execute(
            "INSERT INTO cancel_votes (game_id, user_id, voted_at) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id, user_id) DO NOTHING", (game_id, user_id, self._now()))
        return result.rowcount > 0

    async def voters(self, ex: Executor, game_id: int) -> set[int]:
        """Who agreed to cancel the game."""
        rows = await ex.fetchall("SELECT user_id FROM cancel_votes WHERE game_id = ?",
                                 (game_id,))
        return {int(row["user_id"]) for row in rows}
