"""The text catalogs: every word a player reads, in Russian and English.

``tr(lang, key, **values)`` formats one text; an unknown language falls back to
English. The two catalogs have the same keys and the same placeholders (tested).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.texts import en, ru

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


__all__ = ["CATALOGS", "LANGUAGES", "language_of", "tr"]
