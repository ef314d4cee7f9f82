"""Deals from a seed: ``DealRandom`` is ``random.Random(text)`` with a faster seeding
and shuffle, and ``seeded_shuffle`` its shuffle (by the compiled kernel where it is
built); the deals must stay exactly those of ``random.Random`` + ``shuffle``."""

from __future__ import annotations

import random
from hashlib import sha512

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.tiles import full_set
from engine.domino import compiled
from engine.domino.deal_random import seed_bytes, seeded_shuffle
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


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=40), size=st.sampled_from([0, 1, 2, 3, 28, 55, 91, 256]))
def test_seeded_shuffle_is_random_randoms_shuffle(both_paths: str, text: str, size: int) -> None:
    items = list(range(size))
    theirs = list(items)
    random.Random(text).shuffle(theirs)
    assert seeded_shuffle(text, items) == tuple(theirs)


def test_the_kernels_order_seeds_as_random_random_splits_an_int() -> None:
    """Seeds of every length in 32-bit words, leading zero bytes, and zero itself."""
    if compiled.kernel is None:
        pytest.skip("engine.domino._kernel was not built (no C compiler)")
    order = compiled.kernel.seeded_order
    rng = random.Random(5)
    for bits in (0, 1, 31, 32, 33, 64, 65, 600, 4096):
        for _ in range(20):
            seed = rng.getrandbits(bits) if bits else 0
            raw = seed.to_bytes((seed.bit_length() + 7) // 8 + rng.randrange(3), "big")
            expected = list(range(28))
            random.Random(seed).shuffle(expected)
            assert list(order(raw, 28)) == expected
    assert seed_bytes("7/0/1") == b"7/0/1" + sha512(b"7/0/1").digest()
    with pytest.raises(ValueError):
        order(b"1", 257)
    with pytest.raises(ValueError):
        order(b"1", -1)
