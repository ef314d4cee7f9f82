"""The bot's logs for whoever hosts it: no level prints the token, DEBUG prints no hand,
a refused token is one line and status 2, Telegram unreachable at start or lost while
polling is tried again, one line a try.

The last two run the real bot (``python -m bot``) as its own process against the HTTP
emulator, as tests/bot/test_crash_restart.py does."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bot.wiring.logs import REDACTED, configure
from tests.bot.emulator import EmulatorHttpServer, TelegramEmulator
from tests.bot.harness import on_turn, open_table, running_bot

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "123456789:AAHsecretSecretSecretSecretSecret0"
WAIT = 60.0  # the longest any step may take on a loaded machine (a bound, not a measure)


@pytest.fixture
def restore_logging() -> Iterator[None]:
    """configure() changes the process's root logger: put it back after the test."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    names = ("telegram", "httpcore", "aiosqlite", "httpx")
    levels = {name: logging.getLogger(name).level for name in names}
    yield
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)
    for name, old in levels.items():
        logging.getLogger(name).setLevel(old)


@pytest.mark.usefixtures("restore_logging")
def test_no_level_prints_the_token() -> None:
    out = io.StringIO()
    configure("DEBUG", TOKEN, stream=out)
    url = f"https://api.telegram.org/bot{TOKEN}/getUpdates"
    logging.getLogger("httpx").warning('HTTP Request: POST %s "HTTP/1.1 200 OK"', url)
    logging.getLogger("telegram.ext.Updater").info("polling %s", url)
    logging.getLogger("telegram.Bot").error(f"failed {url}")
    logging.getLogger("bot.wiring.app").debug("token is %s", TOKEN)
    logging.getLogger("service.games").debug("shaped like one: 987654321:%s", "x" * 35)
    try:
        raise httpx.ConnectError(f"cannot reach {url}")
    except httpx.ConnectError:
        logging.getLogger("telegram.ext.Application").exception("no luck")
    text = out.getvalue()
    assert TOKEN not in text
    assert "x" * 35 not in text
    assert text.count(f"bot{REDACTED}/getUpdates") == 4  # the three lines and the traceback
    assert f"token is {REDACTED}" in text
    assert "Traceback" in text and "cannot reach" in text
    logging.getLogger("bot.wiring.app").warning("%d of %d", 1)  # arguments that do not fit
    assert "%d of %d (1,)" in out.getvalue()


@pytest.mark.usefixtures("restore_logging")
def test_debug_keeps_the_library_loggers_at_info() -> None:
    configure("DEBUG", TOKEN, stream=io.StringIO())
    for name in ("telegram.Bot", "telegram.request.BaseRequest", "telegram.ext.Application",
                 "httpcore.http11", "aiosqlite"):
        assert logging.getLogger(name).getEffectiveLevel() == logging.INFO, name
    assert logging.getLogger("httpx").getEffectiveLevel() == logging.WARNING
    for name in ("bot.wiring.app", "service.games"):
        assert logging.getLogger(name).getEffectiveLevel() == logging.DEBUG, name
    configure("ERROR", TOKEN, stream=io.StringIO())  # a quieter level stays quieter
    assert logging.getLogger("telegram.Bot").getEffectiveLevel() == logging.ERROR
    assert logging.getLogger("httpx").getEffectiveLevel() == logging.ERROR


def bot_env(base_url: str, token: str, db: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "BOT_TOKEN": token,
            "TELEGRAM_API_BASE_URL": base_url, "DATABASE_PATH": str(db), "AI_DELAY": "0",
            "LOG_LEVEL": "INFO", "AI_WORKERS": "0", "RENDER_WORKERS": "0"}


