"""Moves committed per second through the service, against a database file.

    python -m service.bench --games 20

Prints one JSON object:

* ``games``, ``moves``, ``seconds``, ``moves_per_second``, ``database_bytes``:
  ``--games`` games of kozel, two people choosing random legal moves and two easy
  computer players; every move is one transaction.
* ``long_game``: ``--long-games`` games of general_kozel (four people choosing
  random legal moves; such a game lasts thousands of moves), each played to move
  ``--long-moves``; ``moves_per_second_at_10`` and ``moves_per_second_at_400`` are
  the rates of the moves in a window of ``--window`` moves around move 10 and
  around move 400, over all those games (only the service's ``move`` calls are
  timed), and ``ratio`` the second over the first: a move costs the same at
  move 400 as at move 10 when the record is not rewritten.
* ``statements_per_human_move``: SQL statements (BEGIN and COMMIT included) one
  person's move runs, mean and max over the long games, counted with the
  connection's trace callback.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from engine.core.view import SeatView
from service.service import GameService
from service.types import GameInfo, MoveReport, PlayerInfo
from storage import Database

LONG_VARIANT = "general_kozel"
PEOPLE = (PlayerInfo(1, "Anna"), PlayerInfo(2, "Boris"), PlayerInfo(3, "Vera"),
          PlayerInfo(4, "Gleb"))


async def _view_of(service: GameService, info: GameInfo, user: int,
                   views: dict[int, SeatView]) -> SeatView:
    """The seat's view: from the last report if it carried it, else asked for."""
    seat = info.turn
    assert seat is not None
    view = views.get(seat)
    if view is None or view.turn != seat:
        _, _, view = await service.seat_view(info.game_id, user)
    return view


async def play_random(service: GameService, info: GameInfo, rng: random.Random,
                      max_moves: int | None = None) -> tuple[GameInfo, int]:
    """People choose random legal moves, computers their own, until the game ends or
    ``max_moves`` moves were made; the game after them and the number of moves. A
    person's view comes from the last move's report (which carries the views of the
    seats it changed), as the bot gets it."""
    moves = 0
    views: dict[int, SeatView] = {}
    while info.status == "playing" and (max_moves is None or moves < max_moves):
        seat = info.turn
        assert seat is not None
        occupant = info.seats[seat]
        user = occupant.user_id
        if occupant.is_ai or user is None:
            report = await service.ai_move(info.game_id, info.version)
        else:
            view = await _view_of(service, info, user, views)
            report = await service.move(info.game_id, user, info.version,
                                        rng.choice(view.legal))
        views = dict(report.views)
        info = report.game
        moves += 1
    return info, moves


async def _short_games(service: GameService, games: int, rng: random.Random) -> int:
    moves = 0
    for g in range(games):
        chat = -1000 - g
        await service.open_lobby(chat, PEOPLE[0], "kozel")
        await service.add_ai(chat, 1, "easy")
        await service.join(chat, PEOPLE[1])
        await service.add_ai(chat, 1, "easy")
        info = (await service.start(chat, 1)).game
        info, made = await play_random(service, info, rng)
        moves += made
    return moves


async def _long_game(db: Database, service: GameService, chat: int, rng: random.Random,
                     length: int) -> tuple[list[float], list[int]] | None:
    """Seconds and statements of each move of one long game (None: it ended early)."""
    await service.open_lobby(chat, PEOPLE[0], LONG_VARIANT)
    for person in PEOPLE[1:]:
        await service.join(chat, person)
    report: MoveReport = await service.start(chat, 1)
    info = report.game
    seconds: list[float] = []
    statements: list[int] = []
    trace: list[str] = []
    await db.set_trace(trace.append)
    try:
        while len(seconds) < length:
            if info.status != "playing":
                await service.cancel(chat, 1, is_admin=True)
                return None
            seat = info.turn
            assert seat is not None
            user = info.seats[seat].user_id
            assert user is not None
            move = rng.choice(report.views[seat].legal)
            trace.clear()
            start = time.perf_counter()
            report = await service.move(info.game_id, user, info.version, move)
            seconds.append(time.perf_counter() - start)
            statements.append(len(trace))
            info = report.game
    finally:
        await db.set_trace(None)
    await service.cancel(chat, 1, is_admin=True)
    return seconds, statements


def _rate(per_game: list[list[float]], around: int, window: int) -> float:
    start = max(0, around - window // 2)
    times = [t for seconds in per_game for t in seconds[start:start + window]]
    return round(len(times) / sum(times), 1)


async def run(games: int, path: Path, seed: int, *, long_games: int = 5,
              long_moves: int = 410, window: int = 20) -> dict[str, Any]:
    db = await Database.open(path)
    service = GameService(db)
    rng = random.Random(seed)
    try:
        start = time.perf_counter()
        moves = await _short_games(service, games, rng)
        seconds = time.perf_counter() - start
        per_game: list[list[float]] = []
        counts: list[int] = []
        chat = -5000
        while len(per_game) < long_games:
            chat -= 1
            played = await _long_game(db, service, chat, rng, long_moves)
            if played is not None:
                per_game.append(played[0])
                counts.extend(played[1])
    finally:
        await db.close()
    at_10, at_400 = _rate(per_game, 10, window), _rate(per_game, 400, window)
    return {
        "games": games, "moves": moves, "seconds": round(seconds, 3),
        "moves_per_second": round(moves / seconds, 1),
        "database_bytes": path.stat().st_size,
        "long_game": {
            "variant": LONG_VARIANT, "players": len(PEOPLE), "games": long_games,
            "moves_each": long_moves, "window": window,
            "moves_per_second_at_10": at_10, "moves_per_second_at_400": at_400,
            "ratio": round(at_400 / at_10, 3),
        },
        "statements_per_human_move": {"mean": round(sum(counts) / len(counts), 2),
                                      "max": max(counts)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--long-games", type=int, default=5)
    parser.add_argument("--long-moves", type=int, default=410)
    parser.add_argument("--window", type=int, default=20)
    parser.add_argument("--db", type=Path, default=None, help="default: a temporary file")
    args = parser.parse_args()
    options = {"long_games": args.long_games, "long_moves": args.long_moves,
               "window": args.window}
    if args.db is not None:
        print(json.dumps(asyncio.run(run(args.games, args.db, args.seed, **options))))
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        print(json.dumps(asyncio.run(run(args.games, path, args.seed, **options))))


if __name__ == "__main__":
    main()
