"""The three computer players. Each is given a seat's view and nothing else.

- ``easy``: a uniformly random legal move.
- ``medium``: the greedy policy of :mod:`engine.domino.ai.policy`.
- ``hard``: determinized search (Perfect Information Monte Carlo). It samples
  worlds consistent with the view (:mod:`engine.domino.ai.world`), plays every
  candidate move in each world and rolls the round out with the greedy policy
  for every seat, and picks the move with the best mean value over the worlds.
  A fixed number of worlds makes it reproducible; a wall-clock cap (a second for
  hard, two for expert) bounds the rare long decision, which then depends on the
  machine's speed.

Every decision draws its randomness from the seed and the decision's place in
the game (round, event count, seat), never from earlier calls, so a player
rebuilt after a restart decides the same, and the hidden tiles cannot leak
through the random stream.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from engine.core.catalogue import Family
from engine.core.levels import LEVELS
from engine.core.moves import Move
from engine.core.registry import make_variant
from engine.domino.ai.infer import GreedyModel, Likelihood, Snapshots, greedy_bans
from engine.domino.ai.policy import Style, greedy_move, move_scores, style_of, view_greedy
from engine.domino.ai.search import (
    WIN_VALUE,
    Evaluation,
    outcome_value,
    rollout,
    small_enough,
    solve,
)
from engine.domino.ai.world import (
    Knowledge,
    WorldError,
    analyze,
    sample_deal,
    sample_world,
    with_bans,
    world_from_deal,
)
from engine.domino.game import Game
from engine.domino.variant import DominoVariant, as_domino
from engine.domino.view import DominoView

__all__ = ["LEVELS", "WIN_VALUE", "Budget", "EasyPlayer", "ExpertPlayer", "HardPlayer",
           "MediumPlayer", "Player", "default_budget", "expert_budget", "make_player",
           "outcome_value", "rollout", "world_value"]


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the hard player searches.

    ``rollouts`` is the number of world evaluations per decision, spread over
    the candidate moves; every candidate gets at least ``min_worlds`` and at most
    ``max_worlds`` sampled worlds. ``max_candidates`` keeps the greedy policy's
    best few moves. With ``greedy_z`` > 0 the greedy move is kept unless the best
    move beats it, paired over the same worlds, by more than ``greedy_z``
    standard errors.

    A world is valued exactly (alpha-beta to the end of the round,
    :func:`engine.domino.ai.search.solve`) once at most ``exact_tiles`` tiles are left
    in the hands and the drawable boneyard, and by a greedy rollout before that
    (or when the search would visit more than ``node_limit`` positions).

    Inference: with ``infer_tau`` > 0 each world is weighted by how likely the
    other seats' placements of this round were in it, each seat modelled as
    playing the greedy policy with a softmax of temperature ``infer_tau`` (in
    the greedy scores' point units) over the moves it had in that world; the
    candidates' values are the weighted means. 0 weighs all worlds alike.
    With ``infer_factor`` > 0 as well the worlds are not weighted but resampled
    (rejection sampling): each sampled deal is kept for evaluation with
    probability its likelihood (at most 1; tested before its world is built),
    until the decision's number of worlds is kept or ``infer_factor`` times that
    number were sampled. Rollouts are so spent on plausible worlds only. When
    fewer than ``min_worlds`` were kept by then, the model does not explain the
    others' play (they are not greedy players): worlds sampled without it make up
    the number. With ``infer_bans`` the sampler is also told beforehand which
    tiles a greedy player cannot have held (:func:`engine.domino.ai.infer.greedy_bans`),
    so fewer deals are rejected. Measured on threes (README, AI section) these
    did not make hard strong enough to be the default.

    Time: with ``target`` None (the default) the number of worlds is fixed and
    the decision is reproducible from the seed (tests, ``simulate``, the bot's
    restarts). With ``target`` set (seconds) the player keeps sampling worlds
    until the target time is spent (at least ``min_worlds``, at most
    ``max_worlds``): stronger on a fast machine, but no longer reproducible.
    ``seconds`` is a safety cap on wall-clock time in both modes: when it is
    hit the decision is made on the worlds seen so far.
    """

    rollouts: int = 120
    min_worlds: int = 8
    max_worlds: int = 40
    max_candidates: int = 8
    seconds: float = 2.0
    greedy_z: float = 0.0
    exact_tiles: int = 0
    node_limit: int = 20000
    target: float | None = None
    infer_tau: float = 0.0
    infer_factor: int = 0
    infer_bans: bool = False


