"""Telegram's pace, kept per chat: one chat's limit or 429 never delays another chat.

python-telegram-bot's ``AIORateLimiter`` lets a group burst before it paces and
pauses *every* request when any request meets a 429. This limiter keeps
Telegram's own rules (TELEGRAM.md) chat by chat:

* a group or channel: at most ``group_max`` messages in any ``group_window``
  seconds (sends and edits count; a sliding window, no burst beyond it), spread
  evenly when the group is busy: ``group_burst`` at once after a quiet spell,
  then one each window / (max - burst) seconds (3.75 s with Telegram's 20/60 s);
* a private chat: at most one message each ``private_interval`` seconds;
* all chats together: at most ``overall_max`` messages a second.

What only updates a picture keeps one message of a group's bucket unspent
(``reserve``, asked for by the outbox): a reply that comes while the group plays
at its full pace finds it and goes out at once instead of waiting its turn.

A 429 ("Too Many Requests: retry after N") for a chat blocks only that chat for
N seconds, then the request is retried (``max_retries`` times). Calls that send
nothing to a chat (answerCallbackQuery, getUpdates, getChatMember, a private
chat's deleteMessage ...) pass straight through; a group's deletes count. The
outbox asks :meth:`ChatLimiter.ready_in` before it takes a frame, so it renders
only what will be sent at once.
"""

from __future__ import annotations

import asyncio
import datetime
import heapq
import itertools
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

log = logging.getLogger(__name__)

JSONResult = bool | dict[str, Any] | list[dict[str, Any]]
# Whether the request being made is urgent (a reply, a moment) or only an update (a
# table picture, a hand): the outbox sets it around each entry it sends. Among all
# chats, urgent requests take the overall pace first; what no outbox entry sends
# (a review's progress, say) is somebody's answer, so urgent by default.
URGENT: ContextVar[bool] = ContextVar("domino_urgent", default=True)


def counted(endpoint: str, chat_id: int | None = None) -> bool:
    """Whether a Bot API method counts to a chat's pace: it puts or changes a message,
    or (in a group, whose budget counts deletes alike) deletes one."""
    name = endpoint.lower()
    if name == "deletemessage":
        return chat_id is not None and chat_id < 0
    return name.startswith(("send", "edit", "copymessage", "forwardmessage")) \
        and name != "sendchataction"


def chat_of(data: dict[str, Any]) -> int | None:
    value = data.get("chat_id")
    if value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@dataclass
class _Pace:
    """One sliding window: at most ``limit`` messages within ``window`` seconds.

    A stamp is taken when a message is let go and moved to the moment its answer
    came back (Telegram counted it at some time in between): so the window never
    opens earlier than Telegram's does, whatever the network's delay."""

    limit: int
    window: float
    burst: int = 0  # 0: the window alone; else a bucket of ``burst`` (see below)
    stamps: deque[list[float]] = field(default_factory=deque)
    blocked_until: float = 0.0
    tokens: float = 0.0
    refilled: float | None = None

    # With ``burst``, messages also spend tokens from a bucket holding ``burst`` that
    # refills at (limit - burst) per window: a quiet group gets ``burst`` messages at
    # once, a busy one an even pace (one each window / (limit - burst) seconds), and in
    # any window at most burst + (limit - burst) = limit. Without it the window alone
    # would let a busy group send its 20 messages in a few seconds and then show
    # nothing for most of a minute.

    @property
    def rate(self) -> float:
        return (self.limit - self.burst) / self.window

    def _refill(self, now: float) -> None:
        if self.refilled is None:
            self.tokens, self.refilled = float(self.burst), now
        elif now > self.refilled:
            self.tokens = min(float(self.burst), self.tokens + (now - self.refilled) * self.rate)
            self.refilled = now

    def wait(self, now: float, reserve: int = 0) -> float:
        """Seconds until one more message is allowed (0: now), leaving ``reserve``
        messages of the bucket and of the window unspent (for what is more urgent)."""
        wait = max(0.0, self.blocked_until - now)
        if self.limit <= 0:
            return wait
        while self.stamps and self.stamps[0][0] <= now - self.window:
            self.stamps.popleft()
        room = self.limit - reserve  # messages this one may be within the window
        if len(self.stamps) >= room:
            wait = max(wait, self.stamps[len(self.stamps) - room][0] + self.window - now)
        if 0 < self.burst < self.limit:
            self._refill(now)
            if self.tokens < 1.0 + reserve:
                wait = max(wait, (1.0 + reserve - self.tokens) / self.rate)
        return wait

    def take(self, stamp: list[float]) -> None:
        if self.limit <= 0:
            return
        self.stamps.append(stamp)
        if 0 < self.burst < self.limit:
            self._refill(stamp[0])
            self.tokens -= 1.0


