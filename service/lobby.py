"""The lobby: a table opened in a chat (or a forum topic), its seats and its settings.

Each command is one transaction; who may change what is `service.loading.may_manage`.
A lobby is started by `service.play.Play.start`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from engine.core.errors import EngineError
from engine.variants import get_variant
from service.context import CHAT_CACHE_SIZE, Context, lru_put
from service.errors import (
    ActiveGameExistsError,
    AlreadyJoinedError,
    AlreadyStartedError,
    BadSettingsError,
    LobbyFullError,
    NotInGameError,
    NotMemberError,
    SoloGameError,
)
from service.loading import (
    active_in,
    info_of,
    lobby_of,
    max_players,
    may_manage,
    reload,
    stored,
)
from service.options import check_options, max_seats
from service.types import AI_LEVELS, GameInfo, PlayerInfo, is_solo
from storage import AiLevel
from storage import errors as st

__all__ = ["Lobby"]


class Lobby:
    """Open a lobby, take and leave seats, seat computer players, change its settings."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def open_lobby(self, chat_id: int, creator: PlayerInfo, variant: str = "kozel",
                         options: Mapping[str, Any] | None = None, *,
                         topic: int | None = None, computers: int = 0,
                         level: str = "medium") -> GameInfo:
        """Open a lobby in ``chat_id`` (in its forum ``topic``, None: none) with its
        creator seated, and ``computers`` computer players of ``level`` (a solo table:
        the lobby in its creator's private chat, `GameInfo.solo`)."""
        ctx = self._ctx
        try:
            get_variant(variant)
        except EngineError as exc:
            raise BadSettingsError(str(exc)) from None
        if level not in AI_LEVELS or not 0 <= computers < max_players(variant):
            raise BadSettingsError(f"{computers} computer players of level {level!r}")
        check_options(variant, options or {})
        async with ctx.db.transaction() as tx:
            try:
                game_id = await ctx.repos.games.create_lobby(
                    tx, chat_id, variant, creator.user_id, options=dict(options or {}),
                    seed=ctx.seeds(), topic=stored(topic))
            except st.ActiveGameExistsError as exc:
                raise ActiveGameExistsError(str(exc)) from None
            await ctx.repos.games.add_seat(tx, game_id, display_name=creator.name,
                                           user_id=creator.user_id)
            for n in range(1, computers + 1):
                await ctx.repos.games.add_seat(tx, game_id, display_name=f"AI {n}",
                                               ai_level=cast(AiLevel, level))
            info = await reload(ctx, tx, game_id)
        lru_put(ctx.chats, game_id, chat_id, CHAT_CACHE_SIZE)
        return info

    async def join(self, chat_id: int, player: PlayerInfo, *, topic: int | None = None,
                   member: bool = True) -> GameInfo:
        """Seat ``player`` in the lobby. ``member``: whether he is a member of the group
        (Telegram says; a button pressed in the group is pressed by one): only a
        member takes a seat (`NotMemberError`)."""
        if not member:
            raise NotMemberError()
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            row, _ = await lobby_of(ctx, tx, chat_id, topic)
            if is_solo(row.chat_id, row.creator_user_id):
                raise SoloGameError()
            try:
                await ctx.repos.games.add_seat(
                    tx, row.game_id, display_name=player.name, user_id=player.user_id,
                    max_seats=max_seats(row.variant, row.options))
            except st.AlreadySeatedError:
                raise AlreadyJoinedError() from None
            except st.GameFullError:
                raise LobbyFullError() from None
            return await reload(ctx, tx, row.game_id)

    async def leave(self, chat_id: int, user_id: int, *, topic: int | None = None
                    ) -> GameInfo:
        """Leave a lobby; the last human leaving cancels it."""
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            row, seats = await lobby_of(ctx, tx, chat_id, topic)
            if all(s.user_id != user_id for s in seats):
                raise NotInGameError()
            games = ctx.repos.games
            await games.remove_user(tx, row.game_id, user_id)
            seats = await games.renumber_seats(tx, row.game_id)
            if not any(s.user_id is not None for s in seats):
                await games.set_status(tx, row.game_id, "cancelled")
            return await reload(ctx, tx, row.game_id)

    async def add_ai(self, chat_id: int, user_id: int, level: str, *,
                     is_admin: bool = False, topic: int | None = None) -> GameInfo:
        """Seat a computer player (the creator or a chat admin)."""
        if level not in AI_LEVELS:
            raise BadSettingsError(f"unknown level {level!r}")
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            row, seats = await lobby_of(ctx, tx, chat_id, topic)
            may_manage(row, seats, user_id, is_admin)
            n = sum(1 for s in seats if s.ai_level is not None) + 1
            try:
                await ctx.repos.games.add_seat(
                    tx, row.game_id, display_name=f"AI {n}", ai_level=cast(AiLevel, level),
                    max_seats=max_seats(row.variant, row.options))
            except st.GameFullError:
                raise LobbyFullError() from None
            return await reload(ctx, tx, row.game_id)

    async def remove_ai(self, chat_id: int, user_id: int, seat: int | None = None, *,
                        is_admin: bool = False, topic: int | None = None) -> GameInfo:
        """Remove the computer player in ``seat`` (default: the last one); the creator
        or a chat admin."""
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            row, seats = await lobby_of(ctx, tx, chat_id, topic)
            may_manage(row, seats, user_id, is_admin)
            ais = [s for s in seats if s.ai_level is not None
                   and (seat is None or s.seat == seat)]
            if not ais:
                raise BadSettingsError("no such computer player")
            await ctx.repos.games.remove_seat(tx, row.game_id, ais[-1].seat)
            await ctx.repos.games.renumber_seats(tx, row.game_id)
            return await reload(ctx, tx, row.game_id)

    async def check_manager(self, chat_id: int, user_id: int, *, is_admin: bool = False,
                            topic: int | None = None) -> GameInfo:
        """The chat's (topic's) lobby, if the user may change its settings (else
        `NotManagerError`; no lobby: `NoSuchGameError`, `AlreadyStartedError`)."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            row, seats = await active_in(ctx, ex, chat_id, topic)
            if row.status != "lobby":
                raise AlreadyStartedError()
            may_manage(row, seats, user_id, is_admin)
            return await info_of(ctx, ex, row, seats)

    async def change_settings(self, chat_id: int, user_id: int, *, variant: str | None = None,
                              options: Mapping[str, Any] | None = None,
                              is_admin: bool = False, topic: int | None = None) -> GameInfo:
        """Change the lobby's variant and house rules (a value of None drops an option).
        A value the variant does not offer is refused (`BadSettingsError`)."""
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            row, seats = await lobby_of(ctx, tx, chat_id, topic)
            may_manage(row, seats, user_id, is_admin)
            new_variant = variant or row.variant
            try:
                get_variant(new_variant)
            except EngineError as exc:
                raise BadSettingsError(str(exc)) from None
            merged = {} if variant and variant != row.variant else dict(row.options)
            for key, value in (options or {}).items():
                if value is None:
                    merged.pop(key, None)
                else:
                    merged[key] = value
            check_options(new_variant, merged, len(seats))
            if len(seats) > max_players(new_variant):
                raise LobbyFullError()
            await ctx.repos.games.update_options(tx, row.game_id, merged, variant=new_variant)
            return await reload(ctx, tx, row.game_id)
