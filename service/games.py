"""The games as read: one game, a chat's, a user's, every active one, a seat's view.

Reads only; each in one consistent read (`Database.reading`), a started game
taken from the context's cache when it is at the stored version. The one write:
`active_games` sets aside a game that cannot be rebuilt (`service.broken`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.core.view import SeatView
from service.broken import set_aside
from service.context import Context
from service.errors import NoSuchGameError, NotInLobbyError
from service.loading import (
    BrokenGameError,
    info,
    info_of,
    live,
    note_chat,
    own_seat,
    seat_info,
    stored,
)
from service.types import GameInfo, SeatInfo

__all__ = ["UNTOLD_WITHIN", "Games"]

# a game that finished at most this long ago is still told its result after a restart
UNTOLD_WITHIN: Final = 7 * 86400.0


class Games:
    """Find and read games; nothing here writes."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def game(self, game_id: int) -> GameInfo:
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            loaded = await ctx.repos.games.load(ex, game_id)
            if loaded is None:
                raise NoSuchGameError()
            return await info_of(ctx, ex, *loaded)

    async def active_game(self, chat_id: int, *, topic: int | None = None) -> GameInfo | None:
        """The game of the chat's ``topic`` (None: no topic) in the lobby or played."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            loaded = await ctx.repos.games.load_active_for_chat(ex, chat_id, stored(topic))
            return await info_of(ctx, ex, *loaded) if loaded is not None else None

    async def last_game(self, chat_id: int, *, topic: int | None = None) -> GameInfo | None:
        """The chat's (topic's) active game, else its most recent one."""
        rows = await self._ctx.repos.games.list_for_chat(self._ctx.db, chat_id, limit=1,
                                                         topic=stored(topic))
        return await self.game(rows[0].game_id) if rows else None

    async def last_finished_game(self, *, chat_id: int | None = None,
                                 user_id: int | None = None,
                                 topic: int | None = None) -> GameInfo | None:
        """The most recent finished game of a chat (``chat_id``, in its ``topic``) or in
        which a user sat (``user_id``): what /score shows once no game is played."""
        if (chat_id is None) == (user_id is None):
            raise ValueError("a chat or a user")
        row = await self._ctx.repos.games.last_finished(
            self._ctx.db, chat_id=chat_id, user_id=user_id, topic=stored(topic))
        return await self.game(row.game_id) if row is not None else None

    async def active_games(self) -> list[GameInfo]:
        """Every game in the lobby or being played (to resume them after a restart).
        A game that cannot be rebuilt is left out and set aside (`service.broken`):
        the others play on."""
        games = []
        for row in await self._ctx.repos.games.list_active(self._ctx.db):
            try:
                games.append(await self.game(row.game_id))
            except BrokenGameError as exc:
                await set_aside(self._ctx, row, exc)
        return games

    async def count_playing(self) -> int:
        """How many games are being played now (one indexed count, for the metrics)."""
        return await self._ctx.repos.games.count_playing(self._ctx.db)

    async def untold_finished_games(self, within: float = UNTOLD_WITHIN) -> list[GameInfo]:
        """Games that finished in the last ``within`` seconds and whose group was not
        told the result, or whose table does not show it yet (the bot stopped before
        it could): a restart tells them."""
        ctx = self._ctx
        since = ctx.now() - within
        return [await self.game(r.game_id)
                for r in await ctx.repos.games.list_untold_finished(ctx.db, since=since)]

    async def seat_view(self, game_id: int, user_id: int) -> tuple[GameInfo, SeatInfo, SeatView]:
        """A player's own view of a game he sits in (only his hand in it)."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            row, seats, mine = await own_seat(ctx, ex, game_id, user_id)
            if row.record_json is None:
                raise NotInLobbyError("the game has not started")
            note_chat(ctx, row)
            game = (await live(ctx, ex, row)).game
            return info(row, seats, game), seat_info(mine), game.view(mine.seat)

    async def seat_views(self, game_id: int, seats: Iterable[int] | None = None
                         ) -> tuple[GameInfo, dict[int, SeatView]]:
        """The game and the private views of ``seats`` (default: every seat), read
        together (one query with the game cached): to show every hand anew."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            loaded = await ctx.repos.games.load(ex, game_id)
            if loaded is None:
                raise NoSuchGameError()
            row, rows = loaded
            if row.record_json is None:
                raise NotInLobbyError("the game has not started")
            note_chat(ctx, row)
            game = (await live(ctx, ex, row)).game
            wanted = range(game.players) if seats is None else seats
            return info(row, rows, game), {s: game.view(s) for s in wanted}

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        rows = await self._ctx.repos.games.list_active_for_user(self._ctx.db, user_id)
        return [await self.game(r.game_id) for r in rows]

    async def started_games_of_user(self, user_id: int, limit: int = 6) -> list[GameInfo]:
        """The games the user sat in that started (playing, finished or cancelled),
        newest first, without their state (``view`` None): for /export in private."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            rows = await ctx.repos.games.list_started_for_user(ex, user_id, limit=limit)
            out = []
            for row in rows:
                note_chat(ctx, row)
                out.append(info(row, await ctx.repos.games.list_seats(ex, row.game_id), None))
            return out
