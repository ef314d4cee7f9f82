"""The greedy policy (``medium``), written on a Game so searches can roll out with it.

It reads only what the seat on turn may know: its own hand, the table, the
boneyard count and the scores. It never looks at another hand, so running it on
a sampled world (:mod:`engine.domino.ai.world`) decides exactly as on the real game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.catalogue import Family
from engine.core.moves import Cut, Move, Place
from engine.core.tiles import Tile
from engine.domino.game import Game
from engine.domino.table import Layout, Table
from engine.domino.variant import DominoVariant


@dataclass(frozen=True, slots=True)
class Style:
    """How a variant weighs the greedy features, in the variant's point units."""

    points: float  # weight of one in-play point
    shed: float  # weight of one pip got rid of
    double: float  # bonus for getting rid of a double
    follow: float  # per tile of the rest of the hand that fits the new ends
    cover: float  # per distinct pip in the rest of the hand
    out: float  # going out (domino)
    penalty: bool  # round points are penalties (lower totals are better)
    scale: float  # a typical round's swing, to normalize search values


def style_of(variant: DominoVariant) -> Style:
    """The variant's style, from what it declares: its totals are penalties, or it is
    of the goat family and scores pips (penalty weights; sticks count 1, not 25); the
    telephone and the threes have their own; then the line layouts; then the rest."""
    if variant.penalty_scoring or (variant.family is Family.GOAT and variant.pip_scoring):
        # The goat family's weights (shed pips and doubles); the totals are penalties
        # except where the winners are credited (sport), and that sets the sign.
        scale = 25.0 if variant.pip_scoring else 1.0
        return Style(0.0, 1.0, 4.0, 1.5, 1.0, 30.0, variant.penalty_scoring, scale)
    if variant.family is Family.TELEPHONE:
        return Style(1.0, 0.08, 0.8, 0.3, 0.2, 6.0, False, 8.0)
    if variant.family is Family.THREES:
        return Style(1.0, 0.05, 1.0, 0.6, 0.4, 4.0, False, 10.0)
    if variant.table_rules.layout is Layout.LINE:
        return Style(1.0, 0.8, 3.0, 1.5, 1.0, 25.0, False, 25.0)
    return Style(1.0, 0.4, 2.0, 1.0, 0.6, 15.0, False, 30.0)


def placement_points(game: Game, move: Place) -> tuple[int, Table]:
    """What placing ``move`` would score now, and the table it would leave."""
    rnd = game.round
    table = rnd.table.copy()
    seat = rnd.turn
    if move.end is None:
        west = move.tile.b if move.west is None else move.west
        placed = table.place_lead(move.tile, west, seat)
    else:
        placed = table.place(move.tile, move.end, seat)
    if not game.variant.scores_in_play:
        return 0, table
    # The scoring hooks read the round's table: lend them the trial table.
    real = rnd.table
    rnd.table = table
    try:
        points = game.variant.placement_points(game, rnd, placed)
    finally:
        rnd.table = real
    return points, table


def move_scores(game: Game, legal: list[Move], style: Style) -> list[float]:
    """The greedy value of each legal move of the seat on turn."""
    rnd = game.round
    hand = rnd.hands[rnd.turn]
    out: list[float] = []
    for move in legal:
        if isinstance(move, Cut):  # kolbasa: valued as a placement, on the table it leaves
            assert move.end is not None and move.onto is not None
            table = rnd.table.copy()
            table.cut(move.tile, move.end, move.onto, rnd.turn)
            points = 0
        elif not isinstance(move, Place):
            out.append(0.0)
            continue
        else:
            points, table = placement_points(game, move)
        tile = move.tile
        rest = [t for t in hand if t is not tile]
        value = points * style.points + tile.pips * style.shed
        if tile.is_double:
            value += style.double
        if not rest:
            value += style.out
        else:
            pips = set(table.open_ends().values())
            value += style.follow * sum(1 for t in rest if t.a in pips or t.b in pips)
            value += style.cover * len(_pips(rest))
        out.append(value)
    return out


def _pips(tiles: list[Tile]) -> set[int]:
    s: set[int] = set()
    for t in tiles:
        s.add(t.a)
        s.add(t.b)
    return s


def greedy_move(game: Game, style: Style) -> Move:
    """The medium player's move on ``game`` for the seat on turn (first best wins ties)."""
    legal = game.legal_moves()
    if len(legal) == 1:
        return legal[0]
    scores = move_scores(game, legal, style)
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return legal[best]


def view_greedy(legal: tuple[Move, ...], hand: tuple[Tile, ...], style: Style) -> Move:
    """A greedy move from the view alone, when no world can be built: shed heavy
    tiles and doubles, keep many pips (no in-play points)."""
    best: Move = legal[0]
    best_value = float("-inf")
    for move in legal:
        if not isinstance(move, Place):
            value = 0.0
        else:
            tile = move.tile
            rest = [t for t in hand if t is not tile]
            value = tile.pips * style.shed + (style.double if tile.is_double else 0.0)
            value += style.out if not rest else style.cover * len(_pips(rest))
        if value > best_value:
            best, best_value = move, value
    return best
