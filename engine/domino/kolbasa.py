"""`kolbasa` — "Колбаса" (Sausage), docs/rules.md 4.19.

Two players, the whole double-six dealt (14 tiles each, nothing to draw). The
table is a line whose two arms are owned: W (the leader's line) and E (the other
player's). A player must place on his own line when he can, else on the
opponent's, else he passes (``free_lines``: either line at will). The cut
(``cut:x-y``, :class:`engine.core.moves.Cut`) lays ``x-y`` on the cutter's line and
moves that whole line, reversed, onto the opponent's (:meth:`Table.cut`). Goat
scoring: the loser is written his pips; 101 loses the game.

The turn machine is the shared one: this variant declares its table
(``write_end``: every placement names its line) and overrides
:meth:`adjust_moves` (own line first, the cut, both orientations of a later
round's lead) and :meth:`refusal` (why a placement or cut is refused).

Decisions beyond docs/rules.md: the first round's forced ``1-1`` is a double, so its
orientation does not matter; a later round's leader may lead any tile either way
round (the legal moves list both orientations of a non-double).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from engine.core.catalogue import Family
from engine.core.errors import IllegalMoveError
from engine.core.moves import Cut, End, Move, Place
from engine.core.options import OptionSpec
from engine.core.results import EndKind, GameEndReason, GameOutcome, PublicEvent, RoundEnd
from engine.core.tiles import Tile
from engine.domino.table import Table, TableRules
from engine.domino.variant import DominoVariant, LeadRule

if TYPE_CHECKING:
    from engine.domino.game import Game, RoundState

ONE_ONE = Tile(1, 1)


def own_end(rnd: RoundState, seat: int) -> End:
    """The arm a seat owns: W is the round's leader's line (docs/rules.md 4.19 [K3])."""
    return End.W if seat == rnd.deal.leader else End.E


def other_end(end: End) -> End:
    return End.E if end is End.W else End.W


def line_owner(rnd: RoundState, end: End) -> int:
    """The seat owning arm ``end`` in a two-player round."""
    leader = rnd.deal.leader
    return leader if end is End.W else 1 - leader


def cut_tile(rnd: RoundState, seat: int) -> Cut | None:
    """The cut ``seat`` may make now (None: none): both lines hold a tile and he
    holds the tile of his own end and the opponent's end."""
    table = rnd.table
    arms = table.arms
    if table.lead is None or not arms[End.W] or not arms[End.E]:
        return None
    own = own_end(rnd, seat)
    other = other_end(own)
    ends = table.open_ends()
    x, y = ends[own], ends[other]
    tile = Tile(min(x, y), max(x, y))
    if tile in rnd.hands[seat]:
        return Cut(tile, own, other)
    return None


