"""Consistent copies of the live database, and putting one back.

Usage::

    result = backup(Path("domino.sqlite3"), Path("backups/domino-20261201-120000.sqlite3"))
    restore(Path("backups/domino-20261201-120000.sqlite3"), Path("domino.sqlite3"))

Both block (file I/O, SQLite's backup API): the bot calls them through
``asyncio.to_thread``, never on its event loop.

Why not ``cp``: the bot writes the file in WAL mode, so its latest commits are in
``-wal`` until a checkpoint moves them; a copy of the file alone, or of the two taken
one after the other while a commit lands, can be torn. SQLite's online backup API reads
the pages through a read transaction of its own, so the copy is one committed state.

What a backup costs the bot: each ``sqlite3_backup_step`` holds a read transaction on
the source while it copies its pages, and in WAL mode a reader does not block a writer
(it only keeps a checkpoint from going past the reader's snapshot: the ``-wal`` grows
by the commits made meanwhile and is checkpointed after). The bot's commits do not wait
for the backup; they share the disk and the cores with it (the stall measured by
bench/backup.py). But the backup API restarts from page one when another connection
commits between two steps: a backup in small steps of a busy database copies forever.
So the default is one step (``pages=-1``, one snapshot, never restarted, the same stall
as small steps by the measurement); small steps are allowed, and after `MAX_RESTARTS`
restarts the copy is finished in one step.

The copy is written to a temporary file in the target's folder, switched out of WAL
into a single self-contained file, checked (``PRAGMA quick_check``), fsynced and only
then renamed over the target, so the target is the old backup or the new one, never a
half. Files are created 0600 and folders 0700, as the database (storage/db.py): a
backup holds every player's data.

A restore refuses while the database is open in a bot (or being backed up): every
`Database` and every backup holds a shared lock on the database's lock file
(storage/filelock.py) and the restore takes it exclusively, without waiting (and, for a
program that holds the file without that lock, ``BEGIN EXCLUSIVE`` on the live file
must succeed at once). It checks that the backup is
whole (``PRAGMA integrity_check``) and a database of this bot (its ``migrations`` table,
no newer than this code), copies it in through the backup API into a temporary file
beside the database, marks every stored message's shown version unknown (the chats may
show what was shown after the backup: the next start shows the restored game again),
removes the live file's ``-wal`` and ``-shm`` (a stale WAL would be replayed into the
restored file) and renames the copy over the database.
"""

from __future__ import annotations

import datetime
import os
import re
import secrets
import sqlite3
import time
from contextlib import closing, suppress
from dataclasses import dataclass
from pathlib import Path

from storage import filelock
from storage.errors import BackupError, DatabaseInUseError
from storage.migrations import LATEST_VERSION

__all__ = [
    "DEFAULT_PAGES",
    "DEFAULT_PAUSE",
    "MAX_RESTARTS",
    "BackupResult",
    "backup",
    "backup_name",
    "backups_in",
    "restore",
    "rotate",
    "taken_at",
]

# One step: one snapshot that commits of the bot cannot restart (see above and
# docs/benchmarks.md, "Backups").
DEFAULT_PAGES = -1
DEFAULT_PAUSE = 0.0  # seconds between two steps (only with pages > 0)
MAX_RESTARTS = 3  # a stepped copy restarted this often is finished in one step
BUSY_TIMEOUT_MS = 5000  # as the bot's own connection: waits out a commit or checkpoint
IN_USE_TIMEOUT_MS = 100  # restore: BEGIN EXCLUSIVE on the live file waits no longer
_HEADER = b"SQLite format 3\x00"
# The names of the backups the bot and its command write: domino-YYYYmmdd-HHMMSS.sqlite3
_NAME = re.compile(r"^domino-(\d{8}-\d{6})\.sqlite3$")
_NAME_TIME = "%Y%m%d-%H%M%S"


@dataclass(frozen=True, slots=True)
class BackupResult:
    """A backup written (or a restore done): the file, its size in bytes, the seconds it
    took, and how often a stepped copy restarted because the bot committed meanwhile."""

    path: Path
    size: int
    seconds: float
    restarts: int = 0


class _Restarted(Exception):
    """A stepped copy restarted too often: it is finished in one step instead."""


# ------------------------------------------------------------------------ backup


