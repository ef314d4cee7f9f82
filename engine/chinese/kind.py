"""The ``chinese`` game kind: Tien Gow's own state class
(:class:`engine.chinese.rules.ChineseGame`) behind the :class:`engine.core.kind.PlayedGame`
protocol, so the service, the bot and simulate play it like any game.

- :class:`ChineseMatch` is the game the service keeps: moves are
  :class:`engine.chinese.tiles.Play` (a :class:`engine.core.moves.SetPlay`), each round is
  dealt as soon as the last one ends (from the seed alone, so the stored plays
  rebuild the same game), a round ends ``tricks`` (``RoundEnd``);
- :class:`ChineseView` is a :class:`engine.core.view.SeatView` (the common facts every
  layer reads: hand sizes, turn, totals, legal plays, outcome ...) with its ``hand`` and
  ``detail``, the game's own view (:meth:`ChineseGame.view`): the trick, the tricks
  won, the banker, every other seat's face-down tiles hidden;
- :class:`ChineseKind` stores a play as its record notation and picks a computer
  player's play from the seat's view only (:func:`world_of`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.chinese.record import replay as replay_chinese
from engine.chinese.record import replay_summary
from engine.chinese.rules import (
    NAME,
    Chinese,
    ChineseGame,
    Round,
    TrickPlay,
    make_options,
)
from engine.chinese.tiles import CHINESE_SET, Play, sort_tiles
from engine.core.catalogue import Variant
from engine.core.errors import IllegalMoveError, OptionsError, RecordError
from engine.core.kind import PlayedGame
from engine.core.levels import LEVELS
from engine.core.match import KindMatch, MatchKind
from engine.core.moves import Move, SetPlay
from engine.core.registry import make_variant
from engine.core.results import MoveResult
from engine.core.tiles import Tile
from engine.core.view import SeatView

__all__ = ["CHINESE_KIND", "ChineseKind", "ChineseMatch", "ChineseView", "chinese_view",
           "world_of"]


@dataclass(frozen=True, slots=True)
class ChineseView(SeatView):
    """A seat's view of a Tien Gow game: the common facts, and ``detail``, the
    game's own view (a dict: ``trick``, ``best``, ``finished``, ``tricks``,
    ``banker``, ``round``, ``rounds``, ``counts``, ``round_winner``; another seat's
    face-down tiles are ``None``)."""

    hand: tuple[Tile, ...]
    detail: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def table_empty(self) -> bool:
        return not self.detail.get("trick") and not self.detail.get("finished")


def chinese_view(view: SeatView) -> ChineseView:
    """``view`` as a Tien Gow game's view (TypeError for a view of another kind)."""
    if not isinstance(view, ChineseView):
        raise TypeError(f"a view of {view.variant} is not a chinese game's")
    return view


def _as_play(move: Move) -> Play:
    if not isinstance(move, SetPlay):
        raise IllegalMoveError(f"{type(move).__name__} is no move of chinese: play tiles")
    return move if isinstance(move, Play) else Play(move.tiles, move.down)


class ChineseMatch(KindMatch[ChineseGame, Chinese]):
    """A game of Tien Gow as the service plays it (see the module's docstring)."""

    variant_type = Chinese

    @classmethod
    def deal(cls, variant: Chinese, seed: int) -> ChineseGame:
        return ChineseGame(variant.players, variant.chinese_options(), seed=seed)

    @classmethod
    def parse_entry(cls, text: str) -> Sequence[Move]:
        return (Play.parse(text),)

    def entries(self) -> list[str]:
        return [m for r in self.rounds for m in r.moves]

    @property
    def rounds(self) -> list[Round]:
        return self.game.rounds

    @property
    def round(self) -> Round:
        return self.game.current

    def play(self, move: Move) -> MoveResult:
        """A checked play by the seat on turn (ChineseMoveError, typed, if refused);
        the next round is dealt as soon as one ends."""
        play = _as_play(move)
        seat = self.seat_on_turn()
        end = self.game.play(seat, play).end
        new_round = self.next_round(end)
        return MoveResult(seat, play, play.notation(), round_end=end,
                          game_over=self.outcome, new_round=new_round)

    def view(self, seat: int | None) -> ChineseView:
        rnd = self.game.current
        on_turn = self.current_seat
        legal = tuple(self.game.legal_plays()) if seat is not None and on_turn == seat else ()
        return ChineseView(
            seat=seat, variant=NAME, players=self.players,
            sides=tuple((s,) for s in range(self.players)),
            hand=sort_tiles(rnd.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in rnd.hands), boneyard_left=0,
            boneyard_unseen=len(rnd.boneyard),
            totals=tuple(self.game.totals),
            round_points=tuple(rnd.points or [0] * self.players),
            round_index=len(self.game.rounds) - 1, turn=on_turn, turn_number=len(rnd.moves),
            leader=rnd.leader, legal=legal, outcome=self.outcome,
            detail={**self.game.view(seat), "options": self.game.options.record_options()})

    def seat_record(self, seat: int | None) -> dict[str, Any]:
        return self.game.record_for(seat)


