"""What ratings cost: the pure math per game, the finishing transaction's extra
statements, the migration over many finished games, and the /stats chart.

    python -m bench.ratings --games 2000

Prints one JSON object:

* ``rate_game_us``: median microseconds to rate one game (openskill Plackett-Luce),
  for 2 players, 3 players and 2-against-2;
* ``finish``: the SQL statements and milliseconds of the move that finishes a game
  (kozel, two people and two computers, through the service) against the other moves;
* ``migration``: seconds for m0006 to rate ``--games`` finished games already stored;
* ``chart_ms``: median milliseconds to draw the rating chart (30 games, two lines).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.rating_chart import sample_chart
from engine.domino.game import Game
from engine.domino.variant import as_domino
from engine.simulate import play_random_game
from engine.variants import make_variant
from renderer.chart import render_chart
from service import GameService, PlayerInfo
from service.bench import play_random
from service.history import head_json
from service.skill import RatedGame, RatedSeat, computer, person, rate_game
from storage import Database
from storage.migrations import MIGRATIONS, m0006_ratings


def _median_us(game: RatedGame, runs: int = 2000) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        rate_game(game, {})
        times.append((time.perf_counter() - t0) * 1e6)
    return round(statistics.median(times), 1)


def rate_game_us() -> dict[str, float]:
    a, b, c, d = (person(n) for n in range(4))
    return {
        "2_players": _median_us(RatedGame(1, 0.0, "goat", (RatedSeat(a, 0), RatedSeat(b, 1)),
                                          (0, 1))),
        "3_players": _median_us(RatedGame(1, 0.0, "fives", (
            RatedSeat(a, 0), RatedSeat(b, 1), RatedSeat(computer("hard"), 2)), (1, 0, 2))),
        "2v2": _median_us(RatedGame(1, 0.0, "goat", (
            RatedSeat(a, 0), RatedSeat(b, 1), RatedSeat(c, 0), RatedSeat(d, 1)), (0, 1))),
    }


async def finish_cost(folder: Path, games: int = 5) -> dict[str, Any]:
    """Statements and time of each move, the finishing ones apart."""
    db = await Database.open(folder / "finish.sqlite3")
    service = GameService(db, seeds=lambda: random.getrandbits(48))
    statements: list[str] = []
    await db.set_trace(statements.append)
    finishing: list[tuple[int, float]] = []
    others: list[tuple[int, float]] = []
    try:
        for g in range(games):
            chat = -10 - g
            await service.open_lobby(chat, PlayerInfo(1, "Anna"), "kozel")
            await service.add_ai(chat, 1, "easy")
            await service.join(chat, PlayerInfo(2, "Boris"))
            await service.add_ai(chat, 1, "easy")
            info = (await service.start(chat, 1)).game
            rng = random.Random(g)
            while info.status == "playing":
                statements.clear()
                t0 = time.perf_counter()
                info, _ = await play_random(service, info, rng, max_moves=1)
                took = (time.perf_counter() - t0) * 1000
                count = sum(1 for s in statements if not s.startswith("SELECT"))
                (finishing if info.status == "finished" else others).append((count, took))
    finally:
        await db.set_trace(None)
        await db.close()
    return {"games": games,
            "statements_finishing_move": statistics.mean(c for c, _ in finishing),
            "statements_other_moves_mean": round(statistics.mean(c for c, _ in others), 2),
            "ms_finishing_move_median": round(statistics.median(t for _, t in finishing), 2),
            "ms_other_moves_median": round(statistics.median(t for _, t in others), 2)}


async def migration_seconds(folder: Path, games: int) -> dict[str, Any]:
    path = folder / "old.sqlite3"
    before = tuple(m for m in MIGRATIONS if m.version < m0006_ratings.VERSION)
    db = await Database.open(path, migrations=before)
    rng = random.Random(1)
    kinds = [("kozel", 4, {"teams": True}), ("all_fives", 2, {}), ("threes", 3, {}),
             ("block", 4, {})]
    try:
        async with db.transaction() as tx:
            for n in range(games):
                variant, players, options = kinds[n % len(kinds)]
                game = Game(as_domino(make_variant(variant, players, options)), seed=n)
                play_random_game(game, rng)
                outcome = game.outcome
                assert outcome is not None
                result = {"winners": list(outcome.winners), "losers": list(outcome.losers),
                          "reason": str(outcome.reason), "totals": list(game.totals)}
                cur = await tx.execute(
                    "INSERT INTO games (chat_id, variant, status, creator_user_id, record_json,"
                    " seed, created_at, updated_at, finished_at, result_json)"
                    " VALUES (?, ?, 'finished', 1, ?, ?, 0, 0, ?, ?)",
                    (-(n % 7) - 1, variant, head_json(game, [f"P{s}" for s in range(players)]),
                     n, float(rng.randrange(10**6)), json.dumps(result)))
                people = rng.sample(range(1, 41), players)
                for seat in range(players):
                    ai = seat == players - 1 and n % 2 == 0
                    await tx.execute(
                        "INSERT INTO game_seats (game_id, seat, user_id, ai_level, display_name,"
                        " joined_at) VALUES (?, ?, ?, ?, 'P', 0)",
                        (cur.lastrowid, seat, None if ai else people[seat],
                         "hard" if ai else None))
    finally:
        await db.close()
    t0 = time.perf_counter()
    db = await Database.open(path)
    seconds = time.perf_counter() - t0
    try:
        rows = await db.fetchall("SELECT COUNT(*) FROM rating_history")
        rated = await db.fetchall("SELECT COUNT(*) FROM ratings")
    finally:
        await db.close()
    return {"games": games, "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 1),
            "history_rows": rows[0][0], "ratings": rated[0][0]}


def chart_ms(runs: int = 20) -> float:
    chart = sample_chart()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        render_chart(chart)
        times.append((time.perf_counter() - t0) * 1000)
    return round(statistics.median(times), 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ratings")
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out = {"rate_game_us": rate_game_us(),
               "finish": asyncio.run(finish_cost(Path(tmp))),
               "migration": asyncio.run(migration_seconds(Path(tmp), args.games)),
               "chart_ms": chart_ms()}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
