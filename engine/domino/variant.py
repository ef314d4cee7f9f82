"""The rules' base: :class:`Variant`, its options, the deal, shared helpers, and the
registry every variant module adds itself to with :func:`register`.

Each variant is a subclass of :class:`Variant` that sets class-level data and
overrides a few hooks (who leads, in-play scoring, round scoring, game end), in a
module of its own that imports only this one. :mod:`engine.variants` imports
every built-in variant module; :func:`get_variant` finds a variant by name.
RULES.md section 4 is the specification; the docstrings name the rule each hook
implements.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from engine.core.errors import OptionsError
from engine.core.options import (
    OptionKind,
    Options,
    OptionSpec,
    OptionValue,
    declared_option,
    declared_options,
)
from engine.core.results import EndKind, GameEndReason, GameOutcome, RoundEnd
from engine.core.tiles import Tile, full_set
from engine.domino.table import Placed, TableRules

if TYPE_CHECKING:
    from engine.core.moves import Move
    from engine.domino.game import Game, RoundState


class Family(Enum):
    """The family a variant belongs to: results are compared within a family, and
    the greedy AI weighs its features by it (RULES.md 3a names the families)."""

    GOAT = "goat"  # kozel and its kin: lowest double leads, pips written to losers
    FIVES = "fives"  # points in play from the open ends' count (multiples of 5)
    TELEPHONE = "telephone"
    THREES = "threes"
    BLOCK_DRAW = "block_draw"  # no points in play: the round's pips decide
    KOLBASA = "kolbasa"  # two owned lines and the cut (RULES.md 4.19)
    CHINESE = "chinese"  # Tien Gow, tricks on the Chinese set (RULES.md 4.20)
    TRIANGULAR = "triangular"  # triangles on a grid (RULES.md 4.21), its own state class


class LeadRule(Enum):
    """Which tile a forced lead is (``first_lead``'s rule, named for the players)."""

    HIGHEST_DOUBLE = "highest_double"  # the highest double; with none, the heaviest tile
    LOWEST_DOUBLE = "lowest_double"  # 1-1 ... 6-6, 0-0 last; with none, the heaviest tile
    TELEPHONE = "telephone"  # 2-3, then 1-1 ... 6-6, 0-0 last
    ONE_ONE = "one_one"  # the holder of 1-1 leads it (kolbasa)


@dataclass(frozen=True, slots=True)
class Deal:
    """A round's deal: hands, the boneyard in draw order (undrawable tiles
    included), the leader, and the tile he must lead (or None)."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    leader: int
    forced: Tile | None = None


def round_up5(n: int) -> int:
    return -(-n // 5) * 5


def round_nearest5(n: int) -> int:
    return math.floor(n / 5 + 0.5) * 5


# Telephone's first-lead list and the goat family's lowest-double order.
TELEPHONE_LEADS = tuple(Tile.parse(t) for t in ("2-3", "1-1", "2-2", "3-3", "4-4", "5-5",
                                                  "6-6", "0-0"))
LOWEST_DOUBLES = tuple(Tile(p, p) for p in (1, 2, 3, 4, 5, 6, 0))


def heaviest(tiles: Sequence[Tile]) -> Tile:
    return max(tiles, key=Tile.heaviness)


class Variant:
    """The base rules; subclasses override data and hooks.

    A registered variant declares, in its own class body, what the other layers
    read: ``name``, ``aliases`` (other names players type, Russian and English,
    lower case, "е" for "ё", "_" for spaces), ``order`` (its place in menus),
    ``family``, ``option_specs`` (the house options it takes) and the facts below
    (penalty scoring, signals ...). The bot and the service read nothing else."""

    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    order: ClassVar[int]  # its place in menus (declared by every registered variant)
    family: ClassVar[Family]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    penalty_scoring: ClassVar[bool] = False  # totals are penalties: lower is better
    pip_scoring: ClassVar[bool] = True  # False: a round scores sticks or won rounds
    round_wins: ClassVar[bool] = False  # a round is won by a side or drawn (general)
    signals: ClassVar[bool] = False  # partners may signal 6-6 / 0-0 to each other
    players_allowed: ClassVar[tuple[int, ...]] = (2, 3, 4)
    table_rules: ClassVar[TableRules] = TableRules()
    draws: ClassVar[bool] = True
    redeal_rule: ClassVar[bool] = False
    default_target: ClassVar[int | None] = None
    sets_allowed: ClassVar[tuple[int, ...]] = (6,)
    lead_by_lot: ClassVar[bool] = False  # the first leader is drawn by lot
    # the rule of a forced first lead (first_lead); a lead of any tile needs none
    lead_rule: ClassVar[LeadRule] = LeadRule.HIGHEST_DOUBLE
    scores_in_play: ClassVar[bool] = False  # placement_points is called only if True
    # whether placements score from the count of the open ends (TableSnapshot.count)
    counts_open_ends: ClassVar[bool] = False
    teams_possible: ClassVar[bool] = True  # False: each for himself, whatever the count
    # --- the turn's declared data (RULES.md 3 and 4.7-4.17); defaults = 4.1-4.6
    default_set: ClassVar[int] = 6
    max_placements: ClassVar[int] = 1  # placements in one turn (osel, domiki: 4)
    closers: ClassVar[bool] = False  # doubles may be placed face down (osel)
    skip_empty_hands: ClassVar[bool] = False  # players without tiles are out of the play
    # issue 14: the kind of game the variant's games are (engine/kinds.py): "domino" is
    # engine.domino.game.Game; a variant with its own state class declares its kind's name
    kind: ClassVar[str] = "domino"

    def __init__(self, options: Options) -> None:
        self.options = options
        self.players = options.players
        if self.players not in self.players_allowed:
            raise OptionsError(
                f"{self.name} is played by {self._players_text()} players, not {self.players}"
            )
        if options.teams and not self.teams_allowed():
            raise OptionsError(f"{self.name} with {self.players} players has no teams")
        if options.set not in self.sets_allowed:
            raise OptionsError(f"{self.name} is played with double-"
                               f"{' or double-'.join(map(str, self.sets_allowed))}")
        for spec in self.option_specs:
            value = options.get(spec.name)
            if spec.kind is OptionKind.CHOICE and value is not None and (
                    value not in spec.values):
                raise OptionsError(f"{self.name}: the {spec.name} is one of "
                                   f"{', '.join(map(str, spec.values))}")
        self.sides: tuple[tuple[int, ...], ...] = (
            ((0, 2), (1, 3)) if options.teams else tuple((s,) for s in range(self.players))
        )
        side_of = [0] * self.players
        for i, side in enumerate(self.sides):
            for seat in side:
                side_of[seat] = i
        self.side_of: tuple[int, ...] = tuple(side_of)

    def _players_text(self) -> str:
        p = self.players_allowed
        return " or ".join(map(str, p)) if len(p) <= 2 else f"{p[0]}-{p[-1]}"

    # ---------------------------------------------------------------- options
    @classmethod
    def option_spec(cls, name: str) -> OptionSpec | None:
        """The spec of a house option this variant takes (None: it takes none such)."""
        for spec in cls.option_specs:
            if spec.name == name:
                return spec
        return None

    @classmethod
    def default_teams(cls, players: int) -> bool:
        spec = cls.option_spec("teams")
        return bool(spec.default_for(players)) if spec is not None else False

    @classmethod
    def discard_limit(cls) -> int | None:
        """A round's write under this is discarded (the goat family's 13); None: none."""
        return None

    def losing_total(self) -> int | None:
        """A penalty variant's total that loses the game (the goat's); None: none."""
        return None

    def teams_allowed(self) -> bool:
        return self.teams_possible and self.players == 4

    @property
    def target(self) -> int | None:
        return self.options.target if self.options.target is not None else self.default_target

    # ------------------------------------------------------------------- deal
    def hand_size(self) -> int:
        return 7

    def drawable(self, undealt: int) -> int:
        """How many of the undealt tiles may be drawn."""
        return undealt if self.draws else 0

    def needs_redeal(self, hands: Sequence[Sequence[Tile]]) -> bool:
        """The goat family's redeal: 5+ doubles or 6+ tiles of one pip in a hand."""
        if not self.redeal_rule:
            return False
        pips = self.options.set + 1
        for hand in hands:
            doubles = 0
            counts = [0] * pips
            for t in hand:
                counts[t.a] += 1
                if t.is_double:
                    doubles += 1
                else:
                    counts[t.b] += 1
            if doubles >= 5 or max(counts) >= 6:
                return True
        return False

    def first_lead(self, hands: Sequence[Sequence[Tile]], lot: random.Random
                   ) -> tuple[int, Tile | None] | None:
        """Who leads the first round, and with which tile (None: any). None: redeal."""
        return highest_double_lead(hands)

    def hand_sizes(self, totals: Sequence[int]) -> list[int]:
        """Tiles dealt to each seat, given the totals before the round (semerka: the
        players out of the game get none)."""
        return [self.hand_size()] * self.players

    def drawable_in(self, deal: Deal) -> int:
        """How many of a deal's undealt tiles may be drawn."""
        return self.drawable(len(deal.boneyard))

    def round_lead(self, game: Game, last: RoundState, hands: Sequence[Sequence[Tile]]
                   ) -> tuple[int, Tile | None]:
        """Who leads a later round, knowing its hands (default: :meth:`next_lead`)."""
        return self.next_lead(game, last)

    # ------------------------------------------------------------------ turns
    def may_place(self, game: Game, rnd: RoundState, seat: int, tile: Tile) -> bool:
        """May ``seat`` place ``tile`` now at all (vsem_po_pyat's no_double_out)?"""
        return True

    def adjust_moves(self, game: Game, rnd: RoundState, seat: int,
                     placements: list[Move]) -> list[Move]:
        """The legal moves of a turn not yet placed in, from the placements that fit
        (``kolbasa``: own line first, plus the cut). The base keeps them as they are;
        the game then adds a draw or a pass when the list is empty."""
        return placements

    def refusal(self, game: Game, rnd: RoundState, seat: int, move: Move) -> str | None:
        """Why ``move`` is not legal, when this variant's own rule refuses it (None:
        the general reasons apply). Asked only of variants overriding adjust_moves."""
        return None

    def may_continue(self, first: Placed, tile: Tile) -> bool:
        """In a turn of several placements, may ``tile`` follow the turn's first?"""
        return True

    def round_over_after_place(self, game: Game, rnd: RoundState, seat: int) -> bool:
        """Does this placement end the round as a domino (default: an empty hand)?"""
        return not rnd.hands[seat]

    def extra_turn(self, game: Game, rnd: RoundState, seat: int,
                   placed: Sequence[Placed], points: int) -> bool:
        """Does the turn just ended (with these placements) give its player another?"""
        return False

    def owed_draws(self, placed: Placed) -> int:
        """Draws this placement forces on the next player (semerka's 7)."""
        return 0

    def fish_outcome(self, game: Game, rnd: RoundState) -> GameOutcome | None:
        """A fish that ends the whole game at once (telephone's four fives): the
        outcome, whose first winner also wins the round, unscored. None: a fish
        scored as usual."""
        return None

    def sides_in_round(self, rnd: RoundState) -> range | list[int]:
        """The sides dealt into this round (semerka: not the players out of the game)."""
        return range(len(self.sides))

    def round_winner(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], default: int | None) -> int | None:
        """The winning side of a round (default: the domino side, or the fewest pips)."""
        return default

    def next_lead(self, game: Game, last: RoundState) -> tuple[int, Tile | None]:
        """Who leads a later round (default: the winner; after eggs the last leader)."""
        return (winner_seat(game, last), None)

    # --------------------------------------------------------------- scoring
    def hand_value(self, hand: Sequence[Tile]) -> int:
        return sum([t.pips for t in hand])

    def placement_points(self, game: Game, rnd: RoundState, placed: Placed) -> int:
        """The mover's side's in-play score for one placement."""
        return 0

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        """Round-end points per side and the new carry."""
        return [0] * len(self.sides), 0

    def game_over_in_play(self, game: Game) -> GameOutcome | None:
        """Checked after every in-play score."""
        return None

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        return None

    # ---------------------------------------------------------------- record
    def record_options(self) -> dict[str, Any]:
        """The options that differ from this variant's defaults, by their declared
        names, in the declarations' order."""
        base = default_options(type(self), self.players)
        out: dict[str, Any] = {}
        for declared in declared_options():
            v = self.options.get(declared.name)
            if v != base.get(declared.name):
                out[declared.name] = v
        return out


