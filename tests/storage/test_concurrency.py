"""Optimistic concurrency, in one process and across connections, and crash safety."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from storage import (
    Database,
    GameFullError,
    GameRepository,
    Repositories,
    StaleVersionError,
)

ROOT = Path(__file__).resolve().parents[2]
WRITER = Path(__file__).with_name("_crash_writer.py")
HEAD = '{"format": "domino-record/1", "variant": "kozel", "players": ["A", "B"]}'


async def _move(db: Database, repos: Repositories, game_id: int, expected: int,
                move: str) -> int:
    """One move as the service writes it: the move's row and the new version, atomically."""
    async with db.transaction() as tx:
        version = await repos.games.update_state(tx, game_id, expected)
        await repos.moves.append(tx, game_id, seq=expected, round=0, move=move, version=version)
    return version


async def test_concurrent_updates_with_the_same_version_apply_once(
    db: Database, repos: Repositories,
) -> None:
    games = repos.games
    game_id = await games.create_lobby(db, -1, "kozel", 10)
    v = await games.update_state(db, game_id, 0, record_json=HEAD, status="playing")

    results = await asyncio.gather(
        _move(db, repos, game_id, v, "6-6"),
        _move(db, repos, game_id, v, "5-5"),
        return_exceptions=True,
    )

    successes = [r for r in results if isinstance(r, int)]
    failures = [r for r in results if isinstance(r, StaleVersionError)]
    assert successes == [v + 1] and len(failures) == 1
    assert (failures[0].expected, failures[0].actual) == (v, v + 1)
    game = await games.require(db, game_id)
    winner = "6-6" if results[0] == v + 1 else "5-5"
    assert game.version == v + 1
    assert [m.move for m in await repos.moves.list(db, game_id)] == [winner]


async def test_many_concurrent_presses_apply_exactly_once(db: Database,
                                                          repos: Repositories) -> None:
    games = repos.games
    game_id = await games.create_lobby(db, -1, "kozel", 10)
    results = await asyncio.gather(
        *(games.update_state(db, game_id, 0) for _ in range(20)),
        return_exceptions=True,
    )
    assert sum(isinstance(r, int) for r in results) == 1
    assert sum(isinstance(r, StaleVersionError) for r in results) == 19
    assert (await games.require(db, game_id)).version == 1


async def test_two_connections_race_on_the_same_version(db: Database, db_path: Path) -> None:
    other = await Database.open(db_path)
    try:
        games = GameRepository(db.now)
        game_id = await games.create_lobby(db, -1, "kozel", 10)
        results = await asyncio.gather(
            games.update_state(db, game_id, 0),
            games.update_state(other, game_id, 0),
            return_exceptions=True,
        )
    finally:
        await other.close()
    assert sorted(type(r).__name__ for r in results) == ["StaleVersionError", "int"]
    assert (await games.require(db, game_id)).version == 1


async def test_concurrent_joins_never_overfill_a_game(db: Database, repos: Repositories) -> None:
    games = repos.games
    game_id = await games.create_lobby(db, -1, "kozel", 10)

    async def join(user_id: int) -> None:
        async with db.transaction() as tx:
            await games.add_seat(tx, game_id, user_id=user_id, display_name=f"u{user_id}",
                                 max_seats=4)

    results = await asyncio.gather(*(join(u) for u in range(9)), return_exceptions=True)
    seats = await games.list_seats(db, game_id)
    assert [s.seat for s in seats] == [0, 1, 2, 3]
    assert sum(isinstance(r, GameFullError) for r in results) == 5


async def _run_and_kill(db_path: Path, game_id: int, after_commits: int, linger: float) -> int:
    """Start the writer, let it commit `after_commits` times and then some, SIGKILL it.

    Returns the last version the writer reported as committed.
    """
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(WRITER),
        str(db_path),
        str(game_id),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    reported: list[int] = []
    enough = asyncio.Event()

    async def read() -> None:
        assert proc.stdout is not None
        async for line in proc.stdout:
            reported.append(int(line))
            if len(reported) >= after_commits:
                enough.set()

    reader = asyncio.create_task(read())
    try:
        await asyncio.wait_for(enough.wait(), timeout=10)
        await asyncio.sleep(linger)  # kill it in the middle of whatever it is doing
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
        await proc.wait()
        await reader
    errors = (await proc.stderr.read()).decode()
    assert proc.returncode == -signal.SIGKILL, errors
    assert reported, errors
    return reported[-1]


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")
async def test_sigkill_mid_write_leaves_a_consistent_database(db_path: Path) -> None:
    db = await Database.open(db_path)
    repos = Repositories.of(db)
    game_id = await repos.games.create_lobby(db, -1, "kozel", 10)
    start = await repos.games.update_state(db, game_id, 0, record_json=HEAD, status="playing")
    await db.close()

    for linger in (0.02, 0.1, 0.17, 0.25):
        last_reported = await _run_and_kill(db_path, game_id, after_commits=20, linger=linger)

        db = await Database.open(db_path)
        try:
            check = await db.fetchall("PRAGMA integrity_check")
            assert [tuple(r) for r in check] == [("ok",)]
            repos = Repositories.of(db)
            game = await repos.games.require(db, game_id)
            # Every commit the writer saw finish survived the kill ...
            assert game.version >= last_reported
            # ... and nothing was half written: the moves, the version and the
            # deadline written in one transaction all agree.
            moves = await repos.moves.list(db, game_id)
            assert len(moves) == game.version - start
            assert [m.version for m in moves] == list(range(start + 1, game.version + 1))
            deadline = await repos.deadlines.get(db, game_id)
            assert deadline is not None and deadline.turn_version == game.version
            assert deadline.seat == game.version % 4
        finally:
            await db.close()
