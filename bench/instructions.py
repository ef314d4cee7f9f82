"""Machine instructions per round of random play, counted by valgrind: a measure of
the engine's speed that the machine's load does not move (wall-clock benchmarks on a
busy two-core machine vary by a third from run to run).

Each count runs Python under ``valgrind --tool=callgrind`` twice, once with no games
and once with ``--games``, and divides the difference by the rounds played, so the
interpreter's start and the imports cancel out. ``--library`` counts the PyPI
``dominoes`` library's rounds (``bench.compare_dominoes``' game) the same way.

    apt-get install valgrind
    python -m bench.instructions --variant block --players 4 --games 200 --library
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys

OURS = """
import sys
from engine.simulate import simulate
simulate("{variant}", {players}, 2, 1)
if {games}:
    print(simulate("{variant}", {players}, {games}, 1)["rounds"], file=sys.stderr)
"""

LIBRARY = """
import random
import dominoes
def run(n):
    random.seed(1)
    choice = random.choice
    for _ in range(n):
        game = dominoes.Game.new()
        while game.result is None:
            game.make_move(*choice(game.valid_moves))
run(2)
run({games})
"""


def _instructions(code: str) -> tuple[int, str]:
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", code],
        capture_output=True, text=True, check=True)
    match = re.search(r"Collected : (\d+)", done.stderr)
    if match is None:  # pragma: no cover - valgrind's output changed
        raise RuntimeError(done.stderr[-2000:])
    return int(match.group(1)), done.stderr


def per_round(code: str, games: int, rounds: int | None = None) -> tuple[float, int]:
    """Instructions per round of ``code`` (formatted with ``games``), and the rounds."""
    empty, _ = _instructions(code.format(games=0))
    full, err = _instructions(code.format(games=games))
    if rounds is None:
        lines = [x for x in err.splitlines() if x.strip().isdigit()]
        rounds = int(lines[-1])
    return (full - empty) / rounds, rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="block")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--library", action="store_true",
                        help="also count the dominoes library's rounds (as many as ours)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    code = OURS.replace("{variant}", args.variant).replace("{players}", str(args.players))
    ours, rounds = per_round(code, args.games)
    out: dict[str, object] = {"variant": args.variant, "players": args.players,
                              "rounds": rounds, "ours_per_round": round(ours)}
    if args.library:
        theirs, _ = per_round(LIBRARY, rounds, rounds)
        out["dominoes_6_1_0_per_round"] = round(theirs)
        out["ratio"] = round(theirs / ours, 2)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
