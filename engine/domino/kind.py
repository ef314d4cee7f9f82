"""The ``domino`` game kind: every variant of the one turn machine
(:class:`engine.domino.game.Game`) behind the :class:`engine.core.kind.PlayedGame`
contract, and the stored entries of its moves."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core.catalogue import Variant
from engine.core.kind import GameKind, PlayedGame
from engine.core.moves import DONE, Move, Place, Take, parse_move
from engine.core.results import EndKind, FishFacts, MoveResult
from engine.core.review import DecisionReview, ReviewSummary
from engine.core.tiles import full_set
from engine.core.view import SeatView
from engine.domino.game import Game, RoundState
from engine.domino.record import replay as replay_record
from engine.domino.record import replay_summary, to_record, to_view_record
from engine.domino.variant import as_domino
from engine.domino.view import domino_view

__all__ = ["DOMINO", "DominoKind", "command_text", "play_entry", "split_entry"]


def command_text(result: MoveResult, game: Game, rnd: RoundState) -> str:
    """The entry to store for a command just played in round ``rnd`` of ``game``."""
    goes_on = game.round is rnd and rnd.end is None and not game.over and bool(rnd.turn_placed)
    return result.notation + ("+" if goes_on else "")


def split_entry(text: str) -> tuple[list[Move], bool]:
    """The actions of an entry, and whether it leaves its turn open (a trailing ``+``)."""
    if text.startswith("take:"):
        return [parse_move(text)], False
    parts = text.split("+")
    left_open = len(parts) > 1 and parts[-1] == ""
    if left_open:
        parts.pop()
    return [parse_move(part) for part in parts], left_open


def play_entry(game: Game, text: str) -> list[MoveResult]:
    """Play one stored entry (checked: an entry the rules refuse raises EngineError);
    what each of its actions did, in order."""
    actions, left_open = split_entry(text)
    rnd = game.round
    results = []
    for move in actions:
        if isinstance(move, Take) and game.auto_chance:
            continue  # a game dealt from its seed takes by itself
        if isinstance(move, Place) and move.end is None and game.round.table.lead is not None:
            move = Place(move.tile, None, None, move.face_down)  # the one end it fits
        results.append(game.play(move))
    if not left_open and game.round is rnd and rnd.end is None and not game.over \
            and rnd.turn_placed:
        results.append(game.play(DONE))
    return results


def _domino(game: PlayedGame) -> Game:
    assert isinstance(game, Game)
    return game


def ended_domino_views(game: Game) -> list[SeatView]:
    """Each ended round's public view at its end (totals: every round's points up to
    it; the engine credits all points through a round's ``points``)."""
    now = game.view(None)
    last = len(game.rounds) - 1
    out: list[SeatView] = []
    for index, rnd in enumerate(game.rounds):
        if rnd.end is None:
            continue
        later = [r.points for r in game.rounds[index + 1:]]
        totals = tuple(t - sum(p[i] for p in later) for i, t in enumerate(game.totals))
        out.append(dataclasses.replace(
            now, hand_sizes=tuple(len(h) for h in rnd.hands),
            boneyard_left=rnd.boneyard_left, table=rnd.table.snapshot(), totals=totals,
            round_points=tuple(rnd.points), round_index=index, turn=None,
            turn_number=rnd.turn_number, leader=rnd.deal.leader, forced_lead=None, legal=(),
            history=tuple(rnd.events), outcome=game.outcome if index == last else None,
            turn_placements=(), pending_take=0))
    return out


class DominoKind(GameKind):
    """Every variant of the one turn machine (:class:`engine.domino.game.Game`)."""

    name = "domino"
    reviewed = True

    def fish(self, game: PlayedGame) -> FishFacts:
        g = _domino(game)
        rnd = g.round
        prev = g.rounds[-2] if len(g.rounds) > 1 else None
        if rnd.end is not None and rnd.end.kind is not EndKind.DOMINO:
            return FishFacts(True, rnd.boneyard_left)
        if not rnd.log and prev is not None and prev.end is not None \
                and prev.end.kind is not EndKind.DOMINO:
            return FishFacts(True, 0)
        on_table = {p.tile for p in rnd.table.snapshot().tiles}
        tiles = full_set(g.variant.options.set)
        unplayed = tuple((pip, sum(1 for t in tiles if t.has(pip) and t not in on_table))
                         for pip in sorted(set(rnd.table.open_ends().values())))
        return FishFacts(False, rnd.boneyard_left, unplayed)

    def new_game(self, variant: Variant, seed: int) -> PlayedGame:
        return Game(as_domino(variant), seed=seed)

    def play(self, game: PlayedGame, move: Move) -> tuple[MoveResult, str]:
        g = _domino(game)
        rnd = g.round
        result = g.play(move)
        return result, command_text(result, g, rnd)

    def rebuild(self, variant: Variant, seed: int, entries: Iterable[str]) -> PlayedGame:
        game = Game(as_domino(variant), seed=seed)
        for text in entries:
            play_entry(game, text)
        return game

    def play_written(self, game: PlayedGame, text: str) -> list[MoveResult]:
        return play_entry(_domino(game), text)

    def to_record(self, game: PlayedGame, names: Sequence[str]) -> dict[str, Any]:
        return to_record(_domino(game), list(names))

    def to_view_record(self, game: PlayedGame, seat: int | None, names: Sequence[str]
                       ) -> dict[str, Any]:
        return to_view_record(_domino(game), seat, list(names))

    def replay(self, record: Mapping[str, Any]) -> tuple[PlayedGame, list[str]]:
        return replay_record(record)

    def decide(self, level: str, seed: int, variant: Variant, view: SeatView) -> Move:
        from engine.domino.ai import make_player  # the AI imports the engine, not the reverse
        return make_player(level, seed, as_domino(variant))(domino_view(view))

    def review_range(self, record: Mapping[str, Any], entries: Sequence[str], seat: int,
                     seed: int, start: int, count: int | None
                     ) -> tuple[int, list[DecisionReview | None]]:
        """The hard domino player's review (engine/domino/ai/review.py), from the record."""
        from engine.domino.ai.review import review_range
        return review_range(record, seat, seed, start, count)

    def review_summary(self, record: Mapping[str, Any],
                       reviews: Sequence[DecisionReview | None]) -> ReviewSummary:
        from engine.domino.ai.review import summarize
        game, _ = replay_record(record)
        return summarize(reviews, game.variant)

    def ended_views(self, game: PlayedGame) -> list[SeatView]:
        return ended_domino_views(_domino(game))

    def replay_summary(self, game: PlayedGame) -> dict[str, Any]:
        return replay_summary(_domino(game))


DOMINO = DominoKind()
