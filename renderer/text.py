"""Fonts shipped with the package, glyph coverage, name sanitizing and drawing with fallback.

A text is drawn with DejaVu Sans where DejaVu has the character (so Latin, Cyrillic and
Greek look exactly as they always did), and with the first fallback font that has it
otherwise: Noto Sans for the scripts of names (Devanagari, Bengali, Tamil, Arabic, Hebrew,
Thai, Georgian, Armenian, Ethiopic), a subset of Noto Sans CJK, and Symbola's emoji. The
text is split into runs of one font each; combining marks, joiners and variation selectors
stay in the run of their base character. DejaVu runs use the basic layout (the same result
everywhere); fallback runs are shaped by Raqm (HarfBuzz and FriBiDi) where Pillow has it, so
Devanagari conjuncts and joined Arabic come out right, and right-to-left runs are ordered
right to left. A character no font has is drawn as :data:`REPLACEMENT`.
"""

from __future__ import annotations

import struct
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from io import BytesIO

from PIL import ImageDraw, ImageFont, features

FontT = ImageFont.FreeTypeFont
RGBA = tuple[int, ...]

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
# A code point no font maps (a noncharacter): it renders as the .notdef box.
_NOTDEF_PROBE = "\ufffe"
# What a character no font has is drawn as: a white square reads as the familiar
# missing-glyph box, DejaVu has it, and unlike "?" it is never mistaken for a letter or
# for punctuation a player put in his name.
REPLACEMENT = "□"
ELLIPSIS = "…"


@dataclass(frozen=True)
class Fallback:
    """A fallback font: its files (a bold one, or the regular one for both weights)."""

    regular: str
    bold: str | None = None

    def file(self, bold: bool) -> str:
        return (self.bold or self.regular) if bold else self.regular


# The order in which the fallbacks are tried after DejaVu Sans.
FALLBACKS: tuple[Fallback, ...] = (
    Fallback("NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf"),
    Fallback("NotoSansBengali-Regular.ttf", "NotoSansBengali-Bold.ttf"),
    Fallback("NotoSansTamil-Regular.ttf", "NotoSansTamil-Bold.ttf"),
    Fallback("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"),
    Fallback("NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf"),
    Fallback("NotoSansThai-Regular.ttf", "NotoSansThai-Bold.ttf"),
    Fallback("NotoSansGeorgian-Regular.ttf", "NotoSansGeorgian-Bold.ttf"),
    Fallback("NotoSansArmenian-Regular.ttf", "NotoSansArmenian-Bold.ttf"),
    Fallback("NotoSansEthiopic-Regular.ttf"),
    Fallback("NotoSansCJKsc-Regular.otf"),
    Fallback("Symbola-Emoji.ttf"),
)
PRIMARY = -1  # the font index of DejaVu Sans in runs; fallbacks are 0..len(FALLBACKS)-1

# Scripts DejaVu has letters of but draws wrongly with the basic layout (no joining, no
# reordering, left to right): they always go to a fallback that shapes them.
_SHAPED_RANGES = ((0x0590, 0x08FF), (0x0900, 0x0DFF), (0x0E00, 0x0EFF), (0x1000, 0x109F),
                  (0x1780, 0x17FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF))
# Characters drawn with the character before them, never alone.
_JOINERS = frozenset("\u200c\u200d\u034f")
_EMOJI_MODIFIERS = range(0x1F3FB, 0x1F400)  # skin tones: a monochrome emoji has none


@cache
def _font_bytes(name: str) -> bytes:
    return resources.files("renderer").joinpath("fonts", name).read_bytes()


@cache
def font(size: int, bold: bool = False) -> FontT:
    """The shipped DejaVu Sans at ``size`` px (basic layout: the same result everywhere)."""
    data = _font_bytes(BOLD if bold else REGULAR)
    return ImageFont.truetype(BytesIO(data), size, layout_engine=ImageFont.Layout.BASIC)


def shaping() -> bool:
    """Whether Pillow has Raqm, which shapes complex scripts and orders RTL text."""
    return bool(features.check("raqm"))


