"""Calls for the next game (``next_game_calls``, m0013): who waits to be told when a
lobby opens in a group."""

from __future__ import annotations

from typing import Final, Literal

from storage.models import NextGameCall
from storage.repositories.base import Repository
from storage.rows import RowMapper, as_float
from storage.transaction import Executor, Transaction

__all__ = ["CallAdded", "CallRepository"]

_call = RowMapper(NextGameCall, added_at=as_float)
_SELECT: Final = "SELECT chat_id, user_id, added_at FROM next_game_calls"

# what `CallRepository.add` did: the call is new, it was there already, or the group's
# list is full (nothing written)
CallAdded = Literal["added", "again", "full"]


class CallRepository(Repository):
    """``next_game_calls``: one row per group and person waiting for its next game."""

    async def add(self, tx: Transaction, chat_id: int, user_id: int, *, limit: int
                  ) -> CallAdded:
        """Put him on the group's list, unless he is on it already, or it holds
        ``limit`` people already."""
        if await tx.fetchone("SELECT 1 FROM next_game_calls WHERE chat_id = ? AND user_id = ?",
                             (chat_id, user_id)) is not None:
            return "again"
        if await self.count(tx, chat_id) >= limit:
            return "full"
        await tx.execute(
            "INSERT INTO next_game_calls (chat_id, user_id, added_at) VALUES (?, ?, ?)",
            (chat_id, user_id, self._now()))
        return "added"

    async def remove(self, ex: Executor, chat_id: int, user_id: int) -> bool:
        """Take him off the group's list; False when he was not on it."""
        result = await ex.execute(
            "DELETE FROM next_game_calls WHERE chat_id = ? AND user_id = ?", (chat_id, user_id))
        return result.rowcount > 0

    async def count(self, ex: Executor, chat_id: int) -> int:
        """How many people wait for the group's next game."""
        row = await ex.fetchone("SELECT COUNT(*) FROM next_game_calls WHERE chat_id = ?",
                                (chat_id,))
        return int(row[0]) if row is not None else 0

    async def of_chat(self, ex: Executor, chat_id: int) -> list[NextGameCall]:
        """The group's list, the oldest call first."""
        rows = await ex.fetchall(f"{_SELECT} WHERE chat_id = ? ORDER BY added_at, user_id",
                                 (chat_id,))
        return [_call(r) for r in rows]

    async def of_user(self, ex: Executor, user_id: int) -> list[NextGameCall]:
        """The groups where he waits, the oldest call first."""
        rows = await ex.fetchall(f"{_SELECT} WHERE user_id = ? ORDER BY added_at, chat_id",
                                 (user_id,))
        return [_call(r) for r in rows]

    async def take(self, ex: Executor, chat_id: int) -> list[NextGameCall]:
        """Empty the group's list and return it, the oldest call first: one statement,
        so two lobbies opening at once never take one call twice."""
        rows = await ex.fetchall(
            "DELETE FROM next_game_calls WHERE chat_id = ?"
            " RETURNING chat_id, user_id, added_at", (chat_id,))
        return sorted((_call(r) for r in rows), key=lambda c: (c.added_at, c.user_id))

    async def drop_chat(self, ex: Executor, chat_id: int) -> int:
        """Forget the group's list (the bot left the group); how many calls went."""
        result = await ex.execute("DELETE FROM next_game_calls WHERE chat_id = ?", (chat_id,))
        return result.rowcount

    async def move_chat(self, tx: Transaction, old_chat_id: int, new_chat_id: int) -> None:
        """The group became a supergroup: its list goes with it (joined to any the new
        id has)."""
        await tx.execute(
            "INSERT INTO next_game_calls (chat_id, user_id, added_at)"
            " SELECT ?, user_id, added_at FROM next_game_calls WHERE chat_id = ?"
            " ON CONFLICT (chat_id, user_id) DO NOTHING", (new_chat_id, old_chat_id))
        await tx.execute("DELETE FROM next_game_calls WHERE chat_id = ?", (old_chat_id,))
