"""Computer players for ``triangular`` (docs/rules.md 4.21), from the seat's view only.

- easy: a random placement (never a voluntary draw), else draw, else pass;
- medium: the placement that scores most now (bonuses included), the heavier
  triangle between equals (it would count against him at the round's end);
- hard: determinized playouts. Each of medium's best few moves (and a voluntary
  draw, when legal) is tried in worlds sampled from what the seat cannot see
  (the other hands and the pool dealt at random from the unseen triangles, in
  the known counts), each followed by greedy play for a few turns; a move is
  valued by the seat's points minus the others' mean over that horizon, round-end
  points included when the round ends in it, and the hand value still held;
- expert: hard's search with a bigger budget (:data:`EXPERT_BUDGET`: four times
  the worlds).

Also :func:`simulate_ai`, the tournament ``python -m engine simulate --variant
triangular --ai A,B`` prints.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.levels import LEVELS
from engine.triangular.grid import Grid
from engine.triangular.pieces import DRAW, PASS, TRIANGLE_SET, Draw, Place, Triangle, TriMove
from engine.triangular.rules import (
    Round,
    TriangularGame,
    TriangularOptions,
    TriangularView,
    apply_move,
    make_options,
)
from engine.triangular.scoring import lead_points

TriPlayer = Callable[[TriangularView], TriMove]


@dataclass(frozen=True, slots=True)
class TriBudget:
    """How much the hard player searches: ``candidates`` of medium's best moves,
    ``worlds`` sampled worlds each, ``horizon`` turns of greedy play after the move
    (a turn ends with a placement or a pass), ``hand_weight`` what a point still in
    hand costs at the horizon."""

    candidates: int = 4
    worlds: int = 12
    horizon: int = 4
    hand_weight: float = 0.5


DEFAULT_BUDGET = TriBudget()
# the expert's: four times hard's worlds (less noise in each candidate's mean)
EXPERT_BUDGET = TriBudget(worlds=4 * DEFAULT_BUDGET.worlds)


def placement_points(grid: Grid, move: Place, led: bool) -> int:
    if not led:
        return lead_points(move.tile).points
    return grid.score(move.numbers, move.cell).points


def ranked(view_grid: Grid, led: bool, legal: Sequence[TriMove]) -> list[tuple[float, TriMove]]:
    """Placements by medium's preference, best first (points, then heavier)."""
    out: list[tuple[float, TriMove]] = []
    for m in legal:
        if isinstance(m, Place):
            out.append((placement_points(view_grid, m, led) + 0.01 * sum(m.numbers), m))
    out.sort(key=lambda x: -x[0])
    return out


class EasyTriPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def __call__(self, view: TriangularView) -> TriMove:
        places = [m for m in view.legal if isinstance(m, Place)]
        if places:
            return places[self.rng.randrange(len(places))]
        return DRAW if DRAW in view.legal else PASS


class MediumTriPlayer:
    def __call__(self, view: TriangularView) -> TriMove:
        best = ranked(view.grid(), bool(view.placed), view.legal)
        if best:
            return best[0][1]
        return DRAW if DRAW in view.legal else PASS


def greedy_move(rnd: Round, options: TriangularOptions) -> TriMove:
    """medium's choice in a full round state (the playouts' policy)."""
    hand = rnd.hands[rnd.turn]
    grid = rnd.grid
    best: Place | None = None
    best_score = -1.0
    for m in grid.placements(hand):
        s = grid.score(m.numbers, m.cell).points + 0.01 * sum(m.numbers)
        if s > best_score:
            best, best_score = m, s
    if best is not None:
        return best
    if rnd.pool > 0 and rnd.draws < 3:
        return DRAW
    return PASS


def sample_world(view: TriangularView, rng: random.Random) -> Round:
    """A full round consistent with the view: the unseen triangles dealt at random
    to the other hands (in their counts) and the pool."""
    assert view.seat is not None and view.turn is not None
    seen = set(view.hand) | {p.tile for p in view.placed}
    unseen = [t for t in TRIANGLE_SET if t not in seen]
    rng.shuffle(unseen)
    hands: list[list[Triangle]] = []
    at = 0
    for s, count in enumerate(view.counts):
        if s == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(unseen[at:at + count])
            at += count
    pool = tuple(unseen[at:])
    return Round((), pool, view.leader, (), hands, 0, view.grid(), view.turn, view.draws,
                 [], [], [0] * len(view.counts))


def playout_value(rnd: Round, seat: int, move: TriMove, options: TriangularOptions,
                  budget: TriBudget) -> float:
    """The seat's gain minus the others' mean after ``move`` and greedy play."""
    apply_move(rnd, move, options)
    turns = 0
    while rnd.result is None and turns < budget.horizon:
        m = greedy_move(rnd, options)
        apply_move(rnd, m, options)
        if not isinstance(m, Draw):
            turns += 1
    n = len(rnd.hands)
    gain: list[float] = [float(p) for p in rnd.points]
    if rnd.result is not None:
        gain = [g + p for g, p in zip(gain, rnd.result.points, strict=True)]
    else:
        for s in range(n):
            gain[s] -= budget.hand_weight * sum(t.value for t in rnd.hands[s])
    others = [gain[s] for s in range(n) if s != seat]
    return gain[seat] - sum(others) / len(others)