@cache
def fallback_font(index: int, size: int, bold: bool = False) -> FontT:
    """Fallback ``index`` (see :data:`FALLBACKS`) at ``size`` px, shaped where possible."""
    engine = ImageFont.Layout.RAQM if shaping() else ImageFont.Layout.BASIC
    data = _font_bytes(FALLBACKS[index].file(bold))
    return ImageFont.truetype(BytesIO(data), size, layout_engine=engine)


def run_font(index: int, size: int, bold: bool) -> FontT:
    return font(size, bold) if index == PRIMARY else fallback_font(index, size, bold)


# ------------------------------------------------------------------ coverage
def _cmap(data: bytes) -> frozenset[int]:
    """The code points a TrueType/OpenType font maps (its Unicode cmap, formats 4 and 12)."""
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap = next(struct.unpack_from(">4sIII", data, 12 + 16 * i)[2] for i in range(num_tables)
                if data[12 + 16 * i:16 + 16 * i] == b"cmap")
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    points: set[int] = set()
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4)):
            continue
        points |= _subtable(data, cmap + offset)
    return frozenset(points)


def _subtable(data: bytes, at: int) -> set[int]:
    fmt = struct.unpack_from(">H", data, at)[0]
    points: set[int] = set()
    if fmt == 4:
        segs = struct.unpack_from(">H", data, at + 6)[0] // 2
        ends = struct.unpack_from(f">{segs}H", data, at + 14)
        starts = struct.unpack_from(f">{segs}H", data, at + 16 + 2 * segs)
        deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 4 * segs)
        ro_at = at + 16 + 6 * segs
        offsets = struct.unpack_from(f">{segs}H", data, ro_at)
        for s, (start, end, delta, ro) in enumerate(zip(starts, ends, deltas, offsets,
                                                        strict=True)):
            for cp in range(start, min(end, 0xFFFE) + 1):
                if ro == 0:
                    glyph = (cp + delta) & 0xFFFF
                else:
                    pos = ro_at + 2 * s + ro + 2 * (cp - start)
                    glyph = struct.unpack_from(">H", data, pos)[0]
                    glyph = (glyph + delta) & 0xFFFF if glyph else 0
                if glyph:
                    points.add(cp)
    elif fmt == 12:
        groups = struct.unpack_from(">I", data, at + 12)[0]
        for g in range(groups):
            start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
            points.update(range(start, end + 1) if glyph else range(start + 1, end + 1))
    return points


@cache
def _fallback_cmap(index: int, bold: bool) -> frozenset[int]:
    return _cmap(_font_bytes(FALLBACKS[index].file(bold)))


def _glyph_key(f: FontT, ch: str) -> tuple[tuple[float, float, float, float], bytes]:
    mask = f.getmask(ch)
    return (f.getbbox(ch), bytes(mask))


@cache
def _notdef(bold: bool) -> tuple[tuple[float, float, float, float], bytes]:
    return _glyph_key(font(32, bold), _NOTDEF_PROBE)


def _never_alone(ch: str) -> bool:
    """Controls, joiners, variation selectors, combining marks: never drawn alone."""
    cat = unicodedata.category(ch)
    return cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") or cat.startswith("M")


@cache
def has_glyph(ch: str, bold: bool = False) -> bool:
    """Whether DejaVu Sans (the first font) draws ``ch`` with a glyph of its own."""
    if len(ch) != 1:
        raise ValueError("one character at a time")
    if ch == " ":
        return True
    if _never_alone(ch):
        return False
    return _glyph_key(font(32, bold), ch) != _notdef(bold)


def _shaped_script(ch: str) -> bool:
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in _SHAPED_RANGES)


@cache
def font_for(ch: str, bold: bool = False) -> int | None:
    """The font that draws ``ch``: :data:`PRIMARY`, a fallback's index, or None."""
    if not _shaped_script(ch) and has_glyph(ch, bold):
        return PRIMARY
    if _never_alone(ch):
        return None
    cp = ord(ch)
    for i in range(len(FALLBACKS)):
        if cp in _fallback_cmap(i, bold):
            return i
    return PRIMARY if has_glyph(ch, bold) else None


