"""The house options a lobby offers, and the values each may take: read from the
variant's own declarations (``Variant.option_specs``), never from its name, and from
each option's one declaration (engine/core/options.py: its record type).

The service refuses anything else (`check_options`); the bot builds its
settings keyboard from the same specs, so a button never offers what the
service would refuse, and a forged callback (``target 9999``) is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import EngineError
from engine.variants import (
    FREE_TARGETS,
    ROUND_COUNTS,
    OptionKind,
    OptionSpec,
    get_variant,
    make_variant,
)
from service.errors import BadSettingsError

__all__ = [
    "FREE_TARGETS",
    "ROUNDS_CHOICES",
    "accepted_options",
    "allowed_values",
    "check_options",
    "lobby_choices",
    "max_seats",
    "option_spec",
]

# The rounds a lobby cycles through where a game may be cut short; 0 is the lobby's
# "no limit" (the option is dropped then, the rule's own end applies), never stored.
ROUNDS_CHOICES: tuple[int, ...] = (0, *ROUND_COUNTS)


def option_spec(variant: str, option: str) -> OptionSpec | None:
    """The variant's spec of an option it offers (None: not offered; an unknown
    variant: EngineError). A number option no lobby value is offered for is not
    offered (threes' target: the engine takes it, the lobby does not)."""
    spec = get_variant(variant).option_spec(option)
    if spec is None or not spec.offered:
        return None
    return spec


def accepted_options(variant: str) -> frozenset[str]:
    """The house options the lobby offers for a variant (an unknown variant: EngineError)."""
    return frozenset(s.name for s in get_variant(variant).option_specs if s.offered)


def allowed_values(variant: str, option: str) -> tuple[Any, ...] | None:
    """The values ``option`` may take in ``variant``; None when the variant does not
    offer the option at all. Booleans are ``(False, True)``."""
    spec = option_spec(variant, option)
    return spec.offered if spec is not None else None


def lobby_choices(variant: str, option: str) -> tuple[int, ...] | None:
    """The numbers a lobby button cycles through for a number option: its values, and
    first 0 ("none") where the option is unset by default (rounds). None: not offered."""
    spec = option_spec(variant, option)
    if spec is None or spec.kind is OptionKind.BOOL:
        return None
    return (0, *spec.values) if spec.default is None else spec.values


def max_seats(variant: str, options: Mapping[str, Any]) -> int:
    """The largest table the variant allows with these options (chicken_foot with
    double-six: four)."""
    for players in sorted(get_variant(variant).players_allowed, reverse=True):
        try:
            make_variant(variant, players, dict(options))
        except EngineError:
            continue
        return players
    return max(get_variant(variant).players_allowed)


def check_options(variant: str, options: Mapping[str, Any], seated: int = 0) -> None:
    """Refuse (`BadSettingsError`) an option the variant does not offer, a value it
    does not offer (a bool option given a non-bool, a number outside its list), and
    a combination the engine refuses at every table the variant allows of at least
    ``seated`` players, tried from the largest (chicken_foot's double-six seats four
    of its eight)."""
    for key, value in options.items():
        spec = option_spec(variant, key)
        if spec is None:
            raise BadSettingsError(f"unknown option {key!r}")
        wrong_type = spec.declared.type_error(value) is not None  # its record type
        if spec.kind is OptionKind.BOOL:
            if wrong_type:
                raise BadSettingsError(f"{key} is true or false, not {value!r}")
        elif wrong_type or value not in spec.values:
            raise BadSettingsError(
                f"{key} is one of {', '.join(map(str, spec.values))}, not {value!r}")
    if options.get("teams"):
        sizes = [4]
    else:
        allowed = sorted(get_variant(variant).players_allowed, reverse=True)
        sizes = [n for n in allowed if n >= seated] or allowed[:1]
    first: EngineError | None = None
    for players in sizes:
        probe = dict(options)
        if not probe.get("teams") and not get_variant(variant).default_teams(players):
            probe.pop("teams", None)  # no teams is the variant's own rule then
        try:
            make_variant(variant, players, probe)
        except EngineError as exc:
            first = first or exc
            continue
        return
    assert first is not None
    raise BadSettingsError(str(first)) from None
