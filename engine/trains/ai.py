"""Mexican Train's computer players, from the seat's view only
(:class:`engine.trains.kind.TrainsView`: its own hand, the public table, the others'
counts, its legal moves).

- ``easy``: any placement the rules allow, at random (a first-turn chain goes on
  while a tile fits); a draw or a pass only when nothing can be placed.
- ``medium``: rules of thumb. The first-turn chain is the longest chain the hand
  makes from the engine (the heaviest among the longest). Later it keeps its *path*,
  the longest chain from its own train's end, and plays the path's first tile on its
  own train, or a tile off the path on the Mexican train or another seat's open train
  (heavy tiles first: what is left in hand counts against it); a double it can cover
  goes down early, one it cannot waits; an owed double is covered with the tile that
  costs the path least.
- ``hard``: determinized search. The hidden tiles (the whole set but the hand, the
  engine and the trains) are dealt at random into the other hands by their known
  counts and the rest into the boneyard; medium's best few placements are each played
  in the same worlds and the round played out to its end by fast greedy players. The
  placement with the lowest mean of its pips left minus the others' mean wins (the
  round's score under penalty scoring), when it beats medium's first choice by more
  than the budget's margin.
- ``expert``: hard's search with a bigger budget (:data:`EXPERT_BUDGET`): three times
  the worlds, so a smaller margin is clear of the rollouts' noise.

:func:`simulate` plays whole games between levels, for ``python -m engine simulate``.
"""

from __future__ import annotations

import random
import time
from bisect import insort
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine.core.catalogue import Variant
from engine.core.levels import LEVELS
from engine.core.moves import Move, TrainPlace
from engine.core.review import Candidate
from engine.core.rollouts import Budget, clear_choice, mean_scores, review_candidates
from engine.core.tiles import Tile, full_set
from engine.trains.notation import TrainId, train_name
from engine.trains.rules import Round, TrainsGame, make_options

if TYPE_CHECKING:
    from engine.trains.kind import TrainsView

__all__ = ["DEFAULT_BUDGET", "EXPERT_BUDGET", "LEVELS", "Budget", "Player", "easy", "expert",
           "hard", "make_player", "medium", "sample_round", "simulate"]

Player = Callable[["TrainsView", random.Random], Move]

_CHAIN_NODES = 4000  # the longest-chain search stops after this many steps


# ------------------------------------------------------------------ easy
def easy(view: TrainsView, rng: random.Random) -> Move:
    """A random legal placement; else the one other legal move (draw, pass, end)."""
    if not view.legal:
        raise ValueError("the seat is not on turn")
    places = [m for m in view.legal if isinstance(m, TrainPlace)]
    if places:
        return rng.choice(places)
    return view.legal[0]


# ------------------------------------------------------------------ medium
def longest_chain(hand: Sequence[Tile], pip: int) -> list[tuple[Tile, int]]:
    """The longest line of hand tiles starting at ``pip`` (the heaviest among equally
    long ones), each as (tile, touching pip); a bounded depth-first search."""
    best: list[tuple[Tile, int]] = []
    best_key = (0, 0)
    path: list[tuple[Tile, int]] = []
    used: set[Tile] = set()
    nodes = 0

    def grow(end: int, pips: int) -> None:
        nonlocal best, best_key, nodes
        key = (len(path), pips)
        if key > best_key:
            best_key, best = key, list(path)
        for tile in hand:
            if nodes >= _CHAIN_NODES:
                return
            if tile in used or not tile.has(end):
                continue
            nodes += 1
            used.add(tile)
            path.append((tile, end))
            grow(tile.other(end), pips + tile.pips)
            path.pop()
            used.discard(tile)

    grow(pip, 0)
    return best


@dataclass(frozen=True, slots=True)
class _Table:
    """What a player reads of a round: whose turn, the ends, the open trains and the
    others' counts (from a view or from a sampled round)."""

    seat: int
    ends: Mapping[TrainId, int]
    markers: Sequence[bool]
    owed: Sequence[TrainId]
    counts: Sequence[int]
    chaining: bool
    double_blank: int