def backup(source: Path, target: Path, *, pages: int = DEFAULT_PAGES,
           pause: float = DEFAULT_PAUSE, max_restarts: int = MAX_RESTARTS) -> BackupResult:
    """Copy the database ``source`` (open in a bot or not) into the file ``target``,
    replacing it atomically; ``pages`` a step (-1: all in one), ``pause`` seconds between
    steps. Raises `BackupError` when it cannot (the target is then left as it was)."""
    started = time.monotonic()
    source, target = Path(source), Path(target)
    if not source.is_file():
        raise BackupError(f"{source} is not a database file")
    if _same(source, target):
        raise BackupError(f"{target} is the database itself: choose another file")
    _private_folder(target.parent)
    lock = _share_of(source)  # as an open database: no restore meanwhile
    temp = _temp_file(target)
    try:
        try:
            with closing(_connect(source, read_only=False)) as src:
                restarts = _copy(src, temp, pages, pause, max_restarts)
            _check(temp, "quick_check")
        except sqlite3.Error as exc:
            raise BackupError(f"backup of {source} failed: {exc}") from exc
        _fsync(temp)
        os.replace(temp, target)
        _fsync(target.parent)
    except BaseException:
        _remove(temp)
        raise
    finally:
        if lock is not None:
            filelock.release(lock)
    return BackupResult(target, target.stat().st_size, time.monotonic() - started, restarts)


def _copy(src: sqlite3.Connection, temp: Path, pages: int, pause: float,
          max_restarts: int) -> int:
    """The pages of ``src`` into the new file ``temp``, as one self-contained file (not in
    WAL mode); how often a stepped copy restarted."""
    seen: list[int] = []  # the pages left after the previous step
    restarts = 0

    def progress(status: int, remaining: int, total: int) -> None:
        nonlocal restarts
        if seen and remaining > seen[-1]:  # the source changed: copying from page one
            restarts += 1
            if restarts > max_restarts:
                raise _Restarted
        seen.append(remaining)
        if remaining and pause > 0:
            time.sleep(pause)  # the GIL and the disk free for the bot between steps

    with closing(sqlite3.connect(temp, isolation_level=None)) as dst:
        try:
            src.backup(dst, pages=pages, progress=progress if pages > 0 else None)
        except _Restarted:
            src.backup(dst, pages=-1)  # one snapshot: nothing can restart it
        mode = dst.execute("PRAGMA journal_mode = DELETE").fetchone()
        if mode is None or str(mode[0]).lower() != "delete":
            raise BackupError(f"could not make {temp} a single file (journal mode {mode!r})")
    return restarts


# ----------------------------------------------------------------------- restore


def restore(backup_file: Path, database: Path) -> BackupResult:
    """Replace ``database`` by the backup ``backup_file``. Raises `DatabaseInUseError`
    while a bot has the database open, `BackupError` when the backup is damaged, is not a
    database of this bot or is newer than this code; the database is then untouched."""
    started = time.monotonic()
    backup_file, database = Path(backup_file), Path(database)
    if _same(backup_file, database):
        raise BackupError(f"{backup_file} is the database itself: nothing to restore")
    _check_backup(backup_file)
    _private_folder(database.parent)
    lock = filelock.hold_exclusive(database)
    try:
        _not_busy(database)
        temp = _temp_file(database)
        try:
            try:
                with closing(_connect(backup_file, read_only=True)) as src:
                    _copy(src, temp, -1, 0.0, 0)
                _shown_unknown(temp)
                _check(temp, "quick_check")
            except sqlite3.Error as exc:
                raise BackupError(f"restore from {backup_file} failed: {exc}") from exc
            _fsync(temp)
            # a -wal of the replaced file would be replayed into the restored one
            for suffix in ("-wal", "-shm", "-journal"):
                _remove(database.with_name(database.name + suffix))
            os.replace(temp, database)
            _fsync(database.parent)
        except BaseException:
            _remove(temp)
            raise
    finally:
        filelock.release(lock)
    return BackupResult(database, database.stat().st_size, time.monotonic() - started)


def _check_backup(path: Path) -> int:
    """The schema version of a whole backup of this bot's database, else `BackupError`."""
    if not path.is_file():
        raise BackupError(f"{path} is not a file")
    with path.open("rb") as f:
        if f.read(len(_HEADER)) != _HEADER:
            raise BackupError(f"{path} is not an SQLite database")
    try:
        _check(path, "integrity_check", read_only=True)
        with closing(_connect(path, read_only=True)) as conn:
            found = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                                 "AND name = 'migrations'").fetchone()
            if found is None:
                raise BackupError(f"{path} is not a database of this bot (no migrations)")
            row = conn.execute("SELECT COALESCE(MAX(version), 0) FROM migrations").fetchone()
            games = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                                 "AND name = 'games'").fetchone()
    except sqlite3.Error as exc:
        raise BackupError(f"{path} cannot be read as a database: {exc}") from exc
    version = int(row[0]) if row is not None else 0
    if version < 1 or games is None:
        raise BackupError(f"{path} is not a database of this bot (schema version {version})")
    if version > LATEST_VERSION:
        raise BackupError(f"{path} is at schema version {version}, newer than this bot "
                          f"({LATEST_VERSION}): upgrade the bot before restoring it")
    return version


