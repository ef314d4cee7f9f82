"""The text catalogues: every word a player reads, one gettext ``.po`` file per language.

The catalogues live in ``bot/locale/<code>/LC_MESSAGES/messages.po``; their msgids
are keys (``lobby.solo_hint``), and the English catalogue holds the source text of
every key (see docs/translating.md). A language is any folder there: adding one is
adding one file.

The ``.po`` files are read at start (Babel's reader), never compiled to ``.mo``: an
editable install (``pip install -e .``) and a volunteer's edited file both work
with no build step, and reading six catalogues takes a few tens of milliseconds
once per process.

``tr(lang, key, **values)`` formats one text; ``trn(lang, key, n, **values)`` a
text with plural forms, chosen by the catalogue's ``Plural-Forms`` rule (Babel
writes it from CLDR). A text a catalogue lacks, or leaves empty or fuzzy, is taken
from English.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from babel.core import Locale, UnknownLocaleError
from babel.messages.pofile import read_po

from engine.variants import variants_in_order

FALLBACK = "en"
DOMAIN = "messages"


def locale_dir() -> Traversable:
    """Where the catalogues are: ``bot/locale`` inside the package."""
    return resources.files("bot").joinpath("locale")


@dataclass(frozen=True)
class Catalogue:
    """One language's texts, read from its ``.po`` file."""

    code: str  # the folder's name: "en", "pt_BR"
    texts: dict[str, str]  # key -> text (tests may add a test-defined variant's)
    plurals: dict[str, tuple[str, ...]]  # key -> its forms, in Plural-Forms order
    plural_index: Callable[[int], int]  # n -> which form

    @property
    def telegram_code(self) -> str:
        """The two-letter code Telegram's ``setMyCommands`` takes: "pt" for pt_BR."""
        return self.code.split("_")[0]


def _read(code: str, path: Traversable) -> Catalogue:
    with path.open("rb") as f:
        po = read_po(f, locale=code, domain=DOMAIN)
    texts: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for message in po:
        if not message.id or message.fuzzy:
            continue  # the header; a fuzzy guess is not a translation
        key, string = message.id, message.string
        if isinstance(key, tuple | list) and isinstance(string, tuple | list):
            forms = tuple(str(form) for form in string)
            if all(forms):
                plurals[str(key[0])] = forms
        elif isinstance(key, str) and isinstance(string, str) and string:
            texts[key] = string
    # The standard library's reader of a Plural-Forms expression, as its own
    # GNUTranslations uses it; the expression itself is Babel's, from CLDR.
    index = gettext.c2py(po.plural_expr)
    return Catalogue(code, texts, plurals, index)


def _discover() -> dict[str, Catalogue]:
    found: dict[str, Catalogue] = {}
    root = locale_dir()
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        po = entry.joinpath("LC_MESSAGES", f"{DOMAIN}.po")
        if entry.is_dir() and po.is_file():
            found[entry.name] = _read(entry.name, po)
    if FALLBACK not in found:
        raise RuntimeError(f"the English catalogue is missing from {root}")
    # English first, then the others by code: the order /language lists them in
    return {FALLBACK: found.pop(FALLBACK), **found}


_CATALOGUES = _discover()
CATALOGUES: Mapping[str, Catalogue] = _CATALOGUES
CATALOGS: Mapping[str, dict[str, str]] = {code: c.texts for code, c in _CATALOGUES.items()}
LANGUAGES: tuple[str, ...] = tuple(_CATALOGUES)


@cache
def _locale(code: str) -> Locale | None:
    try:
        return Locale.parse(code.replace("-", "_"))
    except (ValueError, TypeError, UnknownLocaleError):
        return None


def language_of(code: str | None, default: str = FALLBACK) -> str:
    """The catalogue nearest to a Telegram ``language_code`` (or a stored choice):
    the same language and territory, else the same language ("es-MX" is es, "pt-PT"
    pt_BR), else English; no code at all gives ``default``."""
    if not code:
        return default if default in _CATALOGUES else FALLBACK
    if code in _CATALOGUES:
        return code
    wanted = _locale(code)
    if wanted is None:
        return FALLBACK
    same_language = [c for c in LANGUAGES if c.split("_")[0] == wanted.language]
    for c in same_language:
        if c == f"{wanted.language}_{wanted.territory}" or c == wanted.language:
            return c
    return same_language[0] if same_language else FALLBACK


def has_text(key: str) -> bool:
    """Whether ``key`` is a text of the catalogues (the English one holds every key)."""
    return key in _CATALOGUES[FALLBACK].texts


def _text(lang: str, key: str) -> str:
    catalogue = _CATALOGUES.get(lang)
    if catalogue is not None:
        text = catalogue.texts.get(key)
        if text is not None:
            return text
    return _CATALOGUES[FALLBACK].texts[key]  # KeyError: no such text anywhere


def tr(lang: str, key: str, **values: object) -> str:
    """The text ``key`` in ``lang`` with its placeholders filled."""
    text = _text(lang, key)
    return text.format(**values) if values else text


def trn(lang: str, key: str, count: int, /, **values: object) -> str:
    """The form of a plural text ``key`` that ``count`` takes in ``lang``:
    ``trn("ru", "plural.tile", 5, n=5)`` is "5 костяшек"."""
    catalogue = _CATALOGUES.get(lang)
    forms = catalogue.plurals.get(key) if catalogue is not None else None
    if catalogue is None or forms is None:
        catalogue = _CATALOGUES[FALLBACK]
        forms = catalogue.plurals[key]
    index = catalogue.plural_index(abs(count))
    return forms[min(index, len(forms) - 1)].format(**values)


def plural(lang: str, n: int, noun: str) -> str:
    """A count with its noun in the right form: ``plural("ru", 5, "tile")`` is
    "5 костяшек" (the catalogue's plural text ``plural.<noun>``, with ``{n}``)."""
    return trn(lang, f"plural.{noun}", n, n=n)


def join_words(lang: str, items: list[str]) -> str:
    """"a", "a and b", "a, b and c" in the language."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {tr(lang, 'word.and')} {items[-1]}"


def variant_text(lang: str, key: str, fallback: str) -> str:
    """A variant's catalogue text; a registered variant without it (the catalogue test
    names it: :func:`missing_variant_texts`) shows ``fallback`` instead of breaking a
    handler."""
    return tr(lang, key) if has_text(key) else fallback


def variant_name(lang: str, variant: str) -> str:
    """A variant's name in the language (its code name if the catalogue lacks it)."""
    return variant_text(lang, f"variant.{variant}", variant)


def language_name(lang: str) -> str:
    """A language's own name, as its speakers write it ("Español")."""
    return tr(lang, "language.name")


VARIANT_TEXTS = ("variant", "rules")  # the keys every variant needs: variant.<name> ...


def missing_variant_texts() -> list[str]:
    """The catalogue keys a registered variant lacks, as "lang: key" (none: complete)."""
    return [f"{lang}: {kind}.{cls.name}"
            for cls in variants_in_order() for kind in VARIANT_TEXTS
            for lang, catalog in CATALOGS.items() if f"{kind}.{cls.name}" not in catalog]


__all__ = ["CATALOGS", "CATALOGUES", "FALLBACK", "LANGUAGES", "Catalogue", "has_text",
           "join_words", "language_name", "language_of", "locale_dir",
           "missing_variant_texts", "plural", "tr", "trn", "variant_name", "variant_text"]
