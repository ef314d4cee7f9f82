"""Telegram's sending pace: sliding-window limits per chat and overall, answered with 429."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from .errors import too_many_requests
from .models import Chat

Limit = tuple[int, float]  # (at most this many calls, in any window of this many seconds)

# an album (sendMediaGroup) is one call and counts as one send, like a photo
SEND_METHODS = frozenset({"sendMessage", "sendPhoto", "sendDocument", "sendMediaGroup"})
EDIT_METHODS = frozenset(
    {"editMessageText", "editMessageCaption", "editMessageReplyMarkup", "editMessageMedia"}
)
PACED_METHODS = SEND_METHODS | EDIT_METHODS


@dataclass
class RateLimits:
    """Sending pace enforced when rate enforcement is on: ``(count, window seconds)``.

    The defaults are Telegram's: about one message a second in a private chat, 20 in any
    60 s in a group, 30 a second in all. ``None`` switches one limit off. Sends and edits
    count (:data:`PACED_METHODS`), and in a group deleteMessage too (a group's budget
    counts sends, edits and deletes alike); answerCallbackQuery, chat actions and reads
    do not. A call refused with 429 consumes nothing; one that passes the check
    counts even if it then fails otherwise (say "message is not modified"). The check runs
    on the emulator clock when the call is applied (after any latency or hold).
    """

    private: Limit | None = (1, 1.0)
    group: Limit | None = (20, 60.0)
    overall: Limit | None = (30, 1.0)

    @classmethod
    def scaled(cls, factor: float) -> RateLimits:
        """Telegram's limits with ``factor`` times the calls per window (for load runs:
        say so when reporting numbers measured with them)."""
        base = cls()
        return cls(*(
            None if lim is None else (max(1, round(lim[0] * factor)), lim[1])
            for lim in (base.private, base.group, base.overall)
        ))

    @classmethod
    def unlimited(cls) -> RateLimits:
        return cls(None, None, None)


class RateLimiter:
    """Sliding windows of the times paced calls were accepted.

    A 429 in one chat comes only from that chat's window or from the overall one; it
    never touches another chat's window.
    """

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._per_chat: dict[int, deque[float]] = {}
        self._overall: deque[float] = deque()

    def check(self, method: str, chat: Chat | None, limits: RateLimits) -> None:
        """Accept the call (and count it) or raise 429 with the seconds to wait."""
        in_group = chat is not None and not chat.is_private
        if method not in PACED_METHODS and not (method == "deleteMessage" and in_group):
            return
        now = self.clock()
        checks: list[tuple[deque[float], Limit]] = []
        if limits.overall is not None:
            checks.append((self._overall, limits.overall))
        if chat is not None:
            limit = limits.private if chat.is_private else limits.group
            if limit is not None:
                checks.append((self._per_chat.setdefault(chat.id, deque()), limit))
        wait = 0.0
        for stamps, (count, window) in checks:
            while stamps and stamps[0] <= now - window:
                stamps.popleft()
            if len(stamps) >= count:
                # the oldest of the last ``count`` accepted calls must leave the window
                wait = max(wait, stamps[-count] + window - now)
        if wait > 0:
            raise too_many_requests(max(1, math.ceil(wait)))
        for stamps, _ in checks:
            stamps.append(now)

    def forget(self, chat_id: int) -> None:
        self._per_chat.pop(chat_id, None)
