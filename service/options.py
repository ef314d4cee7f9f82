"""The house options a lobby offers, and the values each may take.

The service refuses anything else (`check_options`); the bot builds its
settings keyboard from the same lists, so a button never offers what the
service would refuse, and a forged callback (``target 9999``) is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import EngineError
from engine.variants import get_variant, make_variant
from service.errors import BadSettingsError

__all__ = [
    "BOOL_OPTIONS",
    "FREE_TARGETS",
    "ROUNDS_CHOICES",
    "accepted_options",
    "allowed_values",
    "check_options",
]

# Targets offered where the variant takes any target (draw, block, domiki).
FREE_TARGETS: tuple[int, ...] = (50, 100, 150, 200, 250)
# The rounds general_kozel may be played for; 0 is the lobby's "no limit" (the
# option is dropped then, the rule's own end applies), never a stored value.
ROUNDS_CHOICES: tuple[int, ...] = (0, 1, 3, 5, 7)
# The on/off options (RULES.md 4.13 and the goat family's fish point, teams).
BOOL_OPTIONS: frozenset[str] = frozenset(
    {"teams", "fish_point", "locked", "extra_turn", "no_double_out"})


def accepted_options(variant: str) -> frozenset[str]:
    """The house options the lobby offers for a variant (an unknown variant: EngineError)."""
    cls = get_variant(variant)
    if cls.accepted_options is not None:
        return cls.accepted_options
    return frozenset({"teams", "target", *(("fish_point",) if variant == "kozel" else ())})


def allowed_values(variant: str, option: str) -> tuple[Any, ...] | None:
    """The values ``option`` may take in ``variant``; None when the variant does not
    offer the option at all. Booleans are ``(False, True)``."""
    if option not in accepted_options(variant):
        return None
    cls = get_variant(variant)
    if option in BOOL_OPTIONS:
        return (False, True)
    if option == "target":
        targets = cls.targets_allowed or (FREE_TARGETS if cls.default_target is not None else ())
        return targets or None
    if option == "rounds":
        return tuple(r for r in ROUNDS_CHOICES if r)
    if option == "set":
        return cls.sets_allowed
    return None


def _max_players(variant: str) -> int:
    return max(get_variant(variant).players_allowed)


def check_options(variant: str, options: Mapping[str, Any]) -> None:
    """Refuse (`BadSettingsError`) an option the variant does not offer, a value it
    does not offer (a bool option given a non-bool, a number outside its list), and
    a combination the engine refuses at the largest table the variant allows."""
    for key, value in options.items():
        allowed = allowed_values(variant, key)
        if allowed is None:
            raise BadSettingsError(f"unknown option {key!r}")
        if key in BOOL_OPTIONS:
            if not isinstance(value, bool):
                raise BadSettingsError(f"{key} is true or false, not {value!r}")
        elif isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            raise BadSettingsError(
                f"{key} is one of {', '.join(map(str, allowed))}, not {value!r}")
    probe = dict(options)
    try:
        if probe.get("teams"):
            make_variant(variant, 4, probe)
        else:
            players = _max_players(variant)
            if not get_variant(variant).default_teams(players):
                probe.pop("teams", None)  # no teams is the variant's own rule then
            make_variant(variant, players, probe)
    except EngineError as exc:
        raise BadSettingsError(str(exc)) from None
