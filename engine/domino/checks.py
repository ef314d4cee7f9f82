"""The checked play's checks: a move resolved for the seat on turn, or the reason
it is refused (:class:`~engine.core.errors.IllegalMoveError`, saying what is wrong)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.errors import IllegalMoveError
from engine.core.moves import (
    DRAW,
    PASS,
    Done,
    Draw,
    Move,
    Open,
    Pass,
    Place,
    Take,
)
from engine.domino.round_state import RoundState
from engine.domino.turns import arm_of, own_closed

if TYPE_CHECKING:
    from engine.domino.game import Game


# ---------------------------------------------------------- checked play
def resolve_move(game: Game, move: Move) -> Move:
    """Check ``move`` for the seat on turn and return it with its end resolved.

    A move is legal when, its end resolved, it is among :meth:`Game.legal_moves`;
    only a refused move is explained."""
    seat = game.current_seat
    if seat is None:
        raise IllegalMoveError("the game is over" if game.over else "the round is over")
    rnd = game.round
    if rnd.pending_take or isinstance(move, Take):
        return resolve_take(game, rnd, seat, move)
    legal = game.legal_moves()
    if game.variant.is_action(move):  # one of the variant's own actions
        return game.variant.resolve_action(game, rnd, seat, move, legal)
    resolved = resolve_end(game, rnd, seat, move)
    if isinstance(resolved, Place) and resolved.end is None:
        if any(m.tile is resolved.tile for m in legal if isinstance(m, Place)):
            return resolved
    elif resolved in legal:
        return resolved
    raise refusal_of(game, rnd, seat, resolved, legal)

def resolve_take(game: Game, rnd: RoundState, seat: int, move: Move) -> Move:
    if not rnd.pending_take:
        raise IllegalMoveError("there is nothing to take now")
    need = rnd.pending_take
    giver = rnd.take_from
    if not isinstance(move, Take):
        raise IllegalMoveError(
            f"seat {seat} must first take {need} tile(s) from seat {giver}")
    if len(move.tiles) != need or len(set(move.tiles)) != need:
        raise IllegalMoveError(
            f"seat {seat} takes {need} different tile(s), not {len(move.tiles)}")
    for t in move.tiles:
        if t not in rnd.hands[giver]:
            raise IllegalMoveError(f"seat {giver} does not hold {t}")
    return move

def resolve_end(game: Game, rnd: RoundState, seat: int, move: Move) -> Move:
    """``move`` with the end of a placement found (or checked) on the table, or
    the reason it names no placement at all."""
    if isinstance(move, Draw | Pass | Open | Done):
        return move
    if not isinstance(move, Place):
        raise IllegalMoveError(f"not a move: {move!r}")
    v = game.variant
    tile = move.tile
    if tile not in rnd.hands[seat]:
        raise IllegalMoveError(f"seat {seat} does not hold {tile}")
    if move.face_down and not v.closers:
        raise IllegalMoveError(f"{v.name} has no closers: nothing is placed face down")
    if move.face_down and not tile.is_double:
        raise IllegalMoveError(f"only a double is placed face down, not {tile}")
    table = rnd.table
    if table.lead is None:
        forced = rnd.deal.forced
        if forced is not None and tile != forced:
            raise IllegalMoveError(f"the lead must be {forced}")
        if move.end is not None:
            raise IllegalMoveError("the lead is placed without an end")
        if move.face_down:
            raise IllegalMoveError("the lead is never placed face down")
        west = tile.b if move.west is None else move.west
        if not tile.has(west):
            raise IllegalMoveError(f"{tile} has no {west}")
        return Place(tile, None, west)
    fits = table.fits(tile)
    end = move.end
    if end is None:
        if not fits:
            raise IllegalMoveError(f"{tile} fits no open end")
        if len(fits) > 1:
            raise IllegalMoveError(f"{tile} fits {' and '.join(fits)}: say which end")
        end = fits[0]
    elif end in table.closed:
        raise IllegalMoveError(f"end {end} is closed")
    elif end not in table.open_ends():
        raise IllegalMoveError(f"end {end} is not open")
    elif end not in fits:
        raise IllegalMoveError(f"{tile} does not fit end {end}")
    return Place(tile, end, None, move.face_down)

def refusal_of(game: Game, rnd: RoundState, seat: int, move: Move,
             legal: list[Move]) -> IllegalMoveError:
    """Why ``move`` (its end resolved) is not among the ``legal`` moves."""
    v = game.variant
    done = rnd.turn_placed
    if game.turn_rules.adjusts:  # a variant choosing its own moves says why first
        why = v.refusal(game, rnd, seat, move)
        if why is not None:
            return IllegalMoveError(why)
    if isinstance(move, Done):
        return IllegalMoveError("a turn ends by itself until a tile is placed in it")
    if isinstance(move, Open):
        if not v.closers:
            return IllegalMoveError(f"{v.name} has no closers to reopen")
        if done:
            return IllegalMoveError("a closer is reopened only before the turn's "
                                    "first placement")
        if move.end not in rnd.table.closed:
            return IllegalMoveError(f"end {move.end} is not closed")
        if move.end not in own_closed(game, rnd, seat):
            return IllegalMoveError(f"only the player who closed end {move.end} may "
                                    "reopen it")
        return IllegalMoveError(f"after drawing, seat {seat} may reopen a closer only "
                                "when he cannot place and reopening it lets him")
    if isinstance(move, Draw | Pass):
        word = "draw" if isinstance(move, Draw) else "pass"
        if rnd.table.lead is None:
            return IllegalMoveError(f"a player who can place a tile may not {word}")
        if done:
            return IllegalMoveError(f"a player may not {word} after placing a tile in "
                                    "his turn")
        if any(isinstance(m, Place) for m in legal):
            return IllegalMoveError(f"a player who can place a tile may not {word}")
        if DRAW not in legal and PASS not in legal:
            return IllegalMoveError(f"seat {seat} must reopen his closer, not {word}")
        if isinstance(move, Draw):
            return IllegalMoveError("there is nothing to draw")
        return IllegalMoveError("a player who can draw may not pass")
    assert isinstance(move, Place) and move.end is not None
    tile, end = move.tile, move.end
    if done:
        if done[0].order == 0:
            return IllegalMoveError("the lead is a turn of its own")
        if len(done) >= v.max_placements:
            return IllegalMoveError(f"a turn holds at most {v.max_placements} placements")
        if end in {arm_of(rnd, p) for p in done}:
            return IllegalMoveError(f"each placement of a turn goes on a different arm: "
                                    f"{end} was used")
        if not v.may_continue(done[0], tile):
            return IllegalMoveError(f"only doubles may follow a double in the same turn, "
                                    f"not {tile}")
    if not v.may_place(game, rnd, seat, tile):
        return IllegalMoveError(f"seat {seat} may not go out with {tile}")
    return IllegalMoveError(f"{tile} may not be placed on {end} now")  # pragma: no cover
