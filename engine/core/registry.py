"""The registry of variants: each found by its name and aliases, whatever its kind.

:mod:`engine.variants` lists every built-in variant and registers them all when it
is imported; whoever looks a variant up imports :mod:`engine.variants` (the layers
above do) or is handed a variant already made. Tests register their own variants
with :func:`registered`. :func:`make_variant` builds one from a name and options.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

from engine.core.catalogue import Family, Variant, default_options
from engine.core.errors import OptionsError
from engine.core.options import declared_option

__all__ = [
    "VARIANTS",
    "default_options",
    "find_variant",
    "get_variant",
    "make_variant",
    "register",
    "registered",
    "unregister",
    "variants_in_order",
]

VARIANTS: dict[str, type[Variant]] = {}
_ALIASES: dict[str, str] = {}  # alias -> variant name

NAME_PATTERN = re.compile(r"[a-z][a-z_]*")
V = TypeVar("V", bound=type["Variant"])


def _declared(cls: type[Variant], attr: str) -> bool:
    return attr in vars(cls)


def _check_declarations(cls: type[Variant]) -> None:
    """What :func:`register` refuses: a variant without its own name, order, aliases
    and family; an option spec that disagrees with the class's facts."""
    where = cls.__qualname__
    if not cls.name or not NAME_PATTERN.fullmatch(cls.name):
        raise ValueError(f"{where} has no name of lower-case letters and '_'")
    for attr in ("name", "order"):
        if not _declared(cls, attr):
            raise ValueError(f"{where} must declare its own {attr}")
    if cls.aliases and not _declared(cls, "aliases"):
        raise ValueError(f"{where} must declare its own aliases (even ())")
    if not isinstance(getattr(cls, "family", None), Family):
        raise ValueError(f"{where} has no family")
    names = [spec.name for spec in cls.option_specs]
    undeclared = [n for n in names if declared_option(n) is None]
    if undeclared:
        raise ValueError(f"{where} takes undeclared options: {', '.join(undeclared)}")
    if len(set(names)) != len(names):
        raise ValueError(f"{where} declares an option twice")
    target, tile_set = cls.option_spec("target"), cls.option_spec("set")
    if target is not None and target.default != cls.default_target:
        raise ValueError(f"{where}: the target option's default is not default_target")
    if tile_set is not None and (tile_set.default != cls.default_set
                                 or tile_set.values != cls.sets_allowed):
        raise ValueError(f"{where}: the set option disagrees with sets_allowed/default_set")


def register(cls: V) -> V:
    """Make a variant findable by its name and aliases."""
    _check_declarations(cls)
    if not cls.kind:
        raise ValueError(f"{cls.__qualname__} names no game kind")
    known = VARIANTS.get(cls.name)
    if known is not None and known is not cls:
        raise ValueError(f"two variants are named {cls.name!r}")
    if known is cls:
        return cls
    taken = set(VARIANTS) | set(_ALIASES)
    own = [cls.name, *cls.aliases]
    clash = [a for a in own if a in taken or own.count(a) > 1]
    if clash:
        raise ValueError(f"{cls.name}: {', '.join(map(repr, clash))} already names a variant")
    VARIANTS[cls.name] = cls
    for alias in cls.aliases:
        _ALIASES[alias] = cls.name
    return cls


def unregister(cls: type[Variant]) -> None:
    """Forget a registered variant (tests that register their own)."""
    if VARIANTS.get(cls.name) is not cls:
        raise ValueError(f"{cls.__qualname__} is not registered")
    del VARIANTS[cls.name]
    for alias in cls.aliases:
        _ALIASES.pop(alias, None)


@contextmanager
def registered(cls: type[Variant]) -> Iterator[type[Variant]]:
    """Register a variant for the length of a ``with`` block (tests)."""
    register(cls)
    try:
        yield cls
    finally:
        unregister(cls)


def variants_in_order() -> tuple[type[Variant], ...]:
    """Every registered variant, in menu order."""
    return tuple(sorted(VARIANTS.values(), key=lambda cls: (cls.order, cls.name)))


def find_variant(text: str) -> type[Variant] | None:
    """The variant named, or aliased, exactly ``text`` (already normalised)."""
    name = _ALIASES.get(text, text)
    return VARIANTS.get(name)


def get_variant(name: str) -> type[Variant]:
    try:
        return VARIANTS[name]
    except KeyError:
        known = ", ".join(sorted(VARIANTS)) or "none (engine.variants registers them)"
        raise OptionsError(f"unknown variant {name!r}; known: {known}") from None


def _check_kind(key: str, value: Any) -> None:
    """The record type of each option (its declaration's), whatever the variant."""
    declared = declared_option(key)
    if declared is None:
        raise OptionsError(f"unknown option {key!r}")
    problem = declared.type_error(value)
    if problem is not None:
        raise OptionsError(problem)


def make_variant(name: str, players: int, options: Mapping[str, Any] | None = None) -> Variant:
    """Build a variant from its name, the number of players and house-rule options.

    The variant takes the options of its ``option_specs`` (a CHOICE among its
    values; a named choice's word, as a record writes it, or its number); any other
    option only at the variant's default (a record or a view may
    spell defaults out), else it is refused."""
    cls = get_variant(name)
    if not isinstance(players, int) or isinstance(players, bool):
        raise OptionsError(f"players must be a number, not {players!r}")
    base = default_options(cls, players)
    changes: dict[str, Any] = {}
    for key, given in (options or {}).items():
        declared = declared_option(key)
        value = declared.from_record(given) if declared is not None else given
        _check_kind(key, value)
        changes[key] = value
    variant = cls(base.replaced(changes))  # the class's checks: players, teams, sets, choices
    for key in changes:
        if cls.option_spec(key) is None and variant.options.get(key) != base.get(key):
            raise OptionsError(f"{name} has no option {key!r}")
    return variant
