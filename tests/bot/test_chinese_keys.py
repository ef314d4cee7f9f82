"""``chinese`` hand buttons: toggle selection, only legal plays complete, stale and
forged presses refused, callback data within 64 bytes; a whole round by presses."""

from __future__ import annotations

import random

from bot.kinds.chinese_keys import Refusal, decode, handle, keyboard
from engine.chinese.kind import ChineseMatch
from engine.chinese.rules import Play
from engine.variants import make_variant

GAME_ID = 987654321


def press_play(match: ChineseMatch, version: int, seat: int, play: Play) -> None:
    view = match.view(seat)
    hand = view.hand
    mask = 0
    used: set[int] = set()
    for tile in play.tiles:
        index = next(i for i, t in enumerate(hand) if t is tile and i not in used)
        used.add(index)
        data = next(b.data for row in keyboard(GAME_ID, version, view, mask) for b in row
                    if b.data.endswith(f":t{index}"))
        result = handle(GAME_ID, version, view, data)
        assert isinstance(result, tuple) and result[1] is None
        mask = result[0]
    action = "chinese.play_down" if play.down else "chinese.play_up"
    buttons = [b for row in keyboard(GAME_ID, version, view, mask) for b in row]
    assert all(len(b.data.encode()) <= 64 for b in buttons)
    assert sum(b.chosen for b in buttons) == play.size
    data = next(b.data for b in buttons if b.label == action)
    result = handle(GAME_ID, version, view, data)
    assert isinstance(result, tuple) and result[1] == play
    match.play(play)
    # The same press again is stale and changes nothing.
    if match.current_seat is not None:
        assert handle(GAME_ID, version + 1, match.view(match.current_seat), data) \
            is Refusal.STALE


def test_a_whole_round_by_presses() -> None:
    rng = random.Random(8)
    match = ChineseMatch(make_variant("chinese", 4, {"rounds": 4}), 8)
    version = 0
    while len(match.rounds) == 1:
        seat = match.current_seat
        assert seat is not None
        press_play(match, version, seat, rng.choice(match.legal_moves()))  # type: ignore[arg-type]
        version += 1
    assert sum(match.rounds[0].tricks) == 8


def test_refusals() -> None:
    match = ChineseMatch(make_variant("chinese", 4), 9)
    seat = match.current_seat
    assert seat is not None
    other = (seat + 1) % 4
    view = match.view(seat)
    data = keyboard(GAME_ID, 3, view)[0][0].data
    assert handle(GAME_ID, 3, match.view(other), data) is Refusal.NOT_YOUR_TURN
    assert handle(GAME_ID + 1, 3, view, data) is Refusal.FORGED
    assert handle(GAME_ID, 4, view, data) is Refusal.STALE
    assert handle(GAME_ID, 3, view, "cn:1:2:3") is Refusal.FORGED
    assert handle(GAME_ID, 3, view, data.rsplit(":", 1)[0] + ":d") is Refusal.ILLEGAL
    forged = data.split(":")
    forged[3] = "255"
    assert handle(GAME_ID, 3, view, ":".join(forged)) is Refusal.ILLEGAL
    forged[3] = "256"
    assert handle(GAME_ID, 3, view, ":".join(forged)) is Refusal.FORGED
    assert decode("cn:1:2:3:t9") is None and decode("cn:-1:2:3:u") is None
    assert decode("cn:١:2:3:u") is None  # digits of another script
    # another seat's hand never appears on this seat's keyboard
    labels = {b.label for row in keyboard(GAME_ID, 3, view) for b in row}
    assert labels == {str(t) for t in view.hand}
