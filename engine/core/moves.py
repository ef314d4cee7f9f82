"""Moves as values, and their record notation (docs/record-format.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.errors import MoveError, TileError
from engine.core.tiles import MAX_SET, Tile, full_set


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
    face_down: bool = False  # a closer (``osel``): written ``4-4:E#``

    @property
    def is_lead(self) -> bool:
        return self.end is None


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one tile from the boneyard."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: only when nothing else is legal."""


@dataclass(frozen=True, slots=True)
class Open:
    """Reopen one's own closer on ``end`` (``osel``): written ``open:E``."""

    end: End


@dataclass(frozen=True, slots=True)
class Done:
    """End a turn of several placements after at least one (not written in the record)."""


@dataclass(frozen=True, slots=True)
class Take:
    """Chance in ``semerka``: the owed tiles taken from the 7-player's hand,
    written ``take:3-4+1-6``; the taker is the seat on turn."""

    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class ForcedDraw:
    """A draw the rules force (``semerka``'s 7); logged, never written nor played."""


@dataclass(frozen=True, slots=True)
class Cut:
    """``kolbasa``'s cut (docs/rules.md 4.19), written ``cut:x-y``: ``tile`` goes on the
    end of arm ``end`` (the cutter's line), then that whole arm moves, reversed,
    onto the end of arm ``onto``. Parsed from the record with both arms None; the
    game resolves them from its legal moves."""

    tile: Tile
    end: End | None = None
    onto: End | None = None


@dataclass(frozen=True, slots=True)
class SetPlay:
    """``chinese``'s play (docs/rules.md 4.20): one to four tiles played at once,
    face up, or face down (``down``), written ``6-6+3-6`` or ``down:1-5+2-3``. A
    game of another kind parses and orders it (:mod:`engine.games`); the Game of the
    domino kind never sees one."""

    tiles: tuple[Tile, ...]
    down: bool = False


@dataclass(frozen=True, slots=True)
class GridPlace:
    """``triangular``'s placement (docs/rules.md 4.21): a triangle on a cell of
    the grid, ``numbers`` read from the cell's apex clockwise, written
    ``5-5-2@1,0``; its draws and passes are :class:`Draw` and :class:`Pass`. A game
    of another kind parses and orders it (:mod:`engine.triangular.kind`); the Game
    of the domino kind never sees one."""

    numbers: tuple[int, int, int]
    cell: tuple[int, int]


@dataclass(frozen=True, slots=True)
class BranchPlace:
    """``chicken_foot``'s placement: ``tile`` with its pip ``touching`` against the
    end named ``branch`` (``"R"``: the engine; ``"2"``, ``"2.1"``: a branch's path),
    written ``1-3:2.1``; its draws and passes are :class:`Draw` and :class:`Pass`.
    Its own kind parses and orders it (:mod:`engine.chicken`); the Game of the
    domino kind never sees one."""

    tile: Tile
    touching: int
    branch: str


@dataclass(frozen=True, slots=True)
class TrainPlace:
    """``mexican_train``'s placement: ``tile`` on the end of a
    train, ``touch`` the pip that meets the end; ``train`` is the owner's seat, None
    for the Mexican train. Written ``7-2:T1`` / ``9-5:M``. A game of another kind
    parses and orders it (:mod:`engine.trains.kind`); the Game of the domino kind
    never sees one."""

    tile: Tile
    train: int | None
    touch: int


Move = (Place | Draw | Pass | Open | Done | Take | Cut | SetPlay | GridPlace | BranchPlace
        | TrainPlace)

DRAW = Draw()
PASS = Pass()
DONE = Done()
END_TURN = DONE
FORCED_DRAW = ForcedDraw()

# Interned placements, indexed by the tile's canonical index, then by end: the
# legal-move generator hands out these instead of building new objects.
PLACES: tuple[dict[End, Place], ...] = tuple(
    {e: Place(t, e, None) for e in End} for t in full_set(12)
)
# The same placements by end, then by tile.
PLACE_AT: dict[End, dict[Tile, Place]] = {
    e: {t: PLACES[t.index][e] for t in full_set(12)} for e in End
}


# Interned leads with the higher pip west (the default lead), by the tile's index.
LEADS: tuple[Place, ...] = tuple(Place(t, None, t.b) for t in full_set(MAX_SET))

PIPS = MAX_SET + 1
# ``FITS_WE[west * PIPS + east]``: :func:`fits_we` once built (None before).
FITS_WE: list[dict[Tile, tuple[Place, ...]] | None] = [None] * (PIPS * PIPS)