# ------------------------------------------------------------ shared helpers
def highest_double_lead(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile]:
    """The holder of the highest double leads it; with none, the heaviest tile."""
    best: tuple[tuple[int, int, int], int, Tile] | None = None
    for seat, hand in enumerate(hands):
        for t in hand:
            key = (1, t.a, 0) if t.is_double else (0, t.pips, t.b)
            if best is None or key > best[0]:
                best = (key, seat, t)
    assert best is not None
    return best[1], best[2]


def lowest_double_lead(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile]:
    """The goat family: lowest double 1-1 ... 6-6, 0-0 last; else the heaviest tile."""
    holder = {t: seat for seat, hand in enumerate(hands) for t in hand}
    for d in LOWEST_DOUBLES:
        if d in holder:
            return holder[d], d
    best = heaviest([t for hand in hands for t in hand])
    return holder[best], best


def winner_seat(game: Game, last: RoundState) -> int:
    """The winner of the last round as the next leader (RULES.md 3a)."""
    end = last.end
    assert end is not None
    if end.kind is EndKind.EGGS or end.winner is None:
        return last.deal.leader
    if end.kind is EndKind.DOMINO:
        return end.seat
    seats = game.variant.sides[end.winner]
    return min(seats, key=lambda s: (end.pips[s], s))


