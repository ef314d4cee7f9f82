"""``chicken_foot``, "Куриная лапка": one tree for everybody grown from the round's
engine, one round per double of the set from the highest
down, the lowest total wins.

This module is the game's own state class (:class:`ChickenGame`), pure like the
rest of :mod:`engine`: the options, the deal (the engine set aside, the rest dealt
and the chicken yard left in its shuffled order), the turn (one placement; one
draw, then the drawn tile placed or a pass), the blocked round, the scoring, the
game's end and the record it writes (``domino-record/1``). The tree itself is
:mod:`engine.chicken.table`; reading a record is :mod:`engine.chicken.record`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.chicken.table import ENGINE, Table, TableError
from engine.core.catalogue import Family, Variant
from engine.core.errors import IllegalMoveError, MoveError, OptionsError
from engine.core.moves import DRAW, PASS, BranchPlace, Draw, Move, Pass
from engine.core.options import Options, OptionSpec
from engine.core.results import EndKind, GameEndReason, GameOutcome, RoundEnd
from engine.core.tiles import Tile, full_set

__all__ = ["NAME", "ChickenFoot", "ChickenGame", "ChickenOptions", "Round", "format_place",
           "hand_size", "lowest", "make_options", "parse_move", "score_hand"]

NAME = "chicken_foot"
SETS = (9, 6)
DEFAULT_SET = 9
ROOT_ARMS = (4, 6)
DOUBLE_BLANK = (50, 0)
# the shorter games a lobby offers (unset: one round per double of the set)
ROUND_COUNTS = (1, 2, 3, 5)
# tiles dealt to each seat, by the set and the number of players
HANDS: Mapping[int, Mapping[int, int]] = {
    9: {2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5},
    6: {2: 5, 3: 5, 4: 5},
}


def hand_size(tile_set: int, players: int) -> int:
    return HANDS[tile_set][players]


@dataclass(frozen=True, slots=True)
class ChickenOptions:
    players: int
    set: int = DEFAULT_SET
    rounds: int = DEFAULT_SET + 1  # one round per double of the set
    root_arms: int = 4
    double_blank: int = 50  # what 0-0 left in hand counts

    def record_options(self) -> dict[str, Any]:
        """The options that differ from the defaults, by their record names."""
        out: dict[str, Any] = {}
        if self.set != DEFAULT_SET:
            out["set"] = self.set
        if self.rounds != self.set + 1:
            out["rounds"] = self.rounds
        if self.root_arms != ROOT_ARMS[0]:
            out["root_arms"] = self.root_arms
        if self.double_blank != DOUBLE_BLANK[0]:
            out["double_blank"] = self.double_blank
        return out

    def engine(self, round_index: int) -> Tile:
        """Round i (from 0) is played on the double N - i."""
        return Tile(self.set - round_index, self.set - round_index)


def _choice(opts: dict[str, Any], name: str, values: tuple[int, ...]) -> int:
    value = opts.pop(name, None)
    if value is None:
        return values[0]
    if isinstance(value, bool) or value not in values:
        raise OptionsError(f"chicken_foot: {name} is one of {', '.join(map(str, values))}")
    return int(value)


def make_options(players: int, options: Mapping[str, Any] | None = None) -> ChickenOptions:
    """The options of a record or a lobby (OptionsError: one is refused)."""
    opts = dict(options or {})
    tile_set = _choice(opts, "set", SETS)
    if isinstance(players, bool) or players not in HANDS[tile_set]:
        seats = sorted(HANDS[tile_set])
        raise OptionsError(f"chicken_foot with double-{tile_set} is played by "
                           f"{seats[0]}-{seats[-1]} players")
    rounds = opts.pop("rounds", None)
    if rounds is None:
        rounds = tile_set + 1
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not (
            1 <= rounds <= tile_set + 1):
        raise OptionsError(f"chicken_foot: rounds is 1 to {tile_set + 1}")
    root_arms = _choice(opts, "root_arms", ROOT_ARMS)
    double_blank = _choice(opts, "double_blank", DOUBLE_BLANK)
    if opts.get("teams") is False:
        opts.pop("teams")
    if opts:
        raise OptionsError(f"chicken_foot takes no option {sorted(opts)[0]}")
    return ChickenOptions(players, tile_set, rounds, root_arms, double_blank)


def score_hand(hand: Sequence[Tile], double_blank: int) -> int:
    """The pips left in a hand, 0-0 counting ``double_blank``."""
    return sum(double_blank if t == Tile(0, 0) else t.pips for t in hand)


def lowest(totals: Sequence[int]) -> tuple[int, ...]:
    """The game's winners: the seats of the lowest total, sharing the win."""
    best = min(totals)
    return tuple(s for s, v in enumerate(totals) if v == best)


