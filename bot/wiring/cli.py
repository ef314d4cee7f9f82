"""The process's command line: ``domino-bot`` alone runs the bot; ``domino-bot backup
PATH`` and ``domino-bot restore BACKUP`` work on the database file (DATABASE_PATH, from
the environment or ``.env``; no BOT_TOKEN needed) and end (bot/wiring/backups.py)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.wiring.backups import run_backup, run_restore
from bot.wiring.config import load_database_path

__all__ = ["dispatch", "parser"]


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="domino-bot",
        description="The domino bot for Telegram. Without a command it runs the bot "
                    "(settings from the environment and .env, see .env.example).")
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    backup = commands.add_parser(
        "backup", help="write a consistent copy of the database (the bot may be running)",
        description="Write a consistent copy of DATABASE_PATH, also while the bot runs.")
    backup.add_argument("path", metavar="PATH",
                        help="the backup file, or a folder (one that exists, or ending "
                             "with /): domino-YYYYmmdd-HHMMSS.sqlite3 in it")
    restore = commands.add_parser(
        "restore", help="replace the database by a backup (stop the bot first)",
        description="Replace DATABASE_PATH by a backup; refused while the bot runs.")
    restore.add_argument("backup", type=Path, metavar="BACKUP", help="the backup file")
    return top


def dispatch(argv: Sequence[str] | None = None) -> int | None:
    """Run the command in ``argv`` (default: the process's), its exit status; None when
    there is none: run the bot."""
    args = parser().parse_args(sys.argv[1:] if argv is None else list(argv))
    if args.command is None:
        return None
    database = load_database_path()
    if args.command == "backup":
        return run_backup(database, args.path)
    return run_restore(args.backup, database)
