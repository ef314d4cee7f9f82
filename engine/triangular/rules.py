"""``triangular``: Tri-Ominos, "Треугольное" (RULES.md 4.21), dominoes of 56
triangles with a number 0..5 at each corner, placed on a triangular grid.

The game keeps the project's core idea, a turn is a list of actions on a table:
here the table is a grid of cells (stable integer coordinates, the lead on
(0, 0)) whose vertices carry numbers, and an action places one triangle on a
cell, draws from the pool or passes. It has a tile type of its own
(:class:`Triangle`) and its own state class (:class:`TriangularGame`), pure like
the rest of :mod:`engine`: the deal, the lead, checked moves with typed reasons,
the views (a seat sees only its own hand; nobody sees the pool), the record
(``domino-record/1``, moves ``a-b-c@x,y``, ``draw``, ``pass``) and its replay,
in-play bonuses (bridge, hexagons), draw and pass penalties, blocks, round and
game scoring.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, ClassVar

from engine.core.catalogue import Family, Variant
from engine.core.errors import IllegalMoveError, MoveError, OptionsError, RecordError, TileError
from engine.core.moves import GridPlace
from engine.core.options import OptionKind, OptionSpec

NAME = "triangular"
ALIASES = ("треугольное", "треугольное_домино", "треугольники", "триомино", "триоминос",
           "triominos", "triomino", "triominoes", "tri_ominos", "triangular_dominoes")
DEFAULT_TARGET = 400
TARGETS = (100, 200, 300, 400, 500)
MAX_DRAWS = 3
DRAW_PENALTY = 5
PASS_PENALTY = 10
LEAD_BONUS = 10
ZERO_TRIPLE_BONUS = 30
BRIDGE_BONUS = 40
HEXAGON_BONUS = {1: 50, 2: 60, 3: 70}
OUT_BONUS = 25
MAX_NUMBER = 5

Cell = tuple[int, int]
Vertex = tuple[int, int]
Numbers = tuple[int, int, int]


# ------------------------------------------------------------------ the tile


class Triangle:
    """A triangle: three numbers read clockwise, kept from the lowest number, so
    ``a <= b <= c`` (RULES.md 4.21 [T2]); frozen, hashable and interned.

    ``Triangle.parse("2-4-1") is Triangle.parse("1-2-4")`` (a turning of the same
    tile); ``"1-4-2"`` is the mirror image, not a tile of the set."""

    __slots__ = ("a", "b", "c", "index", "is_triple", "turnings", "value")
    _interned: ClassVar[dict[Numbers, Triangle]] = {}

    a: int
    b: int
    c: int
    value: int
    is_triple: bool
    index: int
    turnings: tuple[Numbers, ...]  # the distinct readings from an apex, canonical first

    def __new__(cls, a: int, b: int, c: int) -> Triangle:
        key = canonical((a, b, c))
        tile = cls._interned.get(key)
        if tile is not None:
            return tile
        tile = object.__new__(cls)
        for name, value in zip("abc", key, strict=True):
            object.__setattr__(tile, name, value)
        object.__setattr__(tile, "value", sum(key))
        object.__setattr__(tile, "is_triple", key[0] == key[2])
        turnings = tuple(dict.fromkeys(_rotations(key)))
        object.__setattr__(tile, "turnings", turnings)
        object.__setattr__(tile, "index", -1)
        cls._interned[key] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Triangle is immutable")

    def __reduce__(self) -> tuple[type[Triangle], Numbers]:
        return (Triangle, (self.a, self.b, self.c))

    @property
    def numbers(self) -> Numbers:
        return (self.a, self.b, self.c)

    @classmethod
    def parse(cls, text: str) -> Triangle:
        """``"a-b-c"`` (any turning of a tile); raise TileError saying what is wrong."""
        return cls(*parse_numbers(text))

    def __str__(self) -> str:
        return f"{self.a}-{self.b}-{self.c}"

    def __repr__(self) -> str:
        return f"Triangle({self.a}, {self.b}, {self.c})"

    def rank_key(self) -> tuple[int, tuple[int, ...]]:
        """The lead order without a triple: value, then the numbers read from the
        highest down (``3-5-5`` before ``4-4-5``, RULES.md 4.21 [T11])."""
        return (self.value, tuple(sorted(self.numbers, reverse=True)))


def _rotations(n: Numbers) -> tuple[Numbers, Numbers, Numbers]:
    a, b, c = n
    return ((a, b, c), (b, c, a), (c, a, b))


def canonical(numbers: Numbers) -> Numbers:
    """The tile's written form of a clockwise reading; TileError if none."""
    if len(numbers) != 3 or not all(isinstance(n, int) and not isinstance(n, bool)
                                     and 0 <= n <= MAX_NUMBER for n in numbers):
        raise TileError(f"a triangle has three numbers 0..{MAX_NUMBER}: {numbers!r}")
    for r in _rotations(numbers):
        if r[0] <= r[1] <= r[2]:
            return r
    a, b, c = numbers
    raise TileError(f"{a}-{b}-{c} is not a tile: clockwise its numbers are the other way round")


