"""Typed errors of the engine. Every one is a ValueError that says what was wrong."""

from __future__ import annotations

from enum import Enum


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class TileError(EngineError):
    """A tile could not be parsed or does not belong to the set."""


class MoveError(EngineError):
    """A move could not be parsed."""


class IllegalMoveError(EngineError):
    """A well-formed move that the rules do not allow now."""


class ReasonedMoveError(IllegalMoveError):
    """A move the rules refuse, with its typed reason (the kind's own ``Reason``
    enum): what the player is told is chosen by it, never by parsing the message."""

    def __init__(self, reason: Enum, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class OptionsError(EngineError):
    """A variant name, player count or house-rule option that is not allowed."""


class RecordError(EngineError):
    """A game record that is malformed or does not replay.

    ``round_index`` and ``move_index`` (both 0-based) say where, when known.
    """

    def __init__(
        self, message: str, *, round_index: int | None = None, move_index: int | None = None
    ) -> None:
        where = []
        if round_index is not None:
            where.append(f"round {round_index}")
        if move_index is not None:
            where.append(f"move {move_index}")
        prefix = (", ".join(where) + ": ") if where else ""
        super().__init__(prefix + message)
        self.round_index = round_index
        self.move_index = move_index
        self.reason = message
