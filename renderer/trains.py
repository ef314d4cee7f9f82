"""The ``mexican_train`` table picture (docs/rules.md 4.22), drawn from the public
table only: never a hand, never the boneyard's tiles.

The round's engine stands upright at the left; every train is a row leaving it to
the right: each seat's personal train, labelled with its owner's name, his tiles in
hand and his total, then the Mexican train in its own colour. An open train (its
owner's marker on it) carries a flag; the seat on turn's label is lit; the oldest
owed double is ringed and its row says which tile covers it. Doubles lie
crosswise. A long train keeps its newest tiles and folds the older ones into
"… +N", so the width stays bounded whatever the set and the table's size. A
footer gives the round, the engine, the boneyard and whose turn it is (and whether
he drew); a banner (the result) may lie across the middle.

:func:`table_of` turns the view's public table into :class:`TrainsTable`;
:func:`layout` is pure geometry (tests check bounds); :func:`render_trains` draws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderer.draw import encode
from renderer.scene import RenderResult
from renderer.text import draw_text, fit, font, sanitize, text_width
from renderer.theme import CLASSIC, RGB, Theme
from renderer.tiles import shadow_sprite, tile_sprite

WIDTH, HEIGHT = 1280, 720
FOOTER = 56
MARGIN = 16
LABEL_W = 250  # the names' column
ENGINE_GAP = 14
MAX_ROW = 110
GAP = 4
OWED_ROOM = 5  # units kept free after an owed double for its note
MEXICAN_COLOR: RGB = (214, 92, 58)
OWED_COLOR: RGB = (236, 64, 64)
Box = tuple[int, int, int, int]
Pips = tuple[int, int]


@dataclass(frozen=True, slots=True)
class TrainsLabels:
    """The words the picture shows; the bot passes them from its catalogue."""

    mexican: str = "Mexican train"
    round: str = "Round"
    boneyard: str = "Boneyard"
    turn: str = "Turn"
    drew: str = "drew"
    cover: str = "cover {tile}"  # beside an owed double


@dataclass(frozen=True, slots=True)
class TrainRow:
    """One train as the table shows it: its tiles as placed (the touching pip
    first), whose it is (None: the Mexican train) and its state."""

    owner: int | None
    tiles: tuple[Pips, ...]
    end: int
    open: bool = False  # its owner's marker is on it (the Mexican train is always open)
    owed: bool = False  # the oldest owed double is its last tile


@dataclass(frozen=True, slots=True)
class TrainsTable:
    """The public facts the picture draws."""

    engine: int
    rows: tuple[TrainRow, ...]  # one per seat, then the Mexican train
    names: tuple[str, ...]
    counts: tuple[int, ...]  # tiles in each hand
    totals: tuple[int, ...]
    turn: int | None
    boneyard: int
    round: int  # from 1
    rounds: int
    drew: bool = False


def _pips(text: str) -> Pips:
    a, b = text.split("-")
    return int(a), int(b)


def table_of(detail: Mapping[str, Any], names: Sequence[str], *, turn: int | None,
             totals: Sequence[int], boneyard: int) -> TrainsTable:
    """The picture's facts from a view's public table (``detail`` of
    :class:`engine.trains.kind.TrainsView`) and the names as the chat shows them."""
    counts = tuple(detail.get("counts", ()))
    seats = len(counts)
    trains: Mapping[str, Sequence[str]] = detail["trains"]
    ends: Mapping[str, int] = detail["ends"]
    markers = detail.get("markers", [False] * seats)
    owed = detail.get("owed", [])
    oldest = owed[0] if owed and not detail.get("first_round") else None
    rows = []
    for owner in [*range(seats), None]:
        key = "M" if owner is None else f"T{owner}"
        rows.append(TrainRow(owner, tuple(_pips(t) for t in trains.get(key, ())),
                             int(ends[key]), owner is None or bool(markers[owner]),
                             oldest == key))
    engine = _pips(str(detail["engine"]))[0]
    shown = tuple(names[s] if s < len(names) else f"#{s + 1}" for s in range(seats))
    return TrainsTable(engine, tuple(rows), shown, counts, tuple(totals), turn, boneyard,
                       int(detail.get("round", 1)), int(detail.get("rounds", 1)),
                       bool(detail.get("drew")))


@dataclass(frozen=True, slots=True)
class TileItem:
    box: Box
    pips: Pips
    vertical: bool  # a double, crosswise
    owed: bool = False


@dataclass(frozen=True, slots=True)
class RowItem:
    row: TrainRow
    box: Box  # the whole row, label included
    label_box: Box
    tiles: tuple[TileItem, ...]
    folded: int  # older tiles not drawn
    fold_box: Box | None


@dataclass(frozen=True, slots=True)
class Layout:
    unit: int
    engine_box: Box
    rows: tuple[RowItem, ...]


def layout(table: TrainsTable, width: int = WIDTH, height: int = HEIGHT) -> Layout:
    """Where everything goes: rows of equal height between the top and the footer,
    the engine upright across them at the left of the tiles, each row's newest
    tiles (as many as fit, the older ones folded)."""
    n = len(table.rows)
    top, bottom = MARGIN, height - FOOTER - MARGIN // 2
    row_h = min(MAX_ROW, (bottom - top) // max(n, 1))
    top += ((bottom - top) - row_h * n) // 2
    unit = max(8, int(row_h / 2.25))
    engine_x = MARGIN + LABEL_W
    span = top, top + row_h * n
    ew = unit
    eh = min(2 * unit, span[1] - span[0])
    ey = (span[0] + span[1] - eh) // 2
    engine_box = (engine_x, ey, engine_x + ew, ey + eh)
    x0 = engine_x + ew + ENGINE_GAP
    right = width - MARGIN
    fold_w = int(unit * 2.4)
    rows = []
    for i, row in enumerate(table.rows):
        y0 = top + i * row_h
        cy = y0 + row_h // 2
        widths = [unit if a == b else 2 * unit for a, b in row.tiles]
        avail = right - x0 - (OWED_ROOM * unit if row.owed else 0)  # room for "cover 9-9"
        total = sum(w + GAP for w in widths)
        first = 0
        if total > avail:  # fold the oldest tiles into "… +N"
            room = avail - fold_w - GAP
            used = 0
            first = len(widths)
            while first > 0 and used + widths[first - 1] + GAP <= room:
                first -= 1
                used += widths[first] + GAP
        x = x0
        fold_box: Box | None = None
        if first:
            fold_box = (x, cy - unit // 2, x + fold_w, cy + unit // 2)
            x += fold_w + GAP
        items = []
        for index in range(first, len(row.tiles)):
            a, b = row.tiles[index]
            vertical = a == b
            w, h = (unit, 2 * unit) if vertical else (2 * unit, unit)
            items.append(TileItem((x, cy - h // 2, x + w, cy - h // 2 + h), (a, b), vertical,
                                  row.owed and index == len(row.tiles) - 1))
            x += w + GAP
        rows.append(RowItem(row, (MARGIN, y0, right, y0 + row_h),
                            (MARGIN, y0 + 3, engine_x - 8, y0 + row_h - 3), tuple(items),
                            first, fold_box))
    return Layout(unit, engine_box, tuple(rows))


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _paste(canvas: Image.Image, theme: Theme, unit: int, box: Box, pips: Pips,
           vertical: bool) -> None:
    shadow, m = shadow_sprite(unit, vertical, theme.shadow_alpha)
    off = max(1, unit // 10)
    canvas.paste((0, 0, 0), (box[0] - m + off, box[1] - m + off), shadow)
    sprite = tile_sprite(theme, unit, pips[0], pips[1], vertical)
    canvas.paste(sprite, (box[0], box[1]), sprite)


def _flag(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, color: RGB) -> None:
    """The marker: a small flag on a pole, its foot at (x, y)."""
    pole = max(2, int(size / 9))
    draw.rectangle((x, y - size, x + pole, y), fill=(240, 240, 240))
    draw.polygon(((x + pole, y - size), (x + pole + size * 0.8, y - size * 0.75),
                  (x + pole, y - size * 0.5)), fill=color)


def render_trains(table: TrainsTable, labels: TrainsLabels = TrainsLabels(),
                  theme: Theme = CLASSIC, banner: str | None = None) -> RenderResult:
    """The table picture of a game's public table (any seat's view draws the same)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    draw = ImageDraw.Draw(img)
    lay = layout(table)
    unit = lay.unit
    name_size = max(14, min(28, int(unit * 0.8)))
    small_size = max(12, int(name_size * 0.75))
    for i, item in enumerate(lay.rows):
        row = item.row
        mexican = row.owner is None
        color = MEXICAN_COLOR if mexican else \
            theme.side_colors[(row.owner or 0) % len(theme.side_colors)]
        x0, y0, x1, y1 = item.box
        if i % 2:
            draw.rectangle((x0, y0, x1, y1), fill=_mix(theme.background, (0, 0, 0), 0.08))
        lx0, ly0, lx1, ly1 = item.label_box
        on_turn = row.owner is not None and row.owner == table.turn
        draw.rounded_rectangle(item.label_box, radius=10,
                               fill=theme.accent if on_turn else theme.panel)
        text = (30, 30, 30) if on_turn else theme.panel_text
        muted = (60, 50, 30) if on_turn else theme.panel_muted
        draw.rectangle((lx0, ly0 + 6, lx0 + 6, ly1 - 6), fill=color)
        flag_w = int(name_size * 0.9) if row.open else 0
        if mexican:
            name = sanitize(labels.mexican, True)
            detail = ""
        else:
            assert row.owner is not None
            name = sanitize(table.names[row.owner], True) or f"#{row.owner + 1}"
            detail = f"× {table.counts[row.owner]} · Σ {table.totals[row.owner]}" \
                if row.owner < len(table.counts) and row.owner < len(table.totals) else ""
        two_lines = bool(detail) and (ly1 - ly0) >= name_size + small_size + 8
        name_y = (ly0 + ly1) / 2 - (small_size / 2 + 2 if two_lines else 0)
        room = lx1 - lx0 - 22 - flag_w
        size = name_size  # a long name is first written smaller, then cut
        while size > 14 and text_width(name, size, True) > room:
            size -= 2
        name = fit(name, font(size, True), room)
        draw_text(draw, (lx0 + 14, name_y), name, size, bold=True, fill=text, anchor="lm")
        if row.open:
            _flag(draw, lx1 - flag_w, name_y + name_size * 0.45, name_size * 0.8,
                  MEXICAN_COLOR if not mexican else (250, 220, 80))
        if two_lines:
            dy = name_y + name_size / 2 + small_size / 2 + 4
            ih = small_size * 0.9  # a small upright tile before the count
            draw.rounded_rectangle((lx0 + 14, dy - ih / 2, lx0 + 14 + ih / 2, dy + ih / 2),
                                   radius=2, fill=theme.face, outline=muted)
            draw.line((lx0 + 16, dy, lx0 + 12 + ih / 2, dy), fill=muted, width=1)  # a domino
            for py in (dy - ih / 4, dy + ih / 4):
                r = max(1.0, ih / 12)
                cx = lx0 + 14 + ih / 4
                draw.ellipse((cx - r, py - r, cx + r, py + r), fill=muted)
            draw_text(draw, (lx0 + 20 + ih / 2, dy), fit(detail, font(small_size),
                                                          lx1 - lx0 - 30 - ih / 2),
                      small_size, fill=muted, anchor="lm")
        cy = (y0 + y1) // 2
        tiles_x = lay.engine_box[2] + ENGINE_GAP
        draw.line((lay.engine_box[2] + ENGINE_GAP // 2, cy, tiles_x - 2, cy), fill=color,
                  width=max(2, unit // 8))
        if item.fold_box is not None:
            fb = item.fold_box
            draw.rounded_rectangle(fb, radius=unit // 3, fill=_mix(theme.panel, color, 0.25))
            draw_text(draw, ((fb[0] + fb[2]) / 2, (fb[1] + fb[3]) / 2), f"… +{item.folded}",
                      max(10, int(unit * 0.55)), bold=True, fill=theme.panel_text, anchor="mm")
        for tile in item.tiles:
            _paste(img, theme, unit, tile.box, tile.pips, tile.vertical)
            if tile.owed:
                b = tile.box
                draw.rounded_rectangle((b[0] - 4, b[1] - 4, b[2] + 4, b[3] + 4),
                                       radius=unit // 4, outline=OWED_COLOR,
                                       width=max(3, unit // 8))
        if row.owed and item.tiles:
            last = item.tiles[-1]
            a = last.pips[0]
            note = sanitize(labels.cover.replace("{tile}", f"{a}-{a}"), True)
            size = max(12, int(unit * 0.6))
            x = last.box[2] + 12
            if x + text_width(note, size, True) < WIDTH - MARGIN:
                draw_text(draw, (x, cy), note, size, bold=True, fill=OWED_COLOR, anchor="lm")
    e = lay.engine_box
    if lay.rows:  # the trunk joining every row to the engine
        trunk = e[2] + ENGINE_GAP // 2
        tops = [(r.box[1] + r.box[3]) // 2 for r in lay.rows]
        draw.line((trunk, min(tops), trunk, max(tops)), fill=theme.panel_muted,
                  width=max(2, unit // 8))
    _paste(img, theme, unit, e, (table.engine, table.engine), True)
    draw.rounded_rectangle((e[0] - 5, e[1] - 5, e[2] + 5, e[3] + 5), radius=unit // 4,
                           outline=theme.accent, width=3)
    _footer(draw, table, labels, theme)
    if banner:
        shown = fit(sanitize(banner, True), font(44, True), WIDTH - 120)
        w = text_width(shown, 44, True)
        mid = HEIGHT // 2
        draw.rounded_rectangle(((WIDTH - w) / 2 - 30, mid - 40, (WIDTH + w) / 2 + 30,
                                mid + 40), radius=20, fill=theme.accent)
        draw_text(draw, (WIDTH / 2, mid), shown, 44, bold=True, fill=(30, 30, 30), anchor="mm")
    # The tiles' places are the layout's (:func:`layout`), not a domino line's.
    return RenderResult(encode(img), "JPEG", WIDTH, HEIGHT, ())


def _footer(draw: ImageDraw.ImageDraw, table: TrainsTable, labels: TrainsLabels,
            theme: Theme) -> None:
    y0 = HEIGHT - FOOTER + 6
    cy = y0 + (FOOTER - 6) / 2
    draw.rectangle((0, y0, WIDTH, HEIGHT), fill=_mix(theme.panel, theme.background, 0.15))
    pip = table.engine
    right = (f"{sanitize(labels.round)} {table.round}/{table.rounds} · {pip}-{pip} · "
             f"{sanitize(labels.boneyard)}: {table.boneyard}")
    rw = text_width(right, 24)
    draw_text(draw, (WIDTH - 20, cy), right, 24, fill=theme.panel_text, anchor="rm")
    if table.turn is not None and table.turn < len(table.names):
        left = f"{sanitize(labels.turn)}: {sanitize(table.names[table.turn], True)}"
        if table.drew:
            left += f" ({sanitize(labels.drew)})"
        draw_text(draw, (20, cy), fit(left, font(24, True), WIDTH - 60 - rw), 24, bold=True,
                  fill=theme.panel_text, anchor="lm")


__all__ = ["HEIGHT", "WIDTH", "Layout", "RowItem", "TileItem", "TrainRow", "TrainsLabels",
           "TrainsTable", "layout", "render_trains", "table_of"]
