"""storage/backup.py: a consistent copy while the database is written, the files' modes,
restore's refusals and its copy, and the rotation of the dated backups."""

from __future__ import annotations

import asyncio
import datetime
import os
import sqlite3
import stat
from contextlib import closing
from pathlib import Path

import pytest

from storage import LATEST_VERSION, Database, filelock
from storage import backup as backup_module
from storage.backup import backup, backup_name, backups_in, restore, rotate, taken_at
from storage.errors import BackupError, DatabaseInUseError

PADDING = "x" * 900  # a row of about a page: the file spans many pages, the copy many steps


async def _add_user(db: Database, n: int, name: str = "p") -> None:
    """User n and chat n in one transaction: a copy holds both or neither."""
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO users (user_id, first_name, created_at, updated_at) "
                         "VALUES (?, ?, 0, 0)", (n, name))
        await tx.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (?, 0, 0)",
                         (n,))


def _rows(path: Path) -> tuple[list[int], list[int]]:
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        users = [r[0] for r in conn.execute("SELECT user_id FROM users ORDER BY user_id")]
        chats = [r[0] for r in conn.execute("SELECT chat_id FROM chats ORDER BY chat_id")]
    return users, chats


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("pages", [-1, 4])
async def test_a_backup_while_the_bot_writes_is_a_committed_prefix(
        db: Database, db_path: Path, tmp_path: Path, pages: int) -> None:
    for n in range(1, 401):
        await _add_user(db, n, PADDING)
    stop = asyncio.Event()

    async def write() -> int:
        # the bot's connection commits all the while (one user and his chat a transaction)
        n = 400
        while not stop.is_set():
            n += 1
            await _add_user(db, n)
            await asyncio.sleep(0)
        return n

    writer = asyncio.create_task(write())
    await asyncio.sleep(0.01)
    target = tmp_path / "copies" / "copy.sqlite3"
    try:
        result = await asyncio.to_thread(backup, db_path, target, pages=pages)
    finally:
        stop.set()
        written = await writer
    users, chats = _rows(target)
    # every transaction whole or absent, and none missing before the last copied one
    assert users == chats == list(range(1, len(users) + 1))
    assert 400 <= len(users) <= written
    assert result.path == target and result.size == target.stat().st_size
    with closing(sqlite3.connect(target)) as conn:  # one file, no -wal needed
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)


