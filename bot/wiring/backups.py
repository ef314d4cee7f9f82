"""Backups of the database: the running bot's daily one (a JobQueue job, when BACKUP_DIR
is set) and the ``domino-bot backup`` / ``restore`` commands (bot/wiring/cli.py).

The copying is service/backups.py's (storage/backup.py's online backup: a consistent
copy while the bot writes, checked, renamed into place, 0600); it blocks, so the job runs
it in a thread, never on the event loop. The daily job, from post_init: a backup at once
when the newest in the folder is 24 h old or older (or there is none), else when it will
be; then every 24 h. After each, the newest BACKUP_KEEP of its own files
(domino-YYYYmmdd-HHMMSS.sqlite3) are kept, nothing else in the folder is touched. A
failed backup is one WARNING line; the bot plays on.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import os
import sys
from pathlib import Path
from typing import Any

from telegram.ext import CallbackContext

from bot.showing import timers
from bot.wiring.state import AnyApp, get_settings
from service.backups import (
    DAY,
    BackupDone,
    BackupFailed,
    backup_to,
    daily_backup,
    last_backup_at,
    restore_from,
)

__all__ = ["JOB_NAME", "run_backup", "run_restore", "start", "take_daily"]

log = logging.getLogger(__name__)
JOB_NAME = "daily-backup"
Context = CallbackContext[Any, Any, Any, Any]


def _now(app: AnyApp) -> datetime.datetime:
    """The bot's time (the turn timers' clock), in UTC."""
    return datetime.datetime.fromtimestamp(timers.get_clock(app).now(), datetime.UTC)


async def start(app: AnyApp) -> None:
    """post_init: the daily backup on the JobQueue, when BACKUP_DIR is set: at once when
    the newest one in the folder is a day old (or there is none), else when it will be."""
    folder = get_settings(app).backup_dir
    if folder is None:
        return
    last = await asyncio.to_thread(last_backup_at, folder)
    due = 0.0 if last is None else (last + DAY - _now(app)).total_seconds()
    _schedule(app, max(0.0, due))


def _schedule(app: AnyApp, when: float) -> None:
    # one job at a time, each setting the next: a repeating job added before the
    # JobQueue starts (post_init) would skip its first run, the one due at start
    queue = app.job_queue
    if queue is None:
        raise RuntimeError("the JobQueue is missing: install python-telegram-bot[job-queue]")
    queue.run_once(_daily_job, when=when, name=JOB_NAME)


async def _daily_job(context: Context) -> None:
    try:
        await take_daily(context.application)
    finally:
        _schedule(context.application, DAY.total_seconds())  # failed or not: tomorrow


async def take_daily(app: AnyApp) -> BackupDone | None:
    """The day's backup and the rotation; None (and a WARNING) when it failed."""
    settings = get_settings(app)
    folder = settings.backup_dir
    if folder is None:
        return None
    try:
        done, removed = await asyncio.to_thread(daily_backup, settings.database_path, folder,
                                                settings.backup_keep, _now(app))
    except BackupFailed as exc:
        log.warning("daily backup failed: %s", exc)
        return None
    except Exception as exc:  # never the bot's end: the next day tries again
        log.warning("daily backup failed: %r", exc)
        return None
    log.info("daily backup written: %s (%s, %.2f s)%s", done.path, size_words(done.size),
             done.seconds, f"; {len(removed)} older removed" if removed else "")
    return done


# ------------------------------------------------------------------ the commands


def size_words(size: int) -> str:
    """A file size for a person: 0.2 MB, 61.4 MB."""
    return f"{size / 1e6:.1f} MB"


def run_backup(database: Path, where: str) -> int:
    """``domino-bot backup PATH``: one line, the exit status (0 done, 1 failed). PATH a
    folder (one that exists, or any ending with a slash) gets a dated file name."""
    try:
        done = backup_to(database, Path(where), datetime.datetime.now(datetime.UTC),
                         folder=where.endswith(("/", os.sep)))
    except BackupFailed as exc:
        print(f"domino-bot backup: failed: {exc}", file=sys.stderr)
        return 1
    print(f"backup written: {done.path} ({size_words(done.size)}, {done.seconds:.2f} s)")
    return 0


def run_restore(backup_file: Path, database: Path) -> int:
    """``domino-bot restore BACKUP``: one line, the exit status (0 done, 1 failed)."""
    try:
        done = restore_from(backup_file, database)
    except BackupFailed as exc:
        print(f"domino-bot restore: failed: {exc}", file=sys.stderr)
        return 1
    print(f"restored {done.path} from {backup_file} ({size_words(done.size)}, "
          f"{done.seconds:.2f} s)")
    return 0
