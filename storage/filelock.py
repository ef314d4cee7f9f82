"""The lock file beside the database (``domino.sqlite3.lock``) that tells a restore the
database is open.

SQLite itself cannot tell: in WAL mode an idle connection holds no lock a newcomer could
see (``BEGIN EXCLUSIVE`` succeeds while the bot waits for its next update). So every
`Database` holds a shared ``flock`` on this file while it is open, and so does a backup
while it copies (several may at once: a bot and ``domino-bot backup``), and a restore
takes it exclusively, without waiting: it fails while any of them is open, and a bot
started (or a backup begun) during a restore refuses the file. The kernel drops the
lock when the process ends, a kill -9 included, so a crash leaves no stale lock behind.
"""

from __future__ import annotations

import errno
import fcntl
import os
from pathlib import Path

from storage.errors import DatabaseInUseError

__all__ = ["hold_exclusive", "hold_shared", "lock_path", "release"]


def lock_path(database: Path) -> Path:
    """The lock file of this database: its name with ``.lock`` added."""
    return database.with_name(database.name + ".lock")


def _open(database: Path) -> int:
    # 0600 like the database: nothing in it, but it says where the players' data is
    return os.open(lock_path(database), os.O_CREAT | os.O_RDWR, 0o600)


def _take(database: Path, how: int, busy: str) -> int:
    fd = _open(database)
    try:
        fcntl.flock(fd, how | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            raise DatabaseInUseError(busy) from None
        raise
    return fd


def hold_shared(database: Path) -> int:
    """An open database's share of the lock (a descriptor for `release`); raises
    `DatabaseInUseError` while a restore holds it."""
    return _take(database, fcntl.LOCK_SH, f"{database} is being restored from a backup; "
                                          "start the bot again when the restore is done")


def hold_exclusive(database: Path) -> int:
    """The whole lock, for a restore (a descriptor for `release`); raises
    `DatabaseInUseError` while any connection of a bot holds its share."""
    return _take(database, fcntl.LOCK_EX, f"{database} is in use by a running bot; "
                                          "stop the bot, then restore")


def release(fd: int) -> None:
    """Give the lock back (closing the descriptor releases the flock)."""
    os.close(fd)
