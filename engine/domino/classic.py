"""The first six variants: Телефон, Тройное домино, Козёл, All Fives, Draw and Block
(docs/rules.md 4.1-4.6)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from engine.core.catalogue import Family
from engine.core.errors import OptionsError
from engine.core.options import Options, OptionSpec
from engine.core.results import EndKind, GameEndReason, GameOutcome, RoundEnd
from engine.core.tiles import Tile
from engine.domino.table import Layout, Placed, SidesOpen, SpinnerRule, TableRules
from engine.domino.variant import (
    FIVES_SCORING,
    TELEPHONE_LEADS,
    CountScoring,
    DominoVariant,
    LeadRule,
    clockwise_lead,
    fives_round_points,
    lowest_double_lead,
    round_up5,
    target_reached,
    winner_seat,
)

if TYPE_CHECKING:
    from engine.domino.game import Game, RoundState

# 4.1: a count of the open ends that is a multiple of 5 scores count / 5.
TELEPHONE_SCORING = CountScoring(5, 1)
# 4.2: three counted ends or more whose sum is a multiple of 3 score 6; the first
# double scores 2 in the round's first four turns, 4 in the next four, 8 later.
THREES_SCORING = CountScoring(3, 6, per_count=False, min_ends=3, spinner_bonus=(2, 4, 8))


class Telephone(DominoVariant):
    """4.1 Телефон."""

    name = "telephone"
    aliases = ("телефон",)
    order = 20
    family = Family.TELEPHONE
    option_specs = (OptionSpec.teams(on_with_four=True), OptionSpec.choice("target", (51,), 51))
    scores_in_play = True
    counts_open_ends = True
    players_allowed = (2, 4)
    table_rules = TableRules(Layout.SPINNER, SpinnerRule.FIRST_CLOSED_DOUBLE,
                             SidesOpen.AFTER_BOTH_MAIN, 2)
    redeal_rule = True
    default_target = 51
    lead_rule = LeadRule.TELEPHONE
    count_scoring = TELEPHONE_SCORING
    REWARD_CAP = 40

    def __init__(self, options: Options) -> None:
        if options.players == 4 and not options.teams:
            raise OptionsError("telephone with 4 players is played in two teams")
        super().__init__(options)

    def drawable(self, undealt: int) -> int:
        return max(0, undealt - 1)  # the boneyard's last tile is locked

    def first_lead(self, hands: Sequence[Sequence[Tile]], lot: random.Random
                   ) -> tuple[int, Tile | None] | None:
        holder = {t: seat for seat, hand in enumerate(hands) for t in hand}
        for t in TELEPHONE_LEADS:
            if t in holder:
                return holder[t], t
        return None

    def placement_points(self, game: Game, rnd: RoundState, placed: Placed) -> int:
        if placed.order == 0 and placed.tile != Tile(5, 5):
            return 0
        return TELEPHONE_SCORING.points(rnd, placed)

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        points = [0, 0]
        if kind is EndKind.EGGS:
            return points, game.carry + round_up5(side_pips[0]) // 5
        assert winner is not None
        reward = round_up5(side_pips[1 - winner]) // 5 + game.carry
        if game.totals[winner] < self.REWARD_CAP:
            points[winner] = reward
        return points, 0

    def four_fives(self, rnd: RoundState) -> bool:
        ends = rnd.table.four_ends()
        return ends is not None and all(e == 5 for e in ends)

    def fish_outcome(self, game: Game, rnd: RoundState) -> GameOutcome | None:
        """A fish with four fives on the ends: the last placer's side wins the game."""
        if not self.four_fives(rnd):
            return None
        side = self.side_of[rnd.last_placer]
        return GameOutcome((side,), tuple(i for i in range(len(self.sides)) if i != side),
                           GameEndReason.FOUR_FIVES)

    def game_over_in_play(self, game: Game) -> GameOutcome | None:
        return target_reached(game)

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        return target_reached(game)


class Threes(DominoVariant):
    """4.2 Тройное домино."""

    name = "threes"
    aliases = ("тройное", "тройки")
    order = 30
    family = Family.THREES
    option_specs = (OptionSpec.teams(), OptionSpec.number("target"))  # the lobby offers none
    scores_in_play = True
    counts_open_ends = True
    lead_by_lot = True
    table_rules = TableRules(Layout.SPINNER, SpinnerRule.FIRST_DOUBLE, SidesOpen.IMMEDIATELY, 1)
    count_scoring = THREES_SCORING

    def hand_size(self) -> int:
        return 5 if self.players == 4 else 6

    def first_lead(self, hands: Sequence[Sequence[Tile]], lot: random.Random
                   ) -> tuple[int, Tile | None] | None:
        return (lot.randrange(len(hands)), None)

    def next_lead(self, game: Game, last: RoundState) -> tuple[int, Tile | None]:
        return clockwise_lead(game, last)

    def placement_points(self, game: Game, rnd: RoundState, placed: Placed) -> int:
        return THREES_SCORING.points(rnd, placed)

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        if self.options.target is not None:
            return target_reached(game)
        best = max(game.totals)
        winners = tuple(i for i, t in enumerate(game.totals) if t == best)
        losers = tuple(i for i in range(len(game.totals)) if i not in winners)
        return GameOutcome(winners, losers, GameEndReason.ROUNDS)


