"""Keyboards and texts are pure functions of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.texts import CATALOGS
from bot.ui.callbacks import DrawTile, LobbyAction, PassTurn, PlayTile, TileInfo, decode
from bot.ui.formatting import hand_text, table_caption
from bot.ui.keyboards import (
    hand_keyboard,
    lobby_keyboard,
    offered_options,
    settings_keyboard,
    table_keyboard,
    variant_keyboard,
)
from bot.ui.lobby_words import lobby_text
from engine.core.moves import DRAW, PASS, Place
from engine.core.options import OptionKind, declaring
from engine.domino.classic import Block
from engine.domino.game import Game
from engine.variants import OptionSpec, make_variant, registered
from service.types import GameInfo, SeatInfo


def datas(markup: object) -> list[str]:
    assert markup is not None
    return [b.callback_data for row in markup.inline_keyboard  # type: ignore[attr-defined]
            for b in row if b.callback_data]


def lobby(variant: str = "kozel", seats: int = 2, **options: object) -> GameInfo:
    """A lobby of Anna and ``seats - 1`` computer players."""
    taken = (SeatInfo(0, 1, "Anna"),
             *(SeatInfo(i, None, f"AI {i}", "easy") for i in range(1, seats)))
    return GameInfo(game_id=42, chat_id=-1, version=3, status="lobby", variant=variant,
                    options=options, creator_user_id=1, seats=taken,
                    min_players=2, max_players=4)


def playing(game: Game) -> GameInfo:
    seats = tuple(SeatInfo(i, i + 1, f"P{i}") for i in range(game.players))
    return GameInfo(game_id=7, chat_id=-1, version=11, status="playing",
                    variant=game.variant.name, options={}, creator_user_id=1, seats=seats,
                    min_players=2, max_players=4, view=game.view(None))


def test_hand_keyboard_marks_placeable_tiles_and_ends() -> None:
    game = Game(make_variant("all_fives", 2, {}), seed=3)
    for _ in range(6):  # play a few moves so several ends are open
        game.play(game.legal_moves()[0])
    seat = game.current_seat
    assert seat is not None
    view = game.view(seat)
    markup = hand_keyboard("en", 7, 11, view)
    decoded = [decode(d) for d in datas(markup)]
    assert all(d is not None for d in decoded)
    plays = {(d.tile, d.end) for d in decoded if isinstance(d, PlayTile)}
    legal = {(m.tile, m.end) for m in view.legal if isinstance(m, Place)}
    assert plays == legal
    infos = {d.tile for d in decoded if isinstance(d, TileInfo)}
    assert infos | {t for t, _ in plays} == set(view.hand)
    assert all(d.game_id == 7 and d.version == 11 for d in decoded)  # type: ignore[union-attr]
    assert all(len(row) <= 8 for row in markup.inline_keyboard)  # type: ignore[union-attr]
    # the other seat sees only his tiles, none of them playable
    other = game.view(1 - seat)
    assert all(isinstance(decode(d), TileInfo) for d in datas(hand_keyboard("en", 7, 11, other)))
    assert hand_keyboard("en", 7, 11, view, active=False) is None


def test_hand_keyboard_draw_and_pass() -> None:
    game = Game(make_variant("draw", 2, {}), seed=5)
    for _ in range(400):
        legal = game.legal_moves()
        if not legal:
            break
        if legal == [DRAW] or legal == [PASS]:
            view = game.view(game.current_seat)
            kinds = {type(decode(d)) for d in datas(hand_keyboard("en", 1, 2, view))}
            assert (DrawTile if legal == [DRAW] else PassTurn) in kinds
            assert PlayTile not in kinds
            if legal == [PASS]:
                return
        game.play(legal[0])


def test_lead_buttons() -> None:
    game = Game(make_variant("draw", 2, {}), seed=9)
    view = game.view(game.current_seat)
    plays = [decode(d) for d in datas(hand_keyboard("ru", 1, 1, view))]
    assert any(isinstance(p, PlayTile) and p.end is None for p in plays)


def test_lobby_and_settings_keyboards() -> None:
    kozel = lobby("kozel")
    actions = {decode(d).action for d in datas(lobby_keyboard("en", kozel))}  # type: ignore[union-attr]
    assert {"j", "q", "a", "r", "c", "go", "x"} <= actions
    settings = [decode(d) for d in datas(settings_keyboard("en", kozel))]
    assert LobbyAction(42, "fp", "1") in settings and LobbyAction(42, "go") in settings
    # the variants are on their own page, one ▸ button away, with «Back»
    assert LobbyAction(42, "pg", "v") in settings
    assert not any(isinstance(s, LobbyAction) and s.action == "v" for s in settings)
    variants = [decode(d) for d in datas(variant_keyboard("en", kozel))]
    assert LobbyAction(42, "v", "draw") in variants and LobbyAction(42, "pg", "m") in variants
    fives_game = lobby("all_fives", target=250)
    fives = [decode(d) for d in datas(settings_keyboard("en", fives_game))]
    assert LobbyAction(42, "tg", "100") in fives  # the target cycles
    labels = {b.text: b.callback_data for row in settings_keyboard(  # the current value
        "en", fives_game).inline_keyboard for b in row}
    assert labels["Target: 250"] == "l:42:tg:100"
    assert not any(isinstance(s, LobbyAction) and s.action == "fp" for s in fives)
    assert table_keyboard("en", None) is None
    assert table_keyboard("en", "bot").inline_keyboard[0][0].url == "https://t.me/bot"  # type: ignore[union-attr]


def test_texts_from_state() -> None:
    text = lobby_text("en", lobby("all_fives"))
    assert "Anna" in text and "2. 🤖 Computer 1 (easy)" in text and "AI 1" not in text
    assert "Target: 150 (default)" in text
    assert "🤖 Компьютер 1" in lobby_text("ru", lobby("all_fives"))
    assert "Новая игра" in lobby_text("ru", lobby())
    game = Game(make_variant("kozel", 2, {}), seed=1)
    info = playing(game)
    result = game.play(game.legal_moves()[0])
    info = playing(game)
    caption = table_caption("en", info, info.view, [result])  # type: ignore[arg-type]
    assert "Last: P" in caption and "Score: P0 — 0 · P1 — 0" in caption
    assert len(caption) <= 1024
    seat = game.current_seat
    assert seat is not None
    hand = hand_text("en", info, info.seats[seat], game.view(seat))
    assert "Your turn" in hand


def test_a_failing_renderer_gives_a_plain_picture(monkeypatch: object) -> None:
    import bot.ui.pictures as pictures

    def broken(*args: object, **kw: object) -> object:
        raise ValueError("x1 must be greater than or equal to x0")

    monkeypatch.setattr(pictures, "render_table", broken)  # type: ignore[attr-defined]
    game = Game(make_variant("draw", 2, {}), seed=1)
    data, name = pictures.table_picture("en", game.view(None), ["a", "b"])
    assert data.startswith(b"\x89PNG") and name == "table.png"


def test_kolbasa_lines_and_the_cut_button() -> None:
    """docs/rules.md 4.19 K-E2: before move 7 Anna's 3-4 may go on her line or cut: two
    buttons side by side; her other tiles go on her line; the cut's data round-trips."""
    from bot.ui.callbacks import PlayTile, decode
    from bot.ui.keyboards import hand_keyboard
    from engine.domino.record import replay
    from tests.engine.domino.test_kolbasa import KE1, ke1_record

    game, _ = replay(ke1_record(KE1[:6]))
    view = game.view(0)
    markup = hand_keyboard("en", 7, 3, view)
    assert markup is not None
    rows = [[(b.text, b.callback_data) for b in row] for row in markup.inline_keyboard]
    cut_row = next(row for row in rows if any("✂" in text for text, _ in row))
    assert [text for text, _ in cut_row] == ["✅3-4 · my line", "✂ cut with 3-4"]
    data = decode(cut_row[1][1])
    assert isinstance(data, PlayTile) and data.cut and data.end is not None
    assert all(len(str(d).encode()) <= 64 for row in rows for _, d in row)
    game, _ = replay(ke1_record(KE1[:12]))  # move 13: Anna has no 6, 4-5 goes on Boris's
    rows = [[b.text for b in row] for row in hand_keyboard("ru", 7, 3, game.view(0))
            .inline_keyboard]
    assert "✅4-5 → на чужую" in [t for row in rows for t in row]


