"""Rematches: the people of a finished game ask, and once all did it starts again."""

from __future__ import annotations

import dataclasses
from typing import cast

from service.context import CHAT_CACHE_SIZE, Context, lru_put
from service.errors import (
    ActiveGameExistsError,
    AlreadyStartedError,
    ForgottenSeatError,
    NotFinishedError,
    NotInGameError,
)
from service.games import Games
from service.loading import stored
from service.play import Play
from service.types import GameInfo, MoveReport, RematchAsk, RematchVotes
from storage import AiLevel
from storage import errors as st

__all__ = ["Rematches"]


class Rematches:
    """Who asked for a finished game's rematch, and opening and starting it."""

    def __init__(self, ctx: Context, games: Games, play: Play) -> None:
        self._ctx = ctx
        self._games = games
        self._play = play

    async def rematch_votes(self, game: GameInfo) -> RematchVotes | None:
        """Who asked for the rematch of that finished game so far, and the rematch's
        game once it began (None: nobody asked)."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            asked = await ctx.repos.rematches.asked(ex, game.game_id)
            started = await ctx.repos.rematches.started(ex, game.game_id)
        if not asked and started is None:
            return None
        people = tuple(s.user_id for s in game.seats if s.user_id is not None)
        return RematchVotes(game.game_id, people, asked, started)

    async def ask_rematch(self, game_id: int, user_id: int) -> RematchAsk:
        """A person of a finished game asks for its rematch. Once every person of it
        has, the rematch opens in the same chat and topic with the same seats (people
        and computers in their places), variant and options, and starts. Refused:
        the game is not finished (`NotFinishedError`), he did not play it
        (`NotInGameError`), its rematch began already (`AlreadyStartedError`), the
        chat (topic) has a game in its lobby or in play (`ActiveGameExistsError`)."""
        ctx = self._ctx
        game = await self._games.game(game_id)
        if game.status != "finished":
            raise NotFinishedError()
        people = tuple(s.user_id for s in game.seats if s.user_id is not None)
        if user_id not in people:
            raise NotInGameError()
        if any(s.forgotten for s in game.seats):  # his seat names nobody to seat again
            raise ForgottenSeatError()
        if await ctx.repos.rematches.started(ctx.db, game_id) is not None:
            raise AlreadyStartedError()
        if await self._games.active_game(game.chat_id, topic=game.topic) is not None:
            raise ActiveGameExistsError()
        async with ctx.db.transaction() as tx:
            fresh = await ctx.repos.rematches.ask(tx, game_id, user_id)
            asked = await ctx.repos.rematches.asked(tx, game_id)
        votes = RematchVotes(game_id, people, asked)
        if not fresh:
            return RematchAsk(votes, again=True)
        if votes.waiting:
            return RematchAsk(votes, again=False)
        report = await self._rematch(game)
        return RematchAsk(dataclasses.replace(votes, started=report.game.game_id), again=False,
                          report=report)

    async def _rematch(self, game: GameInfo) -> MoveReport:
        """Open the finished ``game``'s table again (its seats in their order, in one
        transaction) and start it, as its creator (or its first person, should he
        have left it before it started)."""
        ctx = self._ctx
        creator = game.creator_user_id if game.seat_of(game.creator_user_id) is not None \
            else next(s.user_id for s in game.seats if s.user_id is not None)
        assert creator is not None
        async with ctx.db.transaction() as tx:
            try:
                new_id = await ctx.repos.games.create_lobby(
                    tx, game.chat_id, game.variant, creator, options=dict(game.options),
                    seed=ctx.seeds(), topic=stored(game.topic))
            except st.ActiveGameExistsError as exc:
                raise ActiveGameExistsError(str(exc)) from None
            if not await ctx.repos.rematches.mark(tx, new_id, game.game_id):
                raise AlreadyStartedError()  # (rolled back: a double press met its twin)
            for seat in game.seats:
                await ctx.repos.games.add_seat(
                    tx, new_id, display_name=seat.name, user_id=seat.user_id, seat=seat.seat,
                    ai_level=cast(AiLevel, seat.ai_level) if seat.user_id is None else None)
        lru_put(ctx.chats, new_id, game.chat_id, CHAT_CACHE_SIZE)
        return await self._play.start(game.chat_id, creator, topic=game.topic)
