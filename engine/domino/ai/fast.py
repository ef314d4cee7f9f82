"""The hard player's greedy rollouts, played by the compiled kernel where a round allows.

:func:`greedy_rollout` has the semantics of :func:`pure_rollout` (the reference): the
game is played out to its end with the greedy policy
(:func:`engine.domino.ai.policy.greedy_move`), and ``game`` ends in the same state,
move for move. ``engine.domino._kernel`` (engine/domino/_kernel*.c) plays two kinds of
rounds to their end with the greedy policy:

- on a line (:func:`qualifies`): simple turn rules, nothing scored in play; the round
  comes back whole and :func:`engine.domino.playout.apply_line_round` writes it into
  the game in one step;
- around a spinner (:func:`spinner_qualifies`): one placement a turn on any open end,
  nothing owed, closed nor extra, and in-play points, if any, from the count of the open
  ends alone (the variant's ``count_scoring``: Телефон, Тройное домино, All Fives,
  Пятёрочка); its moves come back as codes, applied one by one with
  :meth:`Game.apply`.

Any other position (a round's lead, say) moves one greedy step at a time in Python.
A game that ends in the middle of a round (a target reached in play) stops there.

The kernel and the choice of using it (``DOMINO_PURE_PYTHON``) are
:mod:`engine.domino.compiled`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from engine.core.moves import DRAW, PASS, PLACES, End, Move
from engine.domino import compiled
from engine.domino.ai.policy import Style, greedy_move
from engine.domino.compiled import kernel
from engine.domino.game import Game
from engine.domino.playout import apply_line_round
from engine.domino.round_state import RoundState
from engine.domino.table import Layout, SidesOpen, SpinnerRule, Table
from engine.domino.turn_rules import TurnRules
from engine.domino.variant import DominoVariant


def pure_rollout(game: Game, style: Style) -> None:
    """Play the game out with the greedy policy, move by move in Python: the reference
    :func:`greedy_rollout` plays the same game as."""
    while game.current_seat is not None:
        game.apply(greedy_move(game, style))


_W = End.W  # enum members read once: a class lookup per read costs ~10 locals
_E = End.E
_ARMS = (End.W, End.E, End.N, End.S)  # the spinner kernel's ends 0 to 3


def qualifies(game: Game, rnd: RoundState) -> bool:
    """Whether the kernel can play the rest of ``rnd``, the game's round in progress:
    simple turn rules (one placement a turn, any tile on either end of a line, nothing
    owed nor extra), nothing scored in play, a lead on the table, no take, owed draw or
    unfinished turn pending, and the seat on turn holding tiles."""
    return (game.turn_rules.simple and not game.variant.scores_in_play
            and game.outcome is None and rnd.end is None and rnd.table.lead is not None
            and not rnd.pending_take and not rnd.owed and not rnd.turn_placed
            and len(rnd.table._ends) == 2 and bool(rnd.hands[rnd.turn]))


# The spinner kernel's move codes: 0 draw, 1 pass, 2 + 4 * tile index + end (W E N S).
SPINNER_MOVES: tuple[Move, ...] = (DRAW, PASS, *(p[e] for p in PLACES for e in _ARMS))


SpinnerRules = tuple[int, ...]  # ten: see spinner_rules


@lru_cache(maxsize=256)
def spinner_rules(variant: DominoVariant) -> SpinnerRules | None:
    """The spinner kernel's rules for ``variant``: first-closed-double, sides open at
    once, double counts, then the ``count_scoring``'s modulus (0: nothing scored in
    play), unit, per count, least ends and three spinner bonuses. None when its rounds
    are not the kernel's: a spinner layout, one placement a turn on any open end,
    nothing owed, closed nor extra, the round over when a hand is empty, and nothing
    scored in play but by the count (:class:`engine.domino.variant.CountScoring`)."""
    rules = variant.table_rules
    tr = TurnRules.of(variant)
    if (rules.layout is not Layout.SPINNER or tr.gated or tr.adjusts or tr.closers
            or tr.max_placements != 1 or not tr.plain_out or tr.skip_empty or tr.owes
            or tr.extra):
        return None
    scoring: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 0)
    if variant.scores_in_play:
        c = variant.count_scoring
        if c is None:
            return None
        scoring = (c.modulus, c.unit, int(c.per_count), c.min_ends, *c.spinner_bonus)
    return (int(rules.spinner is SpinnerRule.FIRST_CLOSED_DOUBLE),
            int(rules.sides_open is SidesOpen.IMMEDIATELY), rules.double_counts, *scoring)


def spinner_qualifies(game: Game, rnd: RoundState) -> bool:
    """Whether the spinner kernel can play the rest of ``rnd``, the game's round in
    progress, whose variant has :func:`spinner_rules`: a lead on the table, no end
    closed, nothing pending, and the seat on turn holding tiles."""
    return (game.outcome is None and rnd.end is None and rnd.table.lead is not None
            and not rnd.pending_take and not rnd.owed and not rnd.turn_placed
            and not rnd.table.closed and bool(rnd.hands[rnd.turn]))


def table_state(table: Table) -> tuple[object, ...]:
    """The table as the spinner kernel reads it: the lead's pips and whether it is a
    double; each arm's length, last outer pip and whether that is a double (W E N S);
    the spinner's arm (-1 none, 0 W, 1 E, 4 the lead), index and pip; N and S open."""
    lead = table.lead
    assert lead is not None
    arms = table.arms
    lens: list[int] = []
    outers: list[int] = []
    doubles: list[int] = []
    for end in _ARMS:
        arm = arms[end]
        if arm:
            last = arm[-1]
            lens.append(len(arm))
            outers.append(last.outer)
            doubles.append(int(last.tile.is_double))
        else:
            lens.append(0)
            outers.append(0)
            doubles.append(0)
    sp = table.spinner
    if sp is None:
        where, index, pip = -1, 0, 0
    elif sp.arm is None:
        where, index, pip = 4, 0, lead.outer
    else:
        where, index, pip = _ARMS.index(sp.arm), sp.index, arms[sp.arm][sp.index].outer
    return (lead.inner, lead.outer, int(lead.tile.is_double), tuple(lens), tuple(outers),
            tuple(doubles), where, index, pip, int(table.ns_open))


