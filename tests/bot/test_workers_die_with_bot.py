"""kill -9 of the bot leaves no process behind: its pools' workers, the forkserver they
are forked from and the resource tracker all end with it.

The bot runs as its own process (``python -m bot``, in a session of its own) against
the HTTP emulator in this process, with one computer worker and one picture worker.
A game with a computer player runs until both workers exist (a decision and a
picture were made); then the bot is killed and the processes of its session are
counted from /proc until none is left (a bounded wait).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.bot.emulator import EmulatorHttpServer, TelegramEmulator
from tests.bot.test_crash_restart import ROOT, hand, move_button, settle

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="counts processes through /proc")


def in_session(sid: int) -> list[int]:
    """The pids of the living (not zombie) processes of session ``sid``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after "pid (name)": state, ppid, pgrp, sid
        if fields[0] != "Z" and int(fields[3]) == sid:
            found.append(int(entry))
    return found


def lobby_data(emu: TelegramEmulator, group: int, suffix: str) -> tuple[int, str]:
    for m in reversed(emu.bot_messages(group)):
        datas = m.callback_datas()
        if any(d.startswith("l:") for d in datas):
            return m.message_id, next(d for d in datas if d.endswith(suffix))
    raise AssertionError("no lobby message")


async def test_kill_9_leaves_no_worker(tmp_path: Path) -> None:
    emu = TelegramEmulator()
    server = EmulatorHttpServer(emu)
    await server.start()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BOT_TOKEN": emu.token,
           "TELEGRAM_API_BASE_URL": server.base_url,
           "DATABASE_PATH": str(tmp_path / "domino.sqlite3"), "AI_DELAY": "0",
           "LOG_LEVEL": "WARNING", "AI_WORKERS": "1", "RENDER_WORKERS": "1"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env, start_new_session=True,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    sid = proc.pid  # a new session's id is its leader's pid
    try:
        for _ in range(600):  # started: polling begins
            if emu.call_count("deleteWebhook"):
                break
            await asyncio.sleep(0.05)
        else:
            raise TimeoutError("the bot process did not start")
        anna = emu.add_user("Anna")
        group = emu.add_group("Table", members=[anna]).id
        await emu.user_starts_bot(anna)
        await emu.user_sends(anna, group, "/newgame draw")
        await settle(emu)
        for _ in range(2):
            mid, data = lobby_data(emu, group, ":a:e")
            await emu.press(anna, group, mid, data)
            await settle(emu)
        mid, data = lobby_data(emu, group, ":go")
        await emu.press(anna, group, mid, data)
        await settle(emu)
        # the bot, the resource tracker, the forkserver and the two workers
        def pictured() -> bool:
            return any(m.has_media for m in emu.bot_messages(group))

        for _ in range(60):
            if len(in_session(sid)) >= 5 and pictured():
                break
            msg = hand(emu, anna)
            button = move_button(msg) if msg is not None else None
            if msg is not None and button is not None:
                await emu.press(anna, anna.id, msg.message_id, button)
            await settle(emu)
        assert len(in_session(sid)) >= 5, in_session(sid)
        assert pictured()

        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        left = in_session(sid)
        for _ in range(100):  # up to ~10 s for every process to see the bot gone
            if not left:
                break
            await asyncio.sleep(0.1)
            left = in_session(sid)
        assert left == [], [Path(f"/proc/{p}/cmdline").read_bytes()[:120] for p in left]
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
        for pid in in_session(sid):  # never leave a process of this test behind
            os.kill(pid, signal.SIGKILL)
        emu.close()
        await server.stop()
