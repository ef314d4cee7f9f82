"""The three computer players. Each is given a seat's view and nothing else.

- ``easy``: a uniformly random legal move.
- ``medium``: the greedy policy of :mod:`engine.ai.policy`.
- ``hard``: determinized search (Perfect Information Monte Carlo). It samples
  worlds consistent with the view (:mod:`engine.ai.world`), plays every
  candidate move in each world and rolls the round out with the greedy policy
  for every seat, and picks the move with the best mean value over the worlds.
  A fixed number of worlds makes it reproducible; a wall-clock cap only guards
  against a slow machine.

Every decision draws its randomness from the seed and the decision's place in
the game (round, event count, seat), never from earlier calls, so a player
rebuilt after a restart decides the same, and the hidden tiles cannot leak
through the random stream.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from engine.ai.policy import Style, greedy_move, move_scores, style_of, view_greedy
from engine.ai.world import WorldError, analyze, sample_world
from engine.game import Game, SeatView
from engine.moves import Move
from engine.variants import Variant, make_variant

LEVELS = ("easy", "medium", "hard")
WIN_VALUE = 3.0  # a won (lost) game against one typical round's point swing


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the hard player searches.

    ``rollouts`` is the total number of rollouts per decision, spread over the
    candidate moves; every candidate gets at least ``min_worlds`` and at most
    ``max_worlds`` sampled worlds. ``max_candidates`` keeps the greedy policy's
    best few moves. With ``greedy_z`` > 0 the greedy move is kept unless the best
    move beats it, paired over the same worlds, by more than ``greedy_z``
    standard errors. ``seconds`` is a safety cap on wall-clock time: when it is
    hit the decision is made on the worlds seen so far (and is then no longer
    reproducible, so keep it well above the normal decision time).
    """

    rollouts: int = 120
    min_worlds: int = 8
    max_worlds: int = 40
    max_candidates: int = 8
    seconds: float = 2.0
    greedy_z: float = 0.0


def default_budget(variant: Variant) -> Budget:
    """The tuned budget of a variant (measured: see the benchmark in the report).

    Threes is one short round whose outcome is noisy: it affords more worlds per
    decision, and keeps the greedy move unless a rival is better by more than
    one standard error over the worlds (paired on the same worlds).
    """
    if variant.name == "threes":
        return Budget(rollouts=300, max_worlds=100, greedy_z=1.0)
    return Budget()


def view_variant(view: SeatView) -> Variant:
    """The variant a view was played under, with default options for the rest."""
    teams = len(view.sides) != view.players
    return make_variant(view.variant, view.players, {"teams": teams, "set": view.set_max})


def _decision_rng(seed: int, level: str, view: SeatView) -> random.Random:
    return random.Random(f"{seed}/{level}/{view.round_index}/{len(view.history)}/{view.seat}")


class Player:
    """A computer player: ``choose(view)`` (or call it) returns a legal move."""

    level = ""

    def __init__(self, seed: int, variant: Variant | None = None) -> None:
        self.seed = seed
        self._variant = variant

    def variant_for(self, view: SeatView) -> Variant:
        v = self._variant
        if v is None or v.name != view.variant or v.players != view.players:
            v = self._variant = view_variant(view)
        return v

    def __call__(self, view: SeatView) -> Move:
        return self.choose(view)

    def choose(self, view: SeatView) -> Move:
        if not view.legal:
            raise ValueError(f"seat {view.seat} is not on turn")
        if len(view.legal) == 1:
            return view.legal[0]
        return self._choose(view, _decision_rng(self.seed, self.level, view))

    def _choose(self, view: SeatView, rng: random.Random) -> Move:
        raise NotImplementedError


class EasyPlayer(Player):
    level = "easy"

    def _choose(self, view: SeatView, rng: random.Random) -> Move:
        return rng.choice(view.legal)


def _from_legal(view: SeatView, move: Move) -> Move:
    for m in view.legal:
        if m == move:
            return m
    raise AssertionError(f"the search chose {move!r}, which is not legal")  # pragma: no cover


class MediumPlayer(Player):
    level = "medium"

    def _choose(self, view: SeatView, rng: random.Random) -> Move:
        variant = self.variant_for(view)
        style = style_of(variant)
        # The greedy policy reads only the seat's own hand and public facts, so any
        # world consistent with the view gives the same move.
        try:
            world = sample_world(view, variant, rng)
        except WorldError:
            return view_greedy(view.legal, view.hand, style)
        return _from_legal(view, greedy_move(world, style))


def rollout(game: Game, style: Style) -> None:
    """Play the round (or the game, if it ends first) out with the greedy policy."""
    while game.current_seat is not None:
        game.apply(greedy_move(game, style))


def outcome_value(game: Game, root_totals: tuple[int, ...], side: int, style: Style) -> float:
    """How good the end of a rollout is for ``side``: the point swing, and a won game."""
    n = len(root_totals)
    delta = [game.totals[i] - root_totals[i] for i in range(n)]
    others = sum(delta[i] for i in range(n) if i != side) / (n - 1)
    diff = delta[side] - others
    if style.penalty:
        diff = -diff
    value = diff / style.scale
    out = game.outcome
    if out is not None:
        value += WIN_VALUE / len(out.winners) if side in out.winners else -WIN_VALUE
    return value


class HardPlayer(Player):
    level = "hard"

    def __init__(self, seed: int, variant: Variant | None = None,
                 budget: Budget | None = None) -> None:
        super().__init__(seed, variant)
        self._budget = budget

    def budget_for(self, variant: Variant) -> Budget:
        return self._budget if self._budget is not None else default_budget(variant)

    def _choose(self, view: SeatView, rng: random.Random) -> Move:
        start = time.perf_counter()
        variant = self.variant_for(view)
        budget = self.budget_for(variant)
        style = style_of(variant)
        try:
            know = analyze(view)
            first = sample_world(view, variant, rng, know)
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
        assert view.seat is not None  # a seat with legal moves
        side = variant.side_of[view.seat]
        totals = [0.0] * len(candidates)
        greedy = greedy_move(first, style)
        g_index = candidates.index(greedy) if greedy in candidates else None
        diffs: list[list[float]] = [[] for _ in candidates]
        world: Game | None = first
        for _ in range(worlds):
            if world is None:
                try:
                    world = sample_world(view, variant, rng, know)
                except WorldError:
                    break
            values = []
            for j, move in enumerate(candidates):
                g = world.copy()
                g.apply(move)
                rollout(g, style)
                values.append(outcome_value(g, view.totals, side, style))
                totals[j] += values[-1]
            if g_index is not None:
                for j, val in enumerate(values):
                    diffs[j].append(val - values[g_index])
            world = None
            if time.perf_counter() - start > budget.seconds:
                break
        best = max(range(len(candidates)), key=lambda j: (totals[j], -j))
        if g_index is not None and best != g_index and budget.greedy_z > 0:
            d = diffs[best]
            n = len(d)
            mean = sum(d) / n
            var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
            if mean <= budget.greedy_z * (var / n) ** 0.5:
                best = g_index  # not clearly better than the greedy move: keep it
        return _from_legal(view, candidates[best])


def make_player(level: str, seed: int = 0, variant: Variant | None = None,
                budget: Budget | None = None) -> Callable[[SeatView], Move]:
    """A computer player of ``level`` ("easy", "medium" or "hard").

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
    raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
