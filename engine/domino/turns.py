"""The turn's placements under a variant's declared data and hooks: what a seat may
place now, reopen (closers), and whether the round is stuck (a fish)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.moves import (
    ALL_ENDS,
    DRAW,
    PASS,
    PLACES,
    Draw,
    End,
    ForcedDraw,
    Move,
    Open,
    Place,
)
from engine.core.tiles import TILES_WITH
from engine.domino.round_state import RoundState
from engine.domino.table import Placed

if TYPE_CHECKING:
    from engine.domino.game import Game


# ------------------------------------------------------------- the turn
# One set of rules for every variant; the variants' differences are their
# declared data (``max_placements``, ``closers``, ``skip_empty_hands``, ``draws``)
# and hooks (``may_place``, ``may_continue``, ``round_over_after_place``,
# ``extra_turn``, ``owed_draws``, ``fish_outcome``). :class:`TurnRules` reads
# them once per game so the common case skips what its variant never uses.
def placements(game: Game, rnd: RoundState, seat: int) -> list[Move]:
    """The placements ``seat`` may make now (the turn's constraints included)."""
    hand = rnd.hands[seat]
    ends = rnd.table.open_ends()
    rules = game.turn_rules
    done = rnd.turn_placed
    moves: list[Move] = []
    v = game.variant
    if done:
        if len(done) >= rules.max_placements or done[0].order == 0:
            return moves
        used = {arm_of(rnd, p) for p in done}
        ends = {e: p for e, p in ends.items() if e not in used}
    pairs = [(e, TILES_WITH[p]) for e, p in ends.items()]
    for t in hand:
        if done and not v.may_continue(done[0], t):
            continue
        fitting = [e for e, fit in pairs if t in fit]
        if not fitting or (rules.gated and not v.may_place(game, rnd, seat, t)):
            continue
        places = PLACES[t.index]
        for e in fitting:
            moves.append(places[e])
            if rules.closers and t.is_double:
                moves.append(Place(t, e, None, True))
    return moves

def own_closed(game: Game, rnd: RoundState, seat: int) -> list[End]:
    """The closed ends whose closer ``seat`` placed."""
    closed = rnd.table.closed
    if not closed:
        return []
    arms = rnd.table.arms
    return [e for e in ALL_ENDS if e in closed and arms[e][-1].seat == seat]

def opens_a_place(game: Game, rnd: RoundState, seat: int, end: End) -> bool:
    """Would reopening ``end`` let ``seat`` place a tile there?"""
    pip = rnd.table.arms[end][-1].outer
    v = game.variant
    return any(t.has(pip) and v.may_place(game, rnd, seat, t) for t in rnd.hands[seat])

def drew_in_turn(rnd: RoundState, seat: int) -> bool:
    """Has the seat on turn drawn in the turn in progress?"""
    tid = rnd.turn_number
    ids = rnd.turn_ids
    log = rnd.log
    i = len(log) - 1
    while i >= 0 and ids[i] == tid:
        s, move, _, _ = log[i]
        if s == seat and isinstance(move, Draw | ForcedDraw):
            return True
        i -= 1
    return False

def with_opens(game: Game, rnd: RoundState, seat: int, moves: list[Move],
                own: list[End]) -> list[Move]:
    """The legal moves of a turn not yet placed in, for a seat with closers ``own``
    (docs/rules.md 4.9): each may be reopened as the first part of a turn (before a
    draw); one who cannot place but could after reopening must reopen, even after
    drawing, and then only a closer that helps."""
    first = not drew_in_turn(rnd, seat)
    if moves:
        if first:
            moves.extend(Open(e) for e in own)
        return moves
    helpful = [e for e in own if opens_a_place(game, rnd, seat, e)]
    if helpful:
        return [Open(e) for e in (own if first else helpful)]
    out: list[Move] = [DRAW] if rnd.drawn < rnd.drawable else [PASS]
    if first:
        out.extend(Open(e) for e in own)
    return out

def arm_of(rnd: RoundState, placed: Placed) -> End | None:
    """The arm a placement of the turn in progress went on (it is still the
    arm's last tile: one placement an arm a turn); None for the lead."""
    for e, arm in rnd.table.arms.items():
        if arm and arm[-1] is placed:
            return e
    return None

def can_place_now(game: Game, rnd: RoundState, seat: int) -> bool:
    """Could ``seat`` place a tile on his turn (after reopening his closers)?"""
    hand = rnd.hands[seat]
    if not hand:
        return False
    pips = set(rnd.table.open_ends().values())
    if game.turn_rules.closers:
        arms = rnd.table.arms
        pips.update(arms[e][-1].outer for e in own_closed(game, rnd, seat))
    v = game.variant
    return any((t.a in pips or t.b in pips) and v.may_place(game, rnd, seat, t)
               for t in hand)

def stuck(game: Game, rnd: RoundState) -> bool:
    """A fish: nothing may be drawn and no player can place a tile (docs/rules.md 3;
    4.9: even after reopening his own closers)."""
    if rnd.drawn < rnd.drawable:
        return False
    rules = game.turn_rules
    if not rules.gated:  # whoever holds a tile for an open end can place it
        holding = rnd.holding
        for p in rnd.table.open_ends().values():
            if holding[p]:
                return False
        if not rules.closers or not rnd.table.closed:
            return True
    return not any(can_place_now(game, rnd, s) for s in range(game.players))
