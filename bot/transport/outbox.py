"""The outbox: what each chat must be shown, sent at that chat's pace, latest state only.

Handlers never wait for Telegram: they put *what* must be brought up to date
into the chat's queue (a slot such as "the table of game 7" or "Anna's hand in
game 7") or a one-off message, and return. One worker per chat drains its queue
in order, waiting for the chat's pace (bot/transport/limiter.py) *before* it takes an
entry, so a slot renders the state of the moment it is sent: frames that could
not be sent in time are never drawn. A slot already waiting in the queue is not
queued twice (it will show the latest state anyway); a slot that must be sent
anew (``resend``) replaces a waiting edit and goes to the end of the queue, so
it follows the messages queued before it (a new round's table under the
round's summary).

A failed entry is logged and tried again later (``retry_delays``), and the
reconciler (bot/showing/presenter.py) brings a game's messages back in line after a
restart, so a failure never leaves a message showing an old state for good.
One chat's failures, time-outs or 429s delay only that chat's worker.

A group may receive about 20 messages a minute, so what the queue sends first is
decided by priority, not by arrival: :attr:`Priority.NOW` (answers to commands,
and the moments people must notice: a round's result, the game's end, a lobby
that changed, a turn's first mention) before :attr:`Priority.LATER` (what only
updates a picture: the live table, a hand). Entries of one priority keep their
order. A slot put again with a higher priority is raised to it. A one-off
message may name a ``key`` (say "Anna's /fish"): a newer one with that key, for
another request (``origin``), drops the one still waiting, which it makes
pointless.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from enum import IntEnum

from telegram.error import ChatMigrated, Forbidden, TelegramError

from bot.transport.limiter import URGENT, ChatLimiter

log = logging.getLogger(__name__)

Run = Callable[[bool], Awaitable[None]]  # called with ``resend``
Spawn = Callable[[Awaitable[None]], "asyncio.Task[None]"]
Migrated = Callable[[int, int], Awaitable[None]]  # (old chat id, new chat id)
RETRY_DELAYS = (2.0, 10.0, 30.0, 120.0, 600.0)
# Messages of a group's bucket an update leaves unspent, so that a reply asked for while
# the group plays at its full pace goes out at once (bot/transport/limiter.py).
RESERVE = 1


def removed(exc: Forbidden) -> bool:
    """Whether Telegram says the bot is not in the group any more (kicked, or left)."""
    text = exc.message.lower()
    return "kicked" in text or "not a member" in text


class Priority(IntEnum):
    """Which of a chat's waiting entries goes first (the lower value)."""

    NOW = 0  # replies and the moments people must notice
    LATER = 1  # what only brings a message up to date (table pictures, hands)


@dataclass(eq=False)
class Entry:
    key: Hashable | None  # None: a one-off message, never merged
    run: Run
    resend: bool = False
    attempt: int = 0
    priority: Priority = Priority.LATER
    reply: tuple[Hashable, Hashable] | None = None  # a one-off's (key, origin)


@dataclass
class _ChatQueue:
    lines: tuple[deque[Entry], ...] = field(
        default_factory=lambda: tuple(deque() for _ in Priority))
    waiting: dict[Hashable, Entry] = field(default_factory=dict)
    replies: dict[Hashable, list[Entry]] = field(default_factory=dict)  # keyed one-offs
    task: asyncio.Task[None] | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)  # something urgent came

    def __len__(self) -> int:
        return sum(len(line) for line in self.lines)

    def add(self, entry: Entry) -> None:
        self.lines[entry.priority].append(entry)
        if entry.priority == Priority.NOW:
            self.wake.set()

    @property
    def urgent(self) -> bool:
        return bool(self.lines[Priority.NOW])

    def remove(self, entry: Entry) -> None:
        self.lines[entry.priority].remove(entry)

    def take(self) -> Entry | None:
        """The first entry of the highest priority waiting (None: nothing waits)."""
        for line in self.lines:
            if line:
                entry = line.popleft()
                if entry.key is not None and self.waiting.get(entry.key) is entry:
                    del self.waiting[entry.key]
                if entry.reply is not None:
                    self._forget_reply(entry)
                return entry
        return None

    def _forget_reply(self, entry: Entry) -> None:
        assert entry.reply is not None
        same = self.replies.get(entry.reply[0])
        if same is not None and entry in same:
            same.remove(entry)
            if not same:
                del self.replies[entry.reply[0]]

    def drop_replies(self, key: Hashable, origin: Hashable) -> int:
        """Drop the waiting one-offs of ``key`` made for another origin; how many."""
        dropped = [e for e in self.replies.get(key, ()) if e.reply and e.reply[1] != origin]
        for entry in dropped:
            self.remove(entry)
            self._forget_reply(entry)
        return len(dropped)

    def clear(self) -> None:
        for line in self.lines:
            line.clear()
        self.waiting.clear()
        self.replies.clear()