def format_place(move: BranchPlace) -> str:
    return f"{move.touching}-{move.tile.other(move.touching)}:{move.branch}"


def parse_move(text: str) -> Move:
    """``draw``, ``pass`` or ``a-b:R`` / ``a-b:2.1`` (``a`` the touching pip)."""
    if not isinstance(text, str):
        raise MoveError(f"a move is text like '6-3:R', '1-4:2.1', 'draw' or 'pass', "
                        f"not {text!r}")
    s = text.strip()
    if s.lower() == "draw":
        return DRAW
    if s.lower() == "pass":
        return PASS
    tile_text, sep, target = s.partition(":")
    parts = tile_text.split("-")
    if not sep or len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 2
                                            for p in parts):
        raise MoveError(f"malformed move {text!r}: write it like '6-3:R' or '1-4:2.1'")
    target = target.strip().upper()
    steps = target.split(".")
    if target != ENGINE and not all(p.isascii() and p.isdigit() and p[0] != "0"
                                    and len(p) <= 2 for p in steps):
        raise MoveError(f"malformed move {text!r}: the end is R or a path like 2.1")
    try:
        tile = Tile(int(parts[0]), int(parts[1]))
    except ValueError as exc:
        raise MoveError(f"malformed move {text!r}: {exc}") from None
    return BranchPlace(tile, int(parts[0]), target)


@dataclass(slots=True)
class Round:
    """One round: the hands, the chicken yard (drawn from its front), the table and
    the moves as written. ``dealt`` and ``yard`` are the deal as the record keeps
    it."""

    index: int
    dealt: tuple[tuple[Tile, ...], ...]
    yard: tuple[Tile, ...]
    leader: int
    table: Table
    hands: list[list[Tile]]
    drawn: int = 0  # tiles taken from the yard
    turn: int = 0
    has_drawn: bool = False  # the seat on turn has drawn this turn
    last_placer: int | None = None
    moves: list[str] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)  # who made each move
    end: RoundEnd | None = None

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def points(self) -> tuple[int, ...] | None:
        return None if self.end is None else self.end.points

    @property
    def yard_left(self) -> tuple[Tile, ...]:
        return self.yard[self.drawn:]

    def placements(self, seat: int) -> list[BranchPlace]:
        """Every placement the hand of ``seat`` has on the open ends, end by end."""
        out: list[BranchPlace] = []
        for target, pip in self.table.ends():
            out.extend(BranchPlace(t, pip, target) for t in sorted(self.hands[seat])
                       if t.has(pip))
        return out


