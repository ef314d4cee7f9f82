"""The ``chicken_foot`` table picture, drawn from the public view only (no hand).

A header of seat chips (name, tiles left, total, whose turn), the tree in the
middle, a footer with the round, its engine and the chicken yard's size. The engine
lies in the centre; its arms leave it in fixed directions (four: east, west, north,
south in the order laid; six: every 60°). Each tile of a branch lies along it, the
pip that touches towards the engine; a double at a branch's end lies across it and
its three toes fan out from its two corners and its middle, like a bird's foot, each
the start of a branch of its own.

The tree is laid out radially (renderer/chicken_layout.py, pure geometry), so that
feet on feet stay readable. Every open end carries the name the hand's buttons
give it ("2.1"), put at the first free spot beside it; the chicken foot still waiting
for toes, or the engine still waiting for arms, is framed with how many it still
needs; the last tile placed is framed. A branch keeps its newest tiles only (five on
an arm, three further out), the older ones folded into a "+n" chip, and the whole
tree is scaled to the canvas (1280 x 720), so any table fits.

:func:`render_chicken` draws the layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.chicken.kind import ChickenView
from renderer.chicken_layout import (
    DEFAULT_LABELS,
    FOOTER,
    HEADER,
    HEIGHT,
    WIDTH,
    ChickenLabels,
    label_box,
    label_size,
    layout,
    tile_polygon,
)

__all__ = ["ChickenLabels", "render_chicken"]
from renderer.draw import encode
from renderer.scene import RenderResult
from renderer.text import draw_text, fit, font, sanitize, text_width
from renderer.theme import CLASSIC, RGB, Theme
from renderer.tiles import tile_sprite


@lru_cache(maxsize=1024)
def _sprite(theme: Theme, unit: int, near: int, far: int, angle: float) -> Image.Image:
    sprite = tile_sprite(theme, unit, near, far, False)
    return sprite.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def render_chicken(view: ChickenView, names: Sequence[str],
                   labels: ChickenLabels = DEFAULT_LABELS, theme: Theme = CLASSIC,
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
