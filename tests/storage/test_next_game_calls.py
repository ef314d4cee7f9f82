"""Migration 13 and the calls for the next game, against a real file: a database of
version 12 upgrades and keeps what it had; a group's list takes each person once, up
to its limit, is taken whole in one statement, moves with its group to a supergroup
and goes when the bot leaves; and /forget's erasure takes a person off every list."""

from __future__ import annotations

from pathlib import Path

from storage import Database, NextGameCall, Repositories
from storage.migrations import LATEST_VERSION, MIGRATIONS
from tests.storage.helpers import FakeClock

GROUP, OTHER, SUPER = -100, -200, -1_000_000_000_100


async def test_m0013_adds_the_calls_and_keeps_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = await Database.open(path, migrations=MIGRATIONS[:12])
    repos = Repositories.of(old)
    async with old.transaction() as tx:
        game = await repos.games.create_lobby(tx, GROUP, "kozel", 1)
        await repos.games.add_seat(tx, game, display_name="Anna", user_id=1)
    assert await old.schema_version() == 12
    tables = {str(r[0]) for r in await old.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "next_game_calls" not in tables
    seats = await repos.games.list_seats(old, game)
    await old.close()

    clock = FakeClock()
    db = await Database.open(path, clock=clock)
    try:
        assert await db.schema_version() == LATEST_VERSION
        repos = Repositories.of(db)
        assert await repos.games.list_seats(db, game) == seats
        columns = [(str(r["name"]), str(r["type"]), int(r["notnull"]), int(r["pk"]))
                   for r in await db.fetchall("PRAGMA table_info(next_game_calls)")]
        assert columns == [("chat_id", "INTEGER", 1, 1), ("user_id", "INTEGER", 1, 2),
                           ("added_at", "REAL", 1, 0)]
        indexes = {str(r["name"]) for r in await db.fetchall(
            "PRAGMA index_list(next_game_calls)")}
        assert "next_game_calls_by_user" in indexes
        async with db.transaction() as tx:
            assert await repos.calls.add(tx, GROUP, 7, limit=10) == "added"
        assert await repos.calls.of_chat(db, GROUP) == [NextGameCall(GROUP, 7, clock.now)]
    finally:
        await db.close()


async def test_a_list_takes_each_once_up_to_its_limit(tmp_path: Path) -> None:
    clock = FakeClock()
    db = await Database.open(tmp_path / "calls.sqlite3", clock=clock)
    repos = Repositories.of(db)
    try:
        async with db.transaction() as tx:
            assert await repos.calls.add(tx, GROUP, 1, limit=2) == "added"
        clock.advance(5)
        async with db.transaction() as tx:
            assert await repos.calls.add(tx, GROUP, 2, limit=2) == "added"
            assert await repos.calls.add(tx, GROUP, 1, limit=2) == "again"  # once a person
            assert await repos.calls.add(tx, GROUP, 3, limit=2) == "full"  # nothing written
            assert await repos.calls.add(tx, OTHER, 1, limit=2) == "added"  # lists are per group
        assert await repos.calls.count(db, GROUP) == 2
        first = clock.now - 5
        assert [(c.user_id, c.added_at) for c in await repos.calls.of_chat(db, GROUP)] \
            == [(1, first), (2, clock.now)]  # "again" kept the first time
        assert [c.chat_id for c in await repos.calls.of_user(db, 1)] == [GROUP, OTHER]
        assert await repos.calls.remove(db, GROUP, 2)
        assert not await repos.calls.remove(db, GROUP, 2)  # not on it any more
        assert not await repos.calls.remove(db, GROUP, 3)  # never was
        async with db.transaction() as tx:
            assert await repos.calls.add(tx, GROUP, 3, limit=2) == "added"  # room again
        # a lobby opens: the list is taken whole, the oldest first; it is empty after
        taken = await repos.calls.take(db, GROUP)
        assert [c.user_id for c in taken] == [1, 3]
        assert await repos.calls.take(db, GROUP) == []
        assert await repos.calls.count(db, GROUP) == 0
        assert [c.chat_id for c in await repos.calls.of_user(db, 1)] == [OTHER]
    finally:
        await db.close()


async def test_a_list_moves_with_its_group_and_goes_with_the_bot(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "calls.sqlite3", clock=FakeClock())
    repos = Repositories.of(db)
    try:
        async with db.transaction() as tx:
            for user in (1, 2):
                await repos.calls.add(tx, GROUP, user, limit=10)
            await repos.calls.add(tx, SUPER, 2, limit=10)  # on the new id's list already
            await repos.calls.add(tx, OTHER, 3, limit=10)
        async with db.transaction() as tx:
            await repos.chats.migrate(tx, GROUP, SUPER)
            await repos.calls.move_chat(tx, GROUP, SUPER)
        assert await repos.calls.count(db, GROUP) == 0
        assert sorted(c.user_id for c in await repos.calls.of_chat(db, SUPER)) == [1, 2]
        assert await repos.calls.drop_chat(db, SUPER) == 2
        assert await repos.calls.count(db, SUPER) == 0
        assert await repos.calls.count(db, OTHER) == 1  # another group's list stays
    finally:
        await db.close()


async def test_forgetting_a_person_takes_him_off_every_list(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "calls.sqlite3", clock=FakeClock())
    repos = Repositories.of(db)
    try:
        await repos.users.upsert_profile(db, 1, first_name="Anna")
        async with db.transaction() as tx:
            for chat in (GROUP, OTHER):
                await repos.calls.add(tx, chat, 1, limit=10)
            await repos.calls.add(tx, GROUP, 2, limit=10)
        async with db.transaction() as tx:
            await repos.privacy.erase_user(tx, 1)
        assert await repos.calls.of_user(db, 1) == []
        assert [c.user_id for c in await repos.calls.of_chat(db, GROUP)] == [2]
    finally:
        await db.close()
