"""The hard players' search of the kinds with a state of their own (Mexican Train,
Chicken Foot): a few candidates, each played out in the same worlds sampled from
the seat's view, on a kind's fast model of a round; the lowest mean score wins, but
the first candidate (the medium player's choice) stays unless another is better by
more than a margin. The kind writes how a world is sampled and played out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.core.moves import Move
from engine.core.review import Candidate
from engine.core.view import SeatView

__all__ = ["Budget", "clear_choice", "mean_scores", "review_candidates"]

M = TypeVar("M", bound=Move)
W = TypeVar("W")


@dataclass(frozen=True, slots=True)
class Budget:
    """How much hard searches: ``candidates`` of medium's best placements, each played
    in ``worlds`` sampled worlds (fewer while many tiles are still to play: at most
    ``actions`` rollout steps a decision, spread over the candidates); another
    candidate replaces medium's first only when its mean is lower by more than
    ``margin`` points."""

    candidates: int = 4
    worlds: int = 40
    actions: int = 40_000
    margin: float = 0.0


def mean_scores(view: SeatView, candidates: Sequence[M], budget: Budget,
                sample: Callable[[], W], score: Callable[[W, M, int], float]
                ) -> tuple[dict[M, float], int]:
    """Each candidate's mean score (lower is better) over the same worlds (``sample``
    deals one; ``score(world, move, steps)`` plays the move out on a copy of it, at
    most ``steps`` steps), and the number of worlds."""
    left = sum(view.hand_sizes) + view.boneyard_left
    per_rollout = max(4, 2 * left)
    worlds = max(4, min(budget.worlds, budget.actions // (per_rollout * len(candidates))))
    totals = dict.fromkeys(candidates, 0.0)
    for _ in range(worlds):
        world = sample()
        for m in candidates:
            totals[m] += score(world, m, 4 * left + 20)
    return {m: totals[m] / worlds for m in candidates}, worlds


def clear_choice(candidates: Sequence[M], means: dict[M, float], margin: float) -> M:
    """The candidate of the lowest mean (the first of equals), unless the first
    candidate is within ``margin`` of it."""
    best = min(candidates, key=lambda m: means[m])
    return candidates[0] if means[candidates[0]] - means[best] <= margin else best


def review_candidates(means: dict[M, float]) -> list[Candidate]:
    """The means as the post-game review counts points: the pips a move saves against
    the others, more is better."""
    return [Candidate(m, -v) for m, v in means.items()]
