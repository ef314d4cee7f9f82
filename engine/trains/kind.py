"""The ``trains`` game kind: Mexican Train's own state class
(:class:`engine.trains.rules.TrainsGame`) behind the game-kind contract, so the
service, the bot and simulate can play it like any game.

- :class:`MexicanTrain` is the catalogue entry (not registered yet: the variant
  table lists it once the bot can show its table);
- :class:`TrainsMatch` is the game the service keeps: its moves are
  :class:`engine.core.moves.TrainPlace`, ``DRAW``, ``PASS`` and ``DONE`` (the end of
  a first-turn chain); each round is dealt as soon as the last one ends (from the
  seed alone, so the stored actions rebuild the same game);
- :class:`TrainsView` is a :class:`engine.core.view.SeatView` with the seat's own
  hand and ``detail``, the public table (trains, ends, markers, owed doubles);
  another seat's tiles and the boneyard are in neither;
- :class:`TrainsKind` stores each action as its notation (``7-2:T1``, ``draw``,
  ``pass``, ``done``), rebuilds a game from those, writes the record and what one
  seat may know of it, and picks a computer player's move from the seat's view
  only (:mod:`engine.trains.ai`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.catalogue import Family, Variant, default_options
from engine.core.errors import IllegalMoveError, MoveError, OptionsError, RecordError
from engine.core.kind import GameKind, PlayedGame
from engine.core.moves import DONE, Done, Draw, Move, Pass, TrainPlace
from engine.core.options import ROUND_COUNTS, Options, OptionSpec, the_option
from engine.core.results import EndKind, FishFacts, GameOutcome, MoveResult
from engine.core.tiles import Tile, full_set
from engine.core.view import SeatView
from engine.trains.notation import parse_entry, place_notation
from engine.trains.record import replay as replay_trains
from engine.trains.record import replay_summary
from engine.trains.rules import (
    DEFAULT_SET,
    DOUBLE_BLANKS,
    NAME,
    Round,
    TrainsGame,
    TrainsOptions,
    make_options,
)

__all__ = ["TRAINS_KIND", "MexicanTrain", "TrainsKind", "TrainsMatch", "TrainsView",
           "rebuilt", "trains_view"]

KIND = "trains"
VIEW_FORMAT = "domino-view/1"
_FIRST_TURN = the_option("first_turn")


class MexicanTrain(Variant):
    """Mexican Train as a catalogue entry; its games are of the ``trains`` kind, not of
    the domino turn machine. Its lobby options are the game's own
    (:class:`engine.trains.rules.TrainsOptions`): the set, the rounds, the first turn
    (``first_turn``: 1 a chain, 2 one tile; the record writes the word) and what 0-0
    counts."""

    name = NAME
    aliases = ("мексиканский_поезд", "мексиканский", "поезд", "mexican", "mexican_trains",
               "tren_mexicano", "trem_mexicano", "мексиканський_потяг", "мексиканський")
    order = 220
    family = Family.TRAINS
    kind = KIND
    option_specs = (OptionSpec.choice("set", (12, 9), DEFAULT_SET),
                    OptionSpec.number("rounds", (*ROUND_COUNTS, 13)),
                    OptionSpec.choice("first_turn", (1, 2), 1),
                    OptionSpec.choice("double_blank", DOUBLE_BLANKS, 0))
    sets_allowed = (12, 9)
    default_set = DEFAULT_SET
    players_allowed = (2, 3, 4, 5, 6, 7, 8)
    penalty_scoring = True
    teams_possible = False

    def __init__(self, options: Options) -> None:
        super().__init__(options)
        self.trains_options()  # OptionsError for rounds the set has not

    def trains_options(self) -> TrainsOptions:
        """The game's own options from the catalogue's (checked: ``rounds`` fits the set)."""
        o = self.options
        return make_options(self.players, {"set": o.set, "rounds": o.rounds,
                                           "first_turn": _FIRST_TURN.to_record(o.first_turn),
                                           "double_blank": o.double_blank})

    def hand_size(self) -> int:
        return self.trains_options().hand_size


def variant_of(options: TrainsOptions) -> MexicanTrain:
    """The catalogue entry of a game's options."""
    base = default_options(MexicanTrain, options.players)
    return MexicanTrain(base.replaced({
        "set": options.set, "rounds": options.rounds,
        "first_turn": _FIRST_TURN.value_of(options.first_turn),
        "double_blank": options.double_blank}))


