"""Moves as values, and their record notation (DESIGN.md, "The game record")."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.errors import MoveError, TileError
from engine.tiles import Tile, full_set


class End(StrEnum):
    """The four directions of a table; line layouts have only W and E."""

    W = "W"
    E = "E"
    N = "N"
    S = "S"


MAIN_ENDS = (End.W, End.E)
ALL_ENDS = (End.W, End.E, End.N, End.S)


@dataclass(frozen=True, slots=True)
class Place:
    """Place ``tile`` on ``end``.

    For the lead, ``end`` is None and ``west`` says which pip faces west
    (``"6-3"`` is ``Place(Tile(3, 6), None, west=6)``); otherwise ``west`` is None.
    """

    tile: Tile
    end: End | None = None
    west: int | None = None

    @property
    def is_lead(self) -> bool:
        return self.end is None


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one tile from the boneyard."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: only when nothing else is legal."""


Move = Place | Draw | Pass

DRAW = Draw()
PASS = Pass()

# Interned placements, indexed by the tile's canonical index, then by end: the
# legal-move generator hands out these instead of building new objects.
PLACES: tuple[dict[End, Place], ...] = tuple(
    {e: Place(t, e, None) for e in End} for t in full_set(12)
)


def lead(tile: Tile, west: int | None = None) -> Place:
    """The lead move; by default the higher pip faces west."""
    w = tile.b if west is None else west
    if not tile.has(w):
        raise MoveError(f"tile {tile} has no {w} to face west")
    return Place(tile, None, w)


def parse_move(text: str) -> Move:
    """Parse ``draw``, ``pass``, ``6-3`` or ``1-3:E``.

    A bare tile is a lead (first pip west) or a placement whose end is found
    from the table; the caller resolves it (``Place(tile, None, west=first)``).
    """
    if not isinstance(text, str):
        raise MoveError(f"a move is text like '1-3:E', 'draw' or 'pass', not {text!r}")
    s = text.strip()
    low = s.lower()
    if low == "draw":
        return DRAW
    if low == "pass":
        return PASS
    tile_text, sep, end_text = s.partition(":")
    try:
        tile = Tile.parse(tile_text)
    except TileError as exc:
        raise MoveError(f"malformed move {text!r}: {exc}") from None
    first = int(tile_text.strip().split("-")[0])
    if not sep:
        return Place(tile, None, first)
    try:
        end = End(end_text.strip().upper())
    except ValueError:
        raise MoveError(f"malformed move {text!r}: the end must be one of W, E, N, S") from None
    return Place(tile, end, None)


def format_tile_as_placed(tile: Tile, first: int) -> str:
    return f"{first}-{tile.other(first)}"
