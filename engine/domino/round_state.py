"""One round of the domino turn machine: hands, boneyard, table, whose turn, what happened."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.core.moves import (
    Done,
    Draw,
    ForcedDraw,
    Move,
    Open,
    Pass,
    Place,
    Take,
    format_action,
)
from engine.core.results import (
    PublicEvent,
    RoundEnd,
)
from engine.core.tiles import Tile, full_set
from engine.domino.table import Placed, Table
from engine.domino.variant import Deal, DominoVariant


@cache
def _set_holding(set_max: int) -> tuple[int, ...]:
    """How many tiles of the double-``set_max`` set carry each pip, then the set's size."""
    tiles = full_set(set_max)
    return (*(sum(1 for t in tiles if t.has(p)) for p in range(set_max + 1)), len(tiles))


class RoundState:
    """One round: hands, boneyard, table, whose turn, and what happened.

    ``log`` holds one entry per applied move: ``(seat, move, points, ends)``
    where ``ends`` are the open pips at a draw or pass (None for a placement).
    ``moves`` (record notation) and ``events`` (public history) derive from it.
    ``turn_ids`` holds the turn number of each log entry (a record move joins the
    placements of one turn). The turns of docs/rules.md 3 and 4.7-4.17 use ``turn_placed`` (the
    placements of the turn in progress), ``owed``/``owed_from`` (semerka's draws
    owed by the next player to the 7-player) and ``pending_take``/``take_from``
    (tiles the seat on turn must take now from that seat's hand).
    """

    __slots__ = ("deal", "drawable", "drawn", "end", "hands", "holding", "last_placer",
                 "log", "owed", "owed_from", "pending_take", "points", "table", "take_from",
                 "turn", "turn_ids", "turn_number", "turn_placed", "variant")

    def __init__(self, deal: Deal, variant: DominoVariant) -> None:
        self.variant = variant  # its own actions' notation and events
        self.deal = deal
        self.hands: list[list[Tile]] = list(map(list, deal.hands))
        self.drawn = 0
        self.drawable = variant.drawable_in(deal)
        self.table = Table(variant.table_rules)
        self.turn = deal.leader
        self.turn_number = 1
        self.log: list[tuple[int, Move | ForcedDraw, int, tuple[int, ...] | None]] = []
        self.turn_ids: list[int] = []
        self.turn_placed: list[Placed] = []
        self.owed = 0
        self.owed_from = 0
        self.pending_take = 0
        self.take_from = 0
        self.points = [0] * len(variant.sides)
        self.end: RoundEnd | None = None
        self.last_placer = deal.leader
        # How many tiles in all hands carry each pip: a fish is O(1) to detect.
        # A whole set dealt: the set's counts, less the undealt tiles'.
        whole = _set_holding(variant.options.set)
        if len(deal.boneyard) + sum(map(len, deal.hands)) == whole[-1]:
            holding = list(whole[:-1])
            counted: Sequence[Sequence[Tile]] = (deal.boneyard,)
            step = -1
        else:  # a test's short deal
            holding = [0] * (variant.options.set + 1)
            counted = deal.hands
            step = 1
        for tiles in counted:
            for t in tiles:
                holding[t.a] += step
                if not t.is_double:
                    holding[t.b] += step
        self.holding = holding

    def copy(self) -> RoundState:
        r = RoundState.__new__(RoundState)
        r.variant = self.variant
        r.deal = self.deal
        r.hands = list(map(list, self.hands))
        r.drawn = self.drawn
        r.drawable = self.drawable
        r.table = self.table.copy()
        r.turn = self.turn
        r.turn_number = self.turn_number
        r.log = list(self.log)
        r.turn_ids = list(self.turn_ids)
        r.turn_placed = list(self.turn_placed)
        r.owed = self.owed
        r.owed_from = self.owed_from
        r.pending_take = self.pending_take
        r.take_from = self.take_from
        r.points = list(self.points)
        r.end = self.end
        r.last_placer = self.last_placer
        r.holding = list(self.holding)
        return r

    @property
    def boneyard_left(self) -> int:
        """Tiles that may still be drawn."""
        return self.drawable - self.drawn

    def add_log(self, seat: int, move: Move | ForcedDraw, points: int,
                ends: tuple[int, ...] | None) -> None:
        self.log.append((seat, move, points, ends))
        self.turn_ids.append(self.turn_number)

    def actions(self) -> list[tuple[int, str, int]]:
        """``(seat, notation, points)`` per logged action (forced draws: ``""``)."""
        table = Table(self.table.rules)
        out: list[tuple[int, str, int]] = []
        for seat, move, points, _ in self.log:
            if isinstance(move, Place):
                if move.end is None:
                    placed = table.place_lead(move.tile, west_of(move), seat)
                    out.append((seat, f"{placed.inner}-{placed.outer}", points))
                    continue
                several = table.rules.write_end or len(table.fits(move.tile)) > 1
                placed = table.place(move.tile, move.end, seat, move.face_down)
                text = f"{placed.inner}-{placed.outer}" + (f":{move.end}" if several else "")
                out.append((seat, text + ("#" if move.face_down else ""), points))
            elif isinstance(move, ForcedDraw):
                out.append((seat, "", 0))
            elif isinstance(move, Draw | Pass | Open | Done | Take):
                if isinstance(move, Open):
                    table.reopen(move.end)
                out.append((seat, format_action(move), points))
            else:  # one of the variant's own actions (DominoVariant.is_action)
                out.append((seat, self.variant.action_notation(table, seat, move), points))
        return out

    @property
    def moves(self) -> list[tuple[int, str, int]]:
        """``(seat, notation, points)`` per record move, in the record's notation:
        the placements of one turn (and a reopening before them) are joined with
        ``+``; forced draws and the end of a turn are not written; a turn still in
        progress ends in ``+``."""
        out: list[tuple[int, str, int]] = []
        group: int | None = None  # the turn id of the record move that may grow
        for (seat, text, points), (_, move, _, _), tid in zip(
                self.actions(), self.log, self.turn_ids, strict=True):
            if isinstance(move, ForcedDraw | Done):
                continue
            joinable = isinstance(move, Place | Open)
            if joinable and group == tid and out and out[-1][0] == seat:
                s0, t0, p0 = out[-1]
                out[-1] = (s0, f"{t0}+{text}", p0 + points)
            else:
                out.append((seat, text, points))
            group = tid if joinable else None
        if self.turn_placed and self.end is None and out:
            s0, t0, p0 = out[-1]
            out[-1] = (s0, t0 + "+", p0)
        return out

    @property
    def events(self) -> list[PublicEvent]:
        """The public history: what every seat saw (a draw hides its tile; a take
        shows its tiles here, and :meth:`Game.view` hides them from the others)."""
        out = []
        giver = self.deal.leader
        for seat, move, points, ends in self.log:
            if isinstance(move, Place):
                out.append(PublicEvent(seat, "place", move.tile, move.end, points,
                                       face_down=move.face_down))
                giver = seat
            elif isinstance(move, Take):
                out.append(PublicEvent(seat, "take", None, None, 0, tiles=move.tiles,
                                       source=giver, count=len(move.tiles)))
            elif isinstance(move, Open):
                out.append(PublicEvent(seat, "open", None, move.end, 0))
            elif isinstance(move, Done):
                out.append(PublicEvent(seat, "done", None, None, 0))
            elif isinstance(move, ForcedDraw):
                out.append(PublicEvent(seat, "forced_draw", None, None, 0, ends or ()))
            elif isinstance(move, Draw | Pass):
                kind = "draw" if isinstance(move, Draw) else "pass"
                out.append(PublicEvent(seat, kind, None, None, 0, ends or ()))
                giver = seat
            else:  # one of the variant's own actions: public, like a placement
                out.append(self.variant.action_event(seat, move, points))
                giver = seat
        return out


def west_of(move: Place) -> int:
    return move.tile.b if move.west is None else move.west
