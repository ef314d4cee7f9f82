"""Simulation: whole games between computer players, for tests and benchmarks."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.moves import Move
from engine.domino.ai import Budget, make_player
from engine.domino.game import Game
from engine.domino.playout import play_random
from engine.domino.variant import as_domino
from engine.domino.view import DominoView
from engine.variants import make_variant

Player = Callable[[DominoView], Move]


def random_player(rng: random.Random) -> Player:
    def choose(view: DominoView) -> Move:
        return rng.choice(view.legal)

    return choose


def play_random_game(game: Game, rng: random.Random) -> int:
    """Play ``game`` to its end with uniformly random legal moves; return moves played.

    The choice is ``legal[int(rng.random() * n)]`` (uniform up to float rounding),
    no draw at all when only one move is legal: :func:`engine.domino.playout.play_random`.
    """
    return play_random(game, rng.random)


def simulate(variant: str, players: int, games: int, seed: int,
             options: Mapping[str, Any] | None = None,
             seat_players: Sequence[Callable[[int, int], Player]] | None = None) -> dict[str, Any]:
    """Play ``games`` whole games; return the numbers ``simulate`` prints."""
    v = as_domino(make_variant(variant, players, options))
    rng = random.Random(seed)
    total_moves = 0
    total_rounds = 0
    wins = [0] * len(v.sides)
    start = time.perf_counter()
    for g in range(games):
        game = Game(v, seed=rng.getrandbits(48))
        if seat_players is None:
            total_moves += play_random_game(game, rng)
        else:
            chosen = [make(seat, g) for seat, make in enumerate(seat_players)]
            while game.outcome is None:
                seat = game.current_seat
                assert seat is not None
                game.play(chosen[seat](game.view(seat)))
                total_moves += 1
        total_rounds += len(game.rounds)
        assert game.outcome is not None
        for w in game.outcome.winners:
            wins[w] += 1
    seconds = time.perf_counter() - start
    return {
        "variant": variant,
        "players": players,
        "sides": [list(s) for s in v.sides],
        "games": games,
        "rounds": total_rounds,
        "moves": total_moves,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "rounds_per_second": round(total_rounds / seconds, 2) if seconds else None,
        "wins": wins,
    }


# ---------------------------------------------------------------- AI matches


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def head_to_head(score: Mapping[str, float], games: Mapping[str, int]
                 ) -> dict[str, dict[str, Any]]:
    """Each pairing's score over its games, its rate and the rate's 95% Wilson interval,
    as the simulations print them."""
    head: dict[str, dict[str, Any]] = {}
    for key, s in score.items():
        n = games[key]
        lo, hi = wilson(s, n)
        head[key] = {"score": s, "games": n, "rate": round(s / n, 4) if n else None,
                     "ci95": [round(lo, 4), round(hi, 4)]}
    return head


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[k]


def decision_ms(times: Mapping[str, list[float]]) -> dict[str, dict[str, float]]:
    """Each level's decisions timed (seconds): how many, the median and p95 in ms."""
    return {lv: {"decisions": len(ts), "median": round(1000 * _percentile(ts, 0.5), 2),
                 "p95": round(1000 * _percentile(ts, 0.95), 2)}
            for lv, ts in times.items()}


class PairScores:
    """The head-to-head score of each pair of levels, game by game, where totals are
    penalties (the lower wins): per game the mean over the pairs of seats of 1 (lower
    total), 0.5 (equal) or 0."""

    def __init__(self, levels: Sequence[str]) -> None:
        distinct = list(dict.fromkeys(levels))
        self.pairs = [(a, b) for i, a in enumerate(distinct) for b in distinct[i + 1:]]
        self.score = {f"{a}_vs_{b}": 0.0 for a, b in self.pairs}
        self.counted = {f"{a}_vs_{b}": 0 for a, b in self.pairs}

    def add(self, totals: Sequence[int], level_of: Sequence[str]) -> None:
        seats = range(len(totals))
        for a, b in self.pairs:
            results = [1.0 if totals[i] < totals[j] else 0.5 if totals[i] == totals[j]
                       else 0.0 for i in seats for j in seats
                       if level_of[i] == a and level_of[j] == b]
            if results:
                self.score[f"{a}_vs_{b}"] += sum(results) / len(results)
                self.counted[f"{a}_vs_{b}"] += 1

    def head_to_head(self) -> dict[str, dict[str, Any]]:
        return head_to_head(self.score, self.counted)


