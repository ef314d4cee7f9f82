"""Greedy rollouts a second with and without the compiled kernel, and that both play
the same games.

For each setup, ``--positions`` games are played by random moves (seed 0, 1, …) to a
random point of a round and then rolled out to the game's end with the greedy policy
(the hard player's rollout), once by pure Python and once through
``engine.domino._kernel``; the best of ``--repeat`` runs of each is kept. A setup is a
variant and its players; by default every setup whose rounds the kernel plays.

    python -m bench.rollout_speed
    python -m bench.rollout_speed --setup telephone:4 --positions 300
"""

from __future__ import annotations

import argparse
import json
import random
import time

from engine.domino import compiled
from engine.domino.ai import fast
from engine.domino.ai.policy import style_of
from engine.domino.game import Game
from engine.domino.record import to_record
from engine.domino.variant import as_domino
from engine.variants import make_variant

SETUPS = ("block:4", "draw:2", "kozel:4", "telephone:4", "telephone:2", "threes:3",
          "all_fives:2", "all_fives:4", "pyaterochka:4")


def positions(name: str, players: int, count: int) -> list[Game]:
    variant = as_domino(make_variant(name, players))
    out: list[Game] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        game = Game(variant, seed=seed)
        for _ in range(rng.randrange(1, 40)):
            if game.current_seat is None:
                break
            game.apply(rng.choice(game.legal_moves()))
        if game.current_seat is not None:
            out.append(game)
        seed += 1
    return out


def timed(games: list[Game], kernel: bool, repeat: int) -> tuple[float, list[Game]]:
    saved = compiled.use_kernel
    compiled.use_kernel = kernel
    try:
        best = float("inf")
        ended: list[Game] = []
        for _ in range(repeat):
            copies = [g.copy() for g in games]
            style = style_of(games[0].variant)
            start = time.perf_counter()
            for g in copies:
                fast.greedy_rollout(g, style)
            best = min(best, time.perf_counter() - start)
            ended = copies
        return best, ended
    finally:
        compiled.use_kernel = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setup", action="append", help="variant:players (repeatable)")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if compiled.kernel is None:
        raise SystemExit("engine.domino._kernel is not built: pip install -e . with a C compiler")
    for setup in args.setup or SETUPS:
        name, players = setup.split(":")
        games = positions(name, int(players), args.positions)
        pure, slow = timed(games, False, args.repeat)
        with_kernel, quick = timed(games, True, args.repeat)
        same = all(to_record(a) == to_record(b) and a.totals == b.totals
                   for a, b in zip(slow, quick, strict=True))
        print(json.dumps({
            "setup": setup, "positions": len(games), "same_games": same,
            "pure_rollouts_per_second": round(len(games) / pure, 1),
            "kernel_rollouts_per_second": round(len(games) / with_kernel, 1),
            "speedup": round(pure / with_kernel, 2),
        }))


if __name__ == "__main__":
    main()
