"""Rounds per second of our engine against the PyPI ``dominoes`` library, in one run.

Both play the same game: block, four players in two teams, double-six, everything
dealt, random legal moves until a domino or a fish. ``dominoes.Game.new()`` plus
random moves to its result is one round; ours counts the rounds of whole games of
``simulate --variant block --players 4`` (to 100 points).

    pip install -e '.[bench]'
    python -m bench.compare_dominoes --rounds 20000
"""

from __future__ import annotations

import argparse
import json
import random
import time

from engine.simulate import simulate


def dominoes_rounds_per_second(rounds: int, seed: int) -> tuple[float, float]:
    import dominoes

    random.seed(seed)
    choice = random.choice
    start = time.perf_counter()
    for _ in range(rounds):
        game = dominoes.Game.new()
        while game.result is None:
            game.make_move(*choice(game.valid_moves))
    seconds = time.perf_counter() - start
    return rounds / seconds, seconds


def ours_rounds_per_second(rounds: int, seed: int) -> tuple[float, float, int]:
    # Whole games, until at least ``rounds`` rounds were played.
    games = max(1, rounds // 11)
    result = simulate("block", 4, games, seed)
    return result["rounds"] / result["seconds"], result["seconds"], result["rounds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5,
                        help="runs of each, interleaved; the best of each is kept")
    args = parser.parse_args()
    best_theirs = best_ours = None
    for _ in range(args.repeat):
        t = dominoes_rounds_per_second(args.rounds, args.seed)
        o = ours_rounds_per_second(args.rounds, args.seed)
        best_theirs = t if best_theirs is None or t[0] > best_theirs[0] else best_theirs
        best_ours = o if best_ours is None or o[0] > best_ours[0] else best_ours
    assert best_theirs is not None and best_ours is not None
    theirs, their_seconds = best_theirs
    ours, our_seconds, our_rounds = best_ours
    print(json.dumps({
        "game": "block, 4 players in two teams, double-six, random legal moves",
        "repeat": args.repeat,
        "ours": {"rounds": our_rounds, "seconds": round(our_seconds, 3),
                 "rounds_per_second": round(ours, 1)},
        "dominoes_6_1_0": {"rounds": args.rounds, "seconds": round(their_seconds, 3),
                           "rounds_per_second": round(theirs, 1)},
        "ratio": round(ours / theirs, 2),
    }))


if __name__ == "__main__":
    main()
