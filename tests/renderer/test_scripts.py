"""Names in other scripts: a shipped font has each of their letters, they survive sanitize,
they are shaped and ordered, and the table picture really draws them."""

from __future__ import annotations

import io
import unicodedata
from importlib import resources

import pytest
from PIL import Image, ImageDraw, ImageFont

from renderer import TableScene, render_table
from renderer.draw import HEADER, WIDTH
from renderer.samples import SCRIPT_NAMES, names_scene
from renderer.text import (
    FALLBACKS,
    PRIMARY,
    REPLACEMENT,
    draw_text,
    fallback_font,
    font,
    font_for,
    runs,
    sanitize,
    shaping,
    visual,
)

SAMPLES = {
    "Devanagari": "राम लक्ष्मण",
    "Bengali": "রবীন্দ্রনাথ",
    "Tamil": "முருகன்",
    "Arabic": "محمد علی",
    "Persian/Urdu": "پرویز ژاله گل چای ٹیپو ڈار بڑا",
    "Hebrew": "שרה",
    "Thai": "สมชาย",
    "Georgian": "ნინო",
    "Armenian": "Արամ",
    "Ethiopic": "አበበ",
    "Chinese simplified": "李雷 张伟 王芳",
    "Chinese traditional": "陳 黃 劉 張 鄭",
    "Japanese kana": "さくら カタカナ",
    "Korean": "김민준 이서연",
    "Emoji": "🐐🔥🤖😀🚀🦄",
}
# Scripts the basic layout would draw wrongly: a shaping fallback must draw them.
SHAPED = {"Devanagari", "Bengali", "Tamil", "Arabic", "Persian/Urdu", "Hebrew", "Thai"}


def _letters(text: str) -> list[str]:
    return [ch for ch in text if not ch.isspace() and not unicodedata.category(ch).startswith("M")]


@pytest.mark.parametrize("script", list(SAMPLES))
@pytest.mark.parametrize("bold", [False, True])
def test_each_script_has_a_font(script: str, bold: bool) -> None:
    for ch in _letters(SAMPLES[script]):
        index = font_for(ch, bold)
        assert index is not None, (script, ch)
        if script in SHAPED:
            assert index != PRIMARY, (script, ch)


@pytest.mark.parametrize("script", list(SAMPLES))
def test_the_glyphs_are_not_the_missing_glyph_box(script: str) -> None:
    for ch in _letters(SAMPLES[script]):
        index = font_for(ch)
        assert index is not None
        f = font(32) if index == PRIMARY else fallback_font(index, 32)
        assert bytes(f.getmask(ch)) != bytes(f.getmask("\ufffe")), (script, ch)


@pytest.mark.parametrize("script", list(SAMPLES))
def test_sanitize_keeps_every_script(script: str) -> None:
    text = SAMPLES[script]
    for bold in (False, True):
        assert sanitize(text, bold) == unicodedata.normalize("NFC", text)


def test_marks_and_joiners_stay_with_their_letter() -> None:
    # one run each: the vowel signs and the virama never start a run of their own
    for text in ("राम", "लक्ष्मण", "রবীন্দ্রনাথ", "முருகன்", "สมชาย"):
        assert len(runs(text)) == 1, text
    # a selector after an emoji stays in the emoji's run
    assert [r.text for r in runs("Gleb ⚽\ufe0f")] == ["Gleb ", "⚽\ufe0f"]


@pytest.mark.skipif(not shaping(), reason="Pillow without Raqm draws unshaped text")
@pytest.mark.parametrize("text", ["محمد", "क्ष", "রবীন্দ্র", "முருகன்"])
def test_complex_scripts_are_shaped(text: str) -> None:
    """Joined Arabic, Indic conjuncts and reordered vowel signs: the shaped picture is not
    the letters' isolated glyphs side by side."""
    index = font_for(text[0])
    assert index is not None and index != PRIMARY
    name = FALLBACKS[index].file(False)
    data = resources.files("renderer").joinpath("fonts", name).read_bytes()
    basic = ImageFont.truetype(io.BytesIO(data), 30, layout_engine=ImageFont.Layout.BASIC)
    shaped = fallback_font(index, 30)
    assert bytes(shaped.getmask(text)) != bytes(basic.getmask(text))


def test_right_to_left_runs_are_ordered() -> None:
    assert visual("Ali محمد")[0].text.startswith("Ali")
    assert visual("محمد Ali")[0].text == "Ali"
    assert all(r.rtl for r in runs("שרה"))


def test_latin_text_is_drawn_as_before() -> None:
    """DejaVu-only text goes through one plain draw.text call: the same pixels."""
    for text, size, bold, anchor in (("Anna & Boris", 30, True, "lm"),
                                     ("Вера Ёлкина", 24, False, "mm"),
                                     ("Γιώργος · W", 22, True, "rm"), ("Zoë ☺", 18, False, "la")):
        a = Image.new("RGB", (400, 60), (255, 255, 255))
        b = a.copy()
        ImageDraw.Draw(a).text((200, 30), text, font=font(size, bold), fill=(0, 0, 0),
                               anchor=anchor)
        draw_text(ImageDraw.Draw(b), (200, 30), text, size, bold=bold, fill=(0, 0, 0),
                  anchor=anchor)
        assert a.tobytes() == b.tobytes(), text


def _picture(names: tuple[str, ...]) -> Image.Image:
    scene = names_scene(SCRIPT_NAMES)
    fields = {f: getattr(scene, f) for f in scene.__dataclass_fields__}
    res = render_table(TableScene(**{**fields, "names": names}))
    return Image.open(io.BytesIO(res.data)).convert("RGB")


def _name_box(seat: int, seats: int) -> tuple[int, int, int, int]:
    """Where the header draws seat ``seat``'s name (renderer/draw.py _draw_header)."""
    pad, gap = 12, 10
    chip_w = (WIDTH - 2 * pad - (seats - 1) * gap) / seats
    x0 = pad + seat * (chip_w + gap)
    return (int(x0 + 40), 12, int(x0 + chip_w - 8), HEADER - 50)


def _differs(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> int:
    ca, cb = a.crop(box).tobytes(), b.crop(box).tobytes()
    return sum(1 for i in range(0, len(ca), 3)
               if abs(ca[i] - cb[i]) + abs(ca[i + 1] - cb[i + 1]) + abs(ca[i + 2] - cb[i + 2])
               > 60)


@pytest.mark.parametrize("names", [SCRIPT_NAMES, ("محمد", "李雷", "שרה", "Łukasz")])
def test_the_table_picture_draws_each_name(names: tuple[str, ...]) -> None:
    shown = _picture(names)
    for seat, name in enumerate(names):
        box = _name_box(seat, len(names))
        empty = _picture(tuple("" if i == seat else n for i, n in enumerate(names)))
        boxes = _picture(tuple(REPLACEMENT * len(n) if i == seat else n
                               for i, n in enumerate(names)))
        # the name's glyphs, not the "#seat" of an empty name nor replacement boxes
        assert _differs(shown, empty, box) > 80, name
        assert _differs(shown, boxes, box) > 80, name
        # and only there: the other seats' names are as they were
        for other in range(len(names)):
            if other != seat:
                assert _differs(shown, empty, _name_box(other, len(names))) == 0
