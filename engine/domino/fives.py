"""Point-scoring variants: `muggins`, `pyaterochka`, `vsem_po_pyat`, `cuban`
(the fives family of docs/rules.md 3a) and `domiki` (docs/rules.md 4.11-4.15).

Decisions (where docs/rules.md leaves a case open):

- `muggins`, `cuban`: "the sum of all opponents' pips minus his own" in a fish
  is read literally: the others' pips added up, minus the winner's pips once
  (unlike `all_fives`/`pyaterochka`, which subtract them per opponent).
- `muggins`: rounding to the nearest multiple of 5 is applied to the round's
  whole reward (a remainder of 3 or 4 rounds up, 1 or 2 down); the target 61
  is fixed (no `target` option).
- `pyaterochka`: "both rounded to the nearest multiple of 5" rounds the round's
  total reward once (not each opponent's difference); it is not divided by 5.
- `vsem_po_pyat`: the tie-break rounds after an exact tie at or over the target
  are all played (the game does not end early when a side leads during them);
  afterwards the highest total wins, equal highest share the win. `locked` with
  4 players locks nothing. `extra_turn`: the extra turn may itself give another
  (chains), a pass ends it. `no_double_out`: the last tile may not be a double
  or a tile of 3 pips or more (one that scores); a player holding only such a
  tile draws, and passes when nothing may be drawn; a fish is declared when no
  player holds a tile he may place.
- `domiki`: the lead is a turn of its own (one tile); later turns place up to
  four tiles, each on a different arm (W, E, N, S; an arm the turn's spinner
  opened counts as a new arm). A player who places a tile may end his turn
  (`Done`) whenever he likes; the turn ends by itself when no further tile may
  be placed. A player draws only before his first placement. The target may be
  any positive number.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from engine.core.catalogue import Family
from engine.core.errors import OptionsError
from engine.core.options import FREE_TARGETS, Options, OptionSpec
from engine.core.results import EndKind, GameEndReason, GameOutcome, RoundEnd
from engine.core.tiles import Tile
from engine.domino.classic import AllFives
from engine.domino.table import Layout, Placed, SidesOpen, SpinnerRule, TableRules
from engine.domino.variant import (
    DominoVariant,
    clockwise_lead,
    fives_in_play,
    heaviest,
    round_nearest5,
    target_reached,
)

if TYPE_CHECKING:
    from engine.domino.game import Game, RoundState


def _others(side_pips: tuple[int, ...], winner: int) -> int:
    return sum(p for i, p in enumerate(side_pips) if i != winner)


def heaviest_lead(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile | None]:
    """The holder of the heaviest tile leads, any tile of his hand."""
    best = heaviest([t for h in hands for t in h])
    seat = next(s for s, h in enumerate(hands) if best in h)
    return seat, None


class Muggins(DominoVariant):
    """4.11 Маггинс: line layout, one point per five in play, to 61."""

    name = "muggins"
    aliases = ("маггинс",)
    order = 130
    family = Family.FIVES
    option_specs = (OptionSpec.teams(),)
    scores_in_play = True
    counts_open_ends = True
    table_rules = TableRules(Layout.LINE, SpinnerRule.FIRST_DOUBLE, SidesOpen.IMMEDIATELY, 2)
    default_target = 61

    def hand_size(self) -> int:
        return 7 if self.players == 2 else 5

    def placement_points(self, game: Game, rnd: RoundState, placed: Placed) -> int:
        return fives_in_play(game, rnd, placed) // 5

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        points = [0] * len(self.sides)
        if winner is None:
            return points, 0
        pips = _others(side_pips, winner)
        if kind is not EndKind.DOMINO:
            pips -= side_pips[winner]
        points[winner] = round_nearest5(pips) // 5
        return points, 0

    def game_over_in_play(self, game: Game) -> GameOutcome | None:
        return target_reached(game)

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        return target_reached(game)


class Pyaterochka(AllFives):
    """4.12 Пятёрочка: All Fives with N and S open at once and rounded round ends."""

    name = "pyaterochka"
    aliases = ("пятерочка",)
    order = 140
    table_rules = TableRules(Layout.SPINNER, SpinnerRule.FIRST_DOUBLE, SidesOpen.IMMEDIATELY, 2)

    def first_lead(self, hands: Sequence[Sequence[Tile]], lot: random.Random
                   ) -> tuple[int, Tile | None] | None:
        seat, _ = super().first_lead(hands, lot) or (0, None)
        return seat, None  # "ходить дублем необязательно": any tile

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        points = [0] * len(self.sides)
        if winner is None:
            return points, 0
        if kind is EndKind.DOMINO:
            pips = _others(side_pips, winner)
        else:
            own = side_pips[winner]
            pips = sum(p - own for i, p in enumerate(side_pips) if i != winner)
        points[winner] = round_nearest5(pips)
        return points, 0


class VsemPoPyat(DominoVariant):
    """4.13 Всем по пять: double-nine, 5 tiles each, every tile scores its rounded pips."""

    name = "vsem_po_pyat"
    aliases = ("всем_по_пять", "всемпопять", "five_each")
    order = 150
    family = Family.FIVES
    option_specs = (OptionSpec.teams(), OptionSpec.choice("target", (150, 200, 250), 200),
                    OptionSpec.choice("set", (6, 9), 9),
                    OptionSpec.flag("locked", seats=(2, 3)), OptionSpec.flag("extra_turn"),
                    OptionSpec.flag("no_double_out"))
    scores_in_play = True
    default_set = 9
    sets_allowed = (6, 9)
    table_rules = TableRules(Layout.SPINNER, SpinnerRule.FIRST_DOUBLE,
                             SidesOpen.AFTER_BOTH_MAIN, 2)
    default_target = 200
    LOCKED: ClassVar[dict[int, int]] = {2: 2, 3: 1}

    def hand_size(self) -> int:
        return 5

    def drawable(self, undealt: int) -> int:
        locked = self.LOCKED.get(self.players, 0) if self.options.locked else 0
        return max(0, undealt - locked)

    def first_lead(self, hands: Sequence[Sequence[Tile]], lot: random.Random
                   ) -> tuple[int, Tile | None] | None:
        return heaviest_lead(hands)

    def round_lead(self, game: Game, last: RoundState, hands: Sequence[Sequence[Tile]]
                   ) -> tuple[int, Tile | None]:
        return heaviest_lead(hands)

    @staticmethod
    def tile_points(tile: Tile) -> int:
        return round_nearest5(tile.pips)

    def placement_points(self, game: Game, rnd: RoundState, placed: Placed) -> int:
        return self.tile_points(placed.tile)

    def may_place(self, game: Game, rnd: RoundState, seat: int, tile: Tile) -> bool:
        if self.options.no_double_out and len(rnd.hands[seat]) == 1:
            return not (tile.is_double or self.tile_points(tile) > 0)
        return True

    def extra_turn(self, game: Game, rnd: RoundState, seat: int,
                   placed: Sequence[Placed], points: int) -> bool:
        return self.options.extra_turn and bool(placed) and (
            points > 0 or any(p.tile.is_double for p in placed))

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        points = [0] * len(self.sides)
        if winner is None:
            return points, 0
        if kind is EndKind.DOMINO:
            points[winner] = -side_pips[winner]  # the partner's pips (0 without teams)
        else:
            own = side_pips[winner]
            points[winner] = sum(p - own for i, p in enumerate(side_pips) if i != winner)
        return points, 0

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        target = self.target
        assert target is not None
        # The totals after each round; the first round that brought a side to the target.
        totals = list(game.totals)
        for rnd in game.rounds:
            totals = [t - p for t, p in zip(totals, rnd.points, strict=True)]
        first = -1 if max(totals) >= target else None
        for i, rnd in enumerate(game.rounds):
            totals = [t + p for t, p in zip(totals, rnd.points, strict=True)]
            if first is None and max(totals) >= target:
                first = i
        if first is None:
            return None
        best = max(game.totals)
        leaders = tuple(i for i, t in enumerate(game.totals) if t == best)
        played_after = len(game.rounds) - 1 - first
        if (played_after == 0 and len(leaders) == 1) or played_after >= self.players:
            losers = tuple(i for i in range(len(game.totals)) if i not in leaders)
            return GameOutcome(leaders, losers, GameEndReason.TARGET)
        return None


class Cuban(DominoVariant):
    """4.14 Cuban dominoes: double-nine, 10 tiles each, no drawing, line layout."""

    name = "cuban"
    aliases = ("кубинское", "кубинский")
    order = 160
    family = Family.BLOCK_DRAW
    option_specs = (OptionSpec.teams(), OptionSpec.choice("target", (100, 150, 200), 100))
    draws = False
    default_set = 9
    sets_allowed = (9,)
    default_target = 100

    def hand_size(self) -> int:
        return 10

    def next_lead(self, game: Game, last: RoundState) -> tuple[int, Tile | None]:
        return clockwise_lead(game, last)

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        points = [0] * len(self.sides)
        if winner is not None:
            points[winner] = _others(side_pips, winner)
            if kind is not EndKind.DOMINO:
                points[winner] -= side_pips[winner]
        return points, 0

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        return target_reached(game)


class Domiki(DominoVariant):
    """4.15 Домики / Блоха: up to four tiles a turn, each scores its pips."""

    name = "domiki"
    aliases = ("домики", "блоха", "flea")
    order = 170
    family = Family.FIVES
    option_specs = (OptionSpec.number("target", FREE_TARGETS, 150),)
    scores_in_play = True
    max_placements = 4
    lead_by_lot = True
    table_rules = TableRules(Layout.SPINNER, SpinnerRule.FIRST_DOUBLE, SidesOpen.IMMEDIATELY, 2)
    default_target = 150

    def __init__(self, options: Options) -> None:
        if options.teams:
            raise OptionsError("domiki is played each for himself")
        super().__init__(options)

    def hand_size(self) -> int:
        return 7 if self.players == 2 else 5

    def first_lead(self, hands: Sequence[Sequence[Tile]], lot: random.Random
                   ) -> tuple[int, Tile | None] | None:
        return (lot.randrange(len(hands)), None)

    def placement_points(self, game: Game, rnd: RoundState, placed: Placed) -> int:
        return placed.tile.pips

    def game_over_in_play(self, game: Game) -> GameOutcome | None:
        return target_reached(game)

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        return target_reached(game)


FIVES_FAMILY: tuple[type[DominoVariant], ...] = (Muggins, Pyaterochka, VsemPoPyat, Cuban, Domiki)
