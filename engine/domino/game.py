"""A game: rounds of turns under a variant's rules; one turn machine for every
domino variant, with a checked and a fast path.

``Game.play(move)`` checks the move (:mod:`engine.domino.checks`) and raises
:class:`IllegalMoveError` saying what is wrong; ``Game.apply(move)`` trusts the
caller (the AI's fast path, with ``Game.copy()``). ``Game.view(seat)`` is what one
seat may know (:mod:`engine.domino.view`). A round's state is
:mod:`engine.domino.round_state`, the turn's placements :mod:`engine.domino.turns`,
the random playout :mod:`engine.domino.playout`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.moves import (
    DONE,
    DRAW,
    FORCED_DRAW,
    LEADS,
    PASS,
    PLACE_AT,
    Done,
    Draw,
    End,
    Move,
    Open,
    Pass,
    Place,
    Take,
    fits_we,
)
from engine.core.results import EndKind, GameOutcome, MoveResult, RoundEnd
from engine.core.tiles import TILES_WITH, Tile
from engine.domino.checks import resolve_move
from engine.domino.deal_random import DealRandom
from engine.domino.round_state import RoundState, west_of
from engine.domino.table import Placed, new_placed
from engine.domino.turn_rules import TurnRules
from engine.domino.turns import own_closed, placements, stuck, with_opens
from engine.domino.variant import Deal, DominoVariant, cut, seeded_set
from engine.domino.view import DominoView, seat_view

MAX_REDEALS = 1000
_W = End.W  # enum members read once: a class lookup per read costs ~10 locals
_E = End.E
_DOMINO, _FISH, _EGGS = EndKind.DOMINO, EndKind.FISH, EndKind.EGGS


class Game:
    """A whole game of one variant."""

    def __init__(self, variant: DominoVariant, seed: int = 0,
                 deals: Sequence[Deal] | None = None, *, autostart: bool = True) -> None:
        if variant.kind != "domino":  # this engine's play of it would never end
            raise ValueError(f"{variant.name} is a {variant.kind} game, not played by this "
                             f"engine: engine.games.new_game deals it")
        self.variant = variant
        self.turn_rules = TurnRules.of(variant)
        self.seed = seed
        self.players = variant.players
        self.totals = [0] * len(variant.sides)
        self.carry = 0
        self.rounds: list[RoundState] = []
        self.outcome: GameOutcome | None = None
        self._given_deals = list(deals) if deals is not None else None
        # Chance moves (the takes of owed draws) are drawn from the seed and applied at once;
        # a replay (autostart=False) plays them from the record instead.
        self.auto_chance = autostart
        if autostart:
            self._next_round()

    # ------------------------------------------------------------ construction
    def copy(self) -> Game:
        g = Game.__new__(Game)
        g.variant = self.variant
        g.turn_rules = self.turn_rules
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
        sizes = v.hand_sizes(self.totals)
        for attempt in range(MAX_REDEALS):
            hands, boneyard = cut(seeded_set(v, f"{self.seed}/{round_index}/{attempt}"),
                                  sizes)
            if v.needs_redeal(hands):
                continue
            if round_index == 0:
                lead = v.first_lead(hands, DealRandom(f"{self.seed}/lot"))
                if lead is None:
                    continue
                seat, forced = lead
            else:
                seat, forced = v.round_lead(self, self.rounds[-1], hands)
            return Deal(hands, boneyard, seat, forced)
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
        rounds = self.rounds
        if self.outcome is not None or not rounds:
            return []
        rnd = rounds[-1]
        if rnd.end is not None:
            return []
        table = rnd.table
        if rnd.pending_take:
            return [self._seeded_take(rnd)]
        if table.lead is None:
            forced = rnd.deal.forced
            if forced is not None:
                return [LEADS[forced.index]]
            leads: list[Move] = [LEADS[t.index] for t in rnd.hands[rnd.turn]]
            if self.turn_rules.adjusts:  # the variant's own leads (adjust_moves)
                return self.variant.adjust_moves(self, rnd, rnd.turn, leads)
            return leads
        seat = rnd.turn
        if self.turn_rules.plain and not rnd.turn_placed:
            # The common case: any tile of the hand on any open end it fits, in hand
            # order, end by end (``engine.domino.turns.placements`` says the same, turns of several
            # placements and closers included).
            moves: list[Move] = []
            ends = table._ends
            if len(ends) == 2:
                (e1, p1), (e2, p2) = ends.items()
                if e1 is _W and e2 is _E:  # a line's two ends (W is always first)
                    fits = fits_we(p1, p2)
                    for t in rnd.hands[seat]:
                        if t in fits:
                            moves += fits[t]
                else:
                    append = moves.append
                    s1, s2 = TILES_WITH[p1], TILES_WITH[p2]
                    d1, d2 = PLACE_AT[e1], PLACE_AT[e2]
                    for t in rnd.hands[seat]:
                        if t in s1:
                            append(d1[t])
                        if t in s2:
                            append(d2[t])
            else:
                append = moves.append
                pairs = [(TILES_WITH[p], PLACE_AT[e]) for e, p in ends.items()]
                for t in rnd.hands[seat]:
                    for fit, at in pairs:
                        if t in fit:
                            append(at[t])
            if moves:
                return moves
            return [DRAW] if rnd.drawn < rnd.drawable else [PASS]
        moves = placements(self, rnd, seat)
        if self.turn_rules.adjusts:  # the variant's own choice and actions (adjust_moves)
            moves = self.variant.adjust_moves(self, rnd, seat, moves)
        if rnd.turn_placed:
            moves.append(DONE)
            return moves
        if self.turn_rules.closers:
            own = own_closed(self, rnd, seat)
            if own:
                return with_opens(self, rnd, seat, moves, own)
        if moves:
            return moves
        return [DRAW] if rnd.drawn < rnd.drawable else [PASS]

    def can_place(self, seat: int) -> bool:
        """Does ``seat`` hold a tile for an open end (closers and turn limits aside)?"""
        ends = self.round.table.open_ends()
        pips = set(ends.values())
        return any(t.a in pips or t.b in pips for t in self.round.hands[seat])

    # ---------------------------------------------------------- checked play
    def resolve(self, move: Move) -> Move:
        """Check ``move`` for the seat on turn and return it with its end resolved
        (:func:`engine.domino.checks.resolve_move`)."""
        return resolve_move(self, move)

    def play(self, move: Move) -> MoveResult:
        """Apply a move after checking it; say what it did."""
        move = self.resolve(move)
        rnd = self.round
        seat = rnd.turn
        drawn = rnd.deal.boneyard[rnd.drawn] if isinstance(move, Draw) else None
        if isinstance(move, Place):
            end, moved = move.end, 0
        else:  # a variant's own action may go on an end and move tiles
            end, moved = self.variant.action_effect(rnd, move)
        at = len(rnd.log)
        self.apply(move)
        _, _, points, _ = rnd.log[at]
        notation = rnd.actions()[at][1]
        new_round = self.rounds[-1] is not rnd
        bonuses = self.variant.bonuses(self, rnd, seat, points) \
            if isinstance(move, Place) else ()
        return MoveResult(seat, move, notation, points=points, drawn=drawn,
                          end=end,
                          round_end=rnd.end, game_over=self.outcome, new_round=new_round,
                          moved=moved, bonuses=bonuses)

    # ------------------------------------------------------------- fast path
    def apply(self, move: Move) -> None:
        """Apply a legal, resolved move (no checks: see :meth:`play`)."""
        rnd = self.rounds[-1]
        seat = rnd.turn
        kind = type(move)
        if kind is Place:
            end = move.end  # type: ignore[union-attr]
            if end is None or not self.turn_rules.simple:
                self._apply_place(rnd, seat, move)  # type: ignore[arg-type]
                return
            # _apply_place, Table.place and _end_turn in one step, for simple rules
            # (one placement a turn on a line, nothing scored nor owed): the same state.
            tile: Tile = move.tile  # type: ignore[union-attr]
            hand = rnd.hands[seat]
            hand.remove(tile)
            holding = rnd.holding
            a = tile.a
            b = tile.b
            holding[a] -= 1
            if a != b:
                holding[b] -= 1
            table = rnd.table
            ends = table._ends
            pip = ends[end]
            outer = b if pip == a else a
            placed = new_placed(Placed, (tile, pip, outer, seat, table.placed, False))
            table.arms[end].append(placed)
            table.placed += 1
            table.last = placed
            ends[end] = outer
            rnd.last_placer = seat
            rnd.log.append((seat, move, 0, None))
            rnd.turn_ids.append(rnd.turn_number)
            if not hand:
                self._finish(self._end_round(rnd, _DOMINO, seat))
                return
            if rnd.drawn >= rnd.drawable:
                for p in ends.values():
                    if holding[p]:
                        break
                else:  # nobody holds a tile for an open end: a fish
                    self._finish(self._fish(rnd))
                    return
            rnd.turn = seat + 1 if seat + 1 < self.players else 0
            rnd.turn_number += 1
            return
        if kind is Draw:
            rnd.add_log(seat, move, 0, tuple(rnd.table.open_ends().values()))
            self._draw_into(rnd, seat)
            if rnd.drawn >= rnd.drawable and stuck(self, rnd):
                self._finish(self._fish(rnd))
        elif kind is Pass:
            rnd.add_log(seat, move, 0, tuple(rnd.table.open_ends().values()))
            self._next_turn(rnd, seat)
        elif kind is Open:
            rnd.table.reopen(move.end)  # type: ignore[union-attr, arg-type]
            rnd.add_log(seat, move, 0, None)
        elif kind is Done:
            rnd.add_log(seat, move, 0, None)
            self._end_turn(rnd, seat)
        elif kind is Take:
            self._apply_take(rnd, move)  # type: ignore[arg-type]
        else:  # one of the variant's own actions
            self.variant.apply_action(self, rnd, seat, move)

    def _draw_into(self, rnd: RoundState, seat: int) -> None:
        tile = rnd.deal.boneyard[rnd.drawn]
        rnd.drawn += 1
        rnd.hands[seat].append(tile)
        rnd.holding[tile.a] += 1
        if not tile.is_double:
            rnd.holding[tile.b] += 1

    def _apply_place(self, rnd: RoundState, seat: int, move: Place) -> None:
        rules = self.turn_rules
        tile = move.tile
        hand = rnd.hands[seat]
        hand.remove(tile)
        holding = rnd.holding
        holding[tile.a] -= 1
        if not tile.is_double:
            holding[tile.b] -= 1
        end = move.end
        if end is None:
            placed = rnd.table.place_lead(tile, west_of(move), seat)
        else:
            placed = rnd.table.place(tile, end, seat, move.face_down)
        rnd.last_placer = seat
        if rules.turn_list:
            rnd.turn_placed.append(placed)
        v = self.variant
        if rules.owes:
            owed = v.owed_draws(placed)
            if owed:
                rnd.owed += owed
                rnd.owed_from = seat
        points = v.placement_points(self, rnd, placed) if rules.scores else 0
        rnd.log.append((seat, move, points, None))  # RoundState.add_log, inlined: hot path
        rnd.turn_ids.append(rnd.turn_number)
        out = not hand if rules.plain_out else v.round_over_after_place(self, rnd, seat)
        if points and self._credit(rnd, seat, points):
            # When in-play points end the game on the round's last tile, no
            # round-end scoring follows, but the round's end is still noted.
            rnd.turn_placed.clear()
            if out:
                rnd.end = self._plain_end(rnd, _DOMINO, seat)
            elif stuck(self, rnd):
                counted = self._side_pips(rnd)
                rnd.end = self._plain_end(rnd, self._fish_kind(rnd, counted[1]), seat, counted)
            return
        if out:
            rnd.turn_placed.clear()
            self._finish(self._end_round(rnd, _DOMINO, seat))
            return
        if rules.several and placements(self, rnd, seat):
            return  # the turn goes on: more placements, or Done
        self._end_turn(rnd, seat)

    def after_action(self, rnd: RoundState, seat: int) -> None:
        """After a variant's own action that laid a tile: the round
        ends as after a placement, or the turn ends (one placement a turn)."""
        if self.variant.round_over_after_place(self, rnd, seat):
            self._finish(self._end_round(rnd, _DOMINO, seat))
            return
        self._end_turn(rnd, seat)

    def _end_turn(self, rnd: RoundState, seat: int) -> None:
        """The turn of ``seat`` ends (after its placements): fish, extra turn, or next."""
        if rnd.drawn >= rnd.drawable and stuck(self, rnd):
            rnd.turn_placed.clear()
            self._finish(self._fish(rnd))
            return
        rules = self.turn_rules
        if rules.extra and rnd.hands[seat]:
            tid = rnd.turn_number
            ids = rnd.turn_ids
            points = 0
            i = len(ids) - 1
            while i >= 0 and ids[i] == tid:  # this turn's entries are the log's last
                s, _, p, _ = rnd.log[i]
                if s == seat:
                    points += p
                i -= 1
            placed = list(rnd.turn_placed)
            rnd.turn_placed.clear()
            if self.variant.extra_turn(self, rnd, seat, placed, points):
                rnd.turn_number += 1
                return
        elif rules.turn_list:
            rnd.turn_placed.clear()
        if rules.plain_next and not rnd.owed:
            rnd.turn = seat + 1 if seat + 1 < self.players else 0
            rnd.turn_number += 1
            return
        self._next_turn(rnd, seat)

    def _next_turn(self, rnd: RoundState, seat: int) -> None:
        """Give the turn to the next player in play; he first draws what he owes."""
        n = self.players
        nxt = seat + 1 if seat + 1 < n else 0
        if self.turn_rules.skip_empty:
            for _ in range(n):
                if rnd.hands[nxt]:
                    break
                nxt = (nxt + 1) % n
        rnd.turn = nxt
        rnd.turn_number += 1
        if rnd.owed:
            self._forced_draws(rnd)

    def _credit(self, rnd: RoundState, seat: int, points: int) -> bool:
        """Credit in-play points to the mover's side; True if they end the game."""
        side = self.variant.side_of[seat]
        self.totals[side] += points
        rnd.points[side] += points
        self.outcome = self.variant.game_over_in_play(self)
        return self.outcome is not None

    def _side_pips(self, rnd: RoundState) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's pips in hand, and each side's (plain loops: comprehensions cost
        a frame each, and every round's end counts them)."""
        out: list[int] = []
        if self.turn_rules.pips_value:
            for h in rnd.hands:
                n = 0
                for t in h:
                    n += t.pips
                out.append(n)
        else:
            value = self.variant.hand_value
            for h in rnd.hands:
                out.append(value(h))
        pips = tuple(out)
        sides: list[int] = []
        for side in self.variant.sides:
            n = 0
            for s in side:
                n += pips[s]
            sides.append(n)
        return pips, tuple(sides)

    def _fish_kind(self, rnd: RoundState, side_pips: tuple[int, ...]) -> EndKind:
        values = [side_pips[i] for i in self.variant.sides_in_round(rnd)]
        low = min(values)
        return _EGGS if values.count(low) > 1 and self.variant.eggs_on_tie() else _FISH

    def _plain_end(self, rnd: RoundState, kind: EndKind, seat: int,
                   counted: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> RoundEnd:
        pips, side_pips = counted if counted is not None else self._side_pips(rnd)
        winner = self.variant.round_winner(self, rnd, kind, seat, side_pips,
                                           self._winner(kind, seat, side_pips))
        return RoundEnd(kind, seat, pips, side_pips, winner, (0,) * len(side_pips), self.carry)

    def _winner(self, kind: EndKind, seat: int, side_pips: tuple[int, ...]) -> int | None:
        if kind is _DOMINO:
            return self.variant.side_of[seat]
        if kind is _EGGS:
            return None
        return side_pips.index(min(side_pips))

    def _fish(self, rnd: RoundState) -> RoundEnd:
        """The round ends in a fish: scored by the variant, unless its
        :meth:`~engine.domino.variant.Variant.fish_outcome` ends the game at once."""
        won = self.variant.fish_outcome(self, rnd)
        if won is not None:
            end = self._plain_end(rnd, _FISH, rnd.last_placer)
            end = RoundEnd(end.kind, end.seat, end.pips, end.side_pips, won.winners[0],
                           end.points, self.carry)
            rnd.end = end
            self.outcome = won
            return end
        counted = self._side_pips(rnd)
        return self._end_round(rnd, self._fish_kind(rnd, counted[1]), rnd.last_placer, counted)

    def _end_round(self, rnd: RoundState, kind: EndKind, seat: int,
                   counted: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> RoundEnd:
        """Score the round's end (``counted``: :meth:`_side_pips`, if already counted)."""
        pips, side_pips = counted if counted is not None else self._side_pips(rnd)
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

    def _forced_draws(self, rnd: RoundState) -> None:
        """Semerka's 7: the boneyard gives first, then tiles are taken from the
        7-player's hand (never his last tile)."""
        owed, giver, taker = rnd.owed, rnd.owed_from, rnd.turn
        rnd.owed = 0
        while owed and rnd.drawn < rnd.drawable:
            rnd.add_log(taker, FORCED_DRAW, 0, tuple(rnd.table.open_ends().values()))
            self._draw_into(rnd, taker)
            owed -= 1
        if stuck(self, rnd):
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

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> DominoView:
        """What ``seat`` may know now; ``None`` gives the public view (no hand)."""
        return seat_view(self, seat)


__all__ = ["End", "Game", "Placed", "RoundState"]
