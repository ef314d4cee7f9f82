"""The computer players' decision, as a pure top-level function of an `AiTurn`.

`decide` holds no state and touches no database, so the bot can run it in a
worker process (`AiTurn` and the `Move` it returns are picklable) and hand the
move back to `GameService.ai_move`, which applies it only if the game is still
at the turn's version. Every kind of game decides its own way (engine.games).
"""

from __future__ import annotations

from engine.core.moves import Move
from engine.games import kind_of
from service.types import AiTurn

__all__ = ["decide"]


def decide(turn: AiTurn) -> Move:
    """The move of the computer player of ``turn.level`` seeded with ``turn.seed``."""
    return kind_of(turn.variant).decide(turn.level, turn.seed, turn.variant, turn.view)