def covered(ch: str, bold: bool = False) -> bool:
    """Whether some shipped font draws ``ch``."""
    return ch.isspace() or font_for(ch, bold) is not None


def _selector(ch: str) -> bool:
    cp = ord(ch)
    return 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF


def _attaches(ch: str) -> bool:
    """Whether ``ch`` belongs to the character before it (a mark, joiner or selector)."""
    return unicodedata.category(ch).startswith("M") or ch in _JOINERS or _selector(ch)


# ------------------------------------------------------------------ sanitize
def sanitize(text: str, bold: bool = False) -> str:
    """``text`` ready to draw: NFC, controls dropped, spaces collapsed, a mark or joiner
    kept where its letter's font draws it, and every character no font has replaced by
    :data:`REPLACEMENT`; "" when no character of it is drawable (the call sites then use
    their own fallback, such as the seat number)."""
    text = unicodedata.normalize("NFC", text)
    out: list[str] = []
    drawable = False
    base: int | None = None  # the font of the last base character
    for ch in text:
        if ch.isspace():
            out.append(" ")
            base = None
        elif _attaches(ch):
            if base is not None and _font_has(base, ch, bold):
                out.append(ch)
        elif ord(ch) in _EMOJI_MODIFIERS:
            continue
        elif unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp"):
            # controls, bidi marks and overrides (a name's direction is that of its first
            # strong character); the joiners a shaper needs are kept above, with their letter
            continue
        elif (f := font_for(ch, bold)) is not None:
            out.append(ch)
            drawable, base = True, f
        else:
            out.append(REPLACEMENT)
            base = PRIMARY
    return " ".join("".join(out).split()) if drawable else ""


# ------------------------------------------------------------------ runs
@dataclass(frozen=True)
class Run:
    """A piece of text drawn with one font, in one direction."""

    text: str
    font: int
    rtl: bool


def clusters(text: str) -> list[str]:
    """``text`` as base characters each with the marks and joiners that follow it."""
    out: list[str] = []
    for ch in text:
        if out and (_attaches(ch) or out[-1].endswith("\u200d")):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _strong(ch: str) -> str:
    """'R' (right to left), 'L' (left to right) or '' (neutral) for a base character."""
    bidi = unicodedata.bidirectional(ch)
    return "R" if bidi in ("R", "AL") else "L" if bidi == "L" else ""


def _font_has(index: int, ch: str, bold: bool) -> bool:
    """Whether run font ``index`` draws ``ch`` inside a cluster: Raqm hides the joiners and
    selectors a font lacks, the basic layout would draw them as boxes."""
    if index == PRIMARY:
        return has_glyph(ch, bold)
    if shaping() and (ch in _JOINERS or _selector(ch)):
        return True
    return ord(ch) in _fallback_cmap(index, bold)


def _split(text: str, bold: bool) -> Iterator[tuple[str, int]]:
    """Clusters with their font; spaces stay in the run before them."""
    current = PRIMARY
    for cl in clusters(text):
        base = cl[0]
        if base.isspace():
            yield cl, current
            continue
        f = font_for(base, bold)
        if f is None:
            f, cl = PRIMARY, REPLACEMENT
        current = f
        yield base + "".join(c for c in cl[1:] if _font_has(f, c, bold)), f


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """``text`` as runs of one font and one direction each, in logical order; neutral
    characters (spaces, digits in a fallback, punctuation) stay in the run they are in."""
    out: list[tuple[str, int, str]] = []  # text, font, direction ("R", "L" or "" unknown)
    for cl, f in _split(text, bold):
        d = _strong(cl[0])
        if out and out[-1][1] == f and (not d or not out[-1][2] or d == out[-1][2]):
            last_text, _, last_d = out[-1]
            out[-1] = (last_text + cl, f, last_d or d)
        else:
            out.append((cl, f, d))
    return tuple(Run(t, f, d == "R") for t, f, d in out)


def _rtl_paragraph(text: str) -> bool:
    """Whether the first strong character of ``text`` is right to left."""
    for ch in text:
        d = _strong(ch)
        if d:
            return d == "R"
    return False


