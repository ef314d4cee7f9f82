"""The ``triangular`` (Tri-Ominos) table picture, drawn from the public view only.

A header of seat chips (name, triangles left, total, whose turn and how many
draws he has made), the grid in the middle, a footer with the pool and the last
move's bonus ("hexagon +50", "bridge +40"). Every placed triangle shows its three
numbers, each inside its own corner, lightly coloured by who placed it; the last
one is framed. Every open cell (an empty cell sharing an edge with a triangle) is
outlined with its coordinates "x,y", as the hand's buttons name it; an open cell
no triangle left in play could fill is greyed. The grid is scaled down as it grows
and cropped to the layout with a margin; the canvas is fixed (1280 x 720).

:func:`layout` is pure (geometry only) so that tests check bounds and overlaps;
:func:`render_triangular` draws it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.triangular.rules import (
    BRIDGE_BONUS,
    HEXAGON_BONUS,
    TRIANGLE_SET,
    Cell,
    Grid,
    Placed,
    TriangularView,
    corners,
    points_up,
)
from renderer.draw import encode
from renderer.scene import RenderResult
from renderer.text import draw_text, fit, font, sanitize, text_width
from renderer.theme import CLASSIC, RGB, Theme

WIDTH, HEIGHT = 1280, 720
HEADER = 96
FOOTER = 64
MARGIN = 24
MAX_SIDE = 150  # the side of a triangle, px, on a small grid
SQRT3_2 = math.sqrt(3) / 2
Point = tuple[float, float]
Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class TriLabels:
    """The words the picture shows; the bot passes them from its catalogue."""

    turn: str = "Turn"
    pool: str = "Pool"
    round: str = "Round"
    draws: str = "draws"
    hexagon: str = "hexagon"
    bridge: str = "bridge"


@dataclass(frozen=True, slots=True)
class CellItem:
    """One cell of the picture: its triangle (``placed``) or an open cell."""

    cell: Cell
    polygon: tuple[Point, Point, Point]
    placed: Placed | None
    last: bool = False
    dead: bool = False  # open, but no triangle left in play fits it
    label_box: Box | None = None  # the coordinates' text, open cells only
    number_boxes: tuple[Box, ...] = ()  # the three numbers, placed cells only


@dataclass(frozen=True, slots=True)
class Layout:
    side: float
    items: tuple[CellItem, ...]
    area: Box  # where the grid may be drawn


def _vertex_xy(v: tuple[int, int], side: float, origin: Point) -> Point:
    return (origin[0] + v[0] * side / 2, origin[1] - v[1] * side * SQRT3_2)


def _text_box(cx: float, cy: float, width: float, height: float) -> Box:
    return (math.floor(cx - width / 2), math.floor(cy - height / 2),
            math.ceil(cx + width / 2), math.ceil(cy + height / 2))


def number_size(side: float) -> int:
    return max(8, int(side * 0.2))


def label_size(side: float, text: str) -> int:
    """The coordinates' font size: it fits inside the cell's inscribed circle."""
    size = max(7, int(side * 0.17))
    while size > 7 and font(size).getlength(text) > side * 0.5:
        size -= 1
    return size


def _dead_cells(view: TriangularView, grid: Grid) -> set[Cell]:
    placed = {p.tile for p in view.placed}
    readings = [r for t in TRIANGLE_SET if t not in placed for r in t.turnings]
    known: dict[tuple[int | None, ...], bool] = {}  # many cells need the same numbers
    dead: set[Cell] = set()
    for c in view.open_cells:
        need = grid.need(c)
        if need not in known:
            known[need] = not any(all(n is None or n == x for n, x in zip(need, r, strict=True))
                                  for r in readings)
        if known[need]:
            dead.add(c)
    return dead


def layout(view: TriangularView, width: int = WIDTH, height: int = HEIGHT) -> Layout:
    """The picture's geometry: the grid scaled to fit the area between header and
    footer, the placed and the open cells."""
    area = (MARGIN, HEADER + MARGIN // 2, width - MARGIN, height - FOOTER - MARGIN // 2)
    cells: list[Cell] = [p.cell for p in view.placed] + list(view.open_cells)
    if not cells:
        return Layout(MAX_SIDE, (), area)
    verts = [v for c in cells for v in corners(c)]
    xs = [v[0] for v in verts]
    ys = [v[1] for v in verts]
    span_x = (max(xs) - min(xs)) / 2  # in sides
    span_y = (max(ys) - min(ys)) * SQRT3_2
    aw, ah = area[2] - area[0], area[3] - area[1]
    side = min(MAX_SIDE, aw / max(span_x, 0.5), ah / max(span_y, 0.5))
    grid_w, grid_h = span_x * side, span_y * side
    left = area[0] + (aw - grid_w) / 2
    top = area[1] + (ah - grid_h) / 2
    origin = (left - min(xs) * side / 2, top + max(ys) * side * SQRT3_2)
    grid = view.grid()
    dead = _dead_cells(view, grid)
    last = view.placed[-1].cell if view.placed else None
    items: list[CellItem] = []
    nsize = number_size(side)
    for p in view.placed:
        poly = tuple(_vertex_xy(v, side, origin) for v in corners(p.cell))
        cx = sum(q[0] for q in poly) / 3
        cy = sum(q[1] for q in poly) / 3
        boxes = []
        for (vx, vy), n in zip(poly, p.numbers, strict=True):
            tx, ty = vx + (cx - vx) * 0.56, vy + (cy - vy) * 0.56
            w = font(nsize, True).getlength(str(n))
            boxes.append(_text_box(tx, ty, w, nsize * 0.8))
        items.append(CellItem(p.cell, (poly[0], poly[1], poly[2]), p, p.cell == last,
                              number_boxes=tuple(boxes)))
    for c in view.open_cells:
        poly = tuple(_vertex_xy(v, side, origin) for v in corners(c))
        cx = sum(q[0] for q in poly) / 3
        cy = sum(q[1] for q in poly) / 3
        text = f"{c[0]},{c[1]}"
        size = label_size(side, text)
        w = font(size).getlength(text)
        items.append(CellItem(c, (poly[0], poly[1], poly[2]), None, dead=c in dead,
                              label_box=_text_box(cx, cy, w, size * 0.8)))
    return Layout(side, tuple(items), area)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _caption(view: TriangularView, labels: TriLabels) -> str:
    """The last placement and its bonus: "Boris: 5-5-2 ▼1,0 +12 · bridge +40"."""
    for ev in reversed(view.events):
        if ev.kind != "place" or ev.placed is None or ev.scored is None:
            continue
        p = ev.placed
        a, b, c = p.numbers
        shape = "▲" if points_up(p.cell) else "▼"
        name = sanitize(view.players[ev.seat], bold=True) or f"#{ev.seat + 1}"
        text = (f"{name}: {a}-{b}-{c} "
                f"{shape}{p.cell[0]},{p.cell[1]} {ev.points:+d}")
        sc = ev.scored
        if sc.bridge:
            text += f" · {labels.bridge} +{BRIDGE_BONUS}"
        if sc.hexagons:
            text += f" · {labels.hexagon} +{HEXAGON_BONUS[sc.hexagons]}"
            if sc.hexagons > 1:
                text += f" (×{sc.hexagons})"
        return text
    return ""


def render_triangular(view: TriangularView, labels: TriLabels = TriLabels(),
                      theme: Theme = CLASSIC, banner: str | None = None) -> RenderResult:
    """The table picture of a view (any seat's: only public facts are drawn)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    draw = ImageDraw.Draw(img)
    lay = layout(view)
    side = lay.side
    line = max(1, int(side / 40))
    nfont = font(number_size(side), True)
    for item in lay.items:
        poly = list(item.polygon)
        if item.placed is None:
            fill = _mix(theme.background, (128, 128, 128), 0.55) if item.dead else None
            draw.polygon(poly, fill=fill, outline=_mix(theme.background, (255, 255, 255), 0.45))
            if item.label_box is not None:
                text = f"{item.cell[0]},{item.cell[1]}"
                lx = (item.label_box[0] + item.label_box[2]) / 2
                ly = (item.label_box[1] + item.label_box[3]) / 2
                draw.text((lx, ly), text, font=font(label_size(side, text)),
                          fill=_mix(theme.background, (255, 255, 255), 0.8), anchor="mm")
            continue
        seat = item.placed.seat
        tint = theme.side_colors[seat % len(theme.side_colors)]
        draw.polygon(poly, fill=_mix(theme.face, tint, 0.22), outline=theme.face_edge,
                     width=line)
        for box, n in zip(item.number_boxes, item.placed.numbers, strict=True):
            draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(n), font=nfont,
                      fill=theme.pip_color(n) if theme.pip_colors else theme.pip, anchor="mm")
    for item in lay.items:  # the last triangle's frame, over its neighbours' edges
        if item.last:
            draw.polygon(list(item.polygon), outline=theme.accent, width=max(3, int(side / 18)))
    _header(draw, view, labels, theme)
    _footer(draw, view, labels, theme)
    if banner:
        f = font(44, True)
        text = fit(sanitize(banner, True), f, WIDTH - 120)
        w = text_width(text, 44, True)
        cy = HEIGHT // 2
        draw.rounded_rectangle(((WIDTH - w) / 2 - 30, cy - 40, (WIDTH + w) / 2 + 30, cy + 40),
                               radius=20, fill=theme.accent)
        draw_text(draw, (WIDTH / 2, cy), text, 44, bold=True, fill=(30, 30, 30), anchor="mm")
    data = encode(img)
    # The triangles' places are the layout's (:func:`layout`), not domino TilePlacements.
    return RenderResult(data, "JPEG", WIDTH, HEIGHT, ())


