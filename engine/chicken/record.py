"""Reading a Chicken Foot record (``domino-record/1``): its replay, checked move by
move, and the replay output (:mod:`engine.core.replay`). The record is written by
:meth:`engine.chicken.rules.ChickenGame.record`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.chicken.rules import NAME, ChickenGame, make_options, parse_move
from engine.core.errors import IllegalMoveError, MoveError, OptionsError, RecordError
from engine.core.replay import ReplayedMove, ReplayedRound, replay_output
from engine.core.tiles import Tile

__all__ = ["replay", "replay_summary"]


def replay(record: Mapping[str, Any]) -> tuple[ChickenGame, list[str]]:
    """Replay a ``domino-record/1`` of ``chicken_foot`` (an unfinished last round
    included); the game and the players' names."""
    if record.get("format") != "domino-record/1" or record.get("variant") != NAME:
        raise RecordError("not a domino-record/1 of chicken_foot")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players must be a list of names")
    try:
        options = make_options(len(players), record.get("options") or {})
    except OptionsError as exc:
        raise RecordError(str(exc)) from exc
    game = ChickenGame(options)
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError("'rounds' must be a non-empty list")
    for ri, r in enumerate(rounds):
        try:
            hands = [[Tile.parse(t) for t in h] for h in r["hands"]]
            yard = [Tile.parse(t) for t in r.get("boneyard", [])]
            leader = r["leader"]
            moves = r.get("moves", [])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"bad round: {exc}", round_index=ri) from exc
        if isinstance(leader, bool) or not isinstance(leader, int):
            raise RecordError("bad leader", round_index=ri)
        if not isinstance(moves, list):
            raise RecordError("moves must be a list", round_index=ri)
        try:
            game.start_round(hands, yard, leader)
        except IllegalMoveError as exc:
            raise RecordError(str(exc), round_index=ri) from exc
        for mi, text in enumerate(moves):
            try:
                game.play(parse_move(text))
            except (MoveError, IllegalMoveError) as exc:
                raise RecordError(str(exc), round_index=ri, move_index=mi) from exc
    return game, list(players)


def replay_summary(game: ChickenGame) -> dict[str, Any]:
    """The replay output, each seat its own side: nothing scores in play, a round
    writes each seat the pips left in its hand."""
    rounds = [ReplayedRound(tuple(ReplayedMove(s, m) for s, m in
                                  zip(r.seats, r.moves, strict=True)),
                            r.end, tuple(r.points or (0,) * game.players))
              for r in game.rounds]
    return replay_output(NAME, [[s] for s in range(game.players)], rounds, game.totals,
                         game.outcome)
