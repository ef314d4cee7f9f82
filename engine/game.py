"""A game: rounds of turns under a variant's rules, with a checked and a fast path.

``Game.play(move)`` checks the move and raises :class:`IllegalMoveError` saying
what is wrong; ``Game.apply(move)`` trusts the caller (the AI's fast path, with
``Game.copy()``). ``Game.view(seat)`` is what one seat may know.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.classic import Telephone
from engine.errors import IllegalMoveError
from engine.moves import (
    DONE,
    DRAW,
    FORCED_DRAW,
    PASS,
    PLACES,
    Done,
    Draw,
    End,
    ForcedDraw,
    Move,
    Open,
    Pass,
    Place,
    Take,
    format_action,
)
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
from engine.variant_base import Deal, Variant, deal_tiles

MAX_REDEALS = 1000


class RoundState:
    """One round: hands, boneyard, table, whose turn, and what happened.

    ``log`` holds one entry per applied move: ``(seat, move, points, ends)``
    where ``ends`` are the open pips at a draw or pass (None for a placement).
    ``moves`` (record notation) and ``events`` (public history) derive from it.
    ``turn_ids`` holds the turn number of each log entry (a record move joins the
    placements of one turn). The extended turn machinery adds ``turn_placed`` (the
    placements of the turn in progress), ``owed``/``owed_from`` (semerka's draws
    owed by the next player to the 7-player) and ``pending_take``/``take_from``
    (tiles the seat on turn must take now from that seat's hand).
    """

    __slots__ = ("deal", "drawable", "drawn", "end", "hands", "holding", "last_placer",
                 "log", "owed", "owed_from", "pending_take", "points", "table", "take_from",
                 "turn", "turn_ids", "turn_number", "turn_placed")

    def __init__(self, deal: Deal, variant: Variant) -> None:
        self.deal = deal
        self.hands: list[list[Tile]] = [list(h) for h in deal.hands]
        self.drawn = 0
        self.drawable = variant.drawable_in(deal)
        self.table = Table(variant.table_rules)
        self.turn = deal.leader
        self.turn_number = 1
        self.log: list[tuple[int, Move | ForcedDraw, int, tuple[int, ...] | None]] = []
        self.turn_ids: list[int] = []
        self.turn_placed: list[Placed] = []
        self.owed = 0
        self.owed_from = 0
        self.pending_take = 0
        self.take_from = 0
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
        r.turn_ids = list(self.turn_ids)
        r.turn_placed = list(self.turn_placed)
        r.owed = self.owed
        r.owed_from = self.owed_from
        r.pending_take = self.pending_take
        r.take_from = self.take_from
        r.points = list(self.points)
        r.end = self.end
        r.last_placer = self.last_placer
        r.holding = list(self.holding)
        return r

    @property
    def boneyard_left(self) -> int:
        """Tiles that may still be drawn."""
        return self.drawable - self.drawn

    def add_log(self, seat: int, move: Move | ForcedDraw, points: int,
                ends: tuple[int, ...] | None) -> None:
        self.log.append((seat, move, points, ends))
        self.turn_ids.append(self.turn_number)

    def actions(self) -> list[tuple[int, str, int]]:
        """``(seat, notation, points)`` per logged action (forced draws: ``""``)."""
        table = Table(self.table.rules)
        out: list[tuple[int, str, int]] = []
        for seat, move, points, _ in self.log:
            if isinstance(move, Place):
                if move.end is None:
                    placed = table.place_lead(move.tile, _west(move), seat)
                    out.append((seat, f"{placed.inner}-{placed.outer}", points))
                    continue
                several = len(table.fits(move.tile)) > 1
                placed = table.place(move.tile, move.end, seat, move.face_down)
                text = f"{placed.inner}-{placed.outer}" + (f":{move.end}" if several else "")
                out.append((seat, text + ("#" if move.face_down else ""), points))
            elif isinstance(move, ForcedDraw):
                out.append((seat, "", 0))
            else:
                if isinstance(move, Open):
                    table.reopen(move.end)
                out.append((seat, format_action(move), points))
        return out

    @property
    def moves(self) -> list[tuple[int, str, int]]:
        """``(seat, notation, points)`` per record move, in the record's notation:
        the placements of one turn (and a reopening before them) are joined with
        ``+``; forced draws and the end of a turn are not written; a turn still in
        progress ends in ``+``."""
        out: list[tuple[int, str, int]] = []
        group: int | None = None  # the turn id of the record move that may grow
        for (seat, text, points), (_, move, _, _), tid in zip(
                self.actions(), self.log, self.turn_ids, strict=True):
            if isinstance(move, ForcedDraw | Done):
                continue
            joinable = isinstance(move, Place | Open)
            if joinable and group == tid and out and out[-1][0] == seat:
                s0, t0, p0 = out[-1]
                out[-1] = (s0, f"{t0}+{text}", p0 + points)
            else:
                out.append((seat, text, points))
            group = tid if joinable else None
        if self.turn_placed and self.end is None and out:
            s0, t0, p0 = out[-1]
            out[-1] = (s0, t0 + "+", p0)
        return out

    @property
    def events(self) -> list[PublicEvent]:
        """The public history: what every seat saw (a draw hides its tile; a take
        shows its tiles here, and :meth:`Game.view` hides them from the others)."""
        out = []
        giver = self.deal.leader
        for seat, move, points, ends in self.log:
            if isinstance(move, Place):
                out.append(PublicEvent(seat, "place", move.tile, move.end, points,
                                       face_down=move.face_down))
                giver = seat
            elif isinstance(move, Take):
                out.append(PublicEvent(seat, "take", None, None, 0, tiles=move.tiles,
                                       source=giver, count=len(move.tiles)))
            elif isinstance(move, Open):
                out.append(PublicEvent(seat, "open", None, move.end, 0))
            elif isinstance(move, Done):
                out.append(PublicEvent(seat, "done", None, None, 0))
            elif isinstance(move, ForcedDraw):
                out.append(PublicEvent(seat, "forced_draw", None, None, 0, ends or ()))
            else:
                kind = "draw" if isinstance(move, Draw) else "pass"
                out.append(PublicEvent(seat, kind, None, None, 0, ends or ()))
                giver = seat
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
    # The extended turn machinery (RULES.md 3, 4.7-4.17); empty/0 elsewhere.
    turn_placements: tuple[Placed, ...] = ()  # placed so far in the turn in progress
    pending_take: int = 0  # tiles the seat on turn takes now (semerka)


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
        # Chance moves (semerka's takes) are drawn from the seed and applied at once;
        # a replay (autostart=False) plays them from the record instead.
        self.auto_chance = autostart
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
        g.auto_chance = self.auto_chance
        return g

    def _seeded_deal(self, round_index: int) -> Deal:
        """Deals come from the seed and the round number alone, so a game rebuilt
        from its record after a restart deals the same next round."""
        v = self.variant
        for attempt in range(MAX_REDEALS):
            rng = random.Random(f"{self.seed}/{round_index}/{attempt}")
            hands, boneyard = deal_tiles(v, rng, v.hand_sizes(self.totals))
            if v.needs_redeal(hands):
                continue
            if round_index == 0:
                lead = v.first_lead(hands, random.Random(f"{self.seed}/lot"))
                if lead is None:
                    continue
                seat, forced = lead
            else:
                seat, forced = v.round_lead(self, self.rounds[-1], hands)
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
        self.auto_chance = True
        if self.outcome is None and self.rounds and self.round.end is not None:
            self._next_round()
        elif self.rounds and self.round.pending_take and self.outcome is None:
            self._apply_take(self.round, self._seeded_take(self.round))

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
        if rnd.pending_take:
            return [self._seeded_take(rnd)]
        hand = rnd.hands[rnd.turn]
        table = rnd.table
        if table.lead is None:
            forced = rnd.deal.forced
            if forced is not None:
                return [Place(forced, None, forced.b)]
            return [Place(t, None, t.b) for t in hand]
        if self.variant.extended:
            return self._legal_ext(rnd)
        ends = tuple(table.open_ends().items())
        moves: list[Move] = []
        append = moves.append
        for t in hand:
            a = t.a
            b = t.b
            for e, p in ends:
                if p == a or p == b:
                    append(PLACES[t.index][e])
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
        if self.variant.extended or rnd.pending_take or isinstance(move, Open | Done | Take):
            return self._resolve_ext(rnd, seat, move)
        if isinstance(move, Place) and move.face_down:
            raise IllegalMoveError(f"{self.variant.name} has no closers: nothing is placed "
                                   "face down")
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
        at = len(rnd.log)
        self.apply(move)
        _, _, points, _ = rnd.log[at]
        notation = rnd.actions()[at][1]
        new_round = self.rounds[-1] is not rnd
        return MoveResult(seat, move, notation, points=points, drawn=drawn,
                          end=move.end if isinstance(move, Place) else None,
                          round_end=rnd.end, game_over=self.outcome, new_round=new_round)

    # ------------------------------------------------------------- fast path
    def apply(self, move: Move) -> None:
        """Apply a legal, resolved move (no checks: see :meth:`play`)."""
        rnd = self.rounds[-1]
        seat = rnd.turn
        if self.variant.extended:
            self._apply_ext(rnd, seat, move)
            return
        if type(move) is Place:
            self._apply_place(rnd, seat, move)
            return
        if isinstance(move, (Open, Done, Take)):
            self._apply_ext(rnd, seat, move)
            return
        ends = tuple(rnd.table.open_ends().values())
        rnd.add_log(seat, move, 0, ends)
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
        rnd.log.append((seat, move, points, None))  # RoundState.add_log, inlined: hot path
        rnd.turn_ids.append(rnd.turn_number)
        if points and self._credit(rnd, seat, points):
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

    def _credit(self, rnd: RoundState, seat: int, points: int) -> bool:
        """Credit in-play points to the mover's side; True if they end the game."""
        side = self.variant.side_of[seat]
        self.totals[side] += points
        rnd.points[side] += points
        self.outcome = self.variant.game_over_in_play(self)
        return self.outcome is not None

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
        values = [side_pips[i] for i in self.variant.sides_in_round(rnd)]
        low = min(values)
        return EndKind.EGGS if values.count(low) > 1 else EndKind.FISH

    def _plain_end(self, rnd: RoundState, kind: EndKind, seat: int) -> RoundEnd:
        pips, side_pips = self._side_pips(rnd)
        winner = self.variant.round_winner(self, rnd, kind, seat, side_pips,
                                           self._winner(kind, seat, side_pips))
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
        winner = self.variant.round_winner(self, rnd, kind, seat, side_pips,
                                           self._winner(kind, seat, side_pips))
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

    # ------------------------------------------- the extended turn machinery
    # Turns of several placements, closers, extra turns, forced draws and takes,
    # players out of the play (RULES.md 3 and 4.7-4.17). Used by the variants
    # whose ``extended`` is True; the first six keep the fast path above.
    def _own_closed(self, rnd: RoundState, seat: int) -> list[End]:
        """The closed ends whose closer ``seat`` placed."""
        arms = rnd.table.arms
        return [e for e in End if e in rnd.table.closed and arms[e][-1].seat == seat]

    def _placements_ext(self, rnd: RoundState, seat: int) -> list[Move]:
        """The placements ``seat`` may make now (the turn's constraints included)."""
        v = self.variant
        hand = rnd.hands[seat]
        ends = rnd.table.open_ends()
        done = rnd.turn_placed
        if done:
            if len(done) >= v.max_placements or done[0].order == 0:
                return []
            used = {self._arm_of(rnd, p) for p in done}
            ends = {e: p for e, p in ends.items() if e not in used}
        pips = set(ends.values())
        moves: list[Move] = []
        for t in hand:
            if not (t.a in pips or t.b in pips):
                continue
            if done and not v.may_continue(done[0], t):
                continue
            if not v.may_place(self, rnd, seat, t):
                continue
            places = PLACES[t.index]
            for e, p in ends.items():
                if p == t.a or p == t.b:
                    moves.append(places[e])
                    if v.closers and t.is_double:
                        moves.append(Place(t, e, None, True))
        return moves

    @staticmethod
    def _arm_of(rnd: RoundState, placed: Placed) -> End | None:
        for e, arm in rnd.table.arms.items():
            if placed in arm:
                return e
        return None

    def _helpful_opens(self, rnd: RoundState, seat: int) -> list[Move]:
        """The reopenings after which ``seat`` could place a tile."""
        out: list[Move] = []
        arms = rnd.table.arms
        for e in self._own_closed(rnd, seat):
            pip = arms[e][-1].outer
            if any(t.has(pip) and self.variant.may_place(self, rnd, seat, t)
                   for t in rnd.hands[seat]):
                out.append(Open(e))
        return out

    def _legal_ext(self, rnd: RoundState) -> list[Move]:
        seat = rnd.turn
        moves = self._placements_ext(rnd, seat)
        if rnd.turn_placed:
            return [*moves, DONE] if moves else [DONE]
        if moves:
            if self.variant.closers:
                moves.extend(Open(e) for e in self._own_closed(rnd, seat))
            return moves
        if self.variant.closers:
            opens = self._helpful_opens(rnd, seat)
            if opens:
                return opens
        if rnd.drawn < rnd.drawable:
            return [DRAW]
        return [PASS]

    def _can_place_ext(self, rnd: RoundState, seat: int) -> bool:
        """Could ``seat`` place a tile on his turn (after reopening his closers)?"""
        hand = rnd.hands[seat]
        if not hand:
            return False
        pips = set(rnd.table.open_ends().values())
        if self.variant.closers:
            arms = rnd.table.arms
            pips.update(arms[e][-1].outer for e in self._own_closed(rnd, seat))
        return any((t.a in pips or t.b in pips) and self.variant.may_place(self, rnd, seat, t)
                   for t in hand)

    def _stuck(self, rnd: RoundState) -> bool:
        """A fish: nothing may be drawn and no player can place a tile."""
        if rnd.drawn < rnd.drawable:
            return False
        return not any(self._can_place_ext(rnd, s) for s in range(self.players))

    def _resolve_ext(self, rnd: RoundState, seat: int, move: Move) -> Move:
        v = self.variant
        if rnd.pending_take:
            need = rnd.pending_take
            giver = rnd.take_from
            if not isinstance(move, Take):
                raise IllegalMoveError(
                    f"seat {seat} must first take {need} tile(s) from seat {giver}")
            if len(move.tiles) != need or len(set(move.tiles)) != need:
                raise IllegalMoveError(
                    f"seat {seat} takes {need} different tile(s), not {len(move.tiles)}")
            for t in move.tiles:
                if t not in rnd.hands[giver]:
                    raise IllegalMoveError(f"seat {giver} does not hold {t}")
            return move
        if isinstance(move, Take):
            raise IllegalMoveError("there is nothing to take now")
        legal = self._legal_ext(rnd) if rnd.table.lead is not None else self.legal_moves()
        if isinstance(move, Done):
            if not rnd.turn_placed:
                raise IllegalMoveError("a turn ends by itself until a tile is placed in it")
            return DONE
        if isinstance(move, Open):
            if not v.closers:
                raise IllegalMoveError(f"{v.name} has no closers to reopen")
            if rnd.turn_placed:
                raise IllegalMoveError("a closer is reopened only before the turn's "
                                       "first placement")
            if move.end not in rnd.table.closed:
                raise IllegalMoveError(f"end {move.end} is not closed")
            if move.end not in self._own_closed(rnd, seat):
                raise IllegalMoveError(f"only the player who closed end {move.end} may "
                                       "reopen it")
            if move not in legal:
                raise IllegalMoveError(f"reopening {move.end} would not let seat {seat} "
                                       "place a tile")
            return move
        if isinstance(move, Draw | Pass):
            word = "draw" if isinstance(move, Draw) else "pass"
            if rnd.table.lead is None:
                raise IllegalMoveError(f"a player who can place a tile may not {word}")
            if rnd.turn_placed:
                raise IllegalMoveError(f"a player may not {word} after placing a tile in "
                                       "his turn")
            if move in legal:
                return move
            if any(isinstance(m, Place) for m in legal):
                raise IllegalMoveError(f"a player who can place a tile may not {word}")
            if any(isinstance(m, Open) for m in legal):
                raise IllegalMoveError(f"seat {seat} must reopen his closer, not {word}")
            if isinstance(move, Draw):
                raise IllegalMoveError("there is nothing to draw")
            raise IllegalMoveError("a player who can draw may not pass")
        assert isinstance(move, Place)
        tile = move.tile
        hand = rnd.hands[seat]
        if tile not in hand:
            raise IllegalMoveError(f"seat {seat} does not hold {tile}")
        table = rnd.table
        if move.face_down:
            if not v.closers:
                raise IllegalMoveError(f"{v.name} has no closers: nothing is placed face down")
            if not tile.is_double:
                raise IllegalMoveError(f"only a double is placed face down, not {tile}")
        if table.lead is None:
            forced = rnd.deal.forced
            if forced is not None and tile != forced:
                raise IllegalMoveError(f"the lead must be {forced}")
            if move.end is not None:
                raise IllegalMoveError("the lead is placed without an end")
            if move.face_down:
                raise IllegalMoveError("the lead is never placed face down")
            west = tile.b if move.west is None else move.west
            if not tile.has(west):
                raise IllegalMoveError(f"{tile} has no {west}")
            return Place(tile, None, west)
        fits = table.fits(tile)
        end = move.end
        if end is None:
            if not fits:
                raise IllegalMoveError(f"{tile} fits no open end")
            if len(fits) > 1:
                raise IllegalMoveError(f"{tile} fits {' and '.join(fits)}: say which end")
            end = fits[0]
        elif end in table.closed:
            raise IllegalMoveError(f"end {end} is closed")
        elif end not in table.open_ends():
            raise IllegalMoveError(f"end {end} is not open")
        elif end not in fits:
            raise IllegalMoveError(f"{tile} does not fit end {end}")
        resolved = Place(tile, end, None, move.face_down)
        if resolved in legal:
            return resolved
        done = rnd.turn_placed
        if done:
            if done[0].order == 0:
                raise IllegalMoveError("the lead is a turn of its own")
            if len(done) >= v.max_placements:
                raise IllegalMoveError(f"a turn holds at most {v.max_placements} placements")
            if end in {self._arm_of(rnd, p) for p in done}:
                raise IllegalMoveError(f"each placement of a turn goes on a different arm: "
                                       f"{end} was used")
            if not v.may_continue(done[0], tile):
                raise IllegalMoveError(f"only doubles may follow a double in the same turn, "
                                       f"not {tile}")
        if not v.may_place(self, rnd, seat, tile):
            raise IllegalMoveError(f"seat {seat} may not go out with {tile}")
        raise IllegalMoveError(f"{tile} may not be placed on {end} now")  # pragma: no cover

    def _apply_ext(self, rnd: RoundState, seat: int, move: Move) -> None:
        if isinstance(move, Take):
            self._apply_take(rnd, move)
            return
        if isinstance(move, Place):
            self._apply_place_ext(rnd, seat, move)
            return
        if isinstance(move, Open):
            rnd.table.reopen(move.end)
            rnd.add_log(seat, move, 0, None)
            return
        if isinstance(move, Done):
            rnd.add_log(seat, move, 0, None)
            self._end_turn(rnd, seat)
            return
        ends = tuple(rnd.table.open_ends().values())
        rnd.add_log(seat, move, 0, ends)
        if isinstance(move, Draw):
            self._draw_into(rnd, seat)
            if rnd.drawn >= rnd.drawable and self._stuck(rnd):
                self._finish(self._fish(rnd))
            return
        self._next_turn(rnd, seat)

    def _draw_into(self, rnd: RoundState, seat: int) -> None:
        tile = rnd.deal.boneyard[rnd.drawn]
        rnd.drawn += 1
        rnd.hands[seat].append(tile)
        rnd.holding[tile.a] += 1
        if not tile.is_double:
            rnd.holding[tile.b] += 1

    def _apply_place_ext(self, rnd: RoundState, seat: int, move: Place) -> None:
        v = self.variant
        table = rnd.table
        tile = move.tile
        hand = rnd.hands[seat]
        hand.remove(tile)
        rnd.holding[tile.a] -= 1
        if not tile.is_double:
            rnd.holding[tile.b] -= 1
        if move.end is None:
            placed = table.place_lead(tile, _west(move), seat)
        else:
            placed = table.place(tile, move.end, seat, move.face_down)
        rnd.last_placer = seat
        rnd.turn_placed.append(placed)
        owed = v.owed_draws(placed)
        if owed:
            rnd.owed += owed
            rnd.owed_from = seat
        points = v.placement_points(self, rnd, placed) if v.scores_in_play else 0
        rnd.add_log(seat, move, points, None)
        if points and self._credit(rnd, seat, points):
            rnd.turn_placed.clear()
            if v.round_over_after_place(self, rnd, seat):
                rnd.end = self._plain_end(rnd, EndKind.DOMINO, seat)
            elif self._stuck(rnd):
                rnd.end = self._plain_end(rnd, self._fish_kind(rnd), seat)
            return
        if v.round_over_after_place(self, rnd, seat):
            rnd.turn_placed.clear()
            self._finish(self._end_round(rnd, EndKind.DOMINO, seat))
            return
        if self._placements_ext(rnd, seat):
            return  # the turn goes on: more placements, or Done
        self._end_turn(rnd, seat)

    def _end_turn(self, rnd: RoundState, seat: int) -> None:
        """The turn of ``seat`` ends (after its placements): fish, extra turn, or next."""
        placed = list(rnd.turn_placed)
        rnd.turn_placed.clear()
        if self._stuck(rnd):
            self._finish(self._fish(rnd))
            return
        tid = rnd.turn_number
        points = sum(p for (s, _, p, _), t in zip(rnd.log, rnd.turn_ids, strict=True)
                     if t == tid and s == seat)
        if rnd.hands[seat] and self.variant.extra_turn(self, rnd, seat, placed, points):
            rnd.turn_number += 1
            return
        self._next_turn(rnd, seat)

    def _next_turn(self, rnd: RoundState, seat: int) -> None:
        """Give the turn to the next player in play; he first draws what he owes."""
        n = self.players
        nxt = (seat + 1) % n
        if self.variant.skip_empty_hands:
            for _ in range(n):
                if rnd.hands[nxt]:
                    break
                nxt = (nxt + 1) % n
        rnd.turn = nxt
        rnd.turn_number += 1
        if rnd.owed:
            self._forced_draws(rnd)

    def _forced_draws(self, rnd: RoundState) -> None:
        """Semerka's 7: the boneyard gives first, then tiles are taken from the
        7-player's hand (never his last tile)."""
        owed, giver, taker = rnd.owed, rnd.owed_from, rnd.turn
        rnd.owed = 0
        while owed and rnd.drawn < rnd.drawable:
            rnd.add_log(taker, FORCED_DRAW, 0, tuple(rnd.table.open_ends().values()))
            self._draw_into(rnd, taker)
            owed -= 1
        if self._stuck(rnd):
            self._finish(self._fish(rnd))
            return
        k = min(owed, len(rnd.hands[giver]) - 1)
        if k > 0 and giver != taker:
            rnd.pending_take = k
            rnd.take_from = giver
            if self.auto_chance:
                self._apply_take(rnd, self._seeded_take(rnd))

    def _seeded_take(self, rnd: RoundState) -> Take:
        """The take chance decides, derived from the game's seed and the position."""
        rng = random.Random(f"{self.seed}/{len(self.rounds) - 1}/{len(rnd.log)}/take")
        hand = sorted(rnd.hands[rnd.take_from])
        return Take(tuple(sorted(rng.sample(hand, rnd.pending_take))))

    def _apply_take(self, rnd: RoundState, move: Take) -> None:
        giver = rnd.hands[rnd.take_from]
        for t in move.tiles:
            giver.remove(t)
            rnd.hands[rnd.turn].append(t)
        rnd.pending_take = 0
        rnd.add_log(rnd.turn, move, 0, None)

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may know now; ``None`` gives the public view (no hand)."""
        rnd = self.round
        on_turn = self.current_seat
        legal = tuple(self.legal_moves()) if on_turn == seat and seat is not None else ()
        undealt = len(rnd.deal.boneyard)
        history = tuple(rnd.events)
        if any(ev.kind == "take" for ev in history):
            history = tuple(
                replace(ev, tiles=()) if ev.kind == "take" and seat not in (ev.seat, ev.source)
                else ev for ev in history)
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
            history=history,
            set_max=self.variant.options.set,
            outcome=self.outcome,
            turn_placements=tuple(rnd.turn_placed),
            pending_take=rnd.pending_take,
        )


__all__ = ["End", "Game", "Placed", "RoundState", "SeatView"]
