"""Calls for the next game: a person asks (``/nextgame``) to be told in private when a
lobby opens in a group, once.

A group's list holds at most `CALLS_PER_CHAT` people. When a lobby opens there the
whole list is taken in one statement (`answer_calls`): everyone on it is told once
and is off it (one call, one message), so two lobbies opening at once never tell
anyone twice. The people seated in the new lobby (its opener) are taken off untold:
their next game is this one. Nothing here sends anything: the bot tells them. The
list is taken before the messages go out, so a crash in between loses those messages
rather than ever sending one twice.
"""

from __future__ import annotations

from typing import Final

from service.context import Context
from service.people import People
from service.types import CallResult, CallsAnswered, GameInfo, WaitingCall

__all__ = ["CALLS_PER_CHAT", "Calls"]

CALLS_PER_CHAT: Final = 200  # people on one group's list at most


def _group(chat_id: int) -> int:
    """A group's id (Telegram's groups and supergroups have negative ids; a private
    chat's is its person's, positive): the lists are the groups' only."""
    if chat_id >= 0:
        raise ValueError(f"chat {chat_id} is not a group")
    return chat_id


class Calls:
    """The lists of the people waiting for the next game of each group."""

    def __init__(self, ctx: Context, people: People) -> None:
        self._ctx = ctx
        self._people = people

    async def call(self, chat_id: int, user_id: int) -> CallResult:
        """Put the person on the group's list (he is told when its next lobby opens)."""
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            return await ctx.repos.calls.add(tx, _group(chat_id), user_id,
                                             limit=CALLS_PER_CHAT)

    async def cancel_call(self, chat_id: int, user_id: int) -> bool:
        """Take him off the group's list; False when he was not on it."""
        return await self._ctx.repos.calls.remove(self._ctx.db, _group(chat_id), user_id)

    async def cancel_calls(self, user_id: int) -> int:
        """Take him off every group's list; how many he was on."""
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            calls = await ctx.repos.calls.of_user(tx, user_id)
            for call in calls:
                await ctx.repos.calls.remove(tx, call.chat_id, user_id)
        return len(calls)

    async def calls_of(self, user_id: int) -> list[WaitingCall]:
        """The groups where he waits for the next game, the oldest call first."""
        calls = await self._ctx.repos.calls.of_user(self._ctx.db, user_id)
        return [WaitingCall(c.chat_id, await self._people.chat_title(c.chat_id), c.added_at)
                for c in calls]

    async def waiting(self, chat_id: int) -> int:
        """How many people wait for the group's next game."""
        return await self._ctx.repos.calls.count(self._ctx.db, _group(chat_id))

    async def answer_calls(self, game: GameInfo) -> CallsAnswered:
        """A lobby opened (``game``): its group's list is taken, whole. Nothing happens
        for a game that is not a group's open lobby (a solo table, a game started)."""
        if game.solo or game.status != "lobby" or game.chat_id >= 0:
            return CallsAnswered(game)
        taken = await self._ctx.repos.calls.take(self._ctx.db, game.chat_id)
        seated = {s.user_id for s in game.seats if s.user_id is not None}
        to_tell: list[int] = []
        dropped: list[int] = []
        for call in taken:
            if call.user_id in seated:
                continue
            user = await self._people.user(call.user_id)
            (to_tell if user is not None and user.reachable else dropped).append(call.user_id)
        return CallsAnswered(game, tuple(to_tell), tuple(dropped))
