"""Scoring hints: what each placement of the seat on turn would score now.

A variant that scores in play declares it (``DominoVariant.scores_in_play``) and credits a
placement with ``DominoVariant.placement_points``. A hint is that number, found by the
engine's own turn machine: the placement is applied (``Game.apply``) to a game built
from the seat's view alone (its hand, the table, the turn, the scores; no other
hand, no boneyard) and the points it logs are read back. So a hint is exactly what
the move would score (tests/engine/domino/test_hints.py plays it on the real game too) and
can depend on nothing the seat does not know.
"""

from __future__ import annotations

from engine.core.moves import Place
from engine.domino.game import Game
from engine.domino.table import Table
from engine.domino.variant import Deal, DominoVariant
from engine.domino.view import DominoView


def public_game(variant: DominoVariant, view: DominoView) -> Game:
    """A game holding only what ``view`` shows, its seat on turn: the seat's hand (the
    other hands empty, no boneyard), the table, the turn number and the turn's
    placements so far, the totals and this round's points."""
    seat = view.seat
    if seat is None or view.turn != seat:
        raise ValueError("hints are for the seat on turn")
    hands = tuple(tuple(view.hand) if s == seat else () for s in range(view.players))
    deal = Deal(hands, (), view.leader, view.forced_lead)
    game = Game(variant, seed=0, deals=[deal], autostart=False)
    game.totals = list(view.totals)
    game.carry = view.carry
    game.start_round(deal)
    rnd = game.round
    rnd.table = Table.restore(view.table)
    rnd.turn = seat
    rnd.turn_number = view.turn_number
    rnd.turn_placed = list(view.turn_placements)
    rnd.points = list(view.round_points)
    return game


def placement_points_now(base: Game, move: Place) -> int:
    """The in-play points ``move`` scores when applied to (a copy of) ``base``."""
    game = base.copy()
    rnd = game.round
    at = len(rnd.log)
    game.apply(move)
    _, _, points, _ = rnd.log[at]
    return points


def placement_hints(variant: DominoVariant, view: DominoView) -> dict[Place, int]:
    """The points each legal placement of the view's seat would score now (face-down
    closers score nothing and are left out); empty when the variant never scores in
    play, scores from what the seat cannot see, or the seat is not on turn."""
    if not variant.scores_in_play or not variant.public_points or view.seat is None \
            or view.turn != view.seat or view.outcome is not None:
        return {}
    moves = [m for m in view.legal if isinstance(m, Place) and not m.face_down]
    if not moves:
        return {}
    base = public_game(variant, view)
    return {m: placement_points_now(base, m) for m in moves}


__all__ = ["placement_hints", "placement_points_now", "public_game"]
