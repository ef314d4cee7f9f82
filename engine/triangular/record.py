"""Reading a triangular dominoes record (``domino-record/1``, docs/record-format.md):
its replay, checked move by move, and the replay output (:mod:`engine.core.replay`).
The record is written by :meth:`engine.triangular.rules.TriangularGame.record`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import IllegalMoveError, MoveError, OptionsError, RecordError, TileError
from engine.core.replay import ReplayedMove, ReplayedRound, replay_output
from engine.triangular.pieces import Triangle
from engine.triangular.rules import (
    NAME,
    Outcome,
    TriangularGame,
    make_options,
    round_total,
)


def _triangles(items: Any, what: str, ri: int) -> list[Triangle]:
    if not isinstance(items, list):
        raise RecordError(f"{what} must be a list", round_index=ri)
    try:
        tiles = [Triangle.parse(t) for t in items]
    except TileError as exc:
        raise RecordError(f"{what}: {exc}", round_index=ri) from exc
    for text, tile in zip(items, tiles, strict=True):
        if text != str(tile):  # the written form: lowest number first, no spaces
            raise RecordError(f"{what}: write the triangle {text!r} as {str(tile)!r}",
                              round_index=ri)
    return tiles


def replay(record: Mapping[str, Any]) -> tuple[TriangularGame, list[list[Outcome]]]:
    """Replay a ``domino-record/1`` of ``triangular`` (unfinished rounds included);
    return the game and each round's outcomes."""
    if not isinstance(record, Mapping) or record.get("format") != "domino-record/1" or (
            record.get("variant") != NAME):
        raise RecordError("not a domino-record/1 of triangular")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players must be a list of names")
    options = record.get("options") or {}
    if not isinstance(options, Mapping):
        raise RecordError("options must be an object")
    try:
        opts = make_options(len(players), options)
    except OptionsError as exc:
        raise RecordError(str(exc)) from exc
    game = TriangularGame(players, opts)
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError("'rounds' must be a non-empty list")
    outcomes: list[list[Outcome]] = []
    for ri, r in enumerate(rounds):
        if not isinstance(r, Mapping):
            raise RecordError("a round is an object", round_index=ri)
        if game.rounds and not game.current.over:
            raise RecordError("a round follows an unfinished round", round_index=ri)
        if game.over:
            raise RecordError("a round follows the game's end", round_index=ri)
        hands_raw = r.get("hands")
        if not isinstance(hands_raw, list):
            raise RecordError("hands must be a list", round_index=ri)
        hands = [_triangles(h, "a hand", ri) for h in hands_raw]
        pool = _triangles(r.get("boneyard", []), "boneyard", ri)
        try:
            rnd = game.start_round(hands, pool)
        except RecordError as exc:
            raise RecordError(exc.reason, round_index=ri) from exc
        leader = r.get("leader", rnd.leader)
        if leader != rnd.leader or isinstance(leader, bool):
            raise RecordError(f"the lead rule names seat {rnd.leader}, not {leader!r}",
                              round_index=ri)
        moves = r.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("moves must be a list", round_index=ri)
        outs: list[Outcome] = []
        for mi, text in enumerate(moves):
            if rnd.over:
                raise RecordError("a move after the round's end", round_index=ri,
                                  move_index=mi)
            try:
                outs.append(game.play(rnd.turn, text))
            except (MoveError, IllegalMoveError) as exc:
                raise RecordError(str(exc), round_index=ri, move_index=mi) from exc
        outcomes.append(outs)
    return game, outcomes


def replay_summary(game: TriangularGame) -> dict[str, Any]:
    """The replay output (:mod:`engine.core.replay`), each seat its own side; a move's
    points as the round's public events tell them."""
    rounds = [ReplayedRound(tuple(ReplayedMove(ev.seat, text, ev.points)
                                  for ev, text in zip(r.events, r.moves, strict=True)),
                            r.result, tuple(round_total(r)))
              for r in game.rounds]
    return replay_output(NAME, [[s] for s in range(game.seats)], rounds, game.totals,
                         game.outcome)
