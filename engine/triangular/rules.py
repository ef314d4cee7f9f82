"""``triangular``: Tri-Ominos, "Треугольное" (docs/rules.md 4.21), dominoes of 56
triangles with a number 0..5 at each corner, placed on a triangular grid.

The game keeps the project's core idea, a turn is a list of actions on a table:
here the table is a grid of cells (stable integer coordinates, the lead on
(0, 0)) whose vertices carry numbers, and an action places one triangle on a
cell, draws from the pool or passes. This module is the game: its own state class
(:class:`TriangularGame`), pure like the rest of :mod:`engine`: the options, the
deal, the lead, checked moves with typed reasons, the views (a seat sees only its
own hand; nobody sees the pool), blocks, the record it writes (``domino-record/1``)
and the registered variant. Its parts live beside it, and their names are
importable from here too:

- :mod:`engine.triangular.pieces`: the triangle, the geometry, the moves and their
  notation;
- :mod:`engine.triangular.grid`: the table of placed triangles;
- :mod:`engine.triangular.scoring`: bonuses, penalties, round and game scoring;
- :mod:`engine.triangular.record`: reading a record (its replay) and the replay output.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.core.errors import IllegalMoveError, OptionsError, ReasonedMoveError, RecordError
from engine.core.options import OptionKind, OptionSpec
from engine.core.results import EndKind, GameEndReason, GameOutcome, RoundEnd
from engine.triangular.grid import Grid, Placed
from engine.triangular.pieces import (
    DRAW,
    PASS,
    TRIANGLE_SET,
    TRIPLES_HIGH_FIRST,
    ZERO_TRIPLE,
    Cell,
    Draw,
    Numbers,
    Pass,
    Place,
    Triangle,
    TriMove,
    Vertex,
    canonical,
    corners,
    notation,
    parse_move,
    points_up,
    sort_hand,
)
from engine.triangular.scoring import (
    BRIDGE_BONUS,
    DRAW_PENALTY,
    HEXAGON_BONUS,
    PASS_PENALTY,
    Scored,
    game_winners,
    lead_points,
    round_end_points,
)

# The parts' names the bot, the renderer and the computer players import from here.
__all__ = [
    "BRIDGE_BONUS", "DRAW", "HEXAGON_BONUS", "PASS", "TRIANGLE_SET", "Cell", "Draw", "Grid",
    "Numbers", "Pass", "Place", "Placed", "TriMove", "Triangle", "canonical", "corners",
    "lead_points", "parse_move", "points_up", "sort_hand",
]
from engine.core.catalogue import Family, Variant

NAME = "triangular"
ALIASES = ("треугольное", "треугольное_домино", "треугольники", "триомино", "триоминос",
           "triominos", "triomino", "triominoes", "tri_ominos", "triangular_dominoes")
DEFAULT_TARGET = 400
TARGETS = (100, 200, 300, 400, 500)
MAX_DRAWS = 3


class Reason(Enum):
    """Why a move is refused (typed, for the bot's texts)."""

    GAME_OVER = "game_over"
    ROUND_OVER = "round_over"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_IN_HAND = "not_in_hand"
    LEAD_CELL = "lead_cell"  # the lead goes on 0,0
    LEAD_TILE = "lead_tile"  # not the tile the lead rule names
    OCCUPIED = "occupied"
    NO_EDGE = "no_edge"  # the cell shares no edge with a placed triangle
    MISMATCH = "mismatch"  # a corner differs from the number on its vertex
    MUST_PLACE = "must_place"  # may not draw or pass: a triangle fits (or may not pass yet)
    NO_DRAW = "no_draw"  # the pool is empty or three draws were made
    MUST_DRAW = "must_draw"  # cannot place but may still draw


class TriangularMoveError(ReasonedMoveError):
    """A move triangular's rules refuse, with its :class:`Reason`."""

    reason: Reason


# ---------------------------------------------------------------- the options


@dataclass(frozen=True, slots=True)
class TriangularOptions:
    players: int = 2
    target: int = DEFAULT_TARGET
    voluntary_draw: bool = True

    def record_options(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.target != DEFAULT_TARGET:
            out["target"] = self.target
        if not self.voluntary_draw:
            out["voluntary_draw"] = False
        return out


def make_options(players: int, options: Mapping[str, Any] | None = None) -> TriangularOptions:
    opts = dict(options or {})
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise OptionsError("triangular is played by 2, 3 or 4 players")
    target = opts.pop("target", None)
    if target is None:
        target = DEFAULT_TARGET
    if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
        raise OptionsError(f"option target is a positive number, not {target!r}")
    voluntary = opts.pop("voluntary_draw", True)
    if not isinstance(voluntary, bool):
        raise OptionsError("option voluntary_draw is true or false")
    if opts.get("teams") is False:
        opts.pop("teams")
    if opts:
        raise OptionsError(f"triangular takes no option {sorted(opts)[0]!r}")
    return TriangularOptions(players, target, voluntary)


def hand_size(players: int) -> int:
    return 9 if players == 2 else 7


# ------------------------------------------------------------------ the round


@dataclass(frozen=True, slots=True)
class Event:
    """One move as every seat saw it: a draw hides the tile drawn."""

    seat: int
    kind: str  # "place", "draw" or "pass"
    placed: Placed | None
    points: int
    scored: Scored | None = None


@dataclass(slots=True)
class Round:
    """One round: the deal, the hands, the pool still to draw, the grid, whose turn
    and how many draws he has made; ``moves`` are the record's moves."""

    dealt: tuple[tuple[Triangle, ...], ...]
    pool_order: tuple[Triangle, ...]
    leader: int
    lead_tiles: tuple[Triangle, ...]  # the tiles the leader may lead
    hands: list[list[Triangle]]
    drawn: int = 0  # tiles drawn from the pool so far
    grid: Grid = field(default_factory=Grid)
    turn: int = 0
    draws: int = 0  # draws in the current turn
    moves: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    points: list[int] = field(default_factory=list)  # in-play points by seat
    shown: Triangle | None = None  # the higher triple shown by a 0-0-0 lead
    result: RoundEnd | None = None

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def pool(self) -> int:
        return len(self.pool_order) - self.drawn

    @property
    def led(self) -> bool:
        return bool(self.grid.cells)

    def copy(self) -> Round:
        return Round(self.dealt, self.pool_order, self.leader, self.lead_tiles,
                     [list(h) for h in self.hands], self.drawn, self.grid.copy(), self.turn,
                     self.draws, list(self.moves), list(self.events), list(self.points),
                     self.shown, self.result)


def round_total(rnd: Round) -> list[int]:
    """What the round wrote per seat: in play, and at its end once it ended."""
    if rnd.result is None:
        return list(rnd.points)
    return [p + q for p, q in zip(rnd.points, rnd.result.points, strict=True)]


def lead_rule(hands: Sequence[Sequence[Triangle]]) -> tuple[int, tuple[Triangle, ...]]:
    """docs/rules.md 4.21 [T11]: the holder of the highest triple leads it (or 0-0-0 if he
    holds it too); without a triple, the holder of the highest-valued tile."""
    for triple in TRIPLES_HIGH_FIRST:
        for seat, hand in enumerate(hands):
            if triple in hand:
                tiles = (triple, ZERO_TRIPLE) if (
                    triple is not ZERO_TRIPLE and ZERO_TRIPLE in hand) else (triple,)
                return seat, tiles
    best = max(((t.rank_key(), seat, t) for seat, hand in enumerate(hands) for t in hand),
               key=lambda x: x[0])
    return best[1], (best[2],)


def check_deal(hands: Sequence[Sequence[Triangle]], pool: Sequence[Triangle],
               seats: int) -> None:
    size = hand_size(seats)
    if len(hands) != seats or any(len(h) != size for h in hands):
        raise RecordError(f"a deal is {size} triangles for each of {seats} seats")
    dealt = [t for h in hands for t in h] + list(pool)
    if len(dealt) != len(TRIANGLE_SET) or set(dealt) != set(TRIANGLE_SET):
        raise RecordError("the deal is not the 56-triangle set, each once")


def deal(players: int, rng: random.Random) -> tuple[tuple[tuple[Triangle, ...], ...],
                                                    tuple[Triangle, ...]]:
    tiles = list(TRIANGLE_SET)
    rng.shuffle(tiles)
    k = hand_size(players)
    hands = tuple(tuple(tiles[i * k:(i + 1) * k]) for i in range(players))
    return hands, tuple(tiles[players * k:])


# ------------------------------------------------------------------- the view


@dataclass(frozen=True, slots=True)
class TriangularView:
    """What one seat (or a spectator, ``seat`` None) may know: its own hand, the
    grid, the others' counts, the pool's size, the scores, the public events."""

    variant: str
    seat: int | None
    players: tuple[str, ...]
    options: TriangularOptions
    round_index: int
    hand: tuple[Triangle, ...]
    counts: tuple[int, ...]
    pool: int
    placed: tuple[Placed, ...]  # in the order placed
    vertices: tuple[tuple[Vertex, int], ...]
    open_cells: tuple[Cell, ...]
    turn: int | None
    draws: int
    totals: tuple[int, ...]
    round_points: tuple[int, ...]
    events: tuple[Event, ...]
    leader: int
    shown: Triangle | None
    legal: tuple[TriMove, ...]  # the seat's legal moves (empty when not its turn)
    result: RoundEnd | None
    winners: tuple[int, ...]
    over: bool

    @property
    def last(self) -> Placed | None:
        return self.placed[-1] if self.placed else None

    def grid(self) -> Grid:
        g = Grid()
        for p in self.placed:
            g.put(p.numbers, p.cell, p.seat)
        return g


# ------------------------------------------------------------------- the game


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one applied move did."""

    seat: int
    move: TriMove
    notation: str
    points: int
    scored: Scored | None = None
    drawn: Triangle | None = None
    round_end: RoundEnd | None = None
    game_over: tuple[int, ...] = ()


class TriangularGame:
    """A game of Tri-Ominos: rounds until a total reaches the target (docs/rules.md 4.21)."""

    variant_name = NAME

    def __init__(self, players: Sequence[str] | int,
                 options: TriangularOptions | None = None, *, seed: int | None = None) -> None:
        names = ([f"P{i + 1}" for i in range(players)] if isinstance(players, int)
                 else list(players))
        self.options = options or make_options(len(names))
        if self.options.players != len(names):
            raise OptionsError("the options are for another number of players")
        self.players = names
        self.rng = random.Random(seed)
        self.rounds: list[Round] = []
        self.totals = [0] * len(names)
        self.winners: tuple[int, ...] = ()

    # -- the flow -------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def current(self) -> Round:
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        return bool(self.winners)

    @property
    def outcome(self) -> GameOutcome | None:
        """The game's end as data (None while it goes on): a total reached the target."""
        if not self.winners:
            return None
        losers = tuple(s for s in range(self.seats) if s not in self.winners)
        return GameOutcome(tuple(self.winners), losers, GameEndReason.TARGET)

    @property
    def current_seat(self) -> int | None:
        if self.over or not self.rounds or self.current.over:
            return None
        return self.current.turn

    def start_round(self, hands: Sequence[Sequence[Triangle]] | None = None,
                    pool: Sequence[Triangle] | None = None) -> Round:
        """Deal (or take the given deal) and open the next round; the lead rule
        names the leader."""
        if self.rounds and not self.current.over:
            raise IllegalMoveError("the round is not over")
        if self.over:
            raise IllegalMoveError("the game is over")
        if hands is None:
            dealt, rest = deal(self.seats, self.rng)
        else:
            dealt, rest = tuple(tuple(h) for h in hands), tuple(pool or ())
            check_deal(dealt, rest, self.seats)
        leader, lead_tiles = lead_rule(dealt)
        rnd = Round(dealt, rest, leader, lead_tiles, [list(h) for h in dealt], turn=leader,
                    points=[0] * self.seats)
        self.rounds.append(rnd)
        return rnd

    # -- legality -------------------------------------------------------------------

    def _check_turn(self, seat: int) -> Round:
        if self.over:
            raise TriangularMoveError(Reason.GAME_OVER, "the game is over")
        if not self.rounds or self.current.over:
            raise TriangularMoveError(Reason.ROUND_OVER, "the round is over")
        rnd = self.current
        if seat != rnd.turn:
            raise TriangularMoveError(Reason.NOT_YOUR_TURN, f"it is seat {rnd.turn}'s turn")
        return rnd

    def may_draw(self, rnd: Round) -> bool:
        return rnd.led and rnd.pool > 0 and rnd.draws < MAX_DRAWS

    def check(self, seat: int, move: TriMove) -> None:
        """Raise :class:`TriangularMoveError` unless ``seat`` may make ``move`` now."""
        rnd = self._check_turn(seat)
        hand = rnd.hands[seat]
        if isinstance(move, Place):
            tile = move.tile
            if tile not in hand:
                raise TriangularMoveError(Reason.NOT_IN_HAND, f"{tile} is not in the hand")
            if not rnd.led:
                if move.cell != (0, 0):
                    raise TriangularMoveError(Reason.LEAD_CELL, "the lead goes on 0,0")
                if tile not in rnd.lead_tiles:
                    raise TriangularMoveError(
                        Reason.LEAD_TILE,
                        f"the lead is {' or '.join(str(t) for t in rnd.lead_tiles)}")
                return
            grid = rnd.grid
            if move.cell in grid.cells:
                raise TriangularMoveError(Reason.OCCUPIED, f"{move.cell} holds a triangle")
            if move.cell not in grid.open:
                raise TriangularMoveError(Reason.NO_EDGE,
                                          "the cell shares no edge with a triangle")
            if not grid.fits(move.numbers, move.cell):
                raise TriangularMoveError(Reason.MISMATCH,
                                          "a corner differs from the number on its vertex")
            return
        can_place = rnd.led and rnd.grid.can_place(hand)
        if not rnd.led:
            raise TriangularMoveError(Reason.MUST_PLACE, "the round begins with the lead")
        if isinstance(move, Draw):
            if not self.may_draw(rnd):
                raise TriangularMoveError(Reason.NO_DRAW, "the pool is empty"
                                          if rnd.pool == 0 else "three draws a turn at most")
            if can_place and not self.options.voluntary_draw:
                raise TriangularMoveError(Reason.MUST_PLACE, "a triangle fits: place it")
            return
        if can_place:
            raise TriangularMoveError(Reason.MUST_PLACE, "a triangle fits: you cannot pass")
        if self.may_draw(rnd):
            raise TriangularMoveError(Reason.MUST_DRAW, "draw first")

    def legal_moves(self, seat: int | None = None) -> list[TriMove]:
        """Every move the seat on turn may make: placements, then draw, then pass."""
        if self.over or not self.rounds or self.current.over:
            return []
        rnd = self.current
        if seat is not None and seat != rnd.turn:
            return []
        return legal_in(rnd, self.options)

    # -- acting ---------------------------------------------------------------------

    def play(self, seat: int, move: TriMove | str) -> Outcome:
        """Make a checked move; a refused move changes nothing."""
        if isinstance(move, str):
            move = parse_move(move)
        self.check(seat, move)
        return self.apply(move)

    def apply(self, move: TriMove) -> Outcome:
        """Apply a legal move of the seat on turn (unchecked: the AI's fast path)."""
        rnd = self.current
        out = apply_move(rnd, move, self.options)
        self.totals[out.seat] += out.points
        if rnd.result is not None:
            for s in range(self.seats):
                self.totals[s] += rnd.result.points[s]
            self.winners = game_winners(self.totals, self.options.target, rnd.result.winner)
            out = Outcome(out.seat, out.move, out.notation, out.points, out.scored, out.drawn,
                          rnd.result, self.winners)
        return out

    def timeout_move(self) -> TriMove:
        """A harmless move for a seat whose time ran out: its most valuable placement
        (the first in the canonical order among equals), else a draw, else pass."""
        moves = self.legal_moves()
        places = [m for m in moves if isinstance(m, Place)]
        if places:
            return max(places, key=lambda m: sum(m.numbers))
        return moves[0] if moves else PASS

    # -- views and the record -------------------------------------------------------

    def view(self, seat: int | None) -> TriangularView:
        rnd = self.current
        on_turn = seat is not None and self.current_seat == seat
        return TriangularView(
            variant=NAME, seat=seat, players=tuple(self.players), options=self.options,
            round_index=len(self.rounds) - 1,
            hand=sort_hand(rnd.hands[seat]) if seat is not None else (),
            counts=tuple(len(h) for h in rnd.hands), pool=rnd.pool,
            placed=tuple(rnd.grid.cells.values()),
            vertices=tuple(sorted(rnd.grid.vertices.items())),
            open_cells=tuple(sorted(rnd.grid.open)),
            turn=None if rnd.over or self.over else rnd.turn, draws=rnd.draws,
            totals=tuple(self.totals), round_points=tuple(rnd.points),
            events=tuple(rnd.events), leader=rnd.leader, shown=rnd.shown,
            legal=tuple(self.legal_moves(seat)) if on_turn else (),
            result=rnd.result, winners=self.winners, over=self.over)

    def record(self) -> dict[str, Any]:
        """The whole truth, ``domino-record/1``."""
        return {
            "format": "domino-record/1",
            "variant": NAME,
            "options": self.options.record_options(),
            "players": list(self.players),
            "rounds": [{"hands": [[str(t) for t in h] for h in r.dealt],
                        "boneyard": [str(t) for t in r.pool_order],
                        "leader": r.leader,
                        "moves": list(r.moves)} for r in self.rounds],
        }


def legal_in(rnd: Round, options: TriangularOptions) -> list[TriMove]:
    hand = rnd.hands[rnd.turn]
    if not rnd.led:
        return [Place(r, (0, 0)) for t in rnd.lead_tiles for r in t.turnings]
    moves: list[TriMove] = list(rnd.grid.placements(hand))
    may_draw = rnd.pool > 0 and rnd.draws < MAX_DRAWS
    if may_draw and (options.voluntary_draw or not moves):
        moves.append(DRAW)
    if not moves:
        moves.append(PASS)
    return moves


def can_anyone_place(rnd: Round) -> bool:
    return any(rnd.grid.can_place(h) for h in rnd.hands)


def apply_move(rnd: Round, move: TriMove, options: TriangularOptions) -> Outcome:
    """Apply a legal move of the seat on turn to a round (no game totals)."""
    seat = rnd.turn
    seats = len(rnd.hands)
    hand = rnd.hands[seat]
    drawn: Triangle | None = None
    scored: Scored | None = None
    if isinstance(move, Place):
        tile = move.tile
        if not rnd.led:
            scored = lead_points(tile)
            if tile is ZERO_TRIPLE and rnd.lead_tiles[0] is not ZERO_TRIPLE:
                rnd.shown = rnd.lead_tiles[0]
        else:
            scored = rnd.grid.score(move.numbers, move.cell)
        hand.remove(tile)
        rnd.grid.put(move.numbers, move.cell, seat)
        points = scored.points
        rnd.events.append(Event(seat, "place", rnd.grid.cells[move.cell], points, scored))
    elif isinstance(move, Draw):
        drawn = rnd.pool_order[rnd.drawn]
        rnd.drawn += 1
        hand.append(drawn)
        rnd.draws += 1
        points = -DRAW_PENALTY
        rnd.events.append(Event(seat, "draw", None, points))
    else:
        points = -PASS_PENALTY
        rnd.events.append(Event(seat, "pass", None, points))
    rnd.points[seat] += points
    text = notation(move)
    rnd.moves.append(text)
    if isinstance(move, Place) and not hand:
        _end(rnd, EndKind.DOMINO, seat)
    elif not isinstance(move, Pass) and rnd.pool == 0 and not can_anyone_place(rnd):
        _end(rnd, EndKind.FISH, seat)
    elif not isinstance(move, Draw):
        rnd.turn = (seat + 1) % seats
        rnd.draws = 0
    return Outcome(seat, move, text, points, scored, drawn, rnd.result)


def _end(rnd: Round, kind: EndKind, seat: int) -> None:
    values = tuple(sum(t.value for t in h) for h in rnd.hands)
    winner, points = round_end_points(kind, seat, values)
    if kind is EndKind.FISH and winner is None:
        kind = EndKind.EGGS
    rnd.result = RoundEnd(kind, seat, values, values, winner, points)  # each seat a side


def play_random_game(game: TriangularGame, rng: random.Random, max_moves: int = 100_000
                     ) -> int:
    """Play to the end with uniformly random legal moves; return the moves played."""
    n = 0
    while not game.over and n < max_moves:
        if not game.rounds or game.current.over:
            game.start_round()
        moves = game.legal_moves()
        game.apply(moves[int(rng.random() * len(moves))])
        n += 1
    return n


# ------------------------------------------------------------- the variant


class Triangular(Variant):
    """Tri-Ominos as a registered variant: the lobby, the record and the
    bot find it by name; its games are of the ``triangular`` kind
    (:mod:`engine.triangular.kind`), not of the domino turn machine."""

    name = NAME
    aliases = ALIASES
    order = 200
    family = Family.TRIANGULAR
    kind = "triangular"
    option_specs = (OptionSpec.number("target", TARGETS, DEFAULT_TARGET),
                    OptionSpec("voluntary_draw", OptionKind.BOOL, (), True))
    default_target = DEFAULT_TARGET
    teams_possible = False
    # scores_in_play stays False: it tells the domino turn machine (and its hints) to
    # call placement_points; a triangle's points come from its own grid

    def hand_size(self) -> int:
        return hand_size(self.players)

    def triangular_options(self) -> TriangularOptions:
        """The game's own options from the variant's."""
        o = self.options
        return TriangularOptions(self.players, o.target or DEFAULT_TARGET, o.voluntary_draw)
