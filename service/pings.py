"""Turn pings: the turn of a person present that a game waits on, and the pings it had.

Each ping sent for a stalled turn is counted in storage in a transaction, so a
restart neither loses nor repeats one.
"""

from __future__ import annotations

from service.context import Context
from service.loading import info_of, level_of
from service.types import TurnPing
from storage import Executor

__all__ = ["Pings"]


class Pings:
    """Which turn may be pinged, and counting a ping as sent."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def _turn_ping(self, ex: Executor, game_id: int) -> TurnPing | None:
        ctx = self._ctx
        loaded = await ctx.repos.games.load(ex, game_id)
        if loaded is None or loaded[0].status != "playing":
            return None
        row, seats = loaded
        game = await info_of(ctx, ex, row, seats)
        seat = game.turn
        if seat is None or seat >= len(seats) or level_of(seats[seat]) is not None:
            return None
        user_id = seats[seat].user_id
        assert user_id is not None
        sent = await ctx.repos.pings.sent(ex, game_id, row.version)
        return TurnPing(game, seat, user_id, row.updated_at, sent)

    async def turn_ping(self, game_id: int) -> TurnPing | None:
        """The turn of a person present that the game waits on (None: not playing, or
        a computer or a person away is on turn), with the pings it has had."""
        async with self._ctx.db.reading() as ex:
            return await self._turn_ping(ex, game_id)

    async def claim_ping(self, game_id: int, version: int, stage: int) -> TurnPing | None:
        """Count ping number ``stage`` of the turn at ``version`` as sent, if that turn
        is still waiting and the ping was not counted before; the turn (``sent``
        before this one), else None. A restart neither repeats nor loses a ping."""
        async with self._ctx.db.transaction() as tx:
            turn = await self._turn_ping(tx, game_id)
            if turn is None or turn.game.version != version or turn.sent > stage:
                return None
            if not await self._ctx.repos.pings.claim(tx, game_id, version, stage):
                return None
        return turn
