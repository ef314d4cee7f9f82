"""Fault injection: failures answered instead of a call, calls held in flight, slow chats."""

from __future__ import annotations

import asyncio
import copy
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from .errors import ApiError, Failure, bad_request
from .params import Params
from .polling import HeldState


class Failures:
    """Queued failures per method (``"*"``: any method but getUpdates)."""

    def __init__(self) -> None:
        self._queues: dict[str, list[Failure]] = {}

    def add(self, method: str, count: int, error: Failure | ApiError | None,
            chat_id: int | None) -> None:
        if error is None:
            failure = Failure(error=bad_request("emulated failure"))
        elif isinstance(error, ApiError):
            failure = Failure(error=error)
        else:
            failure = copy.copy(error)
        failure.remaining = count
        failure.chat_id = chat_id if chat_id is not None else failure.chat_id
        self._queues.setdefault(method, []).append(failure)

    def clear(self) -> None:
        self._queues.clear()

    def take(self, method: str, chat_id: int | None) -> Failure | None:
        for key in (method, "*"):
            if key == "*" and method == "getUpdates":
                continue
            queue = self._queues.get(key)
            if not queue:
                continue
            for f in queue:
                if f.chat_id is not None and f.chat_id != chat_id:
                    continue
                f.remaining -= 1
                if f.remaining <= 0:
                    queue.remove(f)
                return f
        return None


@dataclass
class HeldCall:
    """A Bot API call waiting inside the emulator for its :class:`Hold` to let it go."""

    method: str
    chat_id: int | None
    fields: dict[str, str]
    arrived: float  # time.monotonic()
    caller: asyncio.Task[Any] | None  # the bot's task awaiting it, when known (in-process)
    future: asyncio.Future[Failure | None] = field(repr=False)


class Hold:
    """Holds the next ``count`` matching calls in flight (``count=None``: every one) until
    :meth:`release` (they are then applied normally) or :meth:`fail`.

    A held call blocks only its own request: other chats and methods go on. Usable as
    ``async with emu.hold(...) as gate:`` (released on exit).
    """

    def __init__(self, owner: Holds, method: str | None, chat_id: int | None,
                 count: int | None, where: Callable[[Params], bool] | None) -> None:
        self._owner = owner
        self.method = method
        self.chat_id = chat_id
        self.remaining = count
        self.where = where
        self.held: list[HeldCall] = []
        self.total = 0  # calls held so far (released or not)
        self.last: HeldCall | None = None
        self._changed = asyncio.Event()

    @property
    def armed(self) -> bool:
        return self.remaining is None or self.remaining > 0

    def matches(self, p: Params) -> bool:
        if not self.armed or p.method == "getUpdates":
            return False
        if self.method is not None and p.method != self.method:
            return False
        if self.chat_id is not None and p.account_chat != self.chat_id:
            return False
        return self.where is None or self.where(p)

    def _take(self, p: Params, caller: asyncio.Task[Any] | None) -> HeldCall:
        if self.remaining is not None:
            self.remaining -= 1
        call = HeldCall(p.method, p.account_chat, dict(p.fields), time.monotonic(), caller,
                        asyncio.get_running_loop().create_future())
        self.held.append(call)
        self.last = call
        self.total += 1
        self._changed.set()
        return call

    def _drop(self, call: HeldCall) -> None:
        if call in self.held:
            self.held.remove(call)

    async def reached(self, count: int = 1) -> HeldCall:
        """Wait until ``count`` calls were held in all; the latest one held."""
        while self.total < count or self.last is None:
            self._changed.clear()
            await self._changed.wait()
        return self.last

    async def wait_reached(self, timeout: float = 5.0, count: int = 1) -> HeldCall:
        """:meth:`reached` with a time limit (``TimeoutError`` naming the hold)."""
        try:
            return await asyncio.wait_for(self.reached(count), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"{self!r}: {self.total} of {count} calls held after {timeout}s"
            ) from None

    def release(self) -> None:
        """Let every held call go on (applied normally) and hold no more calls."""
        self._finish(None)

    def fail(self, error: ApiError | Failure) -> None:
        """Answer every held call with ``error`` instead and hold no more calls.

        ``Failure.timed_out(apply=True)`` applies the call but loses its answer (the
        client sees a transport timeout); ``Failure.timed_out()`` drops it unapplied.
        """
        self._finish(error if isinstance(error, Failure) else Failure(error=error))

    def _finish(self, outcome: Failure | None) -> None:
        self.remaining = 0
        for call in self.held:
            if not call.future.done():
                call.future.set_result(outcome)
        self.held.clear()
        self._owner.discard(self)

    async def __aenter__(self) -> Hold:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        self.release()

    def __repr__(self) -> str:
        what = self.method or "any method"
        where = f" in chat {self.chat_id}" if self.chat_id is not None else ""
        return f"<Hold {what}{where}: {len(self.held)} held, {self.total} in all>"


class Holds:
    """The active holds and per-chat latencies."""

    def __init__(self) -> None:
        self.active: list[Hold] = []
        self.latency: dict[int, float] = {}

    def hold(self, method: str | None, chat_id: int | None, count: int | None,
             where: Callable[[Params], bool] | None) -> Hold:
        if count is not None and count < 1:
            raise ValueError("count must be at least 1 (or None for every call)")
        gate = Hold(self, method, chat_id, count, where)
        self.active.append(gate)
        return gate

    def discard(self, gate: Hold) -> None:
        if gate in self.active:
            self.active.remove(gate)

    def release_all(self) -> None:
        for gate in list(self.active):
            gate.release()

    def slow(self, chat_id: int, seconds: float) -> None:
        if seconds > 0:
            self.latency[chat_id] = seconds
        else:
            self.latency.pop(chat_id, None)

    def state(self) -> HeldState:
        calls = [c for gate in self.active for c in gate.held]
        callers = {c.caller for c in calls if c.caller is not None}
        return HeldState(len(calls), callers, sum(1 for c in calls if c.caller is None))

    @property
    def held(self) -> list[HeldCall]:
        return [c for gate in self.active for c in gate.held]

    async def delay(self, p: Params, caller: asyncio.Task[Any] | None) -> Failure | None:
        """Apply the chat's latency, then wait while a hold keeps the call.

        Returns the failure a hold was failed with (``None``: go on normally). Cancelled
        while held (the server stopping), the call is dropped unapplied.
        """
        if p.account_chat is not None:
            seconds = self.latency.get(p.account_chat)
            if seconds:
                await asyncio.sleep(seconds)
        gate = next((g for g in self.active if g.matches(p)), None)
        if gate is None:
            return None
        call = gate._take(p, caller)
        try:
            return await call.future
        finally:
            gate._drop(call)
