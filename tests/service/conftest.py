from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from service import GameService
from storage import Database


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(db_path)
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
def service(db: Database) -> GameService:
    return GameService(db, seeds=lambda: 4242)