class ChickenGame:
    """A game of Chicken Foot: its rounds, each dealt from the seed or given (a
    record's), the totals (pips written, lower is better) and the outcome."""

    def __init__(self, options: ChickenOptions, seed: int = 0) -> None:
        self.options = options
        self.players = options.players
        self.seed = seed
        self.rounds: list[Round] = []
        self.totals = [0] * self.players
        self.outcome: GameOutcome | None = None

    # -- rounds ---------------------------------------------------------------
    @property
    def current(self) -> Round:
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def next_leader(self) -> int:
        """Round 1's leader is drawn by lot; each later round the next seat's."""
        if not self.rounds:
            return random.Random(f"{NAME}/{self.seed}/leader").randrange(self.players)
        return (self.rounds[-1].leader + 1) % self.players

    def deal(self) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
        """The next round's deal from the seed: the engine set aside, the rest
        shuffled and dealt, the remainder the chicken yard."""
        index = len(self.rounds)
        engine = self.options.engine(index)
        tiles = [t for t in full_set(self.options.set) if t != engine]
        random.Random(f"{NAME}/{self.seed}/{index}").shuffle(tiles)
        n = hand_size(self.options.set, self.players)
        hands = tuple(tuple(tiles[i * n:(i + 1) * n]) for i in range(self.players))
        return hands, tuple(tiles[self.players * n:])

    def start_round(self, hands: Sequence[Sequence[Tile]] | None = None,
                    yard: Sequence[Tile] | None = None, leader: int | None = None) -> Round:
        """Deal the next round (from the seed, or the record's deal, checked)."""
        if self.over:
            raise IllegalMoveError("the game is over")
        if self.rounds and not self.current.over:
            raise IllegalMoveError("the round is not over")
        index = len(self.rounds)
        engine = self.options.engine(index)
        if hands is None or yard is None:
            hands, yard = self.deal()
        expected = self.next_leader()
        if leader is None or index > 0:
            if leader is not None and leader != expected:
                raise IllegalMoveError("each round after the first is led by the seat "
                                       "after the last round's leader")
            leader = expected
        if not (0 <= leader < self.players):
            raise IllegalMoveError("bad leader")
        dealt = tuple(tuple(h) for h in hands)
        _check_deal(self.options, engine, dealt, tuple(yard))
        rnd = Round(index, dealt, tuple(yard), leader, Table(engine, self.options.root_arms),
                    [list(h) for h in dealt], turn=leader)
        self.rounds.append(rnd)
        return rnd

    # -- a turn ---------------------------------------------------------------
    @property
    def current_seat(self) -> int | None:
        """The seat to move now (None: the round, or the game, is over)."""
        if self.over or not self.rounds or self.current.over:
            return None
        return self.current.turn

    def legal_moves(self) -> list[Move]:
        if self.over or not self.rounds or self.current.over:
            return []
        rnd = self.current
        places: list[Move] = list(rnd.placements(rnd.turn))
        if places:
            return places
        if not rnd.has_drawn and rnd.yard_left:
            return [DRAW]
        return [PASS]

    def play(self, move: Move) -> tuple[str, Tile | None]:
        """Play a move of the seat on turn; what is written for it and the tile
        drawn (IllegalMoveError: refused, the game unchanged)."""
        if self.over:
            raise IllegalMoveError("the game is over")
        rnd = self.current
        if rnd.over:
            raise IllegalMoveError("the round is over")
        seat = rnd.turn
        drawn: Tile | None = None
        if isinstance(move, BranchPlace):
            text = self._place(rnd, seat, move)
        elif isinstance(move, Draw):
            if rnd.has_drawn:
                raise IllegalMoveError("one draw a turn: place the drawn tile or pass")
            if rnd.placements(seat):
                raise IllegalMoveError("a tile in hand fits: place it")
            if not rnd.yard_left:
                raise IllegalMoveError("the chicken yard is empty: pass")
            drawn = rnd.yard[rnd.drawn]
            rnd.drawn += 1
            rnd.hands[seat].append(drawn)
            rnd.has_drawn = True
            text = "draw"
        elif isinstance(move, Pass):
            if rnd.placements(seat):
                raise IllegalMoveError("a tile in hand fits: place it"
                                       if not rnd.has_drawn else
                                       "the drawn tile fits and must be placed")
            if not rnd.has_drawn and rnd.yard_left:
                raise IllegalMoveError("draw from the chicken yard first")
            text = "pass"
        else:
            raise IllegalMoveError(f"{type(move).__name__} is no move of chicken_foot")
        rnd.moves.append(text)
        rnd.seats.append(seat)
        if rnd.over:
            self._round_ended(rnd)
        elif not isinstance(move, Draw):
            self._turn_ended(rnd)
        return text, drawn

    def _place(self, rnd: Round, seat: int, move: BranchPlace) -> str:
        if move.tile not in rnd.hands[seat]:
            raise IllegalMoveError(f"{move.tile} is not in the hand")
        try:
            rnd.table, _ = rnd.table.place(move.tile, move.touching, move.branch)
        except TableError as exc:
            raise IllegalMoveError(str(exc)) from None
        rnd.hands[seat].remove(move.tile)
        rnd.last_placer = seat
        if not rnd.hands[seat]:
            rnd.end = self._end(rnd, EndKind.DOMINO, seat)
        return format_place(move)

    def _turn_ended(self, rnd: Round) -> None:
        """The next seat's turn, unless the round is blocked now."""
        if self.blocked(rnd):
            seat = rnd.last_placer if rnd.last_placer is not None else rnd.turn
            rnd.end = self._end(rnd, EndKind.FISH, seat)
            self._round_ended(rnd)
            return
        rnd.turn = (rnd.turn + 1) % self.players
        rnd.has_drawn = False

    def blocked(self, rnd: Round) -> bool:
        """The round cannot go on: the engine's arms or the pending foot's toes
        need more tiles of their pip than remain off the table, or the yard is
        empty and no hand holds a tile for an open end."""
        needed = rnd.table.needed()
        off = [*rnd.yard_left, *(t for h in rnd.hands for t in h)]
        if needed is not None:
            pip, count = needed
            if sum(1 for t in off if t.has(pip)) < count:
                return True
        if rnd.yard_left:
            return False
        return not any(rnd.placements(s) for s in range(self.players))

    def _end(self, rnd: Round, kind: EndKind, seat: int) -> RoundEnd:
        pips = tuple(sum(t.pips for t in h) for h in rnd.hands)
        points = tuple(score_hand(h, self.options.double_blank) for h in rnd.hands)
        return RoundEnd(kind, seat, pips, pips, seat if kind is EndKind.DOMINO else None,
                        points)

    def _round_ended(self, rnd: Round) -> None:
        assert rnd.end is not None
        self.totals = [t + p for t, p in zip(self.totals, rnd.end.points, strict=True)]
        if len(self.rounds) >= self.options.rounds:
            winners = lowest(self.totals)
            losers = tuple(s for s in range(self.players) if s not in winners)
            self.outcome = GameOutcome(winners, losers, GameEndReason.ROUNDS)

    # -- the record -----------------------------------------------------------
    def record(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        """The whole truth, ``domino-record/1`` (the engine in neither hands nor yard);
        the players P1, P2 ... unless named."""
        return {
            "format": "domino-record/1",
            "variant": NAME,
            "options": self.options.record_options(),
            "players": list(names) if names is not None else [
                f"P{i + 1}" for i in range(self.players)],
            "rounds": [{"hands": [[str(t) for t in h] for h in r.dealt],
                        "boneyard": [str(t) for t in r.yard],
                        "leader": r.leader,
                        "moves": list(r.moves)} for r in self.rounds],
        }


def _check_deal(options: ChickenOptions, engine: Tile, hands: tuple[tuple[Tile, ...], ...],
                yard: tuple[Tile, ...]) -> None:
    """A round's deal holds every tile of the set but the engine once, each hand the
    table's size."""
    if len(hands) != options.players:
        raise IllegalMoveError(f"{options.players} hands are dealt, not {len(hands)}")
    n = hand_size(options.set, options.players)
    if any(len(h) != n for h in hands):
        raise IllegalMoveError(f"each hand is dealt {n} tiles")
    tiles = [t for h in hands for t in h] + list(yard)
    expected = sorted(t for t in full_set(options.set) if t != engine)
    if sorted(tiles) != expected:
        raise IllegalMoveError(f"the deal is not the double-{options.set} set without "
                               f"the engine {engine}, each tile once")


class ChickenFoot(Variant):
    """Chicken Foot as a catalogue entry: its games are of the ``chicken_foot`` kind
    (:mod:`engine.chicken.kind`). Its lobby options are the game's own
    (:class:`ChickenOptions`): the set, the rounds, the engine's arms and what 0-0
    counts."""

    name = NAME
    aliases = ("куриная_лапка", "лапка", "chickenfoot", "chickie", "chicken",
               "pata_de_gallina", "pe_de_galinha", "куряча_лапка")
    order = 230
    family = Family.CHICKEN
    kind = NAME
    option_specs = (OptionSpec.choice("set", SETS, DEFAULT_SET),
                    OptionSpec.number("rounds", ROUND_COUNTS),
                    OptionSpec.choice("root_arms", ROOT_ARMS, ROOT_ARMS[0]),
                    OptionSpec.choice("double_blank", DOUBLE_BLANK, DOUBLE_BLANK[0]))
    players_allowed = tuple(sorted(HANDS[DEFAULT_SET]))
    sets_allowed = SETS
    default_set = DEFAULT_SET
    penalty_scoring = True
    teams_possible = False

    def __init__(self, options: Options) -> None:
        super().__init__(options)
        self.chicken = self.chicken_options()

    def chicken_options(self) -> ChickenOptions:
        """The game's own options from the variant's (OptionsError: refused)."""
        o = self.options
        return make_options(self.players, {"set": o.set, "rounds": o.rounds,
                                           "root_arms": o.root_arms,
                                           "double_blank": o.double_blank})

    def hand_size(self) -> int:
        return hand_size(self.options.set, self.players)
