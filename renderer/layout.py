"""Where every tile of a table goes: a hub, rays going out of it, snakes at the edges.

The hub is the spinner when there is one (drawn across the W-E line), else the
lead. Each direction W, E (and N, S off a spinner) is a *ray*: the tiles going
outward from the hub, in order. When the spinner lies on arm E, the tiles of E
before it, the lead and arm W form the west ray (and likewise for W).

A ray walks straight until the next tile would leave the board or its region,
then folds: one tile turns (``fold`` direction), and the ray comes back the
other way, like a snake at a real table. Each ray owns a region of the board
(a pinwheel around a spinner, two halves around a lead), so rays never meet;
every tile is also checked against every tile already placed. When a ray has
no room left the layout fails and the caller tries a smaller tile.

Coordinates are pixels relative to the hub's centre until :func:`fit_layout`
moves them onto the canvas.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.core.moves import End
from engine.domino.table import Placed, TableSnapshot

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1
Vec = tuple[int, int]

EAST: Vec = (1, 0)
WEST: Vec = (-1, 0)
NORTH: Vec = (0, -1)
SOUTH: Vec = (0, 1)


@dataclass(frozen=True, slots=True)
class RayItem:
    """A tile of a ray: ``near`` is the pip towards the hub, ``far`` the other."""

    placed: Placed
    near: int
    far: int


@dataclass(frozen=True, slots=True)
class Rays:
    hub: Placed | None
    hub_across: bool  # the hub is a double drawn across the W-E line
    hub_first: int  # the pip on its west (or north) half
    spinner: bool  # four rays (the hub is the spinner)
    rays: dict[End, tuple[RayItem, ...]]


def build_rays(table: TableSnapshot) -> Rays:
    """The hub and the rays of ``table`` (docs/rules.md section 2)."""
    lead = table.lead
    empty: dict[End, tuple[RayItem, ...]] = {e: () for e in End}
    if lead is None:
        return Rays(None, False, 0, False, empty)

    def normal(arm: Iterable[Placed]) -> tuple[RayItem, ...]:
        return tuple(RayItem(p, p.inner, p.outer) for p in arm)

    def backwards(arm: Sequence[Placed]) -> tuple[RayItem, ...]:
        return tuple(RayItem(p, p.outer, p.inner) for p in reversed(arm))

    arms = table.arms
    sp = table.spinner
    if sp is None or sp.arm is None:
        rays = {e: normal(arms.get(e, ())) for e in End}
        return Rays(lead, lead.tile.is_double, lead.inner, sp is not None, rays)
    arm = arms[sp.arm]
    hub = arm[sp.index]
    beyond = normal(arm[sp.index + 1:])
    if sp.arm is End.E:
        back = (*backwards(arm[:sp.index]), RayItem(lead, lead.outer, lead.inner),
                *normal(arms[End.W]))
        rays = {End.E: beyond, End.W: back}
    else:
        back = (*backwards(arm[:sp.index]), RayItem(lead, lead.inner, lead.outer),
                *normal(arms[End.E]))
        rays = {End.W: beyond, End.E: back}
    rays[End.N] = normal(arms[End.N])
    rays[End.S] = normal(arms[End.S])
    return Rays(hub, True, hub.inner, True, rays)


@dataclass(frozen=True, slots=True)
class TileBox:
    """A tile's place: its rectangle and the pips on its left/top and right/bottom half
    (None for a face-down tile)."""

    placed: Placed
    rect: Rect
    first: int | None
    second: int | None
    vertical: bool


@dataclass(frozen=True, slots=True)
class MarkBox:
    """Where the letter of an open end goes."""

    end: End
    rect: Rect


@dataclass(frozen=True, slots=True)
class Layout:
    unit: int
    tiles: tuple[TileBox, ...]
    marks: tuple[MarkBox, ...]

    def moved(self, dx: float, dy: float) -> Layout:
        def mv(r: Rect) -> Rect:
            return (r[0] + dx, r[1] + dy, r[2] + dx, r[3] + dy)

        return Layout(
            self.unit,
            tuple(TileBox(t.placed, mv(t.rect), t.first, t.second, t.vertical)
                  for t in self.tiles),
            tuple(MarkBox(m.end, mv(m.rect)) for m in self.marks),
        )

    def bbox(self) -> Rect:
        rects = [t.rect for t in self.tiles] + [m.rect for m in self.marks]
        if not rects:
            return (0.0, 0.0, 0.0, 0.0)
        return (min(r[0] for r in rects), min(r[1] for r in rects),
                max(r[2] for r in rects), max(r[3] for r in rects))


class NoRoom(Exception):
    """The rays do not fit the board at this tile size."""


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(r: Rect, box: Rect) -> bool:
    return box[0] <= r[0] and box[1] <= r[1] and r[2] <= box[2] and r[3] <= box[3]


def _box(o: tuple[float, float], u: Vec, a0: float, a1: float, v: Vec, b0: float,
         b1: float) -> Rect:
    xs = [o[0] + u[0] * a + v[0] * b for a in (a0, a1) for b in (b0, b1)]
    ys = [o[1] + u[1] * a + v[1] * b for a in (a0, a1) for b in (b0, b1)]
    return (min(xs), min(ys), max(xs), max(ys))


def _perp(h: Vec) -> Vec:
    return (-h[1], h[0])


def _neg(h: Vec) -> Vec:
    return (-h[0], -h[1])


def _faces(item: RayItem, long_axis: Vec) -> tuple[int | None, int | None, bool]:
    """The pips on the left/top and right/bottom halves of a non-double laid along
    ``long_axis`` with its near pip first, and whether it is vertical."""
    if item.placed.face_down:
        return None, None, long_axis[1] != 0
    near, far = item.near, item.far
    if long_axis in (EAST, SOUTH):
        return near, far, long_axis == SOUTH
    return far, near, long_axis == NORTH


class _Walker:
    """Lays out one ray inside its region."""

    def __init__(self, unit: int, gap: int, mark: int, region: Sequence[Rect],
                 placed: list[Rect]) -> None:
        self.u = unit
        self.g = gap
        self.m = mark
        self.region = region
        self.placed = placed

    def ok(self, r: Rect) -> bool:
        if not self.in_region(r):
            return False
        return not any(overlaps(r, o) for o in self.placed)

    def in_region(self, r: Rect) -> bool:
        return any(_inside(r, box) for box in self.region)

    def straight(self, p: tuple[float, float], h: Vec, item: RayItem, reserve: bool = False
                 ) -> tuple[TileBox, tuple[float, float]] | None:
        """The tile straight on; with ``reserve``, only if a turning tile still fits after it."""
        u, g = self.u, self.g
        if item.placed.tile.is_double:
            r = _box(p, h, g, g + u, _perp(h), -u, u)
            vertical = h[1] == 0
            pip: int | None = None if item.placed.face_down else item.near
            tb = TileBox(item.placed, r, pip, pip, vertical)
            exit_ = (p[0] + h[0] * (g + u), p[1] + h[1] * (g + u))
        else:
            r = _box(p, h, g, g + 2 * u, _perp(h), -u / 2, u / 2)
            first, second, vertical = _faces(item, h)
            tb = TileBox(item.placed, r, first, second, vertical)
            exit_ = (p[0] + h[0] * (g + 2 * u), p[1] + h[1] * (g + 2 * u))
        if reserve and not self.in_region(_box(exit_, h, g, g + u, _perp(h), -u / 2, u / 2)):
            return None
        return (tb, exit_) if self.ok(r) else None

    def turn(self, p: tuple[float, float], h: Vec, h2: Vec, item: RayItem
             ) -> tuple[TileBox, tuple[float, float]] | None:
        u, g = self.u, self.g
        if item.placed.tile.is_double:
            # The double lies along the old line; the new line leaves its middle.
            r = _box(p, h, g, g + 2 * u, h2, -u / 2, u / 2)
            pip: int | None = None if item.placed.face_down else item.near
            tb = TileBox(item.placed, r, pip, pip, h[1] != 0)
            exit_ = (p[0] + h[0] * (g + u) + h2[0] * u / 2, p[1] + h[1] * (g + u) + h2[1] * u / 2)
        else:
            r = _box(p, h, g, g + u, h2, -u / 2, 3 * u / 2)
            first, second, vertical = _faces(item, h2)
            tb = TileBox(item.placed, r, first, second, vertical)
            exit_ = (p[0] + h[0] * (g + u / 2) + h2[0] * 3 * u / 2,
                     p[1] + h[1] * (g + u / 2) + h2[1] * 3 * u / 2)
        return (tb, exit_) if self.ok(r) else None

    def mark(self, p: tuple[float, float], h: Vec, fold: Vec) -> Rect | None:
        u, g, m = self.u, self.g, self.m
        # Beside the last tile means across the heading; while a ray is folding its
        # heading is the fold itself, so take the perpendicular then.
        side = fold if fold[0] * h[0] + fold[1] * h[1] == 0 else _perp(h)
        candidates = [
            _box(p, h, g, g + m, _perp(h), -m / 2, m / 2),
            _box(p, h, -m, 0, side, u / 2 + g, u / 2 + g + m),
            _box(p, h, -m, 0, _neg(side), u / 2 + g, u / 2 + g + m),
            _box(p, h, -m, 0, side, u + g, u + g + m),
            _box(p, h, -m, 0, _neg(side), u + g, u + g + m),
        ]
        for r in candidates:
            if self.ok(r):
                return r
        return None

    def walk(self, start: tuple[float, float], out: Vec, fold: Vec,
             items: Sequence[RayItem], end: End | None) -> tuple[list[TileBox], MarkBox | None]:
        boxes: list[TileBox] = []
        p, heading, run = start, out, out
        folding = False
        for item in items:
            if not folding:
                res = self.straight(p, heading, item, reserve=True)
                if res is None:
                    res = self.turn(p, heading, fold, item)
                    if res is not None:
                        folding, heading = True, fold
                    else:
                        res = self.straight(p, heading, item)
                        if res is None:
                            raise NoRoom
            else:
                back = _neg(run)
                res = self.turn(p, heading, back, item)
                if res is not None:
                    folding, heading, run = False, back, back
                else:
                    res = self.straight(p, heading, item)
                    if res is None:
                        raise NoRoom
            box, p = res
            boxes.append(box)
            self.placed.append(box.rect)
        mark = None
        if end is not None:
            r = self.mark(p, heading, fold)
            if r is None:
                raise NoRoom
            self.placed.append(r)
            mark = MarkBox(end, r)
        return boxes, mark


# Each ray: its outward direction and its fold direction (a pinwheel).
_SPINNER_DIRS: dict[End, tuple[Vec, Vec]] = {
    End.W: (WEST, NORTH), End.E: (EAST, SOUTH), End.N: (NORTH, EAST), End.S: (SOUTH, WEST),
}

INF = 1e9


def _regions(spinner: bool, hub_w: float, unit: int) -> dict[End, list[Rect]]:
    u = unit
    hw = hub_w / 2
    if spinner:
        return {
            End.E: [(hw, -u, INF, u), (u, -u, INF, INF)],
            End.S: [(-INF, u, u, INF)],
            End.W: [(-INF, -u, -hw, u), (-INF, -INF, -u, u)],
            End.N: [(-u, -INF, INF, -u)],
        }
    return {
        End.E: [(hw, -u, INF, INF), (-INF, u, INF, INF)],
        End.W: [(-INF, -INF, -hw, u), (-INF, -INF, INF, -u)],
        End.N: [],
        End.S: [],
    }


def _clip(r: Rect, board: Rect) -> Rect:
    return (max(r[0], board[0]), max(r[1], board[1]), min(r[2], board[2]), min(r[3], board[3]))


def ray_length(items: Sequence[RayItem], unit: int, gap: int) -> int:
    return sum((unit if i.placed.tile.is_double else 2 * unit) + gap for i in items)


def layout_rays(rays: Rays, open_ends: Iterable[End], unit: int, board: Rect) -> Layout:
    """Lay ``rays`` out with tiles of ``unit`` px on ``board`` (hub-relative); may raise
    :class:`NoRoom`."""
    u = unit
    gap = max(2, round(u * 0.08))
    mark = max(round(u * 0.95), 22)
    hub = rays.hub
    if hub is None:
        return Layout(u, (), ())
    if rays.hub_across:
        hub_w, hub_h = u, 2 * u
    else:
        hub_w, hub_h = 2 * u, u
    hub_rect: Rect = (-hub_w / 2, -hub_h / 2, hub_w / 2, hub_h / 2)
    if not _inside(hub_rect, board):
        raise NoRoom
    if hub.face_down:
        first: int | None = None
        second: int | None = None
    elif hub.tile.is_double:
        first = second = hub.inner
    else:
        first, second = hub.inner, hub.outer
    tiles = [TileBox(hub, hub_rect, first, second, rays.hub_across)]
    marks: list[MarkBox] = []
    placed: list[Rect] = [hub_rect]
    regions = _regions(rays.spinner, hub_w, u)
    open_set = set(open_ends)
    for end in (End.W, End.E, End.N, End.S):
        items = rays.rays.get(end, ())
        if not regions[end]:
            continue
        out, fold = _SPINNER_DIRS[end]
        if not rays.spinner and end is End.W:
            fold = NORTH
        start = (out[0] * hub_w / 2, out[1] * hub_h / 2)
        region = [_clip(r, board) for r in regions[end]]
        walker = _Walker(u, gap, mark, region, placed)
        boxes, mk = walker.walk(start, out, fold, items, end if end in open_set else None)
        tiles.extend(boxes)
        if mk is not None:
            marks.append(mk)
    return Layout(u, tuple(tiles), tuple(marks))


UNITS = (56, 50, 46, 42, 38, 34, 30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8)


@dataclass(frozen=True, slots=True)
class Area:
    """A candidate drawing area; ``weight`` below 1 makes it less wanted (a taller picture)."""

    width: float
    height: float
    weight: float = 1.0


def fit_layout(rays: Rays, open_ends: Iterable[End], areas: Sequence[Area],
               units: Sequence[int] = UNITS) -> tuple[Layout, int]:
    """The layout with the largest (weighted) tile that fits one of ``areas``, centred in
    it (coordinates from the area's top-left corner), and the index of that area."""
    ends = tuple(open_ends)
    n = sum(len(r) for r in rays.rays.values()) + 1
    tries = sorted(((u, i) for u in units for i in range(len(areas))),
                   key=lambda ui: (-ui[0] * areas[ui[1]].weight, ui[1]))
    for u, i in tries:
        width, height = areas[i].width, areas[i].height
        if n * 2 * u * u > 0.6 * width * height:
            continue
        gap = max(2, round(u * 0.08))
        lengths = {e: ray_length(r, u, gap) + u for e, r in rays.rays.items()}
        for fx, fy in _hub_positions(rays, lengths):
            hx, hy = round(width * fx), round(height * fy)
            board = (-hx, -hy, width - hx, height - hy)
            try:
                lay = layout_rays(rays, ends, u, board)
            except NoRoom:
                continue
            x0, y0, x1, y1 = lay.bbox()
            dx = min(max(math.floor((width - x1 - x0) / 2), -x0), width - x1)
            dy = min(max(math.floor((height - y1 - y0) / 2), -y0), height - y1)
            return lay.moved(dx, dy), i
    raise NoRoom  # pragma: no cover - the smallest unit holds any double-twelve set


def _hub_positions(rays: Rays, lengths: dict[End, int]) -> list[tuple[float, float]]:
    lw, le = lengths[End.W], lengths[End.E]
    ln, ls = lengths[End.N], lengths[End.S]

    def share(a: float, b: float) -> float:
        return min(0.75, max(0.25, a / (a + b))) if a + b else 0.5

    fx = share(lw, le)
    fy = share(ln + lw / 2, ls + le / 2) if rays.spinner else share(lw, le)
    out = [(fx, fy), (0.5, 0.5), (fx, 0.5), (0.5, fy)]
    seen: list[tuple[float, float]] = []
    for p in out:
        if p not in seen:
            seen.append(p)
    return seen
