"""Triangular dominoes' table (docs/rules.md 4.21): the placed triangles, the numbers
on the touched vertices, the open cells, the legal placements and what one earns."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.triangular.pieces import (
    Cell,
    Numbers,
    Place,
    Triangle,
    Vertex,
    corners,
    hexagon,
    neighbours,
    points_up,
)
from engine.triangular.scoring import Scored


@dataclass(frozen=True, slots=True)
class Placed:
    """A triangle on the grid: where, its numbers from the apex, who placed it."""

    cell: Cell
    numbers: Numbers
    seat: int

    @property
    def tile(self) -> Triangle:
        return Triangle(*self.numbers)

    @property
    def up(self) -> bool:
        return points_up(self.cell)


class Grid:
    """The placed triangles, the numbers on the touched vertices and the open cells
    (empty cells sharing an edge with a triangle)."""

    __slots__ = ("cells", "open", "vertices")

    def __init__(self) -> None:
        self.cells: dict[Cell, Placed] = {}
        self.vertices: dict[Vertex, int] = {}
        self.open: set[Cell] = set()

    def copy(self) -> Grid:
        g = Grid()
        g.cells = dict(self.cells)
        g.vertices = dict(self.vertices)
        g.open = set(self.open)
        return g

    def need(self, cell: Cell) -> tuple[int | None, int | None, int | None]:
        """The numbers the cell's corners must carry (None: untouched)."""
        v = self.vertices
        c0, c1, c2 = corners(cell)
        return (v.get(c0), v.get(c1), v.get(c2))

    def fits(self, numbers: Numbers, cell: Cell) -> bool:
        """Whether the reading fits the cell's touched corners (cell not checked)."""
        n0, n1, n2 = self.need(cell)
        return ((n0 is None or n0 == numbers[0]) and (n1 is None or n1 == numbers[1])
                and (n2 is None or n2 == numbers[2]))

    def readings(self, tile: Triangle, cell: Cell) -> list[Numbers]:
        """The turnings of ``tile`` that fit the open ``cell``."""
        return [r for r in tile.turnings if self.fits(r, cell)]

    def score(self, numbers: Numbers, cell: Cell) -> Scored:
        """What placing ``numbers`` on ``cell`` (legal, not the lead) earns."""
        cells = self.cells
        shared = sum(1 for n in neighbours(cell) if n in cells)
        cs = corners(cell)
        bridge = False
        if shared == 1:
            # The vertex off the shared edge: the corner no placed neighbour touches.
            on_edge: set[Vertex] = set()
            for n in neighbours(cell):
                if n in cells:
                    on_edge.update(corners(n))
            third = [v for v in cs if v not in on_edge]
            bridge = len(third) == 1 and third[0] in self.vertices
        hexes = 0
        for v in cs:
            if all(c == cell or c in cells for c in hexagon(v)):
                hexes += 1
        return Scored(sum(numbers), 0, bridge, hexes)

    def put(self, numbers: Numbers, cell: Cell, seat: int) -> None:
        self.cells[cell] = Placed(cell, numbers, seat)
        for v, n in zip(corners(cell), numbers, strict=True):
            self.vertices[v] = n
        self.open.discard(cell)
        for other in neighbours(cell):
            if other not in self.cells:
                self.open.add(other)

    def placements(self, tiles: Iterable[Triangle]) -> list[Place]:
        """Every legal placement of ``tiles`` on the open cells (not the lead)."""
        out: list[Place] = []
        cells = sorted(self.open)
        needs = [(c, self.need(c)) for c in cells]
        for tile in tiles:
            for cell, (n0, n1, n2) in needs:
                for r in tile.turnings:
                    if ((n0 is None or n0 == r[0]) and (n1 is None or n1 == r[1])
                            and (n2 is None or n2 == r[2])):
                        out.append(Place(r, cell))
        return out

    def can_place(self, tiles: Iterable[Triangle]) -> bool:
        needs = [self.need(c) for c in self.open]
        for tile in tiles:
            for n0, n1, n2 in needs:
                for r in tile.turnings:
                    if ((n0 is None or n0 == r[0]) and (n1 is None or n1 == r[1])
                            and (n2 is None or n2 == r[2])):
                        return True
        return False
