"""Backups of the database and restoring one, for the bot's daily job and its
``domino-bot backup`` / ``restore`` commands: storage/backup.py (which does the copying)
seen through the service, its failures one `BackupFailed`.

Every function blocks (file I/O): the running bot calls them through ``asyncio.to_thread``.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from storage import backup as files
from storage.errors import DatabaseInUseError, StorageError

__all__ = ["DAY", "BackupDone", "BackupFailed", "backup_to", "daily_backup", "last_backup_at",
           "restore_from"]

DAY = datetime.timedelta(days=1)  # the daily backup's period
BackupDone = files.BackupResult


class BackupFailed(Exception):
    """A backup or restore could not be done (the message says why, for the operator: no
    player sees it, so it is no `ServiceError` with a catalogue text); ``in_use`` when a
    restore found the database open in a running bot."""

    def __init__(self, detail: str, *, in_use: bool = False) -> None:
        super().__init__(detail)
        self.in_use = in_use


def backup_to(database: Path, where: Path, now: datetime.datetime, *,
              folder: bool = False) -> BackupDone:
    """A backup of ``database`` into the file ``where``, or, when ``where`` is a folder
    (or ``folder``: one to create), into it as domino-YYYYmmdd-HHMMSS.sqlite3 (``now``,
    UTC)."""
    target = where / files.backup_name(now) if folder or where.is_dir() else where
    try:
        return files.backup(database, target)
    except (StorageError, OSError) as exc:
        raise BackupFailed(str(exc)) from exc


def last_backup_at(folder: Path) -> datetime.datetime | None:
    """When the newest backup of ours in ``folder`` was taken (by its name), if any."""
    found = files.backups_in(folder)
    return files.taken_at(found[-1]) if found else None


def daily_backup(database: Path, folder: Path, keep: int, now: datetime.datetime
                 ) -> tuple[BackupDone, list[Path]]:
    """The day's backup into ``folder``, then all but the newest ``keep`` of ours deleted
    (no other file); the backup and the files deleted."""
    done = backup_to(database, folder / files.backup_name(now), now)
    try:
        return done, files.rotate(folder, keep)
    except OSError as exc:
        raise BackupFailed(f"the backup {done.path} was written, but removing older ones "
                           f"failed: {exc}") from exc


def restore_from(backup_file: Path, database: Path) -> BackupDone:
    """``database`` replaced by the backup ``backup_file`` (storage/backup.py `restore`)."""
    try:
        return files.restore(backup_file, database)
    except DatabaseInUseError as exc:
        raise BackupFailed(str(exc), in_use=True) from exc
    except (StorageError, OSError) as exc:
        raise BackupFailed(str(exc)) from exc
