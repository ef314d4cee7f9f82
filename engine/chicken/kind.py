"""The ``chicken_foot`` game kind: Chicken Foot's own state class
(:class:`engine.chicken.rules.ChickenGame`) behind the game-kind contract, so the
service, the bot and simulate can play it like any game.

- :class:`ChickenMatch` is the game the service keeps: its moves are
  :class:`engine.core.moves.BranchPlace` (a tile on a named end),
  :data:`engine.core.moves.DRAW` and :data:`engine.core.moves.PASS`; each round is
  dealt as soon as the last one ends (from the seed alone, so the stored moves
  rebuild the same game);
- :class:`ChickenView` is a :class:`engine.core.view.SeatView` with the table
  (every branch, the open ends, the foot waiting for toes), the seat's own hand
  and the public moves; another seat's tiles and the chicken yard are in none;
- :class:`ChickenKind` stores a move as its record notation (``6-3:R``, ``1-4:2.1``,
  ``draw``, ``pass``), rebuilds a game from those, writes the record and what one
  seat may know of it, and picks a computer player's move from the seat's view
  only (:mod:`engine.chicken.ai`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.chicken.record import replay as replay_chicken
from engine.chicken.record import replay_summary
from engine.chicken.rules import (
    NAME,
    ChickenFoot,
    ChickenGame,
    ChickenOptions,
    Round,
    parse_move,
)
from engine.chicken.table import TOES, Branch
from engine.core.catalogue import Variant, default_options
from engine.core.errors import IllegalMoveError, OptionsError, RecordError
from engine.core.kind import PlayedGame
from engine.core.levels import LEVELS
from engine.core.match import KindMatch, MatchKind
from engine.core.moves import BranchPlace, Draw, Move, Pass
from engine.core.results import GameOutcome, MoveResult, RoundEnd
from engine.core.review import Candidate
from engine.core.tiles import Tile
from engine.core.view import SeatView

__all__ = ["CHICKEN_KIND", "ChickenKind", "ChickenMatch", "ChickenRound", "ChickenView",
           "PublicBranch", "chicken_view"]



@dataclass(frozen=True, slots=True)
class PublicBranch:
    """A branch as everyone sees it: its path's name, its tiles from the root out,
    the pip at its end, and the toes of the foot ending it (None: no foot)."""

    name: str
    tiles: tuple[Tile, ...]
    end: int
    toes: int | None


@dataclass(frozen=True, slots=True)
class ChickenView(SeatView):
    """A seat's view of a Chicken Foot game: the common facts, the seat's own hand,
    the round's engine and ``root_arms``, the branches, the open ends (target, pip),
    the foot waiting for toes (its branch and how many it still needs), whether the
    seat on turn has drawn, the round's moves as written (a draw never says what was
    drawn), the game's options, and at a round's end its result and every hand."""

    hand: tuple[Tile, ...] = ()
    engine: Tile | None = None
    root_arms: int = 4
    branches: tuple[PublicBranch, ...] = ()
    ends: tuple[tuple[str, int], ...] = ()
    pending: tuple[str, int] | None = None
    has_drawn: bool = False
    moves: tuple[str, ...] = ()
    options: ChickenOptions | None = None
    result: RoundEnd | None = None
    end_hands: tuple[tuple[Tile, ...], ...] = ()

    @property
    def table_empty(self) -> bool:
        return not self.branches


def chicken_view(view: SeatView) -> ChickenView:
    """``view`` as a Chicken Foot game's view (TypeError for a view of another kind)."""
    if not isinstance(view, ChickenView):
        raise TypeError(f"a view of {view.variant} is not a chicken_foot game's")
    return view


def _as_move(move: Move) -> Move:
    if isinstance(move, BranchPlace | Draw | Pass):
        return move
    raise IllegalMoveError(f"{type(move).__name__} is no move of chicken_foot: "
                           "place a tile on an end, draw or pass")


