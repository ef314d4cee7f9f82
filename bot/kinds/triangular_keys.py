"""``triangular`` (Tri-Ominos) hand buttons (docs/rules.md 4.21 [T12]): choose a triangle,
then a cell (named "▲ 2,0" as the picture numbers it), then a turning, among the
legal placements only; a step with a single choice is taken at once. ``draw`` and
``pass`` when they are legal.

Every button's data carries the game, the round and the number of moves made in
it, so an old keyboard or a forged press is recognised and refused (nothing
changes); every callback is at most 64 bytes. Built from the presser's own view
only (:class:`engine.triangular.rules.TriangularView`): his hand and his legal moves.
Texts are catalogue keys with values; the presenter translates them. Pure: no
Telegram objects here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.kinds.buttons import MAX_DATA, Button, Rows, in_rows, last_row
from bot.kinds.buttons import Step as KeyboardStep
from engine.triangular.rules import (
    DRAW,
    PASS,
    Cell,
    Place,
    Triangle,
    TriangularView,
    TriMove,
    points_up,
)

PREFIX = "tri"


class Refusal(Enum):
    STALE = "tri.stale"  # another round, or moves were made since
    FORGED = "tri.forged"  # not data this keyboard makes
    NOT_YOUR_TURN = "tri.not_your_turn"
    ILLEGAL = "tri.illegal"  # the choice leads to no legal placement


@dataclass(frozen=True, slots=True)
class Press:
    game: int
    round: int
    moves: int
    action: str  # "h" the hand, "t{i}" a triangle, "c{i}.{x}.{y}" a cell, "p{i}.{x}.{y}.{r}"
    tile: int = -1
    cell: Cell | None = None
    turning: int = -1


def _stamp(view: TriangularView) -> tuple[int, int]:
    return view.round_index, len(view.events)


def encode(game_id: int, view: TriangularView, action: str) -> str:
    rnd, moves = _stamp(view)
    data = f"{PREFIX}:{game_id}:{rnd}:{moves}:{action}"
    if len(data.encode()) > MAX_DATA:
        raise ValueError("callback data over 64 bytes")
    return data


def _ints(text: str, count: int) -> tuple[int, ...] | None:
    parts = text.split(".")
    if len(parts) != count:
        return None
    try:
        values = tuple(int(p) for p in parts)
    except ValueError:
        return None
    return values if all(str(v) == p for v, p in zip(values, parts, strict=True)) else None


def decode(data: str) -> Press | None:
    """The press a button's data names, or None when it is not such data."""
    parts = data.split(":")
    if len(parts) != 5 or parts[0] != PREFIX:
        return None
    head = _ints(f"{parts[1]}.{parts[2]}.{parts[3]}", 3)
    if head is None or min(head[1:]) < 0:
        return None
    game, rnd, moves = head
    action = parts[4]
    if action in ("h", "d", "s"):
        return Press(game, rnd, moves, action)
    kind, rest = action[:1], action[1:]
    sizes = {"t": 1, "c": 3, "p": 4}
    if kind not in sizes:
        return None
    values = _ints(rest, sizes[kind])
    if values is None or values[0] < 0:
        return None
    cell = (values[1], values[2]) if kind in "cp" else None
    turning = values[3] if kind == "p" else -1
    if kind == "p" and not 0 <= turning < 3:
        return None
    return Press(game, rnd, moves, kind, values[0], cell, turning)


def _places(view: TriangularView) -> list[Place]:
    return [m for m in view.legal if isinstance(m, Place)]


def cell_label(cell: Cell) -> str:
    """How a button and the picture name a cell: "▲ 2,0", "▼ 1,-1"."""
    return f"{'▲' if points_up(cell) else '▼'} {cell[0]},{cell[1]}"


def _tile_cells(view: TriangularView, tile: Triangle) -> list[Cell]:
    return list(dict.fromkeys(m.cell for m in _places(view) if m.tile is tile))


