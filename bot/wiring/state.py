"""What the handlers share, kept in ``application.bot_data`` (no module globals)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from telegram.ext import Application, CallbackContext

from bot.showing.pipeline import Pipeline
from bot.showing.presenter import Presenter
from bot.showing.workers import Workers
from bot.transport.order import KeyedLocks, chat_key
from bot.transport.outbox import Outbox
from bot.wiring.config import Settings
from service import GameService

_KEY = "domino_state"
_SETTINGS_KEY = "domino_settings"
_LOCKS_KEY = "domino_locks"


@dataclass
class BotState:
    settings: Settings
    service: GameService
    presenter: Presenter
    pipeline: Pipeline
    outbox: Outbox
    workers: Workers
    locks: KeyedLocks
    # general_kozel signals: (game_id, seat) -> (round, turn number) of the last one
    signals: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)

    @contextlib.asynccontextmanager
    async def game_lock(self, chat_id: int) -> AsyncIterator[None]:
        """Hold the game key of a group chat (JobQueue jobs; updates hold it already
        through the update processor, bot/transport/order.py)."""
        async with self.locks.hold(chat_key(chat_id)):
            yield


AnyApp = Application[Any, Any, Any, Any, Any, Any]
AnyContext = CallbackContext[Any, Any, Any, Any]


def _bot_data(source: AnyApp | AnyContext) -> dict[str, Any]:
    data = source.bot_data
    assert isinstance(data, dict)
    return data


def put_settings(app: AnyApp, settings: Settings) -> None:
    _bot_data(app)[_SETTINGS_KEY] = settings


def get_settings(source: AnyApp | AnyContext) -> Settings:
    value = _bot_data(source).get(_SETTINGS_KEY)
    if not isinstance(value, Settings):
        raise RuntimeError("the settings are not stored in bot_data")
    return value


def put_locks(app: AnyApp, locks: KeyedLocks) -> None:
    _bot_data(app)[_LOCKS_KEY] = locks


def get_locks(source: AnyApp | AnyContext) -> KeyedLocks:
    value = _bot_data(source).get(_LOCKS_KEY)
    if not isinstance(value, KeyedLocks):
        raise RuntimeError("the locks are not stored in bot_data")
    return value


def put_state(app: AnyApp, state: BotState | None) -> None:
    if state is None:
        _bot_data(app).pop(_KEY, None)
    else:
        _bot_data(app)[_KEY] = state


def get_state(source: AnyApp | AnyContext) -> BotState:
    value = _bot_data(source).get(_KEY)
    if not isinstance(value, BotState):
        raise RuntimeError("the bot is not initialized (post_init did not run)")
    return value