async def test_refused_token_is_one_line_and_status_2(tmp_path: Path) -> None:
    emu = TelegramEmulator()
    async with EmulatorHttpServer(emu) as server:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=tmp_path,
            env=bot_env(server.base_url, TOKEN, tmp_path / "domino.sqlite3"),
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        _, err = await asyncio.wait_for(proc.communicate(), WAIT)
    emu.close()
    text = err.decode()
    assert emu.token != TOKEN
    assert proc.returncode == 2, text
    assert "Telegram refused the token: check BOT_TOKEN (from @BotFather)" in text
    assert "Traceback" not in text
    assert len(text.strip().splitlines()) == 1, text
    assert TOKEN not in text


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_unreachable_telegram_is_tried_again_at_start_and_while_polling(
        tmp_path: Path) -> None:
    emu = TelegramEmulator()
    port = free_port()  # nothing listens there yet
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path,
        env=bot_env(f"http://127.0.0.1:{port}/bot", emu.token, tmp_path / "domino.sqlite3"),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    assert proc.stderr is not None
    lines: list[str] = []
    server: EmulatorHttpServer | None = None
    reader: asyncio.Task[None] | None = None
    try:
        async def next_line() -> str:
            assert proc.stderr is not None
            line = (await asyncio.wait_for(proc.stderr.readline(), WAIT)).decode()
            assert line, "the bot ended: " + "".join(lines)
            lines.append(line)
            return line

        while "Telegram is not reachable" not in await next_line():
            pass
        server = EmulatorHttpServer(emu, port=port)
        await server.start()

        async def drain() -> None:  # the bot's later lines, so its pipe never fills
            assert proc.stderr is not None
            while line := await proc.stderr.readline():
                lines.append(line.decode())

        reader = asyncio.create_task(drain())
        for _ in range(int(WAIT / 0.05)):  # polling begins
            if emu.call_count("getUpdates") > 0:
                break
            await asyncio.sleep(0.05)
        assert emu.call_count("deleteWebhook") > 0 and emu.call_count("getUpdates") > 0
        assert proc.returncode is None

        # Telegram lost while polling: one line a try, then polling again by itself
        await server.stop()
        for _ in range(int(WAIT / 0.05)):
            if any("Telegram was lost while polling" in line for line in lines):
                break
            await asyncio.sleep(0.05)
        server = EmulatorHttpServer(emu, port=port)
        await server.start()
        polled = emu.call_count("getUpdates")
        for _ in range(int(WAIT / 0.05)):
            if emu.call_count("getUpdates") > polled:
                break
            await asyncio.sleep(0.05)
        assert emu.call_count("getUpdates") > polled and proc.returncode is None
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
        emu.close()
        if server is not None:
            await server.stop()
        if reader is not None:
            await reader
    text = "".join(lines)
    assert "Traceback" not in text, text
    retries = [line for line in text.splitlines() if "Telegram is not reachable" in line]
    assert retries and all("trying again in" in line for line in retries)
    assert any("Telegram was lost while polling" in line
               for line in text.splitlines())
    assert emu.token not in text


@pytest.mark.usefixtures("restore_logging")
async def test_debug_prints_no_hand(tmp_path: Path) -> None:
    """A game's start under LOG_LEVEL=DEBUG, over HTTP: the private hand (its text, its
    buttons) is in no line; the same capture shows them once the library's loggers are
    let down to DEBUG (so the capture would see them)."""
    emu = TelegramEmulator()
    out = io.StringIO()
    configure("DEBUG", emu.token, stream=out)
    people = [emu.add_user("Anna", language_code="en"),
              emu.add_user("Boris", language_code="en")]
    group = emu.add_group("Club", people).id
    async with running_bot(emu, tmp_path / "domino.sqlite3", http=True) as bot:
        await open_table(bot, group, people, "draw")
        await bot.lobby_press(people[0], group, "go")
        await bot.settle()
        found = await on_turn(bot, people, group)
        assert found is not None
        leader, hand = found
        buttons = [(text, data) for row in hand.keyboard() for text, data in row]
        moves = [data for _text, data in buttons if data and data.startswith("p:")]
        assert moves and hand.text
        quiet = out.getvalue()
        assert "DEBUG" in quiet or "INFO" in quiet  # the capture got lines
        for text, data in buttons:
            assert f'"{text}"' not in quiet and f"'{text}'" not in quiet
            assert data is None or data not in quiet
        assert hand.text not in quiet and hand.text.splitlines()[0] not in quiet
        # the control: with the library at DEBUG the pressed button's data is printed
        logging.getLogger("telegram").setLevel(logging.DEBUG)
        await bot.press(leader, leader.id, hand.message_id, moves[0])
        await bot.settle()
    emu.close()
    assert moves[0] in out.getvalue()[len(quiet):]
