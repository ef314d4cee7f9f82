"""The moves of started games, append-only: one row per command.

A move costs one INSERT of a few bytes however long the game is; the record is
built from the rows when asked (by the service, which knows the engine). The
notation is the record's (``engine/domino/record.py``), stored as text.
"""

from __future__ import annotations

from collections.abc import Iterable

from storage.models import MoveRow
from storage.repositories.base import Repository
from storage.rows import RowMapper
from storage.transaction import Executor

__all__ = ["MoveRepository"]

_move = RowMapper(MoveRow)


class MoveRepository(Repository):
    """``game_moves``: (game, seq) -> round, notation, version after it."""

    async def append(self, ex: Executor, game_id: int, *, seq: int, round: int, move: str,
                     version: int | None) -> None:
        """Add the game's move number ``seq`` (0, 1, 2, ...); a second move with the same
        number is refused by the primary key (`sqlite3.IntegrityError`)."""
        if seq < 0 or round < 0:
            raise ValueError("seq and round are >= 0")
        if not move:
            raise ValueError("a move has a notation")
        await ex.execute(
            "INSERT INTO game_moves (game_id, seq, round, move, version) VALUES (?, ?, ?, ?, ?)",
            (game_id, seq, round, move, version),
        )

    async def extend(self, ex: Executor, moves: Iterable[MoveRow]) -> None:
        """Add several moves in one statement (a migration, a test's fixture)."""
        await ex.executemany(
            "INSERT INTO game_moves (game_id, seq, round, move, version) VALUES (?, ?, ?, ?, ?)",
            [(m.game_id, m.seq, m.round, m.move, m.version) for m in moves],
        )

    async def list(self, ex: Executor, game_id: int) -> list[MoveRow]:
        """Every move of the game in the order played."""
        return _move.all(await ex.fetchall(
            "SELECT game_id, seq, round, move, version FROM game_moves WHERE game_id = ?"
            " ORDER BY seq", (game_id,)))

    async def count(self, ex: Executor, game_id: int) -> int:
        row = await ex.fetchone("SELECT COUNT(*) FROM game_moves WHERE game_id = ?", (game_id,))
        return int(row[0]) if row is not None else 0