# ----------------------------------------------------- the computer players' world
def world_of(view: SeatView, rng: random.Random, rounds_left: bool = False) -> ChineseGame:
    """A game of the round in progress consistent with ``view`` and nothing else: the
    seat's own hand as it is, every tile it has not seen dealt at random to the
    other hands (by their sizes), to their face-down plays and to the tiles left
    out. The computer players decide on it (:mod:`engine.chinese.ai`)."""
    if not isinstance(view, ChineseView) or view.seat is None:
        raise ValueError("a chinese seat's own view")
    d = view.detail
    seat = view.seat
    seen: Counter[Tile] = Counter(view.hand)
    plays = [*d["trick"], *(p for f in d["finished"] for p in f["plays"])]
    for entry in plays:
        if entry["tiles"] is not None:
            seen.update(Tile.parse(t) for t in entry["tiles"])
    pool = list((Counter(CHINESE_SET) - seen).elements())
    rng.shuffle(pool)

    def take(n: int) -> list[Tile]:
        out = pool[:n]
        del pool[:n]
        return out

    def rebuilt_play(entry: Mapping[str, Any]) -> TrickPlay:
        tiles = ([Tile.parse(t) for t in entry["tiles"]] if entry["tiles"] is not None
                 else take(entry["count"]))
        return TrickPlay(entry["seat"], Play(tuple(tiles), entry["down"]))

    hands = [list(view.hand) if s == seat else take(n) for s, n in enumerate(d["counts"])]
    trick = [rebuilt_play(e) for e in d["trick"]]
    finished = [([rebuilt_play(e) for e in f["plays"]], f["winner"]) for f in d["finished"]]
    rest = tuple(pool)
    options = make_options(view.players, _record_options(view))
    game = ChineseGame(view.players, options)
    game.totals = list(view.totals)
    leader = trick[0].seat if trick else (view.turn if view.turn is not None else seat)
    rnd = Round(hands, rest, d["banker"], tuple(tuple(h) for h in hands), leader=leader,
                turn=view.turn if view.turn is not None else seat, trick=trick,
                best=d["best"], tricks=list(d["tricks"]), finished=finished)
    game.rounds = [rnd]
    return game


def _record_options(view: SeatView) -> dict[str, Any]:
    detail = view.detail if isinstance(view, ChineseView) else {}
    return dict(detail.get("options", {}))


class ChineseKind(MatchKind[ChineseMatch]):
    name = "chinese"
    match_type = ChineseMatch

    def forced_move(self, game: PlayedGame) -> Move | None:
        return None  # a play is always the player's own choice, face down included

    def timeout_move(self, game: PlayedGame) -> Move | None:
        """docs/rules.md 4.20 [C12]: the leader leads his lowest tile, a follower discards
        his lowest face down."""
        match = self.match_of(game)
        return None if match.current_seat is None else match.game.timeout_play()

    def replay(self, record: Mapping[str, Any]) -> tuple[PlayedGame, list[str]]:
        game = replay_chinese(record)
        names = list(game.players)
        try:
            variant = make_variant(NAME, len(names), dict(record.get("options") or {}))
        except Exception as exc:  # an option the variant refuses
            raise RecordError(str(exc)) from exc
        return ChineseMatch(variant, 0, game), names  # the record's rounds, no more

    def decide(self, level: str, seed: int, variant: Variant, view: SeatView) -> Move:
        from engine.chinese import ai as chinese_ai
        rng = random.Random(f"{seed}/{view.round_index}/{view.turn_number}/{view.seat}")
        world = world_of(view, rng)
        assert view.seat is not None
        return chinese_ai.make_player(level, rng.randrange(2**32))(world, view.seat)

    def replay_summary(self, game: PlayedGame) -> dict[str, Any]:
        return replay_summary(self.match_of(game).game)

    def simulate(self, variant: Variant, games: int, seed: int, levels: Sequence[str],
                 rollouts: int | None = None) -> dict[str, Any]:
        """Two levels alternating round the table (engine/chinese/ai.py)."""
        from engine.chinese import ai as chinese_ai
        if len(levels) != 2 or any(x not in LEVELS for x in levels):
            raise OptionsError("chinese's --ai takes two levels among "
                               + ", ".join(LEVELS))
        pair = (levels[0], levels[1])
        assert isinstance(variant, Chinese)
        opts = variant.chinese_options()
        result = chinese_ai.simulate_ai(pair, games, seed, variant.players, opts.rounds,
                                        samples=rollouts)
        return chinese_ai.describe(pair, result)

    def ended_views(self, game: PlayedGame) -> list[SeatView]:
        """Each ended round at its end: the round's last trick, tricks, totals after it."""
        match = self.match_of(game)
        out: list[SeatView] = []
        later_totals = list(match.totals)
        ended = [(i, r) for i, r in enumerate(match.rounds) if r.over]
        for index, rnd in reversed(ended):
            totals = tuple(later_totals)
            assert rnd.points is not None
            later_totals = [t - p for t, p in zip(later_totals, rnd.points, strict=True)]
            detail = {"seat": None, "players": list(match.game.players), "round": index + 1,
                      "rounds": match.game.options.rounds, "banker": rnd.banker,
                      "turn": None, "hand": None, "counts": [0] * match.players,
                      "trick": [], "best": -1,
                      "finished": [{"winner": w, "plays": [_public(tp) for tp in plays]}
                                   for plays, w in rnd.finished],
                      "tricks": list(rnd.tricks), "totals": list(totals),
                      "round_winner": rnd.winner}
            base = match.view(None)
            out.append(ChineseView(
                seat=None, variant=NAME, players=match.players, sides=base.sides, hand=(),
                hand_sizes=(0,) * match.players, boneyard_left=0,
                boneyard_unseen=len(rnd.boneyard), totals=totals,
                round_points=tuple(rnd.points), round_index=index, turn=None,
                turn_number=len(rnd.moves), leader=rnd.leader, legal=(),
                outcome=match.outcome if index == len(match.rounds) - 1 else None,
                detail=detail))
        out.reverse()
        return out


def _public(tp: TrickPlay) -> dict[str, Any]:
    return {"seat": tp.seat, "down": tp.play.down, "count": tp.play.size,
            "tiles": None if tp.play.down else [str(t) for t in tp.play.tiles]}


CHINESE_KIND = ChineseKind()
