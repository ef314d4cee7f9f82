"""Reading a Chinese dominoes record (``domino-record/1``, docs/record-format.md):
its replay, checked play by play, and the replay output (:mod:`engine.core.replay`).
The record is written by :meth:`engine.chinese.rules.ChineseGame.record`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.chinese.rules import NAME, ChineseGame, Round, make_options
from engine.core.errors import IllegalMoveError, MoveError, OptionsError, RecordError
from engine.core.replay import ReplayedMove, ReplayedRound, replay_output
from engine.core.tiles import Tile


def replay(record: Mapping[str, Any]) -> ChineseGame:
    """Replay a ``domino-record/1`` of ``chinese`` (unfinished rounds included)."""
    if record.get("format") != "domino-record/1" or record.get("variant") != NAME:
        raise RecordError("not a domino-record/1 of chinese")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players must be a list of names")
    try:
        options = make_options(len(players), record.get("options") or {})
    except OptionsError as exc:
        raise RecordError(str(exc)) from exc
    game = ChineseGame(players, options)
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError("'rounds' must be a non-empty list")
    for ri, r in enumerate(rounds):
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
        if ri > 0 and leader != game.last_winner():
            raise RecordError("the banker is the last trick's winner", round_index=ri)
        if isinstance(leader, bool) or not isinstance(leader, int) or not (
                0 <= leader < len(players)):
            raise RecordError("bad leader", round_index=ri)
        try:
            game.start_round(hands, boneyard, leader)
        except IllegalMoveError as exc:
            raise RecordError(str(exc), round_index=ri) from exc
        moves = r.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("moves must be a list", round_index=ri)
        for mi, move in enumerate(moves):
            try:
                game.play(game.current.turn, move)
            except (MoveError, IllegalMoveError) as exc:
                raise RecordError(str(exc), round_index=ri, move_index=mi) from exc
    return game


def round_seats(rnd: Round) -> list[int]:
    """The seat of each of the round's plays, in order."""
    return ([tp.seat for plays, _ in rnd.finished for tp in plays]
            + [tp.seat for tp in rnd.trick])


def replay_summary(game: ChineseGame) -> dict[str, Any]:
    """The replay output (:mod:`engine.core.replay`), each seat its own side: no play
    scores in play, a round's points are paid at its end."""
    seats = game.seats
    rounds = [ReplayedRound(tuple(ReplayedMove(s, m) for s, m in
                                  zip(round_seats(r), r.moves, strict=True)),
                            r.end, tuple(r.points or [0] * seats))
              for r in game.rounds]
    return replay_output(NAME, [[s] for s in range(seats)], rounds, game.totals,
                         game.outcome)
