"""Database: pragmas, migrations, transactions, the one-connection locking model."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
import stat
from pathlib import Path

import pytest

from storage import (
    LATEST_VERSION,
    Database,
    DatabaseLockedError,
    DatabaseTooNewError,
    MigrationError,
    StorageError,
    Transaction,
    TransactionClosedError,
)
from storage.migrations import MIGRATIONS, Migration
from tests.storage.helpers import FakeClock

EXPECTED_TABLES = {
    "achievements",
    "achievement_tallies",
    "achievements_backfilled",
    "tournament_achievements_backfilled",
    "cancel_votes",
    "chats",
    "deadlines",
    "game_announced",
    "game_messages",
    "messages_to_delete",
    "next_game_calls",
    "rematch_asks",
    "game_moves",
    "game_seats",
    "rating_history",
    "ratings",
    "turn_pings",
    "tournaments",
    "tournament_players",
    "tournament_games",
    "games",
    "migrations",
    "seat_timers",
    "pending_joins",
    "stats",
    "users",
}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def _tables(db: Database) -> set[str]:
    rows = await db.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    )
    return {row["name"] for row in rows}


# ------------------------------------------------------------------ pragmas


async def test_pragmas_are_set(db: Database) -> None:
    assert (await db.fetchone("PRAGMA journal_mode"))[0] == "wal"  # type: ignore[index]
    assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1  # type: ignore[index]
    assert (await db.fetchone("PRAGMA busy_timeout"))[0] == 5000  # type: ignore[index]
    assert (await db.fetchone("PRAGMA synchronous"))[0] == 1  # type: ignore[index]  # NORMAL


async def test_open_creates_missing_parent_directories(tmp_path: Path) -> None:
    path = tmp_path / "data" / "deeper" / "bot.sqlite3"
    db = await Database.open(path)
    await db.close()
    assert path.is_file()


async def test_a_new_database_is_its_owner_s_only(tmp_path: Path) -> None:
    """The folder it creates is 0700, the file 0600, and SQLite's WAL beside it 0600
    too: every game and player is in it."""
    path = tmp_path / "private" / "bot.sqlite3"
    db = await Database.open(path)
    try:
        async with db.transaction() as tx:
            await tx.execute("CREATE TABLE probe (x INTEGER)")
        wal = path.with_name(path.name + "-wal")
        assert wal.exists()
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(wal.stat().st_mode) == 0o600
    finally:
        await db.close()


# --------------------------------------------------------------- migrations


async def test_migrations_apply_once_and_reopening_is_idempotent(
    db_path: Path, clock: FakeClock
) -> None:
    db = await Database.open(db_path, clock=clock)
    assert await db.schema_version() == LATEST_VERSION
    assert await _tables(db) == EXPECTED_TABLES
    first = [tuple(r) for r in await db.fetchall("SELECT * FROM migrations ORDER BY version")]
    assert first == [(m.version, m.name, clock.now) for m in MIGRATIONS]
    await db.close()

    clock.advance(60)
    db = await Database.open(db_path, clock=clock)
    again = [tuple(r) for r in await db.fetchall("SELECT * FROM migrations ORDER BY version")]
    assert again == first  # nothing re-applied, no new timestamps
    assert await _tables(db) == EXPECTED_TABLES
    await db.close()


async def test_newer_database_is_refused_and_left_unchanged(db_path: Path) -> None:
    db = await Database.open(db_path)
    await db.execute(
        "INSERT INTO migrations (version, name, applied_at) VALUES (?, 'm0099_future', 0)",
        (LATEST_VERSION + 98,),
    )
    await db.close()
    before = _digest(db_path)

    with pytest.raises(DatabaseTooNewError) as info:
        await Database.open(db_path)

    assert info.value.db_version == LATEST_VERSION + 98
    assert info.value.code_version == LATEST_VERSION
    assert str(LATEST_VERSION + 98) in str(info.value)
    assert "unchanged" in str(info.value)
    assert _digest(db_path) == before


async def test_newer_database_keeps_its_journal_mode(db_path: Path) -> None:
    # A file we are refusing must not even be switched to WAL.
    with sqlite3.connect(db_path) as raw:
        raw.execute("CREATE TABLE migrations (version INTEGER PRIMARY KEY, name TEXT, applied_at)")
        raw.execute("INSERT INTO migrations VALUES (?, 'future', 0)", (LATEST_VERSION + 1,))
    raw.close()
    before = _digest(db_path)

    with pytest.raises(DatabaseTooNewError):
        await Database.open(db_path)

    assert _digest(db_path) == before
    raw = sqlite3.connect(db_path)
    try:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    finally:
        raw.close()


async def test_each_migration_runs_in_its_own_transaction(db_path: Path) -> None:
    async def broken(conn: Transaction) -> None:
        await conn.execute("CREATE TABLE half_done (x INTEGER)")
        raise RuntimeError("migration 2 failed")

    with pytest.raises(RuntimeError, match="migration 2 failed"):
        await Database.open(db_path, migrations=(MIGRATIONS[0], Migration(2, "m0002_x", broken)))

    # migration 1 stayed, migration 2 left no trace
    db = await Database.open(db_path, migrations=MIGRATIONS[:1])
    assert await db.schema_version() == 1
    assert "half_done" not in await _tables(db)
    await db.close()

    async def works(conn: Transaction) -> None:
        await conn.execute("CREATE TABLE added (x INTEGER)")

    db = await Database.open(db_path, migrations=(MIGRATIONS[0], Migration(2, "m0002_y", works)))
    assert await db.schema_version() == 2
    assert "added" in await _tables(db)
    names = [r["name"] for r in await db.fetchall("SELECT name FROM migrations ORDER BY version")]
    assert names == ["m0001_initial", "m0002_y"]
    await db.close()

    # The code that knows only migration 1 now refuses this file.
    with pytest.raises(DatabaseTooNewError):
        await Database.open(db_path, migrations=MIGRATIONS[:1])


async def test_migrations_must_be_numbered_in_order(db_path: Path) -> None:
    async def noop(conn: Transaction) -> None:
        return None

    with pytest.raises(MigrationError):
        gap = Migration(len(MIGRATIONS) + 2, "m0099_gap", noop)
        await Database.open(db_path, migrations=(*MIGRATIONS, gap))
    assert not db_path.exists()


def test_every_migration_module_is_registered() -> None:
    folder = Path(__file__).parents[2] / "storage" / "migrations"
    modules = sorted(p.stem for p in folder.glob("m[0-9]*.py"))
    assert modules == [m.name for m in MIGRATIONS]
    assert [m.version for m in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1))
    assert all(m.name.startswith(f"m{m.version:04d}_") for m in MIGRATIONS)


# ------------------------------------------------------------- transactions


async def _count_chats(db: Database) -> int:
    row = await db.fetchone("SELECT COUNT(*) FROM chats")
    assert row is not None
    return int(row[0])


async def test_transaction_commits(db: Database) -> None:
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (1, 0, 0)")
        await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (2, 0, 0)")
    assert await _count_chats(db) == 2


async def test_exception_in_transaction_rolls_everything_back(db: Database) -> None:
    error = ValueError("boom")
    with pytest.raises(ValueError) as info:
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (1, 0, 0)")
            await tx.execute("INSERT INTO users (user_id, created_at, updated_at) VALUES (1, 0, 0)")
            raise error
    assert info.value is error
    assert await _count_chats(db) == 0
    assert await db.fetchone("SELECT * FROM users") is None
    # The connection is usable afterwards.
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (1, 0, 0)")
    assert await _count_chats(db) == 1


async def test_sql_error_in_transaction_rolls_back(db: Database) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (1, 0, 0)")
            await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (1, 0, 0)")
    assert await _count_chats(db) == 0


async def test_cancelled_transaction_rolls_back(db: Database) -> None:
    inside = asyncio.Event()

    async def writer() -> None:
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (1, 0, 0)")
            inside.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(writer())
    await inside.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await _count_chats(db) == 0


async def test_transaction_cannot_be_used_after_its_block(db: Database) -> None:
    async with db.transaction() as tx:
        pass
    assert not tx.is_open
    with pytest.raises(TransactionClosedError):
        await tx.execute("SELECT 1")


async def test_nested_transaction_is_a_savepoint(db: Database) -> None:
    async with db.transaction() as outer:
        await outer.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (1, 0, 0)")
        with pytest.raises(RuntimeError):
            async with db.transaction() as inner:
                await inner.execute(
                    "INSERT INTO chats (chat_id, created_at, updated_at) VALUES (2, 0, 0)"
                )
                raise RuntimeError("undo only the inner part")
        async with db.transaction() as inner:
            await inner.execute(
                "INSERT INTO chats (chat_id, created_at, updated_at) VALUES (3, 0, 0)"
            )
    rows = await db.fetchall("SELECT chat_id FROM chats ORDER BY chat_id")
    assert [r[0] for r in rows] == [1, 3]


async def test_owner_reads_its_own_writes_without_deadlock(db: Database) -> None:
    async def body() -> None:
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (7, 0, 0)")
            row = await db.fetchone("SELECT chat_id FROM chats WHERE chat_id = 7")
            assert row is not None
            await db.execute("UPDATE chats SET language = 'ru' WHERE chat_id = 7")

    await asyncio.wait_for(body(), timeout=2)
    row = await db.fetchone("SELECT language FROM chats WHERE chat_id = 7")
    assert row is not None and row[0] == "ru"


async def test_other_tasks_wait_for_the_open_transaction(db: Database) -> None:
    written = asyncio.Event()
    release = asyncio.Event()

    async def writer() -> None:
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (1, 0, 0)")
            written.set()
            await release.wait()

    write_task = asyncio.create_task(writer())
    await written.wait()
    read_task = asyncio.create_task(db.fetchone("SELECT chat_id FROM chats"))
    await asyncio.sleep(0.05)
    assert not read_task.done()  # no dirty read of the uncommitted row
    release.set()
    await write_task
    row = await read_task
    assert row is not None and row[0] == 1


async def test_second_process_waits_then_gives_up_with_locked_error(
    db: Database, db_path: Path
) -> None:
    other = await Database.open(db_path, busy_timeout_ms=100)
    try:
        async with db.transaction():
            with pytest.raises(DatabaseLockedError):
                async with other.transaction():
                    pass
        async with other.transaction() as tx:  # free again once the first committed
            await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (1, 0, 0)")
    finally:
        await other.close()
    assert await _count_chats(db) == 1


async def test_close_succeeds_while_another_process_holds_the_write_lock(
    db_path: Path
) -> None:
    """Closing runs ``PRAGMA optimize``, which may want the write lock: held elsewhere
    past ``busy_timeout`` it is skipped, and the close still closes."""
    db = await Database.open(db_path, busy_timeout_ms=50)
    async with db.transaction() as tx:
        for i in range(300):
            await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (?, 0, 0)",
                             (i,))
    await db.fetchone("SELECT COUNT(*) FROM chats WHERE chat_id > 5")
    holder = sqlite3.connect(db_path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        await db.close()
        assert not db.is_open
    finally:
        holder.execute("ROLLBACK")
        holder.close()


async def test_close_is_idempotent_and_final(db_path: Path) -> None:
    db = await Database.open(db_path)
    await db.close()
    await db.close()
    assert not db.is_open
    with pytest.raises(StorageError):
        await db.fetchone("SELECT 1")
    with pytest.raises(StorageError):
        async with db.transaction():
            pass


async def test_database_is_an_async_context_manager(db_path: Path) -> None:
    async with await Database.open(db_path) as db:
        assert db.path == db_path
        assert await db.fetchone("SELECT 1") is not None
    assert not db.is_open


async def test_cannot_close_from_inside_a_transaction(db: Database) -> None:
    async with db.transaction():
        with pytest.raises(StorageError):
            await db.close()
    assert db.is_open
