"""Names are drawn with real glyphs: Cyrillic and Latin kept, what the font lacks dropped."""

from __future__ import annotations

from renderer import TableScene, render_table
from renderer.samples import game_scene
from renderer.text import fit, font, has_glyph, sanitize


def test_cyrillic_and_latin_have_glyphs() -> None:
    for bold in (False, True):
        for text in ("Анна Ёлкина", "ЖЩЫЭЮЯ жщыэюя", "Boris Gleb", "Ğüñ"):
            assert all(has_glyph(ch, bold) for ch in text if not ch.isspace()), text


def test_missing_glyphs_are_detected() -> None:
    # No DejaVu glyph: emoji outside its small emoticon range, joiners, selectors.
    for ch in ("🐐", "🔥", "\ufe0f", "\u200d", "\U0001f9d1", "\uffff"):
        assert not has_glyph(ch)


def test_sanitize_drops_what_the_font_lacks() -> None:
    assert sanitize("Вася 🐐🔥") == "Вася"
    assert sanitize("  🐐 Pupkin\u200d\ufe0f  ") == "Pupkin"
    assert sanitize("🐐🔥") == ""
    assert sanitize("Ёжик") == "Ёжик"


def test_fit_cuts_with_an_ellipsis() -> None:
    f = font(24)
    long = "Константинопольский " * 5
    cut = fit(long, f, 200)
    assert cut.endswith("…") and f.getlength(cut) <= 200
    assert fit("Ok", f, 200) == "Ok"


def test_emoji_only_name_still_renders() -> None:
    scene = game_scene("all_fives", 2, 1, placements=3)
    names = ("🐐🐐🐐", "Иван 🔥🔥")
    fields = {f: getattr(scene, f) for f in scene.__dataclass_fields__}
    res = render_table(TableScene(**{**fields, "names": names}))
    assert res.width == 1280