@lru_cache(maxsize=4096)
def visual(text: str, bold: bool = False) -> tuple[Run, ...]:
    """The runs of ``text`` in the order they are drawn, left to right: a right-to-left
    name's runs are reversed (one level of embedding, which is what names need), and the
    spaces after a run against the paragraph's direction are a run of their own, so that
    they fall between that run and the next one."""
    rtl = _rtl_paragraph(text)
    out: list[Run] = []
    for run in runs(text, bold):
        body = run.text.rstrip(" ")
        if run.rtl == rtl or body == run.text or not body:
            out.append(run)
        else:
            out += [Run(body, run.font, run.rtl),
                    Run(run.text[len(body):], run.font, rtl)]
    return tuple(reversed(out)) if rtl else tuple(out)


def _run_text(run: Run) -> str:
    """The string given to Pillow: a right-to-left run without Raqm is reversed by hand."""
    if run.rtl and not (run.font != PRIMARY and shaping()):
        return "".join(reversed(clusters(run.text)))
    return run.text


def _direction(run: Run) -> str | None:
    if run.font == PRIMARY or not shaping():
        return None
    return "rtl" if run.rtl else "ltr"


@lru_cache(maxsize=8192)
def _run_width(run: Run, size: int, bold: bool) -> float:
    return float(run_font(run.font, size, bold).getlength(_run_text(run),
                                                           direction=_direction(run)))


def _single(text: str, bold: bool) -> bool:
    """Whether ``text`` is all DejaVu: drawn exactly as before the fallbacks existed."""
    rs = runs(text, bold)
    return len(rs) == 1 and rs[0].font == PRIMARY and not rs[0].rtl


def text_width(text: str, size: int, bold: bool = False) -> float:
    """The width in px of ``text`` drawn by :func:`draw_text`."""
    if not text:
        return 0.0
    if _single(text, bold):
        return float(font(size, bold).getlength(runs(text, bold)[0].text))
    return sum(_run_width(r, size, bold) for r in visual(text, bold))


def _baseline_offset(size: int, bold: bool, vertical: str) -> float:
    """How far below a point anchored ``vertical`` DejaVu's baseline is."""
    f = font(size, bold)
    return float(f.getbbox("H", anchor="l" + vertical)[1] - f.getbbox("H", anchor="ls")[1])


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              bold: bool = False, fill: RGBA | str | None = None, anchor: str = "la") -> None:
    """Draw ``text`` at ``xy`` like ``draw.text`` with DejaVu at ``size`` px and ``anchor``
    (horizontal l/m/r, vertical a/m/s/d), each run in its font on DejaVu's baseline."""
    if not text:
        return
    if _single(text, bold):
        draw.text(xy, runs(text, bold)[0].text, font=font(size, bold), fill=fill,
                  anchor=anchor)
        return
    horizontal, vertical = anchor[0], anchor[1]
    width = text_width(text, size, bold)
    x = xy[0] - {"l": 0.0, "m": width / 2, "r": width}[horizontal]
    y = xy[1] + _baseline_offset(size, bold, vertical)
    for run in visual(text, bold):
        f = run_font(run.font, size, bold)
        draw.text((x, y), _run_text(run), font=f, fill=fill, anchor="ls",
                  direction=_direction(run))
        x += _run_width(run, size, bold)


def font_spec(f: FontT) -> tuple[int, bool]:
    """The size and weight of a DejaVu font made by :func:`font`."""
    style = f.getname()[1] or ""
    return int(f.size), "Bold" in style


def fit(text: str, f: FontT | tuple[int, bool], width: float) -> str:
    """``text`` cut with an ellipsis so that it is at most ``width`` px wide, as
    :func:`draw_text` draws it; a character is never parted from its marks."""
    size, bold = font_spec(f) if isinstance(f, FontT) else f
    if text_width(text, size, bold) <= width:
        return text
    parts: Sequence[str] = clusters(text)
    lo, hi = 0, len(parts)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width("".join(parts[:mid]).rstrip() + ELLIPSIS, size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return ("".join(parts[:lo]).rstrip() + ELLIPSIS) if lo else ""
