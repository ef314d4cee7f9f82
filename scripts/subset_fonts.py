"""Build the fallback fonts in ``renderer/fonts/`` from Debian's font packages.

Run by hand (fontTools is a dev dependency), never at install::

    mkdir -p /tmp/fontdeb && cd /tmp/fontdeb
    apt-get download fonts-noto-core fonts-noto-cjk fonts-symbola
    for d in *.deb; do dpkg-deb -x "$d" x; done
    cd - && python scripts/subset_fonts.py /tmp/fontdeb/x

Sources (Debian 12 "bookworm"):

* ``fonts-noto-core`` 20201225-1: Noto Sans Devanagari, Bengali, Tamil, Arabic, Hebrew,
  Thai, Georgian, Armenian (Regular and Bold), Ethiopic (Regular). SIL OFL 1.1.
* ``fonts-noto-cjk`` 1:20220127+repack1-1: Noto Sans CJK Regular, the Simplified Chinese
  face (index 2 of ``NotoSansCJK-Regular.ttc``), which maps every Han character of the set
  below. One weight only: a bold CJK face would double the largest file. SIL OFL 1.1.
* ``fonts-symbola`` 2.60-1.1: Symbola (monochrome emoji up to Unicode 9). Its licence:
  "Fonts are free for any use; they may be opened, edited, modified, regenerated,
  packaged and redistributed." One weight.

What is kept: each script font keeps its script's blocks, printable ASCII (so that the
spaces and digits inside a name stay in the same shaped run), the joiners and the dotted
circle, with every OpenType layout feature (shaping needs them). Hinting is dropped: the
pictures are drawn with FreeType's autohinter-free grey antialiasing at 20-40 px, where the
TrueType instructions change nothing visible and cost a third of the file.

The CJK subset is what names use, measured (Regular, CFF subroutines kept, which is smaller
than desubroutinized):

* kana, CJK punctuation, Hangul Jamo: 0.4 MB
* + the 2350 Hangul syllables of KS X 1001: 0.6 MB (all 11172 syllables: 1.9 MB)
* + Han of GB2312 level 1 (3755) and JIS X 0208 level 1 (2965): 2.8 MB
* + Big5 level 1 (5401, traditional): 4.0 MB  <- chosen
* full GB2312 + Big5 level 1 + JIS X 0208 (10363 Han) + all Hangul: 6.2 MB

The chosen set has the common simplified, traditional and Japanese characters (7268 Han)
and every Hangul syllable of the Korean national set, which covers ordinary names; a rarer
character is drawn as the visible replacement (see ``renderer/text.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

OUT = Path(__file__).resolve().parent.parent / "renderer" / "fonts"
NOTO = "usr/share/fonts/truetype/noto"
CJK = "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
CJK_SC_INDEX = 2
SYMBOLA = "usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"

COMMON = [(0x20, 0x7E), (0xA0, 0xA0), (0x200B, 0x200F), (0x2010, 0x2011), (0x25CC, 0x25CC)]

# font family -> the code point ranges it is kept for
SCRIPTS: dict[str, list[tuple[int, int]]] = {
    "Devanagari": [(0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF), (0x0964, 0x0965)],
    "Bengali": [(0x0980, 0x09FF), (0x0964, 0x0965)],
    "Tamil": [(0x0B80, 0x0BFF), (0x0964, 0x0965)],
    "Arabic": [(0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
               (0xFE70, 0xFEFF)],
    "Hebrew": [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)],
    "Thai": [(0x0E00, 0x0E7F)],
    "Georgian": [(0x10A0, 0x10FF), (0x1C90, 0x1CBF), (0x2D00, 0x2D2F)],
    "Armenian": [(0x0530, 0x058F), (0xFB13, 0xFB17)],
    "Ethiopic": [(0x1200, 0x139F), (0x2D80, 0x2DDF), (0xAB00, 0xAB2F)],
}

# The emoji blocks (0.7 MB: pictographs, emoticons, transport, supplemental), the
# miscellaneous symbols and dingbats DejaVu lacks a few of, and the regional indicators.
EMOJI = [(0x2600, 0x27BF), (0x2B00, 0x2BFF), (0x1F1E6, 0x1F1FF), (0x1F300, 0x1F64F),
         (0x1F680, 0x1F6FF), (0x1F900, 0x1F9FF)]
# Ethiopic in one weight: its Bold would add a quarter of a megabyte for few names.
ONE_WEIGHT = {"Ethiopic"}


def _ranges(ranges: Iterable[tuple[int, int]]) -> set[int]:
    return {cp for lo, hi in ranges for cp in range(lo, hi + 1)}


def _codec_chars(codec: str, leads: range, trails: Iterable[int]) -> set[int]:
    """The characters a double-byte ``codec`` maps in the rows ``leads``."""
    out: set[int] = set()
    trail = list(trails)
    for a in leads:
        for b in trail:
            try:
                out.update(ord(c) for c in bytes([a, b]).decode(codec))
            except UnicodeDecodeError:
                continue
    return out


def cjk_set() -> set[int]:
    """Kana, CJK punctuation, Hangul (KS X 1001 syllables and Jamo), the common Han."""
    euc = range(0xA1, 0xFF)
    gb_level1 = _codec_chars("gb2312", range(0xB0, 0xD8), euc)
    jis_level1 = _codec_chars("euc_jp", range(0xB0, 0xD0), euc)
    big5_level1 = _codec_chars("big5", range(0xA4, 0xC7), [*range(0x40, 0x7F), *euc])
    ksx_hangul = _codec_chars("euc_kr", range(0xB0, 0xC9), euc)
    han = {cp for cp in gb_level1 | jis_level1 | big5_level1 if 0x3400 <= cp <= 0x9FFF}
    other = _ranges([(0x3000, 0x30FF), (0x31F0, 0x31FF), (0xFF01, 0xFFEF), (0x1100, 0x11FF),
                     (0x3130, 0x318F), (0x3200, 0x32FF)])
    return han | ksx_hangul | other | _ranges(COMMON)


def _options(font_number: int = 0) -> subset.Options:
    o = subset.Options()
    o.layout_features = ["*"]
    o.hinting = False
    o.desubroutinize = False
    o.notdef_outline = True
    o.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    o.name_languages = [0x409]
    o.font_number = font_number
    o.glyph_names = False
    return o


def build(src: Path, out: Path, unicodes: set[int], font_number: int = 0) -> int:
    font = TTFont(src, fontNumber=font_number)
    sub = subset.Subsetter(_options(font_number))
    sub.populate(unicodes=sorted(unicodes))
    sub.subset(font)
    font.save(out)
    return out.stat().st_size


def main(root: Path) -> int:
    common = _ranges(COMMON)
    for script, ranges in SCRIPTS.items():
        for weight in ("Regular",) if script in ONE_WEIGHT else ("Regular", "Bold"):
            name = f"NotoSans{script}-{weight}.ttf"
            size = build(root / NOTO / name, OUT / name, _ranges(ranges) | common)
            print(f"{name}: {size} bytes")
    name = "NotoSansCJKsc-Regular.otf"
    print(f"{name}: {build(root / CJK, OUT / name, cjk_set(), CJK_SC_INDEX)} bytes")
    name = "Symbola-Emoji.ttf"
    print(f"{name}: {build(root / SYMBOLA, OUT / name, _ranges(EMOJI) | common)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
