"""The transaction type and what a statement runs on, apart from the database.

`Transaction` is the open write transaction `Database.transaction()` hands out;
`Executor` is what both it and the `Database` offer (run one statement). They
live here, not in `storage.db`, so that the migrations (which are given a
transaction) and the repositories import them without importing the database,
which imports the migrations.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

import aiosqlite

from storage.errors import TransactionClosedError

__all__ = ["ConnectionExecutor", "ExecResult", "Executor", "Params", "Transaction"]

Params: TypeAlias = Sequence[Any] | Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class ExecResult:
    """What a write statement reports: rows changed and the last inserted rowid."""

    rowcount: int
    lastrowid: int | None


class Executor(Protocol):
    """What both `Database` and `Transaction` offer: run one statement."""

    async def execute(self, sql: str, params: Params = ()) -> ExecResult: ...

    async def executemany(self, sql: str, params: Iterable[Params]) -> ExecResult: ...

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None: ...

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]: ...


class ConnectionExecutor:
    """Runs statements on the shared connection, each as one round trip."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    def _check(self) -> aiosqlite.Connection:
        return self._conn

    async def execute(self, sql: str, params: Params = ()) -> ExecResult:
        async with self._check().execute(sql, params) as cursor:
            return ExecResult(cursor.rowcount, cursor.lastrowid)

    async def executemany(self, sql: str, params: Iterable[Params]) -> ExecResult:
        async with self._check().executemany(sql, params) as cursor:
            return ExecResult(cursor.rowcount, cursor.lastrowid)

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        """The first row of the result, or None. Meant for queries of at most one row."""
        rows = await self._check().execute_fetchall(sql, params)
        for row in rows:
            return row
        return None

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return list(await self._check().execute_fetchall(sql, params))


class Transaction(ConnectionExecutor):
    """An open write transaction, handed out by `Database.transaction()`.

    It is only valid inside its `async with` block; using it afterwards raises
    `TransactionClosedError` (so a transaction cannot leak into later code).
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        super().__init__(conn)
        self._open = True
        self._savepoints = 0

    def _check(self) -> aiosqlite.Connection:
        if not self._open:
            raise TransactionClosedError("this transaction has already ended")
        return self._conn

    def finish(self) -> None:
        """The transaction ended (committed or rolled back): `Database` says so."""
        self._open = False

    @property
    def is_open(self) -> bool:
        return self._open

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[Transaction]:
        """A nested, atomic part of this transaction.

        On an exception the writes made inside the block are undone (the outer
        transaction goes on, unless the exception also leaves it) and the
        exception is re-raised.
        """
        conn = self._check()
        self._savepoints += 1
        name = f"sp_{self._savepoints}"
        await conn.execute(f"SAVEPOINT {name}")
        try:
            yield self
        except BaseException:
            # Some errors (disk full, I/O) make SQLite roll back the whole
            # transaction, savepoints included; then there is nothing to undo.
            if conn.in_transaction:
                await conn.execute(f"ROLLBACK TO {name}")
                await conn.execute(f"RELEASE {name}")
            raise
        else:
            await conn.execute(f"RELEASE {name}")
