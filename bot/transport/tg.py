"""Telegram failures the bot survives, classified in one place.

python-telegram-bot strips ``Bad Request: `` and capitalises the rest, so texts
are matched as lower-case substrings (TELEGRAM.md).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from telegram.error import BadRequest, Forbidden, TelegramError, TimedOut

log = logging.getLogger(__name__)
T = TypeVar("T")


def not_modified(exc: TelegramError) -> bool:
    return isinstance(exc, BadRequest) and "message is not modified" in exc.message.lower()


def message_gone(exc: TelegramError) -> bool:
    """The message to edit or delete is not there (deleted, too old, not ours)."""
    text = exc.message.lower()
    return isinstance(exc, BadRequest) and any(s in text for s in (
        "message to edit not found", "message to delete not found",
        "message can't be edited", "message can't be deleted",
        "there is no media in the message", "there is no text in the message",
        "message_id_invalid"))


def cannot_write(exc: TelegramError) -> bool:
    """The user never opened a private chat, blocked the bot, or the chat is gone."""
    text = exc.message.lower()
    return isinstance(exc, Forbidden) or (
        isinstance(exc, BadRequest) and "chat not found" in text)


def blocked(exc: TelegramError) -> bool:
    return isinstance(exc, Forbidden) and "blocked" in exc.message.lower()


async def edit(call: Callable[[], Awaitable[T]]) -> T | bool:
    """Run an edit: "not modified" is success (True); a timeout is retried once (an
    edit is idempotent). Other errors propagate."""
    for attempt in (1, 2):
        try:
            return await call()
        except TimedOut:
            if attempt == 2:
                raise
            log.info("edit timed out, retrying once")
        except BadRequest as exc:
            if not_modified(exc):
                return True
            raise
    raise AssertionError("unreachable")


async def quietly(call: Awaitable[T], what: str) -> T | None:
    """Run a call whose failure must not stop anything (deleting an old message ...)."""
    try:
        return await call
    except TelegramError as exc:
        log.info("%s failed: %s", what, exc.message)
        return None
