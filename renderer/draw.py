"""The table and hand pictures: pure functions from a scene to encoded bytes."""

from __future__ import annotations

import io
import math
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.core.tiles import Tile
from renderer.layout import Area, Layout, Rect, build_rays, fit_layout
from renderer.scene import Box, RenderResult, TableLabels, TableScene, TilePlacement
from renderer.text import draw_text, fit, font, sanitize, text_width
from renderer.theme import CLASSIC, RGB, Theme
from renderer.tiles import ring_sprite, shadow_sprite, tile_sprite

WIDTH = 1280
HEIGHTS = (720, 960, 1280)  # the picture grows taller before the tiles get much smaller
HEIGHT_WEIGHTS = (1.0, 0.86, 0.72)
HEADER = 104
FOOTER = 68
MARGIN = 18
JPEG_QUALITY = 88
# Where the tiles may go, for each picture height.
TABLE_AREAS = tuple(Area(WIDTH - 2 * MARGIN, h - HEADER - FOOTER - 2 * MARGIN, w)
                    for h, w in zip(HEIGHTS, HEIGHT_WEIGHTS, strict=True))


# ------------------------------------------------------------------ helpers
def _box(r: Rect) -> Box:
    return (math.floor(r[0] + 0.5), math.floor(r[1] + 0.5),
            math.floor(r[2] + 0.5), math.floor(r[3] + 0.5))


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


@lru_cache(maxsize=16)
def _felt(theme: Theme, width: int, height: int) -> Image.Image:
    """The background: the theme's colour, darker towards the edges."""
    grad = Image.radial_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    # radial_gradient is 0 in the centre and 255 at the rim; soften it.
    grad = grad.point(lambda v: min(255, int(v * v / 255 * 0.9)))
    centre = Image.new("RGB", (width, height), theme.background)
    edge = Image.new("RGB", (width, height), theme.background_edge)
    return Image.composite(edge, centre, grad)


