"""Backup benchmark: how long storage/backup.py takes on a full database, and how long a
writer that commits all the while waits meanwhile (the stall the bot's handlers feel).

    python -m bench.backup --games 15000 --steps=-1,4096,256

A database in the real schema (migrated by storage/db.py) is filled with ``--games``
finished games (their seats, moves, record and rating history: about 4.5 kB a game).
Then, for each step size (pages a ``sqlite3_backup_step``, -1: all in one), a writer
thread of the same process (as the bot's connection while its daily backup runs in a
thread), with its own connection (WAL, busy timeout 5 s), commits a small game update
(a move row and the game's version, ``BEGIN IMMEDIATE`` ... ``COMMIT``) every
``--every`` seconds while the backup runs. Printed, one JSON object a step size: the
backup's seconds (copy, check, fsync and rename), its restarts (the copy begins again
when the writer committed between two steps; after ``--max-restarts`` it is finished in
one step), the writer's commits during the backup and their p50, p99 and longest time
(ms); first the same writer for 3 s without a backup (the baseline).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sqlite3
import statistics
import tempfile
import threading
import time
from contextlib import closing
from pathlib import Path

from storage import Database
from storage.backup import MAX_RESTARTS, backup

_SEQ = itertools.count(1000)  # the writers' move numbers, never twice


async def _migrated(path: Path) -> None:
    db = await Database.open(path)
    await db.close()


def fill(path: Path, games: int, seed: int = 1) -> None:
    """``games`` finished games of four seats in the real schema."""
    import asyncio

    asyncio.run(_migrated(path))
    rng = random.Random(seed)
    now = time.time()
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO users (user_id, first_name, created_at, updated_at) "
                         "VALUES (?, ?, ?, ?)",
                         [(u, f"Player {u}", now, now) for u in range(1, 2001)])
        for g in range(1, games + 1):
            chat = -1000 - g % 300
            record = json.dumps({"variant": "draw", "seed": rng.getrandbits(32),
                                 "hands": [[rng.randrange(28) for _ in range(7)]
                                           for _ in range(4)],
                                 "moves": [f"{rng.randrange(7)}{rng.randrange(7)}"
                                           for _ in range(150)]})
            conn.execute("INSERT INTO games (game_id, chat_id, variant, status, "
                         "creator_user_id, record_json, version, seed, created_at, "
                         "updated_at, finished_at, result_json) VALUES "
                         "(?, ?, 'draw', 'finished', ?, ?, ?, ?, ?, ?, ?, ?)",
                         (g, chat, 1 + g % 2000, record, 120, g, now, now, now,
                          json.dumps({"winner": g % 2, "points": [rng.randrange(200)] * 2})))
            players = [1 + (g * 4 + s) % 2000 for s in range(4)]
            conn.executemany("INSERT INTO game_seats (game_id, seat, user_id, display_name, "
                             "joined_at) VALUES (?, ?, ?, ?, ?)",
                             [(g, s, u, f"Player {u}", now) for s, u in enumerate(players)])
            conn.executemany("INSERT INTO game_moves (game_id, seq, round, move, version) "
                             "VALUES (?, ?, ?, ?, ?)",
                             [(g, s, s // 30, f"p {rng.randrange(7)}:{rng.randrange(7)} "
                               f"{'lr'[s % 2]}", s) for s in range(100)])
            conn.executemany("INSERT INTO rating_history VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             [(f"u{u}", "draw", g, now, 25.0, 8.3, 25.5, 8.1, 1 + g // 2000)
                              for u in players])
            if g % 1000 == 0:
                conn.execute("COMMIT")
                conn.execute("BEGIN")
        conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


class Writer(threading.Thread):
    """Commits a move to a game every ``every`` seconds until stopped; the seconds each
    commit took (BEGIN IMMEDIATE to COMMIT)."""

    def __init__(self, path: Path, every: float) -> None:
        super().__init__(daemon=True)
        self.path, self.every = path, every
        self.times: list[float] = []
        self.stop = threading.Event()

    def run(self) -> None:
        with closing(sqlite3.connect(self.path, isolation_level=None)) as conn:
            conn.execute("PRAGMA busy_timeout = 5000")
            conn.execute("PRAGMA synchronous = NORMAL")
            while not self.stop.is_set():
                began = time.perf_counter()
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("UPDATE games SET version = version + 1, updated_at = ? "
                             "WHERE game_id = 1", (time.time(),))
                conn.execute("INSERT INTO game_moves (game_id, seq, round, move) "
                             "VALUES (1, ?, 9, 'p 1:2 l')", (next(_SEQ),))
                conn.execute("COMMIT")
                self.times.append(time.perf_counter() - began)
                time.sleep(self.every)


def _figures(times: list[float]) -> dict[str, float | int]:
    ms = sorted(t * 1000 for t in times) or [0.0]
    return {"commits": len(times), "p50_ms": round(statistics.median(ms), 2),
            "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
            "max_ms": round(ms[-1], 2)}


def measure(path: Path, out: Path, pages: int, pause: float, every: float,
            max_restarts: int) -> dict[str, object]:
    writer = Writer(path, every)
    writer.start()
    time.sleep(0.5)
    writer.times.clear()
    result = backup(path, out, pages=pages, pause=pause, max_restarts=max_restarts)
    during = list(writer.times)
    writer.stop.set()
    writer.join()
    return {"pages": pages, "pause": pause, "backup_s": round(result.seconds, 2),
            "size_mb": round(result.size / 1e6, 1), "restarts": result.restarts,
            "writer_during": _figures(during)}


def baseline(path: Path, seconds: float, every: float) -> dict[str, object]:
    writer = Writer(path, every)
    writer.start()
    time.sleep(seconds)
    writer.stop.set()
    writer.join()
    return {"pages": None, "writer_alone": _figures(writer.times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--steps", default="-1,1024,64",
                        help="pages a step, comma-separated (-1: all in one step)")
    parser.add_argument("--pause", type=float, default=0.0,
                        help="seconds between two steps")
    parser.add_argument("--every", type=float, default=0.005,
                        help="seconds between two commits of the writer")
    parser.add_argument("--max-restarts", type=int, default=MAX_RESTARTS,
                        help="restarts of a stepped copy before it is finished in one step")
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        path = Path(tmp) / "domino.sqlite3"
        began = time.monotonic()
        fill(path, args.games)
        print(json.dumps({"games": args.games, "size_mb": round(path.stat().st_size / 1e6, 1),
                          "fill_s": round(time.monotonic() - began, 1)}), flush=True)
        print(json.dumps(baseline(path, 3.0, args.every)), flush=True)
        for pages in (int(p) for p in args.steps.split(",")):
            print(json.dumps(measure(path, Path(tmp) / "copy.sqlite3", pages, args.pause,
                                     args.every, args.max_restarts)), flush=True)


if __name__ == "__main__":
    main()
