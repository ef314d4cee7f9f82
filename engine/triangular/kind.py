"""The ``triangular`` game kind: Tri-Ominos' own state class
(:class:`engine.triangular.rules.TriangularGame`) behind the game-kind contract, so the
service, the bot and simulate play it like any game.

- :class:`TriangularMatch` is the game the service keeps: its moves are
  :class:`engine.core.moves.GridPlace` (a triangle on a cell; the engine's
  :class:`engine.triangular.pieces.Place` is one), :data:`engine.core.moves.DRAW` and
  :data:`engine.core.moves.PASS` (the game's own draw and pass); each round is
  dealt as soon as the last one ends (from the seed alone, so the stored moves
  rebuild the same game);
- :class:`TriangularSeatView` is a :class:`engine.core.view.SeatView` (the common facts
  every layer reads: hand sizes, the pool's size, turn, totals, legal moves,
  outcome ...) with ``detail``, the game's own view
  (:class:`engine.triangular.rules.TriangularView`): the grid, the open cells, the
  seat's own triangles, the public events. Another seat's triangles and the pool
  are in neither;
- :class:`TriangularKind` stores a move as its record notation (``5-5-2@1,0``,
  ``draw``, ``pass``), rebuilds a game from those, writes the record and what one
  seat may know of it, and picks a computer player's move from the seat's view
  only (:mod:`engine.triangular.ai`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.catalogue import Variant
from engine.core.errors import IllegalMoveError, OptionsError, RecordError, TileError
from engine.core.kind import PlayedGame
from engine.core.levels import LEVELS
from engine.core.match import KindMatch, MatchKind
from engine.core.moves import Draw, GridPlace, Move, Pass
from engine.core.registry import make_variant
from engine.core.results import GameOutcome, MoveResult, RoundEnd
from engine.core.view import SeatView
from engine.triangular.record import replay as replay_triangular
from engine.triangular.record import replay_summary
from engine.triangular.rules import (
    NAME,
    Place,
    Round,
    Triangle,
    Triangular,
    TriangularGame,
    TriangularView,
    TriMove,
    canonical,
    parse_move,
    round_total,
    sort_hand,
)

__all__ = ["TRIANGULAR_KIND", "TriangularKind", "TriangularMatch", "TriangularRound",
           "TriangularSeatView", "as_tri_move"]


# ------------------------------------------------------------------- the moves
def as_tri_move(move: Move) -> TriMove:
    """The move as triangular's own: a checked :class:`Place` for a grid placement,
    the core's draw and pass as they are; IllegalMoveError when it is none of
    triangular's (a domino placement, a cut, a set of tiles ...)."""
    if isinstance(move, GridPlace):
        cell = move.cell
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(
                isinstance(c, int) and not isinstance(c, bool) for c in cell)):
            raise IllegalMoveError(f"not a cell: {cell!r}")
        try:
            canonical(move.numbers)
        except TileError as exc:
            raise IllegalMoveError(f"not a placement: {exc}") from exc
        return move if isinstance(move, Place) else Place(move.numbers, cell)
    if isinstance(move, Draw | Pass):
        return move
    raise IllegalMoveError(f"{type(move).__name__} is no move of triangular: "
                           "place a triangle, draw or pass")


# ------------------------------------------------------------------- the views
@dataclass(frozen=True, slots=True)
class TriangularSeatView(SeatView):
    """A seat's view of a Tri-Ominos game: the common facts, and ``detail``, the
    game's own view (:class:`engine.triangular.rules.TriangularView`: the grid, the open
    cells, the seat's own triangles, the others' counts, the pool's size, the
    public events)."""

    detail: TriangularView | None = None

    @property
    def grid_view(self) -> TriangularView:
        """The game's own view (always present in a view the kind made)."""
        if self.detail is None:
            raise ValueError("a triangular view without its grid")
        return self.detail

    @property
    def table_empty(self) -> bool:
        return self.detail is None or not self.detail.placed


