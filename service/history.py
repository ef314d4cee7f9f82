"""A started game as stored: the record's head and one notation entry per command.

The deals are not stored: a game is rebuilt by dealing from its seed and playing
its entries again (the engine deals every round from the seed alone). The record
(``domino-record/1``) is built from the rebuilt game when asked, and equals the
one the live game would write.

An entry is the record's notation of one command: ``6-3`` (a lead), ``1-3:E``,
``3-1`` (a tile that fits one end), ``4-4:E#``, ``open:E``, ``draw``, ``pass``,
``done``; a command after which the same turn goes on ends in ``+`` (``3-3:N+``).
Games converted by migration m0003 may also hold whole turns (``3-3:N+5-5:S``),
as their old record wrote them. Replaying an entry that does not end in ``+``
ends a turn still open, as replaying a record does, so both forms replay alike.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.game import Game, RoundState
from engine.moves import DONE, Move, Place, Take, parse_move
from engine.record import FORMAT, to_record
from engine.results import MoveResult
from engine.variants import make_variant

__all__ = ["command_text", "head_json", "names_of", "play_entry", "rebuild", "split_entry"]


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


def play_entry(game: Game, text: str) -> None:
    """Play one stored entry (checked: an entry the rules refuse raises EngineError)."""
    actions, left_open = split_entry(text)
    rnd = game.round
    for move in actions:
        if isinstance(move, Take) and game.auto_chance:
            continue  # a game dealt from its seed takes by itself
        if isinstance(move, Place) and move.end is None and game.round.table.lead is not None:
            move = Place(move.tile, None, None, move.face_down)  # the one end it fits
        game.play(move)
    if not left_open and game.round is rnd and rnd.end is None and not game.over \
            and rnd.turn_placed:
        game.play(DONE)


def head_json(game: Game, names: Sequence[str]) -> str:
    """The record's head (everything but the rounds), written once at the start."""
    record = to_record(game, list(names))
    del record["rounds"]
    return json.dumps(record, ensure_ascii=False)


def names_of(head: Mapping[str, Any]) -> list[str]:
    return [str(name) for name in head["players"]]


def rebuild(head_text: str, seed: int, entries: Iterable[str]) -> tuple[Game, list[str]]:
    """The game of a stored head and entries, dealt from ``seed``; and the players' names."""
    head = json.loads(head_text)
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise ValueError(f"not the head of a {FORMAT} record")
    names = names_of(head)
    variant = make_variant(str(head["variant"]), len(names), head.get("options", {}))
    game = Game(variant, seed=seed)
    for text in entries:
        play_entry(game, text)
    return game, names
