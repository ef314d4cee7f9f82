"""The ``chicken_foot`` table picture, drawn from the public view only (no hand).

A header of seat chips (name, tiles left, total, whose turn), the tree in the
middle, a footer with the round, its engine and the chicken yard's size. The
engine lies in the centre; its arms leave it in fixed directions (four: east, west,
north, south in the order laid; six: every 60°). Each tile of a branch lies along
it, the pip that touches towards the engine; a double at a branch's end lies
across it and its three toes fan out from its two corners and its middle, like a
bird's foot (50° apart, less further out so that the branches keep clear of their
neighbours), each the start of a branch of its own. Every open end carries the name the hand's
buttons give it ("2.1"); the chicken foot still waiting for toes, or the engine
still waiting for arms, is framed with how many it still needs; the last tile
placed is framed. A branch keeps its newest tiles only (five on an arm, three
further out), the older ones folded into a "+n" chip, and the whole tree is
scaled to the canvas (1280 x 720), so any table fits.

:func:`layout` is pure (geometry only) so that tests check bounds and labels;
:func:`render_chicken` draws it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.chicken.kind import ChickenView, PublicBranch
from engine.chicken.table import ENGINE
from engine.core.tiles import Tile
from renderer.draw import encode
from renderer.scene import RenderResult
from renderer.text import draw_text, fit, font, sanitize, text_width
from renderer.theme import CLASSIC, RGB, Theme
from renderer.tiles import tile_sprite

WIDTH, HEIGHT = 1280, 720
HEADER = 96
FOOTER = 56
MARGIN = 20
MAX_UNIT = 54.0  # the short side of a tile, px, on a small tree
GAP = 0.08  # between two tiles of a branch, in units
ARM_TILES = 5  # the newest tiles an arm shows
TOE_TILES = 3  # the newest tiles a branch further out shows
TOE_SPREAD = 50.0  # degrees between a foot's toes, at most
MIN_SPREAD = 32.0  # and at least
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


class _Tree:
    """The tree laid out in units, the engine at the origin (y up)."""

    def __init__(self, view: ChickenView, labels: ChickenLabels, unit: float) -> None:
        self.view = view
        self.labels = labels
        self.unit = unit  # the label sizes depend on it
        self.tiles: list[TileItem] = []
        self.texts: list[LabelItem] = []
        self.folds: list[FoldItem] = []
        self.by_name = {b.name: b for b in view.branches}
        self.open = {target for target, _ in view.ends}
        self.last = last_tile(view)
        self.pending = view.pending[0] if view.pending is not None else None

    def build(self) -> None:
        view = self.view
        engine = view.engine
        if engine is None:
            return
        arms = [b for b in view.branches if "." not in b.name]
        waiting = ENGINE in self.open
        self.tiles.append(TileItem(engine, engine.a, engine.b, (0.0, 0.0), 0.0, "",
                                   waiting=waiting))
        angles = ARM_ANGLES.get(view.root_arms, ARM_ANGLES[4])
        if waiting:
            angle = angles[min(len(arms), len(angles) - 1)]
            text = (f"{engine} · "
                    + self.labels.arms.format(count=view.root_arms - len(arms)))
            w, _ = _label_units(text, self.unit)
            at = _add((0.0, 0.0), _dir(angle), _engine_exit(angle) + 0.4
                      + abs(_dir(angle)[0]) * w / 2 + abs(_dir(angle)[1]) * 0.5)
            self.texts.append(LabelItem(text, at, True))
        for arm in arms:
            index = int(arm.name) - 1
            angle = angles[index % len(angles)]
            # six arms 60° apart clear each other from 1.2 units out
            reach = max(_engine_exit(angle), 1.2 if len(angles) > 4 else 0.0)
            start = _add((0.0, 0.0), _dir(angle), reach + GAP)
            self._branch(arm, start, angle, engine.a, ARM_TILES, 360.0 / len(angles))

    def _branch(self, branch: PublicBranch, start: Point, angle: float, pip: int,
                keep: int, wedge: float) -> None:
        """Lay ``branch`` from ``start`` towards ``angle``; ``wedge``: the angle its
        part of the tree may spread over (a foot's toes share it in thirds, so the
        branches further out spread less and keep clear of their neighbours)."""
        d = _dir(angle)
        tiles = branch.tiles
        foot = branch.toes is not None
        plain = tiles[:-1] if foot else tiles
        shown_from = max(0, len(plain) - keep)
        pos = start
        if shown_from:
            self.folds.append(FoldItem(shown_from, _add(pos, d, 0.5)))
            pos = _add(pos, d, 1.0 + GAP)
        near = pip
        for i, tile in enumerate(plain):
            far = tile.other(near)
            if i >= shown_from:
                self.tiles.append(TileItem(tile, near, far, _add(pos, d, 1.0), angle,
                                           branch.name, last=tile == self.last))
                pos = _add(pos, d, 2.0 + GAP)
            near = far
        if foot:
            double = tiles[-1]
            centre = _add(pos, d, 0.5)
            waiting = branch.name == self.pending
            self.tiles.append(TileItem(double, double.a, double.b, centre, angle + 90.0,
                                       branch.name, last=double == self.last,
                                       waiting=waiting))
            if waiting and self.view.pending is not None:
                text = (f"{branch.name} · "
                        + self.labels.toes.format(count=self.view.pending[1]))
                w, h = _label_units(text, self.unit)
                side = _dir(angle - 90.0)
                at = _add(_add(centre, side, 1.25 + h / 2 + abs(side[0]) * w / 2), d, -0.4)
                self.texts.append(LabelItem(text, at, True))
            spread = max(MIN_SPREAD, min(TOE_SPREAD, wedge / 3))
            across = _dir(angle + 90.0)
            for k in range(1, (branch.toes or 0) + 1):
                toe = self.by_name.get(f"{branch.name}.{k}")
                if toe is None:
                    continue
                toe_angle = angle + spread * (2 - k)
                start = _add(_add(centre, d, 0.5 + GAP), across, 0.95 * (2 - k))
                self._branch(toe, start, toe_angle, double.a, TOE_TILES, wedge / 3)
            return
        if branch.name in self.open:
            w, h = _label_units(branch.name, self.unit)
            reach = 0.2 + abs(d[0]) * w / 2 + abs(d[1]) * h / 2
            self.texts.append(LabelItem(branch.name, _add(pos, d, reach)))

    def bounds(self) -> Box:
        xs: list[float] = []
        ys: list[float] = []
        for t in self.tiles:
            for x, y in _corners(t.centre, t.angle):
                xs.append(x)
                ys.append(y)
        for lab in self.texts:
            w, h = _label_units(lab.text, self.unit)
            xs.extend((lab.centre[0] - w / 2, lab.centre[0] + w / 2))
            ys.extend((lab.centre[1] - h / 2, lab.centre[1] + h / 2))
        for f in self.folds:
            xs.extend((f.centre[0] - 0.5, f.centre[0] + 0.5))
            ys.extend((f.centre[1] - 0.5, f.centre[1] + 0.5))
        if not xs:
            return (-1.0, -0.5, 1.0, 0.5)
        return min(xs), min(ys), max(xs), max(ys)


def layout(view: ChickenView, labels: ChickenLabels = ChickenLabels(),
           width: int = WIDTH, height: int = HEIGHT) -> Layout:
    """The picture's geometry: the tree scaled to fit between header and footer,
    centred, in pixels (y down)."""
    area = (MARGIN, HEADER + 8, width - MARGIN, height - FOOTER - 8)
    aw, ah = area[2] - area[0], area[3] - area[1]
    unit = MAX_UNIT
    tree = _Tree(view, labels, unit)
    for _ in range(4):  # the labels' size follows the scale: settle it
        tree = _Tree(view, labels, unit)
        tree.build()
        x0, y0, x1, y1 = tree.bounds()
        new = min(MAX_UNIT, aw / max(x1 - x0, 1e-6), ah / max(y1 - y0, 1e-6))
        if abs(new - unit) < 0.5:
            unit = min(unit, new)
            break
        unit = new
    x0, y0, x1, y1 = tree.bounds()
    ox = area[0] + (aw - (x1 - x0) * unit) / 2 - x0 * unit
    oy = area[1] + (ah - (y1 - y0) * unit) / 2 + y1 * unit

    def px(p: Point) -> Point:
        return ox + p[0] * unit, oy - p[1] * unit

    tiles = tuple(TileItem(t.tile, t.near, t.far, px(t.centre), t.angle, t.branch, t.last,
                           t.waiting) for t in tree.tiles)
    texts = tuple(LabelItem(lab.text, px(lab.centre), lab.needs) for lab in tree.texts)
    folds = tuple(FoldItem(f.count, px(f.centre)) for f in tree.folds)
    return Layout(unit, tiles, texts, folds, area)


def tile_polygon(item: TileItem, unit: float, grow: float = 1.0) -> list[Point]:
    """A tile's corners in pixels (the layout's y is down: the angle turns the other
    way)."""
    return _corners(item.centre, -item.angle, 2.0 * unit * grow, unit * grow)


def label_box(item: LabelItem, unit: float) -> Box:
    w, h = _label_units(item.text, unit)
    cx, cy = item.centre
    return cx - w * unit / 2, cy - h * unit / 2, cx + w * unit / 2, cy + h * unit / 2


@lru_cache(maxsize=1024)
def _sprite(theme: Theme, unit: int, near: int, far: int, angle: float) -> Image.Image:
    sprite = tile_sprite(theme, unit, near, far, False)
    return sprite.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def render_chicken(view: ChickenView, names: Sequence[str],
                   labels: ChickenLabels = ChickenLabels(), theme: Theme = CLASSIC,
                   banner: str | None = None) -> RenderResult:
    """The table picture of a view (any seat's: only public facts are drawn)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    draw = ImageDraw.Draw(img)
    lay = layout(view, labels)
    unit = max(6, int(lay.unit))
    for item in lay.tiles:
        sprite = _sprite(theme, unit, item.near, item.far, round(item.angle % 360, 1))
        img.paste(sprite, (round(item.centre[0] - sprite.width / 2),
                           round(item.centre[1] - sprite.height / 2)), sprite)
    ring = max(3, unit // 9)
    for item in lay.tiles:
        if item.waiting:
            draw.polygon(tile_polygon(item, lay.unit, 1.28), outline=theme.accent,
                         width=ring + 1)
        elif item.last:
            draw.polygon(tile_polygon(item, lay.unit, 1.1), outline=theme.accent, width=ring)
    for fold in lay.folds:
        cx, cy = fold.centre
        r = lay.unit * 0.45
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.panel,
                     outline=theme.face_edge, width=2)
        draw.text((cx, cy), f"+{fold.count}", font=font(max(10, int(r * 0.9)), True),
                  fill=theme.panel_text, anchor="mm")
    size = label_size(lay.unit)
    for lab in lay.labels:
        box = label_box(lab, lay.unit)
        fill = theme.accent if lab.needs else theme.panel
        ink = (30, 30, 30) if lab.needs else theme.panel_text
        draw.rounded_rectangle(box, radius=size * 0.6, fill=fill)
        draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), lab.text,
                  font=font(size, True), fill=ink, anchor="mm")
    _header(draw, view, names, labels, theme)
    _footer(draw, view, labels, theme)
    if banner:
        f = font(44, True)
        text = fit(sanitize(banner, True), f, WIDTH - 120)
        w = text_width(text, 44, True)
        cy = HEIGHT // 2
        draw.rounded_rectangle(((WIDTH - w) / 2 - 30, cy - 40, (WIDTH + w) / 2 + 30, cy + 40),
                               radius=20, fill=theme.accent)
        draw_text(draw, (WIDTH / 2, cy), text, 44, bold=True, fill=(30, 30, 30), anchor="mm")
    return RenderResult(encode(img), "JPEG", WIDTH, HEIGHT, ())