class ChickenRound:
    """What the service reads of one round (:class:`engine.core.kind.PlayedRound`)."""

    __slots__ = ("round",)

    def __init__(self, rnd: Round) -> None:
        self.round = rnd

    @property
    def end(self) -> RoundEnd | None:
        return self.round.end

    @property
    def hands(self) -> list[list[Tile]]:
        return [sorted(h) for h in self.round.hands]

    @property
    def points(self) -> tuple[int, ...] | None:
        return self.round.points

    @property
    def moves(self) -> list[str]:
        return list(self.round.moves)


class ChickenMatch(KindMatch[ChickenGame, ChickenFoot]):
    """A game of Chicken Foot as the service plays it (see the module's docstring)."""

    variant_type = ChickenFoot

    @classmethod
    def deal(cls, variant: ChickenFoot, seed: int) -> ChickenGame:
        return ChickenGame(variant.chicken, seed)

    @classmethod
    def parse_entry(cls, text: str) -> Sequence[Move]:
        return (parse_move(text),)

    @property
    def rounds(self) -> list[ChickenRound]:
        return [ChickenRound(r) for r in self.game.rounds]

    def play(self, move: Move) -> MoveResult:
        """A checked move by the seat on turn (IllegalMoveError if refused: nothing
        changes); the next round is dealt as soon as one ends."""
        checked = _as_move(move)
        seat = self.seat_on_turn()
        text, drawn = self.game.play(checked)
        end = self.game.current.end
        new_round = self.next_round(end)
        return MoveResult(seat, checked, text, drawn=drawn, round_end=end,
                          game_over=self.outcome, new_round=new_round)

    def view(self, seat: int | None) -> ChickenView:
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat}")
        index = len(self.game.rounds) - 1
        on_turn = self.current_seat
        legal = tuple(self.game.legal_moves()) if seat is not None and seat == on_turn else ()
        return round_view(self.game, index, seat, tuple(self.game.totals), legal,
                          self.outcome)

    # -- the rest -----------------------------------------------------------------
    def entries(self) -> list[str]:
        """Every move played, in order (what the service stores)."""
        return [m for r in self.game.rounds for m in r.moves]

    def record(self, names: Sequence[str]) -> dict[str, Any]:
        return self.game.record(names)

    def seat_record(self, seat: int | None) -> dict[str, Any]:
        """Its own hand and the tiles it drew, the others' counts, the yard's size,
        every move, the hands left at a round's end."""
        rounds = []
        for rnd in self.game.rounds:
            drawn: list[str] = []
            k = 0
            for who, text in zip(rnd.seats, rnd.moves, strict=True):
                if text == "draw":
                    if who == seat:
                        drawn.append(str(rnd.yard[k]))
                    k += 1
            out: dict[str, Any] = {
                "hands": [[str(t) for t in h] if i == seat else None
                          for i, h in enumerate(rnd.dealt)],
                "hand_sizes": [len(h) for h in rnd.dealt],
                "boneyard_size": len(rnd.yard),
                "leader": rnd.leader,
                "moves": list(rnd.moves),
                "drawn": drawn,
            }
            if rnd.end is not None:
                out["end_hands"] = [[str(t) for t in sorted(h)] for h in rnd.hands]
                out["end"] = {"kind": rnd.end.kind.value, "seat": rnd.end.seat,
                              "points": list(rnd.end.points)}
            rounds.append(out)
        return {"variant": NAME, "options": self.game.options.record_options(),
                "rounds": rounds}

    def ended_views(self) -> list[ChickenView]:
        """Each ended round's public view at its end, with the totals after it."""
        game = self.game
        out: list[ChickenView] = []
        later = list(game.totals)
        last = len(game.rounds) - 1
        for index in range(last, -1, -1):
            rnd = game.rounds[index]
            totals = tuple(later)
            if rnd.end is None:
                continue
            later = [t - p for t, p in zip(later, rnd.end.points, strict=True)]
            final = index == last and game.over
            out.append(round_view(game, index, None, totals, (),
                                  self.outcome if final else None))
        out.reverse()
        return out


def _public(branch: Branch, table_toes: int | None) -> PublicBranch:
    return PublicBranch(branch.name, branch.tiles, branch.end, table_toes)


