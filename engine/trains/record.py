"""Reading a Mexican Train record (``domino-record/1``, docs/record-format.md): its
replay, checked entry by entry, and the replay output (:mod:`engine.core.replay`).
The record is written by :meth:`engine.trains.rules.TrainsGame.record`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import IllegalMoveError, MoveError, OptionsError, RecordError
from engine.core.replay import ReplayedMove, ReplayedRound, replay_output
from engine.core.tiles import Tile
from engine.trains.rules import NAME, TrainsGame, make_options


def replay(record: Mapping[str, Any]) -> TrainsGame:
    """Replay a ``domino-record/1`` of ``mexican_train`` (unfinished rounds included)."""
    if record.get("format") != "domino-record/1" or record.get("variant") != NAME:
        raise RecordError(f"not a domino-record/1 of {NAME}")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players must be a list of names")
    options = record.get("options") or {}
    if not isinstance(options, Mapping):
        raise RecordError("options must be an object")
    try:
        game = TrainsGame(players, make_options(len(players), options))
    except OptionsError as exc:
        raise RecordError(str(exc)) from exc
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError("'rounds' must be a non-empty list")
    for ri, r in enumerate(rounds):
        if not isinstance(r, Mapping):
            raise RecordError("a round is an object", round_index=ri)
        try:
            hands = [[Tile.parse(t) for t in h] for h in r["hands"]]
            boneyard = [Tile.parse(t) for t in r.get("boneyard", [])]
            leader = r["leader"]
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"bad round: {exc}", round_index=ri) from exc
        if ri > 0 and not game.current.over:
            raise RecordError("a round follows an unfinished round", round_index=ri)
        if ri > 0 and game.over:
            raise RecordError("a round follows the game's end", round_index=ri)
        if isinstance(leader, bool) or not isinstance(leader, int) or not (
                0 <= leader < len(players)):
            raise RecordError("bad leader", round_index=ri)
        if ri > 0 and leader != game.next_leader():
            raise RecordError("the leader is the seat after the last round's",
                              round_index=ri)
        try:
            game.start_round(hands, boneyard, leader)
        except (IllegalMoveError, RecordError) as exc:
            raise RecordError(str(exc), round_index=ri) from exc
        moves = r.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("moves must be a list", round_index=ri)
        for mi, move in enumerate(moves):
            try:
                game.play_entry(move)
            except (MoveError, IllegalMoveError) as exc:
                raise RecordError(str(exc), round_index=ri, move_index=mi) from exc
    return game


def replay_summary(game: TrainsGame) -> dict[str, Any]:
    """The replay output (:mod:`engine.core.replay`), each seat its own side: nothing
    scores in play, a round writes each seat the pips left in its hand."""
    seats = game.seats
    rounds = [ReplayedRound(tuple(ReplayedMove(s, m) for s, m in
                                  zip(r.entry_seats, r.entries, strict=True)),
                            r.end, tuple(r.points or (0,) * seats))
              for r in game.rounds]
    return replay_output(NAME, [[s] for s in range(seats)], rounds, game.totals,
                         game.outcome)