def encode(img: Image.Image, fmt: str = "JPEG") -> bytes:
    """``img`` as bytes, with no metadata (the same image gives the same bytes)."""
    buf = io.BytesIO()
    rgb = img.convert("RGB")
    if fmt == "JPEG":
        rgb.save(buf, "JPEG", quality=JPEG_QUALITY, subsampling=0, optimize=True)
    else:
        rgb.save(buf, "PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def _paste_tile(canvas: Image.Image, theme: Theme, unit: int, box: Box, first: int | None,
                second: int | None, vertical: bool) -> None:
    shadow, m = shadow_sprite(unit, vertical, theme.shadow_alpha)
    off = max(1, unit // 10)
    canvas.paste((0, 0, 0), (box[0] - m + off, box[1] - m + off), shadow)
    sprite = tile_sprite(theme, unit, first, second, vertical)
    canvas.paste(sprite, (box[0], box[1]), sprite)


def _highlight(canvas: Image.Image, box: Box, color: RGB, unit: int) -> None:
    w, h = box[2] - box[0], box[3] - box[1]
    width = max(3, unit // 7)
    ring = ring_sprite(w, h, color, width, max(2, unit // 6))
    canvas.paste(ring, (box[0] - 2 * width, box[1] - 2 * width), ring)


# ------------------------------------------------------------------- table
def render_table(scene: TableScene, theme: Theme = CLASSIC, fmt: str = "JPEG") -> RenderResult:
    """The picture of a table for the group chat."""
    table = scene.table
    rays = build_rays(table)
    layout, index = fit_layout(rays, table.open_ends, TABLE_AREAS)
    height = HEIGHTS[index]
    canvas = _felt(theme, WIDTH, height).copy()
    layout = layout.moved(MARGIN, HEADER + MARGIN)
    placements = _draw_layout(canvas, layout, theme, table.last.order if table.last else -1,
                              by_seat=bool(scene.lines), labels=scene.labels)
    draw = ImageDraw.Draw(canvas)
    _draw_header(draw, canvas, scene, theme)
    _draw_footer(draw, canvas, scene, theme, height)
    if scene.banner:
        _draw_banner(canvas, scene.banner, scene.banner_detail, theme, height)
    return RenderResult(encode(canvas, fmt), fmt, WIDTH, height, placements)


def _draw_layout(canvas: Image.Image, layout: Layout, theme: Theme,
                 last: int, by_seat: bool = False, labels: TableLabels | None = None
                 ) -> tuple[TilePlacement, ...]:
    u = layout.unit
    out: list[TilePlacement] = []
    last_box: Box | None = None
    for tb in layout.tiles:
        if tb.placed.order == last:
            last_box = _box(tb.rect)
            _highlight(canvas, last_box, theme.accent, u)
    for tb in layout.tiles:
        box = _box(tb.rect)
        _paste_tile(canvas, theme, u, box, tb.first, tb.second, tb.vertical)
        out.append(TilePlacement(tb.placed.tile, tb.placed.order, box,
                                 tb.placed.order == last, tb.placed.face_down))
    draw = ImageDraw.Draw(canvas)
    if by_seat:  # kolbasa: a dot in the placer's colour, inside the tile's corner
        dot = max(3, u // 9)
        inset = dot + max(2, u // 12)
        for tb in layout.tiles:
            bx, by, _, _ = _box(tb.rect)
            color = theme.side_colors[tb.placed.seat % len(theme.side_colors)]
            draw.ellipse((bx + inset - dot, by + inset - dot, bx + inset + dot,
                          by + inset + dot), fill=color, outline=(40, 40, 40))
    if last_box is not None:
        lw = max(2, u // 16)
        draw.rounded_rectangle(last_box, max(2, u // 6), outline=theme.accent, width=lw)
    for mk in layout.marks:
        x0, y0, x1, y1 = _box(mk.rect)
        d = min(x1 - x0, y1 - y0)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        r = d / 2 - 1
        draw.ellipse((cx - r + 1, cy - r + 2, cx + r + 1, cy + r + 2), fill=_mix(
            theme.background, (0, 0, 0), 0.35))
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.end_marker,
                     outline=theme.end_marker_text, width=max(1, round(d / 14)))
        # the end's letter in the reader's language, as the buttons name it (W, З, Зх),
        # smaller when it is two letters wide
        letter = sanitize((labels or TableLabels()).end(mk.end), bold=True) or str(mk.end)
        size = max(10, round(d * 0.58))
        while size > 10 and text_width(letter, size, bold=True) > d * 0.78:
            size -= 1
        draw_text(draw, (cx, cy), letter, size, bold=True, fill=theme.end_marker_text,
                  anchor="mm")
    out.sort(key=lambda p: p.order)
    return tuple(out)


def _tile_icon(draw: ImageDraw.ImageDraw, x: float, y: float, h: float, theme: Theme,
               color: RGB) -> float:
    """A small upright tile outline (a hand's tile count); returns its width."""
    w = h * 0.55
    draw.rounded_rectangle((x, y, x + w, y + h), radius=max(2, h / 6), outline=color,
                           width=max(2, round(h / 11)))
    draw.line((x + w * 0.25, y + h / 2, x + w * 0.75, y + h / 2), fill=color,
              width=max(1, round(h / 14)))
    return w


def _seat_name(scene: TableScene, seat: int) -> str:
    raw = scene.names[seat] if seat < len(scene.names) else ""
    return sanitize(raw, bold=True) or f"#{seat + 1}"


def _side_of(scene: TableScene) -> dict[int, int]:
    return {seat: i for i, side in enumerate(scene.sides) for seat in side}


def _draw_header(draw: ImageDraw.ImageDraw, canvas: Image.Image, scene: TableScene,
                 theme: Theme) -> None:
    n = max(1, len(scene.hand_sizes))
    pad, gap = 12, 10
    chip_w = (WIDTH - 2 * pad - (n - 1) * gap) / n
    side_of = _side_of(scene)
    name_font = font(30, bold=True)
    small = font(24)
    small_bold = font(22, bold=True)
    draw.rectangle((0, 0, WIDTH, HEADER - 8), fill=_mix(theme.panel, theme.background, 0.15))
    for seat in range(n):
        x0 = pad + seat * (chip_w + gap)
        x1 = x0 + chip_w
        y0, y1 = 10, HEADER - 18
        on_turn = scene.turn == seat
        fill = theme.accent if on_turn else theme.panel
        draw.rounded_rectangle((x0, y0, x1, y1), radius=16, fill=fill)
        text_color = (30, 30, 30) if on_turn else theme.panel_text
        muted = (60, 50, 30) if on_turn else theme.panel_muted
        side = side_of.get(seat, seat)
        dot = theme.side_colors[side % len(theme.side_colors)]
        draw.ellipse((x0 + 14, y0 + 16, x0 + 32, y0 + 34), fill=dot,
                     outline=(255, 255, 255), width=2)
        # kolbasa: whose line is which ("Anna · W"), the line kept when the name is cut
        owned = seat < len(scene.lines)
        suffix = f" · {sanitize(scene.labels.end(scene.lines[seat]))}" if owned else ""
        room = chip_w - 56 - text_width(suffix, 30, bold=True)
        name = fit(_seat_name(scene, seat), name_font, room)
        name = name + suffix if name else suffix.strip(" ·")
        draw_text(draw, (x0 + 42, y0 + 25), name, 30, bold=True, fill=text_color, anchor="lm")
        # Second line: the hand's size, and the turn label.
        ly = y0 + 47
        iw = _tile_icon(draw, x0 + 16, ly, 24, theme, muted)
        count = scene.hand_sizes[seat]
        draw.text((x0 + 24 + iw, ly + 12), f"× {count}", font=small, fill=muted, anchor="lm")
        if on_turn:
            label = fit(sanitize(scene.labels.turn, bold=True), small_bold, chip_w / 2 - 30)
            if label:
                tw = text_width(label, 22, bold=True)
                bx1 = x1 - 12
                bx0 = bx1 - tw - 34
                draw.rounded_rectangle((bx0, ly - 2, bx1, ly + 26), radius=13, fill=(30, 30, 30))
                tri = ((bx0 + 9, ly + 5), (bx0 + 9, ly + 19), (bx0 + 20, ly + 12))
                draw.polygon(tri, fill=theme.accent)
                draw_text(draw, (bx0 + 26, ly + 12), label, 22, bold=True,
                          fill=(255, 255, 255), anchor="lm")


def _draw_footer(draw: ImageDraw.ImageDraw, canvas: Image.Image, scene: TableScene,
                 theme: Theme, height: int) -> None:
    y0 = height - FOOTER + 6
    cy = y0 + (FOOTER - 6) / 2 - 2
    draw.rectangle((0, y0, WIDTH, height), fill=_mix(theme.panel, theme.background, 0.15))
    label_font = font(24)
    value_font = font(28, bold=True)
    labels = scene.labels
    # Right side, drawn from the right edge: the boneyard, then the round.
    rx = WIDTH - 20.0
    if scene.boneyard_left is not None:
        text = f"{sanitize(labels.boneyard)}: {scene.boneyard_left}".lstrip(": ")
        rx -= text_width(text, 24)
        draw_text(draw, (rx, cy), text, 24, fill=theme.panel_text, anchor="lm")
        rx -= 36
        for k in range(2):  # two tile backs: a boneyard at a glance
            draw.rounded_rectangle((rx + k * 9, cy - 14 + k * 3, rx + 14 + k * 9,
                                    cy + 12 + k * 3), radius=3, fill=theme.back,
                                   outline=theme.face_edge, width=1)
        rx -= 24
    if scene.round_index is not None:
        text = f"{sanitize(labels.round)} {scene.round_index + 1}".strip()
        rx -= text_width(text, 24)
        draw_text(draw, (rx, cy), text, 24, fill=theme.panel_muted, anchor="lm")
        rx -= 24
    x = 20.0
    score_label = sanitize(labels.score)
    if score_label:
        draw_text(draw, (x, cy), score_label + ":", 24, fill=theme.panel_text, anchor="lm")
        x += text_width(score_label + ":", 24) + 14
    nsides = max(1, len(scene.sides))
    per_side = (rx - x - 10) / nsides
    for i, side in enumerate(scene.sides):
        color = theme.side_colors[i % len(theme.side_colors)]
        total = scene.totals[i] if i < len(scene.totals) else 0
        value = str(total)
        vw = value_font.getlength(value)
        draw.ellipse((x, cy - 9, x + 18, cy + 9), fill=color, outline=(255, 255, 255), width=2)
        names = scene.labels.joiner.join(_seat_name(scene, s) for s in side)
        names = fit(names, label_font, per_side - vw - 44)
        tx = x + 26
        if names:
            draw_text(draw, (tx, cy), names, 24, fill=theme.panel_muted, anchor="lm")
            tx += text_width(names, 24) + 8
        draw.text((tx, cy), value, font=value_font, fill=theme.panel_text, anchor="lm")
        x += per_side


BANNER_MAX_FONT = 56
BANNER_MIN_FONT = 22


def banner_box(height: int, detail: bool) -> Box:
    """Where the result banner goes on a picture of ``height``: a band across the
    middle of the table area."""
    band = 150 if detail else 108
    top = HEADER + (height - HEADER - FOOTER - band) // 2
    return (0, top, WIDTH, top + band)


def _fit_size(text: str, width: float, bold: bool, largest: int) -> tuple[str, int]:
    """The largest font size (down to the minimum) that fits ``text`` in ``width``;
    at the minimum the text is cut with an ellipsis."""
    size = largest
    while size > BANNER_MIN_FONT and text_width(text, size, bold) > width:
        size -= 2
    return fit(text, font(size, bold), width), size


def _draw_banner(canvas: Image.Image, text: str, detail: str | None, theme: Theme,
                 height: int) -> None:
    """The game's result across the table: a dark translucent band, a gold line."""
    main = sanitize(text, bold=True)
    sub = sanitize(detail) if detail else ""
    x0, y0, x1, y1 = banner_box(height, bool(sub))
    band = Image.new("RGBA", (x1 - x0, y1 - y0), (16, 16, 16, 200))
    canvas.paste(band, (x0, y0), band)
    draw = ImageDraw.Draw(canvas)
    draw.line((x0, y0 + 3, x1, y0 + 3), fill=theme.accent, width=4)
    draw.line((x0, y1 - 4, x1, y1 - 4), fill=theme.accent, width=4)
    width = WIDTH - 2 * 40
    main, size = _fit_size(main, width, True, BANNER_MAX_FONT)
    cy = (y0 + y1) / 2 - (24 if sub else 0)
    if main:
        draw_text(draw, (WIDTH / 2, cy), main, size, bold=True, fill=theme.accent,
                  anchor="mm")
    if sub:
        sub, sub_size = _fit_size(sub, width, False, 34)
        draw_text(draw, (WIDTH / 2, cy + size / 2 + 26), sub, sub_size,
                  fill=(240, 240, 240), anchor="mm")


# -------------------------------------------------------------------- hand
HAND_UNIT = 60
HAND_GAP = 16
HAND_PER_ROW = 12
HAND_RAISE = 16


def render_hand(hand: Sequence[Tile], playable: Collection[Tile] = (), theme: Theme = CLASSIC,
                fmt: str = "JPEG") -> RenderResult:
    """A picture of one hand for a private chat: upright tiles, the playable ones
    raised and ringed, the others dimmed."""
    canvas, placements = _hand_canvas(hand, {t: theme.playable for t in playable}, theme)
    return RenderResult(encode(canvas, fmt), fmt, canvas.width, canvas.height,
                        tuple(placements))


# the review's marks on a hand: the tile he played and the tile that was better
PLAYED_MARK: RGB = (215, 45, 45)
BETTER_MARK: RGB = (40, 185, 80)


def render_choice(table: bytes, hand: Sequence[Tile], played: Tile | None,
                  better: Tile | None, theme: Theme = CLASSIC, fmt: str = "JPEG"
                  ) -> RenderResult:
    """One picture of a decision in the review: the table then (an encoded picture)
    with his hand under it, the tile he played raised and marked red, the better one
    raised and marked green (a tile both played and better is marked green). The
    placements are the hand's tiles, on the whole picture."""
    marks: dict[Tile, RGB] = {}
    if played is not None:
        marks[played] = PLAYED_MARK
    if better is not None:
        marks[better] = BETTER_MARK
    strip, placements = _hand_canvas(hand, marks, theme, dim=False)
    with Image.open(io.BytesIO(table)) as img:
        top = img.convert("RGB")
    width = max(top.width, strip.width)
    canvas = Image.new("RGB", (width, top.height + strip.height), theme.background)
    canvas.paste(top, ((width - top.width) // 2, 0))
    dx, dy = (width - strip.width) // 2, top.height
    canvas.paste(strip.convert("RGB"), (dx, dy))
    moved = tuple(TilePlacement(p.tile, p.order, (p.box[0] + dx, p.box[1] + dy,
                                                  p.box[2] + dx, p.box[3] + dy), p.marked)
                  for p in placements)
    return RenderResult(encode(canvas, fmt), fmt, width, canvas.height, moved)


def _hand_canvas(hand: Sequence[Tile], marks: Mapping[Tile, RGB], theme: Theme,
                 dim: bool = True) -> tuple[Image.Image, list[TilePlacement]]:
    """A hand drawn upright on the felt: each tile of ``marks`` raised and ringed in its
    colour with a dot under it; the others dimmed when ``dim``."""
    u = HAND_UNIT
    n = len(hand)
    per_row = min(HAND_PER_ROW, max(1, n))
    rows = max(1, math.ceil(n / per_row))
    pitch_x = u + HAND_GAP
    row_h = 2 * u + HAND_RAISE + 34
    width = max(320, per_row * pitch_x - HAND_GAP + 2 * 40)
    height = rows * row_h + 2 * 26
    canvas = _felt(theme, width, height).copy()
    placements: list[TilePlacement] = []
    for i, tile in enumerate(hand):
        row, col = divmod(i, per_row)
        in_row = min(per_row, n - row * per_row)
        x0 = (width - (in_row * pitch_x - HAND_GAP)) // 2 + col * pitch_x
        y0 = 26 + row * row_h + HAND_RAISE
        colour = marks.get(tile)
        if colour is not None:
            y0 -= HAND_RAISE
        box = (x0, y0, x0 + u, y0 + 2 * u)
        if colour is not None:
            _highlight(canvas, box, colour, u)
        _paste_tile(canvas, theme, u, box, tile.b, tile.a, True)
        draw = ImageDraw.Draw(canvas)
        if colour is not None:
            draw.rounded_rectangle(box, max(2, u // 6), outline=colour, width=3)
            cy = y0 + 2 * u + HAND_RAISE + 14
            draw.ellipse((x0 + u / 2 - 7, cy - 7, x0 + u / 2 + 7, cy + 7), fill=colour)
        elif dim:
            alpha = tile_sprite(theme, u, tile.b, tile.a, True).getchannel("A")
            canvas.paste(theme.background, (x0, y0), alpha.point(lambda v: v * 130 // 255))
        placements.append(TilePlacement(tile, i, box, colour is not None))
    return canvas, placements


# -------------------------------------------------------------------- every hand
HANDS_UNIT = 22  # a hand's tile under a replayed table: upright, this wide
HANDS_GAP = 5
HANDS_NAME = 230  # the width of the names' column
HANDS_ROW = 2 * HANDS_UNIT + 16
HANDS_PAD = 14
Piece = Tile | str  # a domino, or a piece of another kind written out (a triangle "2-5-5")


def render_hands(table: bytes, hands: Sequence[tuple[str, Sequence[Piece]]],
                 marked: int | None = None, sides: Sequence[int] = (),
                 theme: Theme = CLASSIC, fmt: str = "JPEG") -> RenderResult:
    """A table picture (encoded) with every hand under it, one row a seat: its name
    with its side's colour (``sides``: each seat's side; none: each seat its own),
    then its pieces (a domino upright, any other piece as its written form on a
    chip); ``marked``: the seat whose row is ringed (who just moved). A long hand
    wraps onto more rows."""
    with Image.open(io.BytesIO(table)) as img:
        top = img.convert("RGB")
    width = max(top.width, WIDTH)
    pitch = HANDS_UNIT + HANDS_GAP
    chip_font = 20
    room = width - HANDS_NAME - 2 * HANDS_PAD

    def widths(pieces: Sequence[Piece]) -> list[int]:
        return [pitch if isinstance(p, Tile) else
                int(text_width(str(p), chip_font)) + 16 + HANDS_GAP for p in pieces]

    lines: list[tuple[int, list[tuple[Piece, int]]]] = []  # (seat, [(piece, x)]) per row
    for seat, (_, pieces) in enumerate(hands):
        row: list[tuple[Piece, int]] = []
        x = 0
        for piece, w in zip(pieces, widths(pieces), strict=True):
            if row and x + w > room:
                lines.append((seat, row))
                row, x = [], 0
            row.append((piece, x))
            x += w
        lines.append((seat, row))
    height = top.height + len(lines) * HANDS_ROW + 2 * HANDS_PAD
    canvas = Image.new("RGB", (width, height), theme.background_edge)
    canvas.paste(top, ((width - top.width) // 2, 0))
    draw = ImageDraw.Draw(canvas)
    y = top.height + HANDS_PAD
    shown = -1
    for seat, row in lines:
        if seat == marked:
            draw.rounded_rectangle((6, y + 2, width - 6, y + HANDS_ROW - 2), 10,
                                   outline=theme.accent, width=3)
        if seat != shown:
            name, pieces = hands[seat]
            side = sides[seat] if seat < len(sides) else seat
            colour = theme.side_colors[side % len(theme.side_colors)]
            draw.ellipse((HANDS_PAD, y + HANDS_ROW / 2 - 7, HANDS_PAD + 14,
                          y + HANDS_ROW / 2 + 7), fill=colour)
            label = fit(f"{sanitize(name)} · {len(pieces)}", (22, True),
                        HANDS_NAME - HANDS_PAD - 30)
            draw_text(draw, (HANDS_PAD + 24, y + HANDS_ROW / 2), label, 22, bold=True,
                      fill=(245, 245, 245), anchor="lm")
            shown = seat
        x0 = HANDS_NAME + HANDS_PAD
        for piece, x in row:
            if isinstance(piece, Tile):
                box = (x0 + x, y + 8, x0 + x + HANDS_UNIT, y + 8 + 2 * HANDS_UNIT)
                _paste_tile(canvas, theme, HANDS_UNIT, box, piece.b, piece.a, True)
            else:
                text = str(piece)
                w = int(text_width(text, chip_font)) + 16
                draw.rounded_rectangle((x0 + x, y + 14, x0 + x + w, y + HANDS_ROW - 14), 6,
                                       fill=theme.face, outline=theme.face_edge, width=2)
                draw_text(draw, (x0 + x + w / 2, y + HANDS_ROW / 2), text, chip_font,
                          fill=theme.pip, anchor="mm")
        y += HANDS_ROW
    return RenderResult(encode(canvas, fmt), fmt, width, height, ())
