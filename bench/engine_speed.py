"""Rounds per second of ``simulate`` (random legal moves, whole games) for every
registered variant of the domino engine (the other kinds, Tien Gow's or the train
games', have their own simulations): 4 players where allowed, else the most it allows; the best of
``--repeat`` runs of ``--games`` games from ``--seed``. One JSON line per variant.

    python -m bench.engine_speed
    python -m bench.engine_speed --variant block --variant osel
"""

from __future__ import annotations

import argparse
import json

from engine.simulate import simulate
from engine.variants import VARIANTS, get_variant


def players_for(name: str) -> int:
    allowed = get_variant(name).players_allowed
    return 4 if 4 in allowed else max(allowed)


def measure(name: str, games: int, seed: int, repeat: int) -> dict[str, object]:
    players = players_for(name)
    best: dict[str, object] | None = None
    for _ in range(repeat):
        result = simulate(name, players, games, seed)
        if best is None or result["rounds_per_second"] > best["rounds_per_second"]:
            best = result
    assert best is not None
    return {"variant": name, "players": players, "games": games, "seed": seed,
            "repeat": repeat, "rounds": best["rounds"], "moves": best["moves"],
            "seconds": best["seconds"], "rounds_per_second": best["rounds_per_second"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--variant", action="append", default=None,
                        help="only these variants (repeatable); default: all")
    args = parser.parse_args()
    get_variant("block")  # loads the built-in variants into the registry
    names = args.variant or sorted(n for n in VARIANTS if VARIANTS[n].kind == "domino")
    for name in names:
        print(json.dumps(measure(name, args.games, args.seed, args.repeat)), flush=True)


if __name__ == "__main__":
    main()