async def test_a_stepped_copy_restarted_by_commits_is_finished_in_one_step(
        db: Database, db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for n in range(1, 101):
        await _add_user(db, n, PADDING)
    await db.close()
    committed = [100]

    def commit_between_steps(seconds: float) -> None:
        # another connection commits in every pause between two steps: each restarts
        with closing(sqlite3.connect(db_path, isolation_level=None)) as other:
            n = committed[0] + 1
            other.execute("BEGIN IMMEDIATE")
            other.execute("INSERT INTO users (user_id, first_name, created_at, updated_at) "
                          "VALUES (?, 'p', 0, 0)", (n,))
            other.execute("INSERT INTO chats (chat_id, created_at, updated_at) "
                          "VALUES (?, 0, 0)", (n,))
            other.execute("COMMIT")
            committed[0] = n

    monkeypatch.setattr(backup_module.time, "sleep", commit_between_steps)
    target = tmp_path / "b.sqlite3"
    result = backup(db_path, target, pages=2, pause=0.001, max_restarts=3)
    assert result.restarts == 4  # one past the limit: then one step, which nothing restarts
    users, chats = _rows(target)
    assert users == chats == list(range(1, committed[0] + 1))


async def test_the_copy_is_0600_in_a_new_0700_folder_and_replaces_the_old(
        db: Database, db_path: Path, tmp_path: Path) -> None:
    await _add_user(db, 1)
    target = tmp_path / "new" / "deeper" / "b.sqlite3"
    await asyncio.to_thread(backup, db_path, target)
    assert _mode(target) == 0o600
    assert _mode(target.parent) == 0o700 and _mode(target.parent.parent) == 0o700
    await _add_user(db, 2)
    await asyncio.to_thread(backup, db_path, target)
    assert _rows(target) == ([1, 2], [1, 2])
    assert os.listdir(target.parent) == ["b.sqlite3"]  # no temporary file left


async def test_an_existing_folder_keeps_its_mode(db: Database, db_path: Path,
                                                 tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o750)
    folder.chmod(0o750)
    await asyncio.to_thread(backup, db_path, folder / "b.sqlite3")
    assert _mode(folder) == 0o750 and _mode(folder / "b.sqlite3") == 0o600


def test_a_failed_backup_leaves_the_target_as_it_was(tmp_path: Path) -> None:
    source = tmp_path / "notes.sqlite3"
    source.write_text("not a database " * 200)
    target = tmp_path / "out" / "b.sqlite3"
    target.parent.mkdir()
    target.write_bytes(b"the previous backup")
    with pytest.raises(BackupError):
        backup(source, target)
    assert target.read_bytes() == b"the previous backup"
    assert os.listdir(target.parent) == ["b.sqlite3"]
    with pytest.raises(BackupError, match="not a database file"):
        backup(tmp_path / "missing.sqlite3", target)


# ------------------------------------------------------------------------ restore


async def _backup_of(db: Database, db_path: Path, target: Path, users: int) -> Path:
    for n in range(1, users + 1):
        await _add_user(db, n)
    await asyncio.to_thread(backup, db_path, target)
    return target


async def test_restore_is_refused_while_a_bot_has_the_database_open(
        db: Database, db_path: Path, tmp_path: Path) -> None:
    copy = await _backup_of(db, db_path, tmp_path / "b.sqlite3", 2)
    await _add_user(db, 3)
    with pytest.raises(DatabaseInUseError, match="running bot"):
        await asyncio.to_thread(restore, copy, db_path)
    # untouched, still open
    assert tuple(await db.fetchone("SELECT COUNT(*) FROM users") or ()) == (3,)


async def test_restore_is_refused_while_another_program_writes(
        db_path: Path, tmp_path: Path) -> None:
    db = await Database.open(db_path)
    copy = await _backup_of(db, db_path, tmp_path / "b.sqlite3", 1)
    await db.close()
    # a program without the lock file (an sqlite3 shell) in the middle of a write
    with closing(sqlite3.connect(db_path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(DatabaseInUseError, match="another program"):
            restore(copy, db_path)
        other.execute("ROLLBACK")


async def test_a_bot_does_not_open_a_database_being_restored(db_path: Path) -> None:
    db = await Database.open(db_path)  # the file exists, as it does for a restore
    await db.close()
    fd = filelock.hold_exclusive(db_path)
    try:
        with pytest.raises(DatabaseInUseError, match="being restored"):
            await Database.open(db_path)
        with pytest.raises(DatabaseInUseError, match="being restored"):
            backup(db_path, db_path.with_name("b.sqlite3"))
        assert not db_path.with_name("b.sqlite3").exists()
    finally:
        filelock.release(fd)
    db = await Database.open(db_path)
    await db.close()


async def test_restore_puts_the_backup_in_place_and_drops_a_stale_wal(
        db_path: Path, tmp_path: Path) -> None:
    db = await Database.open(db_path)
    copy = await _backup_of(db, db_path, tmp_path / "backups" / "b.sqlite3", 2)
    for n in range(3, 6):
        await _add_user(db, n)
    await db.close()
    for suffix in ("-wal", "-shm"):  # what a kill -9 of the bot leaves beside the file
        db_path.with_name(db_path.name + suffix).write_bytes(b"\0" * 4096)
    result = restore(copy, db_path)
    assert result.path == db_path and result.size == db_path.stat().st_size
    assert not db_path.with_name(db_path.name + "-wal").exists()
    assert not db_path.with_name(db_path.name + "-shm").exists()
    assert _mode(db_path) == 0o600
    assert sorted(p.name for p in db_path.parent.iterdir()
                  if p.name.startswith(".")) == []  # no temporary file left
    db = await Database.open(db_path)
    try:
        assert [r[0] for r in await db.fetchall("SELECT user_id FROM users")] == [1, 2]
        assert await db.schema_version() == LATEST_VERSION
    finally:
        await db.close()
    assert copy.exists()  # the backup stays


async def test_restore_into_a_new_place(db: Database, db_path: Path, tmp_path: Path) -> None:
    copy = await _backup_of(db, db_path, tmp_path / "b.sqlite3", 1)
    fresh = tmp_path / "elsewhere" / "domino.sqlite3"
    restore(copy, fresh)
    assert _rows(fresh) == ([1], [1]) and _mode(fresh.parent) == 0o700


async def test_a_file_is_neither_backed_up_nor_restored_onto_itself(
        db: Database, db_path: Path) -> None:
    with pytest.raises(BackupError, match="the database itself"):
        await asyncio.to_thread(backup, db_path, db_path.parent / "." / db_path.name)
    await db.close()
    with pytest.raises(BackupError, match="the database itself"):
        restore(db_path, db_path)


async def test_a_copy_in_wal_mode_is_restored_with_its_wal(db_path: Path,
                                                           tmp_path: Path) -> None:
    db = await Database.open(db_path)
    await _add_user(db, 1)
    await db.close()
    # a copy as a careful cp leaves it: the file in WAL mode and its -wal beside it
    copy = tmp_path / "copy" / "domino.sqlite3"
    copy.parent.mkdir()
    copy.write_bytes(db_path.read_bytes())
    with closing(sqlite3.connect(copy, isolation_level=None)) as conn:
        conn.execute("PRAGMA wal_autocheckpoint = 0")
        conn.execute("INSERT INTO users (user_id, first_name, created_at, updated_at) "
                     "VALUES (2, 'in the wal', 0, 0)")
        conn.execute("INSERT INTO chats (chat_id, created_at, updated_at) VALUES (2, 0, 0)")
        wal = copy.with_name(copy.name + "-wal").read_bytes()
        main = copy.read_bytes()
    copy.write_bytes(main)
    copy.with_name(copy.name + "-wal").write_bytes(wal)
    restore(copy, db_path)
    assert _rows(db_path) == ([1, 2], [1, 2])


def _foreign(path: Path) -> Path:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
        conn.execute("INSERT INTO notes VALUES ('not the bot''s')")
        conn.commit()
    return path


async def test_restore_refuses_what_is_not_a_backup_of_this_bot(
        db: Database, db_path: Path, tmp_path: Path) -> None:
    await _add_user(db, 1)
    await db.close()
    before = db_path.read_bytes()
    text = tmp_path / "text.sqlite3"
    text.write_text("hello " * 1000)
    newer = await _backup_of(await Database.open(tmp_path / "n.sqlite3"), tmp_path / "n.sqlite3",
                             tmp_path / "newer.sqlite3", 1)
    with closing(sqlite3.connect(newer)) as conn:
        conn.execute("INSERT INTO migrations VALUES (?, 'from the future', 0)",
                     (LATEST_VERSION + 1,))
        conn.commit()
    cases = {
        text: "not an SQLite database",
        tmp_path / "missing.sqlite3": "not a file",
        _foreign(tmp_path / "foreign.sqlite3"): "not a database of this bot",
        newer: "newer than this bot",
    }
    for path, why in cases.items():
        with pytest.raises(BackupError, match=why):
            restore(path, db_path)
    assert db_path.read_bytes() == before


async def test_restore_refuses_a_damaged_backup(db: Database, db_path: Path,
                                                tmp_path: Path) -> None:
    for n in range(1, 301):
        await _add_user(db, n, PADDING)
    copy = tmp_path / "b.sqlite3"
    await asyncio.to_thread(backup, db_path, copy)
    size = copy.stat().st_size
    with copy.open("r+b") as f:  # a page in the middle overwritten
        f.seek(size // 2 // 4096 * 4096)
        f.write(b"\xff" * 4096)
    with pytest.raises(BackupError):
        restore(copy, tmp_path / "target.sqlite3")
    assert not (tmp_path / "target.sqlite3").exists()


# ----------------------------------------------------------------------- rotation


def test_names_and_rotation_touch_only_dated_backups(tmp_path: Path) -> None:
    day = datetime.datetime(2026, 3, 1, 4, 5, 6, tzinfo=datetime.UTC)
    assert backup_name(day) == "domino-20260301-040506.sqlite3"
    assert taken_at(tmp_path / backup_name(day)) == day
    dated = [tmp_path / backup_name(day + datetime.timedelta(days=d)) for d in (3, 0, 4, 1, 2)]
    others = [tmp_path / n for n in ("notes.txt", "domino-latest.sqlite3",
                                     "domino-20261399-999999.sqlite3", "other-20260301.sqlite3")]
    for path in dated + others:
        path.write_text("x")
    (tmp_path / "domino-20260310-000000.sqlite3").mkdir()  # a folder is no backup
    in_order = sorted(dated)
    assert backups_in(tmp_path) == in_order
    assert rotate(tmp_path, 2) == in_order[:3]
    assert backups_in(tmp_path) == in_order[3:]
    assert all(p.exists() for p in others)
    assert rotate(tmp_path, 2) == []
    assert backups_in(tmp_path / "missing") == []
