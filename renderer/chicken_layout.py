"""The layout of the ``chicken_foot`` table picture (renderer/chicken.py), pure
geometry: where every tile, fold chip and label of the tree goes.

The tree is laid out radially, so that feet on feet stay readable: every arm owns a
sector of the circle around the engine (its boundary with a neighbour set by how many
open ends each holds), a foot splits its branch's sector among its toes by their open
ends, and each toe aims at its own sector's middle. The tiles are then checked
against each other (rotated rectangles, the separating-axis test); where two still
overlap, the fan of a foot between them is turned or widened, and failing that long
branches fold more of their tiles. Every open end's label is put at the first free
spot beside it. :func:`layout` gives tile centres and angles, fold chips and label
centres; :func:`tile_polygon` and :func:`label_box` their outlines, for the tests.
The layout is deterministic: the same view gives the same picture.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.chicken.kind import ChickenView, PublicBranch
from engine.chicken.table import ENGINE
from engine.core.tiles import Tile
from renderer.text import text_width

WIDTH, HEIGHT = 1280, 720
HEADER = 96
FOOTER = 56
MARGIN = 20
MAX_UNIT = 54.0  # the short side of a tile, px, on a small tree
GAP = 0.08  # between two tiles of a branch, in units
ARM_TILES = 5  # the newest tiles an arm shows
TOE_TILES = 3  # the newest tiles a branch further out shows
MIN_SPREAD = 28.0  # degrees between a foot's toes, at least
MAX_TURN = 70.0  # how far a toe turns from its foot's branch, at most
# the tiles an arm and a branch further out show, tried in turn until no tiles overlap
KEEPS = ((ARM_TILES, TOE_TILES), (4, 2), (3, 2), (3, 1), (2, 1), (1, 1))
AIM_BEYOND = 2.0  # a toe aims at its sector's middle this far beyond its end
MAX_BEND = 88.0  # and when its fan is turned to clear a neighbour
FAN_TRIES = ((15.0, 1.0), (-15.0, 1.0), (0.0, 1.3), (30.0, 1.0), (-30.0, 1.0),
             (0.0, 0.75), (45.0, 1.0), (-45.0, 1.0), (0.0, 1.7), (15.0, 1.3),
             (-15.0, 1.3), (60.0, 1.0), (-60.0, 1.0))
SEARCH_ROUNDS = 12  # fans changed per tree at most
SIDEWAYS = 3  # of them to a layout no better, when no change helps
SEARCH_BUDGET = 120  # trees tried per picture at most, so that any tree is drawn quickly
LABEL_CLEAR = 0.12  # units between a label and anything else
END_TURNS = (0.0, 30.0, -30.0, 60.0, -60.0, 90.0, -90.0, 125.0, -125.0, 160.0, -160.0)
SIDE_TURNS = (-90.0, 90.0, -130.0, 130.0, -50.0, 50.0, 180.0)
ARM_ANGLES = {4: (0.0, 180.0, 90.0, 270.0), 6: (0.0, 180.0, 60.0, 240.0, 120.0, 300.0)}
Point = tuple[float, float]
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class ChickenLabels:
    """The words the picture shows; the bot passes them from its catalogue
    (``toes`` and ``arms`` hold ``{count}``)."""

    turn: str = "Turn"
    yard: str = "Yard"
    round: str = "Round"
    engine: str = "Engine"
    toes: str = "toes to go: {count}"
    arms: str = "arms to go: {count}"


DEFAULT_LABELS = ChickenLabels()  # the English words (the bot passes its reader's)


@dataclass(frozen=True, slots=True)
class TileItem:
    """A tile of the picture: its two pips (``near`` towards the engine), its centre
    and its angle (degrees counter-clockwise; 0 lies east-west), in units."""

    tile: Tile
    near: int
    far: int
    centre: Point
    angle: float
    branch: str  # "" for the engine
    last: bool = False
    waiting: bool = False  # the engine lacking arms, or the foot lacking toes


@dataclass(frozen=True, slots=True)
class LabelItem:
    """A name on the picture: an open end's, or what a framed double still needs."""

    text: str
    centre: Point
    needs: bool = False  # the framed double's count


