"""Join links: the deep-link tokens that seat a player once he pressed Start."""

from __future__ import annotations

from service.context import Context
from service.errors import NoSuchGameError
from service.loading import chat_of
from service.types import JoinLink
from storage import PendingJoin

__all__ = ["Joins"]


def _join_link(row: PendingJoin) -> JoinLink:
    return JoinLink(row.token, row.chat_id, row.game_id, row.user_id, row.created_at)


class Joins:
    """Make, read, use up and drop the join links of a game."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def join_link(self, game_id: int, *, user_id: int | None, token: str | None = None
                        ) -> str:
        """The token of the deep link that joins ``game_id``: for ``user_id`` only, or
        anyone (None). ``token`` given: that token (created if missing; 1-64 of
        A-Z a-z 0-9 _ -); else the one made before, else a new random one."""
        ctx = self._ctx
        chat_id = await chat_of(ctx, game_id)
        if chat_id is None:
            raise NoSuchGameError()
        async with ctx.db.transaction() as tx:
            row = await ctx.repos.pending_joins.ensure(tx, chat_id, game_id, user_id=user_id,
                                                       token=token)
        return row.token

    async def pending_join(self, token: str) -> JoinLink | None:
        """The join link of a token, None if unknown or used up."""
        if not 0 < len(token) <= 64:
            return None
        row = await self._ctx.repos.pending_joins.get(self._ctx.db, token)
        return _join_link(row) if row is not None else None

    async def consume_join(self, token: str) -> JoinLink | None:
        """Use up a token; what it was, None if unknown or used already."""
        if not 0 < len(token) <= 64:
            return None
        row = await self._ctx.repos.pending_joins.consume(self._ctx.db, token)
        return _join_link(row) if row is not None else None

    async def forget_joins(self, game_id: int) -> int:
        """Drop every join link of the game (it started or ended); how many."""
        return await self._ctx.repos.pending_joins.delete_for_game(self._ctx.db, game_id)