class HardTriPlayer:
    def __init__(self, seed: int = 0, options: TriangularOptions | None = None,
                 budget: TriBudget | None = None) -> None:
        self.rng = random.Random(seed)
        self.options = options
        self.budget = budget or DEFAULT_BUDGET

    def __call__(self, view: TriangularView) -> TriMove:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        options = self.options or make_options(len(view.players))
        best = ranked(view.grid(), bool(view.placed), legal)
        if not view.placed or not best:  # the lead, or nothing to place: no choice to weigh
            return best[0][1] if best else (DRAW if DRAW in legal else PASS)
        candidates: list[TriMove] = [m for _, m in best[:self.budget.candidates]]
        if DRAW in legal:
            candidates.append(DRAW)
        if len(candidates) == 1:
            return candidates[0]
        assert view.seat is not None
        totals = [0.0] * len(candidates)
        for _ in range(self.budget.worlds):
            world = sample_world(view, self.rng)
            for i, m in enumerate(candidates):
                totals[i] += playout_value(world.copy(), view.seat, m, options, self.budget)
        i_best = max(range(len(candidates)), key=lambda i: totals[i])
        return candidates[i_best]


def make_player(level: str, seed: int = 0, options: TriangularOptions | None = None,
                budget: TriBudget | None = None) -> TriPlayer:
    """The computer player of ``level``; ``budget`` replaces the searching levels' own
    (hard: :data:`DEFAULT_BUDGET`, expert: :data:`EXPERT_BUDGET`)."""
    if level == "easy":
        return EasyTriPlayer(seed)
    if level == "medium":
        return MediumTriPlayer()
    if level == "hard":
        return HardTriPlayer(seed, options, budget)
    if level == "expert":
        return HardTriPlayer(seed, options, budget or EXPERT_BUDGET)
    raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")


# ------------------------------------------------------------------ tournaments


def _pair(game: TriangularGame, a: int, b: int) -> float:
    wa, wb = a in game.winners, b in game.winners
    if wa != wb:
        return 1.0 if wa else 0.0
    ta, tb = game.totals[a], game.totals[b]
    return 1.0 if ta > tb else 0.0 if ta < tb else 0.5


def simulate(players: int, games: int, seed: int, options: dict[str, Any] | None = None
             ) -> dict[str, Any]:
    """Random legal players (``simulate`` without ``--ai``)."""
    from engine.triangular.rules import play_random_game

    opts = make_options(players, options)
    rng = random.Random(seed)
    moves = rounds = 0
    wins = [0] * players
    start = time.perf_counter()
    for _ in range(games):
        game = TriangularGame(players, opts, seed=rng.getrandbits(48))
        moves += play_random_game(game, rng)
        rounds += len(game.rounds)
        for w in game.winners:
            wins[w] += 1
    seconds = time.perf_counter() - start
    return {"variant": "triangular", "players": players, "games": games, "rounds": rounds,
            "moves": moves, "seconds": round(seconds, 4),
            "games_per_second": round(games / seconds, 2) if seconds else None,
            "wins": wins}


def simulate_ai(players: int, games: int, seed: int, levels: Sequence[str],
                options: dict[str, Any] | None = None, budget: TriBudget | None = None
                ) -> dict[str, Any]:
    """Whole games between computer players, levels rotated over the seats and each
    cycle of ``len(levels)`` games dealt from one seed (duplicate play), as
    :func:`engine.simulate.simulate_ai` does for the other variants."""
    from engine.simulate import head_to_head  # the figures every simulation prints
    opts = make_options(players, options)
    rng = random.Random(seed)
    distinct = list(dict.fromkeys(levels))
    pairs = [(a, b) for i, a in enumerate(distinct) for b in distinct[i + 1:]]
    score = {f"{a}_vs_{b}": 0.0 for a, b in pairs}
    count = {f"{a}_vs_{b}": 0 for a, b in pairs}
    times: dict[str, list[float]] = {lv: [] for lv in distinct}
    wins = [0] * players
    moves = rounds = 0
    game_seed = 0
    start = time.perf_counter()
    for g in range(games):
        if g % len(levels) == 0:
            game_seed = rng.getrandbits(48)
        shift = g % len(levels)
        seat_level = [levels[(s + shift) % len(levels)] for s in range(players)]
        chosen = [make_player(seat_level[s], game_seed * 16 + s, opts, budget)
                  for s in range(players)]
        game = TriangularGame(players, opts, seed=game_seed)
        while not game.over:
            if not game.rounds or game.current.over:
                game.start_round()
            seat = game.current.turn
            view = game.view(seat)
            t0 = time.perf_counter()
            move = chosen[seat](view)
            if len(view.legal) > 1:
                times[seat_level[seat]].append(time.perf_counter() - t0)
            game.play(seat, move)
            moves += 1
        rounds += len(game.rounds)
        for w in game.winners:
            wins[w] += 1
        for a, b in pairs:
            results = [_pair(game, i, j) for i in range(players) for j in range(players)
                       if seat_level[i] == a and seat_level[j] == b]
            if results:
                key = f"{a}_vs_{b}"
                score[key] += sum(results) / len(results)
                count[key] += 1
    seconds = time.perf_counter() - start
    head = head_to_head(score, count)
    return {
        "variant": "triangular", "players": players, "ai": list(levels), "rotate": True,
        "games": games, "rounds": rounds, "moves": moves, "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "wins": wins, "head_to_head": head,
        "decision_ms": {lv: {"decisions": len(ts),
                             "median": round(1000 * statistics.median(ts), 2) if ts else 0.0,
                             "p95": round(1000 * sorted(ts)[int(0.95 * (len(ts) - 1))], 2)
                             if ts else 0.0}
                        for lv, ts in times.items()},
    }

