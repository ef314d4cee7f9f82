"""A game: rounds of turns under a variant's rules, with a checked and a fast path.

``Game.play(move)`` checks the move and raises :class:`IllegalMoveError` saying
what is wrong; ``Game.apply(move)`` trusts the caller (the AI's fast path, with
``Game.copy()``). ``Game.view(seat)`` is what one seat may know.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import IllegalMoveError
from engine.moves import DRAW, PASS, PLACES, Draw, End, Move, Pass, Place
from engine.results import (
    EndKind,
    GameEndReason,
    GameOutcome,
    MoveResult,
    PublicEvent,
    RoundEnd,
)
from engine.table import Placed, Table, TableSnapshot
from engine.tiles import Tile
from engine.variants import Deal, Telephone, Variant, deal_tiles

MAX_REDEALS = 1000


class RoundState:
    """One round: hands, boneyard, table, whose turn, and what happened.

    ``log`` holds one entry per applied move: ``(seat, move, points, ends)``
    where ``ends`` are the open pips at a draw or pass (None for a placement).
    ``moves`` (record notation) and ``events`` (public history) derive from it.
    """

    __slots__ = ("deal", "drawable", "drawn", "end", "hands", "holding", "last_placer",
                 "log", "points", "table", "turn", "turn_number")

    def __init__(self, deal: Deal, variant: Variant) -> None:
        self.deal = deal
        self.hands: list[list[Tile]] = [list(h) for h in deal.hands]
        self.drawn = 0
        self.drawable = variant.drawable(len(deal.boneyard))
        self.table = Table(variant.table_rules)
        self.turn = deal.leader
        self.turn_number = 1
        self.log: list[tuple[int, Move, int, tuple[int, ...] | None]] = []
        self.points = [0] * len(variant.sides)
        self.end: RoundEnd | None = None
        self.last_placer = deal.leader
        # How many tiles in all hands carry each pip: a fish is O(1) to detect.
        holding = [0] * (variant.options.set + 1)
        for hand in self.hands:
            for t in hand:
                holding[t.a] += 1
                if not t.is_double:
                    holding[t.b] += 1
        self.holding = holding

    def copy(self) -> RoundState:
        r = RoundState.__new__(RoundState)
        r.deal = self.deal
        r.hands = [list(h) for h in self.hands]
        r.drawn = self.drawn
        r.drawable = self.drawable
        r.table = self.table.copy()
        r.turn = self.turn
        r.turn_number = self.turn_number
        r.log = list(self.log)
        r.points = list(self.points)
        r.end = self.end
        r.last_placer = self.last_placer
        r.holding = list(self.holding)
        return r

    @property
    def boneyard_left(self) -> int:
        """Tiles that may still be drawn."""
        return self.drawable - self.drawn

    @property
    def moves(self) -> list[tuple[int, str, int]]:
        """``(seat, notation, points)`` per move, in the record's notation."""
        table = Table(self.table.rules)
        out: list[tuple[int, str, int]] = []
        for seat, move, points, _ in self.log:
            if isinstance(move, Place):
                if move.end is None:
                    placed = table.place_lead(move.tile, _west(move), seat)
                    out.append((seat, f"{placed.inner}-{placed.outer}", points))
                    continue
                several = len(table.fits(move.tile)) > 1
                placed = table.place(move.tile, move.end, seat)
                text = f"{placed.inner}-{placed.outer}" + (f":{move.end}" if several else "")
                out.append((seat, text, points))
            else:
                out.append((seat, "draw" if isinstance(move, Draw) else "pass", points))
        return out

    @property
    def events(self) -> list[PublicEvent]:
        """The public history: what every seat saw (a draw hides its tile)."""
        out = []
        for seat, move, points, ends in self.log:
            if isinstance(move, Place):
                out.append(PublicEvent(seat, "place", move.tile, move.end, points))
            else:
                kind = "draw" if isinstance(move, Draw) else "pass"
                out.append(PublicEvent(seat, kind, None, None, 0, ends or ()))
        return out


