"""One aiosqlite connection, its pragmas, its migrations and its transactions.

Usage::

    db = await Database.open("domino.sqlite3")     # creates the file, migrates it
    try:
        async with db.transaction() as tx:        # BEGIN IMMEDIATE ... COMMIT
            await tx.execute("UPDATE ...", (...))
            row = await tx.fetchone("SELECT ...", (...))
        row = await db.fetchone("SELECT ...", (...))  # a read outside a transaction
        async with db.reading() as ex:            # several reads, no writer in between
            game = await ex.fetchone("SELECT ...", (...))
            moves = await ex.fetchall("SELECT ...", (...))
    finally:
        await db.close()

Concurrency model
-----------------
There is exactly one connection. Every use of it, reads included, is serialized
by an `asyncio.Lock` owned by the `Database`: while a task is inside
`db.transaction()`, other tasks wait, so they never see its uncommitted writes.
The task that owns the open transaction may keep calling `db.fetchone()`,
`db.execute()` and even `db.transaction()` (which then becomes a SAVEPOINT
nested in the outer transaction) without deadlocking. Other processes are kept
in order by SQLite itself: `BEGIN IMMEDIATE` takes the write lock up front and
waits up to `busy_timeout` for it.

Keep transactions short and free of network I/O: load, compute, save.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

import aiosqlite

from storage import filelock
from storage.errors import (
    DatabaseLockedError,
    DatabaseTooNewError,
    MigrationError,
    StorageError,
)
from storage.migrations import MIGRATIONS, Migration, check_sequence
from storage.transaction import (
    ConnectionExecutor,
    ExecResult,
    Executor,
    Params,
    Transaction,
)

__all__ = [
    "DEFAULT_BUSY_TIMEOUT_MS",
    "Database",
    "ExecResult",
    "Executor",
    "Params",
    "Transaction",
]

DEFAULT_BUSY_TIMEOUT_MS = 5000

_MIGRATIONS_TABLE = """
CREATE TABLE IF NOT EXISTS migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at REAL    NOT NULL
)
"""


def _create_private(path: Path) -> None:
    """Create the database's folder (0700) and file (0600) if they are missing, before
    SQLite opens the file: it holds every game and player, and SQLite gives its WAL
    and shared-memory files the database file's permissions. Existing ones are left
    as their owner set them."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if str(path) != ":memory:" and not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))


