"""``mexican_train``'s hand buttons (docs/rules.md 4.22): one button per tile of the
hand that can be placed now; a tile that fits one train only is placed at once,
one that fits several turns the keyboard into those trains ("My train · 5",
"Mexican · 9", "Boris ⚑ · 3", each with the pip its end shows). "✔ End chain"
during a first-turn chain; draw and pass only when they are the legal moves.

Every button's data carries the game, the round, the number of entries written in
it and the tiles placed this turn, so an old keyboard or a forged press is
recognised and refused (nothing changes); every callback is at most 64 bytes.
Built from the presser's own view only (:class:`engine.trains.kind.TrainsView`):
his hand and his legal moves. Texts are catalogue keys with values; the presenter
translates them. Pure: no Telegram objects here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bot.kinds.buttons import MAX_DATA, Button, Rows, in_rows, last_row
from bot.kinds.buttons import Step as KeyboardStep
from engine.core.moves import DONE, DRAW, PASS, Move, TrainPlace
from engine.core.tiles import Tile
from engine.trains.kind import TrainsView

PREFIX = "mt"
TILES_PER_ROW = 4
MEXICAN = "M"  # the Mexican train in the data; a personal train is its seat's number


class Refusal(Enum):
    STALE = "mt.stale"  # another round, or moves were made since
    FORGED = "mt.forged"  # not data this keyboard makes
    NOT_YOUR_TURN = "mt.not_your_turn"
    ILLEGAL = "mt.illegal"  # the tile fits no train now


@dataclass(frozen=True, slots=True)
class Press:
    game: int
    round: int
    entries: int
    placed: int
    action: str  # "h" the hand, "t" a tile, "p" a tile on a train, "d" draw, "s" pass, "e" end
    tile: int = -1  # its index in the (sorted) hand
    train: int | None = None  # a seat's train, None: the Mexican train


@dataclass(frozen=True, slots=True)
class Step(KeyboardStep):
    """A press that leads to another keyboard (no move yet), and what it chose."""

    tile: Tile | None = None  # the tile whose trains it offers


def stamp(view: TrainsView) -> tuple[int, int, int]:
    """The round, the entries written in it and the tiles placed this turn: any move
    changes it, so a keyboard made before a move no longer matches."""
    return view.round_index, view.turn_number, int(view.detail.get("placed", 0))


def encode(game_id: int, view: TrainsView, action: str) -> str:
    rnd, entries, placed = stamp(view)
    data = f"{PREFIX}:{game_id}:{rnd}.{entries}.{placed}:{action}"
    if len(data.encode()) > MAX_DATA:
        raise ValueError("callback data over 64 bytes")
    return data


def _int(text: str) -> int | None:
    """A plain decimal number (no sign, no spaces, no leading zeros), or None."""
    if not text.isascii() or not text.isdigit() or str(int(text)) != text:
        return None
    return int(text)


def decode(data: str) -> Press | None:
    """The press a button's data names, or None when it is not such data."""
    parts = data.split(":")
    if len(parts) != 4 or parts[0] != PREFIX:
        return None
    head = [_int(p) for p in [parts[1], *parts[2].split(".")]]
    if len(head) != 4 or any(v is None for v in head):
        return None
    game, rnd, entries, placed = (v for v in head if v is not None)
    action = parts[3]
    if action in ("h", "d", "s", "e"):
        return Press(game, rnd, entries, placed, action)
    kind, rest = action[:1], action[1:]
    if kind == "t":
        index = _int(rest)
        return None if index is None else Press(game, rnd, entries, placed, "t", index)
    if kind == "p":
        tile_text, dot, train_text = rest.partition(".")
        index = _int(tile_text)
        train = None if train_text == MEXICAN else _int(train_text)
        if not dot or index is None or (train is None and train_text != MEXICAN):
            return None
        return Press(game, rnd, entries, placed, "p", index, train)
    return None


def _places(view: TrainsView) -> list[TrainPlace]:
    return [m for m in view.legal if isinstance(m, TrainPlace)]


