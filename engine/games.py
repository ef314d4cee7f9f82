"""A game of any kind, for the layers above the engine: the kind of a variant, a new
game, a game rebuilt from its stored entries, a record replayed.

The kinds are :data:`engine.variants.KINDS`, the explicit list; a kind answers the
contract of :mod:`engine.core.kind`, its games the :class:`PlayedGame` protocol.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.catalogue import Variant
from engine.core.errors import OptionsError, RecordError
from engine.core.kind import GameKind, PlayedGame
from engine.domino.record import FORMAT
from engine.variants import KINDS, get_variant, make_variant

__all__ = ["kind_named", "kind_of", "new_game", "rebuild", "register_kind", "replay"]


def register_kind(kind: GameKind) -> GameKind:
    """Add a kind beyond the built-in ones (a test's own kind); refuses a second kind
    of a name already taken."""
    known = KINDS.get(kind.name)
    if known is not None and known is not kind:
        raise ValueError(f"two game kinds are named {kind.name!r}")
    KINDS[kind.name] = kind
    return kind


def kind_named(name: str) -> GameKind:
    """The kind of that name (OptionsError for none)."""
    try:
        return KINDS[name]
    except KeyError:
        raise OptionsError(f"no game kind {name!r}") from None


def kind_of(variant: Variant | str) -> GameKind:
    """The kind of a variant (or of the variant of that name)."""
    cls = get_variant(variant) if isinstance(variant, str) else type(variant)
    return kind_named(cls.kind)


def new_game(variant: Variant, seed: int) -> PlayedGame:
    """A new game of ``variant`` dealt from ``seed``, whatever its kind."""
    return kind_of(variant).new_game(variant, seed)


def rebuild(head_text: str, seed: int, entries: Iterable[str]) -> tuple[PlayedGame, list[str]]:
    """The game of a stored head and entries, dealt from ``seed``; and the players' names."""
    head = json.loads(head_text)
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise ValueError(f"not the head of a {FORMAT} record")
    names = [str(name) for name in head["players"]]
    variant = make_variant(str(head["variant"]), len(names), head.get("options", {}))
    return kind_of(variant).rebuild(variant, seed, entries), names


def replay(record: Any) -> tuple[PlayedGame, list[str]]:
    """Replay a ``domino-record/1`` of any kind (RecordError when it is none)."""
    if not isinstance(record, Mapping) or not isinstance(record.get("variant"), str):
        raise RecordError("a record is an object naming its variant")
    try:
        kind = kind_of(record["variant"])
    except OptionsError as exc:
        raise RecordError(str(exc)) from exc
    return kind.replay(record)