class Outbox:
    def __init__(self, limiter: ChatLimiter | None, spawn: Spawn | None = None,
                 retry_delays: tuple[float, ...] = RETRY_DELAYS) -> None:
        self.limiter = limiter
        self.on_migrated: Migrated | None = None  # a group found to be a supergroup now
        # a group that answers "bot was kicked" (its my_chat_member update missed): the
        # bot is not there any more (set where the bot is wired)
        self.on_removed: Callable[[int], Awaitable[None]] | None = None
        self._spawn: Spawn = spawn or asyncio.ensure_future
        self.retry_delays = retry_delays
        self._chats: dict[int, _ChatQueue] = {}
        self._timers: set[asyncio.TimerHandle] = set()
        self._closed = False
        self._gone: set[int] = set()  # chats the bot was removed from: nothing goes there
        self.sent = 0  # entries run
        self.merged = 0  # entries not queued because one for the same slot was waiting
        self.dropped = 0  # one-off messages a newer one with their key made pointless
        self.failed = 0

    # ------------------------------------------------------------------ queueing
    def put(self, chat_id: int, key: Hashable, run: Run, *, resend: bool = False,
            priority: Priority = Priority.LATER) -> None:
        """Bring a slot of this chat up to date (``run`` reads the latest state)."""
        if chat_id in self._gone:
            return
        queue = self._chats.setdefault(chat_id, _ChatQueue())
        waiting = queue.waiting.get(key)
        if waiting is not None:
            if (not resend or waiting.resend) and priority >= waiting.priority:
                self.merged += 1
                return
            # sent anew, or needed sooner: the waiting entry moves to its new place
            queue.remove(waiting)
            self.merged += 1
            resend = resend or waiting.resend
            priority = min(priority, waiting.priority)
        entry = Entry(key, run, resend, priority=priority)
        queue.waiting[key] = entry
        queue.add(entry)
        self._kick(chat_id, queue)

    def send(self, chat_id: int, run: Callable[[], Awaitable[None]], *,
             priority: Priority = Priority.NOW, key: Hashable | None = None,
             origin: Hashable | None = None) -> None:
        """A one-off message (a reply, a round summary) in this chat's order. With a
        ``key``, it drops the waiting messages of that key made for another ``origin``
        (a second "/fish" from the same person while the first answer waits)."""
        if chat_id in self._gone:
            return
        queue = self._chats.setdefault(chat_id, _ChatQueue())

        async def once(_: bool) -> None:
            await run()

        entry = Entry(None, once, priority=priority)
        if key is not None:
            self.dropped += queue.drop_replies(key, origin)
            entry.reply = (key, origin)
            queue.replies.setdefault(key, []).append(entry)
        queue.add(entry)
        self._kick(chat_id, queue)

    def forget(self, chat_id: int) -> None:
        """The bot was removed from the chat: what waits for it is dropped, nothing
        failed is tried again, and nothing more is queued for it (until `allow`)."""
        self._gone.add(chat_id)
        queue = self._chats.get(chat_id)
        if queue is not None:
            queue.clear()

    def allow(self, chat_id: int) -> None:
        """The bot is in the chat again: its messages go out again."""
        self._gone.discard(chat_id)

    def pending(self, chat_id: int | None = None) -> int:
        if chat_id is not None:
            q = self._chats.get(chat_id)
            return len(q) if q else 0
        return sum(len(q) for q in self._chats.values())

    def busy(self, soon: float = 5.0) -> bool:
        """Something is queued, being sent, or to be tried again within ``soon`` seconds."""
        if self._timers:
            now = asyncio.get_running_loop().time()
            if any(h.when() - now < soon for h in self._timers):
                return True
        return any(len(q) or (q.task is not None and not q.task.done())
                   for q in self._chats.values())

    def _kick(self, chat_id: int, queue: _ChatQueue) -> None:
        if self._closed or (queue.task is not None and not queue.task.done()):
            return
        queue.task = self._spawn(self._drain(chat_id, queue))

    # ------------------------------------------------------------------ the worker
    async def _drain(self, chat_id: int, queue: _ChatQueue) -> None:
        while len(queue) and not self._closed:
            if self.limiter is not None:
                # what only updates waits until it leaves the group a message for a
                # reply; a reply that comes meanwhile stops that wait
                while True:
                    urgent = queue.urgent
                    queue.wake.clear()
                    if await self.limiter.wait_ready(
                            chat_id, reserve=0 if urgent else RESERVE,
                            wake=None if urgent else queue.wake):
                        break
            entry = None if self._closed else queue.take()  # the most urgent, now
            if entry is None:
                break
            marked = URGENT.set(entry.priority == Priority.NOW)  # for the overall pace
            try:
                try:
                    await entry.run(entry.resend)
                finally:
                    URGENT.reset(marked)
                self.sent += 1
            except asyncio.CancelledError:
                raise
            except ChatMigrated as exc:
                self.failed += 1
                queue.clear()  # all of it is shown anew under the new id
                if self.on_migrated is not None:
                    await self.on_migrated(chat_id, exc.new_chat_id)
            except Forbidden as exc:
                self.failed += 1
                if chat_id < 0 and removed(exc) and self.on_removed is not None:
                    log.warning("chat %s: %s; its games stop", chat_id, exc.message)
                    await self.on_removed(chat_id)  # forgets the chat: nothing is retried
                else:
                    self._retry_later(chat_id, entry, exc)
            except Exception as exc:
                self.failed += 1
                self._retry_later(chat_id, entry, exc)
        if not len(queue) and self._chats.get(chat_id) is queue:
            del self._chats[chat_id]

    def _retry_later(self, chat_id: int, entry: Entry, exc: Exception) -> None:
        permanent = isinstance(exc, Forbidden)  # kicked, blocked: try when possible again
        if isinstance(exc, TelegramError):
            log.warning("chat %s: %s failed: %s", chat_id, entry.key or "a message", exc.message)
        else:
            log.exception("chat %s: %s failed", chat_id, entry.key or "a message",
                          exc_info=exc)
        if entry.attempt >= len(self.retry_delays) or self._closed:
            return
        delay = self.retry_delays[-1 if permanent else entry.attempt]
        loop = asyncio.get_running_loop()

        def again() -> None:
            self._timers.discard(handle)
            if self._closed or chat_id in self._gone:
                return
            queue = self._chats.setdefault(chat_id, _ChatQueue())
            retry = Entry(entry.key, entry.run, entry.resend, entry.attempt + 1,
                          entry.priority)
            if entry.key is not None:
                if entry.key in queue.waiting:
                    return  # a newer request for the slot is waiting already
                queue.waiting[entry.key] = retry
            queue.add(retry)
            self._kick(chat_id, queue)

        handle = loop.call_later(delay, again)
        self._timers.add(handle)

    async def close(self, grace: float = 5.0) -> None:
        """Stop taking entries; the workers finish the entry they are running (for up
        to ``grace`` seconds, so a message sent is also recorded as sent), then stop.
        What was not sent is brought in line at the next start (Presenter.reconcile)."""
        self._closed = True
        for handle in self._timers:
            handle.cancel()
        self._timers.clear()
        tasks = [q.task for q in self._chats.values() if q.task is not None and not q.task.done()]
        if tasks:
            _, late = await asyncio.wait(tasks, timeout=grace)
            for task in late:
                task.cancel()
            for task in late:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._chats.clear()