def fits_we(west: int, east: int) -> dict[Tile, tuple[Place, ...]]:
    """The placements of each tile (of the largest set) that fits an open end when the
    open ends are W showing ``west`` and E showing ``east``: W first (the order of
    legal moves). Built once per pair of pips."""
    at = west * PIPS + east
    fits = FITS_WE[at]
    if fits is None:
        fits = {}
        for t in full_set(MAX_SET):
            places = tuple(PLACES[t.index][e] for e, pip in ((End.W, west), (End.E, east))
                           if t.a == pip or t.b == pip)
            if places:
                fits[t] = places
        FITS_WE[at] = fits
    return fits


def lead(tile: Tile, west: int | None = None) -> Place:
    """The lead move; by default the higher pip faces west."""
    w = tile.b if west is None else west
    if not tile.has(w):
        raise MoveError(f"tile {tile} has no {w} to face west")
    return Place(tile, None, w)


def parse_move(text: str) -> Move:
    """Parse ``draw``, ``pass``, ``6-3`` or ``1-3:E``; also ``4-4:E#`` (a closer),
    ``open:E``, ``take:3-4+1-6`` and ``done``.

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
    if low == "done":  # ends a turn of several placements; records never write it
        return DONE
    if low.startswith("open:"):
        try:
            return Open(End(s[5:].strip().upper()))
        except ValueError:
            raise MoveError(f"malformed move {text!r}: write open:E with an end W, E, N or S"
                            ) from None
    if low.startswith("cut:"):  # kolbasa
        try:
            return Cut(Tile.parse(s[4:]))
        except TileError as exc:
            raise MoveError(f"malformed move {text!r}: {exc}") from None
    if low.startswith("take:"):
        parts = s[5:].split("+")
        try:
            taken = tuple(Tile.parse(p) for p in parts)
        except TileError as exc:
            raise MoveError(f"malformed move {text!r}: {exc}") from None
        if len(set(taken)) != len(taken):
            raise MoveError(f"malformed move {text!r}: a tile is taken twice")
        return Take(taken)
    face_down = s.endswith("#")
    if face_down:
        s = s[:-1]
    tile_text, sep, end_text = s.partition(":")
    try:
        tile = Tile.parse(tile_text)
    except TileError as exc:
        raise MoveError(f"malformed move {text!r}: {exc}") from None
    first = int(tile_text.strip().split("-")[0])
    if face_down and not tile.is_double:
        raise MoveError(f"malformed move {text!r}: only a double is placed face down (#)")
    if not sep:
        return Place(tile, None, first, face_down)
    try:
        end = End(end_text.strip().upper())
    except ValueError:
        raise MoveError(f"malformed move {text!r}: the end must be one of W, E, N, S") from None
    return Place(tile, end, None, face_down)


def parse_turn(text: str) -> tuple[list[Move], bool]:
    """Parse one record entry: a move, or a turn of several actions joined by ``+``
    (``open:E+4-2:E``, ``3-3:N+5-5:S``); ``take:3-4+1-6`` is one move. Reopenings
    alone (``open:E+open:N``) are a record move too: a turn that reopens, then
    draws (docs/rules.md 4.9).

    Returns the actions and whether the turn is left open (a trailing ``+``,
    written for a turn still in progress).
    """
    if not isinstance(text, str):
        raise MoveError(f"a move is text like '1-3:E', 'draw' or 'pass', not {text!r}")
    s = text.strip()
    if s.lower().startswith("take:") or "+" not in s:
        return [parse_move(s)], False
    parts = s.split("+")
    left_open = parts[-1].strip() == ""
    if left_open:
        parts.pop()
    if any(not p.strip() for p in parts):
        raise MoveError(f"malformed move {text!r}: an empty part between '+'")
    actions = [parse_move(p) for p in parts]
    for i, a in enumerate(actions):
        if isinstance(a, Draw | Pass | Take | Cut):
            raise MoveError(f"malformed move {text!r}: {parts[i].strip()!r} "
                            "cannot be part of a turn of several placements")
        if isinstance(a, Open) and i > 0 and not isinstance(actions[i - 1], Open):
            raise MoveError(f"malformed move {text!r}: open: comes before the placements")
    return actions, left_open


def format_action(move: Move, text_of_place: str | None = None) -> str:
    """The record text of one action (a placement's text is given as placed)."""
    if isinstance(move, Place):
        assert text_of_place is not None
        return text_of_place
    if isinstance(move, Draw):
        return "draw"
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Open):
        return f"open:{move.end}"
    if isinstance(move, Take):
        return "take:" + "+".join(str(t) for t in move.tiles)
    if isinstance(move, Cut):  # kolbasa: as placed, x first (given), else low-high
        return text_of_place if text_of_place is not None else f"cut:{move.tile}"
    return "done"


def format_tile_as_placed(tile: Tile, first: int) -> str:
    return f"{first}-{tile.other(first)}"
