"""The text catalogs: every word a player reads, in Russian and English.

``tr(lang, key, **values)`` formats one text; an unknown language falls back to
English. The two catalogs have the same keys and the same placeholders (tested).
Every registered variant needs ``variant.<name>`` and ``rules.<name>`` in both
(:func:`missing_variant_texts`, checked by the catalogue tests).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.texts import en, ru
from engine.variants import variants_in_order

CATALOGS: Mapping[str, Mapping[str, str]] = {"en": en.TEXTS, "ru": ru.TEXTS}
LANGUAGES = tuple(CATALOGS)
FALLBACK = "en"


def language_of(code: str | None, default: str = FALLBACK) -> str:
    """The catalog for a Telegram ``language_code``: ``ru*`` is Russian, else English;
    no code at all gives ``default``."""
    if not code:
        return default if default in CATALOGS else FALLBACK
    return "ru" if code.lower().startswith("ru") else "en"


def tr(lang: str, key: str, **values: object) -> str:
    catalog = CATALOGS.get(lang, CATALOGS[FALLBACK])
    text = catalog[key]
    return text.format(**values) if values else text


def plural_form(lang: str, n: int) -> str:
    """The grammatical number a count takes: "one", "few" or "many" (English has no
    "few": 2 tiles as 5 tiles; Russian: 1 костяшка, 2 костяшки, 5 костяшек, 21 костяшка)."""
    n = abs(n)
    if lang != "ru":
        return "one" if n == 1 else "many"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def plural(lang: str, n: int, noun: str) -> str:
    """A count with its noun in the right form: ``plural("ru", 5, "tile")`` is
    "5 костяшек" (catalog keys ``plural.<noun>.one|few|many``, each with ``{n}``)."""
    return tr(lang, f"plural.{noun}.{plural_form(lang, n)}", n=n)


def join_words(lang: str, items: list[str]) -> str:
    """"a", "a and b", "a, b and c" in the language."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {tr(lang, 'word.and')} {items[-1]}"


def variant_text(lang: str, key: str, fallback: str) -> str:
    """A variant's catalogue text; a registered variant without it (the catalogue test
    names it: :func:`missing_variant_texts`) shows ``fallback`` instead of breaking a
    handler."""
    catalog = CATALOGS.get(lang, CATALOGS[FALLBACK])
    return catalog.get(key, fallback)


def variant_name(lang: str, variant: str) -> str:
    """A variant's name in the language (its code name if the catalogue lacks it)."""
    return variant_text(lang, f"variant.{variant}", variant)


VARIANT_TEXTS = ("variant", "rules")  # the keys every variant needs: variant.<name> ...


def missing_variant_texts() -> list[str]:
    """The catalogue keys a registered variant lacks, as "lang: key" (none: complete)."""
    return [f"{lang}: {kind}.{cls.name}"
            for cls in variants_in_order() for kind in VARIANT_TEXTS
            for lang, catalog in CATALOGS.items() if f"{kind}.{cls.name}" not in catalog]


__all__ = ["CATALOGS", "LANGUAGES", "join_words", "language_of", "missing_variant_texts",
           "plural", "plural_form", "tr", "variant_name", "variant_text"]
