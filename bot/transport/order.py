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
games of a forum's topics (bot/transport/topics.py) share their group's key: they run in
order, one update at a time, never interleaved.

Nothing slow happens while a key is held: the handlers decide, save and answer;
what the group and the players see is queued to the outbox (bot/transport/outbox.py), and a
computer player thinks in a worker process before it takes the key.

What one chat sends can never hold the others: an update is first checked
against its sender's budget (bot/transport/flood.py), then waits for its key, and only
then takes one of the ``max_concurrent_updates`` slots (python-telegram-bot's own
processor takes its slot first, so 256 updates of one flooding group waiting for
their key would hold every slot). At most ``key_queue`` updates wait for one key;
beyond that a press is answered at once ("busy, press again") and a message is
dropped, without waiting.

The processor tells its watcher (the metrics, bot/wiring/metrics.py) of every update
that reaches it and of every one it refuses, and keeps when each update under way
arrived: one under way for minutes is the health check's sign of a stalled game line.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import itertools
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import BaseUpdateProcessor

from bot.transport.flood import Budgets, Verdict

log = logging.getLogger(__name__)

Key = tuple[str, int]


class KeyedLocks:
    """One first-come, first-served line per key, dropped when nobody holds or waits.

    :meth:`enter` takes a place in a key's line at once (no waiting) and returns
    the turn to wait for: an update takes its place while its sender's order is
    still held, and only then waits for its turn (see GameOrderProcessor)."""

    def __init__(self) -> None:
        self._lines: dict[Key, deque[asyncio.Future[None]]] = {}

    def enter(self, key: Key) -> asyncio.Future[None]:
        """A place in the key's line: the future is done when it is this place's turn.
        Every place entered is left with :meth:`leave`, waited for or not."""
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        line = self._lines.setdefault(key, deque())
        line.append(turn)
        if len(line) == 1:
            turn.set_result(None)
        return turn

    def leave(self, key: Key, turn: asyncio.Future[None]) -> None:
        line = self._lines.get(key)
        if line is None:
            return
        first = bool(line) and line[0] is turn
        with contextlib.suppress(ValueError):
            line.remove(turn)
        if not turn.done():
            turn.cancel()
        if not line:
            del self._lines[key]
        elif first and not line[0].done():
            line[0].set_result(None)  # the next in line goes on

    @contextlib.asynccontextmanager
    async def hold(self, key: Key) -> AsyncIterator[None]:
        turn = self.enter(key)
        try:
            await turn
            yield
        finally:
            self.leave(key, turn)

    def __len__(self) -> int:
        return len(self._lines)

    def waiting(self, key: Key) -> int:
        """How many hold or wait for ``key`` now."""
        line = self._lines.get(key)
        return len(line) if line is not None else 0


def chat_key(chat_id: int) -> Key:
    return ("chat", chat_id)


def user_key(user_id: int) -> Key:
    return ("user", user_id)


# Finds the group chat of a game (None: no such game); the service caches it.
ChatOfGame = Callable[[int], Awaitable[int | None]]
# The group chats of a user's games being played (for commands in his private chat).
ChatsOfUser = Callable[[int], Awaitable[list[int]]]


@dataclass(frozen=True, slots=True)
class UpdateGames:
    """What keying an update needs to know of the bot's games, in the bot's own words
    (given where the bot is wired, bot/wiring/update_games.py): the transport reads no
    callback data and knows no command of its own."""

    # the game a button press names (None: none, or not a game's button)
    game_of_press: Callable[[str | None], int | None]
    # whether a command sent in a private chat acts on the one game its sender plays
    # (the others there only read, and keep to his own key)
    acts_on_game: Callable[[str], bool]


NO_GAMES = UpdateGames(lambda _: None, lambda _: False)  # every update keyed by its chat


def command_of(update: Update) -> str:
    """The name of the command a new message starts with ("" for none, or for plain
    text): ``/fish@bot x`` gives ``fish``."""
    message = update.message
    text = message.text if message is not None else None
    if not text or not text.startswith("/"):
        return ""
    return text[1:].split(maxsplit=1)[0].split("@", 1)[0].lower()[:32] if len(text) > 1 else ""


def source_of(update: object) -> Key:
    """Where an update comes from: its chat (a press without a message: its user)."""
    if not isinstance(update, Update):
        return ("other", 0)
    chat = update.effective_chat
    if chat is not None:
        return chat_key(chat.id)
    user = update.effective_user
    return user_key(user.id) if user is not None else ("other", 0)


