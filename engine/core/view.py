"""What one seat may know of a game of any kind: :class:`SeatView`, the common facts.

Each kind's view subclasses it with its own public facts: the domino turn machine's
:class:`engine.domino.view.DominoView` (its hand, the table, the history ...),
``ChineseView`` and ``TriangularSeatView`` (the game's own view as ``detail``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.moves import Move
from engine.core.results import GameOutcome

__all__ = ["SeatView"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know: only public facts, and what a kind adds of its own."""

    seat: int | None
    variant: str
    players: int
    sides: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    boneyard_left: int  # pieces that may still be drawn
    boneyard_unseen: int  # pieces nobody at the table has seen
    totals: tuple[int, ...]
    round_points: tuple[int, ...]
    round_index: int
    turn: int | None
    turn_number: int
    leader: int
    legal: tuple[Move, ...]
    outcome: GameOutcome | None

    @property
    def table_empty(self) -> bool:
        """Nothing played yet in the round (each kind says it its own way)."""
        raise NotImplementedError
