"""Evaluating a determinized world: greedy rollouts, and exact search near the end.

On one sampled world every hand and the boneyard's order are known, so the rest
of the round is a game of perfect information. Early in a round its tree is far
too big and the world is valued by a rollout with the greedy policy; once few
tiles are left (:func:`small_enough`) :func:`solve` searches it exactly with
alpha-beta: the searching seat's side maximizes the value of
:func:`outcome_value`, every other seat minimizes it (with teams that is the
other side; with three players each for himself it is the "paranoid"
assumption that the others play against the searcher). A node limit keeps a
search that turns out bigger than expected bounded: it then gives up (None)
and the caller rolls out instead. Everything here is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.moves import Move, Place
from engine.domino.ai.fast import greedy_rollout
from engine.domino.ai.policy import Style
from engine.domino.game import Game
from engine.domino.table import Layout

WIN_VALUE = 3.0  # a won (lost) game against one typical round's point swing


def rollout(game: Game, style: Style) -> None:
    """Play the game out with the greedy policy: by the compiled kernel where a round
    allows (:func:`engine.domino.ai.fast.greedy_rollout`), the same game as
    :func:`engine.domino.ai.fast.pure_rollout`."""
    greedy_rollout(game, style)


# How good the end of a line of play is for a side: (game, root totals, side, style).
Evaluation = Callable[[Game, tuple[int, ...], int, Style], float]


def outcome_points(game: Game, root_totals: tuple[int, ...], side: int, style: Style) -> float:
    """The point swing for ``side`` since ``root_totals``, in the variant's own points:
    its gain less the mean gain of the other sides, the sign turned for penalty
    totals (kozel), so more is always better. The post-game review's unit."""
    n = len(root_totals)
    delta = [game.totals[i] - root_totals[i] for i in range(n)]
    others = sum(delta[i] for i in range(n) if i != side) / (n - 1)
    diff = delta[side] - others
    return -diff if style.penalty else diff


def outcome_value(game: Game, root_totals: tuple[int, ...], side: int, style: Style) -> float:
    """How good the end of a rollout is for ``side``: the point swing (:func:`outcome_points`
    over a typical round's swing), and a won game."""
    value = outcome_points(game, root_totals, side, style) / style.scale
    out = game.outcome
    if out is not None:
        value += WIN_VALUE / len(out.winners) if side in out.winners else -WIN_VALUE
    return value


def tiles_left(game: Game) -> int:
    """Tiles still in play in the round: in the hands and drawable from the boneyard."""
    rnd = game.round
    return sum(len(h) for h in rnd.hands) + rnd.boneyard_left


def small_enough(game: Game, max_tiles: int) -> bool:
    """Whether the rest of the round is small enough for :func:`solve`."""
    return game.current_seat is not None and tiles_left(game) <= max_tiles


_LINE = Layout.LINE  # read once (an enum member's class lookup is slow)


class _Abort(Exception):
    pass


def distinct_moves(game: Game, legal: list[Move]) -> list[Move]:
    """The moves that lead to different positions, heaviest tile first.

    On a line both ends showing the same pip are one move. Heavy tiles first
    is a cheap move order that finds good lines early (shed pips, score)."""
    if len(legal) > 1 and game.variant.table_rules.layout is _LINE:
        ends = game.round.table.open_ends()
        if len(set(ends.values())) < len(ends):
            seen: set[tuple[object, int]] = set()
            out: list[Move] = []
            for m in legal:
                if isinstance(m, Place) and m.end is not None:
                    key = (m.tile, ends[m.end])
                    if key in seen:
                        continue
                    seen.add(key)
                out.append(m)
            legal = out
    if len(legal) > 1:
        legal = sorted(legal, key=lambda m: -m.tile.pips if isinstance(m, Place) else 0)
    return legal


def solve(game: Game, root_totals: tuple[int, ...], side: int, style: Style,
          node_limit: int, evaluate: Evaluation = outcome_value) -> float | None:
    """The exact value of ``game`` for ``side`` with perfect play to the end of the
    round (or of the game), or None when more than ``node_limit`` positions would be
    visited. ``game`` is consumed (moves are applied to it). ``evaluate`` values the
    end (the hard player's :func:`outcome_value`; the review's :func:`outcome_points`)."""
    side_of = game.variant.side_of
    rounds = len(game.rounds)
    nodes = 0

    def search(g: Game, alpha: float, beta: float) -> float:
        nonlocal nodes
        while True:
            seat = g.current_seat
            if seat is None or len(g.rounds) != rounds:
                return evaluate(g, root_totals, side, style)
            legal = g.legal_moves()
            if len(legal) != 1:
                break
            g.apply(legal[0])  # a forced move (pass, draw, a single fit) needs no branch
        nodes += 1
        if nodes > node_limit:
            raise _Abort
        moves = distinct_moves(g, legal)
        last = len(moves) - 1
        if side_of[seat] == side:
            best = float("-inf")
            for i, m in enumerate(moves):
                child = g if i == last else g.copy()
                child.apply(m)
                v = search(child, alpha, beta)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return best
        best = float("inf")
        for i, m in enumerate(moves):
            child = g if i == last else g.copy()
            child.apply(m)
            v = search(child, alpha, beta)
            if v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    try:
        return search(game, float("-inf"), float("inf"))
    except _Abort:
        return None
