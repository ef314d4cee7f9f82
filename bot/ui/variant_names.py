"""How a player names a variant: the menu's names, and reading a name he typed (its
code, an alias, or its name in any catalogue) for ``/newgame``, ``/rules`` and ``/top``."""

from __future__ import annotations

import difflib
import re
import unicodedata

from bot.texts import LANGUAGES, variant_name
from engine.variants import VARIANTS, find_variant, variants_in_order


def variant_names() -> list[str]:
    """The variants the bot offers, in menu order: every registered variant (each
    has its names and rules in the catalogs), read at call time."""
    return [cls.name for cls in variants_in_order()]


def is_variant(name: str) -> bool:
    return name in VARIANTS


def normalize_variant(text: str) -> str:
    """How /newgame and /rules read a name: lower case, "ё" as "е", spaces and hyphens
    as "_" (the variants' aliases are declared in that form)."""
    return text.strip().lower().replace("ё", "е").replace("-", "_").replace(" ", "_")


def _folded(text: str) -> str:
    """A name with its accents dropped ("Dominó" as "domino"), to compare typed names."""
    decomposed = unicodedata.normalize("NFKD", normalize_variant(text))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _catalogue_names() -> dict[str, str]:
    """Every variant's name in every catalogue, and that name without its gloss in
    parentheses ("Kozel (Chivo)": "kozel", "chivo"), folded -> the variant."""
    names: dict[str, str] = {}
    for cls in variants_in_order():
        for lang in LANGUAGES:
            name = variant_name(lang, cls.name)
            parts = [name, *re.split(r"\s*[()]\s*", name)]
            for part in filter(None, (p.strip() for p in parts)):
                names.setdefault(_folded(part), cls.name)
    return names


def resolve_variant(text: str) -> str | None:
    """The variant a name or alias stands for, or its name in any of the catalogues
    ("tren mexicano" is found in a group that speaks Russian; None: unknown)."""
    cls = find_variant(normalize_variant(text))
    if cls is not None:
        return cls.name
    return _catalogue_names().get(_folded(text)) if text.strip() else None


def close_variants(text: str, lang: str, count: int = 3) -> list[str]:
    """The variants whose name, alias or name in ``lang`` is closest to an unknown
    ``text`` (at most ``count``, closest first; none when nothing is close)."""
    names: dict[str, str] = {}  # a normalised name or alias -> its variant
    for cls in variants_in_order():
        for alias in (cls.name, *cls.aliases, normalize_variant(variant_name(lang, cls.name))):
            names.setdefault(normalize_variant(alias), cls.name)
    found: list[str] = []
    for match in difflib.get_close_matches(normalize_variant(text), names, n=10, cutoff=0.6):
        if names[match] not in found:
            found.append(names[match])
    return found[:count]


__all__ = ["close_variants", "is_variant", "normalize_variant", "resolve_variant",
           "variant_names"]
