"""What the handlers share, kept in ``application.bot_data`` (no module globals)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from telegram.ext import Application, CallbackContext

from bot.config import Settings
from service import GameService
from storage import Database, Repositories

_KEY = "domino_state"
_SETTINGS_KEY = "domino_settings"


@dataclass
class BotState:
    settings: Settings
    db: Database
    service: GameService
    repos: Repositories
    _locks: dict[int, asyncio.Lock] = field(default_factory=dict)
    # (game_id, user_id) pairs the group was already told cannot get their hand
    told_no_hand: set[tuple[int, int]] = field(default_factory=set)
    # general_kozel signals: (game_id, seat) -> (round, turn number) of the last one
    signals: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)

    def game_lock(self, game_id: int) -> asyncio.Lock:
        """Serializes a game's commands and what is shown for them, so messages
        are edited in the order the moves were made."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock


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
