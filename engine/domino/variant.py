"""The domino turn machine's variant: :class:`DominoVariant`, the deal, shared helpers.

Each domino variant is a subclass of :class:`DominoVariant` that sets class-level
data and overrides a few hooks (who leads, in-play scoring, round scoring, game
end), in a module of its own. The catalogue entry every kind shares is
:class:`engine.core.catalogue.Variant`; :mod:`engine.variants` lists every built-in
variant. docs/rules.md section 4 is the specification; the docstrings name the rule
each hook implements.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, ClassVar

from engine.core.catalogue import Variant
from engine.core.errors import IllegalMoveError
from engine.core.moves import End
from engine.core.results import EndKind, GameEndReason, GameOutcome, PublicEvent, RoundEnd
from engine.core.tiles import Tile, full_set
from engine.domino.deal_random import seeded_shuffle
from engine.domino.table import Placed, Table, TableRules

if TYPE_CHECKING:
    from engine.core.moves import Move
    from engine.domino.game import Game, RoundState


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


@dataclass(frozen=True, slots=True)
class CountScoring:
    """In-play points read from the count of the open ends (docs/rules.md section 2)
    and, for the round's spinner, the turn.

    After a placement, when at least ``min_ends`` ends are counted and their count is a
    positive multiple of ``modulus``, the placer scores ``unit`` for every ``modulus``
    in the count (``per_count``) or ``unit`` once; placing the round's spinner adds
    ``spinner_bonus[0]`` in the round's turns 1 to 4, ``[1]`` in turns 5 to 8 and
    ``[2]`` later. The variants that declare it score with :meth:`points`, and the
    compiled rollout (engine/domino/_kernel.c) from the same fields.
    """

    modulus: int
    unit: int
    per_count: bool = True
    min_ends: int = 0
    spinner_bonus: tuple[int, int, int] = (0, 0, 0)

    def points(self, rnd: RoundState, placed: Placed) -> int:
        table = rnd.table
        ends = table.counted_ends()
        total = sum(ends)
        points = 0
        if len(ends) >= self.min_ends and total > 0 and total % self.modulus == 0:
            points = total // self.modulus * self.unit if self.per_count else self.unit
        if any(self.spinner_bonus) and table.spinner is not None \
                and table.spinner_tile() is placed:
            turn = rnd.turn_number
            early, middle, late = self.spinner_bonus
            points += early if turn <= 4 else middle if turn <= 8 else late
        return points


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


class DominoVariant(Variant):
    """The domino turn machine's rules (:class:`engine.domino.game.Game`); subclasses
    override data and hooks. The catalogue facts every kind declares are
    :class:`engine.core.catalogue.Variant`'s."""

    kind: ClassVar[str] = "domino"
    table_rules: ClassVar[TableRules] = TableRules()
    redeal_rule: ClassVar[bool] = False
    lead_by_lot: ClassVar[bool] = False  # the first leader is drawn by lot
    # the rule of a forced first lead (first_lead); a lead of any tile needs none
    lead_rule: ClassVar[LeadRule] = LeadRule.HIGHEST_DOUBLE
    # scores_in_play (the catalogue's): placement_points is called only if True
    # whether placements score from the count of the open ends (TableSnapshot.count)
    counts_open_ends: ClassVar[bool] = False
    # in-play points from the count of the open ends alone (CountScoring), which the
    # compiled rollout scores itself; None for any other in-play scoring
    count_scoring: ClassVar[CountScoring | None] = None
    # whether the in-play points follow from what the mover sees (the table, his hand),
    # so scoring hints may show them; False where they depend on the hidden hands
    # (capicua's pases: whether the next seats can answer)
    public_points: ClassVar[bool] = True
    # --- the turn's declared data (docs/rules.md 3 and 4.7-4.17); defaults = 4.1-4.6
    max_placements: ClassVar[int] = 1  # placements in one turn (osel, domiki: 4)
    closers: ClassVar[bool] = False  # doubles may be placed face down (osel)
    skip_empty_hands: ClassVar[bool] = False  # players without tiles are out of the play

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

    # A variant's own actions (kolbasa's cut): moves beyond the placements, draws,
    # passes, reopenings and takes of every variant. The turn machine asks these
    # hooks of any other move; the base has none.
    def is_action(self, move: Move) -> bool:
        """Is ``move`` one of this variant's own actions?"""
        return False

    def resolve_action(self, game: Game, rnd: RoundState, seat: int, move: Move,
                       legal: Sequence[Move]) -> Move:
        """The own action ``move`` checked for ``seat`` and resolved (one of ``legal``),
        or IllegalMoveError saying why not."""
        raise IllegalMoveError(f"not a move: {move!r}")

    def apply_action(self, game: Game, rnd: RoundState, seat: int, move: Move) -> None:
        """Apply a legal, resolved own action of ``seat`` (no checks)."""
        raise ValueError(f"{self.name} has no move {move!r}")

    def action_effect(self, rnd: RoundState, move: Move) -> tuple[End | None, int]:
        """Before ``move`` is applied: the end it goes on and how many tiles of the
        table it moves (for :class:`~engine.core.results.MoveResult`); (None, 0)."""
        return None, 0

    def action_notation(self, table: Table, seat: int, move: Move) -> str:
        """The record notation of an own action, played again on ``table`` (the
        table as it was before it)."""
        raise ValueError(f"{self.name} has no move {move!r}")

    def action_event(self, seat: int, move: Move, points: int) -> PublicEvent:
        """What every seat sees of an own action (public, like a placement)."""
        raise ValueError(f"{self.name} has no move {move!r}")

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

    def bonuses(self, game: Game, rnd: RoundState, seat: int, points: int
                ) -> tuple[tuple[str, int], ...]:
        """The named bonuses of the placement just applied by ``seat`` (its in-play
        ``points``, and the round's end it made, if any), as (name, points) for the
        captions; none in the base."""
        return ()

    def eggs_on_tie(self) -> bool:
        """Is a fish whose lowest sides tie eggs (3a)? False: round_winner decides it
        (capicua's tranque decided player by player)."""
        return True

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
    """The winner of the last round as the next leader (docs/rules.md 3a)."""
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


