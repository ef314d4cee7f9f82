"""The post-game review: what each of one seat's decisions cost, by the hard computer.

A finished game is walked action by action (:func:`decisions`). A decision of
the reviewed seat that had a real choice (more than one distinct legal move,
:func:`engine.domino.ai.search.distinct_moves`) is evaluated from that seat's view at
that moment and from nothing else (:func:`evaluate` takes a ``DominoView``, never
a game): worlds consistent with the view are sampled (:mod:`engine.domino.ai.world`),
every candidate move is valued on the *same* worlds (common random numbers) by
the hard player's value function (:func:`engine.domino.ai.players.world_value`: a
greedy rollout, or the exact search near the end of a round), and the mean is
the candidate's expected points. The sampling is seeded from the game's seed and
the decision's place in the game, so a review is reproducible.

Points are the variant's own: the swing of the seat's side in the rest of the
round against the mean of the other sides (:func:`engine.domino.ai.search.outcome_points`),
the sign turned where totals are penalties (kozel), so more is always better.
A won or lost game is not counted in (the hard player adds it to its value:
a review speaks of points only).

Per decision: the candidates with their expected points (best first), the
chosen move, the best move and the points lost (best less chosen, never
negative). The summary (:func:`summarize`):

- *accuracy*: the share of reviewed decisions whose choice lost at most
  ``TOLERANCE`` × the variant's typical round swing (``Style.scale``: 25 points in
  most scoring games, so 1 point; 8 in telephone, so 0.32) -- sampling noise and
  ties are not mistakes;
- *costly* moves: those that lost at least ``COSTLY`` × that swing (10 points
  where the swing is 25);
- the total points lost, and the three costliest decisions.

A decision whose view no sampled world reproduces (a take in ``semerka`` the
seat did not see) is left out of the review (``None`` in :func:`review_range`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core.moves import ForcedDraw, Move, Place
from engine.core.review import (
    COSTLIEST,
    COSTLY,
    TOLERANCE,
    Candidate,
    DecisionReview,
    ReviewSummary,
)
from engine.core.review import summarize as summarize_on
from engine.domino.ai.players import WIDE_FAMILIES, Budget, default_budget, world_value
from engine.domino.ai.policy import Style, style_of
from engine.domino.ai.search import distinct_moves, outcome_points
from engine.domino.ai.world import WorldError, analyze, sample_world
from engine.domino.game import Game
from engine.domino.record import replay
from engine.domino.table import Layout
from engine.domino.variant import DominoVariant
from engine.domino.view import DominoView

__all__ = ["COSTLIEST", "COSTLY", "TOLERANCE", "Candidate", "Decision", "DecisionReview",
           "ReviewSummary", "decisions", "evaluate", "review_budget", "review_decision",
           "review_range", "review_scale", "summarize"]


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat, as it stood: its own view (the only input of
    the evaluation), the public view (what a picture of the table may show) and the
    move it made. ``number`` counts the seat's reviewed decisions from 0."""

    number: int
    round_index: int
    action_index: int  # the action's index in the round's log
    view: DominoView
    public: DominoView
    chosen: Move


def decisions(game: Game, seat: int) -> list[Decision]:
    """The decisions of ``seat`` in a recorded game that had a real choice, in order.

    The game is replayed from its rounds' deals and logs on a fresh game; at each
    of the seat's actions its view then is taken (``Game.view``: its own hand and the
    public facts), and the public view for the picture."""
    variant = game.variant
    if not 0 <= seat < variant.players:
        raise ValueError(f"no seat {seat} in a game of {variant.players}")
    g = Game(variant, seed=game.seed, deals=[], autostart=False)
    out: list[Decision] = []
    for r, rnd in enumerate(game.rounds):
        g.start_round(rnd.deal)
        for a, (s, move, _, _) in enumerate(rnd.log):
            if isinstance(move, ForcedDraw):
                continue  # the engine makes these by itself
            if s == seat and g.current_seat == seat:
                legal = g.legal_moves()
                if len(distinct_moves(g, legal)) > 1:
                    out.append(Decision(len(out), r, a, g.view(seat), g.view(None), move))
            g.apply(move)
    return out


def review_budget(variant: DominoVariant) -> Budget:
    """The hard player's tuned budget of the variant (worlds, exact search), at most
    its plain width of worlds: a review values every decision of a game, so the wide
    families' 1,500 worlds a decision would make it ten times slower for little more
    certainty about a loss counted in points."""
    base = default_budget(variant)
    if variant.family not in WIDE_FAMILIES:
        return base
    plain = Budget()
    return replace(base, rollouts=plain.rollouts, max_worlds=plain.max_worlds)


