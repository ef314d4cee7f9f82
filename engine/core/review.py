"""The post-game review's terms, for every kind it covers: what one decision of a
seat cost against the computer's best, and the game's summary.

A kind that is reviewed (:attr:`engine.core.kind.GameKind.reviewed`) walks a
finished game's decisions of one seat and values each one's candidates from that
seat's view at that moment only: the line games by the hard domino player
(:mod:`engine.domino.ai.review`); a kind with a state of its own
(:mod:`engine.core.match`) by its computer player's :meth:`~MoveValues.values`,
through :func:`review_match`. Points are always "more is better": where totals
are penalties the sign is turned.

Per decision: the candidates with their expected points (best first), the move
chosen, the best move and the points lost (best less chosen, never negative). The
summary (:func:`summarize`) counts as *accurate* a choice that lost at most
``TOLERANCE`` × the kind's typical round swing (its ``scale``: sampling noise and
ties are not mistakes) and as *costly* one that lost at least ``COSTLY`` × it,
totals the points lost and names the ``COSTLIEST`` decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engine.core.moves import Move
from engine.core.tiles import Tile
from engine.core.view import SeatView

if TYPE_CHECKING:
    from engine.core.match import KindMatch

__all__ = ["COSTLIEST", "COSTLY", "TOLERANCE", "Candidate", "DecisionReview", "MoveValues",
           "ReviewSummary", "review_match", "summarize"]

TOLERANCE = 0.04  # of the scale: a loss up to this is an accurate choice
COSTLY = 0.4  # of the scale: a loss from this is a costly move
COSTLIEST = 3  # decisions the summary names


@dataclass(frozen=True, slots=True)
class Candidate:
    move: Move
    points: float  # expected points, more is better


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """The review of one decision: its candidates best first, what was played, what
    was best and the points the choice lost; ``hand`` and ``public`` (the table as
    everyone saw it then) show it."""

    number: int
    round_index: int
    action_index: int
    turn_number: int
    candidates: tuple[Candidate, ...]
    chosen: Move
    best: Move
    lost: float
    worlds: int
    hand: tuple[Tile, ...]
    public: SeatView

    @property
    def chosen_points(self) -> float:
        return next(c.points for c in self.candidates if c.move == self.chosen)

    @property
    def best_points(self) -> float:
        return self.candidates[0].points


@dataclass(frozen=True, slots=True)
class ReviewSummary:
    """One game's review in numbers (see the module docstring for the definitions)."""

    decisions: int  # decisions reviewed
    accurate: int
    costly: int
    lost: float  # total points lost
    costliest: tuple[DecisionReview, ...]  # at most COSTLIEST, the costliest first
    tolerance: float
    threshold: float

    @property
    def accuracy(self) -> float:
        """The share of accurate decisions (1.0 when there was no choice at all)."""
        return self.accurate / self.decisions if self.decisions else 1.0


def summarize(reviews: Sequence[DecisionReview | None], scale: float) -> ReviewSummary:
    """The game's summary from its decisions' reviews (``None``s are left out);
    ``scale`` is the kind's typical round swing in points."""
    tolerance = TOLERANCE * scale
    threshold = COSTLY * scale
    done = [r for r in reviews if r is not None]
    costliest = sorted((r for r in done if r.lost > tolerance),
                       key=lambda r: (-r.lost, r.number))[:COSTLIEST]
    return ReviewSummary(
        decisions=len(done),
        accurate=sum(1 for r in done if r.lost <= tolerance),
        costly=sum(1 for r in done if r.lost >= threshold),
        lost=sum(r.lost for r in done),
        costliest=tuple(costliest),
        tolerance=tolerance,
        threshold=threshold,
    )


class MoveValues(Protocol):
    """A kind's valuation of a seat's candidates from its view only: each legal move
    with its expected points (more is better) and the number of worlds sampled;
    ``key`` seeds the sampling so a review is reproducible."""

    def __call__(self, view: SeatView, key: str) -> tuple[list[Candidate], int]: ...


def review_match(match: KindMatch[Any, Any], entries: Iterable[str], seat: int,
                 seed: int, start: int, count: int | None, values: MoveValues,
                 hand: Callable[[SeatView], Sequence[Tile]]
                 ) -> tuple[int, list[DecisionReview | None]]:
    """Review the decisions ``start`` to ``start + count`` of ``seat`` in a finished
    game of a kind with a state of its own: ``match`` is the game dealt again from its
    seed, ``entries`` its stored entries. A decision is a move of the seat that had
    another legal choice; it is valued from the seat's view then (``values``), never
    from the game; ``hand`` reads the seat's tiles in its view (the review shows
    them). How many decisions the seat had in all, and those reviews."""
    if not 0 <= seat < match.players:
        raise ValueError(f"no seat {seat} in a game of {match.players}")
    found: list[tuple[int, int, SeatView, SeatView, Move]] = []
    for text in entries:
        for move in match.parse_entry(text):
            if match.current_seat == seat and len(match.legal_moves()) > 1:
                view = match.view(seat)
                found.append((len(match.rounds) - 1, view.turn_number, view,
                              match.view(None), move))
            match.play(move)
    if match.outcome is None:
        raise ValueError("the game is not over")
    stop = len(found) if count is None else min(len(found), start + count)
    out: list[DecisionReview | None] = []
    for number in range(start, stop):
        round_index, action, view, public, chosen = found[number]
        valued, worlds = values(view, f"review/{seed}/{round_index}/{action}/{seat}")
        # best first; on a tie the move played is the best (no loss is made up)
        ranked = sorted(valued, key=lambda c: (-c.points, c.move != chosen))
        if not ranked:
            out.append(None)
            continue
        mine = next((c for c in ranked if c.move == chosen), None)
        if mine is None:  # the chosen move is always legal; a valuation that lost it
            out.append(None)
            continue
        best = ranked[0]
        lost = max(0.0, best.points - mine.points)
        if lost == 0.0:
            best = mine
        out.append(DecisionReview(number, round_index, action, view.turn_number,
                                  tuple(ranked), chosen, best.move, lost, worlds,
                                  tuple(hand(view)), public))
    return len(found), out