def test_kolbasa_a_later_lead_goes_either_way_round() -> None:
    """docs/rules.md 4.19 [K3]: the leader orients the lead (its west pip starts his own
    line): a tile that is not a double gets two buttons, the second turned round."""
    import random

    from bot.ui.callbacks import PlayTile, decode
    from bot.ui.keyboards import hand_keyboard
    from engine.domino.game import Game
    from engine.variants import make_variant

    game = Game(make_variant("kolbasa", 2), seed=11)
    rng = random.Random(2)
    while len(game.rounds) == 1:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    seat = game.current_seat
    assert seat is not None and game.round.table.lead is None
    markup = hand_keyboard("en", 7, 3, game.view(seat))
    assert markup is not None
    pairs = [row for row in markup.inline_keyboard if len(row) == 2]
    tile = next(t for t in game.round.hands[seat] if not t.is_double)
    row = next(r for r in pairs if r[0].text.startswith(f"✅{tile.b}-{tile.a} "))
    assert row[1].text == f"✅{tile.a}-{tile.b} · my line from {tile.a}"
    data = decode(str(row[1].callback_data))
    assert isinstance(data, PlayTile) and data.low_west and data.end is None


def test_a_declared_number_option_cycles_on_the_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    """A number option declared and taken here only: its button cycles through its
    lobby values after "none" (unset by default), labelled by its catalogue key."""
    texts = {"btn.bonus": "Bonus: {value}", "btn.bonus_off": "Bonus: none",
             "variant.bonus_block": "Bonus block", "rules.bonus_block": "A block game."}
    for key, text in texts.items():
        monkeypatch.setitem(CATALOGS["en"], key, text)  # type: ignore[arg-type]
    with declaring("bonus_points", OptionKind.INT, "bp", key="bonus", digits=2):

        class BonusBlock(Block):
            name = "bonus_block"
            aliases = ()
            order = 68
            option_specs = (*Block.option_specs, OptionSpec.number("bonus_points", (5, 10)))

        with registered(BonusBlock):
            def labels(game: GameInfo) -> dict[str, str]:
                return {b.text: b.callback_data for row in settings_keyboard(
                    "en", game).inline_keyboard for b in row}

            assert labels(lobby("bonus_block"))["Bonus: none"] == "l:42:bp:5"
            assert labels(lobby("bonus_block", bonus_points=5))["Bonus: 5"] == "l:42:bp:10"
            assert labels(lobby("bonus_block", bonus_points=10))["Bonus: 10"] == "l:42:bp:0"
            assert offered_options("bonus_block") == ["teams", "target", "bonus_points"]
            assert decode("l:42:bp:100") is None  # two digits at most


def test_every_computer_level_has_its_button_two_a_row() -> None:
    """The lobby offers each level (expert too, ``a:x``), in every language by its
    word, two buttons a row; a solo table (its creator's private chat) the same."""
    for game in (lobby("kozel"), replace(lobby("all_fives"), chat_id=1)):
        markup = lobby_keyboard("ru", game)
        rows = [[(b.text, decode(b.callback_data)) for b in row]
                for row in markup.inline_keyboard]
        adds = [row for row in rows if any(isinstance(d, LobbyAction) and d.action == "a"
                                           for _, d in row)]
        assert [[d.arg for _, d in row] for row in adds] == [["e", "m"], ["h", "x"]]  # type: ignore[union-attr]
        assert adds[1][1][0] == "🤖+ эксперт"
