"""What the display (scoring hints, the text table) costs on the event loop: per variant,
the time to compute a hand's scoring hints (``engine.domino.hints.placement_hints``, the
variants that score in play) and to write the text table
(``bot.ui.text_table.table_text``), over the positions of ``--games`` random games
from ``--seed``; the median and the 95th percentile in microseconds, and the longest
text table (characters). One JSON line per variant.

    python -m bench.display_speed
    python -m bench.display_speed --variant all_fives --games 20
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from bot.ui.text_table import table_text
from engine.domino.game import Game
from engine.domino.hints import placement_hints
from engine.domino.variant import as_domino
from engine.variants import VARIANTS, get_variant, make_variant
from service.types import GameInfo, SeatInfo


def _info(game: Game) -> GameInfo:
    seats = tuple(SeatInfo(i, 100 + i, f"Player {i + 1}") for i in range(game.players))
    return GameInfo(1, -1, 1, "playing", game.variant.name, {}, 100, seats, 2, 4,
                    game.view(None))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def measure(name: str, games: int, seed: int) -> dict[str, object]:
    cls = get_variant(name)
    players = 4 if 4 in cls.players_allowed else max(cls.players_allowed)
    variant = as_domino(make_variant(name, players))
    hints_us: list[float] = []
    text_us: list[float] = []
    placements = 0
    longest = 0
    clock = time.perf_counter
    for g in range(games):
        game = Game(variant, seed=seed + g)
        rng = random.Random(seed + g)
        while not game.over:
            seat = game.current_seat
            assert seat is not None
            if cls.scores_in_play:
                view = game.view(seat)
                start = clock()
                hints = placement_hints(variant, view)
                hints_us.append((clock() - start) * 1e6)
                placements += len(hints)
            public = game.view(None)
            info = _info(game)
            start = clock()
            text = table_text("en", info, public)
            text_us.append((clock() - start) * 1e6)
            longest = max(longest, len(text))
            game.apply(rng.choice(game.legal_moves()))
    out: dict[str, object] = {"variant": name, "players": players, "games": games,
                              "seed": seed, "positions": len(text_us),
                              "text_median_us": round(statistics.median(text_us), 1),
                              "text_p95_us": round(_pct(text_us, 0.95), 1),
                              "text_longest_chars": longest}
    if hints_us:
        out.update({"hints_median_us": round(statistics.median(hints_us), 1),
                    "hints_p95_us": round(_pct(hints_us, 0.95), 1),
                    "placements_per_hand": round(placements / len(hints_us), 2)})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--variant", action="append")
    args = parser.parse_args()
    get_variant("block")  # loads the built-in variants
    for name in args.variant or sorted(VARIANTS):
        print(json.dumps(measure(name, args.games, args.seed)), flush=True)


if __name__ == "__main__":
    main()
