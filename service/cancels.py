"""Ending a game before its end: cancelled by its creator, an admin or all its people,
or because its chat or forum topic is gone."""

from __future__ import annotations

import dataclasses

from service.context import Context
from service.errors import (
    AgreementNeededError,
    GameOverError,
    NoSuchGameError,
    NotAllowedError,
    NotInLobbyError,
    NotSeatedError,
)
from service.loading import Live, active_in, info, live, may_run, people, remember
from service.types import CancelAgreement, GameInfo
from storage import GameRow, SeatRow, Transaction

__all__ = ["Cancels"]


class Cancels:
    """Cancel a game: each way in one transaction, its turn timer cleared with it."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def cancel(self, chat_id: int, user_id: int, *, is_admin: bool = False,
                     topic: int | None = None) -> GameInfo:
        """Cancel the chat's (topic's) game. A lobby: its creator (a lone player, any
        player should the creator have left) or a chat admin. A started game: a chat
        admin at once, or a person seated when he is its only person; any other
        person seated is refused with `AgreementNeededError` (he may ask the others,
        `agree_to_cancel`), anyone else with `NotSeatedError`."""
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            row, seats = await active_in(ctx, tx, chat_id, topic)
            if not is_admin and row.status == "lobby":
                if all(s.user_id != user_id for s in seats) \
                        and user_id != row.creator_user_id:
                    raise NotAllowedError("only a player, the creator or an admin may cancel")
                may_run(row, seats, user_id, is_admin)
            elif not is_admin:
                seated = people(seats)
                if user_id not in seated:
                    raise NotSeatedError()
                if seated != {user_id}:
                    raise AgreementNeededError(row.game_id)
            after, game = await self._set_cancelled(tx, row)
        return self._cancelled(after, seats, game)

    async def agree_to_cancel(self, game_id: int, user_id: int) -> CancelAgreement:
        """A person seated in a started game agrees to cancel it (stored, so a restart
        keeps it); once every person seated agreed, the game is cancelled in the same
        transaction. `NotSeatedError` for anyone else, `NotInLobbyError` for a game in
        its lobby (its creator cancels it), `GameOverError` for one over already."""
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            loaded = await ctx.repos.games.load(tx, game_id)
            if loaded is None:
                raise NoSuchGameError()
            row, seats = loaded
            if row.status == "lobby":
                raise NotInLobbyError("a lobby is cancelled by its creator")
            if row.status != "playing":
                raise GameOverError()
            seated = people(seats)
            if user_id not in seated:
                raise NotSeatedError()
            new = await ctx.repos.cancel_votes.add(tx, game_id, user_id)
            agreed = frozenset(await ctx.repos.cancel_votes.voters(tx, game_id)) & seated
            if agreed >= seated:
                after, cancelled = await self._set_cancelled(tx, row)
            else:
                played = await live(ctx, tx, row)
        if agreed >= seated:
            return CancelAgreement(self._cancelled(after, seats, cancelled), seated, agreed,
                                   new)
        return CancelAgreement(info(row, seats, played.game), seated, agreed, new)

    async def close_chat(self, chat_id: int) -> list[GameInfo]:
        """The bot was removed from the group: every game of it in the lobby or being
        played (in any topic) is cancelled, as nobody could see or play it there any
        more; its calls for the next game are dropped (no lobby will open there to
        answer them). The games cancelled."""
        ctx = self._ctx
        await ctx.repos.calls.drop_chat(ctx.db, chat_id)
        closed = []
        for found in await ctx.repos.games.list_active(ctx.db):
            if found.chat_id != chat_id:
                continue
            async with ctx.db.transaction() as tx:
                loaded = await ctx.repos.games.load(tx, found.game_id)
                if loaded is None or not loaded[0].is_active:
                    continue
                row, seats = loaded
                after, game = await self._set_cancelled(tx, row)
            closed.append(self._cancelled(after, seats, game))
        return closed

    async def close_lost_topic(self, game_id: int) -> GameInfo | None:
        """Cancel the active game whose forum topic is gone (Telegram answers "message
        thread not found" in it): no one can see or play it any more. None if the game
        is over already or has no topic (nothing changes)."""
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            loaded = await ctx.repos.games.load(tx, game_id)
            if loaded is None or not loaded[0].is_active or not loaded[0].topic:
                return None
            row, seats = loaded
            after, game = await self._set_cancelled(tx, row)
        return self._cancelled(after, seats, game)

    async def _set_cancelled(self, tx: Transaction, row: GameRow
                             ) -> tuple[GameRow, Live | None]:
        """Mark the game cancelled in ``tx`` (its turn timer gone); the row after it and
        the live game, if it started."""
        ctx = self._ctx
        version = await ctx.repos.games.set_status(tx, row.game_id, "cancelled")
        await ctx.repos.deadlines.clear(tx, row.game_id)
        game = await live(ctx, tx, row) if row.record_json is not None else None
        return dataclasses.replace(row, version=version, status="cancelled"), game

    def _cancelled(self, after: GameRow, seats: list[SeatRow], game: Live | None
                   ) -> GameInfo:
        """The cancelled game, once committed (its live game kept at the new version)."""
        if game is not None:
            remember(self._ctx, after.game_id, dataclasses.replace(game, version=after.version))
        return info(after, seats, game.game if game is not None else None)