def _table_of_view(view: TrainsView) -> _Table:
    d = view.detail
    seat = view.seat if view.seat is not None else 0
    trains: list[TrainId] = [*range(view.players), None]
    ends = {t: int(d["ends"][train_name(t)]) for t in trains}
    names = {train_name(t): t for t in trains}
    blank = int(d.get("options", {}).get("double_blank", 0))
    return _Table(seat, ends, list(d["markers"]), [names[n] for n in d["owed"]],
                  list(d["counts"]), bool(d["first_round"]), blank)


def _value(tile: Tile, blank: int) -> int:
    return blank if tile.a == tile.b == 0 else tile.pips


def rank_places(places: Sequence[TrainPlace], hand: Sequence[Tile], table: _Table
                ) -> list[tuple[float, TrainPlace]]:
    """Medium's placements, best first, each with its score."""
    seat = table.seat
    own_end = table.ends[seat]
    if table.chaining:
        chain = longest_chain(hand, own_end)
        first = chain[0][0] if chain else None
        scored = [(100.0 if m.tile is first else float(_value(m.tile, table.double_blank)), m)
                  for m in places]
        scored.sort(key=lambda x: (-x[0], x[1].tile.index))
        return scored
    path = longest_chain(hand, own_end)
    on_path = {t for t, _ in path}
    path_first = path[0][0] if path else None
    fewest = min((c for s, c in enumerate(table.counts) if s != seat), default=99)
    out: list[tuple[float, TrainPlace]] = []
    for m in places:
        tile = m.tile
        score = float(_value(tile, table.double_blank))
        outer = tile.other(m.touch)
        if m.train == seat:
            if tile is path_first:
                score += 6.0 + 0.5 * len(path)
            elif tile in on_path:
                score -= 4.0
            if table.markers[seat]:
                score += 3.0  # closes its own train again
        else:
            if tile in on_path:
                score -= 6.0  # spends a tile its own train needs
            else:
                score += 2.0
            if m.train is not None and table.counts[m.train] <= 2:
                score += 5.0  # changes the end a nearly finished seat waits for
            elif m.train is not None and table.counts[m.train] == fewest:
                score += 1.0
        if tile.is_double:
            followers = [t for t in hand if t is not tile and t.has(outer)]
            if followers:
                score += 4.0 + tile.pips * 0.25
            else:
                score -= 8.0  # an uncovered double costs a draw and a marker
        out.append((score, m))
    out.sort(key=lambda x: (-x[0], x[1].tile.index, train_name(x[1].train)))
    return out


def medium(view: TrainsView, rng: random.Random) -> Move:
    """Rules of thumb (see the module's docstring), deterministic."""
    if not view.legal:
        raise ValueError("the seat is not on turn")
    places = [m for m in view.legal if isinstance(m, TrainPlace)]
    if not places:
        return view.legal[0]
    return rank_places(places, view.hand, _table_of_view(view))[0][1]


# ------------------------------------------------------------------ hard
# another candidate replaces medium's first only when better by more than 1.5 pips (the
# rollouts' noise is large beside the differences); at most 20 000 rollout steps
DEFAULT_BUDGET = Budget(actions=20_000, margin=1.5)
# the expert's: three times the worlds and rollout steps (four would pass 2 s a
# decision early in a round of four); a mean's noise falls with the square root of
# the worlds, and the margin with it (1.5 / √3)
EXPERT_BUDGET = Budget(worlds=120, actions=60_000, margin=0.9)