# The families whose hard decisions stay within the bot's time (about 300 ms median,
# 1 s at the 95th percentile) with 1,500 world evaluations a decision: more worlds
# there are worth points (docs/benchmarks.md). Telephone's long rollouts afford a
# third of that (the compiled rollout plays them around the spinner), Capicúa's (half
# a second a decision at the median) are not, and the families of their own keep the
# plain budget.
WIDE_FAMILIES: Final = frozenset({Family.GOAT, Family.FIVES, Family.BLOCK_DRAW})


def default_budget(variant: DominoVariant) -> Budget:
    """The tuned budget of a variant (measured: see docs/benchmarks.md, the AI tables).

    The threes family is one short round whose outcome is noisy: it affords more worlds per
    decision, and keeps the greedy move unless a rival is better by more than
    one standard error over the worlds (paired on the same worlds). The bot's hard
    player never thinks longer than a second.
    """
    if variant.family is Family.THREES:
        return Budget(rollouts=300, max_worlds=100, greedy_z=1.0, exact_tiles=12, seconds=1.0)
    if variant.family in WIDE_FAMILIES:
        return Budget(rollouts=1500, max_worlds=200, exact_tiles=14, seconds=1.0)
    if variant.family is Family.TELEPHONE:
        # The exact search of 14 tiles scores in play at every node and took the p95
        # to the 1 s cap: 10 tiles, and the time goes to worlds.
        return Budget(rollouts=480, max_worlds=160, exact_tiles=10, seconds=1.0)
    return Budget(exact_tiles=14, seconds=1.0)


def expert_budget(variant: DominoVariant) -> Budget:
    """The expert's budget: the hard player's search with four times the worlds, for
    solo tables where a decision may take up to about two seconds."""
    base = default_budget(variant)
    return replace(base, rollouts=base.rollouts * 4, max_worlds=base.max_worlds * 4,
                   min_worlds=base.min_worlds * 2, seconds=2.0)


def view_variant(view: DominoView) -> DominoVariant:
    """The variant a view was played under, with default options for the rest."""
    teams = len(view.sides) != view.players
    options = {"teams": teams, "set": view.set_max}
    return as_domino(make_variant(view.variant, view.players, options))


def _decision_rng(seed: int, level: str, view: DominoView) -> random.Random:
    return random.Random(f"{seed}/{level}/{view.round_index}/{len(view.history)}/{view.seat}")


class Player:
    """A computer player: ``choose(view)`` (or call it) returns a legal move."""

    level = ""

    def __init__(self, seed: int, variant: DominoVariant | None = None) -> None:
        self.seed = seed
        self._variant = variant

    def variant_for(self, view: DominoView) -> DominoVariant:
        v = self._variant
        if v is None or v.name != view.variant or v.players != view.players:
            v = self._variant = view_variant(view)
        return v

    def __call__(self, view: DominoView) -> Move:
        return self.choose(view)

    def choose(self, view: DominoView) -> Move:
        if not view.legal:
            raise ValueError(f"seat {view.seat} is not on turn")
        if len(view.legal) == 1:
            return view.legal[0]
        return self._choose(view, _decision_rng(self.seed, self.level, view))

    def _choose(self, view: DominoView, rng: random.Random) -> Move:
        raise NotImplementedError


class EasyPlayer(Player):
    level = "easy"

    def _choose(self, view: DominoView, rng: random.Random) -> Move:
        return rng.choice(view.legal)


