"""Capicúa, the Latin American partnership block game (docs/rules.md 4.24).

Four players in fixed partnerships (seats 0+2 against 1+3), the double-six set dealt
out, seven tiles each, nobody draws. The game's first hand is led with 6-6, later
hands by the winner (option ``lead``). In play a side scores the pase de salida (the
seat after the leader cannot answer the lead) and the pase corrido (the next three
seats all pass after a placement); a hand that a player ends scores the pips left
(option ``count``) and the capicúa and chuchazo bonuses; a blocked hand (tranque) is
won as the option ``tranque`` says. The named presets are sets of these options.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from engine.core.catalogue import Family
from engine.core.errors import OptionsError
from engine.core.moves import End
from engine.core.options import OptionKind, Options, OptionSpec, Preset
from engine.core.results import EndKind, GameEndReason, GameOutcome, RoundEnd
from engine.core.tiles import Tile
from engine.domino.table import Placed
from engine.domino.turns import arm_of
from engine.domino.variant import DominoVariant, clockwise_lead, winner_seat

if TYPE_CHECKING:
    from engine.domino.game import Game, RoundState

# The numbered choices of the options ``count``, ``tranque`` and ``lead``.
COUNT_ALL = 1  # a domino scores the pips of the three other hands, the partner's too
COUNT_OPPONENTS = 2  # ... of the two opponents' hands only
TRANQUE_TEAM = 1  # the side whose two hands hold fewer pips; equal: eggs
TRANQUE_INDIVIDUAL = 2  # the player with fewest pips; both sides hold it: the leaders'
TRANQUE_BLOCKER = 3  # the blocker against the opponent before him; equal: the blocker
LEAD_WINNER = 1  # the player who went out (after a tranque: the winners' lighter hand)
LEAD_ROTATE = 2  # the seat after the last hand's leader

SIX_SIX = Tile(6, 6)
BLANKS = Tile(0, 0)
# The hand bonus of the game's first four hands (a hand in eggs uses its number up).
HAND_BONUSES = (100, 75, 50, 25)
PASE_SALIDA_DOUBLE = 25  # the pase de salida on a double lead
PASE_SALIDA_OTHER = 50  # ... on a lead that is not a double


PRESETS: tuple[Preset, ...] = (
    Preset("dominican", ()),
    Preset("puerto_rico_500", (("target", 500), ("capicua", 100), ("chuchazo", 100),
                               ("pase_salida", False), ("pase_corrido", 0),
                               ("hand_bonus", True))),
    Preset("puerto_rico_200", (("target", 200), ("capicua", 0), ("pase_salida", False),
                               ("pase_corrido", 0))),
    Preset("partnership", (("target", 100), ("count", COUNT_OPPONENTS), ("capicua", 0),
                           ("pase_salida", False), ("pase_corrido", 0),
                           ("lead", LEAD_ROTATE))),
    Preset("spain", (("target", 300), ("capicua", 0), ("pase_salida", False),
                     ("pase_corrido", 0), ("lead", LEAD_ROTATE))),
)


class Capicua(DominoVariant):
    """4.24 Capicúa: the partnership block game with the Caribbean bonuses."""

    name = "capicua"
    aliases: ClassVar[tuple[str, ...]] = ("capicúa", "капикуа", "dominó_por_parejas",
                                          "domino_por_parejas", "partnership_dominoes")
    order = 210
    family = Family.CAPICUA
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec.teams(on_with_four=True),
        OptionSpec.choice("target", (100, 150, 200, 250, 300, 500), 200),
        OptionSpec.choice("count", (COUNT_ALL, COUNT_OPPONENTS), COUNT_ALL),
        OptionSpec.choice("capicua", (0, 25, 50, 100), 25),
        OptionSpec(name="pase_salida", kind=OptionKind.BOOL, default=True),
        OptionSpec.choice("pase_corrido", (0, 25), 25),
        OptionSpec.choice("chuchazo", (0, 30, 100), 0),
        OptionSpec.flag("hand_bonus"),
        OptionSpec.choice("tranque", (TRANQUE_TEAM, TRANQUE_INDIVIDUAL, TRANQUE_BLOCKER),
                          TRANQUE_TEAM),
        OptionSpec.choice("lead", (LEAD_WINNER, LEAD_ROTATE), LEAD_WINNER),
    )
    presets: ClassVar[tuple[Preset, ...]] = PRESETS
    players_allowed = (4,)
    draws = False
    scores_in_play = True
    public_points = False  # a pase depends on the hands of the seats after the mover
    default_target = 200

    def __init__(self, options: Options) -> None:
        if not options.teams:  # the partnerships are the game (as in ``sport``)
            raise OptionsError("capicua is played in two teams of partners")
        super().__init__(options)

    # ------------------------------------------------------------------- lead
    def first_lead(self, hands: Sequence[Sequence[Tile]], lot: random.Random
                   ) -> tuple[int, Tile | None] | None:
        """The game's first hand: the holder of 6-6 leads it."""
        for seat, hand in enumerate(hands):
            if SIX_SIX in hand:
                return seat, SIX_SIX
        return None  # pragma: no cover - all 28 tiles are dealt

    def next_lead(self, game: Game, last: RoundState) -> tuple[int, Tile | None]:
        """Later hands, any tile: the winner (3a after a tranque and after eggs), or
        with ``lead`` rotate the seat after the last leader."""
        if self.options.get("lead") == LEAD_ROTATE:
            return clockwise_lead(game, last)
        return (winner_seat(game, last), None)

    # ------------------------------------------------------------ in play
    def placement_points(self, game: Game, rnd: RoundState, placed: Placed) -> int:
        """The pase de salida (on the lead) and the pase corrido (any placement that
        neither ends nor blocks the hand, the next three seats unable to place)."""
        points = 0
        seat = placed.seat
        if placed.order == 0 and self.options.get("pase_salida") \
                and not _can_place(rnd, (seat + 1) % 4):
            points += PASE_SALIDA_DOUBLE if placed.tile.is_double else PASE_SALIDA_OTHER
        corrido = self.options.get("pase_corrido")
        if corrido and rnd.hands[seat] and _can_place(rnd, seat) \
                and not any(_can_place(rnd, (seat + k) % 4) for k in (1, 2, 3)):
            assert isinstance(corrido, int)
            points += corrido
        return points

    # ------------------------------------------------------------ hand's end
    def eggs_on_tie(self) -> bool:
        """Equal side totals in a tranque are eggs only under the team rule."""
        return self.options.get("tranque") == TRANQUE_TEAM

    def round_winner(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], default: int | None) -> int | None:
        if kind is not EndKind.FISH:
            return default
        rule = self.options.get("tranque")
        pips = [sum(t.pips for t in hand) for hand in rnd.hands]
        if rule == TRANQUE_INDIVIDUAL:
            low = min(pips)
            sides = {self.side_of[s] for s in range(4) if pips[s] == low}
            if len(sides) == 1:
                return sides.pop()
            return self.side_of[rnd.deal.leader]
        if rule == TRANQUE_BLOCKER:
            rival = (seat - 1) % 4  # the opponent who played just before the blocker
            return self.side_of[rival] if pips[rival] < pips[seat] else self.side_of[seat]
        return default

    def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                     side_pips: tuple[int, ...], winner: int | None) -> tuple[list[int], int]:
        points = [0, 0]
        if winner is None:  # eggs: nobody scores, nothing is carried
            return points, 0
        pips = [sum(t.pips for t in hand) for hand in rnd.hands]
        if self.options.get("count") == COUNT_OPPONENTS:
            score = sum(pips[s] for s in self.sides[1 - winner])
        else:
            score = sum(pips) - (pips[seat] if kind is EndKind.DOMINO else 0)
        if kind is EndKind.DOMINO:
            score += self.going_out_bonus(rnd)
        score += self.hand_bonus(game)
        points[winner] = score
        return points, 0

    def going_out_bonus(self, rnd: RoundState) -> int:
        """The capicúa and the chuchazo of the tile that ended the hand."""
        last = rnd.table.last
        assert last is not None
        bonus = 0
        chuchazo = self.options.get("chuchazo")
        if last.tile == BLANKS and isinstance(chuchazo, int):
            bonus += chuchazo
        capicua = self.options.get("capicua")
        if capicua and isinstance(capicua, int) and is_capicua(rnd, last):
            bonus += capicua
        return bonus

    def hand_bonus(self, game: Game, number: int | None = None) -> int:
        """The hand bonus of hand ``number`` (from 1; default: the last dealt, the hand
        just ended when the round's end is scored), if the option is on."""
        if number is None:
            number = len(game.rounds)
        if not self.options.get("hand_bonus") or number > len(HAND_BONUSES):
            return 0
        return HAND_BONUSES[number - 1]

    def bonuses(self, game: Game, rnd: RoundState, seat: int, points: int
                ) -> tuple[tuple[str, int], ...]:
        """The pases the placement scored and, if it went out, its capicúa, chuchazo
        and hand bonus (what the captions name)."""
        out: list[tuple[str, int]] = []
        placed = rnd.table.last
        assert placed is not None
        if placed.order == 0 and self.options.get("pase_salida"):
            salida = PASE_SALIDA_DOUBLE if placed.tile.is_double else PASE_SALIDA_OTHER
            if points >= salida:
                out.append(("pase_salida", salida))
                points -= salida
        if points:
            out.append(("pase_corrido", points))
        end = rnd.end
        if end is None or end.kind is EndKind.EGGS:
            return tuple(out)
        if end.kind is EndKind.DOMINO:
            chuchazo = self.options.get("chuchazo")
            if placed.tile == BLANKS and isinstance(chuchazo, int) and chuchazo:
                out.append(("chuchazo", chuchazo))
            capicua = self.options.get("capicua")
            if isinstance(capicua, int) and capicua and is_capicua(rnd, placed):
                out.append(("capicua", capicua))
        bonus = self.hand_bonus(game, len(game.rounds) - (0 if rnd is game.round else 1))
        if bonus:
            out.append(("hand_bonus", bonus))
        return tuple(out)

    def game_over_after_round(self, game: Game, end: RoundEnd) -> GameOutcome | None:
        """A side at the target or more wins; both: the higher; equal: play on."""
        target = self.target
        assert target is not None
        a, b = game.totals
        if max(a, b) < target or a == b:
            return None
        winner = 0 if a > b else 1
        return GameOutcome((winner,), (1 - winner,), GameEndReason.TARGET)


def _can_place(rnd: RoundState, seat: int) -> bool:
    """Does ``seat`` hold a tile for an open end?"""
    pips = set(rnd.table.open_ends().values())
    return any(t.a in pips or t.b in pips for t in rnd.hands[seat])


def is_capicua(rnd: RoundState, last: Placed) -> bool:
    """Was ``last`` (not a double) a fit for either end before it was laid?"""
    tile = last.tile
    if tile.is_double:
        return False
    end = arm_of(rnd, last)
    if end is None:  # the lead ends no hand of seven tiles
        return False
    other = End.E if end is End.W else End.W
    return rnd.table.open_ends()[other] in (tile.a, tile.b)