def sample_round(view: TrainsView, rng: random.Random) -> TrainsGame:
    """A one-round game consistent with ``view``: the seat's hand, the public table,
    and the unseen tiles dealt at random into the other hands (by their counts) and
    the boneyard."""
    d = view.detail
    seat = view.seat if view.seat is not None else 0
    opts = make_options(view.players, d.get("options", {}))
    engine = Tile.parse(d["engine"])
    trains: list[list[tuple[Tile, int]]] = []
    for t in [*range(view.players), None]:
        line = []
        for text in d["trains"][train_name(t)]:
            touch, other = (int(x) for x in text.split("-"))
            line.append((Tile(touch, other), touch))
        trains.append(line)
    seen = {engine, *view.hand, *(t for line in trains for t, _ in line)}
    unseen = [t for t in full_set(opts.set) if t not in seen]
    rng.shuffle(unseen)
    counts = list(d["counts"])
    hands: list[list[Tile]] = []
    k = 0
    for s in range(view.players):
        if s == seat:
            hands.append(list(view.hand))
        else:
            hands.append(unseen[k:k + counts[s]])
            k += counts[s]
    boneyard = unseen[k:]
    names = {train_name(t): t for t in [*range(view.players), None]}
    turn = view.turn if view.turn is not None else seat
    chaining = bool(d["first_round"])
    first_left = view.players - (turn - view.leader) % view.players if chaining else 0
    out = None
    if chaining:  # the first seat whose chain emptied its hand, if one did
        order = [(view.leader + i) % view.players for i in range(view.players)]
        out = next((s for s in order if not hands[s]), None)
    rnd = Round(engine, hands, boneyard, tuple(tuple(h) for h in hands), tuple(boneyard),
                view.leader, turn=turn, trains=trains, markers=list(d["markers"]),
                owed=[names[n] for n in d["owed"]], first_turns_left=first_left,
                placed=int(d["placed"]), drew=bool(d["drew"]), last_placer=seat, out=out)
    game = TrainsGame(view.players, replace(opts, rounds=1))
    game.rounds = [rnd]
    return game


