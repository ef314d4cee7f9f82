"""The one output of ``python -m engine replay``, for every game kind
(docs/record-format.md, "replay").

A kind hands over what its replayed game holds as values (:class:`ReplayedRound`,
one a round the record holds); :func:`replay_output` writes the JSON object. So the
shape is written once: every list of points indexed by side, a move's points what
the mover's side scored with it in play, ``end`` null while a round is unfinished,
``winners`` null until the game is over.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.results import GameOutcome, RoundEnd

__all__ = ["ReplayedMove", "ReplayedRound", "replay_output"]


@dataclass(frozen=True, slots=True)
class ReplayedMove:
    """One record entry: who played it, as written, and what the mover's side
    scored with it in play (points scored at the round's end are not here)."""

    seat: int
    move: str
    points: int = 0


@dataclass(frozen=True, slots=True)
class ReplayedRound:
    """One round of the record: its moves, how it ended (None: unfinished) and the
    change of each side's total in it, in play and at its end."""

    moves: tuple[ReplayedMove, ...]
    end: RoundEnd | None
    round_points: tuple[int, ...]


def replay_output(variant: str, sides: Sequence[Sequence[int]],
                  rounds: Iterable[ReplayedRound], totals: Sequence[int],
                  outcome: GameOutcome | None) -> dict[str, Any]:
    """The JSON object ``python -m engine replay`` prints."""
    return {
        "variant": variant,
        "sides": [list(side) for side in sides],
        "rounds": [{
            "moves": [{"seat": m.seat, "move": m.move, "points": m.points} for m in r.moves],
            "end": None if r.end is None else {"kind": str(r.end.kind), "seat": r.end.seat},
            "round_points": list(r.round_points),
        } for r in rounds],
        "totals": list(totals),
        "winners": None if outcome is None else list(outcome.winners),
    }
