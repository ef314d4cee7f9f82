"""Chicken Foot's computer players, each deciding from the seat's view only (the
legal moves the view lists, the seat's own hand, the others' counts and the table).

``easy`` plays any legal move at random: it places when it can (a draw or a pass is
legal only when no tile fits), and among the placements takes none over another.
``medium`` sheds weight: the placement of the tile that would count most left in
hand (0-0 at its round-end value), a double first among equals, since its toes
hold the others back.
``hard`` searches determinized worlds: the tiles it cannot see (the whole set but
its hand and the table) are dealt at random into the other hands by their known
counts and the rest into the chicken yard; medium's best few placements are each
played in the same worlds and the round played out to its end by medium for every
seat. The placement with the lowest mean of its points left minus the others' mean
wins (the round's score: the lowest total wins the game).
``expert`` is hard's search with a bigger budget (:data:`EXPERT_BUDGET`): four times
the worlds and rollout steps.
"""

from __future__ import annotations

import random
import time
from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any

from engine.chicken.kind import ChickenMatch, ChickenView
from engine.chicken.rules import ChickenFoot, ChickenGame, Round, score_hand
from engine.chicken.table import Branch, Table
from engine.core.levels import LEVELS
from engine.core.moves import BranchPlace, Move
from engine.core.review import Candidate
from engine.core.rollouts import Budget, clear_choice, mean_scores, review_candidates
from engine.core.tiles import Tile, full_set

__all__ = ["DEFAULT_BUDGET", "EXPERT_BUDGET", "LEVELS", "Budget", "Player", "make_player",
           "sample_round", "search", "simulate_ai"]

Player = Callable[[ChickenView], Move]


DEFAULT_BUDGET = Budget()
# the expert's: four times hard's worlds and rollout steps
EXPERT_BUDGET = Budget(worlds=4 * DEFAULT_BUDGET.worlds, actions=4 * DEFAULT_BUDGET.actions)


def _weight(move: BranchPlace, blank: int) -> tuple[int, bool]:
    return score_hand((move.tile,), blank), move.tile.is_double


def _ranked(places: Sequence[BranchPlace], blank: int) -> list[BranchPlace]:
    """The placements by medium's order: heaviest first, a double first among equals
    (then as the rules list them)."""
    return sorted(places, key=lambda m: _weight(m, blank), reverse=True)


def sample_round(view: ChickenView, rng: random.Random) -> ChickenGame:
    """A one-round game consistent with ``view``: the seat's hand, the public table,
    and the unseen tiles dealt at random into the other hands (by their counts) and
    the chicken yard."""
    if view.options is None or view.engine is None or view.seat is None:
        raise ValueError("a seat's view of a round in progress is needed")
    opts = view.options
    seat = view.seat
    branches = tuple(Branch(tuple(int(p) for p in b.name.split(".")), b.tiles, b.end)
                     for b in view.branches)
    table = Table(view.engine, view.root_arms, branches)
    seen = {*table.tiles(), *view.hand}
    unseen = [t for t in full_set(opts.set) if t not in seen]
    rng.shuffle(unseen)
    hands: list[list[Tile]] = []
    k = 0
    for s, count in enumerate(view.hand_sizes):
        if s == seat:
            hands.append(list(view.hand))
        else:
            hands.append(unseen[k:k + count])
            k += count
    yard = tuple(unseen[k:])
    turn = view.turn if view.turn is not None else seat
    rnd = Round(view.round_index, tuple(tuple(h) for h in hands), yard, view.leader, table,
                hands, turn=turn, has_drawn=view.has_drawn, last_placer=seat)
    game = ChickenGame(opts)
    game.rounds = [rnd]
    return game