class _Sim:
    """A sampled round reduced to what its end depends on, for fast rollouts: each
    train's end pip (the seats', then the Mexican train's) and whether a double ends
    it, the markers, the owed doubles, the hands (sorted), the boneyard, the turn in
    progress. Greedy plays every seat (the heaviest placement, a double it can cover
    first, its own train between equals; a first-turn chain is medium's, the longest
    the hand makes); the rules are those of :class:`engine.trains.rules.TrainsGame` (a test
    plays both side by side)."""

    __slots__ = ("blank", "chain_left", "doubled", "drew", "ends", "hands", "markers",
                 "out", "owed", "pile", "placed", "seats", "turn")

    def __init__(self, game: TrainsGame) -> None:
        rnd = game.current
        self.seats = game.seats
        self.blank = game.options.double_blank
        self.hands = [sorted(h) for h in rnd.hands]
        self.pile = list(rnd.boneyard)
        self.ends = [rnd.end_pip(t) for t in range(self.seats)] + [rnd.end_pip(None)]
        self.doubled = [bool(line) and line[-1][0].is_double for line in rnd.trains]
        self.markers = list(rnd.markers)
        self.owed = [rnd.index(t) for t in rnd.owed]
        self.chain_left = rnd.first_turns_left
        self.placed, self.drew, self.turn, self.out = rnd.placed, rnd.drew, rnd.turn, rnd.out

    def copy(self) -> _Sim:
        new = object.__new__(_Sim)
        new.seats, new.blank = self.seats, self.blank
        new.hands = [list(h) for h in self.hands]
        new.pile = list(self.pile)
        new.ends, new.doubled = list(self.ends), list(self.doubled)
        new.markers, new.owed = list(self.markers), list(self.owed)
        new.chain_left, new.placed, new.drew = self.chain_left, self.placed, self.drew
        new.turn, new.out = self.turn, self.out
        return new

    def targets(self) -> list[int]:
        seat = self.turn
        if self.chain_left:
            return [seat]
        if self.owed:
            return [self.owed[0]]
        return [seat, self.seats, *(s for s in range(self.seats)
                                    if s != seat and self.markers[s])]

    def best(self) -> tuple[Tile, int] | None:
        """Greedy's placement (tile, train), in the rules' order of placements; in the
        first-turn chain, medium's: the first tile of the longest chain."""
        hand = self.hands[self.turn]
        if self.chain_left:
            chain = longest_chain(hand, self.ends[self.turn])
            return (chain[0][0], self.turn) if chain else None
        targets = self.targets()
        ends = self.ends
        seat = self.turn
        best: tuple[Tile, int] | None = None
        key = (-1, False)
        for tile in hand:
            for train in targets:
                if not tile.has(ends[train]):
                    continue
                pips = tile.pips
                if tile.is_double and any(t is not tile and t.has(tile.a) for t in hand):
                    pips += 20
                k = (pips, train == seat)
                if k > key:
                    best, key = (tile, train), k
        return best

    def place(self, tile: Tile, train: int) -> bool:
        """The seat on turn lays ``tile`` on ``train``; whether the round is over."""
        seat = self.turn
        hand = self.hands[seat]
        hand.remove(tile)
        self.ends[train] = tile.other(self.ends[train])
        self.doubled[train] = tile.is_double
        self.placed += 1
        self.drew = False
        if train == seat:
            self.markers[seat] = False
        if self.chain_left:
            if not hand:
                if self.out is None:
                    self.out = seat
                return self.end_turn()
            if self.best() is None:
                return self.end_turn()
            return False
        if self.owed and self.owed[0] == train and not tile.is_double:
            self.owed.pop(0)
        if not hand:
            return True
        if tile.is_double:
            self.owed.append(train)
            return False
        return self.end_turn()

    def end_turn(self) -> bool:
        """The next seat's turn; whether the round is over."""
        if self.chain_left:
            if self.doubled[self.turn]:
                self.owed.append(self.turn)
            self.chain_left -= 1
            if not self.chain_left and self.out is not None:
                return True
        self.turn = (self.turn + 1) % self.seats
        self.placed = 0
        self.drew = False
        return not self.chain_left and self.blocked()

    def blocked(self) -> bool:
        if self.owed:
            pip = self.ends[self.owed[0]]
            if not any(t.has(pip) for t in self.pile) and not any(
                    t.has(pip) for h in self.hands for t in h):
                return True
            ends = {pip}
        else:
            ends = set(self.ends)
        if self.pile:
            return False
        return not any(t.a in ends or t.b in ends for h in self.hands for t in h)

    def run(self, limit: int) -> None:
        """Play the round out (at most ``limit`` actions)."""
        for _ in range(limit):
            move = self.best()
            if move is not None:
                if self.place(*move):
                    return
            elif self.pile and not self.drew:
                insort(self.hands[self.turn], self.pile.pop(0))
                self.drew = True
            else:
                self.markers[self.turn] = True
                if self.end_turn():
                    return

    def points(self) -> list[int]:
        blank = self.blank
        return [sum(blank if t.a == t.b == 0 else t.pips for t in h) for h in self.hands]

    def score(self, seat: int) -> float:
        pips = self.points()
        others = [p for s, p in enumerate(pips) if s != seat]
        return pips[seat] - sum(others) / len(others)


def rollout_means(view: TrainsView, candidates: Sequence[TrainPlace], rng: random.Random,
                  budget: Budget = DEFAULT_BUDGET) -> tuple[dict[TrainPlace, float], int]:
    """Each candidate's mean score (own pips less the others' mean: lower is better)
    over the same sampled worlds, and the number of worlds."""
    seat = view.seat if view.seat is not None else 0

    def score(world: _Sim, m: TrainPlace, steps: int) -> float:
        sim = world.copy()
        if not sim.place(m.tile, view.players if m.train is None else m.train):
            sim.run(steps)
        return sim.score(seat)

    return mean_scores(view, candidates, budget, lambda: _Sim(sample_round(view, rng)), score)


def review_values(view: TrainsView, rng: random.Random, budget: Budget = DEFAULT_BUDGET
                  ) -> tuple[list[Candidate], int]:
    """The post-game review's valuation of a decision: every placement of the seat on
    turn, in the points a review counts (the pips it saves against the others: more
    is better), on the same sampled worlds; the number of worlds. A turn with no
    placement to choose (a draw, a pass, the chain's end) is not valued."""
    places = [m for m in view.legal if isinstance(m, TrainPlace)]
    if len(places) < 2:
        return [], 0
    means, worlds = rollout_means(view, places, rng, budget)
    return review_candidates(means), worlds


