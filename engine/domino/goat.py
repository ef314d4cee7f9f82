"""The goat family and its relatives: `sea_kozel`, `general_kozel`, `osel`,
`checheve`, `sport` and `semerka` (docs/rules.md 4.7-4.10, 4.16, 4.17).

Decisions (where docs/rules.md leaves a case open):

- `sea_kozel`: eggs carry what the losers would have been written (every
  player's pips minus one of the tied lowest), added to the next written
  loser's write before the 25 discard. A `0-0` finish writes 75 plus any carry
  (the carry joins the next write, and 75 is that write; no discard applies to
  it). A `6-6` finish sets the totals to 100 and 0 and drops the carry.
  `fish_point` (option) writes 1 more to the player who made the fish.
- `general_kozel`: a player who empties his hand while his partner still holds
  tiles leaves the play; the round goes on. A fish is a drawn round, whatever
  the pips (its kind is still `fish` or `eggs` by the pips). With the option
  `rounds`, the most round points after that many rounds win; equal teams share.
  The domino's `end.seat` is the partner who placed the team's last tile.
- `osel`/`checheve`: a closer matches its end like any tile (docs/rules.md 2), so
  which double it is follows from the end it closes: it is shown face down
  (``Placed.face_down``) but not secret. The lead is a turn of its own. A turn
  that starts with a double may go on with more doubles on other arms (face up
  or down), up to four; the player may stop after any of them (`Done`). A
  closer is reopened only by its placer, as the first part of a turn: before
  his first placement and before any draw of that turn, whether or not it then
  lets him place; several may be reopened (`open:E+open:N`). A player who
  cannot place but could after reopening must reopen (no draw or pass then):
  at the start of his turn any of his closers, after a draw in that turn
  (when the drawn tile fits only a closed end) only a closer that lets him
  place. A reopened double stays where it is and never becomes the spinner.
  A fish counts a player's own closers as places he could reopen (he may
  always reopen one that lets him place).
- `checheve`: the 25/50 values of a lone `0-0`/`6-6` count everywhere a hand
  is counted (the fish, the write, eggs). On a `0-0` domino the round's write is
  still written, then every other player is a goat. The `6-6` domino's 50 per
  other player is not subject to the 13 discard.
- `sport`: eggs carry the tied pips (what the winner would have been credited),
  added to the next credit before the under-13 rule.
- `semerka`: sticks are the totals (one point per stick). A fish whose lowest
  hands tie is eggs (docs/rules.md 3a): no sticks. The forced draws come at the
  start of the next player's turn, after all the 7-player's extra turns; a fish
  is checked after the boneyard part. The take is chosen at random (from the
  game's seed and the position) among the 7-player's tiles, at most all but
  one; it is written `take:a-b+c-d` (tiles low-high, sorted) as a record move
  of its own, by the taker. The other players' views show how many tiles were
  taken, not which. A 6 on the lead gives the leader another turn too. With
  players out of the game, the deal and the boneyard rule follow the number of
  players left (2 left: 7 each, 7 drawable).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from engine.core.catalogue import Family
from engine.core.errors import OptionsError
from engine.core.options import ROUND_COUNTS, Options, OptionSpec
from engine.core.results import EndKind, GameEndReason, GameOutcome, RoundEnd
from engine.core.tiles import Tile
from engine.domino.classic import Kozel
from engine.domino.table import Layout, Placed, SidesOpen, SpinnerRule, TableRules
from engine.domino.variant import (
    Deal,
    DominoVariant,
    LeadRule,
    lowest_double_lead,
    winner_seat,
)

if TYPE_CHECKING:
    from engine.domino.game import Game, RoundState

ZERO = Tile(0, 0)
SIX = Tile(6, 6)


def heaviest_loser(side_pips: Sequence[int], winner: int) -> int:
    """The loser with the most pips; between equals the one who would have played
    next soonest after the winner."""
    n = len(side_pips)
    order = [(winner + k) % n for k in range(1, n)]
    return max(order, key=lambda s: (side_pips[s], -order.index(s)))


def last_tile(rnd: RoundState) -> Tile | None:
    last = rnd.table.last
    return None if last is None else last.tile


def goats(game: Game, limit: int) -> GameOutcome | None:
    losers = tuple(i for i, t in enumerate(game.totals) if t >= limit)
    if not losers:
        return None
    winners = tuple(i for i in range(len(game.totals)) if i not in losers)
    return GameOutcome(winners, losers, GameEndReason.GOAT)


class SeaKozel(Kozel):
    """4.7 Морской козёл: one loser a round, 25 discard, 0-0 and 6-6 finishes, 125."""

    name = "sea_kozel"
    aliases = ("морской", "морской_козел", "sea")
    order = 70
    option_specs = (OptionSpec.flag("fish_point"),)
    GOAT = 125
    DISCARD_BELOW = 25

    teams_possible = False

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        points = [0] * len(self.sides)
        if kind is EndKind.EGGS or winner is None:
            carry = game.carry + sum(side_pips) - min(side_pips)
            if self.options.fish_point:
                points[seat] += 1
            return points, carry
        loser = heaviest_loser(side_pips, winner)
        last = last_tile(rnd)
        if kind is EndKind.DOMINO and last == SIX:
            points[loser] = 100 - game.totals[loser]
            points[winner] = -game.totals[winner]
            return points, 0
        if kind is EndKind.DOMINO and last == ZERO:
            points[loser] = 75 + game.carry
        else:
            write = sum(p for i, p in enumerate(side_pips) if i != winner) + game.carry
            points[loser] = write if write >= self.DISCARD_BELOW else 0
        if self.options.fish_point and kind is not EndKind.DOMINO:
            points[seat] += 1
        return points, 0

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        return goats(game, self.GOAT)


class Sport(Kozel):
    """4.17 Спортивное: kozel in two teams, the winners credited, first to 101."""

    name = "sport"
    aliases = ("спортивное", "спорт")
    order = 110
    penalty_scoring = False  # the winners are credited
    option_specs = (OptionSpec.teams(on_with_four=True),)
    players_allowed = (4,)
    TARGET = 101

    def __init__(self, options: Options) -> None:
        if not options.teams:
            raise OptionsError("sport is played in two teams")
        super().__init__(options)

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        points = [0, 0]
        if kind is EndKind.EGGS or winner is None:
            return points, game.carry + sum(side_pips) - min(side_pips)
        credit = side_pips[1 - winner] + game.carry
        if game.totals[winner] == 0 and credit < self.DISCARD_BELOW:
            credit = 0
        points[winner] = credit
        return points, 0

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        best = max(game.totals)
        if best < self.TARGET:
            return None
        winners = tuple(i for i, t in enumerate(game.totals) if t == best)
        losers = tuple(i for i in range(2) if i not in winners)
        return GameOutcome(winners, losers, GameEndReason.TARGET)


class GeneralKozel(DominoVariant):
    """4.8 Генеральский козёл: both partners must go out, the last tile 0-0 or 6-6."""

    name = "general_kozel"
    aliases = ("генеральский", "генеральский_козел", "general")
    order = 80
    family = Family.GOAT
    pip_scoring = False
    round_wins = True
    signals = True
    option_specs = (OptionSpec.teams(on_with_four=True), OptionSpec.number("rounds", ROUND_COUNTS))
    players_allowed = (4,)
    redeal_rule = True
    skip_empty_hands = True
    lead_rule = LeadRule.LOWEST_DOUBLE
    TARGET = 6

    def __init__(self, options: Options) -> None:
        if not options.teams:
            raise OptionsError("general_kozel is played in two teams")
        super().__init__(options)

    def first_lead(self, hands: Sequence[Sequence[Tile]], lot: random.Random
                   ) -> tuple[int, Tile | None] | None:
        return lowest_double_lead(hands)

    def next_lead(self, game: Game, last: RoundState) -> tuple[int, Tile | None]:
        end = last.end
        assert end is not None
        if end.winner is None:
            return last.deal.leader, None
        return end.seat, None

    def round_over_after_place(self, game: Game, rnd: RoundState, seat: int) -> bool:
        return all(not rnd.hands[s] for s in self.sides[self.side_of[seat]])

    def round_winner(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], default: int | None) -> int | None:
        if kind is EndKind.DOMINO and last_tile(rnd) in (ZERO, SIX):
            return self.side_of[seat]
        return None

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        points = [0, 0]
        if winner is not None:
            points[winner] = 1
        return points, 0

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        rounds = self.options.rounds
        totals = game.totals
        best = max(totals)
        if rounds is not None:
            if len(game.rounds) < rounds:
                return None
            reason = GameEndReason.ROUNDS
        elif best >= self.TARGET:
            reason = GameEndReason.TARGET
        else:
            return None
        winners = tuple(i for i, t in enumerate(totals) if t == best)
        return GameOutcome(winners, tuple(i for i in range(2) if i not in winners), reason)


class Osel(Kozel):
    """4.9 Осёл: kozel's scoring, four directions, doubles in a row, closers."""

    name = "osel"
    aliases: ClassVar[tuple[str, ...]] = ("осел", "donkey")
    order = 90
    option_specs = (OptionSpec.flag("fish_point"),)
    table_rules = TableRules(Layout.SPINNER, SpinnerRule.FIRST_DOUBLE, SidesOpen.IMMEDIATELY, 2)
    max_placements = 4
    closers = True

    teams_possible = False

    def may_continue(self, first: Placed, tile: Tile) -> bool:
        return first.tile.is_double and tile.is_double