def _header(draw: ImageDraw.ImageDraw, view: TriangularView, labels: TriLabels,
            theme: Theme) -> None:
    n = len(view.players)
    pad, gap = 12, 10
    chip_w = (WIDTH - 2 * pad - (n - 1) * gap) / n
    draw.rectangle((0, 0, WIDTH, HEADER - 8), fill=_mix(theme.panel, theme.background, 0.15))
    name_font = font(28, True)
    small = font(22)
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
        draw.ellipse((x0 + 12, y0 + 14, x0 + 30, y0 + 32), fill=dot, outline=(255, 255, 255),
                     width=2)
        total = str(view.totals[seat])
        tw = name_font.getlength(total)
        name = fit(sanitize(view.players[seat], True) or f"#{seat + 1}", name_font,
                   chip_w - 60 - tw)
        draw_text(draw, (x0 + 40, y0 + 23), name, 28, bold=True, fill=text, anchor="lm")
        draw.text((x1 - 12, y0 + 23), total, font=name_font, fill=text, anchor="rm")
        tri = ((x0 + 14, y0 + 62), (x0 + 28, y0 + 62), (x0 + 21, y0 + 50))
        draw.polygon(tri, fill=theme.face, outline=muted)
        line = f"× {view.counts[seat]}"
        if on_turn:
            line += f"   {sanitize(labels.turn)}"
            if view.draws:
                line += f" · {sanitize(labels.draws)}: {view.draws}/3"
        draw_text(draw, (x0 + 36, y0 + 56), fit(line, small, chip_w - 48), 22, fill=muted,
                  anchor="lm")


def _footer(draw: ImageDraw.ImageDraw, view: TriangularView, labels: TriLabels,
            theme: Theme) -> None:
    y0 = HEIGHT - FOOTER + 6
    cy = y0 + (FOOTER - 6) / 2
    draw.rectangle((0, y0, WIDTH, HEIGHT), fill=_mix(theme.panel, theme.background, 0.15))
    right = f"{sanitize(labels.round)} {view.round_index + 1} · {sanitize(labels.pool)}: " \
            f"{view.pool}"
    rw = text_width(right, 24)
    draw_text(draw, (WIDTH - 20, cy), right, 24, fill=theme.panel_text, anchor="rm")
    caption = fit(_caption(view, labels), font(24, True), WIDTH - 60 - rw)
    if caption:
        draw_text(draw, (20, cy), caption, 24, bold=True, fill=theme.panel_text, anchor="lm")
