"""The display settings of a chat (service/display.py): parsed with the timers'
/settings, all or nothing, stored in the chat's settings beside them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from service import GameService
from service.display import (
    HINTS_KEY,
    TABLE_KEY,
    DisplaySettings,
    chat_display,
    parse_table_arg,
)
from service.errors import NotChatAdminError
from service.timers import BadTimerSettingError, TurnTimers, parse_settings_args
from storage import Database
from tests.service.helpers import ANNA, BORIS

CHAT = -100


@pytest.fixture
async def svc(db_path: Path) -> AsyncIterator[GameService]:
    database = await Database.open(db_path)
    try:
        yield GameService(database, seeds=lambda: 4242)
    finally:
        await database.close()


def test_parse_display_settings() -> None:
    assert parse_settings_args(["hints", "off", "table", "text"]) == {
        HINTS_KEY: False, TABLE_KEY: "text"}
    assert parse_settings_args(["hints=on", "table=picture", "turn", "1m"]) == {
        HINTS_KEY: True, TABLE_KEY: "picture", "turn_seconds": 60}
    assert parse_settings_args(["table", "ТЕКСТ"]) == {TABLE_KEY: "text"}
    for bad in (["hints", "maybe"], ["table", "video"], ["hints"], ["table", "text", "hints"]):
        with pytest.raises(BadTimerSettingError):
            parse_settings_args(bad)
    assert DisplaySettings.of({}) == DisplaySettings(hints=True, table="picture")
    # a malformed stored value counts as the default
    assert DisplaySettings.of({HINTS_KEY: "no", TABLE_KEY: 3}) == DisplaySettings()
    assert parse_table_arg(" Text ") == "text" and parse_table_arg("garbage") is None


async def test_display_settings_are_stored_all_or_nothing(svc: GameService) -> None:
    timers = TurnTimers(svc)
    assert await chat_display(svc, CHAT) == DisplaySettings()  # a chat never seen
    await svc.open_lobby(CHAT, ANNA, "all_fives")
    await svc.join(CHAT, BORIS)
    await timers.change_settings(CHAT, ANNA.user_id, ["hints", "off"], is_admin=True)
    assert await chat_display(svc, CHAT) == DisplaySettings(hints=False)
    with pytest.raises(BadTimerSettingError):
        await timers.change_settings(CHAT, ANNA.user_id, ["table", "text", "hints", "later"],
                                     is_admin=True)
    assert await chat_display(svc, CHAT) == DisplaySettings(hints=False)
    for user in (ANNA, BORIS):  # the game's creator is no admin of the chat
        with pytest.raises(NotChatAdminError):
            await timers.change_settings(CHAT, user.user_id, ["table", "text"])
    assert await chat_display(svc, CHAT) == DisplaySettings(hints=False)
    await timers.change_settings(CHAT, ANNA.user_id, ["table", "text", "hints", "on"],
                                 is_admin=True)
    assert await chat_display(svc, CHAT) == DisplaySettings(hints=True, table="text")
    assert (await timers.settings(CHAT)).forced  # the timers' own settings are untouched
