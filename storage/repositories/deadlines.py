"""Turn timers: one per game, in absolute epoch seconds, so they survive restarts."""

from __future__ import annotations

from typing import Final

from storage.models import Deadline
from storage.repositories.base import Repository
from storage.rows import RowMapper, as_bool, as_float
from storage.transaction import Executor

__all__ = ["DeadlineRepository"]

_deadline = RowMapper(Deadline, due_at=as_float, reminded=as_bool)
_SELECT: Final = (
    "SELECT d.game_id, d.seat, d.turn_version, d.due_at, d.reminded, g.chat_id"
    " FROM deadlines AS d JOIN games AS g ON g.game_id = d.game_id"
)


class DeadlineRepository(Repository):
    """`turn_version` is the game version the timer was set for: a timer that fires
    after the game moved on is recognised as stale by comparing it."""

    async def save(self, ex: Executor, game_id: int, *, seat: int, turn_version: int,
                   due_at: float) -> Deadline:
        """Set (or replace) the game's timer; a new timer has not been reminded."""
        rows = await ex.fetchall(
            "INSERT INTO deadlines (game_id, seat, turn_version, due_at, reminded)"
            " VALUES (?, ?, ?, ?, 0) ON CONFLICT (game_id) DO UPDATE SET"
            " seat = excluded.seat, turn_version = excluded.turn_version,"
            " due_at = excluded.due_at, reminded = 0"
            " RETURNING (SELECT chat_id FROM games WHERE game_id = deadlines.game_id) AS chat_id",
            (game_id, seat, turn_version, due_at),
        )
        chat_id = rows[0]["chat_id"] if rows else None
        return Deadline(game_id, seat, turn_version, float(due_at), False,
                        None if chat_id is None else int(chat_id))

    async def get(self, ex: Executor, game_id: int) -> Deadline | None:
        return _deadline.maybe(await ex.fetchone(f"{_SELECT} WHERE d.game_id = ?", (game_id,)))

    async def mark_reminded(self, ex: Executor, game_id: int, turn_version: int) -> bool:
        """Note that the reminder went out; False if the timer is gone or for another turn."""
        result = await ex.execute(
            "UPDATE deadlines SET reminded = 1 WHERE game_id = ? AND turn_version = ?",
            (game_id, turn_version),
        )
        return result.rowcount > 0

    async def clear(self, ex: Executor, game_id: int, *, turn_version: int | None = None
                    ) -> bool:
        """Remove the game's timer (only if it is for `turn_version`, when given)."""
        result = await ex.execute(
            "DELETE FROM deadlines WHERE game_id = ? AND (?2 IS NULL OR turn_version = ?2)",
            (game_id, turn_version),
        )
        return result.rowcount > 0

    async def list_all(self, ex: Executor) -> list[Deadline]:
        """Every timer, soonest first (to reschedule them after a restart)."""
        return _deadline.all(await ex.fetchall(f"{_SELECT} ORDER BY d.due_at, d.game_id"))