def clockwise_lead(game: Game, last: RoundState) -> tuple[int, Tile | None]:
    return ((last.deal.leader + 1) % game.players, None)


def fives_in_play(game: Game, rnd: RoundState, placed: Placed) -> int:
    count = rnd.table.count()
    return count if count > 0 and count % 5 == 0 else 0


def fives_round_points(variant: Variant, kind: EndKind, seat: int,
                       side_pips: tuple[int, ...], winner: int | None) -> list[int]:
    """All Fives: the domino scores the opponents' pips, a fish each difference."""
    points = [0] * len(variant.sides)
    if winner is None:
        return points
    own = 0 if kind is EndKind.DOMINO else side_pips[winner]
    total = 0
    for i, p in enumerate(side_pips):  # a loop: a generator costs a frame
        if i != winner:
            total += p - own
    points[winner] = total
    return points


def target_reached(game: Game) -> GameOutcome | None:
    target = game.variant.target
    assert target is not None
    best = max(game.totals)
    if best < target:
        return None
    winners = tuple(i for i, t in enumerate(game.totals) if t == best)
    losers = tuple(i for i in range(len(game.totals)) if i not in winners)
    return GameOutcome(winners, losers, GameEndReason.TARGET)



# ------------------------------------------------------------------ registry
VARIANTS: dict[str, type[Variant]] = {}
_ALIASES: dict[str, str] = {}  # alias -> variant name

