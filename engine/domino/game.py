"""A game: rounds of turns under a variant's rules; one turn machine for every
variant, with a checked and a fast path.

``Game.play(move)`` checks the move and raises :class:`IllegalMoveError` saying
what is wrong; ``Game.apply(move)`` trusts the caller (the AI's fast path, with
``Game.copy()``). ``Game.view(seat)`` is what one seat may know.
"""

from __future__ import annotations

import random
from _random import Random as _CoreRandom
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from hashlib import sha512
from math import floor
from typing import Any

from engine.core.errors import IllegalMoveError
from engine.core.moves import (
    ALL_ENDS,
    DONE,
    DRAW,
    FITS_WE,
    FORCED_DRAW,
    LEADS,
    PASS,
    PIPS,
    PLACE_AT,
    PLACES,
    Cut,
    Done,
    Draw,
    End,
    ForcedDraw,
    Move,
    Open,
    Pass,
    Place,
    Take,
    fits_we,
    format_action,
)
from engine.core.results import (
    EndKind,
    GameOutcome,
    MoveResult,
    PublicEvent,
    RoundEnd,
)
from engine.core.tiles import TILES_WITH, Tile, full_set
from engine.domino.table import Layout, Placed, Table, TableSnapshot, new_placed
from engine.domino.variant import Deal, Variant, cut, shuffled_set

MAX_REDEALS = 1000
_W = End.W  # enum members read once: a class lookup per read costs ~10 locals
_E = End.E
_DOMINO, _FISH, _EGGS = EndKind.DOMINO, EndKind.FISH, EndKind.EGGS

_seed_generator = _CoreRandom.seed  # what random.Random.seed calls last
_BITS = tuple(n.bit_length() for n in range(100))


class DealRandom(random.Random):
    """``random.Random(text)``: the same generator, seeded without the Python layers,
    and the same ``shuffle`` with ``_randbelow`` inlined (each round's deal is seeded
    and shuffled: simulations feel it)."""

    def __init__(self, text: str) -> None:
        data = text.encode()
        _seed_generator(self, int.from_bytes(data + sha512(data).digest()))
        self.gauss_next = None

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Fisher-Yates as :meth:`random.Random.shuffle`; ``_randbelow(n)`` draws
        ``getrandbits(k)``, ``k`` the bit length of ``n``, until it is below ``n``."""
        bits = self.getrandbits
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            k = _BITS[n]
            j = bits(k)
            while j >= n:
                j = bits(k)
            x[i], x[j] = x[j], x[i]


@cache
def _set_holding(set_max: int) -> tuple[int, ...]:
    """How many tiles of the double-``set_max`` set carry each pip, then the set's size."""
    tiles = full_set(set_max)
    return (*(sum(1 for t in tiles if t.has(p)) for p in range(set_max + 1)), len(tiles))


