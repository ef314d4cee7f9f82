"""The random generator each round's deal is seeded and shuffled with."""

from __future__ import annotations

import random
from _random import Random as _CoreRandom
from collections.abc import Sequence
from hashlib import sha512
from typing import Any, TypeVar

from engine.domino import compiled

T = TypeVar("T")

_seed_generator = _CoreRandom.seed  # what random.Random.seed calls last
_BITS = tuple(n.bit_length() for n in range(257))  # shuffles of up to 256 items


class DealRandom(random.Random):
    """``random.Random(text)``: the same generator, seeded without the Python layers,
    and the same ``shuffle`` with ``_randbelow`` inlined (each round's deal is seeded
    and shuffled: simulations feel it)."""

    def __init__(self, text: str) -> None:
        _seed_generator(self, int.from_bytes(seed_bytes(text)))
        self.gauss_next = None

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Fisher-Yates as :meth:`random.Random.shuffle`; ``_randbelow(n)`` draws
        ``getrandbits(k)``, ``k`` the bit length of ``n``, until it is below ``n``."""
        bits = self.getrandbits
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            k = _BITS[n]
            j = bits(k)
            while j >= n:
                j = bits(k)
            x[i], x[j] = x[j], x[i]


def seed_bytes(text: str) -> bytes:
    """The seed ``random.Random(text)`` takes from a string, as big-endian bytes: the
    text's UTF-8 and its SHA-512."""
    data = text.encode()
    return data + sha512(data).digest()


def seeded_shuffle(text: str, items: Sequence[T]) -> tuple[T, ...]:
    """``items`` (at most 256) in the order ``DealRandom(text).shuffle`` leaves them
    (the kernel's shuffle where it is used: the same order, without building the
    generator in Python)."""
    kernel = compiled.kernel
    if compiled.use_kernel and kernel is not None:
        return tuple(map(items.__getitem__, kernel.seeded_order(seed_bytes(text), len(items))))
    shuffled = list(items)
    DealRandom(text).shuffle(shuffled)
    return tuple(shuffled)
