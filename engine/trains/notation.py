"""How ``mexican_train`` writes its moves in a record: ``7-2:T1`` (a tile on seat 1's
train, the touching pip first), ``9-5:M`` (on the Mexican train), ``draw``, ``pass``,
and a turn's placements joined by ``+`` (``12-5:T0+5-7:T0``)."""

from __future__ import annotations

from engine.core.errors import MoveError, TileError
from engine.core.moves import DRAW, PASS, Move, TrainPlace
from engine.core.tiles import Tile

TrainId = int | None  # a seat's personal train, or None: the Mexican train


def train_name(train: TrainId) -> str:
    return "M" if train is None else f"T{train}"


def place_notation(move: TrainPlace) -> str:
    """``7-2:T1``: the touching pip first, then the train."""
    return f"{move.touch}-{move.tile.other(move.touch)}:{train_name(move.train)}"


def parse_action(text: str) -> Move:
    """One action of an entry: ``draw``, ``pass`` or ``a-b:Tk`` / ``a-b:M``."""
    s = text.strip()
    if s.lower() == "draw":
        return DRAW
    if s.lower() == "pass":
        return PASS
    tile_text, sep, where = s.partition(":")
    if not sep:
        raise MoveError(f"malformed move {text!r}: write the train, like 7-2:T1 or 9-5:M")
    try:
        tile = Tile.parse(tile_text)
    except TileError as exc:
        raise MoveError(f"malformed move {text!r}: {exc}") from None
    touch = int(tile_text.strip().split("-")[0])
    w = where.strip().upper()
    if w == "M":
        return TrainPlace(tile, None, touch)
    if len(w) >= 2 and w[0] == "T" and w[1:].isascii() and w[1:].isdigit() and len(w) <= 3:
        return TrainPlace(tile, int(w[1:]), touch)
    raise MoveError(f"malformed move {text!r}: the train is Tk (a seat) or M")


def parse_entry(text: str) -> list[Move]:
    """A record entry: one action, or a turn's placements joined by ``+``."""
    if not isinstance(text, str):
        raise MoveError(f"a move is text like '7-2:T1', 'draw' or 'pass', not {text!r}")
    parts = text.split("+")
    if any(not p.strip() for p in parts):
        raise MoveError(f"malformed move {text!r}: an empty part between '+'")
    actions = [parse_action(p) for p in parts]
    if len(actions) > 1 and not all(isinstance(a, TrainPlace) for a in actions):
        raise MoveError(f"malformed move {text!r}: draw and pass are entries of their own")
    return actions


__all__ = ["TrainId", "parse_action", "parse_entry", "place_notation", "train_name"]