NAME_PATTERN = re.compile(r"[a-z][a-z_]*")
V = TypeVar("V", bound=type["Variant"])


def _declared(cls: type[Variant], attr: str) -> bool:
    return attr in vars(cls)


def _check_declarations(cls: type[Variant]) -> None:
    """What :func:`register` refuses: a variant without its own name, order, aliases
    and family; an option spec that disagrees with the class's facts."""
    where = cls.__qualname__
    if not cls.name or not NAME_PATTERN.fullmatch(cls.name):
        raise ValueError(f"{where} has no name of lower-case letters and '_'")
    for attr in ("name", "order"):
        if not _declared(cls, attr):
            raise ValueError(f"{where} must declare its own {attr}")
    if cls.aliases and not _declared(cls, "aliases"):
        raise ValueError(f"{where} must declare its own aliases (even ())")
    if not isinstance(getattr(cls, "family", None), Family):
        raise ValueError(f"{where} has no family")
    names = [spec.name for spec in cls.option_specs]
    undeclared = [n for n in names if declared_option(n) is None]
    if undeclared:
        raise ValueError(f"{where} takes undeclared options: {', '.join(undeclared)}")
    if len(set(names)) != len(names):
        raise ValueError(f"{where} declares an option twice")
    target, tile_set = cls.option_spec("target"), cls.option_spec("set")
    if target is not None and target.default != cls.default_target:
        raise ValueError(f"{where}: the target option's default is not default_target")
    if tile_set is not None and (tile_set.default != cls.default_set
                                 or tile_set.values != cls.sets_allowed):
        raise ValueError(f"{where}: the set option disagrees with sets_allowed/default_set")


def register(cls: V) -> V:
    """Class decorator: make a variant findable by its name and aliases."""
    _check_declarations(cls)
    known = VARIANTS.get(cls.name)
    if known is not None and known is not cls:
        raise ValueError(f"two variants are named {cls.name!r}")
    if known is cls:
        return cls
    taken = set(VARIANTS) | set(_ALIASES)
    own = [cls.name, *cls.aliases]
    clash = [a for a in own if a in taken or own.count(a) > 1]
    if clash:
        raise ValueError(f"{cls.name}: {', '.join(map(repr, clash))} already names a variant")
    VARIANTS[cls.name] = cls
    for alias in cls.aliases:
        _ALIASES[alias] = cls.name
    return cls


