"""A sample picture of a tournament's standings for the README, from the bot's own code.

    python -m bench.standings_picture --out docs/standings.png

Six made-up players play a round robin of Draw (five rounds) with seeded random
results; after round four one withdraws. The standings are
`service.tiebreaks.standings` of those results, written with the English
catalogue's words and drawn by `renderer.standings.render_standings`, as the bot
posts them after a game. Prints the file written and how long the picture took.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from bench.sample_picture import write_sample
from bot.ui.tournament_words import standings_table
from renderer.standings import Standings, render_standings
from service.pairing import round_robin
from service.tiebreaks import Decided, Entrant, standings

NAMES = ("Anna", "Борис", "Clara 🎲", "Dmitri Ivanovich Karamazov-Smerdyakov", "Emma", "Farid")


def sample_standings(seed: int = 3, lang: str = "en") -> Standings:
    rng = random.Random(seed)
    rounds = round_robin(list(range(1, len(NAMES) + 1)))
    results: list[Decided] = []
    for pairings in rounds[:4]:
        for a, b in pairings:
            if b is None:
                results.append(Decided(a, None, 1.0, None, "bye"))
                continue
            score = rng.choice((0.0, 0.5, 1.0, 1.0))
            results.append(Decided(a, b, score, 1.0 - score))
    entrants = [Entrant(i, name, withdrawn=i == 4) for i, name in enumerate(NAMES, 1)]
    return standings_table(lang, "draw", standings(entrants, results), len(results),
                           sum(len(r) for r in rounds))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.standings_picture")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    table = sample_standings(lang=args.lang)
    write_sample(args.out, lambda: render_standings(table), args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
