"""Backups end to end: ``python -m bot backup`` while a game is played, ``restore`` after
the bot stopped, the game back at the backed-up position and played on to its end; the
daily backup of the running bot (at start when due, rotated, its failure a warning); the
commands' exit statuses and lines."""

from __future__ import annotations

import asyncio
import datetime
import logging
import os
import random
import sqlite3
import stat
import sys
from contextlib import closing
from pathlib import Path

import pytest

from bot.wiring.backups import JOB_NAME
from service import GameService
from service.backups import last_backup_at
from tests.bot.emulator import TelegramEmulator, User
from tests.bot.harness import (
    Bot,
    choose,
    on_turn,
    play_lead,
    play_to_end,
    running_bot,
    start_game,
)

ROOT = Path(__file__).resolve().parents[2]
NAME_RE = r"domino-\d{8}-\d{6}\.sqlite3"


async def command(cwd: Path, database: Path, *args: str) -> tuple[int, str, str]:
    """``python -m bot ARGS`` as its own process, with DATABASE_PATH and no BOT_TOKEN;
    its exit status, stdout and stderr."""
    env = {k: v for k, v in os.environ.items() if k != "BOT_TOKEN"}
    env.update({"PYTHONPATH": str(ROOT), "DATABASE_PATH": str(database)})
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=cwd, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


def two_players(emu: TelegramEmulator) -> tuple[list[User], int]:
    users = [emu.add_user("Anna", language_code="en"), emu.add_user("Boris", language_code="en")]
    return users, emu.add_group("Club", users).id


async def move(bot: Bot, users: list[User], group: int, rng: random.Random) -> None:
    """The person on turn makes a move through his hand's buttons."""
    found = await on_turn(bot, users, group)
    assert found is not None
    user, hand = found
    data = choose(hand.callback_datas(), rng)
    assert data is not None
    text = await bot.press(user, user.id, hand.message_id, data)
    assert text is None or "out of date" not in text, text


def hands(bot: Bot, users: list[User]) -> dict[int, tuple[int, list[str]]]:
    """Each person's hand message: its id and its buttons."""
    out = {}
    for u in users:
        msg = bot.hand(u)
        if msg is not None:
            out[u.id] = (msg.message_id, sorted(msg.callback_datas()))
    return out


async def test_a_game_restored_from_a_backup_goes_on_from_there(
        emu: TelegramEmulator, db_path: Path, tmp_path: Path) -> None:
    users, group = two_players(emu)
    rng = random.Random(11)
    copy = tmp_path / "backups" / "mid-game.sqlite3"
    async with running_bot(emu, db_path) as bot:
        await start_game(bot, group, users, "draw")
        await play_lead(bot, group, users)
        for _ in range(2):
            await move(bot, users, group, rng)
        backed = await bot.game_in(group)
        assert backed is not None and backed.status == "playing"
        shown = hands(bot, users)
        # the backup by the command, another process, while the bot runs
        code, out, err = await command(tmp_path, db_path, "backup", str(copy))
        assert (code, err) == (0, ""), err
        assert out.startswith(f"backup written: {copy} (") and out.count("\n") == 1
        # a restore is refused while the bot has the database open
        code, out, err = await command(tmp_path, db_path, "restore", str(copy))
        assert code == 1 and out == "" and "in use by a running bot" in err
        for _ in range(3):
            await move(bot, users, group, rng)
        later = await bot.game_in(group)
        assert later is not None and later.version > backed.version
        assert hands(bot, users) != shown
    code, out, err = await command(tmp_path, db_path, "restore", str(copy))
    assert (code, err) == (0, ""), err
    assert out.startswith(f"restored {db_path} from {copy} (")
    async with running_bot(emu, db_path) as bot:
        await bot.settle()
        game = await bot.game_in(group)
        assert game is not None and game.status == "playing"
        assert (game.version, game.turn) == (backed.version, backed.turn)
        # the stored messages shown again as they were at the backup (reconciled)
        assert hands(bot, users) == shown
        await play_to_end(bot, group, users, rng)
        game = await bot.game_in(group)
        assert game is not None and game.status == "finished"


# ------------------------------------------------------------------- the daily backup


def dated(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith("domino-"))


