"""Fixtures of the bot's tests: an emulator, a database file, a running bot
(the harness itself is :mod:`tests.bot.harness`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import Bot, running_bot


@pytest.fixture
def emu() -> TelegramEmulator:
    return TelegramEmulator()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "domino.sqlite3"


@pytest.fixture
async def bot(emu: TelegramEmulator, db_path: Path) -> AsyncIterator[Bot]:
    async with running_bot(emu, db_path) as b:
        yield b