def _pair_result(game: Game, a: int, b: int, penalty: bool) -> float:
    """1 when side ``a`` finished ahead of side ``b``, 0.5 level, 0 behind."""
    out = game.outcome
    assert out is not None
    wa, wb = a in out.winners, b in out.winners
    if wa != wb:
        return 1.0 if wa else 0.0
    ta, tb = game.totals[a], game.totals[b]
    if penalty:
        ta, tb = -ta, -tb
    return 1.0 if ta > tb else 0.0 if ta < tb else 0.5


def simulate_ai(variant: str, players: int, games: int, seed: int, levels: Sequence[str],
                options: Mapping[str, Any] | None = None, rotate: bool = True,
                budget: Budget | None = None) -> dict[str, Any]:
    """Play ``games`` whole games between computer players of ``levels``.

    Seat ``s`` of game ``g`` gets ``levels[(s + g) % len(levels)]`` (with
    ``rotate``; else ``levels[s % len(levels)]``), and with ``rotate`` each group of
    ``len(levels)`` consecutive games is dealt from the same seed, so every
    level plays every deal from every seat of the cycle (duplicate play).
    A game's head-to-head score of level A against level B is the mean, over
    the pairs of an A seat and a B seat on different sides, of 1 (A's side won
    or finished ahead), 0.5 (level, e.g. a shared win) or 0.
    """
    v = as_domino(make_variant(variant, players, options))
    rng = random.Random(seed)
    penalty = v.penalty_scoring
    distinct = list(dict.fromkeys(levels))
    pairs = [(a, b) for i, a in enumerate(distinct) for b in distinct[i + 1:]]
    wins = [0] * len(v.sides)
    side_score = [0.0] * len(v.sides)
    level_score = {f"{a}_vs_{b}": 0.0 for a, b in pairs}
    level_games = {f"{a}_vs_{b}": 0 for a, b in pairs}
    times: dict[str, list[float]] = {lv: [] for lv in distinct}
    total_moves = 0
    total_rounds = 0
    start = time.perf_counter()
    game_seed = 0
    for g in range(games):
        if not rotate or g % len(levels) == 0:
            game_seed = rng.getrandbits(48)
        shift = g % len(levels) if rotate else 0
        seat_level = [levels[(s + shift) % len(levels)] for s in range(players)]
        chosen = [make_player(seat_level[s], game_seed * 16 + s, v, budget)
                  for s in range(players)]
        game = Game(v, seed=game_seed)
        while game.outcome is None:
            seat = game.current_seat
            assert seat is not None
            view = game.view(seat)
            t0 = time.perf_counter()
            move = chosen[seat](view)
            if len(view.legal) > 1:
                times[seat_level[seat]].append(time.perf_counter() - t0)
            game.play(move)
            total_moves += 1
        total_rounds += len(game.rounds)
        out = game.outcome
        assert out is not None
        for w in out.winners:
            wins[w] += 1
            side_score[w] += 1 / len(out.winners)
        for a, b in pairs:
            results = [
                _pair_result(game, v.side_of[i], v.side_of[j], penalty)
                for i in range(players) for j in range(players)
                if seat_level[i] == a and seat_level[j] == b and v.side_of[i] != v.side_of[j]
            ]
            if results:
                key = f"{a}_vs_{b}"
                level_score[key] += sum(results) / len(results)
                level_games[key] += 1
    seconds = time.perf_counter() - start
    head = head_to_head(level_score, level_games)
    return {
        "variant": variant,
        "players": players,
        "sides": [list(s) for s in v.sides],
        "ai": list(levels),
        "rotate": rotate,
        "games": games,
        "rounds": total_rounds,
        "moves": total_moves,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "rounds_per_second": round(total_rounds / seconds, 2) if seconds else None,
        "wins": wins,
        "side_wins": side_score,
        "head_to_head": head,
        "decision_ms": decision_ms(times),
    }