class _Sim:
    """A sampled round reduced to what its end depends on, for fast rollouts: the
    open ends' pips in the table's order, the pip the table waits for and how many
    tiles it still needs (the engine's arms or a foot's toes), the hands (sorted), the
    yard, whose turn, whether it has drawn. Medium plays every seat; the rules are
    those of :class:`engine.chicken.rules.ChickenGame` (a test plays both side by
    side)."""

    __slots__ = ("blank", "drew", "hands", "need", "need_pip", "open", "turn", "yard")

    def __init__(self, hands: list[list[Tile]], yard: list[Tile], table: Table, turn: int,
                 drew: bool, blank: int) -> None:
        self.hands = hands
        self.yard = yard
        self.turn = turn
        self.drew = drew
        self.blank = blank
        self.open = [b.end for b in table.branches if not b.foot]
        needed = table.needed()
        self.need_pip, self.need = needed if needed is not None else (-1, 0)

    def copy(self) -> _Sim:
        new = object.__new__(_Sim)
        new.hands = [list(h) for h in self.hands]
        new.yard = list(self.yard)
        new.turn, new.drew, new.blank = self.turn, self.drew, self.blank
        new.open = list(self.open)
        new.need_pip, new.need = self.need_pip, self.need
        return new

    def _best(self, hand: Sequence[Tile]) -> tuple[Tile, int] | None:
        """Medium's placement: (tile, index of the open end, -1 for the needed pip)."""
        blank = self.blank
        best: tuple[Tile, int] | None = None
        key = (-1, False)
        if self.need:
            pip = self.need_pip
            for t in hand:
                if t.has(pip):
                    k = (blank if t.a == t.b == 0 else t.pips, t.is_double)
                    if k > key:
                        best, key = (t, -1), k
            return best
        for i, pip in enumerate(self.open):
            for t in hand:
                if t.has(pip):
                    k = (blank if t.a == t.b == 0 else t.pips, t.is_double)
                    if k > key:
                        best, key = (t, i), k
        return best

    def place(self, tile: Tile, where: int) -> None:
        """``tile`` on the open end ``where`` (-1: the needed pip) by the seat on turn."""
        self.hands[self.turn].remove(tile)
        if where < 0:
            self.open.append(tile.other(self.need_pip))
            self.need -= 1
        elif tile.is_double:
            self.need_pip, self.need = self.open.pop(where), 3
        else:
            self.open[where] = tile.other(self.open[where])

    def blocked(self) -> bool:
        if self.need:
            pip = self.need_pip
            off = sum(1 for t in self.yard if t.has(pip)) + sum(
                1 for h in self.hands for t in h if t.has(pip))
            if off < self.need:
                return True
        if self.yard:
            return False
        pips = {self.need_pip} if self.need else set(self.open)
        return not any(t.a in pips or t.b in pips for h in self.hands for t in h)

    def where(self, move: BranchPlace, table: Table) -> int:
        """The open end (its index, -1: the needed pip) a placement of ``table`` is on."""
        if self.need:
            return -1
        return [name for name, _ in table.ends()].index(move.branch)

    def turn_over(self) -> bool:
        """The turn ends after a placement or a pass: whether the round ends with it
        (a hand emptied, or blocked); else the next seat's turn."""
        if not self.hands[self.turn] or self.blocked():
            return True
        self.turn = (self.turn + 1) % len(self.hands)
        self.drew = False
        return False

    def run(self, limit: int) -> None:
        """Play the round out (at most ``limit`` turns), medium for every seat."""
        hands = self.hands
        for _ in range(limit):
            hand = hands[self.turn]
            move = self._best(hand)
            if move is None and not self.drew and self.yard:
                insort(hand, self.yard.pop(0))
                move = self._best(hand)
            if move is not None:
                self.place(*move)
            if self.turn_over():
                return

    def score(self, seat: int) -> float:
        blank = self.blank
        points = [sum(blank if t.a == t.b == 0 else t.pips for t in h) for h in self.hands]
        others = [p for s, p in enumerate(points) if s != seat]
        return points[seat] - sum(others) / len(others)


def simulate_round(view: ChickenView, rng: random.Random) -> tuple[_Sim, Table]:
    """A sampled world (:func:`sample_round`) as a fast rollout's state, and its table."""
    rnd = sample_round(view, rng).current
    blank = view.options.double_blank if view.options is not None else 0
    return (_Sim([sorted(h) for h in rnd.hands], list(rnd.yard_left), rnd.table, rnd.turn,
                 rnd.has_drawn, blank), rnd.table)


def rollout_means(view: ChickenView, candidates: Sequence[BranchPlace], rng: random.Random,
                  budget: Budget = DEFAULT_BUDGET) -> tuple[dict[BranchPlace, float], int]:
    """Each candidate's mean score (own pips less the others' mean: lower is better)
    over the same sampled worlds, and the number of worlds."""
    seat = view.seat if view.seat is not None else 0

    def score(world: tuple[_Sim, Table], m: BranchPlace, steps: int) -> float:
        sim = world[0].copy()
        sim.place(m.tile, sim.where(m, world[1]))
        if not sim.turn_over():
            sim.run(steps)
        return sim.score(seat)

    return mean_scores(view, candidates, budget, lambda: simulate_round(view, rng), score)


