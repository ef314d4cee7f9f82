"""A process killed in the middle of a write leaves the last committed move and
nothing half-written: the game still loads, replays and goes on."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from engine.domino.record import replay
from service import GameService
from storage import Database

ROOT = Path(__file__).resolve().parents[2]


async def _kill_after(path: Path, lines_wanted: int) -> list[str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.service._killed_player", str(path),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines: list[str] = []
    assert proc.stdout is not None
    try:
        while len(lines) < lines_wanted:
            line = await asyncio.wait_for(proc.stdout.readline(), 30)
            assert line, "the player process ended early"
            lines.append(line.decode().strip())
    finally:
        proc.send_signal(signal.SIGKILL)
        # what it printed before the kill landed is still in the pipe: on a loaded
        # machine the player goes on committing moves after the lines wanted
        rest = await proc.stdout.read()
        whole = rest.decode().split("\n")[:-1]  # a line cut by the kill is not counted
        lines.extend(line.strip() for line in whole if line.strip())
        await proc.wait()
    return lines


async def test_killed_mid_game_keeps_the_last_committed_move(tmp_path: Path) -> None:
    path = tmp_path / "crash.sqlite3"
    for wanted in (15, 60, 140):
        lines = await _kill_after(path, wanted)
        last_game, last_version = (int(x) for x in lines[-1].split()[1:])
        start_version = next(int(line.split()[2]) for line in reversed(lines)
                             if line.startswith(f"game {last_game} "))
        db = await Database.open(path)
        try:
            check = await db.fetchone("PRAGMA integrity_check")
            assert check is not None and check[0] == "ok"
            service = GameService(db)
            info = await service.game(last_game)
            # the write being made at the kill either landed whole or not at all
            assert info.version in (last_version, last_version + 1)
            record = await service.record(last_game)
            game, _ = replay(record)
            moves = sum(len(r["moves"]) for r in record["rounds"])
            assert moves == info.version - start_version  # one version per move
            if info.status == "playing":
                view = info.view
                assert view is not None and view.turn is not None
            # cancel it so the next run can open a new game in the chat
            if info.status in ("lobby", "playing"):
                await service.cancel(-1, 1)
        finally:
            await db.close()
        assert game.rounds
