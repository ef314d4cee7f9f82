"""Deals from a seed: ``DealRandom`` is ``random.Random(text)`` with a faster seeding
and shuffle; the deals must stay exactly those of ``random.Random`` + ``shuffle``."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.tiles import full_set
from engine.domino.game import DealRandom, Game
from engine.variants import deal_tiles, make_variant


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30), st.sampled_from([6, 9, 12]))
def test_deal_random_is_random_random(text: str, set_max: int) -> None:
    mine, theirs = DealRandom(text), random.Random(text)
    a, b = list(full_set(set_max)), list(full_set(set_max))
    mine.shuffle(a)
    theirs.shuffle(b)
    assert a == b
    assert mine.random() == theirs.random() and mine.randrange(7) == theirs.randrange(7)


def test_seeded_deals_are_those_of_random_random_and_shuffle() -> None:
    """Round 0 and later rounds of seeded games, dealt as before (no redeal needed)."""
    for name, players in (("block", 4), ("draw", 2), ("kozel", 3), ("threes", 4)):
        v = make_variant(name, players)
        for seed in (0, 7, 123456789):
            game = Game(v, seed=seed)
            rng = random.Random(f"{seed}/0/0")
            hands, boneyard = deal_tiles(v, rng, v.hand_sizes([0] * len(v.sides)))
            if v.needs_redeal(hands):
                continue
            d = game.round.deal
            assert [list(h) for h in d.hands] == hands and list(d.boneyard) == boneyard