class RoundState:
    """One round: hands, boneyard, table, whose turn, and what happened.

    ``log`` holds one entry per applied move: ``(seat, move, points, ends)``
    where ``ends`` are the open pips at a draw or pass (None for a placement).
    ``moves`` (record notation) and ``events`` (public history) derive from it.
    ``turn_ids`` holds the turn number of each log entry (a record move joins the
    placements of one turn). The turns of RULES.md 3 and 4.7-4.17 use ``turn_placed`` (the
    placements of the turn in progress), ``owed``/``owed_from`` (semerka's draws
    owed by the next player to the 7-player) and ``pending_take``/``take_from``
    (tiles the seat on turn must take now from that seat's hand).
    """

    __slots__ = ("deal", "drawable", "drawn", "end", "hands", "holding", "last_placer",
                 "log", "owed", "owed_from", "pending_take", "points", "table", "take_from",
                 "turn", "turn_ids", "turn_number", "turn_placed")

    def __init__(self, deal: Deal, variant: Variant) -> None:
        self.deal = deal
        self.hands: list[list[Tile]] = list(map(list, deal.hands))
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
        # A whole set dealt: the set's counts, less the undealt tiles'.
        whole = _set_holding(variant.options.set)
        if len(deal.boneyard) + sum(map(len, deal.hands)) == whole[-1]:
            holding = list(whole[:-1])
            counted: Sequence[Sequence[Tile]] = (deal.boneyard,)
            step = -1
        else:  # a test's short deal
            holding = [0] * (variant.options.set + 1)
            counted = deal.hands
            step = 1
        for tiles in counted:
            for t in tiles:
                holding[t.a] += step
                if not t.is_double:
                    holding[t.b] += step
        self.holding = holding

    def copy(self) -> RoundState:
        r = RoundState.__new__(RoundState)
        r.deal = self.deal
        r.hands = list(map(list, self.hands))
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
                several = table.rules.write_end or len(table.fits(move.tile)) > 1
                placed = table.place(move.tile, move.end, seat, move.face_down)
                text = f"{placed.inner}-{placed.outer}" + (f":{move.end}" if several else "")
                out.append((seat, text + ("#" if move.face_down else ""), points))
            elif isinstance(move, ForcedDraw):
                out.append((seat, "", 0))
            elif isinstance(move, Cut):  # kolbasa: cut:x-y, x against the cutter's end
                assert move.end is not None and move.onto is not None
                x = table.open_ends()[move.end]
                table.cut(move.tile, move.end, move.onto, seat)
                out.append((seat, f"cut:{x}-{move.tile.other(x)}", points))
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
            elif isinstance(move, Cut):  # kolbasa: public, like a placement
                out.append(PublicEvent(seat, "cut", move.tile, move.end, points))
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
class TurnRules:
    """What a variant's turns use, read once from its declared data and hooks, so
    the turn machine skips what a variant never does (one set of rules: a flag only
    says that a hook is the base one, or that a declared feature is off)."""

    max_placements: int
    several: bool  # more than one placement a turn
    closers: bool
    skip_empty: bool  # players without tiles are out of the play
    owes: bool  # owed_draws may force draws (semerka)
    extra: bool  # extra_turn may give another turn
    gated: bool  # may_place may refuse a tile that fits
    plain_out: bool  # the round ends when the placer's hand is empty
    scores: bool  # placements may score in play
    plain: bool  # a placement is any tile of the hand on any open end
    turn_list: bool  # the turn's placements are kept (RoundState.turn_placed) until it ends
    plain_next: bool  # the next seat in turn is the next seat at the table
    # One placement a turn, any tile on any end of a line, nothing scored in play nor
    # owed, no extra turns: ``Game.apply`` and ``Game.play_random`` place such a tile
    # in one step (the state _apply_place, Table.place and _end_turn would leave).
    simple: bool
    pips_value: bool  # a hand's value is its pips (the base hand_value)
    # kolbasa: adjust_moves filters the placements and adds moves (the cut)
    adjusts: bool = False

    @staticmethod
    @lru_cache(maxsize=256)
    def of(variant: Variant) -> TurnRules:
        kind = type(variant)

        def base(name: str) -> bool:
            return getattr(kind, name) is getattr(Variant, name)

        gated = not base("may_place")
        adjusts = not base("adjust_moves")  # kolbasa
        return TurnRules(
            max_placements=variant.max_placements,
            several=variant.max_placements > 1,
            closers=variant.closers,
            skip_empty=variant.skip_empty_hands,
            owes=not base("owed_draws"),
            extra=not base("extra_turn"),
            gated=gated,
            plain_out=base("round_over_after_place"),
            scores=variant.scores_in_play,
            plain=not gated and not variant.closers and not adjusts,
            turn_list=variant.max_placements > 1 or not base("extra_turn"),
            plain_next=not variant.skip_empty_hands,
            simple=(not gated and not adjusts and not variant.closers
                    and variant.max_placements == 1
                    and not variant.scores_in_play and base("round_over_after_place")
                    and not variant.skip_empty_hands and base("owed_draws")
                    and base("extra_turn") and variant.table_rules.layout is Layout.LINE),
            pips_value=base("hand_value"),
            adjusts=adjusts,
        )


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
    # Turns of several placements and semerka's takes (RULES.md 3, 4.7-4.17); empty/0 elsewhere.
    turn_placements: tuple[Placed, ...] = ()  # placed so far in the turn in progress
    pending_take: int = 0  # tiles the seat on turn takes now (semerka)

    @property
    def table_empty(self) -> bool:
        """Nothing played yet in the round (issue 14: a kind's view says it its own way)."""
        return self.table.lead is None