def round_view(game: ChickenGame, index: int, seat: int | None, totals: tuple[int, ...],
               legal: tuple[Move, ...], outcome: GameOutcome | None) -> ChickenView:
    """Round ``index`` as ``seat`` (None: anyone) sees it: only its own hand, every
    hand once the round is over."""
    rnd = game.rounds[index]
    table = rnd.table
    foot = table.pending()
    over = rnd.end is not None
    return ChickenView(
        seat=seat, variant=NAME, players=game.players,
        sides=tuple((s,) for s in range(game.players)),
        hand_sizes=tuple(len(h) for h in rnd.hands),
        boneyard_left=len(rnd.yard_left), boneyard_unseen=len(rnd.yard_left),
        totals=totals, round_points=rnd.points or (0,) * game.players,
        round_index=index, turn=None if over or game.over else rnd.turn,
        turn_number=len(rnd.moves), leader=rnd.leader, legal=legal, outcome=outcome,
        hand=tuple(sorted(rnd.hands[seat])) if seat is not None else (),
        engine=table.engine, root_arms=table.root_arms,
        branches=tuple(_public(b, table.toes(b) if b.foot else None)
                       for b in table.branches),
        ends=table.ends(),
        pending=None if foot is None else (foot.name, TOES - table.toes(foot)),
        has_drawn=rnd.has_drawn and not over, moves=tuple(rnd.moves), options=game.options,
        result=rnd.end,
        end_hands=tuple(tuple(sorted(h)) for h in rnd.hands) if over else ())


def variant_of(options: ChickenOptions) -> ChickenFoot:
    """The catalogue entry of a game's options (a replayed record's), unregistered."""
    base = default_options(ChickenFoot, options.players)
    return ChickenFoot(base.replaced({"set": options.set, "rounds": options.rounds,
                                      "root_arms": options.root_arms,
                                      "double_blank": options.double_blank}))


class ChickenKind(MatchKind[ChickenMatch]):
    """The operations the layers above need of a Chicken Foot game."""

    name = NAME
    match_type = ChickenMatch
    reviewed = True  # the post-game review values its placements (move_values)
    # the engine ends a blocked round at once: nothing to claim

    def replay(self, record: Mapping[str, Any]) -> tuple[PlayedGame, list[str]]:
        game, names = replay_chicken(record)
        try:
            variant = variant_of(game.options)
        except OptionsError as exc:
            raise RecordError(str(exc)) from exc
        return ChickenMatch(variant, 0, game), names

    def decide(self, level: str, seed: int, variant: Variant, view: SeatView) -> Move:
        """The move of the computer player of ``level`` from the seat's view only."""
        from engine.chicken import ai as chicken_ai
        own = chicken_view(view)
        rng = random.Random(f"{seed}/{own.round_index}/{own.turn_number}/{own.seat}")
        return chicken_ai.make_player(level, rng.randrange(2**32))(own)

    def ended_views(self, game: PlayedGame) -> list[SeatView]:
        return list(self.match_of(game).ended_views())

    def move_values(self, variant: Variant, view: SeatView, key: str
                    ) -> tuple[list[Candidate], int]:
        """The hard player's rollouts over every placement (the post-game review)."""
        from engine.chicken import ai as chicken_ai
        return chicken_ai.review_values(chicken_view(view), random.Random(key))

    def hand_of(self, view: SeatView) -> Sequence[Tile]:
        return chicken_view(view).hand

    def replay_summary(self, game: PlayedGame) -> dict[str, Any]:
        return replay_summary(self.match_of(game).game)

    def simulate(self, variant: Variant, games: int, seed: int, levels: Sequence[str],
                 rollouts: int | None = None) -> dict[str, Any]:
        """Computer players of ``levels`` cycled over the seats (engine/chicken/ai.py)."""
        from engine.chicken import ai as chicken_ai
        if not levels or any(x not in LEVELS for x in levels):
            raise OptionsError("chicken_foot's --ai takes levels among "
                               + ", ".join(LEVELS))
        if not isinstance(variant, ChickenFoot):
            raise OptionsError("not a variant of chicken_foot")
        return chicken_ai.simulate_ai(variant, games, seed, list(levels))


CHICKEN_KIND = ChickenKind()