def unregister(cls: type[Variant]) -> None:
    """Forget a registered variant (tests that register their own)."""
    if VARIANTS.get(cls.name) is not cls:
        raise ValueError(f"{cls.__qualname__} is not registered")
    del VARIANTS[cls.name]
    for alias in cls.aliases:
        _ALIASES.pop(alias, None)


@contextmanager
def registered(cls: type[Variant]) -> Iterator[type[Variant]]:
    """Register a variant for the length of a ``with`` block (tests)."""
    _load_builtin()
    register(cls)
    try:
        yield cls
    finally:
        unregister(cls)


def _load_builtin() -> None:
    """Import the built-in variant modules (they register themselves)."""
    import engine.variants  # noqa: F401


def variants_in_order() -> tuple[type[Variant], ...]:
    """Every registered variant, in menu order."""
    _load_builtin()
    return tuple(sorted(VARIANTS.values(), key=lambda cls: (cls.order, cls.name)))


def find_variant(text: str) -> type[Variant] | None:
    """The variant named, or aliased, exactly ``text`` (already normalised)."""
    _load_builtin()
    name = _ALIASES.get(text, text)
    return VARIANTS.get(name)


def default_options(cls: type[Variant], players: int) -> Options:
    """The options a record of ``cls`` leaves out: the declared defaults, but the set
    and the on/off options (teams among them) as the variant defaults them."""
    base = Options(players=players, teams=cls.default_teams(players), set=cls.default_set)
    own: dict[str, OptionValue] = {}
    for spec in cls.option_specs:
        if spec.kind is OptionKind.BOOL:
            value = spec.default_for(players)
            if value != base.get(spec.name):
                own[spec.name] = value
    return base.replaced(own) if own else base


def get_variant(name: str) -> type[Variant]:
    _load_builtin()
    try:
        return VARIANTS[name]
    except KeyError:
        known = ", ".join(sorted(VARIANTS))
        raise OptionsError(f"unknown variant {name!r}; known: {known}") from None


def _check_kind(key: str, value: Any) -> None:
    """The record type of each option (its declaration's), whatever the variant."""
    declared = declared_option(key)
    if declared is None:
        raise OptionsError(f"unknown option {key!r}")
    problem = declared.type_error(value)
    if problem is not None:
        raise OptionsError(problem)


def make_variant(name: str, players: int, options: Mapping[str, Any] | None = None) -> Variant:
    """Build a variant from its name, the number of players and house-rule options.

    The variant takes the options of its ``option_specs`` (a CHOICE among its
    values); any other option only at the variant's default (a record or a view may
    spell defaults out), else it is refused."""
    cls = get_variant(name)
    if not isinstance(players, int) or isinstance(players, bool):
        raise OptionsError(f"players must be a number, not {players!r}")
    base = default_options(cls, players)
    changes: dict[str, Any] = {}
    for key, value in (options or {}).items():
        _check_kind(key, value)
        changes[key] = value
    variant = cls(base.replaced(changes))  # the class's checks: players, teams, sets, choices
    for key in changes:
        if cls.option_spec(key) is None and variant.options.get(key) != base.get(key):
            raise OptionsError(f"{name} has no option {key!r}")
    return variant


def shuffled_set(variant: Variant, rng: random.Random) -> tuple[Tile, ...]:
    """The variant's set in the order a round's deal takes it: canonical, shuffled."""
    tiles = list(full_set(variant.options.set))
    rng.shuffle(tiles)
    return tuple(tiles)


def cut(tiles: tuple[Tile, ...], sizes: Sequence[int]
        ) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """Hands of ``sizes`` tiles dealt from the front of ``tiles``, seat by seat, and
    the rest (the boneyard in draw order)."""
    hands = []
    at = 0
    for k in sizes:
        hands.append(tiles[at:at + k])
        at += k
    return tuple(hands), tiles[at:]


def deal_tiles(variant: Variant, rng: random.Random, sizes: Sequence[int] | None = None
               ) -> tuple[list[list[Tile]], list[Tile]]:
    """A deal as lists (``sizes`` defaults to every seat's hand size)."""
    if sizes is None:
        sizes = [variant.hand_size()] * variant.players
    hands, rest = cut(shuffled_set(variant, rng), sizes)
    return [list(h) for h in hands], list(rest)