def _from_legal(view: DominoView, move: Move) -> Move:
    for m in view.legal:
        if m == move:
            return m
    raise AssertionError(f"the search chose {move!r}, which is not legal")  # pragma: no cover


class MediumPlayer(Player):
    level = "medium"

    def _choose(self, view: DominoView, rng: random.Random) -> Move:
        variant = self.variant_for(view)
        style = style_of(variant)
        # The greedy policy reads only the seat's own hand and public facts, so any
        # world consistent with the view gives the same move.
        try:
            world = sample_world(view, variant, rng)
        except WorldError:
            return view_greedy(view.legal, view.hand, style)
        return _from_legal(view, greedy_move(world, style))


class HardPlayer(Player):
    level = "hard"

    def __init__(self, seed: int, variant: DominoVariant | None = None,
                 budget: Budget | None = None) -> None:
        super().__init__(seed, variant)
        self._budget = budget

    def budget_for(self, variant: DominoVariant) -> Budget:
        return self._budget if self._budget is not None else default_budget(variant)

    def _sample(self, view: DominoView, variant: DominoVariant, rng: random.Random, know: Knowledge,
                likely: Likelihood | None) -> Game:
        """One world consistent with ``view`` (:func:`engine.domino.ai.world.sample_world`); a
        benchmark's subclass may return the true one, to measure what hidden tiles cost."""
        return sample_world(view, variant, rng, know, likely)

    def _choose(self, view: DominoView, rng: random.Random) -> Move:
        start = time.perf_counter()
        variant = self.variant_for(view)
        budget = self.budget_for(variant)
        style = style_of(variant)
        resample = budget.infer_tau > 0 and budget.infer_factor > 0
        likely = Likelihood(style, budget.infer_tau) if budget.infer_tau > 0 and not resample \
            else None
        try:
            know = analyze(view)
            first = self._sample(view, variant, rng, know, likely)
        except WorldError:
            return MediumPlayer(self.seed, variant).choose(view)
        legal = first.legal_moves()
        candidates = legal
        if len(legal) > budget.max_candidates:
            scores = move_scores(first, legal, style)
            order = sorted(range(len(legal)), key=lambda i: -scores[i])
            candidates = [legal[i] for i in sorted(order[:budget.max_candidates])]
        worlds = max(budget.min_worlds,
                     min(budget.max_worlds, budget.rollouts // len(candidates)))
        if budget.target is not None:
            worlds = budget.max_worlds
        assert view.seat is not None  # a seat with legal moves
        side = variant.side_of[view.seat]
        greedy = greedy_move(first, style)
        g_index = candidates.index(greedy) if greedy in candidates else None
        table: list[list[float]] = []  # per world, the value of each candidate
        logw: list[float] = []

        def evaluate(world: Game, lw: float) -> bool:
            """Value the candidates on ``world``; True when the decision has seen enough."""
            logw.append(lw)
            table.append([self._value(world, move, view.totals, side, style, budget)
                          for move in candidates])
            spent = time.perf_counter() - start
            return len(table) >= worlds or spent > budget.seconds or (
                budget.target is not None and len(table) >= budget.min_worlds
                and spent > budget.target)

        if not resample:
            world: Game | None = first
            for _ in range(worlds):
                if world is None:
                    try:
                        world = self._sample(view, variant, rng, know, likely)
                    except WorldError:
                        break
                if evaluate(world, likely.log_of(world) if likely is not None else 0.0):
                    break
                world = None
        else:
            self._resample(view, variant, rng, know, style, first, worlds, budget, start,
                           evaluate)
        top = max(logw)
        weights = [math.exp(x - top) for x in logw]
        wsum = sum(weights)
        means = [sum(w * row[j] for w, row in zip(weights, table, strict=True)) / wsum
                 for j in range(len(candidates))]
        best = max(range(len(candidates)), key=lambda j: (means[j], -j))
        if g_index is not None and best != g_index and budget.greedy_z > 0:
            d = [row[best] - row[g_index] for row in table]
            mean = sum(w * x for w, x in zip(weights, d, strict=True)) / wsum
            n_eff = wsum * wsum / sum(w * w for w in weights)
            var = sum(w * (x - mean) ** 2 for w, x in zip(weights, d, strict=True)) / wsum
            var *= n_eff / max(1.0, n_eff - 1)
            if mean <= budget.greedy_z * (var / n_eff) ** 0.5:
                best = g_index  # not clearly better than the greedy move: keep it
        return _from_legal(view, candidates[best])

    @staticmethod
    def _resample(view: DominoView, variant: DominoVariant, rng: random.Random, know: Knowledge,
                  style: Style, first: Game, worlds: int, budget: Budget, start: float,
                  evaluate: Callable[[Game, float], bool]) -> None:
        """Rejection sampling (``Budget.infer_factor``): a sampled deal is kept with
        probability its likelihood under the greedy model, tested before its world
        is built (:class:`engine.domino.ai.infer.GreedyModel`)."""
        snaps = Snapshots()
        world_from_deal(view, variant, first.round.deal, snaps)
        model = GreedyModel(view, variant, style, budget.infer_tau, snaps.games)
        informed = know
        if budget.infer_bans:
            informed = with_bans(know, greedy_bans(view, know.unknown, snaps.games, style))
        kept = 0
        if rng.random() < math.exp(model.log_likelihood(first.round.deal)):
            kept += 1
            if evaluate(first, 0.0):
                return
        for _ in range(worlds * budget.infer_factor - 1):
            if time.perf_counter() - start > budget.seconds:
                break
            deal = sample_deal(view, informed, rng)
            if model.log_likelihood(deal, math.log(max(rng.random(), 1e-300))) == -math.inf:
                continue
            world = world_from_deal(view, variant, deal)
            if world is None:
                continue
            kept += 1
            if evaluate(world, 0.0):
                return
        # The greedy model does not explain the others' play (they are not greedy
        # players): decide on worlds sampled without it.
        for _ in range(budget.min_worlds - kept):
            try:
                world = sample_world(view, variant, rng, know)
            except WorldError:  # pragma: no cover - the first world was sampled
                break
            if evaluate(world, 0.0):
                return

    @staticmethod
    def _value(world: Game, move: Move, root_totals: tuple[int, ...], side: int,
               style: Style, budget: Budget) -> float:
        return world_value(world, move, root_totals, side, style, budget)


class ExpertPlayer(HardPlayer):
    """The hard player's search with the expert's budget (:func:`expert_budget`)."""

    level = "expert"

    def budget_for(self, variant: DominoVariant) -> Budget:
        return self._budget if self._budget is not None else expert_budget(variant)


def world_value(world: Game, move: Move, root_totals: tuple[int, ...], side: int,
                style: Style, budget: Budget, evaluate: Evaluation = outcome_value) -> float:
    """The value of ``move`` in one world: exact when the rest is small, else a rollout
    (the hard player's; the post-game review values in points with ``evaluate``)."""
    g = world.copy()
    g.apply(move)
    if budget.exact_tiles and small_enough(g, budget.exact_tiles):
        value = solve(g, root_totals, side, style, budget.node_limit, evaluate)
        if value is not None:
            return value
        g = world.copy()  # the search gave up: roll out instead
        g.apply(move)
    rollout(g, style)
    return evaluate(g, root_totals, side, style)


def make_player(level: str, seed: int = 0, variant: DominoVariant | None = None,
                budget: Budget | None = None) -> Callable[[DominoView], Move]:
    """A computer player of ``level`` ("easy", "medium", "hard" or "expert").

    ``variant`` (public knowledge: the rules and house options) lets the player
    score exactly; without it the variant is rebuilt from the view's name with
    default options.
    """
    if level == "easy":
        return EasyPlayer(seed, variant)
    if level == "medium":
        return MediumPlayer(seed, variant)
    if level == "hard":
        return HardPlayer(seed, variant, budget)
    if level == "expert":
        return ExpertPlayer(seed, variant, budget)
    raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