def seat_view(detail: TriangularView, outcome: GameOutcome | None, turn_number: int
              ) -> TriangularSeatView:
    """The common view around the game's own."""
    players = len(detail.players)
    round_points = list(detail.round_points)
    if detail.result is not None:
        round_points = [p + q for p, q in zip(round_points, detail.result.points, strict=True)]
    return TriangularSeatView(
        seat=detail.seat, variant=NAME, players=players,
        sides=tuple((s,) for s in range(players)), hand_sizes=detail.counts,
        boneyard_left=detail.pool, boneyard_unseen=detail.pool,
        totals=detail.totals, round_points=tuple(round_points),
        round_index=detail.round_index, turn=detail.turn, turn_number=turn_number,
        leader=detail.leader, legal=detail.legal,
        outcome=outcome, detail=detail)


# ------------------------------------------------------------------- the rounds
class TriangularRound:
    """What the service reads of one round (:class:`engine.core.kind.PlayedRound`): how it
    ended, the hands (the triangles held; at its end, those left), the points it
    wrote per seat (in play, and at its end)."""

    __slots__ = ("round",)

    def __init__(self, rnd: Round) -> None:
        self.round = rnd

    @property
    def end(self) -> RoundEnd | None:
        return self.round.result

    @property
    def hands(self) -> list[list[Triangle]]:
        return [list(sort_hand(h)) for h in self.round.hands]

    @property
    def points(self) -> list[int]:
        return round_total(self.round)

    @property
    def moves(self) -> list[str]:
        return list(self.round.moves)


# ------------------------------------------------------------------- the game
class TriangularMatch(KindMatch[TriangularGame, Triangular]):
    """A game of Tri-Ominos as the service plays it (see the module's docstring)."""

    variant_type = Triangular

    @classmethod
    def deal(cls, variant: Triangular, seed: int) -> TriangularGame:
        return TriangularGame(variant.players, variant.triangular_options(), seed=seed)

    @classmethod
    def parse_entry(cls, text: str) -> Sequence[Move]:
        return (parse_move(text),)

    @property
    def rounds(self) -> list[TriangularRound]:
        return [TriangularRound(r) for r in self.game.rounds]

    @property
    def round(self) -> Round:
        return self.game.current

    def play(self, move: Move) -> MoveResult:
        """A checked move by the seat on turn (TriangularMoveError, with its typed
        reason, if refused: nothing changes); the next round is dealt as soon as
        one ends and the game goes on."""
        tri = as_tri_move(move)
        seat = self.seat_on_turn()
        out = self.game.play(seat, tri)
        new_round = self.next_round(out.round_end)
        return MoveResult(seat, tri, out.notation, points=out.points,
                          round_end=out.round_end, game_over=self.outcome,
                          new_round=new_round)

    def view(self, seat: int | None) -> TriangularSeatView:
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat}")
        return seat_view(self.game.view(seat), self.outcome, len(self.game.current.moves))

    # -- the rest -----------------------------------------------------------------
    def entries(self) -> list[str]:
        """Every move played, in order (what the service stores)."""
        return [m for r in self.game.rounds for m in r.moves]

    def seat_record(self, seat: int | None) -> dict[str, Any]:
        """Its own hand and draws, the others' counts, the pool's size, every move (a
        draw does not say what was drawn), the hands left at a round's end."""
        rounds = []
        for rnd in self.game.rounds:
            drawn: list[str] = []
            k = 0
            for ev in rnd.events:
                if ev.kind == "draw":
                    if ev.seat == seat:
                        drawn.append(str(rnd.pool_order[k]))
                    k += 1
            out: dict[str, Any] = {
                "hands": [[str(t) for t in h] if i == seat else None
                          for i, h in enumerate(rnd.dealt)],
                "hand_sizes": [len(h) for h in rnd.dealt],
                "boneyard_size": len(rnd.pool_order),
                "leader": rnd.leader,
                "moves": list(rnd.moves),
                "drawn": drawn,
            }
            if rnd.shown is not None:
                out["shown"] = str(rnd.shown)
            if rnd.result is not None:
                out["end_hands"] = [[str(t) for t in sort_hand(h)] for h in rnd.hands]
                out["end"] = {"kind": rnd.result.kind.value, "seat": rnd.result.seat,
                              "points": list(rnd.result.points)}
            rounds.append(out)
        return {"variant": NAME, "options": self.game.options.record_options(),
                "rounds": rounds}

    def ended_views(self) -> list[TriangularSeatView]:
        """Each ended round's public view at its end: its grid, the hands' counts and
        the pool then, the totals after it (every later round's points taken off)."""
        game = self.game
        out: list[TriangularSeatView] = []
        later = list(game.totals)
        last = len(game.rounds) - 1
        for index in range(last, -1, -1):
            rnd = game.rounds[index]
            totals = tuple(later)
            done = TriangularRound(rnd).points
            later = [t - p for t, p in zip(later, done, strict=True)]
            if rnd.result is None:
                continue
            final = index == last and game.over
            detail = TriangularView(
                variant=NAME, seat=None, players=tuple(game.players), options=game.options,
                round_index=index, hand=(), counts=tuple(len(h) for h in rnd.hands),
                pool=rnd.pool, placed=tuple(rnd.grid.cells.values()),
                vertices=tuple(sorted(rnd.grid.vertices.items())),
                open_cells=tuple(sorted(rnd.grid.open)), turn=None, draws=0, totals=totals,
                round_points=tuple(rnd.points), events=tuple(rnd.events), leader=rnd.leader,
                shown=rnd.shown, legal=(), result=rnd.result,
                winners=game.winners if final else (), over=final)
            out.append(seat_view(detail, self.outcome if final else None, len(rnd.moves)))
        out.reverse()
        return out


