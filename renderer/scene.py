"""What a picture is made from, and what rendering gives back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.moves import End
from engine.core.tiles import Tile
from engine.domino.table import TableSnapshot
from engine.domino.variant import domino_rules
from engine.domino.view import DominoView
from engine.variants import get_variant

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 (x1, y1 excluded)


def owned_lines(variant: str, players: int, leader: int) -> tuple[End, ...]:
    """The arm each seat owns (kolbasa: W is the leader's line); () when arms are
    nobody's (every other variant)."""
    if not domino_rules(get_variant(variant)).table_rules.write_end:
        return ()
    return tuple(End.W if seat == leader else End.E for seat in range(players))


@dataclass(frozen=True, slots=True)
class TableLabels:
    """The words a table picture shows; the bot passes them from its catalog.

    ``joiner`` joins the names of one side ("Anna & Boris"); ``west`` ... ``south``
    name the four ends (kolbasa's chips say whose line is which)."""

    turn: str = "Turn"
    boneyard: str = "Boneyard"
    score: str = "Score"
    round: str = "Round"
    joiner: str = " & "
    west: str = "W"
    east: str = "E"
    north: str = "N"
    south: str = "S"

    def end(self, end: End) -> str:
        """The label of one end, in the reader's language."""
        return {End.W: self.west, End.E: self.east, End.N: self.north,
                End.S: self.south}[end]


@dataclass(frozen=True, slots=True)
class TableScene:
    """Everything a table picture shows.

    ``names`` and ``hand_sizes`` are per seat; ``totals`` per side, ``sides`` the
    seats of each side. ``boneyard_left`` None hides the boneyard (a variant
    without one). ``turn`` is the seat to move or None. ``banner`` (the game's
    result, e.g. "Anna & Boris won") is drawn across the table when the game is
    over; ``banner_detail`` is a smaller second line under it (e.g. the goat).
    """

    table: TableSnapshot
    names: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    turn: int | None = None
    boneyard_left: int | None = None
    round_index: int | None = None
    labels: TableLabels = TableLabels()
    banner: str | None = None
    banner_detail: str | None = None
    # kolbasa: the line (arm W or E) each seat owns; empty when the arms are nobody's.
    # With owned lines each tile carries a dot in the colour of the seat that placed it.
    lines: tuple[End, ...] = ()

    @classmethod
    def from_view(cls, view: DominoView, names: Sequence[str],
                  labels: TableLabels = TableLabels(), *, show_boneyard: bool = True,
                  banner: str | None = None, banner_detail: str | None = None
                  ) -> TableScene:
        """The scene of an engine ``SeatView`` (any seat's view: only public facts are used)."""
        return cls(
            table=view.table,
            names=tuple(names),
            hand_sizes=tuple(view.hand_sizes),
            totals=tuple(view.totals),
            sides=tuple(tuple(s) for s in view.sides),
            turn=view.turn,
            boneyard_left=view.boneyard_left if show_boneyard else None,
            round_index=view.round_index,
            labels=labels,
            banner=banner,
            banner_detail=banner_detail,
            lines=owned_lines(view.variant, view.players, view.leader),
        )


@dataclass(frozen=True, slots=True)
class TilePlacement:
    """Where a tile was drawn. ``order`` is its placement number on a table, or its
    index in a hand; ``marked`` is the last placed tile, or a playable tile of a hand."""

    tile: Tile
    order: int
    box: Box
    marked: bool = False
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class RenderResult:
    """An encoded picture and where each tile is on it."""

    data: bytes
    format: str  # "JPEG" or "PNG"
    width: int
    height: int
    placements: tuple[TilePlacement, ...]

    @property
    def mime_type(self) -> str:
        return "image/jpeg" if self.format == "JPEG" else "image/png"

    @property
    def extension(self) -> str:
        return ".jpg" if self.format == "JPEG" else ".png"
