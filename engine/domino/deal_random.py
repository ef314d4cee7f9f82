"""The random generator each round's deal is seeded and shuffled with."""

from __future__ import annotations

import random
from _random import Random as _CoreRandom
from hashlib import sha512
from typing import Any

_seed_generator = _CoreRandom.seed  # what random.Random.seed calls last
_BITS = tuple(n.bit_length() for n in range(100))


class DealRandom(random.Random):
    """``random.Random(text)``: the same generator, seeded without the Python layers,
    and the same ``shuffle`` with ``_randbelow`` inlined (each round's deal is seeded
    and shuffled: simulations feel it)."""

    def __init__(self, text: str) -> None:
        data = text.encode()
        _seed_generator(self, int.from_bytes(data + sha512(data).digest()))
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
