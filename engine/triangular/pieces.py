"""Triangular dominoes' pieces (docs/rules.md 4.21): the triangle, the grid's
geometry, and the moves with their record notation (``a-b-c@x,y``, ``draw``,
``pass``).

A triangle's numbers are read clockwise from the lowest; a cell is ▲ or ▼ by the
parity of its coordinates, and its corners are read clockwise from its apex. A
move is a :class:`Place` (a :class:`engine.core.moves.GridPlace`), or the core's
:data:`engine.core.moves.DRAW` and :data:`engine.core.moves.PASS`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from engine.core.errors import MoveError, TileError
from engine.core.moves import DRAW, PASS, Draw, GridPlace, Pass

__all__ = [
    "DRAW", "MAX_NUMBER", "PASS", "TRIANGLE_SET", "TRIPLES_HIGH_FIRST", "ZERO_TRIPLE", "Cell",
    "Draw", "Numbers", "Pass", "Place", "TriMove", "Triangle", "Vertex", "canonical",
    "corners", "hexagon", "neighbours", "notation", "parse_move", "parse_numbers",
    "points_up", "sort_hand", "touching",
]

MAX_NUMBER = 5

Cell = tuple[int, int]
Vertex = tuple[int, int]
Numbers = tuple[int, int, int]


# ------------------------------------------------------------------ the tile


class Triangle:
    """A triangle: three numbers read clockwise, kept from the lowest number, so
    ``a <= b <= c`` (docs/rules.md 4.21 [T2]); frozen, hashable and interned.

    ``Triangle.parse("2-4-1") is Triangle.parse("1-2-4")`` (a turning of the same
    tile); ``"1-4-2"`` is the mirror image, not a tile of the set."""

    __slots__ = ("a", "b", "c", "index", "is_triple", "turnings", "value")
    _interned: ClassVar[dict[Numbers, Triangle]] = {}

    a: int
    b: int
    c: int
    value: int
    is_triple: bool
    index: int
    turnings: tuple[Numbers, ...]  # the distinct readings from an apex, canonical first

    def __new__(cls, a: int, b: int, c: int) -> Triangle:
        key = canonical((a, b, c))
        tile = cls._interned.get(key)
        if tile is not None:
            return tile
        tile = object.__new__(cls)
        for name, value in zip("abc", key, strict=True):
            object.__setattr__(tile, name, value)
        object.__setattr__(tile, "value", sum(key))
        object.__setattr__(tile, "is_triple", key[0] == key[2])
        turnings = tuple(dict.fromkeys(_rotations(key)))
        object.__setattr__(tile, "turnings", turnings)
        object.__setattr__(tile, "index", -1)
        cls._interned[key] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Triangle is immutable")

    def __reduce__(self) -> tuple[type[Triangle], Numbers]:
        return (Triangle, (self.a, self.b, self.c))

    @property
    def numbers(self) -> Numbers:
        return (self.a, self.b, self.c)

    @classmethod
    def parse(cls, text: str) -> Triangle:
        """``"a-b-c"`` (any turning of a tile); raise TileError saying what is wrong."""
        return cls(*parse_numbers(text))

    def __str__(self) -> str:
        return f"{self.a}-{self.b}-{self.c}"

    def __repr__(self) -> str:
        return f"Triangle({self.a}, {self.b}, {self.c})"

    def rank_key(self) -> tuple[int, tuple[int, ...]]:
        """The lead order without a triple: value, then the numbers read from the
        highest down (``3-5-5`` before ``4-4-5``, docs/rules.md 4.21 [T11])."""
        return (self.value, tuple(sorted(self.numbers, reverse=True)))


def _rotations(n: Numbers) -> tuple[Numbers, Numbers, Numbers]:
    a, b, c = n
    return ((a, b, c), (b, c, a), (c, a, b))


def canonical(numbers: Numbers) -> Numbers:
    """The tile's written form of a clockwise reading; TileError if none."""
    if len(numbers) != 3 or not all(isinstance(n, int) and not isinstance(n, bool)
                                     and 0 <= n <= MAX_NUMBER for n in numbers):
        raise TileError(f"a triangle has three numbers 0..{MAX_NUMBER}: {numbers!r}")
    for r in _rotations(numbers):
        if r[0] <= r[1] <= r[2]:
            return r
    a, b, c = numbers
    raise TileError(f"{a}-{b}-{c} is not a tile: clockwise its numbers are the other way round")


