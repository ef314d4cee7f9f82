"""``chinese`` (Tien Gow) hand buttons: a play of 1-4 tiles chosen one tap per tile
(toggle), then face up or face down (docs/rules.md 4.20 "Buttons").

The selection lives in the callback data itself (a bit mask over the seat's
sorted hand), with the game's version, so an old keyboard or a forged press is
recognised and refused, and only a play among the seat's legal plays
(``view.legal``) can be completed. Every callback is at most 64 bytes. Texts are
catalogue keys; the bot translates them. Pure: no Telegram objects here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.chinese.kind import chinese_view
from engine.chinese.rules import Play
from engine.core.tiles import Tile
from engine.core.view import SeatView

PREFIX = "cn"
MAX_DATA = 64
_MAX_ID = 10**15


class Refusal(Enum):
    STALE = "chinese.stale"  # another version of the game
    FORGED = "chinese.forged"  # not data this keyboard makes
    NOT_YOUR_TURN = "chinese.not_your_turn"
    ILLEGAL = "chinese.illegal"  # the selection is no legal play


@dataclass(frozen=True, slots=True)
class Button:
    label: str  # a tile ("6-6") or a catalogue key (``text_key``)
    data: str
    chosen: bool = False
    text_key: bool = False


@dataclass(frozen=True, slots=True)
class Press:
    game: int
    version: int
    mask: int
    action: str  # "t0".."t7" toggle a tile, "u" face up, "d" face down


def encode(game_id: int, version: int, mask: int, action: str) -> str:
    data = f"{PREFIX}:{game_id}:{version}:{mask}:{action}"
    if len(data.encode()) > MAX_DATA:
        raise ValueError("callback data over 64 bytes")
    return data


def decode(data: str) -> Press | None:
    """The press a button of this keyboard carries; None for anything else."""
    parts = data.split(":")
    if len(parts) != 5 or parts[0] != PREFIX:
        return None
    if not all(p.isascii() and p.isdigit() and len(p) <= 15 for p in parts[1:4]):
        return None
    game_id, version, mask = (int(p) for p in parts[1:4])
    action = parts[4]
    valid = action in ("u", "d") or (len(action) == 2 and action[0] == "t"
                                      and action[1] in "01234567")
    if not valid or not 0 <= mask < 256 or not 0 < game_id < _MAX_ID:
        return None
    return Press(game_id, version, mask, action)


def selection(view: SeatView, mask: int) -> tuple[Tile, ...]:
    return tuple(t for i, t in enumerate(chinese_view(view).hand) if mask >> i & 1)


def completions(view: SeatView, mask: int) -> tuple[Play | None, Play | None]:
    """The face-up and face-down plays the selection completes, when legal."""
    if mask == 0 or view.turn != view.seat:
        return None, None
    chosen = selection(view, mask)
    legal = set(view.legal)
    up, down = Play(chosen), Play(chosen, True)
    return (up if up in legal else None), (down if down in legal else None)


def keyboard(game_id: int, version: int, view: SeatView, mask: int = 0
             ) -> list[list[Button]]:
    """The seat's buttons: one per tile of its own hand (toggling), then "face up"
    and "face down" only when the selection is a legal play of that kind."""
    tiles = [Button(str(t), encode(game_id, version, mask, f"t{i}"), bool(mask >> i & 1))
             for i, t in enumerate(chinese_view(view).hand)]
    rows = [tiles[i:i + 4] for i in range(0, len(tiles), 4)]
    up, down = completions(view, mask)
    actions = []
    if up is not None:
        actions.append(Button("chinese.play_up", encode(game_id, version, mask, "u"),
                              text_key=True))
    if down is not None:
        actions.append(Button("chinese.play_down", encode(game_id, version, mask, "d"),
                              text_key=True))
    if actions:
        rows.append(actions)
    return rows


def handle(game_id: int, version: int, view: SeatView, data: str
           ) -> tuple[int, Play | None] | Refusal:
    """A press on the hand of ``view``'s seat at the game's ``version``: the new
    selection mask (a toggle) or the play to make (u/d), or why it is refused.
    Nothing changes on a refusal; the caller makes the play."""
    press = decode(data)
    if press is None or press.game != game_id:
        return Refusal.FORGED
    if view.outcome is not None:
        return Refusal.STALE
    if view.turn != view.seat:  # whatever keyboard he pressed, that is the reason
        return Refusal.NOT_YOUR_TURN
    if press.version != version:
        return Refusal.STALE
    hand = chinese_view(view).hand
    if press.mask >> len(hand):
        return Refusal.FORGED
    if press.action.startswith("t"):
        index = int(press.action[1])
        if index >= len(hand):
            return Refusal.FORGED
        mask = press.mask ^ (1 << index)
        if mask.bit_count() > 4:
            return Refusal.ILLEGAL
        return mask, None
    up, down = completions(view, press.mask)
    play = up if press.action == "u" else down
    if play is None:
        return Refusal.ILLEGAL
    return press.mask, play