def search(view: TrainsView, rng: random.Random, budget: Budget = DEFAULT_BUDGET
           ) -> tuple[Move, dict[TrainPlace, float]]:
    """Hard's choice and each candidate's mean score (lower is better)."""
    if not view.legal:
        raise ValueError("the seat is not on turn")
    places = [m for m in view.legal if isinstance(m, TrainPlace)]
    if not places:
        return view.legal[0], {}
    ranked = rank_places(places, view.hand, _table_of_view(view))
    candidates = [m for _, m in ranked[:budget.candidates]]
    if len(candidates) == 1:
        return candidates[0], {}
    means, _ = rollout_means(view, candidates, rng, budget)
    return clear_choice(candidates, means, budget.margin), means


def hard(view: TrainsView, rng: random.Random) -> Move:
    """Determinized rollouts (see the module's docstring), reproducible from ``rng``."""
    return search(view, rng)[0]


def expert(view: TrainsView, rng: random.Random) -> Move:
    """Hard's search with :data:`EXPERT_BUDGET`, reproducible from ``rng``."""
    return search(view, rng, EXPERT_BUDGET)[0]


_PLAYERS: dict[str, Player] = {"easy": easy, "medium": medium, "hard": hard,
                               "expert": expert}


def make_player(level: str) -> Player:
    try:
        return _PLAYERS[level]
    except KeyError:
        raise ValueError(f"no computer player {level!r}; levels: {', '.join(LEVELS)}"
                         ) from None


# ------------------------------------------------------------------ simulate
def simulate(variant: Variant, games: int, seed: int, levels: Sequence[str],
             *, keep_times: bool = False) -> dict[str, Any]:
    """``games`` games; seat s of game g plays at ``levels[(s + g) % len(levels)]`` (the
    levels turn round the table from game to game) and each group of ``len(levels)``
    games is dealt from the same seed (``seed``, ``seed + 1`` ...), so each level plays
    every deal from every seat of the cycle. The games, rounds and actions played, the
    time taken, the mean total and the wins per seat (shared wins count for each
    winner), and the head-to-head score of each pair of levels: per game the mean over
    the pairs of seats of 1 (lower total), 0.5 (equal) or 0, with its 95% Wilson
    interval; the decision times of the decisions that had a choice of placement."""
    from engine.simulate import PairScores, decision_ms
    from engine.trains.kind import TRAINS_KIND
    seats = variant.players
    sums = [0] * seats
    wins = [0] * seats
    distinct = list(dict.fromkeys(levels))
    pairs = PairScores(levels)
    times: dict[str, list[float]] = {lv: [] for lv in distinct}
    moves = rounds = 0
    start = time.perf_counter()
    for g in range(games):
        level_of = [levels[(s + g) % len(levels)] for s in range(seats)]
        deal = seed + g // len(levels)
        match = TRAINS_KIND.new_game(variant, deal)
        while match.outcome is None:
            seat = match.current_seat
            assert seat is not None
            view = match.view(seat)
            t0 = time.perf_counter()
            move = TRAINS_KIND.decide(level_of[seat], deal, variant, view)
            if sum(isinstance(m, TrainPlace) for m in view.legal) > 1:
                times[level_of[seat]].append(time.perf_counter() - t0)
            match.play(move)
            moves += 1
        rounds += len(match.rounds)
        totals = match.totals
        sums = [a + b for a, b in zip(sums, totals, strict=True)]
        for w in match.outcome.winners:
            wins[w] += 1
        pairs.add(totals, level_of)
    seconds = time.perf_counter() - start
    return {"variant": variant.name, "players": seats,
            "ai": [levels[s % len(levels)] for s in range(seats)], "games": games,
            "rounds": rounds, "moves": moves, "seconds": round(seconds, 4),
            "games_per_second": round(games / seconds, 2) if seconds else None,
            "mean_totals": [round(s / games, 2) if games else 0.0 for s in sums],
            "wins": wins, "head_to_head": pairs.head_to_head(),
            "decision_ms": decision_ms(times),
            **({"decision_seconds": times} if keep_times else {})}