def parse_numbers(text: str) -> Numbers:
    if not isinstance(text, str):
        raise TileError(f"a triangle is written as text like '2-4-5', not {text!r}")
    parts = text.strip().split("-")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
        raise TileError(f"a triangle is three numbers like '2-4-5': {text!r}")
    numbers = (int(parts[0]), int(parts[1]), int(parts[2]))
    canonical(numbers)
    return numbers


TRIANGLE_SET: tuple[Triangle, ...] = tuple(
    Triangle(a, b, c) for a in range(6) for b in range(a, 6) for c in range(b, 6))
for _i, _t in enumerate(TRIANGLE_SET):
    object.__setattr__(_t, "index", _i)
TRIPLES_HIGH_FIRST: tuple[Triangle, ...] = tuple(Triangle(n, n, n) for n in range(5, -1, -1))
ZERO_TRIPLE = Triangle(0, 0, 0)


def sort_hand(tiles: Iterable[Triangle]) -> tuple[Triangle, ...]:
    return tuple(sorted(tiles, key=lambda t: t.index))


# --------------------------------------------------------------- the geometry


def points_up(cell: Cell) -> bool:
    """▲ when x + y is even, ▼ when odd (docs/rules.md 4.21 [T3])."""
    return (cell[0] + cell[1]) % 2 == 0


def corners(cell: Cell) -> tuple[Vertex, Vertex, Vertex]:
    """The cell's vertices clockwise from its apex."""
    x, y = cell
    if points_up(cell):
        return ((x, y + 1), (x + 1, y), (x - 1, y))
    return ((x, y), (x - 1, y + 1), (x + 1, y + 1))


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The cells across the three edges."""
    x, y = cell
    return ((x - 1, y), (x + 1, y), (x, y - 1) if points_up(cell) else (x, y + 1))


def hexagon(vertex: Vertex) -> tuple[Cell, ...]:
    """The six cells around a vertex."""
    x, y = vertex
    return ((x - 1, y), (x, y), (x + 1, y), (x - 1, y - 1), (x, y - 1), (x + 1, y - 1))


def touching(cell: Cell) -> tuple[Cell, ...]:
    """Every other cell that shares a vertex with ``cell`` (edge or point)."""
    out: dict[Cell, None] = {}
    for v in corners(cell):
        for c in hexagon(v):
            if c != cell:
                out[c] = None
    return tuple(out)


# ------------------------------------------------------------------ the moves


@dataclass(frozen=True, slots=True)
class Place(GridPlace):
    """A triangle on a cell, ``numbers`` read from the cell's apex clockwise (the
    :class:`engine.core.moves.GridPlace` the service and the record carry)."""

    @property
    def tile(self) -> Triangle:
        return Triangle(*self.numbers)

    def notation(self) -> str:
        a, b, c = self.numbers
        return f"{a}-{b}-{c}@{self.cell[0]},{self.cell[1]}"

    def __str__(self) -> str:
        return self.notation()


TriMove = Place | Draw | Pass


def notation(move: TriMove) -> str:
    """The record's entry for a move."""
    if isinstance(move, Place):
        return move.notation()
    return "draw" if isinstance(move, Draw) else "pass"


# A cell as the record writes it: two whole numbers, no sign on 0, no spaces.
_CELL = re.compile(r"(0|-?[1-9][0-9]{0,3}),(0|-?[1-9][0-9]{0,3})")


def parse_move(text: str) -> TriMove:
    """``a-b-c@x,y``, ``draw`` or ``pass``, exactly as the record writes them
    (docs/record-format.md, triangular dominoes); MoveError naming what is wrong:
    a space anywhere, a cell that is not ``x,y``, a reading that is no turning of a
    tile (docs/rules.md 4.21)."""
    if not isinstance(text, str):
        raise MoveError(f"a move is text, not {type(text).__name__}")
    if text == "draw":
        return DRAW
    if text == "pass":
        return PASS
    if any(ch.isspace() for ch in text):
        raise MoveError(f"malformed move {text!r}: a move is written without spaces "
                        "(5-5-2@1,0, draw, pass)")
    tile_text, at, cell_text = text.partition("@")
    if not at:
        raise MoveError(f"not a move: {text!r} (a-b-c@x,y, draw or pass)")
    try:
        numbers = parse_numbers(tile_text)
    except TileError as exc:
        raise MoveError(f"not a move: {exc}") from exc
    found = _CELL.fullmatch(cell_text)
    if found is None:
        raise MoveError(f"not a cell: {cell_text!r} (x,y: two whole numbers, like 1,0)")
    return Place(numbers, (int(found[1]), int(found[2])))
