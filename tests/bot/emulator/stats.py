"""What the bot called and when: the call log and the timings of button presses.

Times here are ``time.monotonic()`` (real time), whatever clock the emulator runs on, so a
load benchmark can measure latencies. Recording is O(1) per call; queries by chat use a
per-chat index.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .models import ApiCall, Json
from .params import Params


@dataclass
class PressTiming:
    """One button press: when the user pressed, when getUpdates first handed the query to
    the bot, when the first answerCallbackQuery for it arrived (and whether it was ok)."""

    pressed: float
    chat_id: int
    delivered: float | None = None
    answered: float | None = None
    answer_ok: bool | None = None

    @property
    def answer_latency(self) -> float | None:
        """Delivered to the bot -> its answer arrived."""
        if self.delivered is None or self.answered is None:
            return None
        return self.answered - self.delivered


class CallLog:
    """Every answered Bot API call, in the order answered."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.calls: list[ApiCall] = []
        self._by_chat: dict[int | None, list[ApiCall]] = {}
        self.press_times: dict[str, PressTiming] = {}

    def record(self, p: Params, ok: bool, code: int | None, desc: str | None,
               arrived: float) -> ApiCall:
        call = ApiCall(p.method, p.account_chat, ok, code, desc, dict(p.fields), self.clock(),
                       arrived, time.monotonic())
        self.calls.append(call)
        self._by_chat.setdefault(call.chat_id, []).append(call)
        return call

    def reset(self) -> None:
        self.calls.clear()
        self._by_chat.clear()

    # ------------------------------------------------------------------ presses
    def pressed(self, qid: str, chat_id: int) -> None:
        self.press_times[qid] = PressTiming(time.monotonic(), chat_id)

    def delivered(self, updates: Iterable[Json]) -> None:
        now = time.monotonic()
        for u in updates:
            query = u.get("callback_query")
            if query is not None:
                timing = self.press_times.get(query["id"])
                if timing is not None and timing.delivered is None:
                    timing.delivered = now

    def answer_arrived(self, qid: str | None, arrived: float) -> None:
        timing = self.press_times.get(qid) if qid is not None else None
        if timing is not None and timing.answered is None:
            timing.answered = arrived

    def answer_done(self, qid: str | None, ok: bool) -> None:
        timing = self.press_times.get(qid) if qid is not None else None
        if timing is not None and timing.answer_ok is None:
            timing.answer_ok = ok

    def answer_latency(self, qid: str) -> float | None:
        timing = self.press_times.get(qid)
        return None if timing is None else timing.answer_latency

    # ------------------------------------------------------------------ queries
    def calls_for(self, chat_id: int | None) -> list[ApiCall]:
        return list(self._by_chat.get(chat_id, []))

    def first_call_after(self, chat_id: int | None, after: float,
                         methods: Iterable[str] | None = None) -> ApiCall | None:
        """The first call for ``chat_id`` answered at or after ``after`` (monotonic), of
        one of ``methods`` if given: e.g. the group edit a press led to."""
        calls = self._by_chat.get(chat_id, [])
        wanted = None if methods is None else frozenset(methods)
        i = bisect.bisect_left(calls, after, key=lambda c: c.answered)
        for call in calls[i:]:
            if wanted is None or call.method in wanted:
                return call
        return None

    def count(self, method: str | None, chat_id: int | None, *, chat_given: bool,
              include_polling: bool, ok: bool | None) -> int:
        calls = self._by_chat.get(chat_id, []) if chat_given else self.calls
        n = 0
        for call in calls:
            if method is not None and call.method != method:
                continue
            if method is None and not include_polling and call.method == "getUpdates":
                continue
            if ok is not None and call.ok != ok:
                continue
            n += 1
        return n

    def by_method(self, *, include_polling: bool) -> dict[str, int]:
        out: dict[str, int] = {}
        for call in self.calls:
            if include_polling or call.method != "getUpdates":
                out[call.method] = out.get(call.method, 0) + 1
        return out
