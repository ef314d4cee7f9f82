"""The fast random playout: a game played to its end with uniformly random legal
moves (``simulate`` and the benchmarks), with the rounds under simple rules played by
an inlined copy of :meth:`Game.legal_moves` and :meth:`Game.apply`, or by the compiled
kernel and written into the state whole (:func:`apply_line_round`, which the hard
player's line rollouts use too). tests/engine/domino/test_playout.py pins both paths to
them: the same moves, the same game."""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from math import floor
from types import ModuleType
from typing import TYPE_CHECKING, Any

from engine.core.moves import (
    DRAW,
    FITS_WE,
    LEADS,
    PASS,
    PIPS,
    End,
    Move,
    fits_we,
)
from engine.core.results import (
    EndKind,
)
from engine.core.tiles import MAX_SET
from engine.domino import compiled
from engine.domino.compiled import LINE_MOVES, TILES
from engine.domino.round_state import RoundState
from engine.domino.table import Placed, new_placed

if TYPE_CHECKING:
    from engine.domino.game import Game


_W = End.W  # enum members read once: a class lookup per read costs ~10 locals
_E = End.E
_DOMINO = EndKind.DOMINO


def play_random(game: Game, uniform: Callable[[], float]) -> int:
    """Play to the game's end with uniformly random legal moves; return the moves
    played. The move is ``legal_moves()[int(uniform() * n)]``, no draw at all when
    only one is legal (what ``simulate`` and random playouts do).

    Rounds under simple rules (:class:`TurnRules`) are played by
    :func:`random_simple_round`; the rest move by move through :meth:`Game.apply`: the
    same game, move for move (tests/engine/domino/test_playout.py)."""
    played = 0
    legal_moves = game.legal_moves
    apply = game.apply
    simple = game.turn_rules.simple
    while game.outcome is None:
        rnd = game.rounds[-1]
        if simple and rnd.end is None and rnd.hands[rnd.turn]:
            played += random_simple_round(game, rnd, uniform)
            continue
        legal = legal_moves()
        n = len(legal)
        if n == 1:
            apply(legal[0])
        elif n:
            apply(legal[int(uniform() * n)])
        else:  # a given-deals game that ran out of deals
            break
        played += 1
    return played

def random_simple_round(game: Game, rnd: RoundState, uniform: Callable[[], float]) -> int:
    """Play ``rnd`` (simple rules) to its end with random legal moves: the lead and
    each seat's placements listed as :meth:`Game.legal_moves` lists them, without its
    checks, and every move applied as :meth:`Game.apply` applies it, inlined, with the
    round's counters kept in locals and written back when the round ends."""
    played = 0
    if rnd.table.lead is None:  # one of legal_moves' leads
        forced = rnd.deal.forced
        if forced is None:
            hand = rnd.hands[rnd.turn]
            n = len(hand)
            forced = hand[0] if n == 1 else hand[int(uniform() * n)]
        game._apply_place(rnd, rnd.turn, LEADS[forced.index])
        played += 1
        if rnd.end is not None:
            return played
    if compiled.use_kernel and compiled.kernel is not None:
        return played + _kernel_round(game, rnd, uniform, compiled.kernel)
    west = _W
    hands = rnd.hands
    table = rnd.table
    ends = table._ends
    arm_w = table.arms[west]
    arm_e = table.arms[_E]
    holding = rnd.holding
    log_append = rnd.log.append
    ids_append = rnd.turn_ids.append
    drawable = rnd.drawable
    drawn = rnd.drawn
    boneyard = rnd.deal.boneyard
    players = game.players
    fits_by_ends = FITS_WE
    w = ends[west]  # the pips at the line's ends: only placements change them
    e = ends[_E]
    seat = rnd.turn
    number = rnd.turn_number
    order = table.placed
    placed = table.last
    placer = rnd.last_placer
    fish = False
    while True:
        legal: list[Move] = []
        fits = fits_by_ends[w * PIPS + e] or fits_we(w, e)
        hand = hands[seat]
        for t in hand:
            if t in fits:
                legal += fits[t]
        n = len(legal)
        played += 1
        if not n:
            if drawn < drawable:  # apply(DRAW), inlined
                log_append((seat, DRAW, 0, (w, e)))
                ids_append(number)
                tile = boneyard[drawn]
                drawn += 1
                hand.append(tile)
                holding[tile.a] += 1
                if not tile.is_double:
                    holding[tile.b] += 1
                if drawn >= drawable and not holding[w] and not holding[e]:
                    fish = True
                    break
                continue
            log_append((seat, PASS, 0, (w, e)))  # apply(PASS), inlined
            ids_append(number)
            seat = seat + 1 if seat + 1 < players else 0
            number += 1
            continue
        move = legal[0] if n == 1 else legal[floor(uniform() * n)]  # int(), for >= 0
        # apply(move), inlined (its simple placement)
        tile = move.tile  # type: ignore[union-attr]
        hand.remove(tile)
        a = tile.a
        b = tile.b
        holding[a] -= 1
        if a != b:
            holding[b] -= 1
        if move.end is west:  # type: ignore[union-attr]
            pip = w
            w = outer = b if pip == a else a
            placed = new_placed(Placed, (tile, pip, outer, seat, order, False))
            arm_w.append(placed)
        else:
            pip = e
            e = outer = b if pip == a else a
            placed = new_placed(Placed, (tile, pip, outer, seat, order, False))
            arm_e.append(placed)
        order += 1
        placer = seat
        log_append((seat, move, 0, None))
        ids_append(number)
        if not hand:
            break
        if drawn >= drawable and not holding[w] and not holding[e]:
            # nobody holds a tile for an open end: a fish
            fish = True
            break
        seat = seat + 1 if seat + 1 < players else 0
        number += 1
    ends[west] = w
    ends[_E] = e
    table.placed = order
    table.last = placed
    rnd.last_placer = placer
    rnd.turn = seat
    rnd.turn_number = number
    rnd.drawn = drawn
    game._finish(game._fish(rnd) if fish else game._end_round(rnd, _DOMINO, seat))
    return played


