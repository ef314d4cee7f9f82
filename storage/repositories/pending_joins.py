"""Deep-link tokens (``t.me/<bot>?start=<token>``) that join a game on Start."""

from __future__ import annotations

import re
import secrets
from typing import Final

from storage.models import PendingJoin
from storage.repositories.base import Repository
from storage.rows import RowMapper, as_float
from storage.transaction import Executor, Transaction

__all__ = ["PendingJoinRepository"]

_TOKEN_RE: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
_join = RowMapper(PendingJoin, created_at=as_float)
_SELECT: Final = "SELECT token, chat_id, game_id, user_id, created_at FROM pending_joins"


def _check_token(token: str) -> str:
    if not _TOKEN_RE.fullmatch(token):
        raise ValueError("a deep-link token is 1-64 characters of A-Z a-z 0-9 _ -")
    return token


class PendingJoinRepository(Repository):
    """A token seats its presser in a game (``user_id`` None: anyone)."""

    async def create(self, ex: Executor, chat_id: int, game_id: int, *,
                     user_id: int | None = None, token: str | None = None) -> PendingJoin:
        """A new token (random, deep-link safe, unless given) for joining `game_id`."""
        token = secrets.token_urlsafe(16) if token is None else _check_token(token)
        now = self._now()
        await ex.execute(
            "INSERT INTO pending_joins (token, chat_id, game_id, user_id, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (token, chat_id, game_id, user_id, now),
        )
        return PendingJoin(token, chat_id, game_id, user_id, now)

    async def ensure(self, tx: Transaction, chat_id: int, game_id: int, *,
                     user_id: int | None = None, token: str | None = None) -> PendingJoin:
        """The game's token for ``user_id`` (None: the link for anyone): ``token`` when
        given (created if missing), else the one already made, else a new random one."""
        if token is not None:
            existing = await self.get(tx, _check_token(token))
        else:
            existing = _join.maybe(await tx.fetchone(
                f"{_SELECT} WHERE game_id = ? AND user_id IS ? ORDER BY created_at LIMIT 1",
                (game_id, user_id)))
        if existing is not None:
            return existing
        return await self.create(tx, chat_id, game_id, user_id=user_id, token=token)

    async def get(self, ex: Executor, token: str) -> PendingJoin | None:
        return _join.maybe(await ex.fetchone(f"{_SELECT} WHERE token = ?", (token,)))

    async def consume(self, ex: Executor, token: str) -> PendingJoin | None:
        """Delete the token and return it; None if unknown or already used."""
        return _join.first(await ex.fetchall(
            "DELETE FROM pending_joins WHERE token = ?"
            " RETURNING token, chat_id, game_id, user_id, created_at", (token,)))

    async def delete_for_game(self, ex: Executor, game_id: int) -> int:
        result = await ex.execute("DELETE FROM pending_joins WHERE game_id = ?", (game_id,))
        return result.rowcount

    async def purge_older_than(self, ex: Executor, cutoff: float) -> int:
        """Delete the tokens created before `cutoff` (epoch seconds); how many."""
        result = await ex.execute("DELETE FROM pending_joins WHERE created_at < ?", (cutoff,))
        return result.rowcount

    async def delete_dead(self, ex: Executor) -> int:
        """The join links of games no longer in their lobby (nobody can join them)."""
        result = await ex.execute(
            "DELETE FROM pending_joins WHERE game_id IN"
            " (SELECT game_id FROM games WHERE status <> 'lobby')")
        return result.rowcount
