"""A started game as stored: the record's head and one notation entry per command.

The deals are not stored: a game is rebuilt by dealing from its seed and playing
its entries again (the engine deals every round from the seed alone). The record
(``domino-record/1``) is built from the rebuilt game when asked, and equals the
one the live game would write.

Every kind of game (:mod:`engine.games`) says what its entries are and
how they are played again. The domino kind's entry is the record's notation of one
command: ``6-3`` (a lead), ``1-3:E``, ``3-1`` (a tile that fits one end), ``4-4:E#``,
``open:E``, ``draw``, ``pass``, ``done``; a command after which the same turn goes on
ends in ``+`` (``3-3:N+``). Games converted by migration m0003 may also hold whole
turns (``3-3:N+5-5:S``), as their old record wrote them. Replaying an entry that
does not end in ``+`` ends a turn still open, as replaying a record does, so both
forms replay alike. A chinese entry is one play (``6-6+1-1``, ``down:2-4``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.kind import PlayedGame
from engine.games import kind_of, rebuild

__all__ = ["head_json", "names_of", "rebuild"]


def head_json(game: PlayedGame, names: Sequence[str]) -> str:
    """The record's head (everything but the rounds), written once at the start."""
    return kind_of(game.variant).head_json(game, names)


def names_of(head: Mapping[str, Any]) -> list[str]:
    return [str(name) for name in head["players"]]
