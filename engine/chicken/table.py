"""The ``chicken_foot`` table: a tree grown from the round's engine.

The engine (the round's double) takes ``root_arms`` arms before anything else;
each arm is a line. A double laid at the end of a branch is a chicken foot: the
next three tiles go on it, its toes, each the start of a new branch, and until
it has them nothing else may be placed. A branch is named by its path: the arms
``1``, ``2`` ... in the order laid, the toes of the foot ending branch ``p``
``p.1``, ``p.2``, ``p.3``. The table is a value: :meth:`Table.place` returns a new
one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core.tiles import Tile

__all__ = ["ENGINE", "TOES", "Branch", "Table", "TableError", "path_name"]

ENGINE = "R"  # the target written for a tile laid on the engine
TOES = 3  # the toes every chicken foot takes


class TableError(ValueError):
    """A placement the table refuses (the message says why)."""


def path_name(path: tuple[int, ...]) -> str:
    return ".".join(map(str, path))


@dataclass(frozen=True, slots=True)
class Branch:
    """One line of the tree: its path, its tiles from the root out, the pip at its
    open end, and, when it ends in a chicken foot, how many toes it has."""

    path: tuple[int, ...]
    tiles: tuple[Tile, ...]
    end: int

    @property
    def name(self) -> str:
        return path_name(self.path)

    @property
    def foot(self) -> bool:
        """Whether the branch ends in a chicken foot (a double across it)."""
        return self.tiles[-1].is_double


@dataclass(frozen=True, slots=True)
class Table:
    engine: Tile
    root_arms: int
    branches: tuple[Branch, ...] = ()

    @property
    def pip(self) -> int:
        """The engine's pip."""
        return self.engine.a

    @property
    def arms(self) -> int:
        return sum(1 for b in self.branches if len(b.path) == 1)

    @property
    def engine_open(self) -> bool:
        """The engine still lacks arms: only it takes tiles."""
        return self.arms < self.root_arms

    def toes(self, branch: Branch) -> int:
        """How many toes the foot ending ``branch`` has."""
        n = len(branch.path) + 1
        return sum(1 for b in self.branches
                   if len(b.path) == n and b.path[:-1] == branch.path)

    def pending(self) -> Branch | None:
        """The chicken foot still lacking toes (at most one), or None."""
        for b in self.branches:
            if b.foot and self.toes(b) < TOES:
                return b
        return None

    def needed(self) -> tuple[int, int] | None:
        """What the table waits for before any other end opens: (pip, how many
        tiles carrying it), for the engine's arms or the pending foot's toes."""
        if self.engine_open:
            return self.pip, self.root_arms - self.arms
        foot = self.pending()
        if foot is not None:
            return foot.end, TOES - self.toes(foot)
        return None

    def ends(self) -> tuple[tuple[str, int], ...]:
        """The ends a tile may go on now, each (target, pip): the engine (``R``)
        while it lacks arms, else the pending foot's branch, else every branch
        that does not end in a complete foot."""
        if self.engine_open:
            return ((ENGINE, self.pip),)
        foot = self.pending()
        if foot is not None:
            return ((foot.name, foot.end),)
        return tuple((b.name, b.end) for b in self.branches if not b.foot)

    def branch(self, name: str) -> Branch | None:
        return next((b for b in self.branches if b.name == name), None)

    def place(self, tile: Tile, touching: int, target: str) -> tuple[Table, str]:
        """The table with ``tile`` laid, ``touching`` against ``target``'s end, and
        the name of the branch the tile now ends (TableError: refused)."""
        if not tile.has(touching):
            raise TableError(f"{tile} has no {touching}")
        pip = dict(self.ends()).get(target)
        if pip is None:
            raise TableError(self._why_closed(target))
        if touching != pip:
            raise TableError(f"the end {target} shows {pip}, not {touching}")
        outer = tile.other(touching)
        if target == ENGINE:
            new = Branch((self.arms + 1,), (tile,), outer)
            return replace(self, branches=(*self.branches, new)), new.name
        old = self.branch(target)
        assert old is not None
        if old.foot:
            new = Branch((*old.path, self.toes(old) + 1), (tile,), outer)
            return replace(self, branches=(*self.branches, new)), new.name
        grown = replace(old, tiles=(*old.tiles, tile), end=outer)
        return replace(self, branches=tuple(grown if b is old else b
                                            for b in self.branches)), grown.name

    def _why_closed(self, target: str) -> str:
        if self.engine_open:
            return f"the engine {self.engine} still lacks arms: play on R"
        foot = self.pending()
        if foot is not None:
            return f"the chicken foot on {foot.name} lacks toes: play on {foot.name}"
        if target == ENGINE:
            return "the engine has all its arms"
        branch = self.branch(target)
        if branch is None:
            return f"no branch is named {target!r}"
        return f"the branch {target} ends in a complete chicken foot"

    def tiles(self) -> tuple[Tile, ...]:
        """Every tile on the table, the engine first."""
        return (self.engine, *(t for b in self.branches for t in b.tiles))
