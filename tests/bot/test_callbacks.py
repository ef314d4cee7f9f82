"""The callback data codec."""

from __future__ import annotations

import pytest

from bot.ui.callbacks import (
    LOBBY_ACTIONS,
    MAX_BYTES,
    DrawTile,
    LobbyAction,
    PassTurn,
    PlayTile,
    RulesOf,
    TileInfo,
    decode,
    encode,
)
from engine.core.moves import End
from engine.core.tiles import Tile, full_set

BIG = 10**15 - 1


@pytest.mark.parametrize("data", [
    PlayTile(1, 0, Tile(5, 6), End.W),
    PlayTile(BIG, BIG, Tile(12, 12), End.S),
    PlayTile(7, 3, Tile(0, 0), None),
    DrawTile(BIG, BIG),
    PassTurn(3, 99),
    TileInfo(BIG, BIG, Tile(11, 12)),
    LobbyAction(BIG, "j"),
    LobbyAction(5, "v", "all_fives"),
    LobbyAction(5, "tg", "250"),
    LobbyAction(5, "a", "h"),
])
def test_round_trip_and_size(data: object) -> None:
    text = encode(data)  # type: ignore[arg-type]
    assert len(text.encode()) <= MAX_BYTES
    assert decode(text) == data


def test_every_tile_and_end_round_trips() -> None:
    for tile in full_set(12):
        for end in (*End, None):
            data = PlayTile(123456, 789, tile, end)
            assert decode(encode(data)) == data


@pytest.mark.parametrize("text", [
    None, "", "x", "p", "p:1:1:1", "p:1:1:1:W:extra", "p:-1:1:1:W", "p:01:1:1:W",
    "p:1:1:91:W", "p:1:1:1:w", "p:1:1:1:Q", "p:1:1:a:W", f"p:{10**15}:1:1:W",
    "d:1", "d:1:1:1", "s:x:1", "t:1:1", "t:1:1:200", "l:1", "l:1:zz", "l:1:j:1",
    "l:1:a", "l:1:a:x", "l:1:v:", "l:1:v:UPPER", "l:1:tm:2", "l:1:tg:abc",
    "l:1:tg:12345", "p:1:1:1:W" + "0" * 60, "p:1:1:1:W\n", " p:1:1:1:W", "é" * 40,
])
def test_forged_input_is_rejected(text: str | None) -> None:
    assert decode(text) is None


def test_lobby_actions_need_their_argument() -> None:
    for action, pattern in LOBBY_ACTIONS.items():
        if pattern:
            assert decode(f"l:1:{action}") is None
        else:
            assert decode(f"l:1:{action}") == LobbyAction(1, action)


def test_encode_refuses_unknown_actions() -> None:
    with pytest.raises(ValueError):
        encode(LobbyAction(1, "zz"))


def test_every_variant_name_fits_the_buttons() -> None:
    """The settings' variant buttons and the /rules menu carry the variant's name."""
    from engine.variants import variants_in_order

    for cls in variants_in_order():
        for data in (RulesOf(cls.name), LobbyAction(2**40, "v", cls.name)):
            assert decode(encode(data)) == data, cls.name