async def key_of(update: object, chat_of_game: ChatOfGame, chats_of_user: ChatsOfUser,
                 games: UpdateGames = NO_GAMES) -> Key:
    """What an update must be serialised with."""
    if not isinstance(update, Update):
        return ("other", 0)
    query = update.callback_query
    if query is not None:
        game_id = games.game_of_press(query.data)
        if game_id is not None:  # a move, a lobby button, a kind's hand button
            group = await chat_of_game(game_id)
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
        if not games.acts_on_game(command_of(update)):
            return user_key(chat.id)
        chats = await chats_of_user(chat.id)
        if chat.id in chats:  # the game in his private chat itself (a solo table) first
            return chat_key(chat.id)
        if len(chats) == 1:  # /pass, /hand in private act on that one game
            return chat_key(chats[0])
        return user_key(chat.id)
    return chat_key(chat.id)


# Told of an update refused without waiting for its key (over budget, or its key's
# queue full): answers what must be answered (a press always is).
Refused = Callable[[Update, Verdict], Awaitable[None]]
KEY_QUEUE = 32  # updates waiting for one key before presses are answered at once


class Watcher(Protocol):
    """Told of every update as it reaches the processor, and of each one refused at once
    (the metrics, bot/wiring/metrics.py). Its calls are cheap and never raise."""

    def arrived(self, update: object) -> None: ...

    def refused(self, update: object, verdict: Verdict) -> None: ...


class GameOrderProcessor(BaseUpdateProcessor):
    """Concurrent updates, serialised per game key (see the module docstring)."""

    def __init__(self, locks: KeyedLocks, max_concurrent_updates: int = 256, *,
                 budgets: Budgets | None = None, key_queue: int = KEY_QUEUE,
                 games: UpdateGames = NO_GAMES, watcher: Watcher | None = None,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        # python-telegram-bot's own slot is taken before the key is waited for: it is
        # left unbounded here, and our own bounded slots are taken after the key
        super().__init__(1 << 30)
        self.locks = locks
        self.budgets = budgets
        self.key_queue = key_queue
        self.games = games
        self.slots = max_concurrent_updates
        self._slots = asyncio.BoundedSemaphore(max_concurrent_updates)
        self._sources = KeyedLocks()  # per chat: keys found in the updates' order
        self._chat_of_game: ChatOfGame | None = None
        self._chats_of_user: ChatsOfUser | None = None
        self._refused: Refused | None = None
        self.shed = 0  # updates answered without waiting: their key's queue was full
        self.watcher = watcher
        self._now = monotonic
        # the updates under way (arrived, not finished), oldest first: when each arrived
        self._under_way: dict[int, float] = {}
        self._tickets = itertools.count()

    def resolve_with(self, chat_of_game: ChatOfGame, chats_of_user: ChatsOfUser,
                     refused: Refused | None = None) -> None:
        """Set by post_init once the service is open."""
        self._chat_of_game = chat_of_game
        self._chats_of_user = chats_of_user
        self._refused = refused

    def longest_under_way(self) -> float:
        """Seconds the oldest update still under way has been (0: none is): the health
        check's sign of a stalled processor."""
        oldest = next(iter(self._under_way.values()), None)
        return 0.0 if oldest is None else max(0.0, self._now() - oldest)

    async def _refuse(self, update: object, coroutine: Awaitable[Any], verdict: Verdict
                      ) -> None:
        if self.watcher is not None:
            self.watcher.refused(update, verdict)
        if inspect.iscoroutine(coroutine):
            coroutine.close()  # never run: no handler sees the update
        if self._refused is not None and isinstance(update, Update):
            try:
                await self._refused(update, verdict)
            except Exception:
                log.exception("refusing update %s", update.update_id)

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        if self.watcher is not None:
            self.watcher.arrived(update)
        ticket = next(self._tickets)
        self._under_way[ticket] = self._now()
        try:
            await self._process(update, coroutine)
        finally:
            del self._under_way[ticket]

    async def _process(self, update: object, coroutine: Awaitable[Any]) -> None:
        if self.budgets is not None and self._refused is not None:
            verdict = self.budgets.check(update)
            if verdict is not Verdict.ADMIT:
                await self._refuse(update, coroutine, verdict)
                return
        # The updates of one chat find their keys in the order they came (finding one
        # may read the database), and take their places in their keys' lines so.
        async with self._sources.hold(source_of(update)):
            key: Key = ("other", 0)
            if self._chat_of_game is not None and self._chats_of_user is not None:
                try:
                    key = await key_of(update, self._chat_of_game, self._chats_of_user,
                                       self.games)
                except Exception:  # never lose an update over its key: the common line
                    log.exception("no key for update %r", getattr(update, "update_id", update))
            full = key != ("other", 0) and self.locks.waiting(key) >= self.key_queue \
                and self._refused is not None
            turn = None if full else self.locks.enter(key)
        if turn is None:
            self.shed += 1
            await self._refuse(update, coroutine, Verdict.BUSY)
            return
        try:
            await turn
            async with self._slots:
                await coroutine
        finally:
            self.locks.leave(key, turn)

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
