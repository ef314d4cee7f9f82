"""The table: a lead, arms W/E (and N/S off a spinner), and the count of open ends.

docs/rules.md section 2 is the specification. The table is a set of arms; each arm is a
list of placed tiles going outward. The W and E arms start at the lead; when the
spinner lies on arm W or E, that arm simply continues past it, and arms N and S
hang off the spinner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from engine.core.moves import End
from engine.core.tiles import Tile


class Layout(StrEnum):
    LINE = "line"
    SPINNER = "spinner"


class SpinnerRule(StrEnum):
    FIRST_DOUBLE = "first-double"
    FIRST_CLOSED_DOUBLE = "first-closed-double"


class SidesOpen(StrEnum):
    IMMEDIATELY = "immediately"
    AFTER_BOTH_MAIN = "after-both-main"


# Enum members read once: ``End.W`` looks the member up through the enum's class on
# every read (about ten times a local's cost), and the table's hot paths read them.
_W, _E, _N, _S = End.W, End.E, End.N, End.S
_SPINNER = Layout.SPINNER
_FIRST_DOUBLE = SpinnerRule.FIRST_DOUBLE
_IMMEDIATELY = SidesOpen.IMMEDIATELY


@dataclass(frozen=True, slots=True)
class TableRules:
    layout: Layout = Layout.LINE
    spinner: SpinnerRule = SpinnerRule.FIRST_DOUBLE
    sides_open: SidesOpen = SidesOpen.IMMEDIATELY
    double_counts: int = 2
    # kolbasa: the arms are owned lines, so every placement's end is written (``a-b:W``)
    write_end: bool = field(default=False, repr=False)


# ``new_placed(Placed, (tile, inner, outer, seat, order, face_down))``: Placed(...)
# without its Python-level __new__ (a hot path).
new_placed = tuple.__new__


class Placed(NamedTuple):
    """A tile on the table: ``inner`` touches the tile before it, ``outer`` faces out.

    For the lead, ``inner`` faces west and ``outer`` east. ``order`` is the
    placement's 0-based number in the round.
    """

    tile: Tile
    inner: int
    outer: int
    seat: int
    order: int
    face_down: bool = False


class CountedEnd(NamedTuple):
    """One counted open end: ``end`` (None for a lone double lead, counted once),
    the pip it shows, its value in the count (a double's both halves), and whether
    the tile there is a double."""

    end: End | None
    pip: int
    value: int
    double: bool


@dataclass(frozen=True, slots=True)
class SpinnerAt:
    """Where the spinner lies: the lead (``arm`` None) or ``arms[arm][index]``."""

    arm: End | None
    index: int


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """An immutable picture of the table, for views and the renderer."""

    rules: TableRules
    lead: Placed | None
    arms: dict[End, tuple[Placed, ...]]
    spinner: SpinnerAt | None
    sides_open: bool
    open_ends: dict[End, int]
    closed: frozenset[End]
    last: Placed | None
    count: int
    counted_ends: int
    counted: tuple[CountedEnd, ...] = ()  # what ``count`` adds up, end by end

    @property
    def tiles(self) -> tuple[Placed, ...]:
        """Every placed tile, in placement order."""
        out = [] if self.lead is None else [self.lead]
        for arm in self.arms.values():
            out.extend(arm)
        return tuple(sorted(out, key=lambda p: p.order))


class Table:
    """The mutable table of one round (the game owns it; views get snapshots)."""

    __slots__ = ("_ends", "_spinner_layout", "arms", "closed", "last", "lead", "ns_open",
                 "placed", "rules", "spinner")

    def __init__(self, rules: TableRules) -> None:
        self.rules = rules
        self._spinner_layout = rules.layout is _SPINNER
        self.lead: Placed | None = None
        self.arms: dict[End, list[Placed]] = {_W: [], _E: [], _N: [], _S: []}
        self.spinner: SpinnerAt | None = None
        self.ns_open = False
        self.closed: set[End] = set()
        self.last: Placed | None = None
        self.placed = 0
        self._ends: dict[End, int] = {}

    def copy(self) -> Table:
        t = Table.__new__(Table)
        t.rules = self.rules
        t._spinner_layout = self._spinner_layout
        t.lead = self.lead
        arms = self.arms  # always the four ends, in End's order (a comprehension costs a frame)
        t.arms = {_W: arms[_W][:], _E: arms[_E][:], _N: arms[_N][:], _S: arms[_S][:]}
        t.spinner = self.spinner
        t.ns_open = self.ns_open
        t.closed = set(self.closed)
        t.last = self.last
        t.placed = self.placed
        t._ends = dict(self._ends)
        return t

    @classmethod
    def restore(cls, snap: TableSnapshot) -> Table:
        """A working table rebuilt from a snapshot: the same tiles, spinner, open and
        closed ends (to try a placement on what a view shows)."""
        t = cls(snap.rules)
        t.lead = snap.lead
        t.arms = {end: list(snap.arms.get(end, ())) for end in End}
        t.spinner = snap.spinner
        t.ns_open = snap.sides_open
        t.closed = set(snap.closed)
        t.last = snap.last
        t.placed = len(snap.tiles)
        t._ends = dict(snap.open_ends)
        return t

    # ----------------------------------------------------------------- queries
    @property
    def empty(self) -> bool:
        return self.lead is None

    def open_ends(self) -> dict[End, int]:
        """The ends a tile may be placed on now, with the pip each shows."""
        return self._ends

    def fits(self, tile: Tile) -> list[End]:
        return [e for e, pip in self._ends.items() if pip == tile.a or pip == tile.b]

    def spinner_tile(self) -> Placed | None:
        s = self.spinner
        if s is None:
            return None
        if s.arm is None:
            return self.lead
        return self.arms[s.arm][s.index]

    def _main_sides_touched(self) -> bool:
        s = self.spinner
        if s is None:
            return False
        if s.arm is None:
            return bool(self.arms[_W]) and bool(self.arms[_E])
        return len(self.arms[s.arm]) > s.index + 1

    def counted_ends(self) -> list[int]:
        """The values of the counted open ends (docs/rules.md section 2)."""
        k = self.rules.double_counts
        return [pip * k if double else pip for _, pip, double in self._counted()]

    def counted_by_end(self) -> list[CountedEnd]:
        """The counted open ends, each with its end, pip and value (docs/rules.md section 2)."""
        k = self.rules.double_counts
        return [CountedEnd(end, pip, pip * k if double else pip, double)
                for end, pip, double in self._counted()]

    def _counted(self) -> list[tuple[End | None, int, bool]]:
        """The counted open ends as ``(end, pip, double)``: the tile at each end of
        arms W and E (the lead's pip there while the arm is empty; a lone double lead
        once, end None) and of arms N and S; an end closed face down does not count."""
        lead = self.lead
        if lead is None:
            return []
        arms = self.arms
        west, east = arms[_W], arms[_E]
        out: list[tuple[End | None, int, bool]] = []
        if not west and not east:
            if lead.tile.is_double:
                out.append((None, lead.inner, True))
            else:
                out.append((_W, lead.inner, False))
                out.append((_E, lead.outer, False))
        else:
            for end, arm, lead_pip in ((_W, west, lead.inner), (_E, east, lead.outer)):
                if arm:
                    last = arm[-1]
                    if not last.face_down:
                        out.append((end, last.outer, last.tile.is_double))
                else:
                    out.append((end, lead_pip, lead.tile.is_double))
        for end in (_N, _S):
            arm = arms[end]
            if arm:
                last = arm[-1]
                if not last.face_down:
                    out.append((end, last.outer, last.tile.is_double))
        return out

    def count(self) -> int:
        return sum(self.counted_ends())

    def four_ends(self) -> tuple[int, int, int, int] | None:
        """W, E, N, S pips when there is a spinner (an empty N or S shows its pip)."""
        sp = self.spinner_tile()
        lead = self.lead
        if sp is None or lead is None:
            return None
        w = self.arms[_W][-1].outer if self.arms[_W] else lead.inner
        e = self.arms[_E][-1].outer if self.arms[_E] else lead.outer
        n = self.arms[_N][-1].outer if self.arms[_N] else sp.outer
        s = self.arms[_S][-1].outer if self.arms[_S] else sp.outer
        return (w, e, n, s)

    # ---------------------------------------------------------------- changes
    def place_lead(self, tile: Tile, west: int, seat: int) -> Placed:
        east = tile.b if west == tile.a else tile.a
        p = new_placed(Placed, (tile, west, east, seat, 0, False))
        self.lead = p
        self.last = p
        self.placed = 1
        if not self._spinner_layout and not self.closed:
            self._ends = {_W: west, _E: east}  # what _recompute_ends finds on a line
            return p
        if tile.is_double and self.rules.layout is _SPINNER:
            self.spinner = SpinnerAt(None, 0)
            self.ns_open = (
                self.rules.spinner is _FIRST_DOUBLE
                and self.rules.sides_open is _IMMEDIATELY
            )
        self._recompute_ends()
        return p

    def place(self, tile: Tile, end: End, seat: int, face_down: bool = False) -> Placed:
        """Attach ``tile`` to the open ``end`` (the caller checked it fits)."""
        ends = self._ends
        pip = ends[end]
        arm = self.arms[end]
        outer = tile.b if pip == tile.a else tile.a
        p = new_placed(Placed, (tile, pip, outer, seat, self.placed, face_down))
        rules = self.rules
        spinner_layout = self._spinner_layout
        if spinner_layout and self.spinner is None:
            if rules.spinner is _FIRST_DOUBLE:
                if tile.is_double and not face_down:
                    self.spinner = SpinnerAt(end, len(arm))
                    self.ns_open = rules.sides_open is _IMMEDIATELY
            else:
                # first-closed-double: the double at this end gets its second main side now.
                prev = arm[-1] if arm else None
                if prev is not None and prev.tile.is_double and not prev.face_down:
                    self.spinner = SpinnerAt(end, len(arm) - 1)
                    self.ns_open = True
        arm.append(p)
        self.placed += 1
        self.last = p
        if spinner_layout and self.spinner is not None and (
            not self.ns_open or _N not in ends
        ):
            if not self.ns_open and self._main_sides_touched():
                self.ns_open = True
            if face_down:
                self.closed.add(end)
            self._recompute_ends()
        elif face_down:
            self.closed.add(end)
            del ends[end]
        else:
            ends[end] = outer
        return p

    def cut(self, tile: Tile, end: End, onto: End, seat: int) -> Placed:
        """``kolbasa``'s cut (docs/rules.md 4.19): attach ``tile`` to ``end`` (the caller
        checked it fits there and its other pip fits ``onto``), then move arm ``end``
        whole, reversed and each tile turned round, onto the end of arm ``onto``;
        arm ``end`` is left empty. Tiles keep their placer and order. Line layout only.
        Returns the placement of ``tile`` as it lies after the cut."""
        self.place(tile, end, seat)
        moved = self.arms[end]
        self.arms[end] = []
        target = self.arms[onto]
        for p in reversed(moved):
            target.append(new_placed(Placed, (p.tile, p.outer, p.inner, p.seat, p.order,
                                              p.face_down)))
        self.last = target[len(target) - len(moved)]
        self._recompute_ends()
        return self.last

    def reopen(self, end: End) -> None:
        arm = self.arms[end]
        last = arm[-1]
        arm[-1] = Placed(last.tile, last.inner, last.outer, last.seat, last.order, False)
        self.closed.discard(end)
        self._recompute_ends()

    def _recompute_ends(self) -> None:
        lead = self.lead
        ends: dict[End, int] = {}
        if lead is not None:
            w, e = self.arms[_W], self.arms[_E]
            ends[_W] = w[-1].outer if w else lead.inner
            ends[_E] = e[-1].outer if e else lead.outer
            if self.ns_open:
                sp = self.spinner_tile()
                assert sp is not None
                for end in (_N, _S):
                    arm = self.arms[end]
                    ends[end] = arm[-1].outer if arm else sp.outer
            for end in self.closed:
                ends.pop(end, None)
        self._ends = ends

    def snapshot(self) -> TableSnapshot:
        counted = tuple(self.counted_by_end())
        ends = [c.value for c in counted]
        return TableSnapshot(
            rules=self.rules,
            lead=self.lead,
            arms={k: tuple(v) for k, v in self.arms.items()},
            spinner=self.spinner,
            sides_open=self.ns_open,
            open_ends=dict(self._ends),
            closed=frozenset(self.closed),
            last=self.last,
            count=sum(ends),
            counted_ends=len(ends),
            counted=counted,
        )
