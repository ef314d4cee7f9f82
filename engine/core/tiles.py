"""Tiles and double-N sets."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import ClassVar

from engine.core.errors import TileError

MAX_SET = 12


class Tile:
    """An unordered pair of pips ``a <= b``; frozen, hashable and interned.

    ``Tile(4, 6) is Tile(6, 4)``; ``Tile.parse("6-4") == Tile(4, 6)`` and
    ``Tile.parse(str(t)) == t``.
    """

    __slots__ = ("a", "b", "index", "is_double", "pips")
    _interned: ClassVar[dict[tuple[int, int], Tile]] = {}

    a: int
    b: int
    pips: int
    is_double: bool
    index: int

    def __new__(cls, x: int, y: int) -> Tile:
        key = (x, y) if x <= y else (y, x)
        tile = cls._interned.get(key)
        if tile is not None:
            return tile
        if not (key[0] >= 0 and key[1] <= MAX_SET):
            raise TileError(f"pips must be between 0 and {MAX_SET}: {x}-{y}")
        tile = object.__new__(cls)
        object.__setattr__(tile, "a", key[0])
        object.__setattr__(tile, "b", key[1])
        object.__setattr__(tile, "pips", key[0] + key[1])
        object.__setattr__(tile, "is_double", key[0] == key[1])
        # Position in the canonical order 0-0, 0-1, ..., 0-N, 1-1, ... of any set.
        object.__setattr__(tile, "index", key[1] * (key[1] + 1) // 2 + key[0])
        cls._interned[key] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.a, self.b))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse ``"a-b"``; raise TileError saying what is wrong."""
        if not isinstance(text, str):
            raise TileError(f"a tile is written as text like '6-4', not {text!r}")
        parts = text.strip().split("-")
        # isascii: str.isdigit() also accepts digits int() rejects, like '²'.
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
            raise TileError(f"malformed tile {text!r}: write it as two pips like '6-4'")
        if any(len(p) > 3 for p in parts):  # int() refuses thousands of digits
            raise TileError(f"pips must be between 0 and {MAX_SET}: {text[:20]!r}...")
        return cls(int(parts[0]), int(parts[1]))

    def other(self, pip: int) -> int:
        """The pip on the other half from ``pip`` (which must be on the tile)."""
        return self.b if pip == self.a else self.a

    def has(self, pip: int) -> bool:
        return pip == self.a or pip == self.b

    def heaviness(self) -> tuple[int, int]:
        """Sort key of "heaviest tile": most pips, then the higher half."""
        return (self.pips, self.b)

    def __str__(self) -> str:
        return f"{self.a}-{self.b}"

    def __repr__(self) -> str:
        return f"Tile({self.a}, {self.b})"

    def __lt__(self, other: Tile) -> bool:
        return (self.a, self.b) < (other.a, other.b)


@cache
@cache
def full_set(max_pip: int = 6) -> tuple[Tile, ...]:
    """Every tile of the double-``max_pip`` set, in canonical order (built once)."""
    if not 0 <= max_pip <= MAX_SET:
        raise TileError(f"sets go from double-0 to double-{MAX_SET}, not double-{max_pip}")
    return tuple(Tile(a, b) for b in range(max_pip + 1) for a in range(b + 1))


# The tiles (of the largest set) that carry each pip: "does ``t`` fit pip ``p``" is
# ``t in TILES_WITH[p]``, one hash lookup (tiles are interned: identity hashing).
TILES_WITH: tuple[frozenset[Tile], ...] = tuple(
    frozenset(t for t in full_set(MAX_SET) if t.a == p or t.b == p) for p in range(MAX_SET + 1)
)


def pip_count(tiles: Iterable[Tile]) -> int:
    return sum(t.pips for t in tiles)


def parse_tiles(texts: Iterable[str]) -> list[Tile]:
    return [Tile.parse(t) for t in texts]
