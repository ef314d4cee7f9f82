"""Tile sprites: ivory faces, rounded corners, a dividing line and pips.

Sprites are drawn supersampled and scaled down (smooth pips and corners), and
cached per theme, size and face, so a picture pastes ready images.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from renderer.theme import Theme

SS = 3  # supersampling factor

# Pip positions inside one square half, (x, y) in 0..1, for a horizontal tile.
_L, _C, _R = 0.25, 0.5, 0.75
_PATTERNS_3X3: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((_C, _C),),
    2: ((_L, _L), (_R, _R)),
    3: ((_L, _L), (_C, _C), (_R, _R)),
    4: ((_L, _L), (_R, _L), (_L, _R), (_R, _R)),
    5: ((_L, _L), (_R, _L), (_C, _C), (_L, _R), (_R, _R)),
    6: ((_L, _L), (_C, _L), (_R, _L), (_L, _R), (_C, _R), (_R, _R)),
    7: ((_L, _L), (_C, _L), (_R, _L), (_C, _C), (_L, _R), (_C, _R), (_R, _R)),
    8: ((_L, _L), (_C, _L), (_R, _L), (_L, _C), (_R, _C), (_L, _R), (_C, _R), (_R, _R)),
    9: tuple((x, y) for y in (_L, _C, _R) for x in (_L, _C, _R)),
}
# 10..12: three columns of up to four rows.
_ROWS4 = (0.2, 0.4, 0.6, 0.8)
_COLS3 = (0.25, 0.5, 0.75)


def _pattern(n: int) -> tuple[tuple[float, float], ...]:
    if n in _PATTERNS_3X3:
        return _PATTERNS_3X3[n]
    # Long rows of four along the tile's length (x), three rows across (y).
    outer = [(x, y) for y in (_COLS3[0], _COLS3[2]) for x in _ROWS4]
    if n == 10:
        middle = [(0.35, 0.5), (0.65, 0.5)]
    elif n == 11:
        middle = [(0.25, 0.5), (0.5, 0.5), (0.75, 0.5)]
    else:
        middle = [(x, 0.5) for x in _ROWS4]
    return tuple(outer + middle)


def pip_positions(n: int) -> tuple[tuple[float, float], ...]:
    """Where the pips of ``n`` (0..12) sit in a square half, as fractions."""
    if not 0 <= n <= 12:
        raise ValueError(f"pips go from 0 to 12, not {n}")
    return _pattern(n)


def _pip_radius(n: int) -> float:
    return 0.092 if n <= 9 else 0.072


def _draw_half(d: ImageDraw.ImageDraw, x0: float, y0: float, size: float, n: int,
               theme: Theme) -> None:
    r = _pip_radius(n) * size
    color = theme.pip_color(n)
    for fx, fy in pip_positions(n):
        cx, cy = x0 + fx * size, y0 + fy * size
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=color)


@lru_cache(maxsize=2048)
def tile_sprite(theme: Theme, unit: int, left: int | None, right: int | None,
                vertical: bool) -> Image.Image:
    """A tile 2*unit x unit (or unit x 2*unit when ``vertical``), RGBA.

    ``left`` is the pip on the left (top when vertical) half; None for both
    draws the tile's back (a face-down tile).
    """
    u = unit * SS
    w, h = 2 * u, u
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    radius = max(2, round(theme.corner * u))
    edge = max(1, round(u * 0.035))
    back = left is None or right is None
    face = theme.back if back else theme.face
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=theme.face_edge)
    d.rounded_rectangle((edge, edge, w - 1 - edge, h - 1 - edge * 2), radius - edge, fill=face)
    if back:
        # A back: a framed panel and a small emblem.
        inset = u * 0.18
        d.rounded_rectangle((inset, inset, w - inset, h - inset), radius * 0.6,
                            outline=theme.back_mark, width=max(1, round(u * 0.04)))
        c = u * 0.16
        d.ellipse((w / 2 - c, h / 2 - c, w / 2 + c, h / 2 + c), fill=theme.back_mark)
    else:
        assert left is not None and right is not None
        lw = max(1, round(u * 0.045))
        d.line((w / 2, u * 0.14, w / 2, h - u * 0.14), fill=theme.divider, width=lw)
        pad = u * 0.04
        _draw_half(d, pad, pad, u - 2 * pad, left, theme)
        _draw_half(d, u + pad, pad, u - 2 * pad, right, theme)
        # A brass pin in the middle of the divider, as on real tiles.
        pr = u * 0.05
        d.ellipse((w / 2 - pr, h / 2 - pr, w / 2 + pr, h / 2 + pr), fill=theme.face_edge)
    small = img.resize((2 * unit, unit), Image.Resampling.LANCZOS)
    if vertical:
        small = small.transpose(Image.Transpose.ROTATE_90)
        # ROTATE_90 turns the left half to the bottom; flip so that left is on top.
        small = small.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    return small


@lru_cache(maxsize=64)
def shadow_sprite(unit: int, vertical: bool, alpha: int) -> tuple[Image.Image, int]:
    """A soft shadow for a tile and the blur margin around it (an L mask)."""
    margin = max(2, unit // 5)
    w, h = (unit, 2 * unit) if vertical else (2 * unit, unit)
    img = Image.new("L", (w + 2 * margin, h + 2 * margin), 0)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((margin, margin, margin + w, margin + h), max(2, unit // 6), fill=alpha)
    return img.filter(ImageFilter.GaussianBlur(margin / 2)), margin


@lru_cache(maxsize=64)
def ring_sprite(w: int, h: int, color: tuple[int, int, int], width: int,
                radius: int) -> Image.Image:
    """A glowing rounded ring around a ``w`` x ``h`` box (RGBA, ``width`` px outside it)."""
    m = width * 2
    img = Image.new("RGBA", (w + 2 * m, h + 2 * m), (0, 0, 0, 0))
    glow = Image.new("L", img.size, 0)
    gd = ImageDraw.Draw(glow)
    gd.rounded_rectangle((m - width, m - width, m + w + width, m + h + width),
                         radius + width, outline=200, width=width)
    glow = glow.filter(ImageFilter.GaussianBlur(width / 2))
    solid = Image.new("L", img.size, 0)
    sd = ImageDraw.Draw(solid)
    sd.rounded_rectangle((m - width, m - width, m + w + width - 1, m + h + width - 1),
                         radius + width, outline=255, width=max(2, width * 2 // 3))
    mask = Image.composite(solid, glow, solid)
    img.paste(color, (0, 0), mask)
    return img