class _Line:
    """Who takes the overall pace next: urgent requests before updates, each kind
    first come, first served. Only the head of the line may take a message; a more
    urgent request that comes while the head waits for the pace becomes the head."""

    def __init__(self, sleep: Callable[[float], Awaitable[None]]) -> None:
        self._sleep = sleep
        self._heap: list[tuple[int, int]] = []
        self._seq = itertools.count()
        self._changed = asyncio.Event()

    def enter(self, urgent: bool) -> tuple[int, int]:
        ticket = (0 if urgent else 1, next(self._seq))
        heapq.heappush(self._heap, ticket)
        return ticket

    async def wait(self, ticket: tuple[int, int], delay: Callable[[], float]) -> None:
        """Until ``ticket`` heads the line and ``delay()`` is 0 (then, with no await
        between, the caller takes its message and leaves)."""
        while True:
            if self._heap[0] == ticket:
                wait = delay()
                if wait <= 0:
                    return
                await self._sleep(wait)
            else:
                changed = self._changed
                await changed.wait()

    def leave(self, ticket: tuple[int, int]) -> None:
        self._heap.remove(ticket)
        heapq.heapify(self._heap)
        self._changed.set()  # the next head goes on
        self._changed = asyncio.Event()


def _retry_seconds(exc: RetryAfter) -> float:
    """The wait a 429 asks for (the timedelta python-telegram-bot keeps, without its
    deprecation warning about the attribute's future type)."""
    value = getattr(exc, "_retry_after", None)
    if isinstance(value, datetime.timedelta):
        return value.total_seconds()
    return float(value) if isinstance(value, int | float) else 1.0


class RequestWatcher(Protocol):
    """Told of every 429 met and of every request's end (the metrics,
    bot/wiring/metrics.py). Its calls are cheap and never raise."""

    def retry_after(self, endpoint: str, chat_id: int | None) -> None: ...

    def finished(self, endpoint: str, data: dict[str, Any], ok: bool) -> None: ...