def _turnings(view: TriangularView, tile: Triangle, cell: Cell) -> list[int]:
    legal = {m.numbers for m in _places(view) if m.tile is tile and m.cell == cell}
    return [i for i, r in enumerate(tile.turnings) if r in legal]


def _tail(game_id: int, view: TriangularView, back: bool) -> Rows:
    return last_row(
        Button("tri.back", encode(game_id, view, "h"), True) if back else None,
        Button("btn.draw", encode(game_id, view, "d"), True) if DRAW in view.legal else None,
        Button("btn.pass", encode(game_id, view, "s"), True) if PASS in view.legal else None)


def hand_keyboard(game_id: int, view: TriangularView) -> list[list[Button]]:
    """The first step: one button per triangle of the hand that has a legal place,
    then draw and pass when legal. Empty when it is not the seat's turn."""
    if not view.legal:
        return []
    placeable = {m.tile for m in _places(view)}
    buttons = [Button(str(t), encode(game_id, view, f"t{i}"))
               for i, t in enumerate(view.hand) if t in placeable]
    return in_rows(buttons, 4) + _tail(game_id, view, False)


def cell_keyboard(game_id: int, view: TriangularView, index: int) -> list[list[Button]]:
    """The second step: the legal cells of triangle ``index`` of the hand."""
    tile = view.hand[index]
    buttons = [Button(cell_label(c), encode(game_id, view, f"c{index}.{c[0]}.{c[1]}"))
               for c in _tile_cells(view, tile)]
    return in_rows(buttons, 4) + _tail(game_id, view, True)


def turning_keyboard(game_id: int, view: TriangularView, index: int, cell: Cell
                     ) -> list[list[Button]]:
    """The third step (the lead, where every turning fits): one button per distinct
    turning, "5 at the top"."""
    tile = view.hand[index]
    buttons = [Button("tri.top", encode(game_id, view, f"p{index}.{cell[0]}.{cell[1]}.{r}"),
                      True, (("n", str(tile.turnings[r][0])),
                             ("reading", "-".join(map(str, tile.turnings[r])))))
               for r in _turnings(view, tile, cell)]
    return in_rows(buttons, 3) + _tail(game_id, view, True)


@dataclass(frozen=True, slots=True)
class Step(KeyboardStep):
    """A press that leads to another keyboard (no move yet), and what it chose."""

    tile: Triangle | None = None
    cell: Cell | None = None


def handle(game_id: int, view: TriangularView, data: str) -> Step | TriMove | Refusal:
    """A press by the seat whose view this is: the next keyboard, the move to make,
    or why it is refused. A step with one choice is taken at once. The caller makes
    the move (checked again by the engine); nothing changes on a refusal."""
    press = decode(data)
    if press is None or press.game != game_id:
        return Refusal.FORGED
    if view.over or view.result is not None or (press.round, press.moves) != _stamp(view):
        return Refusal.STALE
    if not view.legal:
        return Refusal.NOT_YOUR_TURN
    if press.action == "h":
        return Step(hand_keyboard(game_id, view))
    if press.action == "d":
        return DRAW if DRAW in view.legal else Refusal.ILLEGAL
    if press.action == "s":
        return PASS if PASS in view.legal else Refusal.ILLEGAL
    if press.tile >= len(view.hand):
        return Refusal.FORGED
    tile = view.hand[press.tile]
    cells = _tile_cells(view, tile)
    if not cells:
        return Refusal.ILLEGAL
    if press.action == "t":
        if len(cells) > 1:
            return Step(cell_keyboard(game_id, view, press.tile), tile)
        cell = cells[0]
    else:
        assert press.cell is not None
        cell = press.cell
        if cell not in cells:
            return Refusal.ILLEGAL
    turnings = _turnings(view, tile, cell)
    if press.action == "p":
        if press.turning not in turnings:
            return Refusal.ILLEGAL
        return Place(tile.turnings[press.turning], cell)
    if len(turnings) > 1:
        return Step(turning_keyboard(game_id, view, press.tile, cell), tile, cell)
    return Place(tile.turnings[turnings[0]], cell)