class Checheve(Osel):
    """4.10 Чечевэ: osel, with lone 0-0/6-6 values and the write to the heaviest loser."""

    name = "checheve"
    aliases = ("чечевэ", "чечеве")
    order = 100

    def hand_value(self, hand: Sequence[Tile]) -> int:
        if len(hand) == 1 and hand[0] == ZERO:
            return 25
        if len(hand) == 1 and hand[0] == SIX:
            return 50
        return sum(t.pips for t in hand)

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        points = [0] * len(self.sides)
        if kind is EndKind.EGGS or winner is None:
            carry = game.carry + sum(side_pips) - min(side_pips)
            if self.options.fish_point:
                points[seat] += 1
            return points, carry
        write = sum(p for i, p in enumerate(side_pips) if i != winner) + game.carry
        if write >= self.DISCARD_BELOW:
            points[heaviest_loser(side_pips, winner)] = write
        if kind is EndKind.DOMINO and last_tile(rnd) == SIX:
            for i in range(len(points)):
                if i != winner:
                    points[i] += 50
        if self.options.fish_point and kind is not EndKind.DOMINO:
            points[seat] += 1
        return points, 0

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        if end.kind is EndKind.DOMINO and end.winner is not None and (
                last_tile(game.round) == ZERO):
            others = tuple(i for i in range(len(game.totals)) if i != end.winner)
            return GameOutcome((end.winner,), others, GameEndReason.GOAT)
        return goats(game, self.GOAT)