# ------------------------------------------------------------------- the views
@dataclass(frozen=True, slots=True)
class TrainsView(SeatView):
    """A seat's view of a Mexican Train game: the common facts, the seat's own hand,
    and ``detail``, the public table (:meth:`engine.trains.rules.TrainsGame.table`)
    with the round, the players' names and the options."""

    hand: tuple[Tile, ...] = ()
    detail: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def table_empty(self) -> bool:
        trains = self.detail.get("trains", {})
        return not any(trains.values())


def trains_view(view: SeatView) -> TrainsView:
    """``view`` as a Mexican Train game's view (TypeError for a view of another kind)."""
    if not isinstance(view, TrainsView):
        raise TypeError(f"a view of {view.variant} is not a {NAME} game's")
    return view


def _as_action(move: Move) -> Move:
    if isinstance(move, TrainPlace | Draw | Pass | Done):
        return move
    raise IllegalMoveError(f"{type(move).__name__} is no move of {NAME}: place a tile "
                           "on a train, draw, pass or end the chain")


class TrainsMatch:
    """A game of Mexican Train as the service plays it (see the module's docstring)."""

    def __init__(self, variant: Variant, seed: int, game: TrainsGame | None = None) -> None:
        if not isinstance(variant, MexicanTrain):
            raise TypeError("a TrainsMatch is a game of mexican_train")
        self.variant: MexicanTrain = variant
        self.seed = seed
        self.players = variant.players
        if game is None:
            game = TrainsGame(variant.players, variant.trains_options(), seed=seed)
            game.start_round()
        self.game = game
        self.actions: list[str] = []  # every action played, in order (what is stored)

    # -- the protocol ------------------------------------------------------------
    @property
    def totals(self) -> list[int]:
        return list(self.game.totals)

    @property
    def rounds(self) -> list[Round]:
        return self.game.rounds

    @property
    def round(self) -> Round:
        return self.game.current

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def outcome(self) -> GameOutcome | None:
        return self.game.outcome

    @property
    def current_seat(self) -> int | None:
        if self.game.over or self.game.current.over:
            return None
        return self.game.current.turn

    def side_of(self, seat: int) -> int:
        return seat

    def legal_moves(self) -> list[Move]:
        return self.game.legal_moves()

    def play(self, move: Move) -> MoveResult:
        """A checked action by the seat on turn (TrainsMoveError, with its typed
        reason, if refused: nothing changes); the next round is dealt as soon as one
        ends."""
        action = _as_action(move)
        seat = self.current_seat
        if seat is None:
            raise IllegalMoveError("the game is over" if self.over else "the round is over")
        drawn = self.game.play(seat, action)
        notation = _notation(action)
        self.actions.append(notation)
        rnd = self.game.rounds[-1]
        end = rnd.end
        new_round = False
        if end is not None and not self.game.over:
            self.game.start_round()
            new_round = True
        return MoveResult(seat, action, notation, drawn=drawn, round_end=end,
                          game_over=self.outcome, new_round=new_round)

    def view(self, seat: int | None) -> TrainsView:
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat}")
        rnd = self.game.current
        on_turn = self.current_seat
        legal = tuple(self.legal_moves()) if seat is not None and on_turn == seat else ()
        return _view(self.game, len(self.game.rounds) - 1, seat, legal, self.outcome,
                     tuple(self.game.totals), on_turn, sorted(rnd.hands[seat])
                     if seat is not None else [])

    # -- the rest -----------------------------------------------------------------
    def copy(self) -> TrainsMatch:
        """The match dealt again from its seed with its actions played again."""
        return rebuilt(self.variant, self.seed, self.actions)

    def record(self, names: Sequence[str]) -> dict[str, Any]:
        rec = self.game.record()
        rec["players"] = list(names)
        return rec


def _notation(action: Move) -> str:
    if isinstance(action, TrainPlace):
        return place_notation(action)
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Pass):
        return "pass"
    return "done"


def _view(game: TrainsGame, index: int, seat: int | None, legal: tuple[Move, ...],
          outcome: GameOutcome | None, totals: tuple[int, ...], turn: int | None,
          hand: Sequence[Tile]) -> TrainsView:
    rnd = game.rounds[index]
    detail = {**game.table(rnd), "players": list(game.players), "round": index + 1,
              "rounds": game.options.rounds, "options": game.options.record_options(),
              "counts": [len(h) for h in rnd.hands]}
    return TrainsView(
        seat=seat, variant=NAME, players=game.seats,
        sides=tuple((s,) for s in range(game.seats)), hand_sizes=tuple(detail["counts"]),
        boneyard_left=len(rnd.boneyard), boneyard_unseen=len(rnd.boneyard),
        totals=totals, round_points=tuple(rnd.points or (0,) * game.seats),
        round_index=index, turn=turn, turn_number=len(rnd.entries), leader=rnd.leader,
        legal=legal, outcome=outcome, hand=tuple(hand), detail=detail)


