"""Budgets for what people send: nobody can flood a chat, and through it the bot.

Every command (and every text typed to the bot in private) spends a token of its
sender's budget and of its chat's; every button press spends one of its
presser's. A budget is a bucket: ``burst`` tokens after a quiet spell, refilled
at ``per_minute`` a minute. Beyond it the first update gets one answer ("slow
down"), the following ones nothing at all, until a token is back. The check is
in memory and costs no database read, and it runs before the update waits for
its game (bot/transport/order.py), so a refused update never holds a game or a slot.

The budgets are the bot's own: python-telegram-bot has no per-user limit, and
Telegram's own (about 20 messages a minute per group) paces only what the bot
sends, not what it is sent.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from telegram import Update
from telegram.constants import ChatType

FORGET_AFTER = 3600.0  # seconds: an idle full bucket is dropped (memory stays bounded)
MAX_BUCKETS = 50_000  # buckets kept before idle ones are dropped


class Verdict(enum.Enum):
    ADMIT = "admit"  # go on
    SLOW = "slow"  # over the sender's budget: answer "slow down" once
    SLOW_CHAT = "slow_chat"  # over the chat's budget: tell the chat once
    QUIET = "quiet"  # over a budget and told already: no message (a press is answered)
    BUSY = "busy"  # too many updates wait for its game already (bot/transport/order.py)


@dataclass(frozen=True, slots=True)
class Allowance:
    """A bucket's shape: ``burst`` at once, then ``per_minute`` a minute."""

    burst: int
    per_minute: float

    @classmethod
    def of(cls, per_minute: int) -> Allowance:
        """The allowance of a setting in updates a minute: half of it at once."""
        return cls(max(1, per_minute // 2), float(per_minute))

    @property
    def unlimited(self) -> bool:
        return self.per_minute <= 0


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float
    warned: bool = False

    def spend(self, allowance: Allowance, now: float) -> Verdict:
        self.tokens = min(float(allowance.burst),
                          self.tokens + (now - self.at) * allowance.per_minute / 60.0)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.warned = False
            return Verdict.ADMIT
        if self.warned:
            return Verdict.QUIET
        self.warned = True
        return Verdict.SLOW


@dataclass
class Budgets:
    """The users' and chats' buckets (one object per application)."""

    user_commands: Allowance
    chat_commands: Allowance
    user_presses: Allowance
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[tuple[str, int], _Bucket] = field(default_factory=dict)
    refused: int = 0  # updates over a budget (warned or dropped), for logs and benchmarks

    def _spend(self, kind: str, ident: int, allowance: Allowance, now: float) -> Verdict:
        if allowance.unlimited:
            return Verdict.ADMIT
        bucket = self._buckets.get((kind, ident))
        if bucket is None:
            if len(self._buckets) >= MAX_BUCKETS:
                self._forget_idle(now)
            bucket = self._buckets[(kind, ident)] = _Bucket(float(allowance.burst), now)
        return bucket.spend(allowance, now)

    def _forget_idle(self, now: float) -> None:
        for key in [k for k, b in self._buckets.items() if now - b.at > FORGET_AFTER]:
            del self._buckets[key]

    def check(self, update: object) -> Verdict:
        """Spend what ``update`` costs; whether it may go on."""
        if not isinstance(update, Update):
            return Verdict.ADMIT
        now = self.clock()
        user = update.effective_user
        if update.callback_query is not None:
            verdict = self._spend("press", update.callback_query.from_user.id,
                                  self.user_presses, now)
        elif not counts(update) or user is None:
            return Verdict.ADMIT
        else:
            chat = update.effective_chat
            verdict = self._spend("user", user.id, self.user_commands, now)
            if verdict is Verdict.ADMIT and chat is not None and chat.type != ChatType.PRIVATE:
                verdict = self._spend("chat", chat.id, self.chat_commands, now)
                if verdict is not Verdict.ADMIT:
                    # the user's token is not lost to the chat's refusal
                    self._buckets[("user", user.id)].tokens += 1.0
                    if verdict is Verdict.SLOW:
                        verdict = Verdict.SLOW_CHAT
        if verdict is not Verdict.ADMIT:
            self.refused += 1
        return verdict


def counts(update: Update) -> bool:
    """Whether an update is one the bot answers with a message of its own: a command,
    or text typed to it in private (which gets a hint). A group's other messages
    cost nothing (no handler reads them)."""
    message = update.message
    if message is None or not message.text:
        return False
    return message.text.startswith("/") or message.chat.type == ChatType.PRIVATE
