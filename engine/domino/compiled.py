"""The compiled kernel (``engine.domino._kernel``, engine/domino/_kernel*.c) and the
choice of using it.

The kernel plays what the engine does most often in bulk, on integer tiles: the hard
player's greedy rollouts (:mod:`engine.domino.ai.fast`), simulate's random rounds
(:mod:`engine.domino.playout`) and the seeded shuffle of each round's deal
(:mod:`engine.domino.deal_random`). Each has a pure Python path that is the
reference and gives the same result, move for move and tile for tile.

The kernel is optional (setup.py builds it when a C compiler is there). It is used
when it imports and the environment variable ``DOMINO_PURE_PYTHON`` is unset, empty or
``0``; ``DOMINO_PURE_PYTHON=1`` forces the pure Python paths. :data:`use_kernel` is
that choice, read at import and read again by each caller; tests flip it to compare
the two paths.
"""

from __future__ import annotations

import os
from importlib import import_module
from types import ModuleType

from engine.core.moves import DRAW, PASS, PLACES, End, Move
from engine.core.tiles import MAX_SET, Tile, full_set

kernel: ModuleType | None
try:
    kernel = import_module("engine.domino._kernel")
except ImportError:  # not built (no compiler at install): the pure paths play
    kernel = None


def pure_python_forced() -> bool:
    """Whether ``DOMINO_PURE_PYTHON`` asks for the pure Python paths."""
    return os.environ.get("DOMINO_PURE_PYTHON", "") not in ("", "0")


# Whether the engine asks the kernel; tests flip it.
use_kernel: bool = kernel is not None and not pure_python_forced()

# The line rounds' move codes: 0 draw, 1 pass, 2 + 2 * tile index + end (0 W, 1 E).
LINE_MOVES: tuple[Move, ...] = (DRAW, PASS,
                                *(p[e] for p in PLACES for e in (End.W, End.E)))

# The tiles by the kernel's index (their canonical index in the largest set).
TILES: tuple[Tile, ...] = full_set(MAX_SET)