class Game:
    """A whole game of one variant."""

    def __init__(self, variant: Variant, seed: int = 0,
                 deals: Sequence[Deal] | None = None, *, autostart: bool = True) -> None:
        if variant.kind != "domino":  # this engine's play of it would never end
            raise ValueError(f"{variant.name} is a {variant.kind} game, not played by this "
                             f"engine: engine.kinds.new_game deals it")
        self.variant = variant
        self._rules = TurnRules.of(variant)
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
        g._rules = self._rules
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
            rng = DealRandom(f"{self.seed}/{round_index}/{attempt}")
            hands, boneyard = cut(shuffled_set(v, rng), sizes)
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
            if self._rules.adjusts:  # kolbasa: the lead's orientation chooses the lines
                return self.variant.adjust_moves(self, rnd, rnd.turn, leads)
            return leads
        seat = rnd.turn
        if self._rules.plain and not rnd.turn_placed:
            # The common case: any tile of the hand on any open end it fits, in hand
            # order, end by end (``_placements`` says the same, turns of several
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
        moves = self._placements(rnd, seat)
        if self._rules.adjusts:  # kolbasa: the own line first, and the cut
            moves = self.variant.adjust_moves(self, rnd, seat, moves)
        if rnd.turn_placed:
            moves.append(DONE)
            return moves
        if self._rules.closers:
            own = self._own_closed(rnd, seat)
            if own:
                return self._with_opens(rnd, seat, moves, own)
        if moves:
            return moves
        return [DRAW] if rnd.drawn < rnd.drawable else [PASS]

    def play_random(self, uniform: Callable[[], float]) -> int:
        """Play to the game's end with uniformly random legal moves; return the moves
        played. The move is ``legal_moves()[int(uniform() * n)]``, no draw at all when
        only one is legal (what ``simulate`` and random playouts do).

        Rounds under simple rules (:class:`TurnRules`) are played by
        :meth:`_random_simple_round`; the rest move by move through :meth:`apply`: the
        same game, move for move (tests/engine/test_random_playout.py)."""
        played = 0
        legal_moves = self.legal_moves
        apply = self.apply
        simple = self._rules.simple
        while self.outcome is None:
            rnd = self.rounds[-1]
            if simple and rnd.end is None and rnd.hands[rnd.turn]:
                played += self._random_simple_round(rnd, uniform)
                continue
            legal = legal_moves()
            n = len(legal)
            if n == 1:
                apply(legal[0])
            elif n:
                apply(legal[int(uniform() * n)])
            else:  # a given-deals game that ran out of deals
                break
            played += 1
        return played

    def _random_simple_round(self, rnd: RoundState, uniform: Callable[[], float]) -> int:
        """Play ``rnd`` (simple rules) to its end with random legal moves: the lead and
        each seat's placements listed as :meth:`legal_moves` lists them, without its
        checks, and every move applied as :meth:`apply` applies it, inlined, with the
        round's counters kept in locals and written back when the round ends."""
        played = 0
        if rnd.table.lead is None:  # one of legal_moves' leads
            forced = rnd.deal.forced
            if forced is None:
                hand = rnd.hands[rnd.turn]
                n = len(hand)
                forced = hand[0] if n == 1 else hand[int(uniform() * n)]
            self._apply_place(rnd, rnd.turn, LEADS[forced.index])
            played += 1
            if rnd.end is not None:
                return played
        west = _W
        hands = rnd.hands
        table = rnd.table
        ends = table._ends
        arm_w = table.arms[west]
        arm_e = table.arms[_E]
        holding = rnd.holding
        log_append = rnd.log.append
        ids_append = rnd.turn_ids.append
        drawable = rnd.drawable
        drawn = rnd.drawn
        boneyard = rnd.deal.boneyard
        players = self.players
        fits_by_ends = FITS_WE
        w = ends[west]  # the pips at the line's ends: only placements change them
        e = ends[_E]
        seat = rnd.turn
        number = rnd.turn_number
        order = table.placed
        placed = table.last
        placer = rnd.last_placer
        fish = False
        while True:
            legal: list[Move] = []
            fits = fits_by_ends[w * PIPS + e] or fits_we(w, e)
            hand = hands[seat]
            for t in hand:
                if t in fits:
                    legal += fits[t]
            n = len(legal)
            played += 1
            if not n:
                if drawn < drawable:  # apply(DRAW), inlined
                    log_append((seat, DRAW, 0, (w, e)))
                    ids_append(number)
                    tile = boneyard[drawn]
                    drawn += 1
                    hand.append(tile)
                    holding[tile.a] += 1
                    if not tile.is_double:
                        holding[tile.b] += 1
                    if drawn >= drawable and not holding[w] and not holding[e]:
                        fish = True
                        break
                    continue
                log_append((seat, PASS, 0, (w, e)))  # apply(PASS), inlined
                ids_append(number)
                seat = seat + 1 if seat + 1 < players else 0
                number += 1
                continue
            move = legal[0] if n == 1 else legal[floor(uniform() * n)]  # int(), for >= 0
            # apply(move), inlined (its simple placement)
            tile = move.tile  # type: ignore[union-attr]
            hand.remove(tile)
            a = tile.a
            b = tile.b
            holding[a] -= 1
            if a != b:
                holding[b] -= 1
            if move.end is west:  # type: ignore[union-attr]
                pip = w
                w = outer = b if pip == a else a
                placed = new_placed(Placed, (tile, pip, outer, seat, order, False))
                arm_w.append(placed)
            else:
                pip = e
                e = outer = b if pip == a else a
                placed = new_placed(Placed, (tile, pip, outer, seat, order, False))
                arm_e.append(placed)
            order += 1
            placer = seat
            log_append((seat, move, 0, None))
            ids_append(number)
            if not hand:
                break
            if drawn >= drawable and not holding[w] and not holding[e]:
                # nobody holds a tile for an open end: a fish
                fish = True
                break
            seat = seat + 1 if seat + 1 < players else 0
            number += 1
        ends[west] = w
        ends[_E] = e
        table.placed = order
        table.last = placed
        rnd.last_placer = placer
        rnd.turn = seat
        rnd.turn_number = number
        rnd.drawn = drawn
        self._finish(self._fish(rnd) if fish else self._end_round(rnd, _DOMINO, seat))
        return played

    def can_place(self, seat: int) -> bool:
        """Does ``seat`` hold a tile for an open end (closers and turn limits aside)?"""
        ends = self.round.table.open_ends()
        pips = set(ends.values())
        return any(t.a in pips or t.b in pips for t in self.round.hands[seat])

    # ------------------------------------------------------------- the turn
    # One set of rules for every variant; the variants' differences are their
    # declared data (``max_placements``, ``closers``, ``skip_empty_hands``, ``draws``)
    # and hooks (``may_place``, ``may_continue``, ``round_over_after_place``,
    # ``extra_turn``, ``owed_draws``, ``fish_outcome``). :class:`TurnRules` reads
    # them once per game so the common case skips what its variant never uses.
    def _placements(self, rnd: RoundState, seat: int) -> list[Move]:
        """The placements ``seat`` may make now (the turn's constraints included)."""
        hand = rnd.hands[seat]
        ends = rnd.table.open_ends()
        rules = self._rules
        done = rnd.turn_placed
        moves: list[Move] = []
        v = self.variant
        if done:
            if len(done) >= rules.max_placements or done[0].order == 0:
                return moves
            used = {self._arm_of(rnd, p) for p in done}
            ends = {e: p for e, p in ends.items() if e not in used}
        pairs = [(e, TILES_WITH[p]) for e, p in ends.items()]
        for t in hand:
            if done and not v.may_continue(done[0], t):
                continue
            fitting = [e for e, fit in pairs if t in fit]
            if not fitting or (rules.gated and not v.may_place(self, rnd, seat, t)):
                continue
            places = PLACES[t.index]
            for e in fitting:
                moves.append(places[e])
                if rules.closers and t.is_double:
                    moves.append(Place(t, e, None, True))
        return moves

    def _own_closed(self, rnd: RoundState, seat: int) -> list[End]:
        """The closed ends whose closer ``seat`` placed."""
        closed = rnd.table.closed
        if not closed:
            return []
        arms = rnd.table.arms
        return [e for e in ALL_ENDS if e in closed and arms[e][-1].seat == seat]

    def _opens_a_place(self, rnd: RoundState, seat: int, end: End) -> bool:
        """Would reopening ``end`` let ``seat`` place a tile there?"""
        pip = rnd.table.arms[end][-1].outer
        v = self.variant
        return any(t.has(pip) and v.may_place(self, rnd, seat, t) for t in rnd.hands[seat])

    @staticmethod
    def _drew_in_turn(rnd: RoundState, seat: int) -> bool:
        """Has the seat on turn drawn in the turn in progress?"""
        tid = rnd.turn_number
        ids = rnd.turn_ids
        log = rnd.log
        i = len(log) - 1
        while i >= 0 and ids[i] == tid:
            s, move, _, _ = log[i]
            if s == seat and isinstance(move, Draw | ForcedDraw):
                return True
            i -= 1
        return False

    def _with_opens(self, rnd: RoundState, seat: int, moves: list[Move],
                    own: list[End]) -> list[Move]:
        """The legal moves of a turn not yet placed in, for a seat with closers ``own``
        (RULES.md 4.9): each may be reopened as the first part of a turn (before a
        draw); one who cannot place but could after reopening must reopen, even after
        drawing, and then only a closer that helps."""
        first = not self._drew_in_turn(rnd, seat)
        if moves:
            if first:
                moves.extend(Open(e) for e in own)
            return moves
        helpful = [e for e in own if self._opens_a_place(rnd, seat, e)]
        if helpful:
            return [Open(e) for e in (own if first else helpful)]
        out: list[Move] = [DRAW] if rnd.drawn < rnd.drawable else [PASS]
        if first:
            out.extend(Open(e) for e in own)
        return out

    @staticmethod
    def _arm_of(rnd: RoundState, placed: Placed) -> End | None:
        """The arm a placement of the turn in progress went on (it is still the
        arm's last tile: one placement an arm a turn); None for the lead."""
        for e, arm in rnd.table.arms.items():
            if arm and arm[-1] is placed:
                return e
        return None

    def _can_place(self, rnd: RoundState, seat: int) -> bool:
        """Could ``seat`` place a tile on his turn (after reopening his closers)?"""
        hand = rnd.hands[seat]
        if not hand:
            return False
        pips = set(rnd.table.open_ends().values())
        if self._rules.closers:
            arms = rnd.table.arms
            pips.update(arms[e][-1].outer for e in self._own_closed(rnd, seat))
        v = self.variant
        return any((t.a in pips or t.b in pips) and v.may_place(self, rnd, seat, t)
                   for t in hand)

    def _stuck(self, rnd: RoundState) -> bool:
        """A fish: nothing may be drawn and no player can place a tile (RULES.md 3;
        4.9: even after reopening his own closers)."""
        if rnd.drawn < rnd.drawable:
            return False
        rules = self._rules
        if not rules.gated:  # whoever holds a tile for an open end can place it
            holding = rnd.holding
            for p in rnd.table.open_ends().values():
                if holding[p]:
                    return False
            if not rules.closers or not rnd.table.closed:
                return True
        return not any(self._can_place(rnd, s) for s in range(self.players))

    # ---------------------------------------------------------- checked play
    def resolve(self, move: Move) -> Move:
        """Check ``move`` for the seat on turn and return it with its end resolved.

        A move is legal when, its end resolved, it is among :meth:`legal_moves`;
        only a refused move is explained."""
        seat = self.current_seat
        if seat is None:
            raise IllegalMoveError("the game is over" if self.over else "the round is over")
        rnd = self.round
        if rnd.pending_take or isinstance(move, Take):
            return self._resolve_take(rnd, seat, move)
        legal = self.legal_moves()
        if isinstance(move, Cut):  # kolbasa: the arms come from the legal cut
            if move.tile not in rnd.hands[seat]:
                raise IllegalMoveError(f"seat {seat} does not hold {move.tile}")
            for m in legal:
                if isinstance(m, Cut) and m.tile == move.tile and (
                        move.end is None or (m.end, m.onto) == (move.end, move.onto)):
                    return m
            raise IllegalMoveError(self.variant.refusal(self, rnd, seat, move)
                                   or f"{move.tile} cannot cut now")
        resolved = self._resolve_end(rnd, seat, move)
        if isinstance(resolved, Place) and resolved.end is None:
            if any(m.tile is resolved.tile for m in legal if isinstance(m, Place)):
                return resolved
        elif resolved in legal:
            return resolved
        raise self._refusal(rnd, seat, resolved, legal)

    def _resolve_take(self, rnd: RoundState, seat: int, move: Move) -> Move:
        if not rnd.pending_take:
            raise IllegalMoveError("there is nothing to take now")
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

    def _resolve_end(self, rnd: RoundState, seat: int, move: Move) -> Move:
        """``move`` with the end of a placement found (or checked) on the table, or
        the reason it names no placement at all."""
        if isinstance(move, Draw | Pass | Open | Done):
            return move
        if not isinstance(move, Place):
            raise IllegalMoveError(f"not a move: {move!r}")
        v = self.variant
        tile = move.tile
        if tile not in rnd.hands[seat]:
            raise IllegalMoveError(f"seat {seat} does not hold {tile}")
        if move.face_down and not v.closers:
            raise IllegalMoveError(f"{v.name} has no closers: nothing is placed face down")
        if move.face_down and not tile.is_double:
            raise IllegalMoveError(f"only a double is placed face down, not {tile}")
        table = rnd.table
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
        return Place(tile, end, None, move.face_down)

    def _refusal(self, rnd: RoundState, seat: int, move: Move,
                 legal: list[Move]) -> IllegalMoveError:
        """Why ``move`` (its end resolved) is not among the ``legal`` moves."""
        v = self.variant
        done = rnd.turn_placed
        if self._rules.adjusts:  # kolbasa: the variant says why first
            why = v.refusal(self, rnd, seat, move)
            if why is not None:
                return IllegalMoveError(why)
        if isinstance(move, Done):
            return IllegalMoveError("a turn ends by itself until a tile is placed in it")
        if isinstance(move, Open):
            if not v.closers:
                return IllegalMoveError(f"{v.name} has no closers to reopen")
            if done:
                return IllegalMoveError("a closer is reopened only before the turn's "
                                        "first placement")
            if move.end not in rnd.table.closed:
                return IllegalMoveError(f"end {move.end} is not closed")
            if move.end not in self._own_closed(rnd, seat):
                return IllegalMoveError(f"only the player who closed end {move.end} may "
                                        "reopen it")
            return IllegalMoveError(f"after drawing, seat {seat} may reopen a closer only "
                                    "when he cannot place and reopening it lets him")
        if isinstance(move, Draw | Pass):
            word = "draw" if isinstance(move, Draw) else "pass"
            if rnd.table.lead is None:
                return IllegalMoveError(f"a player who can place a tile may not {word}")
            if done:
                return IllegalMoveError(f"a player may not {word} after placing a tile in "
                                        "his turn")
            if any(isinstance(m, Place) for m in legal):
                return IllegalMoveError(f"a player who can place a tile may not {word}")
            if DRAW not in legal and PASS not in legal:
                return IllegalMoveError(f"seat {seat} must reopen his closer, not {word}")
            if isinstance(move, Draw):
                return IllegalMoveError("there is nothing to draw")
            return IllegalMoveError("a player who can draw may not pass")
        assert isinstance(move, Place) and move.end is not None
        tile, end = move.tile, move.end
        if done:
            if done[0].order == 0:
                return IllegalMoveError("the lead is a turn of its own")
            if len(done) >= v.max_placements:
                return IllegalMoveError(f"a turn holds at most {v.max_placements} placements")
            if end in {self._arm_of(rnd, p) for p in done}:
                return IllegalMoveError(f"each placement of a turn goes on a different arm: "
                                        f"{end} was used")
            if not v.may_continue(done[0], tile):
                return IllegalMoveError(f"only doubles may follow a double in the same turn, "
                                        f"not {tile}")
        if not v.may_place(self, rnd, seat, tile):
            return IllegalMoveError(f"seat {seat} may not go out with {tile}")
        return IllegalMoveError(f"{tile} may not be placed on {end} now")  # pragma: no cover

    def play(self, move: Move) -> MoveResult:
        """Apply a move after checking it; say what it did."""
        move = self.resolve(move)
        rnd = self.round
        seat = rnd.turn
        drawn = rnd.deal.boneyard[rnd.drawn] if isinstance(move, Draw) else None
        # kolbasa: a cut moves the cutter's line and the cutting tile
        moved = len(rnd.table.arms[move.end]) + 1 if isinstance(move, Cut) and move.end else 0
        at = len(rnd.log)
        self.apply(move)
        _, _, points, _ = rnd.log[at]
        notation = rnd.actions()[at][1]
        new_round = self.rounds[-1] is not rnd
        return MoveResult(seat, move, notation, points=points, drawn=drawn,
                          end=move.end if isinstance(move, Place | Cut) else None,
                          round_end=rnd.end, game_over=self.outcome, new_round=new_round,
                          moved=moved)

    # ------------------------------------------------------------- fast path
    def apply(self, move: Move) -> None:
        """Apply a legal, resolved move (no checks: see :meth:`play`)."""
        rnd = self.rounds[-1]
        seat = rnd.turn
        kind = type(move)
        if kind is Place:
            end = move.end  # type: ignore[union-attr]
            if end is None or not self._rules.simple:
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
            if rnd.drawn >= rnd.drawable and self._stuck(rnd):
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
        elif kind is Cut:
            self._apply_cut(rnd, seat, move)  # type: ignore[arg-type]
        else:
            assert isinstance(move, Take)
            self._apply_take(rnd, move)

    def _draw_into(self, rnd: RoundState, seat: int) -> None:
        tile = rnd.deal.boneyard[rnd.drawn]
        rnd.drawn += 1
        rnd.hands[seat].append(tile)
        rnd.holding[tile.a] += 1
        if not tile.is_double:
            rnd.holding[tile.b] += 1

    def _apply_place(self, rnd: RoundState, seat: int, move: Place) -> None:
        rules = self._rules
        tile = move.tile
        hand = rnd.hands[seat]
        hand.remove(tile)
        holding = rnd.holding
        holding[tile.a] -= 1
        if not tile.is_double:
            holding[tile.b] -= 1
        end = move.end
        if end is None:
            placed = rnd.table.place_lead(tile, _west(move), seat)
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
            elif self._stuck(rnd):
                counted = self._side_pips(rnd)
                rnd.end = self._plain_end(rnd, self._fish_kind(rnd, counted[1]), seat, counted)
            return
        if out:
            rnd.turn_placed.clear()
            self._finish(self._end_round(rnd, _DOMINO, seat))
            return
        if rules.several and self._placements(rnd, seat):
            return  # the turn goes on: more placements, or Done
        self._end_turn(rnd, seat)

    def _apply_cut(self, rnd: RoundState, seat: int, move: Cut) -> None:
        """``kolbasa``'s cut: a placement plus a table operation (:meth:`Table.cut`),
        then the turn ends as after a placement (one placement a turn)."""
        tile = move.tile
        hand = rnd.hands[seat]
        hand.remove(tile)
        holding = rnd.holding
        holding[tile.a] -= 1
        if not tile.is_double:
            holding[tile.b] -= 1
        assert move.end is not None and move.onto is not None
        rnd.table.cut(tile, move.end, move.onto, seat)
        rnd.last_placer = seat
        rnd.add_log(seat, move, 0, None)
        if self.variant.round_over_after_place(self, rnd, seat):
            self._finish(self._end_round(rnd, _DOMINO, seat))
            return
        self._end_turn(rnd, seat)

    def _end_turn(self, rnd: RoundState, seat: int) -> None:
        """The turn of ``seat`` ends (after its placements): fish, extra turn, or next."""
        if rnd.drawn >= rnd.drawable and self._stuck(rnd):
            rnd.turn_placed.clear()
            self._finish(self._fish(rnd))
            return
        rules = self._rules
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
        if self._rules.skip_empty:
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
        if self._rules.pips_value:
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
        return _EGGS if values.count(low) > 1 else _FISH

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
