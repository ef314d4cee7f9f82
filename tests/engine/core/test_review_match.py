"""The review of a kind with a state of its own (engine/core/review.py): the walk over
a finished game's stored entries finds exactly the seat's decisions that had another
legal choice, values each from the seat's view only, and sums them up."""

from __future__ import annotations

import random

import pytest

from engine.core.moves import Move, TrainPlace
from engine.core.review import Candidate, review_match, summarize
from engine.core.view import SeatView
from engine.games import kind_of
from engine.trains.kind import TrainsMatch, trains_view
from engine.variants import make_variant


def _played(seed: int) -> tuple[TrainsMatch, list[str], list[tuple[int, Move, int]]]:
    """A short game played at random: the match, its entries, and each move with its
    seat and how many legal moves that seat had then."""
    variant = make_variant("mexican_train", 3, {"set": 9, "rounds": 1})
    match = kind_of(variant).new_game(variant, seed)
    assert isinstance(match, TrainsMatch)
    rng = random.Random(seed)
    log: list[tuple[int, Move, int]] = []
    while match.outcome is None:
        seat = match.current_seat
        assert seat is not None
        legal = match.legal_moves()
        move = rng.choice(legal)
        log.append((seat, move, len(legal)))
        match.play(move)
    return match, match.entries(), log


def _pips(view: SeatView, key: str) -> tuple[list[Candidate], int]:
    """A valuation from the view alone: a placement is worth its tile's pips."""
    assert view.turn == view.seat and view.legal
    return [Candidate(m, float(m.tile.pips) if isinstance(m, TrainPlace) else 0.0)
            for m in view.legal], 1


@pytest.mark.parametrize("seed", [3, 11])
def test_the_walk_finds_each_real_choice_and_values_it(seed: int) -> None:
    done, entries, log = _played(seed)
    seat = 1
    variant = done.variant
    mine = [(m, n) for s, m, n in log if s == seat and n > 1]
    total, reviews = review_match(TrainsMatch(variant, seed), entries, seat, seed, 0, None,
                                  _pips, lambda v: trains_view(v).hand)
    assert total == len(mine) and len(reviews) == total
    for (move, _), review in zip(mine, reviews, strict=True):
        assert review is not None and review.chosen == move
        best = max(c.points for c in review.candidates)
        assert review.candidates[0].points == best
        assert review.lost == pytest.approx(best - review.chosen_points)
        assert review.public.seat is None and review.hand  # the seat's own tiles shown
    # a chunk is the same reviews as the whole walk's slice
    again, part = review_match(TrainsMatch(variant, seed), entries, seat, seed, 1, 2, _pips,
                               lambda v: trains_view(v).hand)
    assert again == total and part == reviews[1:3]
    summary = summarize(reviews, 25.0)
    assert summary.decisions == total
    assert summary.lost == pytest.approx(sum(r.lost for r in reviews if r is not None))
    assert summary.accurate == sum(1 for r in reviews if r is not None and r.lost <= 1.0)


def test_a_game_not_over_is_not_reviewed() -> None:
    done, entries, _ = _played(5)
    with pytest.raises(ValueError, match="not over"):
        review_match(TrainsMatch(done.variant, 5), entries[:-3], 0, 5, 0, None, _pips,
                     lambda v: trains_view(v).hand)
