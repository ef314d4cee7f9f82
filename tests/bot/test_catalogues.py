"""The gettext catalogues: the template extracted from the code, every language
complete against it, the same placeholders, CLDR's plural forms, the nearest
language for a Telegram client."""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path

import pytest
from babel.core import Locale
from babel.messages.plurals import get_plural

from bot.handlers.info_commands import find_language
from bot.texts import (
    CATALOGUES,
    FALLBACK,
    LANGUAGES,
    language_name,
    language_of,
    plural,
    trn,
    variant_name,
)
from bot.texts.template import build_template, template_bytes, usage
from bot.ui.variant_names import resolve_variant, variant_names

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "bot" / "locale"
CLDR_TAGS = ("zero", "one", "two", "few", "many", "other")  # gettext's order of forms
COUNTS = (0, 1, 2, 5, 11, 21, 101)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@cache
def template_keys() -> tuple[frozenset[str], frozenset[str]]:
    """The template's plain keys and its plural keys."""
    template = build_template(ROOT)
    plain = frozenset(m.id for m in template if m.id and isinstance(m.id, str))
    plurals = frozenset(m.id[0] for m in template if m.id and not isinstance(m.id, str))
    return plain, plurals


def test_the_template_is_extracted_from_the_code() -> None:
    """bot/locale/messages.pot is what `python -m bot.texts template` writes now."""
    assert (LOCALE / "messages.pot").read_bytes() == template_bytes(build_template(ROOT))


def test_the_code_names_only_keys_that_exist_and_uses_every_key() -> None:
    found = usage(ROOT)
    english = CATALOGUES[FALLBACK]
    keys = set(english.texts) | set(english.plurals)
    named = {key for key, places in found.literal.items()
             if any(p.endswith(".py") for p, _ in places)}
    plain, plurals = template_keys()
    called = {m.id if isinstance(m.id, str) else m.id[0]
              for m in build_template(ROOT) if m.id and m.locations}
    assert called <= keys, sorted(called - keys)  # a text function's key exists
    assert named  # the scan sees the code
    assert [k for k in sorted(keys) if not found.covers(k)] == [], "texts nobody shows"
    assert plain | plurals == keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_is_complete(lang: str) -> None:
    plain, plurals = template_keys()
    catalogue = CATALOGUES[lang]
    assert sorted(plain - set(catalogue.texts)) == []
    assert sorted(plurals - set(catalogue.plurals)) == []
    assert set(catalogue.texts) <= plain and set(catalogue.plurals) <= plurals


@pytest.mark.parametrize("lang", LANGUAGES)
def test_same_placeholders_as_english(lang: str) -> None:
    english, catalogue = CATALOGUES[FALLBACK], CATALOGUES[lang]
    for key, text in catalogue.texts.items():
        assert text.strip(), (lang, key)
        assert fields(text) == fields(english.texts[key]), (lang, key)
    for key, forms in catalogue.plurals.items():
        want = fields(english.plurals[key][-1])
        for form in forms:
            assert fields(form) == want, (lang, key, form)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_follow_cldr(lang: str) -> None:
    """Each catalogue's Plural-Forms is CLDR's rule for its language (as Babel writes
    it), and 0, 1, 2, 5, 11, 21 and 101 take the form of their CLDR category."""
    po = (LOCALE / lang / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    assert f"Plural-Forms: {get_plural(lang).plural_forms}" in po
    rule = Locale.parse(lang).plural_form
    order = [tag for tag in CLDR_TAGS if tag in rule.tags | {"other"}]
    catalogue = CATALOGUES[lang]
    for key, forms in catalogue.plurals.items():
        assert len(forms) == get_plural(lang).num_plurals, (lang, key)
        for n in COUNTS:
            expected = forms[order.index(rule(n))]
            assert trn(lang, key, n, n=n, count=n, name="A") == expected.format(
                n=n, count=n, name="A"), (lang, key, n)
            if key.startswith("plural."):
                assert str(n) in plural(lang, n, key.removeprefix("plural.")), (lang, key, n)


def test_russian_and_ukrainian_counts() -> None:
    assert [plural("ru", n, "tile") for n in (1, 2, 5, 11, 21, 101)] == [
        "1 костяшка", "2 костяшки", "5 костяшек", "11 костяшек", "21 костяшка",
        "101 костяшка"]
    uk = [plural("uk", n, "point") for n in (1, 2, 5, 11, 21)]
    assert uk[0].startswith("1 ") and uk[0].split()[1] == uk[4].split()[1]  # 1 and 21 agree
    assert uk[1].split()[1] != uk[2].split()[1] == uk[3].split()[1]  # 2 apart; 5 as 11


def test_zero_is_singular_in_brazilian_portuguese() -> None:
    assert plural("pt_BR", 0, "tile").split()[1] == plural("pt_BR", 1, "tile").split()[1]
    assert plural("es", 0, "tile").split()[1] == plural("es", 2, "tile").split()[1]


@pytest.mark.parametrize(("code", "lang"), [
    ("es-MX", "es"), ("es", "es"), ("es-419", "es"), ("pt-PT", "pt_BR"), ("pt-BR", "pt_BR"),
    ("pt", "pt_BR"), ("uk", "uk"), ("ru", "ru"), ("ru-RU", "ru"), ("de", "en"),
    ("en-GB", "en"), ("zh-hans", "en"), ("xx", "en"), ("", "en"), (None, "en")])
def test_a_telegram_client_gets_the_nearest_catalogue(code: str | None, lang: str) -> None:
    assert language_of(code) == lang


def test_no_code_gives_the_default() -> None:
    assert language_of(None, "uk") == "uk" and language_of("", "pt_BR") == "pt_BR"


def test_language_by_code_or_own_name() -> None:
    assert find_language("pt") == find_language("PT-br") == find_language("pt_BR") == "pt_BR"
    assert find_language(language_name("es").upper()) == "es"
    assert find_language("Українська") == "uk"
    assert find_language("de") is None and find_language("") is None
    names = [language_name(lang) for lang in LANGUAGES]
    assert len(set(names)) == len(names) == len(LANGUAGES) >= 5


def test_a_variant_by_its_name_in_any_language() -> None:
    """/newgame and /rules take a variant's name in any catalogue, accents or not, with
    or without its gloss."""
    for lang in LANGUAGES:
        for variant in variant_names():
            assert resolve_variant(variant_name(lang, variant)) == variant, (lang, variant)
    assert resolve_variant("domino chino") == resolve_variant("Dominó chino") == "chinese"
    assert resolve_variant("Морський козел") == "sea_kozel"
    assert resolve_variant("nothing like it") is None and resolve_variant(" ") is None