def _kernel_round(game: Game, rnd: RoundState, uniform: Callable[[], float],
                  kernel: ModuleType) -> int:
    """:func:`random_simple_round` after the lead, by the kernel's ``random_round``: the
    same moves (the same placements listed in the same order, and ``uniform`` called at
    the same turns), applied by :func:`apply_line_round`."""
    ends = rnd.table._ends
    drawn = rnd.drawn
    result = kernel.random_round(
        [[t.index for t in hand] for hand in rnd.hands], ends[_W], ends[_E],
        [t.index for t in rnd.deal.boneyard[drawn:rnd.drawable]], 0, rnd.drawable - drawn,
        rnd.turn, rnd.turn_number, rnd.table.placed, uniform)
    return apply_line_round(game, rnd, result)


# A draw's or a pass's log entry's ends by the kernel's code (0: a placement's None).
_SEEN_ENDS: tuple[tuple[int, int] | None, ...] = (
    None, *((w, e) for w in range(MAX_SET + 1) for e in range(MAX_SET + 1)))
_PLACED = repeat(Placed)
_FACE_UP = repeat(False)
_NO_POINTS = repeat(0)


def apply_line_round(game: Game, rnd: RoundState, result: tuple[Any, ...]) -> int:
    """Apply a line round the kernel played to its end from ``rnd``'s state (its
    ``random_round`` or ``greedy_round``: moves under simple rules, as ``Game.apply``
    applies them one by one) and end it; return the moves. The log, the turn numbers and
    the placements are built in bulk from the kernel's bytes; the hands and each pip's
    holders are the kernel's."""
    codes, end, final_hands, held, seats, seen, turns, west, east = result
    rnd.log.extend(zip(seats, map(LINE_MOVES.__getitem__, codes), _NO_POINTS,
                       map(_SEEN_ENDS.__getitem__, seen), strict=False))
    numbers = memoryview(turns).cast("I")
    rnd.turn_ids.extend(numbers)
    table = rnd.table
    ends = table._ends
    last = table.last
    tiles = TILES.__getitem__
    for end_of, placements in ((_W, west), (_E, east)):
        placed_tiles, inner, outer, placers, orders = placements
        if placed_tiles:
            arm = table.arms[end_of]
            arm.extend(map(new_placed, _PLACED, zip(map(tiles, placed_tiles), inner, outer,
                                                    placers, orders, _FACE_UP,
                                                    strict=False)))
            ends[end_of] = outer[-1]
            if last is None or orders[-1] > last.order:
                last = arm[-1]
    if last is not table.last:
        assert last is not None
        table.placed = last.order + 1
        table.last = last
        rnd.last_placer = last.seat
    for hand, final in zip(rnd.hands, final_hands, strict=True):
        hand[:] = map(tiles, final)
    holding = rnd.holding
    holding[:] = held[:len(holding)]
    seat = seats[-1]
    rnd.turn = seat
    rnd.turn_number = numbers[-1]
    rnd.drawn += codes.count(0)
    game._finish(game._end_round(rnd, _DOMINO, seat) if end == 0 else game._fish(rnd))
    return len(codes)
