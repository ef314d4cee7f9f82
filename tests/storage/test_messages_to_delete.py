"""A replaced message is kept "to delete" in the transaction that stores the new one,
survives closing the file (a crash) until it is forgotten, and a rolled-back save keeps
neither (storage against a real SQLite file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import Database, MessageToDelete, Repositories
from tests.storage.helpers import FakeClock


async def test_replaced_message_is_kept_until_forgotten(db_path: Path,
                                                        clock: FakeClock) -> None:
    db = await Database.open(db_path, clock=clock)
    repos = Repositories.of(db)
    try:
        game_id = await repos.games.create_lobby(db, -100, "kozel", 10)
        async with db.transaction() as tx:
            assert await repos.messages.save(tx, game_id, "table", chat_id=-100, message_id=7,
                                             retire_previous=True) is None
        assert await repos.messages.to_delete(db) == []  # nothing replaced yet
        async with db.transaction() as tx:
            old = await repos.messages.save(tx, game_id, "table", chat_id=-100, message_id=9,
                                            version=4, retire_previous=True)
        assert old is not None and old.message_id == 7
        # saved again with the same id (an edit's bookkeeping): nothing more to delete
        async with db.transaction() as tx:
            await repos.messages.save(tx, game_id, "table", chat_id=-100, message_id=9,
                                      version=5, retire_previous=True)
        # a replacement not to be deleted (a round's summary stays) is not remembered
        async with db.transaction() as tx:
            await repos.messages.save(tx, game_id, "hand", chat_id=10, message_id=3, seat=0)
            await repos.messages.save(tx, game_id, "hand", chat_id=10, message_id=4, seat=0)
    finally:
        await db.close()  # as a crash would leave it: the new id and the old one stored

    db = await Database.open(db_path, clock=clock)
    repos = Repositories.of(db)
    try:
        assert await repos.messages.to_delete(db) == [MessageToDelete(-100, 7, game_id)]
        table = await repos.messages.get(db, game_id, "table")
        assert table is not None and (table.message_id, table.version) == (9, 5)
        assert await repos.messages.forget_deleted(db, -100, 7)
        assert not await repos.messages.forget_deleted(db, -100, 7)
        assert await repos.messages.to_delete(db) == []
    finally:
        await db.close()


async def test_a_rolled_back_save_keeps_nothing_to_delete(db: Database,
                                                          repos: Repositories) -> None:
    game_id = await repos.games.create_lobby(db, -100, "kozel", 10)
    async with db.transaction() as tx:
        await repos.messages.save(tx, game_id, "lobby", chat_id=-100, message_id=1)
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await repos.messages.save(tx, game_id, "lobby", chat_id=-100, message_id=2,
                                      retire_previous=True)
            raise RuntimeError("the process dies before the commit")
    lobby = await repos.messages.get(db, game_id, "lobby")
    assert lobby is not None and lobby.message_id == 1  # the old one is still the lobby
    assert await repos.messages.to_delete(db) == []


async def test_oldest_first(db: Database, repos: Repositories, clock: FakeClock) -> None:
    game_id = await repos.games.create_lobby(db, -100, "kozel", 10)
    for message_id in (1, 2, 3):
        async with db.transaction() as tx:
            await repos.messages.save(tx, game_id, "table", chat_id=-100,
                                      message_id=message_id, retire_previous=True)
        clock.advance(1.0)
    assert [m.message_id for m in await repos.messages.to_delete(db)] == [1, 2]
