from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Database, Repositories
from tests.storage.helpers import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "bot.sqlite3"


@pytest.fixture
async def db(db_path: Path, clock: FakeClock) -> AsyncIterator[Database]:
    database = await Database.open(db_path, clock=clock)
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
def repos(db: Database) -> Repositories:
    return Repositories.of(db)
