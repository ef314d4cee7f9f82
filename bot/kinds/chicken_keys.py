"""``chicken_foot`` hand buttons (docs/rules.md 4.23): every tile of the hand, those
that fit an open end marked; a tile that fits one end is placed at once, a tile
that fits several turns the keyboard into its ends, named as the picture names
them (the branch's path and the pip it shows: "2.1 (3)"; the engine by its tile).
``draw`` and ``pass`` when they are legal.

Every button's data carries the game, the round and the number of moves made in
it, so an old keyboard or a forged press is recognised and refused (nothing
changes); every callback is at most 64 bytes. Built from the presser's own view
only (:class:`engine.chicken.kind.ChickenView`): his hand and his legal moves.
Texts are catalogue keys with values; the presenter translates them. Pure: no
Telegram objects here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.kinds.buttons import MAX_DATA, Button, Rows, Step, in_rows, last_row
from engine.chicken.kind import ChickenView
from engine.chicken.table import ENGINE
from engine.core.moves import DRAW, PASS, BranchPlace, Move
from engine.core.tiles import Tile

PREFIX = "ck"
MARK = "✅"
PER_ROW = 4


class Refusal(Enum):
    STALE = "ck.stale"  # another round, or moves were made since
    FORGED = "ck.forged"  # not data this keyboard makes
    NOT_YOUR_TURN = "ck.not_your_turn"
    NO_FIT = "ck.no_fit"  # a tile of the hand that fits no open end
    ILLEGAL = "ck.illegal"  # the choice is no legal placement


@dataclass(frozen=True, slots=True)
class Press:
    game: int
    round: int
    moves: int
    action: str  # "h" the hand, "d" draw, "s" pass, "t" a tile, "x" a tile that fits
    #              nothing, "e" a tile on an end
    tile: int = -1  # its index in the sorted hand
    end: int = -1  # the end's index among the view's open ends


def _stamp(view: ChickenView) -> tuple[int, int]:
    return view.round_index, len(view.moves)


def encode(game_id: int, view: ChickenView, action: str) -> str:
    rnd, moves = _stamp(view)
    data = f"{PREFIX}:{game_id}:{rnd}:{moves}:{action}"
    if len(data.encode()) > MAX_DATA:
        raise ValueError("callback data over 64 bytes")
    return data


def _ints(text: str) -> tuple[int, ...] | None:
    """Non-negative decimal numbers separated by dots, written as ``str`` writes them."""
    parts = text.split(".")
    if not all(p.isascii() and p.isdigit() and str(int(p)) == p for p in parts):
        return None
    return tuple(int(p) for p in parts)


def decode(data: str) -> Press | None:
    """The press a button's data names, or None when it is not such data."""
    parts = data.split(":")
    if len(parts) != 5 or parts[0] != PREFIX:
        return None
    head = _ints(f"{parts[1]}.{parts[2]}.{parts[3]}")
    if head is None:
        return None
    game, rnd, moves = head
    action = parts[4]
    if action in ("h", "d", "s"):
        return Press(game, rnd, moves, action)
    kind, rest = action[:1], action[1:]
    values = _ints(rest) if rest else None
    if values is None:
        return None
    if kind in ("t", "x") and len(values) == 1:
        return Press(game, rnd, moves, kind, values[0])
    if kind == "e" and len(values) == 2:
        return Press(game, rnd, moves, kind, values[0], values[1])
    return None


def end_label(view: ChickenView, target: str, pip: int) -> str:
    """How a button and the picture name an open end: the engine by its tile, a
    branch by its path and the pip it shows ("2.1 (3)")."""
    if target == ENGINE:
        return str(view.engine) if view.engine is not None else ENGINE
    return f"{target} ({pip})"


def fits(view: ChickenView, tile: Tile) -> list[BranchPlace]:
    """The legal placements of ``tile``, in the order of the open ends."""
    order = {target: i for i, (target, _) in enumerate(view.ends)}
    places = [m for m in view.legal if isinstance(m, BranchPlace) and m.tile == tile]
    return sorted(places, key=lambda m: order.get(m.branch, len(order)))


def placed_label(move: BranchPlace) -> str:
    """A tile as it goes on, the touching pip first ("3-5")."""
    return f"{move.touching}-{move.tile.other(move.touching)}"


def _tail(game_id: int, view: ChickenView, back: bool) -> Rows:
    return last_row(
        Button("ck.back", encode(game_id, view, "h"), True) if back else None,
        Button("btn.draw", encode(game_id, view, "d"), True) if DRAW in view.legal else None,
        Button("btn.pass", encode(game_id, view, "s"), True) if PASS in view.legal else None)


def hand_keyboard(game_id: int, view: ChickenView) -> list[list[Button]]:
    """Every tile of the hand (those that fit an end marked ✅, first), then draw and
    pass when legal. Empty when it is not the seat's turn."""
    if not view.legal:
        return []
    marked = [Button(f"{MARK}{t}", encode(game_id, view, f"t{i}"))
              for i, t in enumerate(view.hand) if fits(view, t)]
    plain = [Button(str(t), encode(game_id, view, f"x{i}"))
             for i, t in enumerate(view.hand) if not fits(view, t)]
    return in_rows(marked + plain, PER_ROW) + _tail(game_id, view, False)


def end_keyboard(game_id: int, view: ChickenView, index: int) -> list[list[Button]]:
    """The ends tile ``index`` of the hand fits, one button each ("✅3-5 → 2.1 (3)")."""
    ends = [target for target, _ in view.ends]
    buttons = [Button(f"{MARK}{placed_label(m)} → {end_label(view, m.branch, m.touching)}",
                      encode(game_id, view, f"e{index}.{ends.index(m.branch)}"))
               for m in fits(view, view.hand[index])]
    return in_rows(buttons, 2) + _tail(game_id, view, True)


def handle(game_id: int, view: ChickenView, data: str) -> Step | Move | Refusal:
    """A press by the seat whose view this is: the next keyboard, the move to make,
    or why it is refused. The caller makes the move (checked again by the engine);
    nothing changes on a refusal."""
    press = decode(data)
    if press is None or press.game != game_id:
        return Refusal.FORGED
    if not view.legal:
        return Refusal.NOT_YOUR_TURN
    if (press.round, press.moves) != _stamp(view):
        return Refusal.STALE
    if press.action == "h":
        return Step(hand_keyboard(game_id, view))
    if press.action == "d":
        return DRAW if DRAW in view.legal else Refusal.ILLEGAL
    if press.action == "s":
        return PASS if PASS in view.legal else Refusal.ILLEGAL
    if press.tile >= len(view.hand) or press.end >= len(view.ends):
        return Refusal.FORGED
    places = fits(view, view.hand[press.tile])
    if not places:
        return Refusal.NO_FIT
    if press.action == "x":
        return Refusal.ILLEGAL  # the tile fits: its button is a ✅ one
    if press.action == "t":
        return places[0] if len(places) == 1 else Step(end_keyboard(game_id, view, press.tile))
    target = view.ends[press.end][0]
    return next((m for m in places if m.branch == target), Refusal.ILLEGAL)