def _shown_unknown(path: Path) -> None:
    """Every stored message's shown game version made unknown (-1): the chats may show
    what the bot showed after the backup was taken, so the next start edits each
    message back to the restored game (bot/showing/restore.py) instead of trusting the
    stored version and content."""
    with closing(_connect(path, read_only=False)) as conn:
        columns = {str(r[1]) for r in conn.execute("PRAGMA table_info(game_messages)")}
        if "version" in columns:  # a backup older than the column gets -1 by its migration
            conn.execute("UPDATE game_messages SET version = -1")


def _not_busy(database: Path) -> None:
    """A program that holds the live file without the lock file (an sqlite3 shell in a
    write) is seen by ``BEGIN EXCLUSIVE`` failing at once."""
    if not database.exists():
        return
    try:
        with closing(sqlite3.connect(database, isolation_level=None,
                                     timeout=IN_USE_TIMEOUT_MS / 1000)) as conn:
            conn.execute("BEGIN EXCLUSIVE")
            conn.execute("ROLLBACK")
    except sqlite3.OperationalError as exc:
        raise DatabaseInUseError(f"{database} is in use by another program ({exc}); "
                                 "stop it, then restore") from exc


# ----------------------------------------------------------------- names, rotation


def backup_name(at: datetime.datetime) -> str:
    """The file name of a backup taken at ``at`` (UTC): domino-YYYYmmdd-HHMMSS.sqlite3."""
    return f"domino-{at.astimezone(datetime.UTC).strftime(_NAME_TIME)}.sqlite3"


def taken_at(path: Path) -> datetime.datetime | None:
    """When a backup of ours was taken, by its name (UTC); None for any other file."""
    match = _NAME.match(path.name)
    if match is None:
        return None
    try:
        return datetime.datetime.strptime(match.group(1), _NAME_TIME).replace(
            tzinfo=datetime.UTC)
    except ValueError:
        return None


def backups_in(folder: Path) -> list[Path]:
    """The backups of ours in ``folder`` (by their name), oldest first."""
    if not folder.is_dir():
        return []
    found = [(at, p) for p in folder.iterdir()
             if p.is_file() and (at := taken_at(p)) is not None]
    return [p for _, p in sorted(found)]


def rotate(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups of ours in ``folder`` (any other file
    is left alone); the files deleted."""
    old = backups_in(folder)[:-keep] if keep > 0 else backups_in(folder)
    for path in old:
        path.unlink(missing_ok=True)
    return old


# ------------------------------------------------------------------------- files


def _share_of(source: Path) -> int | None:
    """The backup's share of the database's lock (storage/filelock.py), as an open
    database holds one; `DatabaseInUseError` during a restore. None where the lock file
    cannot be made (a database on a read-only mount: nothing restores it there)."""
    try:
        return filelock.hold_shared(source)
    except DatabaseInUseError:
        raise
    except OSError:
        return None


def _same(one: Path, other: Path) -> bool:
    """Whether two paths name one file (the second may not exist yet)."""
    try:
        return one.resolve() == other.resolve() or (
            other.exists() and os.path.samefile(one, other))
    except OSError:
        return False


def _connect(path: Path, *, read_only: bool) -> sqlite3.Connection:
    """A connection to an existing file (never creating one); read-only for a backup
    being restored (a copy in WAL mode with its -wal beside it is read with it)."""
    uri = path.resolve().as_uri() + ("?mode=ro" if read_only else "?mode=rw")
    conn = sqlite3.connect(uri, uri=True, isolation_level=None,
                           timeout=BUSY_TIMEOUT_MS / 1000)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn


def _check(path: Path, pragma: str, *, read_only: bool = False) -> None:
    with closing(_connect(path, read_only=read_only)) as conn:
        rows = conn.execute(f"PRAGMA {pragma}").fetchall()
    if [tuple(r) for r in rows] != [("ok",)]:
        problems = "; ".join(str(r[0]) for r in rows[:3])
        raise BackupError(f"{path} failed {pragma}: {problems}")


def _private_folder(folder: Path) -> None:
    """The folder, created 0700 if missing, and so are its missing parents (an existing
    one is left as its owner set it)."""
    missing = [f for f in (folder, *folder.parents) if not f.exists()]
    for each in reversed(missing):
        each.mkdir(mode=0o700, exist_ok=True)


def _temp_file(target: Path) -> Path:
    """A new empty file (0600) beside ``target``, for the copy renamed over it later."""
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    os.close(os.open(temp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    return temp


def _fsync(path: Path) -> None:
    """The file (or folder: the rename in it) on the disk before it is relied on."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove(path: Path) -> None:
    with suppress(FileNotFoundError):
        path.unlink()
    with suppress(FileNotFoundError):
        path.with_name(path.name + "-journal").unlink()