class Kozel(DominoVariant):
    """4.3 Козёл."""

    name = "kozel"
    aliases: ClassVar[tuple[str, ...]] = ("козел", "goat")
    order = 10
    family = Family.GOAT
    penalty_scoring = True
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec.teams(on_with_four=True), OptionSpec.flag("fish_point"))
    redeal_rule = True
    lead_rule = LeadRule.LOWEST_DOUBLE
    GOAT = 101
    DISCARD_BELOW = 13

    def losing_total(self) -> int | None:
        return self.GOAT if self.penalty_scoring else None

    @classmethod
    def discard_limit(cls) -> int | None:
        return cls.DISCARD_BELOW

    def first_lead(self, hands: Sequence[Sequence[Tile]], lot: random.Random
                   ) -> tuple[int, Tile | None] | None:
        return lowest_double_lead(hands)

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        n = len(self.sides)
        points = [0] * n
        if kind is EndKind.EGGS:
            carry = game.carry + sum(side_pips) - min(side_pips)
        else:
            carry = 0
            for side in range(n):
                if side == winner:
                    continue
                write = side_pips[side] + game.carry
                if write >= self.DISCARD_BELOW:
                    points[side] = write
        if self.options.fish_point and kind is not EndKind.DOMINO:
            points[self.side_of[seat]] += 1
        return points, carry

    def next_lead(self, game: Game, last: RoundState) -> tuple[int, Tile | None]:
        return (winner_seat(game, last), None)

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        goats = tuple(i for i, t in enumerate(game.totals) if t >= self.GOAT)
        if not goats:
            return None
        winners = tuple(i for i in range(len(game.totals)) if i not in goats)
        return GameOutcome(winners, goats, GameEndReason.GOAT)


class AllFives(DominoVariant):
    """4.4 All Fives."""

    name = "all_fives"
    aliases: ClassVar[tuple[str, ...]] = ("fives", "allfives")
    order = 40
    family = Family.FIVES
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec.teams(), OptionSpec.choice("target", (100, 150, 200, 250), 150))
    scores_in_play = True
    counts_open_ends = True
    table_rules = TableRules(Layout.SPINNER, SpinnerRule.FIRST_DOUBLE,
                             SidesOpen.AFTER_BOTH_MAIN, 2)
    default_target = 150
    in_play_scoring: ClassVar[bool] = True
    count_scoring: ClassVar[CountScoring | None] = FIVES_SCORING

    def hand_size(self) -> int:
        return 7 if self.players == 2 else 5

    def next_lead(self, game: Game, last: RoundState) -> tuple[int, Tile | None]:
        return clockwise_lead(game, last)

    def placement_points(self, game: Game, rnd: RoundState, placed: Placed) -> int:
        return FIVES_SCORING.points(rnd, placed) if self.in_play_scoring else 0

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        return fives_round_points(self, kind, seat, side_pips, winner), 0

    def game_over_in_play(self, game: Game) -> GameOutcome | None:
        return target_reached(game)

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        return target_reached(game)


class DrawGame(AllFives):
    """4.5 Draw game: line layout, no scoring in play, target 100."""

    name = "draw"
    aliases: ClassVar[tuple[str, ...]] = ()
    order = 50
    family = Family.BLOCK_DRAW
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec.teams(), OptionSpec.choice("target", (100, 150, 200, 250), 100))
    table_rules = TableRules(Layout.LINE, SpinnerRule.FIRST_DOUBLE, SidesOpen.IMMEDIATELY, 2)
    default_target = 100
    in_play_scoring = False
    scores_in_play = False
    count_scoring = None
    counts_open_ends = False


class Block(DrawGame):
    """4.6 Block game: nobody draws; 7 tiles each; teams by default with 4."""

    name = "block"
    aliases = ()
    order = 60
    option_specs = (OptionSpec.teams(on_with_four=True),
                    OptionSpec.choice("target", (100, 150, 200, 250), 100))
    draws = False

    def hand_size(self) -> int:
        return 7