# ------------------------------------------------------------------- the kind
class TriangularKind(MatchKind[TriangularMatch]):
    """The operations the layers above need of a Tri-Ominos game."""

    name = "triangular"
    match_type = TriangularMatch
    # the engine ends a blocked round at once (docs/rules.md 4.21 [T8]): nothing to claim

    def replay(self, record: Mapping[str, Any]) -> tuple[PlayedGame, list[str]]:
        game, _ = replay_triangular(record)
        names = list(game.players)
        try:
            variant = make_variant(NAME, len(names), dict(record.get("options") or {}))
        except OptionsError as exc:
            raise RecordError(str(exc)) from exc
        return TriangularMatch(variant, 0, game), names

    def decide(self, level: str, seed: int, variant: Variant, view: SeatView) -> Move:
        """The move of the computer player of ``level`` from the seat's view only."""
        from engine.triangular import ai as triangular_ai  # the AI imports the rules
        if not isinstance(view, TriangularSeatView) or view.seat is None:
            raise ValueError("a triangular seat's own view")
        detail = view.grid_view
        rng = random.Random(f"{seed}/{view.round_index}/{view.turn_number}/{view.seat}")
        player = triangular_ai.make_player(level, rng.randrange(2**32), detail.options)
        return player(detail)

    def ended_views(self, game: PlayedGame) -> list[SeatView]:
        return list(self.match_of(game).ended_views())

    def replay_summary(self, game: PlayedGame) -> dict[str, Any]:
        """The replay output (docs/record-format.md), each seat its own side, every
        move with its points as the round's public events tell them."""
        return replay_summary(self.match_of(game).game)

    def simulate(self, variant: Variant, games: int, seed: int, levels: Sequence[str],
                 rollouts: int | None = None) -> dict[str, Any]:
        """Computer players of ``levels`` cycled over the seats, rotated between games
        (engine/triangular/ai.py); ``rollouts``: the hard player's sampled worlds."""
        from engine.triangular import ai as triangular_ai
        if not levels or any(x not in LEVELS for x in levels):
            raise OptionsError("triangular's --ai takes levels among "
                               + ", ".join(LEVELS))
        if not isinstance(variant, Triangular):
            raise OptionsError("not a variant of triangular")
        budget = (dataclasses.replace(triangular_ai.DEFAULT_BUDGET, worlds=rollouts)
                  if rollouts is not None else None)
        opts = variant.triangular_options()
        return triangular_ai.simulate_ai(variant.players, games, seed, list(levels),
                                         {"target": opts.target,
                                          "voluntary_draw": opts.voluntary_draw}, budget)


TRIANGULAR_KIND = TriangularKind()