def rebuilt(variant: Variant, seed: int, entries: Iterable[str]) -> TrainsMatch:
    """The game dealt from ``seed`` with its stored actions played again."""
    match = TrainsMatch(variant, seed)
    for text in entries:
        try:
            actions = [DONE] if text == "done" else parse_entry(text)
            for action in actions:
                match.play(action)
        except MoveError as exc:
            raise IllegalMoveError(str(exc)) from exc
    return match


def _match(game: PlayedGame) -> TrainsMatch:
    assert isinstance(game, TrainsMatch)
    return game


class TrainsKind(GameKind):
    name = KIND

    def fish(self, game: PlayedGame) -> FishFacts | None:
        """Blocked when the last round ended a fish and nothing was played since;
        otherwise the boneyard's size and, for each end now open, how many tiles with
        its pip are not on the table."""
        match = _match(game)
        ended = [r for r in match.rounds if r.over]
        rnd = match.round
        if ended and ended[-1].end is not None and ended[-1].end.kind is EndKind.FISH and (
                rnd.over or not rnd.entries):
            return FishFacts(True, 0)
        table = match.game.table(rnd)
        pips = sorted(set(table["ends"].values()))
        on_table = rnd.on_table()
        unplayed = tuple((p, sum(t.has(p) for t in full_set(match.game.options.set)
                                 if t not in on_table)) for p in pips)
        return FishFacts(False, len(rnd.boneyard), unplayed)

    def new_game(self, variant: Variant, seed: int) -> PlayedGame:
        return TrainsMatch(variant, seed)

    def play(self, game: PlayedGame, move: Move) -> tuple[MoveResult, str]:
        result = _match(game).play(move)
        return result, result.notation

    def rebuild(self, variant: Variant, seed: int, entries: Iterable[str]) -> PlayedGame:
        return rebuilt(variant, seed, entries)

    def to_record(self, game: PlayedGame, names: Sequence[str]) -> dict[str, Any]:
        return _match(game).record(names)

    def to_view_record(self, game: PlayedGame, seat: int | None, names: Sequence[str]
                       ) -> dict[str, Any]:
        match = _match(game)
        if match.over:
            return match.record(names)
        rec = match.game.record_for(seat)
        rec["players"] = list(names)
        rec["format"] = VIEW_FORMAT
        rec["viewer"] = seat
        return rec

    def replay(self, record: Mapping[str, Any]) -> tuple[PlayedGame, list[str]]:
        game = replay_trains(record)
        try:
            variant = variant_of(game.options)
        except OptionsError as exc:
            raise RecordError(str(exc)) from exc
        return TrainsMatch(variant, 0, game), list(game.players)

    def decide(self, level: str, seed: int, variant: Variant, view: SeatView) -> Move:
        from engine.trains import ai as trains_ai
        own = trains_view(view)
        rng = random.Random(f"{seed}/{view.round_index}/{view.turn_number}/{view.seat}/"
                            f"{own.detail.get('placed')}/{own.detail.get('drew')}")
        return trains_ai.make_player(level)(own, rng)

    def replay_summary(self, game: PlayedGame) -> dict[str, Any]:
        return replay_summary(_match(game).game)

    def simulate(self, variant: Variant, games: int, seed: int, levels: Sequence[str],
                 rollouts: int | None = None) -> dict[str, Any]:
        """Computer players of ``levels`` (one per seat, repeated round the table)."""
        from engine.trains import ai as trains_ai
        if not levels or any(x not in trains_ai.LEVELS for x in levels):
            raise OptionsError(f"{NAME}'s --ai takes levels among "
                               f"{', '.join(trains_ai.LEVELS)}")
        return trains_ai.simulate(variant, games, seed, levels)

    def ended_views(self, game: PlayedGame) -> list[SeatView]:
        """Each ended round's public table at its end, with the totals after it."""
        match = _match(game)
        out: list[SeatView] = []
        totals = [0] * match.players
        for index, rnd in enumerate(match.rounds):
            if rnd.points is None:
                continue
            totals = [t + p for t, p in zip(totals, rnd.points, strict=True)]
            outcome = match.outcome if index == len(match.rounds) - 1 else None
            out.append(_view(match.game, index, None, (), outcome, tuple(totals), None, []))
        return out


TRAINS_KIND = TrainsKind()