@dataclass(frozen=True, slots=True)
class FoldItem:
    """The older tiles of a long branch, folded into one chip."""

    count: int
    centre: Point
    angle: float = 0.0  # its branch's
    branch: str = ""


@dataclass(frozen=True, slots=True)
class Layout:
    """The tree in picture pixels: ``unit`` the short side of a tile."""

    unit: float
    tiles: tuple[TileItem, ...]
    labels: tuple[LabelItem, ...]
    folds: tuple[FoldItem, ...]
    area: tuple[int, int, int, int]


def _dir(angle: float) -> Point:
    r = math.radians(angle)
    return math.cos(r), math.sin(r)


def _add(p: Point, d: Point, k: float) -> Point:
    return p[0] + d[0] * k, p[1] + d[1] * k


def _corners(centre: Point, angle: float, length: float = 2.0, width: float = 1.0
             ) -> list[Point]:
    (cx, cy), (dx, dy) = centre, _dir(angle)
    px, py = -dy, dx
    hl, hw = length / 2, width / 2
    return [(cx + dx * a * hl + px * b * hw, cy + dy * a * hl + py * b * hw)
            for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def _engine_exit(angle: float) -> float:
    """How far from the engine's centre a ray at ``angle`` leaves it (2 x 1)."""
    dx, dy = _dir(angle)
    return min(1.0 / abs(dx) if abs(dx) > 1e-9 else math.inf,
               0.5 / abs(dy) if abs(dy) > 1e-9 else math.inf)


def last_tile(view: ChickenView) -> Tile | None:
    """The tile of the round's last placement (None: none yet)."""
    for text in reversed(view.moves):
        tile_text, sep, _ = text.partition(":")
        if sep:
            a, b = tile_text.split("-")
            return Tile(int(a), int(b))
    return None


def label_size(unit: float) -> int:
    return max(13, min(26, int(unit * 0.5)))


def _label_units(text: str, unit: float) -> tuple[float, float]:
    """A label chip's width and height, in units."""
    size = label_size(unit)
    return (text_width(text, size, True) + size) / unit, size * 1.5 / unit


def _polar(angle: float, radius: float) -> Point:
    r = math.radians(angle)
    return math.cos(r) * radius, math.sin(r) * radius


def _turn(a: float) -> float:
    """``a`` in degrees brought to (-180, 180]."""
    a = math.fmod(a, 360.0)
    if a > 180.0:
        a -= 360.0
    elif a <= -180.0:
        a += 360.0
    return a


def _box_of(poly: Sequence[Point]) -> Box:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _apart(p: Sequence[Point], q: Sequence[Point], slack: float) -> bool:
    """Whether two rectangles (their corners in order) whose bounding boxes overlap
    overlap by no more than ``slack`` along one of their sides' normals (the separating-axis
    test; the boxes' own axes are left out, their test has been made)."""
    for poly in (p, q):
        (x0, y0), (x1, y1), (x2, y2) = poly[0], poly[1], poly[2]
        for ax, ay in ((y1 - y0, x0 - x1), (y2 - y1, x1 - x2)):
            if abs(ax) < 1e-9 or abs(ay) < 1e-9:
                continue
            n = math.hypot(ax, ay)
            ax, ay = ax / n, ay / n
            ps = [x * ax + y * ay for x, y in p]
            qs = [x * ax + y * ay for x, y in q]
            if max(ps) <= min(qs) + slack or max(qs) <= min(ps) + slack:
                return True
    return False


def _rect(box: Box) -> list[Point]:
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


class _Shapes:
    """The rectangles already placed (tiles, fold chips, labels), in units, each with
    its bounding box, so that a new one is checked against them quickly."""

    def __init__(self) -> None:
        self.polys: list[list[Point]] = []
        self.boxes: list[Box] = []
        self.owners: list[str] = []

    def add(self, poly: list[Point], owner: str = "") -> None:
        self.polys.append(poly)
        self.boxes.append(_box_of(poly))
        self.owners.append(owner)

    def hits(self, poly: list[Point], slack: float = 0.02) -> int:
        """How many placed rectangles ``poly`` overlaps by more than ``slack`` (a
        negative ``slack``: comes nearer than that)."""
        bx0, by0, bx1, by1 = _box_of(poly)
        count = 0
        for i, (x0, y0, x1, y1) in enumerate(self.boxes):
            if x0 >= bx1 - slack or bx0 >= x1 - slack or y0 >= by1 - slack \
                    or by0 >= y1 - slack:
                continue
            if not _apart(poly, self.polys[i], slack):
                count += 1
        return count

    def clashes(self) -> list[tuple[str, str]]:
        """The owners of every two rectangles that overlap."""
        out: list[tuple[str, str]] = []
        boxes, polys = self.boxes, self.polys
        for i in range(1, len(polys)):
            ax0, ay0, ax1, ay1 = boxes[i]
            for j in range(i):
                x0, y0, x1, y1 = boxes[j]
                if x0 >= ax1 - 0.02 or ax0 >= x1 - 0.02 or y0 >= ay1 - 0.02 \
                        or ay0 >= y1 - 0.02:
                    continue
                if not _apart(polys[i], polys[j], 0.02):
                    out.append((self.owners[i], self.owners[j]))
        return out


class _Tree:
    """The tree laid out in units, the engine at the origin (y up).

    A radial layout: every arm owns a sector of the circle around the engine (its
    neighbours' share split by how many open ends each holds), and a foot splits its
    branch's sector among its toes the same way; a toe leaves its double's corner or
    middle aimed at its own sector's middle, so that subtrees keep to their sectors
    and clear of each other."""

    def __init__(self, view: ChickenView, keep: tuple[int, int],
                 fans: dict[str, tuple[float, float]] | None = None) -> None:
        self.view = view
        # a foot's toes turned further (degrees) and fanned wider (a factor), to
        # clear a neighbour
        self.fans = fans or {}
        self.keep = keep  # the newest tiles an arm, and a branch further out, shows
        self.tiles: list[TileItem] = []
        self.folds: list[FoldItem] = []
        self.ends: list[tuple[str, Point, float]] = []  # an open end's tip, direction
        self.needs: tuple[str, Point, float] | None = None  # the waiting foot's
        self.by_name = {b.name: b for b in view.branches}
        self.open = {target for target, _ in view.ends}
        self.last = last_tile(view)
        self.pending = view.pending[0] if view.pending is not None else None
        self._leaves: dict[str, int] = {}

    def leaves(self, name: str) -> int:
        """How many open ends (or toes still to come) the subtree of ``name`` has."""
        if name not in self._leaves:
            branch = self.by_name.get(name)
            if branch is None or branch.toes is None:
                count = 1
            else:
                count = sum(self.leaves(f"{name}.{k}") for k in range(1, 4))
            self._leaves[name] = count
        return self._leaves[name]

    def build(self) -> None:
        view = self.view
        engine = view.engine
        if engine is None:
            return
        arms = {b.name: b for b in view.branches if "." not in b.name}
        waiting = ENGINE in self.open
        self.tiles.append(TileItem(engine, engine.a, engine.b, (0.0, 0.0), 0.0, "",
                                   waiting=waiting))
        angles = ARM_ANGLES.get(view.root_arms, ARM_ANGLES[4])
        n = len(angles)
        weight = [self.leaves(str(i + 1)) if str(i + 1) in arms else 1 for i in range(n)]
        order = sorted(range(n), key=lambda i: angles[i])
        gap = 360.0 / n
        upper: dict[int, float] = {}
        lower: dict[int, float] = {}
        for j, i in enumerate(order):
            nxt = order[(j + 1) % n]
            share = min(0.85, max(0.15, weight[i] / (weight[i] + weight[nxt])))
            upper[i] = angles[i] + gap * share
            lower[nxt] = angles[nxt] - gap * (1.0 - share)
        if waiting:
            angle = angles[min(len(arms), n - 1)]
            self.needs = ("", (0.0, 0.0), angle)
        for name, arm in arms.items():
            index = (int(name) - 1) % n
            angle = angles[index]
            # six arms 60° apart clear each other from 1.2 units out
            reach = max(_engine_exit(angle), 1.2 if n > 4 else 0.0)
            start = _add((0.0, 0.0), _dir(angle), reach + GAP)
            self._branch(arm, start, angle, engine.a, self.keep[0], lower[index],
                         upper[index])

    def _shown(self, branch: PublicBranch, keep: int) -> float:
        """How long ``branch`` is drawn, its foot's double included, in units."""
        plain = len(branch.tiles) - (1 if branch.toes is not None else 0)
        shown = min(plain, keep)
        return (shown * (2.0 + GAP) + (1.0 + GAP if plain > keep else 0.0)
                + (1.0 if branch.toes is not None else 0.0))

    def _branch(self, branch: PublicBranch, start: Point, angle: float, pip: int,
                keep: int, lo: float, hi: float) -> None:
        """Lay ``branch`` from ``start`` towards ``angle`` within the sector ``lo``..
        ``hi`` (degrees, seen from the engine)."""
        d = _dir(angle)
        tiles = branch.tiles
        foot = branch.toes is not None
        plain = tiles[:-1] if foot else tiles
        shown_from = max(0, len(plain) - keep)
        pos = start
        if shown_from:
            self.folds.append(FoldItem(shown_from, _add(pos, d, 0.5), angle, branch.name))
            pos = _add(pos, d, 1.0 + GAP)
        near = pip
        for i, tile in enumerate(plain):
            far = tile.other(near)
            if i >= shown_from:
                self.tiles.append(TileItem(tile, near, far, _add(pos, d, 1.0), angle,
                                           branch.name, last=tile == self.last))
                pos = _add(pos, d, 2.0 + GAP)
            near = far
        if not foot:
            if branch.name in self.open:
                self.ends.append((branch.name, pos, angle))
            return
        double = tiles[-1]
        centre = _add(pos, d, 0.5)
        waiting = branch.name == self.pending
        self.tiles.append(TileItem(double, double.a, double.b, centre, angle + 90.0,
                                   branch.name, last=double == self.last,
                                   waiting=waiting))
        if waiting:
            self.needs = (branch.name, centre, angle)
        names = [f"{branch.name}.{k}" for k in range(1, 4)]
        weights = [self.leaves(name) for name in names]
        total = sum(weights)
        across = _dir(angle + 90.0)
        starts: list[Point] = []
        turns: list[float] = []
        top = hi
        sectors: list[tuple[float, float]] = []
        for k, name in enumerate(names):
            bottom = top - (hi - lo) * weights[k] / total
            sectors.append((bottom, top))
            toe_start = _add(_add(centre, d, 0.5 + GAP), across, 0.95 * (1 - k))
            starts.append(toe_start)
            toe = self.by_name.get(name)
            length = self._shown(toe, self.keep[1]) if toe is not None else 2.0
            radius = math.hypot(*toe_start) + length + AIM_BEYOND
            tx, ty = _polar((bottom + top) / 2, radius)
            aim = math.degrees(math.atan2(ty - toe_start[1], tx - toe_start[0]))
            turns.append(max(-MAX_TURN, min(MAX_TURN, _turn(aim - angle))))
            top = bottom
        # the toes fan out: each at least MIN_SPREAD from the next
        turns[1] = max(-MAX_TURN + MIN_SPREAD, min(MAX_TURN - MIN_SPREAD, turns[1]))
        turns[0] = max(turns[0], turns[1] + MIN_SPREAD)
        turns[2] = min(turns[2], turns[1] - MIN_SPREAD)
        if branch.name in self.fans:
            rot, wide = self.fans[branch.name]
            fan = [turns[1] + rot + (t - turns[1]) * wide for t in turns]
            # turned as a whole, so that the toes keep their spread
            shift = max(0.0, fan[0] - MAX_BEND) - max(0.0, -MAX_BEND - fan[2])
            turns = [t - shift for t in fan]
        # a toe turned aside swings a back corner towards its double or a sibling:
        # move its start out (the middle one along the branch, the others along the
        # double, away from the middle) until its first tile clears them
        close = _Shapes()
        close.add(_corners(centre, angle + 90.0))
        for k, push in ((1, d), (0, across), (2, (-across[0], -across[1]))):
            toe_dir = _dir(angle + turns[k])
            for _ in range(16):
                first = _corners(_add(starts[k], toe_dir, 1.0), angle + turns[k])
                if not close.hits(first, 0.01):
                    break
                starts[k] = _add(starts[k], push, 0.15)
            close.add(first)
        for k, name in enumerate(names):
            toe = self.by_name.get(name)
            if toe is not None:
                self._branch(toe, starts[k], angle + turns[k], double.a, self.keep[1],
                             *sectors[k])

    def shapes(self) -> _Shapes:
        shapes = _Shapes()
        for t in self.tiles:
            shapes.add(_corners(t.centre, t.angle), t.branch)
        for f in self.folds:
            shapes.add(_corners(f.centre, f.angle, 1.0, 1.0), f.branch)
        return shapes


def _place_labels(tree: _Tree, shapes: _Shapes, labels: ChickenLabels, unit: float
                  ) -> list[LabelItem]:
    """Every label at the first free spot near what it names: beyond an open end
    (straight on, then turned aside), or beside the double (or engine) it frames."""
    placed = _Shapes()
    out: list[LabelItem] = []

    def put(text: str, tip: Point, angle: float, turns: Sequence[float], gap: float,
            needs: bool) -> None:
        w, h = _label_units(text, unit)
        first: Point | None = None
        for extra in (0.0, 0.9, 2.0, 3.5, 5.0):
            for turn in turns:
                ux, uy = _dir(angle + turn)
                reach = gap + extra + min(abs(ux) * w / 2 + abs(uy) * h / 2,
                                          math.hypot(w, h) / 2)
                at = _add(tip, (ux, uy), reach)
                box = _rect((at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2))
                if first is None:
                    first = at
                if not shapes.hits(box, -LABEL_CLEAR) and not placed.hits(box, -LABEL_CLEAR):
                    placed.add(box)
                    out.append(LabelItem(text, at, needs))
                    return
        assert first is not None
        placed.add(_rect((first[0] - w / 2, first[1] - h / 2, first[0] + w / 2,
                          first[1] + h / 2)))
        out.append(LabelItem(text, first, needs))

    view = tree.view
    if tree.needs is not None:
        name, centre, angle = tree.needs
        if name:
            count = view.pending[1] if view.pending is not None else 0
            text = f"{name} · " + labels.toes.format(count=count)
            put(text, centre, angle, SIDE_TURNS, 1.35, True)
        elif view.engine is not None:
            arms = sum(1 for b in view.branches if "." not in b.name)
            text = (f"{view.engine} · "
                    + labels.arms.format(count=view.root_arms - arms))
            put(text, _add(centre, _dir(angle), _engine_exit(angle)), angle,
                END_TURNS, 0.4, True)
    for name, tip, angle in tree.ends:
        put(name, tip, angle, END_TURNS, 0.15, False)
    return out


def _bounds(tree: _Tree, texts: Sequence[LabelItem], unit: float) -> Box:
    xs: list[float] = []
    ys: list[float] = []
    for t in tree.tiles:
        for x, y in _corners(t.centre, t.angle):
            xs.append(x)
            ys.append(y)
    for lab in texts:
        w, h = _label_units(lab.text, unit)
        xs.extend((lab.centre[0] - w / 2, lab.centre[0] + w / 2))
        ys.extend((lab.centre[1] - h / 2, lab.centre[1] + h / 2))
    for f in tree.folds:
        xs.extend((f.centre[0] - 0.71, f.centre[0] + 0.71))
        ys.extend((f.centre[1] - 0.71, f.centre[1] + 0.71))
    if not xs:
        return (-1.0, -0.5, 1.0, 0.5)
    return min(xs), min(ys), max(xs), max(ys)


def _feet_between(a: str, b: str) -> list[str]:
    """The feet whose toes' fan decides where two branches lie: their common
    ancestor's and those below it on either side."""
    pa, pb = a.split("."), b.split(".")
    common = 0
    while common < min(len(pa), len(pb)) and pa[common] == pb[common]:
        common += 1
    feet: list[str] = []
    for parts in (pa, pb):
        for n in range(len(parts) - 1, max(common, 1) - 1, -1):
            feet.append(".".join(parts[:n]))
    if common and common < min(len(pa), len(pb)):
        feet.append(".".join(pa[:common]))
    return list(dict.fromkeys(f for f in feet if f))


def _grow(view: ChickenView) -> _Tree:
    """The tree with the most tiles shown whose tiles clear each other: a foot whose
    toes run into a neighbour turns or widens its fan; failing that, long branches
    fold more of their tiles."""
    best: _Tree | None = None
    best_clash = 0
    budget = SEARCH_BUDGET
    for keep in KEEPS:
        spend = min(budget, SEARCH_BUDGET // 3)  # the trees this fold may try
        fans: dict[str, tuple[float, float]] = {}
        tree = _Tree(view, keep, fans)
        tree.build()
        clash = tree.shapes().clashes()
        seen = {frozenset(fans.items())}
        sideways = SIDEWAYS
        for _ in range(SEARCH_ROUNDS):
            if not clash:
                return tree
            better = level = None
            for foot in dict.fromkeys(f for a, b in clash for f in _feet_between(a, b)):
                rot0, wide0 = fans.get(foot, (0.0, 1.0))
                for rot, wide in FAN_TRIES:
                    trial = {**fans, foot: (rot0 + rot, max(0.6, min(2.2, wide0 * wide)))}
                    key = frozenset(trial.items())
                    if key in seen or spend <= 0:
                        continue
                    seen.add(key)
                    spend -= 1
                    budget -= 1
                    candidate = _Tree(view, keep, trial)
                    candidate.build()
                    found = candidate.shapes().clashes()
                    if len(found) < len(clash):
                        better = (candidate, found, trial)
                        break
                    if level is None and len(found) == len(clash):
                        level = (candidate, found, trial)
                if better is not None:
                    break
            if better is None and level is not None and sideways:
                # stuck: step to as good a layout once, to look around it
                better, sideways = level, sideways - 1
            if better is None:
                break
            tree, clash, fans = better
        if not clash:
            return tree
        if best is None or len(clash) < best_clash:
            best, best_clash = tree, len(clash)
    assert best is not None
    return best


def layout(view: ChickenView, labels: ChickenLabels = DEFAULT_LABELS,
           width: int = WIDTH, height: int = HEIGHT) -> Layout:
    """The picture's geometry: the tree scaled to fit between header and footer,
    centred, in pixels (y down)."""
    area = (MARGIN, HEADER + 8, width - MARGIN, height - FOOTER - 8)
    aw, ah = area[2] - area[0], area[3] - area[1]
    tree = _grow(view)
    shapes = tree.shapes()
    x0, y0, x1, y1 = _bounds(tree, (), MAX_UNIT)  # the tiles alone: the most it can be
    unit = min(MAX_UNIT, aw / max(x1 - x0, 1e-6), ah / max(y1 - y0, 1e-6))
    texts = _place_labels(tree, shapes, labels, unit)
    for _ in range(4):  # the labels' size follows the scale: settle it
        x0, y0, x1, y1 = _bounds(tree, texts, unit)
        new = min(MAX_UNIT, aw / max(x1 - x0, 1e-6), ah / max(y1 - y0, 1e-6))
        if new >= unit * 0.97:
            break
        unit = new
        texts = _place_labels(tree, shapes, labels, unit)
    for _ in range(4):  # a smaller scale makes the labels a little larger in units
        x0, y0, x1, y1 = _bounds(tree, texts, unit)
        new = min(aw / max(x1 - x0, 1e-6), ah / max(y1 - y0, 1e-6))
        if new >= unit:
            break
        unit = new * 0.995
    ox = area[0] + (aw - (x1 - x0) * unit) / 2 - x0 * unit
    oy = area[1] + (ah - (y1 - y0) * unit) / 2 + y1 * unit

    def px(p: Point) -> Point:
        return ox + p[0] * unit, oy - p[1] * unit

    tiles = tuple(TileItem(t.tile, t.near, t.far, px(t.centre), t.angle, t.branch, t.last,
                           t.waiting) for t in tree.tiles)
    out = tuple(LabelItem(lab.text, px(lab.centre), lab.needs) for lab in texts)
    folds = tuple(FoldItem(f.count, px(f.centre), f.angle, f.branch) for f in tree.folds)
    return Layout(unit, tiles, out, folds, area)


def tile_polygon(item: TileItem, unit: float, grow: float = 1.0) -> list[Point]:
    """A tile's corners in pixels (the layout's y is down: the angle turns the other
    way)."""
    return _corners(item.centre, -item.angle, 2.0 * unit * grow, unit * grow)


def label_box(item: LabelItem, unit: float) -> Box:
    w, h = _label_units(item.text, unit)
    cx, cy = item.centre
    return cx - w * unit / 2, cy - h * unit / 2, cx + w * unit / 2, cy + h * unit / 2