class ChatLimiter(BaseRateLimiter[int]):
    """Per-chat pacing and per-chat 429 handling (see the module docstring)."""

    def __init__(self, *, group_max: int = 20, group_window: float = 60.0,
                 group_burst: int = 4, private_interval: float = 1.0, overall_max: int = 30,
                 max_retries: int = 3,
                 monotonic: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 watcher: RequestWatcher | None = None) -> None:
        self.group_max = group_max
        self.group_burst = group_burst
        self.group_window = group_window
        self.private_interval = private_interval
        self.overall_max = overall_max
        self.max_retries = max_retries
        self._now = monotonic
        self._sleep = sleep
        self._chats: dict[int, _Pace] = {}
        self._overall = _Pace(overall_max, 1.0)
        self._locks: dict[int, asyncio.Lock] = {}
        self._line = _Line(lambda seconds: self._sleep(seconds))
        # of all chats' messages a second, those an update leaves to urgent ones
        self.overall_reserve = max(1, overall_max // 10) if overall_max > 1 else 0
        self.retries = 0  # 429s met (and waited out), for the logs and the benchmarks
        self.watcher = watcher

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    # ------------------------------------------------------------------ the pace
    def _pace(self, chat_id: int) -> _Pace:
        pace = self._chats.get(chat_id)
        if pace is None:
            if chat_id < 0:
                pace = _Pace(self.group_max, self.group_window, min(self.group_burst,
                                                                    self.group_max - 1))
            else:
                pace = _Pace(1 if self.private_interval > 0 else 0, self.private_interval)
            self._chats[chat_id] = pace
            if len(self._chats) > 20000:
                self._forget_idle()
        return pace

    def _forget_idle(self) -> None:
        now = self._now()
        for cid in [c for c, p in self._chats.items() if p.wait(now) == 0 and not p.stamps]:
            lock = self._locks.get(cid)
            if lock is None or not lock.locked():
                del self._chats[cid]
                self._locks.pop(cid, None)

    def ready_in(self, chat_id: int, reserve: int = 0) -> float:
        """Seconds until a message to this chat would go out without waiting; with
        ``reserve``, a group's message waits until it leaves that many of the group's
        bucket unspent (a private chat has no bucket to keep: no reserve there)."""
        now = self._now()
        pace = self._pace(chat_id)
        keep = min(reserve, max(0, pace.burst - 1))
        return max(pace.wait(now, keep),
                   self._overall.wait(now, self.overall_reserve if reserve else 0))

    async def wait_ready(self, chat_id: int, *, reserve: int = 0,
                         wake: asyncio.Event | None = None) -> bool:
        """Until a message to this chat can go out (True), or ``wake`` is set first
        (False: the caller has something more urgent to decide on)."""
        while (delay := self.ready_in(chat_id, reserve)) > 0:
            if wake is None:
                await self._sleep(delay)
                continue
            sleeper = asyncio.ensure_future(self._sleep(delay))
            waker = asyncio.ensure_future(wake.wait())
            try:
                done, _ = await asyncio.wait({sleeper, waker},
                                             return_when=asyncio.FIRST_COMPLETED)
            finally:
                sleeper.cancel()
                waker.cancel()
            if waker in done:
                return False
        return True

    async def _reserve(self, chat_id: int | None) -> list[float]:
        """Wait for the chat's turn (and the overall one) and take it; the stamp taken
        (moved to the answer's time by the caller)."""
        stamp = [self._now()]
        urgent = URGENT.get()
        if chat_id is None:
            ticket = self._line.enter(urgent)
            try:
                await self._line.wait(ticket, lambda: self._overall.wait(self._now()))
                stamp[0] = self._now()
                self._overall.take(stamp)
            finally:
                self._line.leave(ticket)
            return stamp
        lock = self._locks.setdefault(chat_id, asyncio.Lock())
        async with lock:  # the chat's messages leave in the order they were asked for
            pace = self._pace(chat_id)
            while (delay := pace.wait(self._now())) > 0:
                await self._sleep(delay)
            # All chats share the overall pace: urgent requests first, then first come,
            # first served, so a group's table never starves behind many private chats.
            ticket = self._line.enter(urgent)
            try:
                await self._line.wait(ticket, lambda: max(pace.wait(self._now()),
                                                          self._overall.wait(self._now())))
                stamp[0] = self._now()
                pace.take(stamp)
                self._overall.take(stamp)
            finally:
                self._line.leave(ticket)
        return stamp

    def _blocked(self, chat_id: int | None, seconds: float) -> None:
        until = self._now() + seconds
        pace = self._overall if chat_id is None else self._pace(chat_id)
        pace.blocked_until = max(pace.blocked_until, until)

    # ------------------------------------------------------------------ the request
    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, JSONResult]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> JSONResult:
        if self.watcher is None:
            return await self._request(callback, args, kwargs, endpoint, data, rate_limit_args)
        try:
            result = await self._request(callback, args, kwargs, endpoint, data,
                                         rate_limit_args)
        except Exception:
            self.watcher.finished(endpoint, data, False)
            raise
        self.watcher.finished(endpoint, data, True)
        return result

    async def _request(
        self,
        callback: Callable[..., Coroutine[Any, Any, JSONResult]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> JSONResult:
        chat_id = chat_of(data)
        paced = counted(endpoint, chat_id)
        retries = rate_limit_args if rate_limit_args is not None else self.max_retries
        for attempt in range(retries + 1):
            stamp: list[float] | None = None
            if paced:
                stamp = await self._reserve(chat_id)
            else:
                await self._wait_unblocked(chat_id)
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as exc:
                self.retries += 1
                if self.watcher is not None:
                    self.watcher.retry_after(endpoint, chat_id)
                seconds = _retry_seconds(exc)
                self._blocked(chat_id, float(seconds) + 0.1)
                if attempt == retries:
                    raise
                log.info("429 for chat %s (%s): retrying after %.1f s", chat_id, endpoint,
                         seconds)
            finally:
                if stamp is not None:
                    stamp[0] = max(stamp[0], self._now())
        raise AssertionError("unreachable")

    async def _wait_unblocked(self, chat_id: int | None) -> None:
        pace = self._overall if chat_id is None else self._chats.get(chat_id)
        if pace is None:
            return
        while (delay := pace.blocked_until - self._now()) > 0:
            await self._sleep(delay)
