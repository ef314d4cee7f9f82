"""Rematches: the asks for a finished game's rematch, and the game it became."""

from __future__ import annotations

import sqlite3

from storage.repositories.base import Repository
from storage.transaction import Executor, Transaction

__all__ = ["RematchRepository"]


class RematchRepository(Repository):
    """``rematch_asks`` and ``games.rematch_of``."""

    async def asked(self, ex: Executor, game_id: int) -> frozenset[int]:
        """The users who asked for the rematch of ``game_id`` so far."""
        rows = await ex.fetchall("SELECT user_id FROM rematch_asks WHERE game_id = ?",
                                 (game_id,))
        return frozenset(int(r[0]) for r in rows)

    async def ask(self, tx: Transaction, game_id: int, user_id: int) -> bool:
        """Count his ask; False when he had asked already."""
        result = await tx.execute(
            "INSERT INTO rematch_asks (game_id, user_id) VALUES (?, ?)"
            " ON CONFLICT (game_id, user_id) DO NOTHING", (game_id, user_id))
        return result.rowcount > 0

    async def started(self, ex: Executor, game_id: int) -> int | None:
        """The game that is the rematch of ``game_id``, once it was opened."""
        row = await ex.fetchone("SELECT game_id FROM games WHERE rematch_of = ?", (game_id,))
        return int(row[0]) if row is not None else None

    async def mark(self, tx: Transaction, game_id: int, rematch_of: int) -> bool:
        """Record ``game_id`` as the rematch of ``rematch_of``; False when that game has
        a rematch already (the caller rolls back)."""
        try:
            result = await tx.execute("UPDATE games SET rematch_of = ? WHERE game_id = ?",
                                      (rematch_of, game_id))
        except sqlite3.IntegrityError:  # the unique index: one rematch per game
            return False
        return result.rowcount > 0