def _west(move: Place) -> int:
    return move.tile.b if move.west is None else move.west


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know: its own hand, and only public facts besides."""

    seat: int | None
    variant: str
    players: int
    sides: tuple[tuple[int, ...], ...]
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard_left: int
    boneyard_unseen: int
    table: TableSnapshot
    totals: tuple[int, ...]
    round_points: tuple[int, ...]
    carry: int
    round_index: int
    turn: int | None
    turn_number: int
    leader: int
    forced_lead: Tile | None
    legal: tuple[Move, ...]
    history: tuple[PublicEvent, ...]
    set_max: int
    outcome: GameOutcome | None


class Game:
    """A whole game of one variant."""

    def __init__(self, variant: Variant, seed: int = 0,
                 deals: Sequence[Deal] | None = None, *, autostart: bool = True) -> None:
        self.variant = variant
        self.seed = seed
        self.players = variant.players
        self.totals = [0] * len(variant.sides)
        self.carry = 0
        self.rounds: list[RoundState] = []
        self.outcome: GameOutcome | None = None
        self._given_deals = list(deals) if deals is not None else None
        if autostart:
            self._next_round()

    # ------------------------------------------------------------ construction
    def copy(self) -> Game:
        g = Game.__new__(Game)
        g.variant = self.variant
        g.seed = self.seed
        g.players = self.players
        g.totals = list(self.totals)
        g.carry = self.carry
        g.rounds = [*self.rounds[:-1], self.rounds[-1].copy()] if self.rounds else []
        g.outcome = self.outcome
        g._given_deals = self._given_deals
        return g

    def _seeded_deal(self, round_index: int) -> Deal:
        """Deals come from the seed and the round number alone, so a game rebuilt
        from its record after a restart deals the same next round."""
        v = self.variant
        for attempt in range(MAX_REDEALS):
            rng = random.Random(f"{self.seed}/{round_index}/{attempt}")
            hands, boneyard = deal_tiles(v, rng)
            if v.needs_redeal(hands):
                continue
            if round_index == 0:
                lead = v.first_lead(hands, random.Random(f"{self.seed}/lot"))
                if lead is None:
                    continue
                seat, forced = lead
            else:
                seat, forced = v.next_lead(self, self.rounds[-1])
            return Deal(tuple(map(tuple, hands)), tuple(boneyard), seat, forced)
        raise RuntimeError("no valid deal found")  # pragma: no cover

    def _next_round(self) -> bool:
        index = len(self.rounds)
        if self._given_deals is not None:
            if index >= len(self._given_deals):
                return False
            deal = self._given_deals[index]
        else:
            deal = self._seeded_deal(index)
        self.rounds.append(RoundState(deal, self.variant))
        return True

    def deal_from_seed(self, seed: int) -> None:
        """From now on deal later rounds from ``seed`` (a replayed game goes on
        live); deal the next round now if the last one has ended."""
        self.seed = seed
        self._given_deals = None
        if self.outcome is None and self.rounds and self.round.end is not None:
            self._next_round()

    def start_round(self, deal: Deal) -> None:
        """Start the next round with a given deal (replay); the caller validated it."""
        self.rounds.append(RoundState(deal, self.variant))

    # ----------------------------------------------------------------- queries
    @property
    def round(self) -> RoundState:
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def current_seat(self) -> int | None:
        if self.outcome is not None or not self.rounds or self.round.end is not None:
            return None
        return self.round.turn

    def side_of(self, seat: int) -> int:
        return self.variant.side_of[seat]

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat on turn (empty when nobody is)."""
        rnd = self.rounds[-1] if self.rounds else None
        if self.outcome is not None or rnd is None or rnd.end is not None:
            return []
        hand = rnd.hands[rnd.turn]
        table = rnd.table
        if table.lead is None:
            forced = rnd.deal.forced
            if forced is not None:
                return [Place(forced, None, forced.b)]
            return [Place(t, None, t.b) for t in hand]
        ends = table.open_ends()
        pips = set(ends.values())
        moves: list[Move] = []
        for t in [t for t in hand if t.a in pips or t.b in pips]:
            places = PLACES[t.index]
            a, b = t.a, t.b
            for e, p in ends.items():
                if p == a or p == b:
                    moves.append(places[e])
        if moves:
            return moves
        if rnd.drawn < rnd.drawable:
            return [DRAW]
        return [PASS]

    def can_place(self, seat: int) -> bool:
        ends = self.round.table.open_ends()
        pips = set(ends.values())
        return any(t.a in pips or t.b in pips for t in self.round.hands[seat])

    # ---------------------------------------------------------- checked play
    def resolve(self, move: Move) -> Move:
        """Check ``move`` for the seat on turn and return it with its end resolved."""
        seat = self.current_seat
        if seat is None:
            raise IllegalMoveError("the game is over" if self.over else "the round is over")
        rnd = self.round
        hand = rnd.hands[seat]
        if isinstance(move, Place):
            tile = move.tile
            if tile not in hand:
                raise IllegalMoveError(f"seat {seat} does not hold {tile}")
            table = rnd.table
            if table.lead is None:
                forced = rnd.deal.forced
                if forced is not None and tile != forced:
                    raise IllegalMoveError(f"the lead must be {forced}")
                if move.end is not None:
                    raise IllegalMoveError("the lead is placed without an end")
                west = tile.b if move.west is None else move.west
                if not tile.has(west):
                    raise IllegalMoveError(f"{tile} has no {west}")
                return Place(tile, None, west)
            fits = table.fits(tile)
            if move.end is None:
                if not fits:
                    raise IllegalMoveError(f"{tile} fits no open end")
                if len(fits) > 1:
                    raise IllegalMoveError(
                        f"{tile} fits {' and '.join(fits)}: say which end")
                return Place(tile, fits[0], None)
            if move.end not in table.open_ends():
                raise IllegalMoveError(f"end {move.end} is not open")
            if move.end not in fits:
                raise IllegalMoveError(f"{tile} does not fit end {move.end}")
            return Place(tile, move.end, None)
        if isinstance(move, Draw):
            if rnd.table.lead is None or self.can_place(seat):
                raise IllegalMoveError("a player who can place a tile may not draw")
            if rnd.drawn >= rnd.drawable:
                raise IllegalMoveError("there is nothing to draw")
            return DRAW
        if isinstance(move, Pass):
            if rnd.table.lead is None or self.can_place(seat):
                raise IllegalMoveError("a player who can place a tile may not pass")
            if rnd.drawn < rnd.drawable:
                raise IllegalMoveError("a player who can draw may not pass")
            return PASS
        raise IllegalMoveError(f"not a move: {move!r}")

    def play(self, move: Move) -> MoveResult:
        """Apply a move after checking it; say what it did."""
        move = self.resolve(move)
        rnd = self.round
        seat = rnd.turn
        drawn = rnd.deal.boneyard[rnd.drawn] if isinstance(move, Draw) else None
        self.apply(move)
        _, _, points, _ = rnd.log[-1]
        notation = rnd.moves[-1][1]
        new_round = self.rounds[-1] is not rnd
        return MoveResult(seat, move, notation, points=points, drawn=drawn,
                          end=move.end if isinstance(move, Place) else None,
                          round_end=rnd.end, game_over=self.outcome, new_round=new_round)

    # ------------------------------------------------------------- fast path
    def apply(self, move: Move) -> None:
        """Apply a legal, resolved move (no checks: see :meth:`play`)."""
        rnd = self.rounds[-1]
        seat = rnd.turn
        if isinstance(move, Place):
            self._apply_place(rnd, seat, move)
            return
        ends = tuple(rnd.table.open_ends().values())
        rnd.log.append((seat, move, 0, ends))
        if isinstance(move, Draw):
            tile = rnd.deal.boneyard[rnd.drawn]
            rnd.drawn += 1
            rnd.hands[seat].append(tile)
            holding = rnd.holding
            holding[tile.a] += 1
            if not tile.is_double:
                holding[tile.b] += 1
            if rnd.drawn >= rnd.drawable and self._nobody_can_move(rnd):
                self._finish(self._fish(rnd))
            return
        self._advance(rnd)

    def _apply_place(self, rnd: RoundState, seat: int, move: Place) -> None:
        table = rnd.table
        tile = move.tile
        hand = rnd.hands[seat]
        hand.remove(tile)
        holding = rnd.holding
        holding[tile.a] -= 1
        if not tile.is_double:
            holding[tile.b] -= 1
        if move.end is None:
            placed = table.place_lead(tile, _west(move), seat)
        else:
            placed = table.place(tile, move.end, seat)
        rnd.last_placer = seat
        variant = self.variant
        points = variant.placement_points(self, rnd, placed) if variant.scores_in_play else 0
        rnd.log.append((seat, move, points, None))
        if points:
            side = variant.side_of[seat]
            self.totals[side] += points
            rnd.points[side] += points
            outcome = variant.game_over_in_play(self)
            if outcome is not None:
                self.outcome = outcome
                # When in-play points end the game on the round's last tile, no
                # round-end scoring follows, but the round's end is still noted.
                if not hand:
                    rnd.end = self._plain_end(rnd, EndKind.DOMINO, seat)
                elif self._nobody_can_move(rnd):
                    rnd.end = self._plain_end(rnd, self._fish_kind(rnd), seat)
                return
        if not hand:
            self._finish(self._end_round(rnd, EndKind.DOMINO, seat))
            return
        if rnd.drawn >= rnd.drawable:
            for p in table.open_ends().values():
                if holding[p]:
                    break
            else:
                self._finish(self._fish(rnd))
                return
        rnd.turn = (seat + 1) % self.players
        rnd.turn_number += 1

    def _advance(self, rnd: RoundState) -> None:
        rnd.turn = (rnd.turn + 1) % self.players
        rnd.turn_number += 1

    def _nobody_can_move(self, rnd: RoundState) -> bool:
        """No drawable tile is left and no hand holds a tile for any open end."""
        if rnd.drawn < rnd.drawable:
            return False
        holding = rnd.holding
        return not any(holding[p] for p in rnd.table.open_ends().values())

    def _side_pips(self, rnd: RoundState) -> tuple[tuple[int, ...], tuple[int, ...]]:
        value = self.variant.hand_value
        pips = tuple(value(h) for h in rnd.hands)
        side_pips = tuple(sum(pips[s] for s in side) for side in self.variant.sides)
        return pips, side_pips

    def _fish_kind(self, rnd: RoundState) -> EndKind:
        _, side_pips = self._side_pips(rnd)
        low = min(side_pips)
        return EndKind.EGGS if side_pips.count(low) > 1 else EndKind.FISH

    def _plain_end(self, rnd: RoundState, kind: EndKind, seat: int) -> RoundEnd:
        pips, side_pips = self._side_pips(rnd)
        winner = self._winner(kind, seat, side_pips)
        return RoundEnd(kind, seat, pips, side_pips, winner, (0,) * len(side_pips), self.carry)

    def _winner(self, kind: EndKind, seat: int, side_pips: tuple[int, ...]) -> int | None:
        if kind is EndKind.DOMINO:
            return self.variant.side_of[seat]
        if kind is EndKind.EGGS:
            return None
        return side_pips.index(min(side_pips))

    def _fish(self, rnd: RoundState) -> RoundEnd:
        variant = self.variant
        if isinstance(variant, Telephone) and variant.four_fives(rnd):
            end = self._plain_end(rnd, EndKind.FISH, rnd.last_placer)
            end = RoundEnd(end.kind, end.seat, end.pips, end.side_pips,
                           variant.side_of[rnd.last_placer], end.points, self.carry)
            rnd.end = end
            side = variant.side_of[rnd.last_placer]
            self.outcome = GameOutcome(
                (side,), tuple(i for i in range(len(variant.sides)) if i != side),
                GameEndReason.FOUR_FIVES)
            return end
        return self._end_round(rnd, self._fish_kind(rnd), rnd.last_placer)

    def _end_round(self, rnd: RoundState, kind: EndKind, seat: int) -> RoundEnd:
        pips, side_pips = self._side_pips(rnd)
        winner = self._winner(kind, seat, side_pips)
        points, carry = self.variant.round_points(self, rnd, kind, seat, side_pips, winner)
        for i, p in enumerate(points):
            self.totals[i] += p
            rnd.points[i] += p
        self.carry = carry
        end = RoundEnd(kind, seat, pips, side_pips, winner, tuple(points), carry)
        rnd.end = end
        self.outcome = self.variant.game_over_after_round(self, end)
        return end

    def _finish(self, end: RoundEnd) -> None:
        """After a round's end: deal the next round unless the game is over."""
        if self.outcome is None:
            self._next_round()

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may know now; ``None`` gives the public view (no hand)."""
        rnd = self.round
        on_turn = self.current_seat
        legal = tuple(self.legal_moves()) if on_turn == seat and seat is not None else ()
        undealt = len(rnd.deal.boneyard)
        return SeatView(
            seat=seat,
            variant=self.variant.name,
            players=self.players,
            sides=self.variant.sides,
            hand=tuple(rnd.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in rnd.hands),
            boneyard_left=rnd.boneyard_left,
            boneyard_unseen=undealt - rnd.drawn,
            table=rnd.table.snapshot(),
            totals=tuple(self.totals),
            round_points=tuple(rnd.points),
            carry=self.carry,
            round_index=len(self.rounds) - 1,
            turn=on_turn,
            turn_number=rnd.turn_number,
            leader=rnd.deal.leader,
            forced_lead=rnd.deal.forced if rnd.table.lead is None else None,
            legal=legal,
            history=tuple(rnd.events),
            set_max=self.variant.options.set,
            outcome=self.outcome,
        )


__all__ = ["End", "Game", "Placed", "RoundState", "SeatView"]
