"""``chinese`` (Tien Gow) hand buttons: a play of 1-4 tiles chosen one tap per tile
(toggle), then face up or face down (RULES.md 4.20 "Buttons").

The selection lives in the callback data itself (a bit mask over the seat's
sorted hand), with the round and the number of plays made so far, so an old
keyboard or a forged press is recognised and refused, and only a legal play can
be completed. Every callback is at most 64 bytes. Texts are catalogue keys; the
presenter translates them. Pure: no Telegram objects here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.chinese import ChineseGame, Play, sort_tiles
from engine.tiles import Tile

PREFIX = "cn"
MAX_DATA = 64


class Refusal(Enum):
    STALE = "chinese.stale"  # another round or another trick position
    FORGED = "chinese.forged"  # not data this keyboard makes
    NOT_YOUR_TURN = "chinese.not_your_turn"
    ILLEGAL = "chinese.illegal"  # the selection is no legal play


@dataclass(frozen=True, slots=True)
class Button:
    label: str  # a tile ("6-6", marked when chosen) or a catalogue key
    data: str
    chosen: bool = False
    text_key: bool = False


@dataclass(frozen=True, slots=True)
class Press:
    game: int
    round: int
    moves: int
    mask: int
    action: str  # "t0".."t7" toggle a tile, "u" face up, "d" face down


def _stamp(game: ChineseGame) -> tuple[int, int]:
    return len(game.rounds), len(game.current.moves)


def encode(game_id: int, game: ChineseGame, mask: int, action: str) -> str:
    rnd, moves = _stamp(game)
    data = f"{PREFIX}:{game_id}:{rnd}:{moves}:{mask}:{action}"
    if len(data.encode()) > MAX_DATA:
        raise ValueError("callback data over 64 bytes")
    return data


def decode(data: str) -> Press | None:
    parts = data.split(":")
    if len(parts) != 6 or parts[0] != PREFIX:
        return None
    try:
        game_id, rnd, moves, mask = (int(p) for p in parts[1:5])
    except ValueError:
        return None
    action = parts[5]
    valid = action in ("u", "d") or (len(action) == 2 and action[0] == "t"
                                      and action[1] in "01234567")
    if not valid or not 0 <= mask < 256 or min(game_id, rnd, moves) < 0:
        return None
    return Press(game_id, rnd, moves, mask, action)


def hand_of(game: ChineseGame, seat: int) -> tuple[Tile, ...]:
    return sort_tiles(game.current.hands[seat])


def selection(game: ChineseGame, seat: int, mask: int) -> tuple[Tile, ...]:
    hand = hand_of(game, seat)
    return tuple(t for i, t in enumerate(hand) if mask >> i & 1)


def completions(game: ChineseGame, seat: int, mask: int) -> tuple[Play | None, Play | None]:
    """The face-up and face-down plays the selection completes, when legal."""
    if mask == 0 or game.current.turn != seat:
        return None, None
    chosen = selection(game, seat, mask)
    legal = set(game.legal_plays(seat))
    up, down = Play(chosen), Play(chosen, True)
    return (up if up in legal else None), (down if down in legal else None)


def keyboard(game_id: int, game: ChineseGame, seat: int, mask: int = 0) -> list[list[Button]]:
    """The seat's buttons: one per tile (toggling), then "face up" and "face down"
    only when the selection is a legal play of that kind."""
    hand = hand_of(game, seat)
    tiles = [Button(str(t), encode(game_id, game, mask, f"t{i}"), bool(mask >> i & 1))
             for i, t in enumerate(hand)]
    rows = [tiles[i:i + 4] for i in range(0, len(tiles), 4)]
    up, down = completions(game, seat, mask)
    actions = []
    if up is not None:
        actions.append(Button("chinese.play_up", encode(game_id, game, mask, "u"),
                              text_key=True))
    if down is not None:
        actions.append(Button("chinese.play_down", encode(game_id, game, mask, "d"),
                              text_key=True))
    if actions:
        rows.append(actions)
    return rows


def handle(game_id: int, game: ChineseGame, seat: int, data: str
           ) -> tuple[int, Play | None] | Refusal:
    """A press: the new selection mask (toggle) or the play to make (u/d), or why
    it is refused. Nothing changes on a refusal; the caller makes the play."""
    press = decode(data)
    if press is None or press.game != game_id:
        return Refusal.FORGED
    if game.over or (press.round, press.moves) != _stamp(game) or game.current.over:
        return Refusal.STALE
    if game.current.turn != seat:
        return Refusal.NOT_YOUR_TURN
    hand = hand_of(game, seat)
    if press.mask >> len(hand):
        return Refusal.FORGED
    if press.action.startswith("t"):
        index = int(press.action[1])
        if index >= len(hand):
            return Refusal.FORGED
        mask = press.mask ^ (1 << index)
        if bin(mask).count("1") > 4:
            return Refusal.ILLEGAL
        return mask, None
    up, down = completions(game, seat, press.mask)
    play = up if press.action == "u" else down
    if play is None:
        return Refusal.ILLEGAL
    return press.mask, play
