"""One hash of the records, views and simulate results of random games of every
variant of the domino engine (not chinese and triangular, played by their own
engines) and player count: equal on two branches means the engine plays the same
games (run both with the same PYTHONHASHSEED, e.g. 0: views hold sets).

    PYTHONHASHSEED=0 python -m bench.record_hash
"""

from __future__ import annotations

import hashlib
import json
import random

from engine.domino.game import Game
from engine.domino.record import replay, to_record
from engine.domino.variant import as_domino
from engine.simulate import simulate
from engine.variants import VARIANTS, get_variant, make_variant


def record_hash(seeds: int = 6) -> str:
    get_variant("block")  # loads the built-in variants
    h = hashlib.sha256()
    for name in sorted(VARIANTS):
        if get_variant(name).kind != "domino":
            continue  # chinese and triangular: games of their own engines
        for players in sorted(get_variant(name).players_allowed):
            v = as_domino(make_variant(name, players))
            for seed in range(seeds):
                game = Game(v, seed=seed * 7919 + players)
                rng = random.Random(seed)
                n = 0
                while game.outcome is None:
                    legal = game.legal_moves()
                    if not legal:
                        break
                    seat = game.current_seat
                    if n % 17 == 0 and seat is not None:
                        view = game.view(seat)
                        h.update(repr((view.table, view.history, view.legal,
                                       view.hand)).encode())
                    move = rng.choice(legal)
                    if n % 5 == 0:
                        game.play(move)  # the checked path
                    else:
                        game.apply(move)
                    n += 1
                record = to_record(game)
                h.update(json.dumps(record, sort_keys=True).encode())
                if seed == 0:
                    again, _ = replay(record)
                    assert to_record(again) == record, name
            result = simulate(name, players, 3, 11)
            for key in ("seconds", "games_per_second", "rounds_per_second"):
                result.pop(key)
            h.update(json.dumps(result, sort_keys=True).encode())
    return h.hexdigest()


if __name__ == "__main__":
    print(record_hash())
