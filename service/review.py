"""The post-game review's input: what the engine needs to review one player's game.

`GameService.review_input` hands it out only to a player of a finished game, and
only for his own seat. It holds the complete record of the game (a finished game
has no secrets left: `/export` hands out the same record) and the seat; the
engine (`engine.domino.ai.review`) computes that seat's view at each of its decisions
from it and evaluates each decision on that view alone, never on the other
seats' hands. It is picklable, so the bot reviews in a worker process.
The game's kind reviews it (:meth:`engine.core.kind.GameKind.review_range`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.review import DecisionReview, ReviewSummary
from engine.games import kind_of
from service.errors import NotFinishedError

__all__ = ["NotFinishedError", "ReviewInput", "review_chunk", "review_summary"]


@dataclass(frozen=True, slots=True)
class ReviewInput:
    game_id: int
    chat_id: int
    user_id: int
    seat: int
    variant: str
    seed: int  # the game's seed: the review's sampling is derived from it
    names: tuple[str, ...]  # display names by seat (the pictures' labels)
    record: Mapping[str, Any] = field(hash=False, compare=False)  # domino-record/1
    # the game's stored entries (a kind with a state of its own deals the game again
    # from the seed and walks them)
    entries: tuple[str, ...] = field(default=(), hash=False, compare=False)


def review_chunk(given: ReviewInput, start: int, count: int
                 ) -> tuple[int, list[DecisionReview | None]]:
    """Review ``count`` decisions of the seat from its ``start``-th (pure: the bot runs
    it in a worker process); the number of decisions the seat had in all, and those
    reviews."""
    return kind_of(given.variant).review_range(given.record, given.entries, given.seat,
                                               given.seed, start, count)


def review_summary(given: ReviewInput, reviews: Sequence[DecisionReview | None]
                   ) -> ReviewSummary:
    """The game's summary of its decisions' reviews (pure, for a worker process)."""
    return kind_of(given.variant).review_summary(given.record, reviews)
