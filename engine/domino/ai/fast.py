"""The hard player's greedy rollouts, played by the compiled kernel where a round allows.

:func:`greedy_rollout` has the semantics of :func:`pure_rollout` (the reference): the
round, or the game if it ends first, is played out with the greedy policy
(:func:`engine.domino.ai.policy.greedy_move`), and ``game`` ends in the same state,
move for move. A round that qualifies (:func:`qualifies`: simple turn rules
on a line, nothing scored in play, a lead on the table, nothing pending) is played by
``engine.domino._kernel`` (engine/domino/_kernel.c), which returns the greedy moves as
codes, and they are then applied with :meth:`Game.apply`; any other position moves one
greedy step at a time in Python.

The kernel is optional (setup.py builds it when a C compiler is there). It is used
when it imports and the environment variable ``DOMINO_PURE_PYTHON`` is unset, empty or
``0``; ``DOMINO_PURE_PYTHON=1`` forces the pure Python rollout. The module's
``use_kernel`` is that choice, read at import; tests flip it to compare the two paths.
"""

from __future__ import annotations

import os
from importlib import import_module
from types import ModuleType

from engine.core.moves import DRAW, PASS, PLACES, End, Move
from engine.domino.ai.policy import Style, greedy_move
from engine.domino.game import Game
from engine.domino.round_state import RoundState

kernel: ModuleType | None
try:
    kernel = import_module("engine.domino._kernel")
except ImportError:  # not built (no compiler at install): the pure rollout plays
    kernel = None


def pure_rollout(game: Game, style: Style) -> None:
    """Play the round (or the game, if it ends first) out with the greedy policy, move by
    move in Python: the reference :func:`greedy_rollout` plays the same game as."""
    while game.current_seat is not None:
        game.apply(greedy_move(game, style))


def pure_python_forced() -> bool:
    """Whether ``DOMINO_PURE_PYTHON`` asks for the pure Python rollout."""
    return os.environ.get("DOMINO_PURE_PYTHON", "") not in ("", "0")


# Whether greedy_rollout asks the kernel; tests flip it.
use_kernel: bool = kernel is not None and not pure_python_forced()

_W = End.W  # enum members read once: a class lookup per read costs ~10 locals
_E = End.E

# The kernel's move codes: 0 draw, 1 pass, 2 + 2 * tile index + end (0 W, 1 E).
MOVES: tuple[Move, ...] = (DRAW, PASS, *(p[e] for p in PLACES for e in (_W, _E)))


def qualifies(game: Game, rnd: RoundState) -> bool:
    """Whether the kernel can play the rest of ``rnd``, the game's round in progress:
    simple turn rules (one placement a turn, any tile on either end of a line, nothing
    owed nor extra), nothing scored in play, a lead on the table, no take, owed draw or
    unfinished turn pending, and the seat on turn holding tiles."""
    return (game.turn_rules.simple and not game.variant.scores_in_play
            and game.outcome is None and rnd.end is None and rnd.table.lead is not None
            and not rnd.pending_take and not rnd.owed and not rnd.turn_placed
            and len(rnd.table._ends) == 2 and bool(rnd.hands[rnd.turn]))


def weights(style: Style) -> tuple[float, float, float, float, float, float]:
    """The style's weights in the kernel's order."""
    return (style.points, style.shed, style.double, style.follow, style.cover, style.out)


def kernel_round(rnd: RoundState, style: Style) -> tuple[bytes, int]:
    """The kernel's greedy moves to the end of ``rnd`` (which :func:`qualifies`), as
    codes (:data:`MOVES`), and how the round ends (the kernel's END_DOMINO or END_FISH)."""
    assert kernel is not None
    ends = rnd.table._ends
    boneyard = rnd.deal.boneyard
    codes, end = kernel.greedy_round(
        [[t.index for t in hand] for hand in rnd.hands], ends[_W], ends[_E],
        [t.index for t in boneyard[rnd.drawn:rnd.drawable]], 0, rnd.drawable - rnd.drawn,
        rnd.turn, weights(style))
    return bytes(codes), int(end)


def greedy_rollout(game: Game, style: Style) -> None:
    """Play the round (or the game, if it ends first) out with the greedy policy: the
    kernel plays the rounds that qualify, Python the other positions; the same game as
    :func:`pure_rollout`."""
    if not use_kernel or not game.turn_rules.simple:
        pure_rollout(game, style)
        return
    apply = game.apply
    while game.current_seat is not None:
        rnd = game.rounds[-1]
        if not qualifies(game, rnd):  # a lead, say: one greedy step
            apply(greedy_move(game, style))
            continue
        codes, _ = kernel_round(rnd, style)
        for code in codes:
            apply(MOVES[code])