async def test_the_daily_backup_is_taken_at_start_when_due_only(
        emu: TelegramEmulator, db_path: Path, tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    folder = tmp_path / "daily"
    caplog.set_level(logging.INFO, logger="bot.wiring.backups")
    async with running_bot(emu, db_path, backup_dir=folder) as bot:
        await bot.settle()
        written = dated(folder)
        assert len(written) == 1
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert stat.S_IMODE(written[0].stat().st_mode) == 0o600
        with closing(sqlite3.connect(written[0])) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            assert conn.execute("SELECT COUNT(*) FROM migrations").fetchone()[0] > 0
        jobs = bot.app.job_queue.get_jobs_by_name(JOB_NAME)
        assert len(jobs) == 1
    lines = [r for r in caplog.records if r.name == "bot.wiring.backups"]
    assert [r.levelno for r in lines] == [logging.INFO]
    assert str(written[0]) in lines[0].getMessage()
    # started again within the day: no second backup, the next one is a day after the first
    async with running_bot(emu, db_path, backup_dir=folder) as bot:
        await bot.settle()
        assert dated(folder) == written
        job = bot.app.job_queue.get_jobs_by_name(JOB_NAME)[0]
        taken = last_backup_at(folder)
        assert taken is not None and job.next_t is not None
        assert abs((job.next_t - (taken + datetime.timedelta(days=1))).total_seconds()) < 60


async def test_the_daily_backup_keeps_the_newest_and_leaves_other_files(
        emu: TelegramEmulator, db_path: Path, tmp_path: Path) -> None:
    folder = tmp_path / "daily"
    folder.mkdir()
    old = [folder / f"domino-202601{d:02}-030000.sqlite3" for d in range(1, 7)]
    others = [folder / "notes.txt", folder / "domino.sqlite3"]
    for path in old + others:
        path.write_text("an old one")
    async with running_bot(emu, db_path, backup_dir=folder, backup_keep=3) as bot:
        await bot.settle()
    kept = dated(folder)
    assert [p for p in kept if p not in others] == [*old[-2:], kept[-1]]
    assert kept[-1] not in old and all(p.exists() for p in others)


async def test_a_failed_daily_backup_is_a_warning_and_the_bot_plays_on(
        emu: TelegramEmulator, db_path: Path, tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    users, group = two_players(emu)
    async with running_bot(emu, db_path, backup_dir=blocker / "daily") as bot:
        await bot.settle()
        await start_game(bot, group, users, "draw")
    warnings = [r for r in caplog.records
                if r.name == "bot.wiring.backups" and r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "daily backup failed" in warnings[0].getMessage()


# ------------------------------------------------------------------------ the commands


async def test_the_commands_exit_statuses_and_lines(tmp_path: Path) -> None:
    code, out, err = await command(tmp_path, tmp_path / "db.sqlite3", "--help")
    assert code == 0 and "backup" in out and "restore" in out
    missing = tmp_path / "missing.sqlite3"
    code, out, err = await command(tmp_path, missing, "backup", str(tmp_path / "b.sqlite3"))
    assert code == 1 and out == "" and err.startswith("domino-bot backup: failed: ")
    assert err.count("\n") == 1
    code, out, err = await command(tmp_path, missing, "backup")  # no PATH: a usage error
    assert code == 2 and "PATH" in err
    # a database of the bot (as a first start migrates it), backed up into a folder
    service = await GameService.open(tmp_path / "db.sqlite3")
    await service.close()
    folder = tmp_path / "copies"
    folder.mkdir()
    code, out, err = await command(tmp_path, tmp_path / "db.sqlite3", "backup", str(folder))
    assert (code, err) == (0, ""), err
    [made] = list(folder.iterdir())
    assert out == f"backup written: {made} ({made.stat().st_size / 1e6:.1f} MB, " \
                  f"{out.rsplit(', ', 1)[1]}"
    assert made.name.startswith("domino-") and made.suffix == ".sqlite3"
    # a folder still to make: a slash at its end
    code, out, err = await command(tmp_path, tmp_path / "db.sqlite3", "backup", "later/")
    assert (code, err) == (0, ""), err
    [later] = list((tmp_path / "later").iterdir())
    assert later.name.startswith("domino-") and stat.S_IMODE(later.parent.stat().st_mode) \
        == 0o700
    code, out, err = await command(tmp_path, tmp_path / "new" / "db.sqlite3", "restore",
                                   str(made))
    assert (code, err) == (0, "") and out.startswith("restored ")
    notes = tmp_path / "notes.txt"
    notes.write_text("hello")
    code, out, err = await command(tmp_path, tmp_path / "db.sqlite3", "restore", str(notes))
    assert code == 1 and "not an SQLite database" in err

