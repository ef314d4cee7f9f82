"""``mexican_train``: Mexican Train, "Мексиканский поезд", the game of trains.

Every seat builds its own train out of the round's engine (a double laid in the
centre before the deal), a public Mexican train runs beside them, a seat that
cannot play draws one tile, then passes and puts its marker on its train (which
opens it to everyone), and a double must be covered before anything else is
placed. One round per double of the set, from the highest down to ``0-0``; each
seat is written the pips left in its hand; the lowest total wins.

This module is the game's own state class (:class:`TrainsGame`), pure like the
rest of :mod:`engine`: the options, the deal, checked actions with typed reasons,
the turn flow (the first turn's chain, owed doubles, the forced draw then pass),
the round's end (a domino, or a fish: nothing can ever be placed again), the
scoring and the record it writes (``domino-record/1``). Its actions are
:class:`engine.core.moves.TrainPlace`, ``Draw``, ``Pass`` and ``Done`` (the end
of a first-turn chain, never written).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

from engine.core.errors import (
    IllegalMoveError,
    OptionsError,
    ReasonedMoveError,
    RecordError,
)
from engine.core.moves import DONE, DRAW, PASS, Done, Draw, Move, Pass, TrainPlace
from engine.core.results import EndKind, GameEndReason, GameOutcome, RoundEnd
from engine.core.rounds import RoundsGame, player_names
from engine.core.tiles import Tile, full_set
from engine.trains.notation import TrainId, parse_entry, place_notation, train_name

NAME = "mexican_train"
SETS = (9, 12)
DEFAULT_SET = 12
CHAIN = "chain"
SINGLE = "single"
FIRST_TURNS = (CHAIN, SINGLE)
DOUBLE_BLANKS = (0, 50)
PLAYERS = (2, 3, 4, 5, 6, 7, 8)
# Tiles dealt to each seat, by the set and the table's size.
HAND_SIZES: Mapping[int, tuple[tuple[range, int], ...]] = {
    12: ((range(2, 5), 15), (range(5, 7), 12), (range(7, 9), 10)),
    9: ((range(2, 5), 10), (range(5, 7), 8), (range(7, 9), 6)),
}



class Reason(Enum):
    """Why an action is refused (typed, for the bot's texts)."""

    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_IN_HAND = "not_in_hand"
    NO_SUCH_TRAIN = "no_such_train"
    NO_MATCH = "no_match"
    WRONG_WAY = "wrong_way"
    MUST_COVER = "must_cover"
    FIRST_TURN_OWN_TRAIN = "first_turn_own_train"
    CLOSED_TRAIN = "closed_train"
    TURN_DONE = "turn_done"
    CAN_PLACE = "can_place"
    ALREADY_DREW = "already_drew"
    BONEYARD_EMPTY = "boneyard_empty"
    MUST_DRAW = "must_draw"
    NOTHING_PLACED = "nothing_placed"
    NOT_A_CHAIN = "not_a_chain"


class TrainsMoveError(ReasonedMoveError):
    """A move mexican_train's rules refuse, with its :class:`Reason`."""

    reason: Reason


@dataclass(frozen=True, slots=True)
class TrainsOptions:
    """The game's options, by their record names."""

    players: int = 4
    set: int = DEFAULT_SET
    rounds: int = DEFAULT_SET + 1
    first_turn: str = CHAIN
    double_blank: int = 0

    def record_options(self) -> dict[str, Any]:
        """The options that differ from the defaults (``rounds``: from the set's)."""
        out: dict[str, Any] = {}
        if self.set != DEFAULT_SET:
            out["set"] = self.set
        if self.rounds != self.set + 1:
            out["rounds"] = self.rounds
        if self.first_turn != CHAIN:
            out["first_turn"] = self.first_turn
        if self.double_blank != 0:
            out["double_blank"] = self.double_blank
        return out

    @property
    def hand_size(self) -> int:
        return next(n for seats, n in HAND_SIZES[self.set] if self.players in seats)

    def engine(self, round_index: int) -> Tile:
        """The engine of round ``round_index`` (from 0): the set's doubles going down."""
        pip = self.set - round_index
        return Tile(pip, pip)


def make_options(players: int, options: Mapping[str, Any] | None = None) -> TrainsOptions:
    """The options of a record (or a lobby), checked: ``set`` 12 or 9, ``rounds`` 1 to
    the set's number of doubles, ``first_turn`` chain or single, ``double_blank`` 0 or 50."""
    opts = dict(options or {})
    if isinstance(players, bool) or players not in PLAYERS:
        raise OptionsError(f"{NAME} is played by 2-8 players, not {players!r}")
    tile_set = opts.pop("set", DEFAULT_SET)
    if isinstance(tile_set, bool) or tile_set not in SETS:
        raise OptionsError(f"{NAME} is played with double-12 or double-9, not {tile_set!r}")
    rounds = opts.pop("rounds", None)
    if rounds is None:
        rounds = tile_set + 1
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not (
            1 <= rounds <= tile_set + 1):
        raise OptionsError(f"rounds is 1 to {tile_set + 1} with double-{tile_set}")
    first_turn = opts.pop("first_turn", CHAIN)
    if first_turn not in FIRST_TURNS:
        raise OptionsError(f"first_turn is chain or single, not {first_turn!r}")
    double_blank = opts.pop("double_blank", 0)
    if isinstance(double_blank, bool) or double_blank not in DOUBLE_BLANKS:
        raise OptionsError(f"double_blank is 0 or 50, not {double_blank!r}")
    if opts.get("teams") is False:
        opts.pop("teams")
    if opts:
        raise OptionsError(f"{NAME} takes no option {sorted(opts)[0]}")
    return TrainsOptions(players, tile_set, rounds, str(first_turn), double_blank)


# ------------------------------------------------------------------ the round
@dataclass(slots=True)
class Round:
    """One round: the hands, the boneyard (drawn from its front), the trains (each
    seat's, then the Mexican train, as ``(tile, touching pip)``), the markers, the
    queue of owed doubles (oldest first) and the turn in progress. ``entries`` are
    the record's moves."""

    engine: Tile
    hands: list[list[Tile]]
    boneyard: list[Tile]
    dealt: tuple[tuple[Tile, ...], ...]
    dealt_boneyard: tuple[Tile, ...]
    leader: int
    turn: int = 0
    trains: list[list[tuple[Tile, int]]] = field(default_factory=list)
    markers: list[bool] = field(default_factory=list)
    owed: list[TrainId] = field(default_factory=list)
    first_turns_left: int = 0  # seats still to take their first-turn chain
    placed: int = 0  # placements made in the turn in progress
    drew: bool = False  # drew for the placement now owed
    entries: list[str] = field(default_factory=list)
    entry_seats: list[int] = field(default_factory=list)
    open_entry: bool = False  # the last entry may still take placements (joined by +)
    out: int | None = None  # the first seat that emptied its hand
    last_placer: int | None = None
    end: RoundEnd | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def points(self) -> tuple[int, ...] | None:
        return None if self.end is None else self.end.points

    @property
    def chaining(self) -> bool:
        """The seat on turn is taking its first-turn chain."""
        return self.first_turns_left > 0

    def index(self, train: TrainId) -> int:
        return self.players if train is None else train

    def line(self, train: TrainId) -> list[tuple[Tile, int]]:
        return self.trains[self.index(train)]

    def end_pip(self, train: TrainId) -> int:
        line = self.line(train)
        if not line:
            return self.engine.a
        tile, touch = line[-1]
        return tile.other(touch)

    def is_open(self, train: TrainId) -> bool:
        return train is None or self.markers[train]

    def on_table(self) -> list[Tile]:
        return [self.engine, *(t for line in self.trains for t, _ in line)]


def deal(options: TrainsOptions, engine: Tile, rng: random.Random
         ) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    tiles = [t for t in full_set(options.set) if t is not engine]
    rng.shuffle(tiles)
    n = options.hand_size
    hands = tuple(tuple(tiles[i * n:(i + 1) * n]) for i in range(options.players))
    return hands, tuple(tiles[options.players * n:])


def check_deal(options: TrainsOptions, engine: Tile, hands: Sequence[Sequence[Tile]],
               boneyard: Sequence[Tile]) -> None:
    """A deal is the whole set but the engine, ``hand_size`` tiles a seat."""
    n = options.hand_size
    if len(hands) != options.players or any(len(h) != n for h in hands):
        raise RecordError(f"a deal is {n} tiles for each of {options.players} seats")
    dealt = [t for h in hands for t in h] + list(boneyard)
    expected = set(full_set(options.set)) - {engine}
    if len(dealt) != len(set(dealt)) or set(dealt) != expected:
        raise RecordError(f"the deal is not the double-{options.set} set without {engine}")


def hand_points(hand: Sequence[Tile], double_blank: int) -> int:
    return sum(double_blank if t.a == t.b == 0 else t.pips for t in hand)


def game_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats of the lowest total (equal lowest totals share the win)."""
    best = min(totals)
    return tuple(s for s, v in enumerate(totals) if v == best)


class TrainsGame(RoundsGame[TrainsOptions, Round]):
    """A game of Mexican Train: one round per engine, scored by the pips left in hand."""

    variant_name = NAME

    def __init__(self, players: Sequence[str] | int, options: TrainsOptions | None = None,
                 *, seed: int | None = None) -> None:
        names = player_names(players)
        super().__init__(names, options or make_options(len(names)), seed)

    @property
    def outcome(self) -> GameOutcome | None:
        """The game's end (None while it goes on): the lowest totals win."""
        if not self.over:
            return None
        winners = game_winners(self.totals)
        losers = tuple(s for s in range(self.seats) if s not in winners)
        return GameOutcome(winners, losers, GameEndReason.ROUNDS)

    def start_round(self, hands: Sequence[Sequence[Tile]] | None = None,
                    boneyard: Sequence[Tile] | None = None,
                    leader: int | None = None) -> Round:
        """Deal (or take the given deal) and open the next round."""
        if self.rounds and not self.current.over:
            raise IllegalMoveError("the round is not over")
        if self.over:
            raise IllegalMoveError("the game is over")
        engine = self.options.engine(len(self.rounds))
        if hands is None:
            dealt, rest = deal(self.options, engine, self.rng)
        else:
            dealt, rest = tuple(tuple(h) for h in hands), tuple(boneyard or ())
            check_deal(self.options, engine, dealt, rest)
        if leader is None:
            leader = (self.rng.randrange(self.seats) if not self.rounds
                      else self.next_leader())
        chain = self.options.first_turn == CHAIN
        rnd = Round(engine, [list(h) for h in dealt], list(rest), dealt, rest, leader,
                    turn=leader, trains=[[] for _ in range(self.seats + 1)],
                    markers=[False] * self.seats,
                    first_turns_left=self.seats if chain else 0)
        self.rounds.append(rnd)
        return rnd

    def next_leader(self) -> int:
        """The seat after the last round's leader."""
        return (self.rounds[-1].leader + 1) % self.seats

    # -- legality -----------------------------------------------------------------
    def _placements(self, rnd: Round) -> list[TrainPlace]:
        """The placements the seat on turn may make now, in hand order."""
        seat = rnd.turn
        if rnd.chaining:
            targets: list[TrainId] = [seat]
        elif rnd.owed:
            targets = [rnd.owed[0]]
        else:
            targets = [seat, None, *(s for s in range(self.seats)
                                      if s != seat and rnd.markers[s])]
        out: list[TrainPlace] = []
        for tile in sorted(rnd.hands[seat]):
            for train in targets:
                pip = rnd.end_pip(train)
                if tile.has(pip):
                    out.append(TrainPlace(tile, train, pip))
        return out

    def legal_moves(self) -> list[Move]:
        """Every action the seat on turn may take now."""
        if not self.rounds or self.current.over:
            return []
        rnd = self.current
        places: list[Move] = list(self._placements(rnd))
        if rnd.chaining and rnd.placed:
            return [*places, DONE]
        if places:
            return places
        if rnd.boneyard and not rnd.drew:
            return [DRAW]
        return [PASS]

    def check(self, seat: int, move: Move) -> None:
        """Raise :class:`TrainsMoveError` unless ``seat`` may take ``move`` now."""
        if self.over:
            raise TrainsMoveError(Reason.GAME_OVER, "the game is over")
        rnd = self.current
        if rnd.over:
            raise TrainsMoveError(Reason.ROUND_OVER, "the round is over")
        if seat != rnd.turn:
            raise TrainsMoveError(Reason.NOT_YOUR_TURN, f"it is seat {rnd.turn}'s turn")
        legal = self.legal_moves()
        if move in legal:
            return
        if isinstance(move, TrainPlace):
            self._why_not_place(rnd, move)
        elif isinstance(move, Draw):
            if rnd.chaining and rnd.placed:
                raise TrainsMoveError(Reason.CAN_PLACE, "a chain is ended, not drawn after")
            if any(isinstance(m, TrainPlace) for m in legal):
                raise TrainsMoveError(Reason.CAN_PLACE, "a tile can be placed: no draw")
            if rnd.drew:
                raise TrainsMoveError(Reason.ALREADY_DREW, "one draw for each placement owed")
            raise TrainsMoveError(Reason.BONEYARD_EMPTY, "the boneyard is empty")
        elif isinstance(move, Pass):
            if any(isinstance(m, TrainPlace) for m in legal):
                raise TrainsMoveError(Reason.CAN_PLACE, "a tile can be placed: no pass")
            if DONE in legal:
                raise TrainsMoveError(Reason.NOT_A_CHAIN, "end the chain instead")
            raise TrainsMoveError(Reason.MUST_DRAW, "draw first: the boneyard is not empty")
        elif isinstance(move, Done):
            if not rnd.chaining:
                raise TrainsMoveError(Reason.NOT_A_CHAIN, "only a first-turn chain is ended")
            raise TrainsMoveError(Reason.NOTHING_PLACED, "a chain has at least one tile")
        raise TrainsMoveError(Reason.NO_MATCH, f"{type(move).__name__} is no move here")

    def _why_not_place(self, rnd: Round, move: TrainPlace) -> None:
        seat = rnd.turn
        if move.tile not in rnd.hands[seat]:
            raise TrainsMoveError(Reason.NOT_IN_HAND, f"{move.tile} is not in the hand")
        if move.train is not None and not 0 <= move.train < self.seats:
            raise TrainsMoveError(Reason.NO_SUCH_TRAIN, f"there is no train T{move.train}")
        if rnd.chaining and move.train != seat:
            raise TrainsMoveError(Reason.FIRST_TURN_OWN_TRAIN,
                                  "a first turn is spent on one's own train")
        if not rnd.chaining and rnd.owed and move.train != rnd.owed[0]:
            raise TrainsMoveError(Reason.MUST_COVER,
                                  f"cover the double on {train_name(rnd.owed[0])} first")
        if (not rnd.chaining and move.train is not None and move.train != seat
                and not rnd.is_open(move.train) and not rnd.owed):
            raise TrainsMoveError(Reason.CLOSED_TRAIN, f"{train_name(move.train)} is closed")
        pip = rnd.end_pip(move.train)
        if not move.tile.has(pip):
            raise TrainsMoveError(Reason.NO_MATCH,
                                  f"{move.tile} has no {pip} for {train_name(move.train)}")
        raise TrainsMoveError(Reason.WRONG_WAY,
                              f"write the touching {pip} first: {pip}-{move.tile.other(pip)}")

    # -- acting -------------------------------------------------------------------
    def play(self, seat: int, move: Move) -> Tile | None:
        """Take a checked action; a refused action changes nothing. Returns the tile
        drawn (for a draw)."""
        self.check(seat, move)
        rnd = self.current
        drawn: Tile | None = None
        if isinstance(move, TrainPlace):
            self._place(rnd, move)
        elif isinstance(move, Draw):
            drawn = rnd.boneyard.pop(0)
            rnd.hands[seat].append(drawn)
            rnd.drew = True
            self._write(rnd, "draw", joinable=False)
        elif isinstance(move, Pass):
            rnd.markers[seat] = True
            self._write(rnd, "pass", joinable=False)
            self._end_turn(rnd)
        else:  # Done: the chain is over
            rnd.open_entry = False
            self._end_turn(rnd)
        return drawn

    def _write(self, rnd: Round, text: str, *, joinable: bool) -> None:
        if joinable and rnd.open_entry:
            rnd.entries[-1] += "+" + text
        else:
            rnd.entries.append(text)
            rnd.entry_seats.append(rnd.turn)
        rnd.open_entry = joinable

    def _place(self, rnd: Round, move: TrainPlace) -> None:
        seat = rnd.turn
        rnd.hands[seat].remove(move.tile)
        rnd.line(move.train).append((move.tile, move.touch))
        rnd.placed += 1
        rnd.drew = False
        rnd.last_placer = seat
        if move.train == seat:
            rnd.markers[seat] = False
        self._write(rnd, place_notation(move), joinable=True)
        if rnd.chaining:
            if not rnd.hands[seat]:
                if rnd.out is None:
                    rnd.out = seat
                self._end_turn(rnd)
            elif not self._placements(rnd):
                self._end_turn(rnd)
            return
        if rnd.owed and rnd.owed[0] == move.train and not move.tile.is_double:
            rnd.owed.pop(0)  # the oldest owed double is covered
        if not rnd.hands[seat]:
            rnd.out = seat
            self._finish(rnd, EndKind.DOMINO, seat)
            return
        if move.tile.is_double:
            rnd.owed.append(move.train)  # owed at once: the same seat must cover it
            return
        self._end_turn(rnd)

    def _end_turn(self, rnd: Round) -> None:
        rnd.open_entry = False
        if rnd.chaining:
            line = rnd.line(rnd.turn)
            if line and line[-1][0].is_double:
                rnd.owed.append(rnd.turn)  # owed once the first round of turns is over
            rnd.first_turns_left -= 1
            if not rnd.first_turns_left and rnd.out is not None:
                self._finish(rnd, EndKind.DOMINO, rnd.out)
                return
        rnd.turn = (rnd.turn + 1) % self.seats
        rnd.placed = 0
        rnd.drew = False
        if not rnd.chaining and self._blocked(rnd):
            assert rnd.last_placer is not None
            self._finish(rnd, EndKind.FISH, rnd.last_placer)

    def _blocked(self, rnd: Round) -> bool:
        """Nothing can ever be placed again: the oldest owed double's pip is all on
        the table, or the boneyard is empty and no hand fits any end."""
        on_table = rnd.on_table()
        if rnd.owed:
            pip = rnd.end_pip(rnd.owed[0])
            if sum(t.has(pip) for t in on_table) == self.options.set + 1:
                return True
            ends = {pip}
        else:
            ends = {rnd.end_pip(s) for s in range(self.seats)} | {rnd.end_pip(None)}
        if rnd.boneyard:
            return False
        return not any(t.has(p) for hand in rnd.hands for t in hand for p in ends)

    def _finish(self, rnd: Round, kind: EndKind, seat: int) -> None:
        pips = tuple(hand_points(h, self.options.double_blank) for h in rnd.hands)
        winner = seat if kind is EndKind.DOMINO else None
        rnd.open_entry = False
        rnd.end = RoundEnd(kind, seat, pips, pips, winner, pips)
        self.totals = [a + b for a, b in zip(self.totals, pips, strict=True)]

    # -- views and the record ------------------------------------------------------
    def table(self, rnd: Round | None = None) -> dict[str, Any]:
        """The public table: the engine, each train as placed, its end, the markers,
        the owed doubles (oldest first)."""
        rnd = rnd or self.current
        trains = [*range(self.seats), None]
        return {
            "engine": str(rnd.engine),
            "trains": {train_name(t): [f"{touch}-{tile.other(touch)}"
                                       for tile, touch in rnd.line(t)] for t in trains},
            "ends": {train_name(t): rnd.end_pip(t) for t in trains},
            "mexican_started": bool(rnd.line(None)),
            "markers": list(rnd.markers),
            "owed": [train_name(t) for t in rnd.owed],
            "first_round": rnd.chaining,
            "drew": rnd.drew,
            "placed": rnd.placed,
        }

    def record(self) -> dict[str, Any]:
        """The whole truth, ``domino-record/1``."""
        return {
            "format": "domino-record/1",
            "variant": NAME,
            "options": self.options.record_options(),
            "players": list(self.players),
            "rounds": [{"hands": [[str(t) for t in h] for h in r.dealt],
                        "boneyard": [str(t) for t in r.dealt_boneyard],
                        "leader": r.leader,
                        "moves": list(r.entries)} for r in self.rounds],
        }

    def record_for(self, seat: int | None) -> dict[str, Any]:
        """The record as ``seat`` may see it while the game runs: the other hands
        and the boneyard hidden (entries never name a drawn tile)."""
        rec = self.record()
        for r in rec["rounds"]:
            r["hands"] = [h if s == seat else ["?"] * len(h) for s, h in enumerate(r["hands"])]
            r["boneyard"] = ["?"] * len(r["boneyard"])
        return rec

    def play_entry(self, text: str) -> None:
        """Play one record entry (the seat on turn's): its actions in order, then the
        end of a first-turn chain the entry leaves open. A refused entry changes
        nothing, its first actions included."""
        rnd = self.current
        if rnd.over:
            raise TrainsMoveError(Reason.ROUND_OVER, "the round is over")
        seat = rnd.turn
        actions = parse_entry(text)
        saved, totals = copy.deepcopy(rnd), list(self.totals)
        try:
            for action in actions:
                if rnd.over or rnd.turn != seat:
                    raise TrainsMoveError(Reason.TURN_DONE,
                                          f"{text!r} goes on after the turn")
                self.play(seat, action)
            if not rnd.over and rnd.chaining and rnd.turn == seat and rnd.placed:
                self.play(seat, DONE)
        except IllegalMoveError:
            for f in fields(Round):  # in place: whoever holds the round sees it undone
                setattr(rnd, f.name, getattr(saved, f.name))
            self.totals = totals
            raise