def parse_numbers(text: str) -> Numbers:
    if not isinstance(text, str):
        raise TileError(f"a triangle is written as text like '2-4-5', not {text!r}")
    parts = text.strip().split("-")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
        raise TileError(f"a triangle is three numbers like '2-4-5': {text!r}")
    numbers = (int(parts[0]), int(parts[1]), int(parts[2]))
    canonical(numbers)
    return numbers


TRIANGLE_SET: tuple[Triangle, ...] = tuple(
    Triangle(a, b, c) for a in range(6) for b in range(a, 6) for c in range(b, 6))
for _i, _t in enumerate(TRIANGLE_SET):
    object.__setattr__(_t, "index", _i)
TRIPLES_HIGH_FIRST: tuple[Triangle, ...] = tuple(Triangle(n, n, n) for n in range(5, -1, -1))
ZERO_TRIPLE = Triangle(0, 0, 0)


def sort_hand(tiles: Iterable[Triangle]) -> tuple[Triangle, ...]:
    return tuple(sorted(tiles, key=lambda t: t.index))


# --------------------------------------------------------------- the geometry


def points_up(cell: Cell) -> bool:
    """▲ when x + y is even, ▼ when odd (RULES.md 4.21 [T3])."""
    return (cell[0] + cell[1]) % 2 == 0