def _header(draw: ImageDraw.ImageDraw, view: ChickenView, names: Sequence[str],
            labels: ChickenLabels, theme: Theme) -> None:
    n = view.players
    pad, gap = 12, 10
    chip_w = (WIDTH - 2 * pad - (n - 1) * gap) / n
    draw.rectangle((0, 0, WIDTH, HEADER - 8), fill=_mix(theme.panel, theme.background, 0.15))
    name_size = 28 if n <= 4 else 22
    name_font = font(name_size, True)
    small_size = 22 if n <= 4 else 18
    small = font(small_size)
    for seat in range(n):
        x0 = pad + seat * (chip_w + gap)
        x1 = x0 + chip_w
        y0, y1 = 8, HEADER - 16
        on_turn = view.turn == seat
        draw.rounded_rectangle((x0, y0, x1, y1), radius=14,
                               fill=theme.accent if on_turn else theme.panel)
        text = (30, 30, 30) if on_turn else theme.panel_text
        muted = (60, 50, 30) if on_turn else theme.panel_muted
        dot = theme.side_colors[seat % len(theme.side_colors)]
        draw.ellipse((x0 + 10, y0 + 14, x0 + 26, y0 + 30), fill=dot, outline=(255, 255, 255),
                     width=2)
        total = str(view.totals[seat]) if seat < len(view.totals) else "0"
        tw = name_font.getlength(total)
        shown = names[seat] if seat < len(names) else ""
        name = fit(sanitize(shown, True) or f"#{seat + 1}", name_font, chip_w - 54 - tw)
        draw_text(draw, (x0 + 34, y0 + 22), name, name_size, bold=True, fill=text, anchor="lm")
        draw.text((x1 - 10, y0 + 22), total, font=name_font, fill=text, anchor="rm")
        draw.rounded_rectangle((x0 + 12, y0 + 48, x0 + 30, y0 + 60), radius=3, fill=theme.face,
                               outline=muted)
        count = view.hand_sizes[seat] if seat < len(view.hand_sizes) else 0
        line = f"× {count}"
        if on_turn:
            line += f"   {sanitize(labels.turn)}"
        draw_text(draw, (x0 + 38, y0 + 55), fit(line, small, chip_w - 50), small_size,
                  fill=muted, anchor="lm")


def _footer(draw: ImageDraw.ImageDraw, view: ChickenView, labels: ChickenLabels,
            theme: Theme) -> None:
    y0 = HEIGHT - FOOTER + 6
    cy = y0 + (FOOTER - 6) / 2
    draw.rectangle((0, y0, WIDTH, HEIGHT), fill=_mix(theme.panel, theme.background, 0.15))
    rounds = view.options.rounds if view.options is not None else None
    of = f"/{rounds}" if rounds else ""
    left = f"{sanitize(labels.round)} {view.round_index + 1}{of}"
    if view.engine is not None:
        left += f" · {sanitize(labels.engine)} {view.engine}"
    draw_text(draw, (20, cy), left, 24, bold=True, fill=theme.panel_text, anchor="lm")
    right = f"{sanitize(labels.yard)}: {view.boneyard_left}"
    draw_text(draw, (WIDTH - 20, cy), right, 24, fill=theme.panel_text, anchor="rm")