def review_values(view: ChickenView, rng: random.Random, budget: Budget = DEFAULT_BUDGET
                  ) -> tuple[list[Candidate], int]:
    """The post-game review's valuation of a decision: every placement of the seat on
    turn, in the points a review counts (the pips it saves against the others: more
    is better), on the same sampled worlds; the number of worlds."""
    places = [m for m in view.legal if isinstance(m, BranchPlace)]
    if len(places) < 2:
        return [], 0
    means, worlds = rollout_means(view, places, rng, budget)
    return review_candidates(means), worlds


def search(view: ChickenView, rng: random.Random, budget: Budget = DEFAULT_BUDGET
           ) -> tuple[Move, dict[BranchPlace, float]]:
    """Hard's choice and each candidate's mean score (lower is better)."""
    if not view.legal:
        raise ValueError("the seat is not on turn")
    places = [m for m in view.legal if isinstance(m, BranchPlace)]
    if not places:
        return view.legal[0], {}
    blank = view.options.double_blank if view.options is not None else 0
    candidates = _ranked(places, blank)[:budget.candidates]
    if len(candidates) == 1:
        return candidates[0], {}
    means, _ = rollout_means(view, candidates, rng, budget)
    return clear_choice(candidates, means, budget.margin), means


def make_player(level: str, seed: int) -> Player:
    """The computer player of ``level`` (ValueError for a level not built)."""
    if level not in LEVELS:
        raise ValueError(f"chicken_foot has no {level!r} computer player; "
                         f"levels: {', '.join(LEVELS)}")
    rng = random.Random(seed)

    def easy(view: ChickenView) -> Move:
        if not view.legal:
            raise ValueError("the seat is not on turn")
        return rng.choice(view.legal)

    def medium(view: ChickenView) -> Move:
        if not view.legal:
            raise ValueError("the seat is not on turn")
        places = [m for m in view.legal if isinstance(m, BranchPlace)]
        if not places:
            return view.legal[0]
        blank = view.options.double_blank if view.options is not None else 0

        def weight(move: BranchPlace) -> tuple[int, bool, float]:
            return score_hand((move.tile,), blank), move.tile.is_double, rng.random()

        return max(places, key=weight)

    def hard(view: ChickenView) -> Move:
        return search(view, rng)[0]

    def expert(view: ChickenView) -> Move:
        return search(view, rng, EXPERT_BUDGET)[0]

    return {"easy": easy, "medium": medium, "hard": hard, "expert": expert}[level]


def simulate_ai(variant: ChickenFoot, games: int, seed: int, levels: Sequence[str],
                *, keep_times: bool = False) -> dict[str, Any]:
    """``games`` whole games, the seats played by ``levels`` in turn (the cycle moved
    one seat on each game; each group of ``len(levels)`` games dealt from the same
    seed, so each level plays every deal from every seat of the cycle); each level's
    wins (a shared win counts for each) and mean total per seat, the moves per game,
    the head-to-head score of each pair of levels (per game the mean over the pairs of
    seats of 1: ahead on total, 0.5: level, 0: behind) with its 95% Wilson interval,
    and the decision times of the decisions that had a choice."""
    from engine.simulate import PairScores, decision_ms
    distinct = list(dict.fromkeys(levels))
    pairs = PairScores(levels)
    times: dict[str, list[float]] = {lv: [] for lv in distinct}
    wins = dict.fromkeys(distinct, 0)
    totals = dict.fromkeys(distinct, 0)
    seats = dict.fromkeys(distinct, 0)
    moves = 0
    start = time.perf_counter()
    for g in range(games):
        deal = seed + g // len(levels)
        players = {level: make_player(level, deal) for level in distinct}
        match = ChickenMatch(variant, deal)
        level_of = [levels[(s + g) % len(levels)] for s in range(match.players)]
        while match.current_seat is not None:
            seat = match.current_seat
            view = match.view(seat)
            t0 = time.perf_counter()
            move = players[level_of[seat]](view)
            if sum(isinstance(m, BranchPlace) for m in view.legal) > 1:
                times[level_of[seat]].append(time.perf_counter() - t0)
            match.play(move)
            moves += 1
        assert match.outcome is not None
        end = match.totals
        for s, level in enumerate(level_of):
            totals[level] += end[s]
            seats[level] += 1
            wins[level] += s in match.outcome.winners
        pairs.add(end, level_of)
    elapsed = time.perf_counter() - start
    return {"variant": variant.name, "ai": list(levels), "games": games,
            "wins": wins,
            "mean_total": {k: round(totals[k] / seats[k], 2) if seats[k] else 0
                           for k in distinct},
            "moves_per_game": round(moves / games, 1) if games else 0,
            "seconds": round(elapsed, 2), "head_to_head": pairs.head_to_head(),
            "decision_ms": decision_ms(times),
            **({"decision_seconds": times} if keep_times else {})}