def corners(cell: Cell) -> tuple[Vertex, Vertex, Vertex]:
    """The cell's vertices clockwise from its apex."""
    x, y = cell
    if points_up(cell):
        return ((x, y + 1), (x + 1, y), (x - 1, y))
    return ((x, y), (x - 1, y + 1), (x + 1, y + 1))


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The cells across the three edges."""
    x, y = cell
    return ((x - 1, y), (x + 1, y), (x, y - 1) if points_up(cell) else (x, y + 1))


def hexagon(vertex: Vertex) -> tuple[Cell, ...]:
    """The six cells around a vertex."""
    x, y = vertex
    return ((x - 1, y), (x, y), (x + 1, y), (x - 1, y - 1), (x, y - 1), (x + 1, y - 1))


def touching(cell: Cell) -> tuple[Cell, ...]:
    """Every other cell that shares a vertex with ``cell`` (edge or point)."""
    out: dict[Cell, None] = {}
    for v in corners(cell):
        for c in hexagon(v):
            if c != cell:
                out[c] = None
    return tuple(out)


# ------------------------------------------------------------------ the moves


@dataclass(frozen=True, slots=True)
class Place(GridPlace):
    """A triangle on a cell, ``numbers`` read from the cell's apex clockwise (the
    :class:`engine.core.moves.GridPlace` the service and the record carry)."""

    @property
    def tile(self) -> Triangle:
        return Triangle(*self.numbers)

    def notation(self) -> str:
        a, b, c = self.numbers
        return f"{a}-{b}-{c}@{self.cell[0]},{self.cell[1]}"

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True)
class Draw:
    def notation(self) -> str:
        return "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    def notation(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return "pass"


TriMove = Place | Draw | Pass
DRAW = Draw()
PASS = Pass()


def parse_move(text: str) -> TriMove:
    """``a-b-c@x,y``, ``draw`` or ``pass``; MoveError if malformed (a reading that
    is no turning of a tile is malformed, RULES.md 4.21)."""
    if not isinstance(text, str):
        raise MoveError(f"a move is text, not {type(text).__name__}")
    s = text.strip()
    if s == "draw":
        return DRAW
    if s == "pass":
        return PASS
    tile_text, at, cell_text = s.partition("@")
    if not at:
        raise MoveError(f"not a move: {text!r} (a-b-c@x,y, draw or pass)")
    try:
        numbers = parse_numbers(tile_text)
    except TileError as exc:
        raise MoveError(f"not a move: {exc}") from exc
    parts = cell_text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        cell = (int(parts[0]), int(parts[1]))
    except ValueError:
        raise MoveError(f"not a cell: {cell_text!r} (x,y)") from None
    return Place(numbers, cell)


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


class TriangularMoveError(IllegalMoveError):
    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


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


# ------------------------------------------------------------------ the table


@dataclass(frozen=True, slots=True)
class Placed:
    """A triangle on the grid: where, its numbers from the apex, who placed it."""

    cell: Cell
    numbers: Numbers
    seat: int

    @property
    def tile(self) -> Triangle:
        return Triangle(*self.numbers)

    @property
    def up(self) -> bool:
        return points_up(self.cell)


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


class Grid:
    """The placed triangles, the numbers on the touched vertices and the open cells
    (empty cells sharing an edge with a triangle)."""

    __slots__ = ("cells", "open", "vertices")

    def __init__(self) -> None:
        self.cells: dict[Cell, Placed] = {}
        self.vertices: dict[Vertex, int] = {}
        self.open: set[Cell] = set()

    def copy(self) -> Grid:
        g = Grid()
        g.cells = dict(self.cells)
        g.vertices = dict(self.vertices)
        g.open = set(self.open)
        return g

    def need(self, cell: Cell) -> tuple[int | None, int | None, int | None]:
        """The numbers the cell's corners must carry (None: untouched)."""
        v = self.vertices
        c0, c1, c2 = corners(cell)
        return (v.get(c0), v.get(c1), v.get(c2))

    def fits(self, numbers: Numbers, cell: Cell) -> bool:
        """Whether the reading fits the cell's touched corners (cell not checked)."""
        n0, n1, n2 = self.need(cell)
        return ((n0 is None or n0 == numbers[0]) and (n1 is None or n1 == numbers[1])
                and (n2 is None or n2 == numbers[2]))

    def readings(self, tile: Triangle, cell: Cell) -> list[Numbers]:
        """The turnings of ``tile`` that fit the open ``cell``."""
        return [r for r in tile.turnings if self.fits(r, cell)]

    def score(self, numbers: Numbers, cell: Cell) -> Scored:
        """What placing ``numbers`` on ``cell`` (legal, not the lead) earns."""
        cells = self.cells
        shared = sum(1 for n in neighbours(cell) if n in cells)
        cs = corners(cell)
        bridge = False
        if shared == 1:
            # The vertex off the shared edge: the corner no placed neighbour touches.
            on_edge: set[Vertex] = set()
            for n in neighbours(cell):
                if n in cells:
                    on_edge.update(corners(n))
            third = [v for v in cs if v not in on_edge]
            bridge = len(third) == 1 and third[0] in self.vertices
        hexes = 0
        for v in cs:
            if all(c == cell or c in cells for c in hexagon(v)):
                hexes += 1
        return Scored(sum(numbers), 0, bridge, hexes)

    def put(self, numbers: Numbers, cell: Cell, seat: int) -> None:
        self.cells[cell] = Placed(cell, numbers, seat)
        for v, n in zip(corners(cell), numbers, strict=True):
            self.vertices[v] = n
        self.open.discard(cell)
        for other in neighbours(cell):
            if other not in self.cells:
                self.open.add(other)

    def placements(self, tiles: Iterable[Triangle]) -> list[Place]:
        """Every legal placement of ``tiles`` on the open cells (not the lead)."""
        out: list[Place] = []
        cells = sorted(self.open)
        needs = [(c, self.need(c)) for c in cells]
        for tile in tiles:
            for cell, (n0, n1, n2) in needs:
                for r in tile.turnings:
                    if ((n0 is None or n0 == r[0]) and (n1 is None or n1 == r[1])
                            and (n2 is None or n2 == r[2])):
                        out.append(Place(r, cell))
        return out

    def can_place(self, tiles: Iterable[Triangle]) -> bool:
        needs = [self.need(c) for c in self.open]
        for tile in tiles:
            for n0, n1, n2 in needs:
                for r in tile.turnings:
                    if ((n0 is None or n0 == r[0]) and (n1 is None or n1 == r[1])
                            and (n2 is None or n2 == r[2])):
                        return True
        return False


# ------------------------------------------------------------------ the round


class EndKind(StrEnum):
    DOMINO = "domino"
    FISH = "fish"  # a block
    EGGS = "eggs"  # a block with the lowest hands tied


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended: its kind, who made the last action, each seat's hand
    value left, the winner (None: eggs) and each seat's round-end points."""

    kind: EndKind
    seat: int
    hand_values: tuple[int, ...]
    winner: int | None
    points: tuple[int, ...]


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
    result: RoundResult | None = None

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


def lead_rule(hands: Sequence[Sequence[Triangle]]) -> tuple[int, tuple[Triangle, ...]]:
    """RULES.md 4.21 [T11]: the holder of the highest triple leads it (or 0-0-0 if he
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


def lead_points(tile: Triangle) -> Scored:
    if tile is ZERO_TRIPLE:
        return Scored(0, LEAD_BONUS + ZERO_TRIPLE_BONUS)
    return Scored(tile.value, LEAD_BONUS if tile.is_triple else 0)


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


def round_end_points(kind: EndKind, seat: int, values: Sequence[int]
                     ) -> tuple[int | None, tuple[int, ...]]:
    """RULES.md 4.21 [T8]: the winner and each seat's round-end points."""
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
    """RULES.md 4.21 [T9]: empty while nobody has the target."""
    reached = [s for s, t in enumerate(totals) if t >= target]
    if not reached:
        return ()
    if round_winner is not None and round_winner in reached:
        return (round_winner,)
    best = max(totals[s] for s in reached)
    return tuple(s for s in reached if totals[s] == best)


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
    result: RoundResult | None
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
    round_end: RoundResult | None = None
    game_over: tuple[int, ...] = ()