class Semerka(DominoVariant):
    """4.16 Семёрка: a 6 plays again, a 7 makes the next player draw 2, sticks."""

    name = "semerka"
    aliases = ("семерка", "seven")
    order = 120
    family = Family.GOAT
    penalty_scoring = True
    pip_scoring = False  # sticks
    skip_empty_hands = True
    lead_rule = LeadRule.LOWEST_DOUBLE
    STICKS_OUT = 3
    teams_possible = False

    def losing_total(self) -> int | None:
        return self.STICKS_OUT

    def __init__(self, options: Options) -> None:
        if options.teams:
            raise OptionsError("semerka is played each for himself")
        super().__init__(options)

    def in_game(self, totals: Sequence[int]) -> list[int]:
        return [s for s in range(self.players) if totals[s] < self.STICKS_OUT]

    def hand_sizes(self, totals: Sequence[int]) -> list[int]:
        left = self.in_game(totals)
        k = 7 if len(left) <= 2 else 5
        return [k if s in left else 0 for s in range(self.players)]

    def hand_size(self) -> int:
        return 7 if self.players == 2 else 5

    def drawable_in(self, deal: Deal) -> int:
        dealt = sum(1 for h in deal.hands if h)
        return len(deal.boneyard) if dealt > 2 else min(7, len(deal.boneyard))

    def first_lead(self, hands: Sequence[Sequence[Tile]], lot: random.Random
                   ) -> tuple[int, Tile | None] | None:
        return lowest_double_lead(hands)

    def round_lead(self, game: Game, last: RoundState, hands: Sequence[Sequence[Tile]]
                   ) -> tuple[int, Tile | None]:
        seat = winner_seat(game, last)
        for _ in range(self.players):
            if hands[seat]:
                break
            seat = (seat + 1) % self.players
        return seat, None

    def hand_value(self, hand: Sequence[Tile]) -> int:
        return sum(10 if t.is_double else t.pips for t in hand)

    def sides_in_round(self, rnd: RoundState) -> list[int]:
        return [s for s, h in enumerate(rnd.deal.hands) if h]

    def round_winner(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], default: int | None) -> int | None:
        if kind is EndKind.FISH:
            live = self.sides_in_round(rnd)
            return min(live, key=lambda s: (side_pips[s], s))
        return default

    def extra_turn(self, game: Game, rnd: RoundState, seat: int,
                   placed: Sequence[Placed], points: int) -> bool:
        return any(p.tile.has(6) for p in placed)

    def owed_draws(self, placed: Placed) -> int:
        return 2 if placed.tile.pips == 7 else 0

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        points = [0] * len(self.sides)
        if kind is EndKind.EGGS:
            return points, 0
        live = self.sides_in_round(rnd)
        most = max(side_pips[s] for s in live)
        for s in live:
            if side_pips[s] == most and s != winner:
                points[s] = 1
        return points, 0

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        left = self.in_game(game.totals)
        if len(left) > 1:
            return None
        # Eliminated together with nobody left: they share the win.
        winners = tuple(left) if left else tuple(self.sides_in_round(game.round))
        losers = tuple(s for s in range(self.players) if s not in winners)
        return GameOutcome(winners, losers, GameEndReason.LAST_LEFT)


GOAT_FAMILY: tuple[type[DominoVariant], ...] = (SeaKozel, GeneralKozel, Osel, Checheve, Sport,
                                                 Semerka)
