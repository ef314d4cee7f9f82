"""Fit the hard player's prior over hidden hands (engine/domino/ai/prior.py) on logged
games between the computer players, and write engine/domino/ai/prior_weights.py.

For every decision of every seat, each hidden tile and each other seat give one
example: the features of :func:`engine.domino.ai.prior.features` and whether that seat
held the tile. The sampler's own log-odds of the pair (estimated from deals it
samples for that view) is the model's offset, so the weights learn only what the
sampler does not know. A logistic model per family is fitted by Newton's method (a dozen
weights over a few hundred thousand examples: pure Python is quick enough).

    python -m scripts.fit_prior --rounds 150 --seed 1
"""

from __future__ import annotations

import argparse
import math
import random
import time
from pathlib import Path

from engine.core.catalogue import Family
from engine.core.tiles import Tile, full_set
from engine.domino.ai import make_player
from engine.domino.ai.prior import FEATURES, current_hands, features, seat_plays
from engine.domino.ai.world import analyze, sample_deal
from engine.domino.game import Game
from engine.domino.variant import as_domino
from engine.domino.view import DominoView
from engine.variants import make_variant

# The games each family's weights are fitted on: variant, players, the seats' levels.
TRAINING: dict[Family, tuple[tuple[str, int, tuple[str, ...]], ...]] = {
    Family.BLOCK_DRAW: (("block", 4, ("hard",)), ("draw", 2, ("hard",)), ("block", 3, ("hard",))),
    Family.THREES: (("threes", 3, ("hard",)), ("threes", 2, ("hard",))),
    Family.FIVES: (("all_fives", 2, ("hard",)), ("all_fives", 4, ("hard",))),
    Family.GOAT: (("kozel", 4, ("hard",)), ("kozel", 2, ("hard",))),
    Family.TELEPHONE: (("telephone", 4, ("hard",)),),
}
Example = tuple[tuple[float, ...], int, float]  # features, held, the sampler's log-odds
OUT = Path(__file__).resolve().parent.parent / "engine" / "domino" / "ai" / "prior_weights.py"


def examples(variant: str, players: int, levels: tuple[str, ...], rounds: int, seed: int
             ) -> list[Example]:
    v = as_domino(make_variant(variant, players))
    rng = random.Random(seed)
    out: list[Example] = []
    played = 0
    while played < rounds:
        game_seed = rng.getrandbits(48)
        chosen = [make_player(levels[s % len(levels)], game_seed * 16 + s, v)
                  for s in range(players)]
        game = Game(v, seed=game_seed)
        while game.outcome is None and played < rounds:
            seat = game.current_seat
            assert seat is not None
            index = len(game.rounds)
            view = game.view(seat)
            if len(view.legal) > 1:
                plays = seat_plays(view)
                seen = set(view.hand) | {p.tile for p in view.table.tiles}
                hidden = [t for t in full_set(view.set_max) if t not in seen]
                hands = game.round.hands
                freq = sampler_frequencies(view, rng)
                for s in range(players):
                    if s == seat:
                        continue
                    held = set(hands[s])
                    for t in hidden:
                        q = (freq[s].get(t, 0) + 0.5) / (SAMPLES + 1)
                        out.append((features(plays[s], t, view.set_max), int(t in held),
                                    math.log(q / (1 - q))))
            game.play(chosen[seat](view))
            if len(game.rounds) != index or game.outcome is not None:
                played += 1
    return out


SAMPLES = 48  # deals sampled per decision to estimate the sampler's own odds


def sampler_frequencies(view: DominoView, rng: random.Random) -> list[dict[Tile, int]]:
    """How often the uniform sampler puts each hidden tile in each hand, over
    ``SAMPLES`` deals: the offset the prior corrects."""
    know = analyze(view)
    freq: list[dict[Tile, int]] = [{} for _ in range(view.players)]
    for _ in range(SAMPLES):
        hands = current_hands(view, sample_deal(view, know, rng), know.draws)
        for s, hand in enumerate(hands):
            if s != view.seat:
                for t in hand:
                    freq[s][t] = freq[s].get(t, 0) + 1
    return freq


def fit(data: list[Example], iterations: int = 12,
        ridge: float = 1e-3) -> list[float]:
    """Logistic regression by Newton's method with a small ridge."""
    k = len(FEATURES)
    w = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y, offset in data:
            z = offset + sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            r = y - p
            q = p * (1.0 - p)
            for i in range(k):
                xi = x[i]
                if xi == 0.0:
                    continue
                grad[i] += r * xi
                qi = q * xi
                row = hess[i]
                for j in range(i + 1):
                    row[j] += qi * x[j]
        for i in range(k):
            grad[i] -= ridge * w[i]
            hess[i][i] += ridge
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` (symmetric, positive definite) by Gaussian elimination."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                if f:
                    for j in range(c, n + 1):
                        m[r][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def log_loss(data: list[Example], w: list[float]) -> float:
    total = 0.0
    for x, y, offset in data:
        z = offset + sum(wi * xi for wi, xi in zip(w, x, strict=True))
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
        total -= math.log(p if y else 1.0 - p)
    return total / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=150, help="rounds per training game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--families", default=",".join(f.value for f in TRAINING))
    args = parser.parse_args()
    chosen = [Family(x) for x in args.families.split(",")]
    weights: dict[str, list[float]] = {}
    notes: list[str] = []
    for family in chosen:
        start = time.perf_counter()
        data: list[Example] = []
        for i, (variant, players, levels) in enumerate(TRAINING[family]):
            data += examples(variant, players, levels, args.rounds, args.seed * 100 + i)
        rng = random.Random(args.seed)
        rng.shuffle(data)
        cut = len(data) // 5
        held_out, train = data[:cut], data[cut:]
        w = fit(train)
        flat = [0.0] * len(FEATURES)
        note = (f"{family.value}: {len(train)} examples, held-out log loss "
                f"{log_loss(held_out, w):.4f} (the sampler alone {log_loss(held_out, flat):.4f}), "
                f"{time.perf_counter() - start:.0f} s")
        print(note, flush=True)
        notes.append(note)
        weights[family.value] = [round(x, 4) for x in w]
    lines = [
        '"""The prior\'s weights per family (engine/domino/ai/prior.py), in the order of',
        "``FEATURES``. Written by ``python -m scripts.fit_prior "
        f"--rounds {args.rounds} --seed {args.seed}``:",
        "",
        *[f"- {n}" for n in notes],
        '"""',
        "",
        "WEIGHTS: dict[str, tuple[float, ...]] = {",
        *[f'    "{k}": (\n        {", ".join(map(str, v))},\n    ),' for k, v in weights.items()],
        "}",
        "",
    ]
    OUT.write_text("\n".join(lines))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