def _same(a: Move, b: Move, ends: Mapping[Any, int], line: bool) -> bool:
    """Do two moves lead to the same position? (Two leads of one tile; on a line, one
    tile on two ends showing the same pip.)"""
    if a == b:
        return True
    if not (isinstance(a, Place) and isinstance(b, Place)):
        return False
    if a.tile != b.tile or a.face_down != b.face_down:
        return False
    if a.end is None or b.end is None:
        return a.end is None and b.end is None
    return line and ends.get(a.end) == ends.get(b.end)


def evaluate(view: DominoView, chosen: Move, variant: DominoVariant, key: str,
             budget: Budget | None = None) -> tuple[tuple[Candidate, ...], Move, int] | None:
    """Every distinct candidate of the seat on turn in ``view``, valued in expected
    points over the same sampled worlds; best first. Also the candidate that stands
    for ``chosen`` and the number of worlds. None when no world reproduces the view.

    Only ``view`` is read of the game (its seat's hand and public facts); ``key``
    seeds the sampling (the game's seed and the decision's place)."""
    if view.seat is None or view.turn != view.seat or not view.legal:
        raise ValueError("the view's seat is not on turn")
    if budget is None:
        budget = review_budget(variant)
    style: Style = style_of(variant)
    rng = random.Random(f"review/{key}")
    try:
        know = analyze(view)
        first = sample_world(view, variant, rng, know)
    except WorldError:
        return None
    candidates = distinct_moves(first, first.legal_moves())
    ends = first.round.table.open_ends()
    line = variant.table_rules.layout is Layout.LINE
    mine = next((c for c in candidates if _same(c, chosen, ends, line)), None)
    if mine is None:  # pragma: no cover - the chosen move is always legal
        candidates.append(chosen)
        mine = chosen
    worlds = max(budget.min_worlds, min(budget.max_worlds, budget.rollouts // len(candidates)))
    side = variant.side_of[view.seat]
    sums = [0.0] * len(candidates)
    seen = 0
    world: Game | None = first
    for _ in range(worlds):
        if world is None:
            try:
                world = sample_world(view, variant, rng, know)
            except WorldError:
                break
        for j, move in enumerate(candidates):
            sums[j] += world_value(world, move, view.totals, side, style, budget,
                                   outcome_points)
        seen += 1
        world = None
    ranked = sorted(range(len(candidates)),
                    key=lambda j: (-sums[j], candidates[j] is not mine, j))
    out = tuple(Candidate(candidates[j], sums[j] / seen) for j in ranked)
    return out, mine, seen


def review_decision(decision: Decision, variant: DominoVariant, seed: int,
                    budget: Budget | None = None) -> DecisionReview | None:
    """The review of one decision (None: no sampled world reproduces its view)."""
    seat = decision.view.seat
    key = f"{seed}/{decision.round_index}/{decision.action_index}/{seat}"
    found = evaluate(decision.view, decision.chosen, variant, key, budget)
    if found is None:
        return None
    candidates, mine, worlds = found
    chosen_points = next(c.points for c in candidates if c.move == mine)
    best = candidates[0]
    lost = max(0.0, best.points - chosen_points)
    if lost == 0.0:
        best = next(c for c in candidates if c.move == mine)
    return DecisionReview(decision.number, decision.round_index, decision.action_index,
                          decision.view.turn_number, candidates, mine, best.move, lost,
                          worlds, decision.view.hand, decision.public)


def review_range(record: Mapping[str, Any], seat: int, seed: int, start: int = 0,
                 count: int | None = None, budget: Budget | None = None
                 ) -> tuple[int, list[DecisionReview | None]]:
    """Review the decisions ``start`` to ``start + count`` of ``seat`` in a finished
    game's record (a ``domino-record/1``); return how many decisions the seat had in
    all and the reviews of that range. A worker runs a game's review in such chunks,
    so progress can be reported between them."""
    game, _ = replay(record)
    if game.outcome is None:
        raise ValueError("the game is not over")
    found = decisions(game, seat)
    stop = len(found) if count is None else min(len(found), start + count)
    return len(found), [review_decision(d, game.variant, seed, budget)
                        for d in found[start:stop]]


def review_scale(variant: DominoVariant) -> float:
    """The variant's typical round swing, the summary's measure (``Style.scale``)."""
    return style_of(variant).scale


def summarize(reviews: Sequence[DecisionReview | None], variant: DominoVariant) -> ReviewSummary:
    """The game's summary from its decisions' reviews (``None``s are left out), on the
    variant's scale."""
    return summarize_on(reviews, review_scale(variant))