class Kolbasa(DominoVariant):
    """4.19 Колбаса: two owned lines, the cut, goat scoring to 101."""

    name = "kolbasa"
    aliases: ClassVar[tuple[str, ...]] = ("колбаса", "sausage", "колбаска")
    order = 180
    family = Family.KOLBASA
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec.number("target", (51, 101, 151), 101), OptionSpec.flag("free_lines"))
    penalty_scoring = True
    players_allowed: ClassVar[tuple[int, ...]] = (2,)
    teams_possible = False
    draws = False
    default_target = 101
    lead_rule = LeadRule.ONE_ONE
    table_rules: ClassVar[TableRules] = TableRules(write_end=True)

    def losing_total(self) -> int | None:
        return self.target

    def hand_size(self) -> int:
        return 14  # [K1]: the whole set

    def first_lead(self, hands: Sequence[Sequence[Tile]], lot: random.Random
                   ) -> tuple[int, Tile | None] | None:
        """[K2]: the holder of ``1-1`` leads it (everything is dealt)."""
        for seat, hand in enumerate(hands):
            if ONE_ONE in hand:
                return seat, ONE_ONE
        return None  # pragma: no cover - a short test deal only

    # ------------------------------------------------------------------ turns
    def adjust_moves(self, game: Game, rnd: RoundState, seat: int,
                     placements: list[Move]) -> list[Move]:
        """[K4]/[K5]/[K8]: own line first (a cut counts as such), then the
        opponent's; a later round's non-double lead either way round."""
        if rnd.table.lead is None:
            out: list[Move] = []
            for m in placements:
                out.append(m)
                if isinstance(m, Place) and not m.tile.is_double:
                    out.append(Place(m.tile, None, m.tile.other(m.tile.b)))
            return out
        cut = cut_tile(rnd, seat)
        cuts: list[Move] = [cut] if cut is not None else []
        if self.options.free_lines:
            return placements + cuts
        own = own_end(rnd, seat)
        mine = [m for m in placements if isinstance(m, Place) and m.end is own]
        if mine:
            return mine + cuts
        return placements  # only the opponent's line takes a tile (or nothing)

    # ------------------------------------------------------------------ the cut
    def is_action(self, move: Move) -> bool:
        return isinstance(move, Cut)

    def resolve_action(self, game: Game, rnd: RoundState, seat: int, move: Move,
                       legal: Sequence[Move]) -> Move:
        """The arms of a cut come from the legal cut."""
        assert isinstance(move, Cut)
        if move.tile not in rnd.hands[seat]:
            raise IllegalMoveError(f"seat {seat} does not hold {move.tile}")
        for m in legal:
            if isinstance(m, Cut) and m.tile == move.tile and (
                    move.end is None or (m.end, m.onto) == (move.end, move.onto)):
                return m
        raise IllegalMoveError(self.refusal(game, rnd, seat, move)
                               or f"{move.tile} cannot cut now")

    def apply_action(self, game: Game, rnd: RoundState, seat: int, move: Move) -> None:
        """The cut: a placement plus a table operation (:meth:`Table.cut`), then the
        turn ends as after a placement."""
        assert isinstance(move, Cut) and move.end is not None and move.onto is not None
        tile = move.tile
        rnd.hands[seat].remove(tile)
        holding = rnd.holding
        holding[tile.a] -= 1
        if not tile.is_double:
            holding[tile.b] -= 1
        rnd.table.cut(tile, move.end, move.onto, seat)
        rnd.last_placer = seat
        rnd.add_log(seat, move, 0, None)
        game.after_action(rnd, seat)

    def action_effect(self, rnd: RoundState, move: Move) -> tuple[End | None, int]:
        """A cut moves the cutter's line and the cutting tile."""
        if isinstance(move, Cut) and move.end:
            return move.end, len(rnd.table.arms[move.end]) + 1
        return None, 0

    def action_notation(self, table: Table, seat: int, move: Move) -> str:
        """``cut:x-y``, ``x`` against the cutter's end."""
        assert isinstance(move, Cut) and move.end is not None and move.onto is not None
        x = table.open_ends()[move.end]
        table.cut(move.tile, move.end, move.onto, seat)
        return f"cut:{x}-{move.tile.other(x)}"

    def action_event(self, seat: int, move: Move, points: int) -> PublicEvent:
        assert isinstance(move, Cut)
        return PublicEvent(seat, "cut", move.tile, move.end, points)

    def refusal(self, game: Game, rnd: RoundState, seat: int, move: Move) -> str | None:
        table = rnd.table
        if table.lead is None:
            return None
        own = own_end(rnd, seat)
        ends = table.open_ends()
        if isinstance(move, Cut):
            if not table.arms[End.W] or not table.arms[End.E]:
                return "a cut needs a tile on both lines beyond the lead"
            x, y = ends[own], ends[other_end(own)]
            return f"a cut now needs the tile {x}-{y}, not {move.tile}"
        if (isinstance(move, Place) and move.end is other_end(own)
                and not self.options.free_lines
                and any(t.has(ends[own]) for t in rnd.hands[seat])):
            return (f"seat {seat}'s own line ({own}, ending in {ends[own]}) takes a tile: "
                    "the opponent's line only when his own takes none")
        return None

    # ---------------------------------------------------------------- scoring
    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        """[K6]: the loser is written his pips; eggs write and carry nothing."""
        points = [0] * len(self.sides)
        if kind is EndKind.EGGS or winner is None:
            return points, 0
        for side in range(len(self.sides)):
            if side != winner:
                points[side] = side_pips[side]
        return points, 0

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        """[K7]: whoever reaches the target loses; the other wins."""
        target = self.target
        assert target is not None
        losers = tuple(i for i, t in enumerate(game.totals) if t >= target)
        if not losers:
            return None
        winners = tuple(i for i in range(len(game.totals)) if i not in losers)
        return GameOutcome(winners, losers, GameEndReason.GOAT)