def kernel_spinner_round(rnd: RoundState, style: Style,
                         rules: SpinnerRules) -> tuple[list[int], int]:
    """The spinner kernel's greedy moves to the end of ``rnd`` (which
    :func:`spinner_qualifies`), as codes (:data:`SPINNER_MOVES`), and how the round ends
    (END_DOMINO or END_FISH)."""
    assert kernel is not None
    boneyard = rnd.deal.boneyard
    codes, end = kernel.greedy_spinner_round(
        [[t.index for t in hand] for hand in rnd.hands], table_state(rnd.table),
        [t.index for t in boneyard[rnd.drawn:rnd.drawable]], 0, rnd.drawable - rnd.drawn,
        rnd.turn, rnd.turn_number, weights(style), rules)
    return memoryview(codes).cast("H").tolist(), int(end)


def weights(style: Style) -> tuple[float, float, float, float, float, float]:
    """The style's weights in the kernel's order."""
    return (style.points, style.shed, style.double, style.follow, style.cover, style.out)


def kernel_line_round(rnd: RoundState, style: Style) -> tuple[Any, ...]:
    """The kernel's greedy play of ``rnd`` (which :func:`qualifies`) to its end, as its
    ``greedy_round`` returns it (:func:`engine.domino.playout.apply_line_round`
    applies it)."""
    assert kernel is not None
    ends = rnd.table._ends
    boneyard = rnd.deal.boneyard
    result: tuple[Any, ...] = kernel.greedy_round(
        [[t.index for t in hand] for hand in rnd.hands], ends[_W], ends[_E],
        [t.index for t in boneyard[rnd.drawn:rnd.drawable]], 0, rnd.drawable - rnd.drawn,
        rnd.turn, rnd.turn_number, rnd.table.placed, weights(style))
    return result


def kernel_round(rnd: RoundState, style: Style) -> tuple[bytes, int]:
    """The kernel's greedy moves to the end of ``rnd`` (which :func:`qualifies`), as
    codes (:data:`engine.domino.compiled.LINE_MOVES`), and how the round ends (the
    kernel's END_DOMINO or END_FISH)."""
    codes, end, *_ = kernel_line_round(rnd, style)
    return bytes(codes), int(end)


def greedy_rollout(game: Game, style: Style) -> None:
    """Play the game out with the greedy policy: the kernel plays the rounds that
    qualify, Python the other positions; the same game as :func:`pure_rollout`."""
    if not compiled.use_kernel:
        pure_rollout(game, style)
        return
    if game.turn_rules.simple:
        _line_rollout(game, style)
        return
    rules = spinner_rules(game.variant)
    if rules is None:
        pure_rollout(game, style)
        return
    _rollout(game, style, spinner_qualifies,
             lambda rnd: kernel_spinner_round(rnd, style, rules)[0], SPINNER_MOVES)


def _line_rollout(game: Game, style: Style) -> None:
    """The line rounds that :func:`qualifies` by the kernel, applied in one step; the
    other positions (a round's lead, say) one greedy step at a time."""
    apply = game.apply
    while game.current_seat is not None:
        rnd = game.rounds[-1]
        if qualifies(game, rnd):
            apply_line_round(game, rnd, kernel_line_round(rnd, style))
        else:
            apply(greedy_move(game, style))


def _rollout(game: Game, style: Style, fits: Callable[[Game, RoundState], bool],
             codes_of: Callable[[RoundState], Iterable[int]], moves: tuple[Move, ...]) -> None:
    """The rounds that ``fits`` by the kernel's ``codes_of``, the other positions (a
    round's lead, say) one greedy step at a time."""
    apply = game.apply
    while game.current_seat is not None:
        rnd = game.rounds[-1]
        if not fits(game, rnd):
            apply(greedy_move(game, style))
            continue
        for code in codes_of(rnd):
            apply(moves[code])
            if game.outcome is not None:  # a target reached in play ends the game here
                break
