"""Updates of different games run at once; updates of one game run in order.

The one lock layer of the bot. A *game key* names what must be serialised: the
group chat a game lives in (its lobby, its table, its commands) and, through the
game id in their callback data, its players' presses in their private chats and
the settings panel's presses in the private chat of its creator (or an admin).
:class:`GameOrderProcessor` is python-telegram-bot's own hook for concurrent
updates (``ApplicationBuilder().concurrent_updates(processor)``): it finds an
update's key and runs the handler while holding that key, so two updates of one
game never interleave while every other game goes on. JobQueue jobs of a game
(computer moves, time-outs) hold the same key through :class:`KeyedLocks`. The
games of a forum's topics (bot/topics.py) share their group's key: they run in
order, one update at a time, never interleaved.

Nothing slow happens while a key is held: the handlers decide, save and answer;
what the group and the players see is queued to the outbox (bot/outbox.py), and a
computer player thinks in a worker process before it takes the key.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import BaseUpdateProcessor

from bot.callbacks import RulesOf, decode

log = logging.getLogger(__name__)

Key = tuple[str, int]


class KeyedLocks:
    """One asyncio lock per key, dropped when nobody holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[Key, asyncio.Lock] = {}
        self._users: dict[Key, int] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: Key) -> AsyncIterator[None]:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        self._users[key] = self._users.get(key, 0) + 1
        try:
            async with lock:
                yield
        finally:
            left = self._users[key] - 1
            if left:
                self._users[key] = left
            else:
                del self._users[key]
                del self._locks[key]

    def __len__(self) -> int:
        return len(self._locks)


def chat_key(chat_id: int) -> Key:
    return ("chat", chat_id)


def user_key(user_id: int) -> Key:
    return ("user", user_id)


# Finds the group chat of a game (None: no such game); the service caches it.
ChatOfGame = Callable[[int], Awaitable[int | None]]
# The group chats of a user's games being played (for commands in his private chat).
ChatsOfUser = Callable[[int], Awaitable[list[int]]]


async def key_of(update: object, chat_of_game: ChatOfGame, chats_of_user: ChatsOfUser) -> Key:
    """What an update must be serialised with."""
    if not isinstance(update, Update):
        return ("other", 0)
    query = update.callback_query
    if query is not None:
        data = decode(query.data)
        if data is not None and not isinstance(data, RulesOf):  # a move, a lobby button
            group = await chat_of_game(data.game_id)
            if group is not None:
                return chat_key(group)
        if query.message is not None:
            return chat_key(query.message.chat.id)
        return user_key(query.from_user.id)
    chat = update.effective_chat
    if chat is None:
        user = update.effective_user
        return user_key(user.id) if user is not None else ("other", 0)
    if chat.type == ChatType.PRIVATE:
        chats = await chats_of_user(chat.id)
        if len(chats) == 1:  # /pass, /hand in private act on that one game
            return chat_key(chats[0])
        return user_key(chat.id)
    return chat_key(chat.id)


class GameOrderProcessor(BaseUpdateProcessor):
    """Concurrent updates, serialised per game key (see the module docstring)."""

    def __init__(self, locks: KeyedLocks, max_concurrent_updates: int = 256) -> None:
        super().__init__(max_concurrent_updates)
        self.locks = locks
        self._chat_of_game: ChatOfGame | None = None
        self._chats_of_user: ChatsOfUser | None = None

    def resolve_with(self, chat_of_game: ChatOfGame, chats_of_user: ChatsOfUser) -> None:
        """Set by post_init once the service is open."""
        self._chat_of_game = chat_of_game
        self._chats_of_user = chats_of_user

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        key: Key = ("other", 0)
        if self._chat_of_game is not None and self._chats_of_user is not None:
            try:
                key = await key_of(update, self._chat_of_game, self._chats_of_user)
            except Exception:  # never lose an update over its key: run it in the common line
                log.exception("no key for update %r", getattr(update, "update_id", update))
        async with self.locks.hold(key):
            await coroutine

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
