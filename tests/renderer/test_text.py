"""Names are drawn with real glyphs: what some font has is kept, controls are dropped and a
character no font has becomes one visible replacement."""

from __future__ import annotations

from renderer import TableScene, render_table
from renderer.samples import game_scene
from renderer.text import REPLACEMENT, clusters, fit, font, has_glyph, sanitize, text_width


def test_cyrillic_and_latin_have_glyphs() -> None:
    for bold in (False, True):
        for text in ("Анна Ёлкина", "ЖЩЫЭЮЯ жщыэюя", "Boris Gleb", "Ğüñ"):
            assert all(has_glyph(ch, bold) for ch in text if not ch.isspace()), text


def test_missing_glyphs_are_detected() -> None:
    # No DejaVu glyph: emoji outside its small emoticon range, joiners, selectors.
    for ch in ("🐐", "🔥", "\ufe0f", "\u200d", "\U0001f9d1", "\uffff"):
        assert not has_glyph(ch)


def test_sanitize_keeps_what_a_font_has() -> None:
    assert sanitize("Вася 🐐🔥") == "Вася 🐐🔥"  # the emoji font has both
    # a joiner and a selector after a letter DejaVu draws alone are dropped
    assert sanitize("  🐐 Pupkin\u200d\ufe0f  ") == "🐐 Pupkin"
    assert sanitize("Ёжик") == "Ёжик"


def test_sanitize_replaces_the_unknown_visibly() -> None:
    hieroglyph = "\U00013000"  # Egyptian hieroglyphs: no shipped font has them
    assert sanitize(f"Ivan {hieroglyph}") == f"Ivan {REPLACEMENT}"
    assert sanitize(f"{hieroglyph}{hieroglyph}x") == f"{REPLACEMENT}{REPLACEMENT}x"
    # nothing drawable at all: "" (the call sites draw "#seat" instead)
    assert sanitize(hieroglyph * 3) == ""
    assert sanitize("\x00\u202e\u2066") == ""


def test_sanitize_drops_controls() -> None:
    assert sanitize("A\x00B\u202eC\u2066D\x7f\u200fE") == "ABCDE"
    assert sanitize("Anna\nVera\tGleb") == "Anna Vera Gleb"


def test_fit_cuts_with_an_ellipsis() -> None:
    f = font(24)
    long = "Константинопольский " * 5
    cut = fit(long, f, 200)
    assert cut.endswith("…") and f.getlength(cut) <= 200
    assert fit("Ok", f, 200) == "Ok"


def test_fit_with_mixed_scripts_keeps_marks_with_their_letter() -> None:
    f = font(24, bold=True)
    long = "Łukasz राम लक्ष्मण 李雷 김민준 محمد " * 3
    cut = fit(long, f, 260)
    assert cut.endswith("…") and text_width(cut, 24, bold=True) <= 260
    # the cut falls between clusters: what is kept is a prefix of whole clusters
    kept = cut[:-1].rstrip()
    parts = clusters(long)
    assert any("".join(parts[:n]).rstrip() == kept for n in range(len(parts) + 1))
    # Devanagari with a vowel sign: never cut between "र" and "ा"
    for width in range(20, 80, 2):
        short = fit("रामरामरामराम", f, width)
        assert "र…" not in short


def test_emoji_only_name_still_renders() -> None:
    scene = game_scene("all_fives", 2, 1, placements=3)
    names = ("🐐🐐🐐", "Иван 🔥🔥")
    fields = {f: getattr(scene, f) for f in scene.__dataclass_fields__}
    res = render_table(TableScene(**{**fields, "names": names}))
    assert res.width == 1280
