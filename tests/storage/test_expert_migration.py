"""Migration 12: the seats take the expert computer level. A database of version 11
refuses it (the old CHECK); upgraded, it keeps every seat and seat timer as they were
and seats an expert."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import Database, Repositories, SeatTakenError
from storage.migrations import LATEST_VERSION, MIGRATIONS


async def test_m0012_lets_the_seats_hold_an_expert(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = await Database.open(path, migrations=MIGRATIONS[:11])
    repos = Repositories.of(old)
    async with old.transaction() as tx:
        game = await repos.games.create_lobby(tx, -7, "kozel", 1)
        await repos.games.add_seat(tx, game, display_name="Anna", user_id=1)
        await repos.games.add_seat(tx, game, display_name="AI 1", ai_level="hard")
        await repos.games.add_timeout(tx, game, 0)
    with pytest.raises(SeatTakenError):  # how the repository reports the CHECK refusing
        async with old.transaction() as tx:
            await repos.games.add_seat(tx, game, display_name="AI 2", ai_level="expert")
    before = await repos.games.list_seats(old, game)
    await old.close()

    db = await Database.open(path)
    try:
        assert await db.schema_version() == LATEST_VERSION
        repos = Repositories.of(db)
        assert await repos.games.list_seats(db, game) == before
        assert [(s.ai_level, s.timeouts) for s in before] == [(None, 1), ("hard", 0)]
        async with db.transaction() as tx:
            await repos.games.add_seat(tx, game, display_name="AI 2", ai_level="expert")
        seats = await repos.games.list_seats(db, game)
        assert [s.ai_level for s in seats] == [None, "hard", "expert"]
        rows = await db.fetchall("PRAGMA foreign_key_check")
        assert list(rows) == []
    finally:
        await db.close()
