"""Triangular dominoes' scoring (docs/rules.md 4.21): what a placement earns (its
value, the lead's bonus, a bridge, hexagons), the penalties of a draw and a pass,
a round's end points and the game's winners."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.results import EndKind
from engine.triangular.pieces import ZERO_TRIPLE, Triangle

DRAW_PENALTY = 5
PASS_PENALTY = 10
LEAD_BONUS = 10
ZERO_TRIPLE_BONUS = 30
BRIDGE_BONUS = 40
HEXAGON_BONUS = {1: 50, 2: 60, 3: 70}
OUT_BONUS = 25


@dataclass(frozen=True, slots=True)
class Scored:
    """What a placement earned: the triangle's value and its bonuses."""

    value: int
    lead_bonus: int = 0
    bridge: bool = False
    hexagons: int = 0

    @property
    def points(self) -> int:
        return (self.value + self.lead_bonus + (BRIDGE_BONUS if self.bridge else 0)
                + HEXAGON_BONUS.get(self.hexagons, 0))


def lead_points(tile: Triangle) -> Scored:
    if tile is ZERO_TRIPLE:
        return Scored(0, LEAD_BONUS + ZERO_TRIPLE_BONUS)
    return Scored(tile.value, LEAD_BONUS if tile.is_triple else 0)


def round_end_points(kind: EndKind, seat: int, values: Sequence[int]
                     ) -> tuple[int | None, tuple[int, ...]]:
    """docs/rules.md 4.21 [T8]: the winner and each seat's round-end points."""
    n = len(values)
    points = [0] * n
    if kind is EndKind.DOMINO:
        points[seat] = OUT_BONUS + sum(values)
        return seat, tuple(points)
    low = min(values)
    lowest = [s for s in range(n) if values[s] == low]
    if len(lowest) > 1:
        return None, tuple(points)
    w = lowest[0]
    points[w] = sum(values) - 2 * low
    return w, tuple(points)


def game_winners(totals: Sequence[int], target: int, round_winner: int | None
                 ) -> tuple[int, ...]:
    """docs/rules.md 4.21 [T9]: empty while nobody has the target."""
    reached = [s for s, t in enumerate(totals) if t >= target]
    if not reached:
        return ()
    if round_winner is not None and round_winner in reached:
        return (round_winner,)
    best = max(totals[s] for s in reached)
    return tuple(s for s in reached if totals[s] == best)
