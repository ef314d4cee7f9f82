"""Updates waiting for the bot: the queue, long-polling ``getUpdates`` and ``wait_idle``
(the webhook's deliveries, :mod:`.webhook`, take from the same queue)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import WEBHOOK_ACTIVE, conflict
from .models import Json
from .params import Params

if TYPE_CHECKING:
    from telegram.ext import Application

    AnyApp = Application[Any, Any, Any, Any, Any, Any]

DEFAULT_UPDATES = (
    "message",
    "edited_message",
    "channel_post",
    "edited_channel_post",
    "business_connection",
    "business_message",
    "edited_business_message",
    "deleted_business_messages",
    "inline_query",
    "chosen_inline_result",
    "callback_query",
    "shipping_query",
    "pre_checkout_query",
    "purchased_paid_media",
    "poll",
    "poll_answer",
    "my_chat_member",
    "chat_join_request",
    "chat_boost",
    "removed_chat_boost",
)


@dataclass
class _Poller:
    event: asyncio.Event
    conflict: bool = False


@dataclass
class HeldState:
    """What :meth:`UpdateQueue.wait_idle` needs to know about held calls."""

    count: int
    callers: set[asyncio.Task[Any]]
    unknown_callers: int


class UpdateQueue:
    """Updates not yet confirmed by the bot, long polls waiting for them, and the
    busy/activity counters :meth:`wait_idle` watches.

    ``on_deliver`` is called with every batch ``getUpdates`` returns (for statistics).
    While ``webhook_set``, getUpdates answers 409 and the webhook takes the updates one by
    one (:meth:`next_for_webhook`, :meth:`acknowledge` once the bot's server took it).
    """

    def __init__(self, on_deliver: Callable[[list[Json]], None] | None = None) -> None:
        self.pending: list[Json] = []
        self.allowed: tuple[str, ...] = DEFAULT_UPDATES
        self.pollers: list[_Poller] = []
        self.inflight = 0  # Bot API calls other than getUpdates being handled
        self.activity = 0  # bumped on every API call and update
        self.closed = False
        self.webhook_set = False
        self._arrivals: list[asyncio.Event] = []  # the webhook waiting for a new update
        self._update_ids = itertools.count(500_000_001)
        self._on_deliver = on_deliver

    def enqueue(self, kind: str, payload: Json) -> None:
        self.pending.append({"update_id": next(self._update_ids), kind: payload})
        self.activity += 1
        for p in self.pollers:
            p.event.set()
        for event in self._arrivals:
            event.set()

    def set_allowed(self, allowed: list[str]) -> None:
        """The kinds of update the bot asked for (an empty list: the default ones)."""
        self.allowed = tuple(allowed) if allowed else DEFAULT_UPDATES

    def wake_pollers(self) -> None:
        """Make pending getUpdates return now (empty) - used on shutdown."""
        for p in self.pollers:
            p.event.set()

    def close(self) -> None:
        self.closed = True
        self.wake_pollers()

    def drop_pending(self) -> None:
        self.pending.clear()

    # ------------------------------------------------------------------ getUpdates
    def _confirm(self, offset: int | None) -> None:
        if offset is None:
            return
        if offset < 0:
            keep = -offset
            self.pending = self.pending[-keep:] if keep else []
        else:
            self.pending = [u for u in self.pending if u["update_id"] >= offset]

    def _deliverable(self, limit: int) -> list[Json]:
        allowed = set(self.allowed)
        kept = [u for u in self.pending if next(k for k in u if k != "update_id") in allowed]
        self.pending = kept  # updates of a kind not allowed are dropped, like Telegram
        out = kept[:limit]
        if out and self._on_deliver is not None:
            self._on_deliver(out)
        return out

    async def get_updates(self, p: Params) -> list[Json]:
        offset = p.get_int("offset")
        limit = min(max(p.get_int("limit", 100) or 100, 1), 100)
        timeout = max(0.0, p.get_float("timeout", 0.0))
        allowed = p.get_json("allowed_updates", "allowed updates")
        if self.webhook_set:
            raise conflict(WEBHOOK_ACTIVE)
        if isinstance(allowed, list):
            self.set_allowed(allowed)
        for other in self.pollers:  # a new getUpdates terminates the older one
            other.conflict = True
            other.event.set()
        self._confirm(offset)
        self.activity += 1
        updates = self._deliverable(limit)
        if updates or timeout <= 0 or self.closed:
            return updates
        poller = _Poller(asyncio.Event())
        self.pollers.append(poller)
        try:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await poller.event.wait()
        finally:
            self.pollers.remove(poller)
        if poller.conflict:
            raise conflict()
        if self.webhook_set:  # setWebhook while this poll waited
            raise conflict(WEBHOOK_ACTIVE)
        return self._deliverable(limit)

    # ------------------------------------------------------------------ the webhook
    def next_for_webhook(self) -> Json | None:
        """The oldest update of an allowed kind (the others are dropped), still pending."""
        allowed = set(self.allowed)
        self.pending = [u for u in self.pending
                        if next(k for k in u if k != "update_id") in allowed]
        return self.pending[0] if self.pending else None

    def acknowledge(self, update_id: int) -> None:
        """The bot's server answered this update with a 2xx: it is delivered."""
        self.pending = [u for u in self.pending if u["update_id"] != update_id]
        self.activity += 1

    async def new_update(self) -> None:
        """Until the next update is enqueued."""
        event = asyncio.Event()
        self._arrivals.append(event)
        try:
            await event.wait()
        finally:
            self._arrivals.remove(event)

    # ------------------------------------------------------------------ idleness
    async def wait_idle(
        self,
        app: AnyApp | None,
        held: Callable[[], HeldState],
        *,
        timeout: float,
        quiet_rounds: int | None,
        settle: float | None,
        busy: Callable[[], bool] | None = None,
    ) -> None:
        """See :meth:`TelegramEmulator.wait_idle`."""
        rounds = quiet_rounds if quiet_rounds is not None else (3 if app else 20)
        settle_s = settle if settle is not None else (0.0 if app else 0.003)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        stable = 0
        spins = 0
        last_activity = self.activity
        last_change = loop.time()
        while True:
            now = loop.time()
            h = held()
            if now > deadline:
                raise TimeoutError(
                    f"emulator not idle after {timeout}s: {len(self.pending)} unconfirmed "
                    f"updates, {self.inflight - h.count} calls in flight ({h.count} held), "
                    f"pollers={len(self.pollers)}"
                )
            working = bool(self.pending) or self.inflight > h.count
            if not working and app is not None and await self._app_busy(app, h, deadline - now):
                stable = 0
                continue
            if not working and busy is not None:
                working = busy()
            if self.activity != last_activity:
                last_activity = self.activity
                last_change = now
                stable = 0
            elif working:
                stable = 0
            else:
                stable += 1
                if stable >= rounds and now - last_change >= settle_s:
                    return
            spins += 1
            # Spin on loop turns (fast); back off to 1 ms sleeps if it takes a while
            # (e.g. a rate limiter sleeping) to not burn the CPU.
            await asyncio.sleep(0 if spins < 200 else 0.001)

    async def _app_busy(self, app: AnyApp, h: HeldState, remaining: float) -> bool:
        """Whether the Application still works; waits for it when nothing is held.

        A task blocked in a held call is not busy. Callers are known for in-process calls
        (:class:`EmulatorRequest`); over HTTP only their number is, so as many of the
        Application's tasks and unfinished updates as there are held calls are presumed to
        be the ones waiting.
        """
        queue = app.update_queue
        unfinished = getattr(queue, "_unfinished_tasks", 0)
        tasks: set[asyncio.Task[Any]] = getattr(app, "_Application__create_task_tasks", set())
        me = asyncio.current_task()
        live = [t for t in tasks if not t.done() and t is not me and t not in h.callers]
        if h.count == 0:
            if unfinished > 0 or not queue.empty():
                # Sleep until the handlers finished, no spinning meanwhile.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(queue.join(), max(0.0, remaining))
                return True
            if live:
                await asyncio.wait(live, timeout=max(0.0, remaining))
                return True
            return False
        # Something is held: the held tasks never finish, so poll instead of joining.
        if not queue.empty() or unfinished > h.count or len(live) > h.unknown_callers:
            await asyncio.sleep(0.001)
            return True
        return False
