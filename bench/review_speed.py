"""How long the post-game review takes: seconds per decision (median, p90, max) and per
whole game, for a few typical games played by medium computers (seat 0 reviewed, the
default budget, one process). One JSON line per setup; with ``--excerpt`` the review
of the first game of the first setup as the bot words it (English).

    python -m bench.review_speed
    python -m bench.review_speed --setup kozel:4 --games 3 --excerpt
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from engine.domino.ai import make_player
from engine.domino.ai.review import DecisionReview, decisions, review_decision, summarize
from engine.domino.game import Game
from engine.domino.record import to_record
from engine.domino.variant import as_domino
from engine.variants import make_variant

SETUPS = ("kozel:4", "block:2", "all_fives:2", "telephone:2", "threes:3")


def play(name: str, players: int, seed: int) -> Game:
    variant = as_domino(make_variant(name, players))
    game = Game(variant, seed=seed)
    seats = [make_player("medium", seed * 10 + s, variant) for s in range(players)]
    while game.current_seat is not None:
        seat = game.current_seat
        game.play(seats[seat](game.view(seat)))
    return game


def measure(setup: str, games: int, seed: int) -> tuple[dict[str, object], list[object]]:
    name, players = setup.split(":")
    per_decision: list[float] = []
    per_game: list[float] = []
    counts: list[int] = []
    first: list[object] = []
    for g in range(games):
        game = play(name, int(players), seed + g)
        reviews: list[DecisionReview | None] = []
        start = time.perf_counter()
        for d in decisions(game, 0):
            t0 = time.perf_counter()
            reviews.append(review_decision(d, game.variant, seed + g))
            per_decision.append(time.perf_counter() - t0)
        per_game.append(time.perf_counter() - start)
        counts.append(len(reviews))
        if g == 0:
            first = [game, reviews]
    per_decision.sort()
    row = {
        "setup": setup, "games": games, "seed": seed,
        "decisions_per_game": statistics.median(counts),
        "decision_median_s": round(statistics.median(per_decision), 4),
        "decision_p90_s": round(per_decision[int(0.9 * (len(per_decision) - 1))], 4),
        "decision_max_s": round(per_decision[-1], 4),
        "game_median_s": round(statistics.median(per_game), 2),
        "game_max_s": round(max(per_game), 2),
    }
    return row, first


def excerpt(game: Game, reviews: list[DecisionReview | None], seed: int) -> str:
    from bot.handlers.review import decision_text, summary_text
    from service.review import ReviewInput

    names = tuple(f"Player {i + 1}" for i in range(game.players))
    given = ReviewInput(1, 0, 0, 0, game.variant.name, seed, names, to_record(game, list(names)))
    summary = summarize(reviews, game.variant)
    parts = [summary_text("en", given, summary)]
    parts += [decision_text("en", rank, r) for rank, r in enumerate(summary.costliest, 1)]
    return "\n\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--setup", action="append", default=None,
                        help="variant:players (repeatable); default: " + ", ".join(SETUPS))
    parser.add_argument("--excerpt", action="store_true",
                        help="print the first game's review as the bot words it")
    args = parser.parse_args()
    shown = False
    for setup in args.setup or SETUPS:
        row, first = measure(setup, args.games, args.seed)
        print(json.dumps(row), flush=True)
        if args.excerpt and not shown:
            game, reviews = first
            assert isinstance(game, Game) and isinstance(reviews, list)
            print(excerpt(game, reviews, args.seed), flush=True)
            shown = True


if __name__ == "__main__":
    main()