# All Fives (4.4): a count of the open ends that is a multiple of 5 scores the count.
FIVES_SCORING = CountScoring(5, 5)


def fives_in_play(game: Game, rnd: RoundState, placed: Placed) -> int:
    return FIVES_SCORING.points(rnd, placed)


def fives_round_points(variant: DominoVariant, kind: EndKind, seat: int,
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



def shuffled_set(variant: DominoVariant, rng: random.Random) -> tuple[Tile, ...]:
    """The variant's set in the order a round's deal takes it: canonical, shuffled."""
    tiles = list(full_set(variant.options.set))
    rng.shuffle(tiles)
    return tuple(tiles)


def seeded_set(variant: DominoVariant, text: str) -> tuple[Tile, ...]:
    """The variant's set in the order the deal seeded by ``text`` takes it:
    :func:`shuffled_set` with ``DealRandom(text)``."""
    return seeded_shuffle(text, full_set(variant.options.set))


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


def deal_tiles(variant: DominoVariant, rng: random.Random, sizes: Sequence[int] | None = None
               ) -> tuple[list[list[Tile]], list[Tile]]:
    """A deal as lists (``sizes`` defaults to every seat's hand size)."""
    if sizes is None:
        sizes = [variant.hand_size()] * variant.players
    hands, rest = cut(shuffled_set(variant, rng), sizes)
    return [list(h) for h in hands], list(rest)


def as_domino(variant: Variant) -> DominoVariant:
    """``variant`` as a variant of the domino turn machine (ValueError, as
    :class:`engine.domino.game.Game` raises, for a variant of another kind)."""
    if not isinstance(variant, DominoVariant):
        raise ValueError(f"{variant.name} is a {variant.kind} game, not played by the "
                         f"domino engine: engine.games.new_game deals it")
    return variant


def domino_rules(cls: type[Variant]) -> type[DominoVariant]:
    """The domino declarations of a variant's class: its own for the domino kind, the
    base ones (no table, no closers, one placement a turn ...) for another kind."""
    return cls if issubclass(cls, DominoVariant) else DominoVariant
