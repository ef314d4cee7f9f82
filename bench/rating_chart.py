"""A sample rating chart for the README, drawn from ratings the bot's own code computes.

    python -m bench.rating_chart --out docs/rating-chart.png

A made-up player plays 30 games, two families, against the medium computer and
wins more and more often; each game is rated by `service.skill.rate_games` and
the chart is `renderer.chart.render_chart` of his conservative rating, as /stats
draws it. Prints the file written and how long the picture took.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from bench.sample_picture import write_sample
from renderer.chart import ChartSeries, RatingChart, render_chart
from service.skill import RatedGame, RatedSeat, rate_games


def sample_chart(games: int = 30, seed: int = 7) -> RatingChart:
    rng = random.Random(seed)
    played = []
    for n in range(games):
        family = "goat" if n % 3 else "fives"
        won = rng.random() < 0.35 + 0.5 * n / games
        played.append(RatedGame(n, float(n), family,
                                (RatedSeat("user:1", 0), RatedSeat("ai:medium", 1)),
                                (0, 1) if won else (1, 0)))
    mine = [c for c in rate_games(played).history if c.player == "user:1"]
    series = tuple(
        ChartSeries(label, tuple(c.after.conservative if c.family == family else None
                                 for c in mine))
        for family, label in (("goat", "Goat family"), ("fives", "Fives family")))
    return RatingChart("Anna — rating (μ − 3σ)", series, subtitle=f"last {games} games")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rating_chart")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    chart = sample_chart()
    write_sample(args.out, lambda: render_chart(chart), args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
