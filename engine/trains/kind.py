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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.catalogue import Family, Variant, default_options
from engine.core.errors import IllegalMoveError, OptionsError, RecordError
from engine.core.kind import PlayedGame
from engine.core.levels import LEVELS
from engine.core.match import KindMatch, MatchKind
from engine.core.moves import DONE, Done, Draw, Move, Pass, TrainPlace
from engine.core.options import ROUND_COUNTS, Options, OptionSpec, the_option
from engine.core.results import EndKind, FishFacts, GameOutcome, MoveResult
from engine.core.review import Candidate
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
           "trains_view"]

KIND = "trains"
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


class TrainsMatch(KindMatch[TrainsGame, MexicanTrain]):
    """A game of Mexican Train as the service plays it (see the module's docstring)."""

    variant_type = MexicanTrain

    def __init__(self, variant: Variant, seed: int, game: TrainsGame | None = None) -> None:
        super().__init__(variant, seed, game)
        self.actions: list[str] = []  # every action played, in order (what is stored)

    @classmethod
    def deal(cls, variant: MexicanTrain, seed: int) -> TrainsGame:
        return TrainsGame(variant.players, variant.trains_options(), seed=seed)

    @classmethod
    def parse_entry(cls, text: str) -> Sequence[Move]:
        return (DONE,) if text == "done" else tuple(parse_entry(text))

    def entries(self) -> list[str]:
        return list(self.actions)

    @property
    def rounds(self) -> list[Round]:
        return self.game.rounds

    @property
    def round(self) -> Round:
        return self.game.current

    def play(self, move: Move) -> MoveResult:
        """A checked action by the seat on turn (TrainsMoveError, with its typed
        reason, if refused: nothing changes); the next round is dealt as soon as one
        ends."""
        action = _as_action(move)
        seat = self.seat_on_turn()
        drawn = self.game.play(seat, action)
        notation = _notation(action)
        self.actions.append(notation)
        end = self.game.rounds[-1].end
        new_round = self.next_round(end)
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

    def seat_record(self, seat: int | None) -> dict[str, Any]:
        return self.game.record_for(seat)


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


class TrainsKind(MatchKind[TrainsMatch]):
    name = KIND
    match_type = TrainsMatch
    reviewed = True  # the post-game review values its placements (move_values)

    def fish(self, game: PlayedGame) -> FishFacts | None:
        """Blocked when the last round ended a fish and nothing was played since;
        otherwise the boneyard's size and, for each end now open, how many tiles with
        its pip are not on the table."""
        match = self.match_of(game)
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

    def move_values(self, variant: Variant, view: SeatView, key: str
                    ) -> tuple[list[Candidate], int]:
        """The hard player's rollouts over every placement (the post-game review)."""
        from engine.trains import ai as trains_ai
        return trains_ai.review_values(trains_view(view), random.Random(key))

    def hand_of(self, view: SeatView) -> Sequence[Tile]:
        return trains_view(view).hand

    def replay_summary(self, game: PlayedGame) -> dict[str, Any]:
        return replay_summary(self.match_of(game).game)

    def simulate(self, variant: Variant, games: int, seed: int, levels: Sequence[str],
                 rollouts: int | None = None) -> dict[str, Any]:
        """Computer players of ``levels`` (one per seat, repeated round the table)."""
        from engine.trains import ai as trains_ai
        if not levels or any(x not in LEVELS for x in levels):
            raise OptionsError(f"{NAME}'s --ai takes levels among "
                               f"{', '.join(LEVELS)}")
        return trains_ai.simulate(variant, games, seed, levels)

    def ended_views(self, game: PlayedGame) -> list[SeatView]:
        """Each ended round's public table at its end, with the totals after it."""
        match = self.match_of(game)
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
