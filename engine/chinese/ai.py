"""Computer players for ``chinese`` (Tien Gow) and their tournament.

Every player decides from its seat's view only (:meth:`ChineseGame.view`): its
own hand, the public plays, the counts of the other hands. ``easy`` plays a
random legal play; ``medium`` follows simple rules (beat cheaply, lead
combinations, keep strong tiles for the last trick, discard the lowest);
``hard`` samples the hidden tiles (determinization: the unseen multiset dealt to
the other hands by their counts) and plays each candidate out with ``medium``
players, choosing the best average round points; ``expert`` is the same search
over four times the sampled hands.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.chinese.rules import ChineseGame, Round, TrickPlay, make_options
from engine.chinese.tiles import CHINESE_SET, Play, classify, is_civil, sort_tiles, tile_key
from engine.core.levels import LEVELS
from engine.core.tiles import Tile

HARD_SAMPLES = 8  # determinizations per candidate play
EXPERT_SAMPLES = 4 * HARD_SAMPLES  # the expert's: the same search, less noise
Player = Callable[[ChineseGame, int], Play]


def _lowest(hand: Sequence[Tile], k: int) -> tuple[Tile, ...]:
    """The k weakest tiles, military before civil (the time-out rule's order)."""
    return tuple(sorted(hand, key=lambda t: (is_civil(t), -tile_key(t)[1]))[:k])


def medium_choice(game: ChineseGame, seat: int) -> Play:
    plays = game.legal_plays(seat)
    rnd = game.current
    hand = rnd.hands[seat]
    if not rnd.trick:
        combos = [p for p in plays if p.size > 1]
        if combos:
            # The biggest set, then the strongest: it takes several tricks at once.
            return max(combos, key=lambda p: (p.size, -_kind_rank(game, p)))
        if len(hand) == 1:
            return plays[0]
        # Keep the strongest single for the last trick; lead the weakest.
        return Play(_lowest(hand, 1))
    beats = [p for p in plays if not p.down]
    last_trick = len(hand) == rnd.size
    if beats and (rnd.size > 1 or last_trick or len(hand) > 2):
        # The cheapest set that beats (the strongest on the last trick).
        ranked = sorted(beats, key=lambda p: _kind_rank(game, p))
        return ranked[0] if last_trick else ranked[-1]
    return Play(_lowest(hand, rnd.size), True)


def _kind_rank(game: ChineseGame, play: Play) -> int:
    kind = classify(play.tiles, game.options.mixed)
    return kind.rank if kind is not None else 99


def unseen(game: ChineseGame, seat: int) -> Counter[Tile]:
    """The tiles ``seat`` has not seen, from its view: the set minus its hand
    and every tile it saw played (its own face-down tiles included)."""
    view = game.view(seat)
    seen = Counter(Tile.parse(t) for t in view["hand"])
    for plays in [view["trick"], *(f["plays"] for f in view["finished"])]:
        for entry in plays:
            if entry["tiles"] is not None:
                seen.update(Tile.parse(t) for t in entry["tiles"])
    return Counter(CHINESE_SET) - seen


def determinize(game: ChineseGame, seat: int, rng: random.Random) -> ChineseGame:
    """A copy of the game's current round in which the other hands are drawn at
    random from what ``seat`` has not seen, by their counts."""
    view = game.view(seat)
    pool = list(unseen(game, seat).elements())
    rng.shuffle(pool)
    rnd = game.current
    hands: list[list[Tile]] = []
    for s, count in enumerate(view["counts"]):
        if s == seat:
            hands.append(list(rnd.hands[seat]))
        else:
            hands.append(pool[:count])
            pool = pool[count:]
    copy = ChineseGame(game.players, game.options)
    copy.totals = [0] * game.seats
    copy.rounds = [Round(hands, (), rnd.banker, rnd.dealt, rnd.leader, rnd.turn,
                         [TrickPlay(tp.seat, tp.play) for tp in rnd.trick], rnd.best,
                         list(rnd.tricks), [], [])]
    return copy


def _candidates(game: ChineseGame, seat: int, rng: random.Random) -> list[Play]:
    plays = game.legal_plays(seat)
    up = [p for p in plays if not p.down]
    down = [p for p in plays if p.down]
    out = list(up)
    if down:
        lowest = Play(_lowest(game.current.hands[seat], game.current.size or 1), True)
        if lowest in down:
            out.append(lowest)
        extra = [p for p in down if p != lowest]
        out.extend(rng.sample(extra, min(2, len(extra))))
    return out


def hard_choice(game: ChineseGame, seat: int, rng: random.Random,
                samples: int = HARD_SAMPLES) -> Play:
    candidates = _candidates(game, seat, rng)
    if len(candidates) == 1:
        return candidates[0]
    worlds = [determinize(game, seat, rng) for _ in range(samples)]
    best, best_score = candidates[0], -math.inf
    for play in candidates:
        total = 0.0
        for world in worlds:
            sim = _clone(world)
            sim.play(seat, play)
            while not sim.current.over:
                turn = sim.current.turn
                sim.play(turn, medium_choice(sim, turn))
            points = sim.current.points
            assert points is not None
            total += points[seat]
        if total > best_score:
            best, best_score = play, total
    return best


def _clone(game: ChineseGame) -> ChineseGame:
    rnd = game.current
    copy = ChineseGame(game.players, game.options)
    copy.rounds = [Round([list(h) for h in rnd.hands], (), rnd.banker, rnd.dealt,
                         rnd.leader, rnd.turn, list(rnd.trick), rnd.best,
                         list(rnd.tricks), [], [])]
    return copy


def make_player(level: str, seed: int = 0, samples: int | None = None) -> Player:
    """A player of ``level`` (easy, medium, hard, expert): ``(game, seat) -> Play``;
    ``samples`` replaces the searching levels' determinizations per candidate."""
    rng = random.Random(seed)
    if level == "easy":
        return lambda game, seat: rng.choice(game.legal_plays(seat))
    if level == "medium":
        return medium_choice
    if level == "hard":
        budget = samples or HARD_SAMPLES
        return lambda game, seat: hard_choice(game, seat, rng, budget)
    if level == "expert":
        wider = samples or EXPERT_SAMPLES
        return lambda game, seat: hard_choice(game, seat, rng, wider)
    raise ValueError(f"no level {level!r}; levels: {', '.join(LEVELS)}")


@dataclass(frozen=True, slots=True)
class Tournament:
    games: int
    score: float  # the first level's share: a win 1, a draw 0.5
    low: float
    high: float
    median_ms: dict[str, float]
    p95_ms: dict[str, float]


def simulate_ai(levels: tuple[str, str], games: int, seed: int, players: int = 4,
                rounds: int = 4, samples: int | None = None) -> Tournament:
    """``games`` games, the two levels alternating round the table (seats rotated
    every game); a game is won by the level whose seats' totals are higher."""
    score = 0.0
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    for g in range(games):
        seats = [levels[(s + g) % 2] for s in range(players)]
        bots = [make_player(lv, seed * 1_000_003 + g * 10 + s, samples)
                for s, lv in enumerate(seats)]
        game = ChineseGame(players, make_options(players, {"rounds": rounds}),
                           seed=seed * 7919 + g)
        while not game.over:
            game.start_round()
            while not game.current.over:
                turn = game.current.turn
                started = time.perf_counter()
                play = bots[turn](game, turn)
                times[seats[turn]].append((time.perf_counter() - started) * 1000)
                game.play(turn, play)
        mine = sum(game.totals[s] for s in range(players) if seats[s] == levels[0])
        theirs = sum(game.totals[s] for s in range(players) if seats[s] == levels[1])
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    from engine.simulate import wilson  # the interval of every other AI figure
    low, high = wilson(score, games)
    return Tournament(games, score / games, low, high,
                      {lv: statistics.median(ts) for lv, ts in times.items() if ts},
                      {lv: sorted(ts)[int(0.95 * (len(ts) - 1))]
                       for lv, ts in times.items() if ts})


def describe(levels: tuple[str, str], result: Tournament) -> dict[str, Any]:
    return {"variant": "chinese", "ai": list(levels), "games": result.games,
            "score": round(result.score, 3),
            "ci95": [round(result.low, 3), round(result.high, 3)],
            "median_ms": {k: round(v, 2) for k, v in result.median_ms.items()},
            "p95_ms": {k: round(v, 2) for k, v in result.p95_ms.items()}}


__all__ = ["EXPERT_SAMPLES", "HARD_SAMPLES", "LEVELS", "Tournament", "make_player",
           "simulate_ai", "sort_tiles"]
