"""The count of the open ends, end by end (what the hand shows) adds up to the count."""

from __future__ import annotations

import random

import pytest

from engine.domino.game import Game
from engine.variants import make_variant


@pytest.mark.parametrize("variant", ["all_fives", "telephone", "threes", "muggins",
                                     "pyaterochka", "kozel"])
def test_counted_by_end_adds_up_to_the_count(variant: str) -> None:
    rng = random.Random(variant)
    for seed in range(10):
        game = Game(make_variant(variant, 2, {}), seed=seed)
        for _ in range(80):
            legal = game.legal_moves()
            if not legal or game.outcome is not None:
                break
            game.play(rng.choice(legal))
            table = game.round.table
            parts = table.counted_by_end()
            assert [c.value for c in parts] == table.counted_ends()
            assert sum(c.value for c in parts) == table.count() == table.snapshot().count
            assert table.snapshot().counted == tuple(parts)
            for c in parts:
                assert c.value == (c.pip * table.rules.double_counts if c.double else c.pip)
                assert c.end is None or c.end in table.arms
