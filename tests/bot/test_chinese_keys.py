"""``chinese`` hand buttons: toggle selection, only legal plays complete, stale and
forged presses refused, callback data within 64 bytes; a whole round by presses."""

from __future__ import annotations

import random

from bot.chinese_keys import Refusal, decode, handle, keyboard
from engine.chinese import ChineseGame, Play, sort_tiles

GAME_ID = 987654321


def press_play(game: ChineseGame, seat: int, play: Play) -> None:
    hand = sort_tiles(game.current.hands[seat])
    mask = 0
    used: set[int] = set()
    for tile in play.tiles:
        index = next(i for i, t in enumerate(hand) if t is tile and i not in used)
        used.add(index)
        data = next(b.data for row in keyboard(GAME_ID, game, seat, mask) for b in row
                    if b.data.endswith(f":t{index}"))
        result = handle(GAME_ID, game, seat, data)
        assert isinstance(result, tuple)
        mask = result[0]
    action = "chinese.play_down" if play.down else "chinese.play_up"
    buttons = [b for row in keyboard(GAME_ID, game, seat, mask) for b in row]
    assert all(len(b.data.encode()) <= 64 for b in buttons)
    data = next(b.data for b in buttons if b.label == action)
    result = handle(GAME_ID, game, seat, data)
    assert isinstance(result, tuple) and result[1] == play
    game.play(seat, play)
    # The same press again is stale and changes nothing.
    if not game.over:
        assert handle(GAME_ID, game, seat, data) is Refusal.STALE


def test_a_whole_round_by_presses() -> None:
    rng = random.Random(8)
    game = ChineseGame(4, seed=8)
    game.start_round()
    while not game.current.over:
        seat = game.current.turn
        press_play(game, seat, rng.choice(game.legal_plays()))
    assert sum(game.current.tricks) == 8


def test_refusals() -> None:
    game = ChineseGame(4, seed=9)
    game.start_round()
    seat = game.current.turn
    other = (seat + 1) % 4
    data = keyboard(GAME_ID, game, seat)[0][0].data
    assert handle(GAME_ID, game, other, data) is Refusal.NOT_YOUR_TURN
    assert handle(GAME_ID + 1, game, seat, data) is Refusal.FORGED
    assert handle(GAME_ID, game, seat, "cn:1:2:3") is Refusal.FORGED
    assert handle(GAME_ID, game, seat, data.rsplit(":", 1)[0] + ":d") is Refusal.ILLEGAL
    forged = data.split(":")
    forged[4] = "255"
    assert handle(GAME_ID, game, seat, ":".join(forged)) is Refusal.ILLEGAL
    assert decode("cn:1:1:0:999:t1") is None
    # A lead cannot go face down: no such button, and the press is refused.
    first = handle(GAME_ID, game, seat, data)
    assert isinstance(first, tuple)
    labels = [b.label for row in keyboard(GAME_ID, game, seat, first[0]) for b in row]
    assert "chinese.play_down" not in labels and "chinese.play_up" in labels


def test_every_key_has_texts() -> None:
    from bot.texts import CATALOGS

    keys = [r.value for r in Refusal] + ["chinese.play_up", "chinese.play_down",
                                          "variant.chinese", "rules.chinese"]
    for lang in ("en", "ru"):
        for key in keys:
            assert CATALOGS[lang][key], (lang, key)
