"""Fonts shipped with the package, glyph checks and name sanitizing.

A name is drawn with what the font has: a character without a glyph in DejaVu
Sans (most emoji, for instance) is dropped, never drawn as a missing-glyph box.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib import resources

from PIL import ImageFont

FontT = ImageFont.FreeTypeFont

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
# A code point no font maps (a noncharacter): it renders as the .notdef box.
_NOTDEF_PROBE = "\ufffe"


@cache
def _font_bytes(name: str) -> bytes:
    return resources.files("renderer").joinpath("fonts", name).read_bytes()


@cache
def font(size: int, bold: bool = False) -> FontT:
    """The shipped DejaVu Sans at ``size`` px (basic layout: the same result everywhere)."""
    from io import BytesIO

    data = _font_bytes(BOLD if bold else REGULAR)
    return ImageFont.truetype(BytesIO(data), size, layout_engine=ImageFont.Layout.BASIC)


def _glyph_key(f: FontT, ch: str) -> tuple[tuple[float, float, float, float], bytes]:
    mask = f.getmask(ch)
    return (f.getbbox(ch), bytes(mask))


@cache
def _notdef(bold: bool) -> tuple[tuple[float, float, float, float], bytes]:
    return _glyph_key(font(32, bold), _NOTDEF_PROBE)


@cache
def has_glyph(ch: str, bold: bool = False) -> bool:
    """Whether the shipped font draws ``ch`` with a glyph of its own."""
    if len(ch) != 1:
        raise ValueError("one character at a time")
    if ch == " ":
        return True
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") or cat.startswith("M"):
        # Controls, joiners, variation selectors, combining marks: never drawn alone.
        return False
    return _glyph_key(font(32, bold), ch) != _notdef(bold)


def sanitize(text: str, bold: bool = False) -> str:
    """``text`` with every character the font lacks dropped and spaces collapsed."""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(ch if ch.isspace() or has_glyph(ch, bold) else "" for ch in text)
    return " ".join(kept.split())


def fit(text: str, f: FontT, width: float) -> str:
    """``text`` cut with an ellipsis so that it is at most ``width`` px wide."""
    if f.getlength(text) <= width:
        return text
    ell = "…"
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.getlength(text[:mid].rstrip() + ell) <= width:
            lo = mid
        else:
            hi = mid - 1
    return (text[:lo].rstrip() + ell) if lo else ""