class TriangularGame:
    """A game of Tri-Ominos: rounds until a total reaches the target (RULES.md 4.21)."""

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
    rnd.moves.append(move.notation())
    if isinstance(move, Place) and not hand:
        _end(rnd, EndKind.DOMINO, seat)
    elif not isinstance(move, Pass) and rnd.pool == 0 and not can_anyone_place(rnd):
        _end(rnd, EndKind.FISH, seat)
    elif not isinstance(move, Draw):
        rnd.turn = (seat + 1) % seats
        rnd.draws = 0
    return Outcome(seat, move, move.notation(), points, scored, drawn, rnd.result)


def _end(rnd: Round, kind: EndKind, seat: int) -> None:
    values = tuple(sum(t.value for t in h) for h in rnd.hands)
    winner, points = round_end_points(kind, seat, values)
    if kind is EndKind.FISH and winner is None:
        kind = EndKind.EGGS
    rnd.result = RoundResult(kind, seat, values, winner, points)


# ----------------------------------------------------------------- the record


def _triangles(items: Any, what: str, ri: int) -> list[Triangle]:
    if not isinstance(items, list):
        raise RecordError(f"{what} must be a list", round_index=ri)
    try:
        return [Triangle.parse(t) for t in items]
    except TileError as exc:
        raise RecordError(f"{what}: {exc}", round_index=ri) from exc


def replay(record: Mapping[str, Any]) -> tuple[TriangularGame, list[list[Outcome]]]:
    """Replay a ``domino-record/1`` of ``triangular`` (unfinished rounds included);
    return the game and each round's outcomes."""
    if not isinstance(record, Mapping) or record.get("format") != "domino-record/1" or (
            record.get("variant") != NAME):
        raise RecordError("not a domino-record/1 of triangular")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players must be a list of names")
    options = record.get("options") or {}
    if not isinstance(options, Mapping):
        raise RecordError("options must be an object")
    try:
        opts = make_options(len(players), options)
    except OptionsError as exc:
        raise RecordError(str(exc)) from exc
    game = TriangularGame(players, opts)
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list")
    outcomes: list[list[Outcome]] = []
    for ri, r in enumerate(rounds):
        if not isinstance(r, Mapping):
            raise RecordError("a round is an object", round_index=ri)
        if game.rounds and not game.current.over:
            raise RecordError("a round follows an unfinished round", round_index=ri)
        if game.over:
            raise RecordError("a round follows the game's end", round_index=ri)
        hands_raw = r.get("hands")
        if not isinstance(hands_raw, list):
            raise RecordError("hands must be a list", round_index=ri)
        hands = [_triangles(h, "a hand", ri) for h in hands_raw]
        pool = _triangles(r.get("boneyard", []), "boneyard", ri)
        try:
            rnd = game.start_round(hands, pool)
        except RecordError as exc:
            raise RecordError(exc.reason, round_index=ri) from exc
        leader = r.get("leader", rnd.leader)
        if leader != rnd.leader or isinstance(leader, bool):
            raise RecordError(f"the lead rule names seat {rnd.leader}, not {leader!r}",
                              round_index=ri)
        moves = r.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("moves must be a list", round_index=ri)
        outs: list[Outcome] = []
        for mi, text in enumerate(moves):
            if rnd.over:
                raise RecordError("a move after the round's end", round_index=ri,
                                  move_index=mi)
            try:
                outs.append(game.play(rnd.turn, text))
            except (MoveError, IllegalMoveError) as exc:
                raise RecordError(str(exc), round_index=ri, move_index=mi) from exc
        outcomes.append(outs)
    return game, outcomes


def replay_summary(game: TriangularGame, outcomes: Sequence[Sequence[Outcome]]
                   ) -> dict[str, Any]:
    """The replay output of DESIGN.md, each seat its own side."""
    out_rounds = []
    for r, outs in zip(game.rounds, outcomes, strict=True):
        res = r.result
        out_rounds.append({
            "moves": [{"seat": o.seat, "move": o.notation, "points": o.points} for o in outs],
            "end": None if res is None else {"kind": res.kind.value, "seat": res.seat},
            "round_points": ([p + q for p, q in zip(r.points, res.points, strict=True)]
                             if res is not None else list(r.points)),
        })
    return {"variant": NAME, "sides": [[s] for s in range(game.seats)],
            "rounds": out_rounds, "totals": list(game.totals),
            "winners": list(game.winners) if game.over else None}


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
    """Tri-Ominos as a registered variant (issue 14): the lobby, the record and the
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
