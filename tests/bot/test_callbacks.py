"""The callback data codec: the payloads, the option buttons (from the options'
declarations) and the hand's buttons with the moves they make."""

from __future__ import annotations

import pytest

from bot.ui.callbacks import (
    LOBBY_ACTIONS,
    MAX_BYTES,
    REPLAY_CLOSE,
    REPLAY_OPEN,
    DrawTile,
    EndTurn,
    HandPress,
    LobbyAction,
    OpenEnd,
    PassTurn,
    PlayTile,
    ReplayPress,
    RulesOf,
    TileInfo,
    decode,
    encode,
    lobby_option,
    move_of,
    option_button,
    option_pattern,
    press_of,
)
from engine.core.moves import Cut, End
from engine.core.options import OptionKind, declared_options, declaring
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
    LobbyAction(5, "a", "x"),
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
    "l:1:a", "l:1:a:z", "l:1:v:", "l:1:v:UPPER", "l:1:tm:2", "l:1:tg:abc",
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


def test_replay_buttons() -> None:
    """A replay's step, open and close round-trip; a step past six digits, a signed or
    padded one, an unknown action are forged."""
    for data in (ReplayPress(10**15 - 1, 999_999), ReplayPress(7, 0),
                 ReplayPress(7, action=REPLAY_OPEN), ReplayPress(7, action=REPLAY_CLOSE)):
        text = encode(data)
        assert len(text.encode()) <= MAX_BYTES and decode(text) == data
    for text in ("y:7:1000000", "y:7:-1", "y:7:01", "y:7:x", "y:7", "y:07:1", "y:7:1:2"):
        assert decode(text) is None, text
    with pytest.raises(ValueError):
        encode(ReplayPress(7, 10**6))
    with pytest.raises(ValueError):
        encode(ReplayPress(7, action="z"))


def test_encode_refuses_unknown_actions() -> None:
    with pytest.raises(ValueError):
        encode(LobbyAction(1, "zz"))


def test_every_variant_name_fits_the_buttons() -> None:
    """The settings' variant buttons and the /rules menu carry the variant's name."""
    from engine.variants import variants_in_order

    for cls in variants_in_order():
        for data in (RulesOf(cls.name), LobbyAction(2**40, "v", cls.name)):
            assert decode(encode(data)) == data, cls.name


def test_every_declared_option_keeps_its_button_code() -> None:
    """One code an option, today's (old keyboards keep working), none a lobby action's."""
    codes = {d.name: d.code for d in declared_options()}
    assert codes == {"teams": "tm", "target": "tg", "set": "st", "fish_point": "fp",
                     "rounds": "rd", "locked": "lk", "extra_turn": "xt", "no_double_out": "nd",
                     "free_lines": "fl", "mixed": "mx", "early_death": "ed",
                     "voluntary_draw": "vd", "count": "ct", "capicua": "cp",
                     "pase_salida": "ps", "pase_corrido": "pc", "chuchazo": "cz",
                     "hand_bonus": "hb", "tranque": "tq", "lead": "ld",
                     "first_turn": "ft", "double_blank": "db", "root_arms": "ra"}
    assert len(set(codes.values())) == len(codes)
    assert not set(codes.values()) & set(LOBBY_ACTIONS)


@pytest.mark.parametrize(("name", "value", "text"), [
    ("teams", True, "l:5:tm:1"), ("fish_point", False, "l:5:fp:0"),
    ("target", 250, "l:5:tg:250"), ("rounds", None, "l:5:rd:0"), ("set", 9, "l:5:st:9"),
    ("locked", True, "l:5:lk:1"), ("voluntary_draw", False, "l:5:vd:0"),
])
def test_option_buttons_carry_their_value(name: str, value: object, text: str) -> None:
    data = option_button(5, name, value)  # type: ignore[arg-type]
    assert encode(data) == text and decode(text) == data
    assert isinstance(data, LobbyAction) and lobby_option(data) == (name, value)


@pytest.mark.parametrize("text", [
    "l:1:lk:2", "l:1:lk:", "l:1:lk", "l:1:mx:yes", "l:1:st:7", "l:1:st:0", "l:1:rd:100",
    "l:1:tg:0x", "l:1:zz:1",
])
def test_an_option_button_takes_only_its_declared_argument(text: str) -> None:
    assert decode(text) is None


def test_an_option_declared_later_gets_its_button() -> None:
    with declaring("late_rule", OptionKind.BOOL, "lr") as late:
        assert option_pattern(late) == "[01]"
        assert decode("l:3:lr:1") == LobbyAction(3, "lr", "1")
        assert lobby_option(LobbyAction(3, "lr", "1")) == ("late_rule", True)
        assert decode("l:3:lr:2") is None
    assert decode("l:3:lr:1") is None
    with declaring("late_count", OptionKind.CHOICE, "lc", default=2, values=(2, 4)) as count:
        assert option_pattern(count) == "(2|4)"
        assert lobby_option(LobbyAction(3, "lc", "4")) == ("late_count", 4)
        assert decode("l:3:lc:3") is None


@pytest.mark.parametrize("data", [
    PlayTile(1, 2, Tile(5, 6), End.W), PlayTile(1, 2, Tile(5, 5), End.E, face_down=True),
    PlayTile(1, 2, Tile(2, 5), None), PlayTile(1, 2, Tile(2, 5), None, low_west=True),
    PlayTile(1, 2, Tile(3, 4), End.E, cut=True), DrawTile(1, 2), PassTurn(1, 2),
    OpenEnd(1, 2, End.N), EndTurn(1, 2),
])
def test_a_hand_button_and_its_move(data: HandPress) -> None:
    move = move_of(data)
    if isinstance(move, Cut):  # the game resolves the arms; the button names its end
        move = Cut(move.tile, data.end if isinstance(data, PlayTile) else None)
    assert press_of(data.game_id, data.version, move) == data