def trains_for(view: TrainsView, tile: Tile) -> list[TrainPlace]:
    """The legal placements of ``tile``: the seat's own train first, then the
    Mexican train, then the others by seat."""
    seat = view.seat if view.seat is not None else -1
    own = [m for m in _places(view) if m.tile == tile]

    def order(m: TrainPlace) -> tuple[int, int]:
        if m.train == seat:
            return 0, 0
        return (1, 0) if m.train is None else (2, m.train)

    return sorted(own, key=order)


def _tail(game_id: int, view: TrainsView, back: bool) -> Rows:
    return last_row(
        Button("mt.back", encode(game_id, view, "h"), True) if back else None,
        Button("mt.btn_done", encode(game_id, view, "e"), True) if DONE in view.legal else None,
        Button("btn.draw", encode(game_id, view, "d"), True) if DRAW in view.legal else None,
        Button("btn.pass", encode(game_id, view, "s"), True) if PASS in view.legal else None)


def hand_keyboard(game_id: int, view: TrainsView) -> list[list[Button]]:
    """The first step: one button per tile of the hand that can be placed now, then
    end-of-chain, draw and pass when legal. Empty when it is not the seat's turn."""
    if not view.legal:
        return []
    placeable = {m.tile for m in _places(view)}
    buttons = [Button(str(t), encode(game_id, view, f"t{i}"))
               for i, t in enumerate(view.hand) if t in placeable]
    return in_rows(buttons, TILES_PER_ROW) + _tail(game_id, view, False)


def train_label(view: TrainsView, move: TrainPlace, names: Sequence[str]) -> Button:
    """The button of one placement of a chosen tile (its data filled by the caller)."""
    pip = str(move.touch)
    if move.train is None:
        return Button("mt.btn_mexican", "", True, (("pip", pip),))
    if move.train == view.seat:
        return Button("mt.btn_mine", "", True, (("pip", pip),))
    markers = view.detail.get("markers", ())
    flag = " ⚑" if move.train < len(markers) and markers[move.train] else ""
    name = names[move.train] if move.train < len(names) else f"#{move.train + 1}"
    return Button(f"{name}{flag} · {pip}", "")


def train_keyboard(game_id: int, view: TrainsView, index: int, names: Sequence[str] = ()
                   ) -> list[list[Button]]:
    """The second step: the trains tile ``index`` of the hand fits, named by their
    owners (``names``, by seat), then back."""
    tile = view.hand[index]
    buttons = []
    for move in trains_for(view, tile):
        code = MEXICAN if move.train is None else str(move.train)
        b = train_label(view, move, names)
        buttons.append(Button(b.label, encode(game_id, view, f"p{index}.{code}"),
                              b.text_key, b.values))
    return in_rows(buttons, 2) + _tail(game_id, view, True)


def handle(game_id: int, view: TrainsView, data: str, names: Sequence[str] = ()
           ) -> Step | Move | Refusal:
    """A press by the seat whose view this is: the next keyboard, the move to make,
    or why it is refused. A tile that fits one train only is placed at once. The
    caller makes the move (checked again by the engine); nothing changes on a
    refusal."""
    press = decode(data)
    if press is None or press.game != game_id:
        return Refusal.FORGED
    if view.outcome is not None or (press.round, press.entries, press.placed) != stamp(view):
        return Refusal.STALE
    if not view.legal:
        return Refusal.NOT_YOUR_TURN
    simple = {"d": DRAW, "s": PASS, "e": DONE}
    if press.action == "h":
        return Step(hand_keyboard(game_id, view))
    if press.action in simple:
        move = simple[press.action]
        return move if move in view.legal else Refusal.ILLEGAL
    if press.tile >= len(view.hand):
        return Refusal.FORGED
    tile = view.hand[press.tile]
    places = trains_for(view, tile)
    if not places:
        return Refusal.ILLEGAL
    if press.action == "t":
        if len(places) > 1:
            return Step(train_keyboard(game_id, view, press.tile, names), tile)
        return places[0]
    chosen = [m for m in places if m.train == press.train]
    return chosen[0] if chosen else Refusal.ILLEGAL


__all__ = ["MAX_DATA", "PREFIX", "Button", "Press", "Refusal", "Step", "decode", "encode",
           "hand_keyboard", "handle", "stamp", "train_keyboard", "trains_for"]
