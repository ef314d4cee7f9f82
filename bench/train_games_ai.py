"""Head to head between the computer levels of ``mexican_train`` and ``chicken_foot``
over tables of 2, 3 and 4 players.

    python -m bench.train_games_ai --variant mexican_train --ai medium,easy --games 500
    python -m bench.train_games_ai --variant chicken_foot --ai hard,medium --games 500 \
        --rounds 1 --jobs 2

The games are shared out over the table sizes (an even number each, since the levels
swap seats between the two games of each deal), each size is played by its kind's
``simulate`` (``python -m engine simulate --variant ... --players N --ai A,B`` plays the
same games, for one size), and the table prints, per size and pooled, the first level's score
against the second: per game the mean over the pairs of an A seat and a B seat of 1
(the lower total), 0.5 (equal) or 0, with its 95% Wilson interval, and the decision
times (median / p95, in ms) of each level's decisions that had a choice of placement.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.chicken import ai as chicken_ai
from engine.chicken.rules import ChickenFoot
from engine.simulate import wilson
from engine.trains import ai as trains_ai
from engine.variants import make_variant


def _chunk(job: tuple[str, int, int, int, int, tuple[str, ...]]) -> dict[str, Any]:
    """One chunk of games, by the players' own simulate (the one ``python -m engine
    simulate`` runs), with every decision's time kept."""
    variant_name, players, rounds, games, seed, levels = job
    variant = make_variant(variant_name, players, {"rounds": rounds})
    if isinstance(variant, ChickenFoot):
        return chicken_ai.simulate_ai(variant, games, seed, list(levels), keep_times=True)
    return trains_ai.simulate(variant, games, seed, list(levels), keep_times=True)


def _jobs(variant: str, games: int, rounds: int, seed: int, levels: tuple[str, ...],
          sizes: list[int], chunk: int) -> list[tuple[str, int, int, int, int, tuple[str, ...]]]:
    """The games of each table size, cut into chunks of whole deals."""
    per = len(levels)
    deals = games // per
    out = []
    for i, players in enumerate(sizes):
        n = deals // len(sizes) + (1 if i < deals % len(sizes) else 0)
        start = seed + 100_000 * players
        while n > 0:
            take = min(n, chunk)
            out.append((variant, players, rounds, take * per, start, levels))
            start += take
            n -= take
    return out


def _times(results: list[dict[str, Any]], level: str) -> str:
    seconds = sorted(t for r in results for t in r["decision_seconds"][level])
    if not seconds:
        return "—"
    p95 = seconds[min(len(seconds) - 1, math.ceil(0.95 * len(seconds)) - 1)]
    return f"{1000 * statistics.median(seconds):.2f} / {1000 * p95:.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.train_games_ai",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", choices=("mexican_train", "chicken_foot"),
                        required=True)
    parser.add_argument("--ai", default="medium,easy", help="two levels, e.g. hard,medium")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--players", default="2,3,4", help="the table sizes")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print the raw results too")
    args = parser.parse_args(argv)
    levels = tuple(x.strip() for x in args.ai.split(",") if x.strip())
    if len(levels) != 2 or levels[0] == levels[1]:
        parser.error("--ai takes two different levels")
    sizes = [int(x) for x in args.players.split(",")]
    jobs = _jobs(args.variant, args.games, args.rounds, args.seed, levels, sizes,
                 chunk=max(1, args.games // (2 * len(sizes) * max(1, args.jobs))))
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_chunk, jobs))
    else:
        results = [_chunk(job) for job in jobs]
    key = f"{levels[0]}_vs_{levels[1]}"
    print(f"{args.variant}, {args.rounds} round(s), {levels[0]} vs {levels[1]}")
    print("| players | games | score | 95% CI | "
          f"{levels[0]} ms median / p95 | {levels[1]} ms median / p95 |")
    print("| --- | --- | --- | --- | --- | --- |")
    rows = [(str(p), [r for r, j in zip(results, jobs, strict=True) if j[1] == p])
            for p in sizes]
    rows.append(("all", results))
    for label, group in rows:
        score = sum(r["head_to_head"][key]["score"] for r in group)
        games = sum(r["head_to_head"][key]["games"] for r in group)
        lo, hi = wilson(score, games)
        rate = score / games if games else 0.0
        print(f"| {label} | {games} | {rate:.3f} | {lo:.3f}–{hi:.3f} | "
              f"{_times(group, levels[0])} | {_times(group, levels[1])} |")
    if args.json:
        for r in results:
            r.pop("decision_seconds")
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