class Database:
    """The bot's SQLite database: one connection, opened with `Database.open()`."""

    def __init__(
        self,
        conn: aiosqlite.Connection,
        path: Path,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """Wrap an already configured connection; use `Database.open()` instead."""
        self._conn: aiosqlite.Connection | None = conn
        self._path = path
        self._clock = clock
        self._lock = asyncio.Lock()
        self._tx: Transaction | None = None
        self._owner: asyncio.Task[Any] | None = None
        self._lock_fd: int | None = None  # the share of storage/filelock.py's lock

    # ---------------------------------------------------------------- lifecycle

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations: Sequence[Migration] = MIGRATIONS,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        clock: Callable[[], float] = time.time,
    ) -> Database:
        """Open (creating if needed) the database at `path` and bring its schema up to date.

        Raises `DatabaseTooNewError`, before changing anything, when the file
        was migrated further than the `migrations` this code knows.
        """
        check_sequence(migrations)
        code_version = migrations[-1].version if migrations else 0
        path = Path(path)
        _create_private(path)
        # a restore (storage/backup.py) waits for no open database: it sees this share
        lock_fd = None if str(path) == ":memory:" else filelock.hold_shared(path)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except BaseException:
            if lock_fd is not None:
                filelock.release(lock_fd)
            raise
        try:
            conn.row_factory = sqlite3.Row
            # Per-connection pragmas, set once here. journal_mode is stored in
            # the file, so it is only switched once we know we may touch it.
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA foreign_keys = ON")
            db_version = await _read_version(conn)
            if db_version > code_version:
                raise DatabaseTooNewError(db_version, code_version)
            rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
            mode = str(rows[0][0]).lower() if rows else ""
            if mode != "wal":
                raise StorageError(f"could not switch {path} to WAL journal mode (got {mode!r})")
            await conn.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            await conn.close()
            if lock_fd is not None:
                filelock.release(lock_fd)
            raise
        db = cls(conn, path, clock=clock)
        db._lock_fd = lock_fd
        try:
            await db._migrate(migrations)
        except BaseException:
            await db.close()
            raise
        return db

    async def close(self) -> None:
        """Wait for the running transaction, if any, then close the connection."""
        if self._conn is None:
            return
        if self._owns_transaction():
            raise StorageError("cannot close the database from inside one of its transactions")
        async with self._lock:
            conn, self._conn = self._conn, None
            if conn is None:
                return
            try:
                await conn.execute("PRAGMA optimize")
            except sqlite3.OperationalError:
                pass  # another process holds the lock past busy_timeout: optimize next time
            finally:
                await conn.close()
                if self._lock_fd is not None:
                    filelock.release(self._lock_fd)
                    self._lock_fd = None

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def path(self) -> Path:
        return self._path

    @property
    def is_open(self) -> bool:
        return self._conn is not None

    def now(self) -> float:
        """The current time in UTC epoch seconds, from the injected clock."""
        return self._clock()

    async def schema_version(self) -> int:
        """The highest migration applied to this database."""
        async with self.reading() as ex:
            row = await ex.fetchone("SELECT COALESCE(MAX(version), 0) FROM migrations")
            return int(row[0]) if row is not None else 0

    # ------------------------------------------------------------- transactions

    def _require_conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StorageError("the database is closed")
        return self._conn

    def _owns_transaction(self) -> bool:
        return self._tx is not None and self._owner is asyncio.current_task()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """`async with db.transaction() as tx:` -- one atomic write transaction.

        Starts with `BEGIN IMMEDIATE`, commits when the block ends normally and
        rolls back when it raises (the exception is re-raised). Called again by
        the task that already has a transaction open, it yields a SAVEPOINT
        nested in that transaction instead.
        """
        if self._owns_transaction():
            assert self._tx is not None
            async with self._tx.savepoint() as tx:
                yield tx
            return
        async with self._lock:
            conn = self._require_conn()
            try:
                await conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                if "locked" in str(exc) or "busy" in str(exc):
                    raise DatabaseLockedError(
                        f"{self._path} stayed locked by another process: {exc}"
                    ) from exc
                raise
            tx = Transaction(conn)
            self._tx, self._owner = tx, asyncio.current_task()
            try:
                try:
                    yield tx
                except BaseException:
                    await conn.rollback()
                    raise
                try:
                    await conn.commit()
                except BaseException:
                    await conn.rollback()
                    raise
            finally:
                tx.finish()
                self._tx, self._owner = None, None

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Executor]:
        """`async with db.reading() as ex:` -- statements outside a transaction that
        no other task of this process interleaves with (consistent reads of several
        tables without BEGIN/COMMIT). Inside the caller's own transaction it is that
        transaction. Keep it short: every other use of the database waits."""
        if self._owns_transaction():
            assert self._tx is not None
            yield self._tx
            return
        async with self._lock:
            yield ConnectionExecutor(self._require_conn())

    async def execute(self, sql: str, params: Params = ()) -> ExecResult:
        """Run one statement; outside a transaction it commits on its own."""
        async with self.reading() as ex:
            return await ex.execute(sql, params)

    async def executemany(self, sql: str, params: Iterable[Params]) -> ExecResult:
        """Run one statement for each set of parameters (atomic only inside a transaction)."""
        async with self.reading() as ex:
            return await ex.executemany(sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        """The first row of a query, or None."""
        async with self.reading() as ex:
            return await ex.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        """Every row of a query."""
        async with self.reading() as ex:
            return await ex.fetchall(sql, params)

    async def ping(self) -> None:
        """A trivial query (``SELECT 1``): raises when the database cannot answer (closed,
        or its connection broken). The health check's (bot/wiring/metrics.py)."""
        row = await self.fetchone("SELECT 1")
        if row is None or row[0] != 1:
            raise StorageError(f"{self._path} answered SELECT 1 with {row!r}")

    async def set_trace(self, callback: Callable[[str], object] | None) -> None:
        """Call ``callback`` with the text of every SQL statement the connection runs
        (BEGIN and COMMIT included), or stop with None: a statement counter for tests
        and benchmarks. The callback runs on the connection's thread."""
        await self._require_conn().set_trace_callback(callback)  # type: ignore[arg-type]

    # --------------------------------------------------------------- migrations

    async def _migrate(self, migrations: Sequence[Migration]) -> None:
        """Apply the missing migrations, each in its own transaction."""
        async with self.transaction() as tx:
            await tx.execute(_MIGRATIONS_TABLE)
        for migration in migrations:
            async with self.transaction() as tx:
                # Read again under the write lock: another process may have
                # migrated the file since we looked.
                row = await tx.fetchone("SELECT COALESCE(MAX(version), 0) FROM migrations")
                current = int(row[0]) if row is not None else 0
                if migration.version <= current:
                    continue
                await migration.upgrade(tx)
                problems = await tx.fetchall("PRAGMA foreign_key_check")
                if problems:
                    raise MigrationError(
                        f"migration {migration.version} ({migration.name}) left "
                        f"{len(problems)} foreign key violation(s)"
                    )
                await tx.execute(
                    "INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    (migration.version, migration.name, self.now()),
                )


async def _read_version(conn: aiosqlite.Connection) -> int:
    """The schema version recorded in the file, 0 for a new one; reads only."""
    rows = list(
        await conn.execute_fetchall(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migrations'"
        )
    )
    if not rows:
        return 0
    rows = list(await conn.execute_fetchall("SELECT COALESCE(MAX(version), 0) FROM migrations"))
    return int(rows[0][0])
