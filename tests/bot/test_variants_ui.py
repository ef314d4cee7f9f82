"""The eleven variants of docs/rules.md 4.7-4.17 in the bot: lobby choice and options, hand
keyboards that offer exactly the legal moves (several placements, closers, reopening,
done), signals, texts and pictures."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.texts import CATALOGS, tr
from bot.ui.callbacks import (
    DrawTile,
    EndTurn,
    LobbyAction,
    OpenEnd,
    PassTurn,
    PlayTile,
    Signal,
    decode,
    encode,
)
from bot.ui.formatting import table_caption
from bot.ui.keyboards import distinct_ends, hand_keyboard, settings_keyboard, variant_keyboard
from bot.ui.lobby_words import lobby_text
from bot.ui.pictures import table_picture
from bot.ui.result_words import outcome_text, round_summary
from bot.ui.variant_names import normalize_variant, resolve_variant, variant_names
from engine.core.moves import DONE, DRAW, PASS, End, Move, Open, Place
from engine.core.results import EndKind, GameEndReason, GameOutcome, RoundEnd
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.domino.game import Game
from engine.variants import VARIANTS, make_variant
from renderer import TableScene, render_table
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import running_bot
from tests.bot.test_keyboards import datas, lobby, playing

NEW = ("sea_kozel", "general_kozel", "osel", "checheve", "muggins", "pyaterochka",
       "vsem_po_pyat", "cuban", "domiki", "semerka", "sport")


def test_every_variant_is_offered() -> None:
    assert variant_names() == [  # the menu order the variants declare
        "kozel", "telephone", "threes", "all_fives", "draw", "block", "sea_kozel",
        "general_kozel", "osel", "checheve", "sport", "semerka", "muggins", "pyaterochka",
        "vsem_po_pyat", "cuban", "domiki", "kolbasa", "chinese", "triangular", "capicua",
        "mexican_train", "chicken_foot"]
    assert set(variant_names()) == set(VARIANTS)
    offered = {d.arg for d in map(decode, datas(variant_keyboard("en", lobby("kozel"))))
               if isinstance(d, LobbyAction) and d.action == "v"}
    assert offered == set(variant_names())
    for variant in variant_names():
        for lang in CATALOGS:
            assert tr(lang, f"variant.{variant}") in lobby_text(lang, lobby(variant))
            assert len(tr(lang, f"rules.{variant}")) <= 700


def options_of(variant: str, seats: int = 2, **options: object) -> set[tuple[str, str]]:
    out = set()
    for d in map(decode, datas(settings_keyboard("ru", lobby(variant, seats, **options)))):
        assert isinstance(d, LobbyAction)
        if d.action not in ("pg", "go", "b"):
            out.add((d.action, d.arg))
    return out


def test_house_options_per_variant() -> None:
    # teams only at a table of four; `locked` locks nothing with four
    assert options_of("vsem_po_pyat") == {("tg", "250"), ("st", "6"),
                                          ("lk", "1"), ("xt", "1"), ("nd", "1")}
    assert options_of("vsem_po_pyat", 4) == {("tm", "1"), ("tg", "250"), ("st", "6"),
                                             ("xt", "1"), ("nd", "1")}
    assert ("st", "9") in options_of("vsem_po_pyat", set=6)
    assert ("xt", "0") in options_of("vsem_po_pyat", extra_turn=True)
    assert options_of("general_kozel", 4) == {("rd", "1")}  # always teams: no teams button
    assert options_of("general_kozel", 4, rounds=7) == {("rd", "0")}
    assert options_of("sport", 4) == set()
    assert options_of("semerka") == set()
    assert options_of("sea_kozel") == {("fp", "1")}
    assert options_of("osel") == {("fp", "1")}
    assert options_of("domiki") == {("tg", "200")}
    assert options_of("domiki", target=250) == {("tg", "50")}
    assert options_of("cuban") == {("tg", "150")}
    assert options_of("cuban", 4) == {("tm", "1"), ("tg", "150")}
    assert options_of("muggins", 4) == {("tm", "1")}  # the target is 61, nothing to choose
    assert options_of("kozel", 3) == {("fp", "1")}
    assert options_of("kozel", 4) == {("tm", "0"), ("fp", "1")}
    text = lobby_text("en", lobby("vsem_po_pyat", set=6, locked=True))
    assert "Set: double-6" in text and "Locked boneyard tiles: yes" in text
    assert "Rounds: 3" in lobby_text("en", lobby("general_kozel", rounds=3))


def test_variant_names_and_aliases() -> None:
    for name in variant_names():
        assert resolve_variant(name) == name
        assert resolve_variant(name.upper().replace("_", "-")) == name
        for alias in VARIANTS[name].aliases:  # declared as the bot reads them
            assert normalize_variant(alias) == alias and resolve_variant(alias) == name
    assert resolve_variant("козёл") == resolve_variant("Козел") == "kozel"
    assert resolve_variant("морской_козёл") == "sea_kozel"
    assert resolve_variant("Генеральский") == "general_kozel"
    assert resolve_variant("осёл") == "osel"
    assert resolve_variant("всем по пять") == "vsem_po_pyat"
    assert resolve_variant("семёрка") == "semerka"
    assert resolve_variant("chess") is None


def test_new_callbacks_round_trip_and_forgeries() -> None:
    big = 10**15 - 1
    for data in (PlayTile(big, big, Tile(12, 12), End.S, True), OpenEnd(big, big, End.N),
                 EndTurn(big, big), Signal(big, big, "6"), Signal(1, 0, "0")):
        text = encode(data)  # type: ignore[arg-type]
        assert len(text.encode()) <= 64 and decode(text) == data
    for forged in ("p:1:1:1:W#", "p:1:1:0:L#", "p:1:1:0:W##", "o:1:1:L", "o:1:1",
                   "e:1", "e:1:1:1", "g:1:1:5", "g:1:1", "g:1:1:6:6", "o:01:1:W"):
        assert decode(forged) is None, forged
    with pytest.raises(ValueError):
        encode(PlayTile(1, 1, Tile(1, 2), End.W, True))


def as_move(data: object, view: SeatView) -> Move:
    if isinstance(data, PlayTile):
        if data.end is None:
            return next(m for m in view.legal
                        if isinstance(m, Place) and m.tile == data.tile and m.end is None)
        return Place(data.tile, data.end, None, data.face_down)
    if isinstance(data, OpenEnd):
        return Open(data.end)
    if isinstance(data, EndTurn):
        return DONE
    if isinstance(data, DrawTile):
        return DRAW
    assert isinstance(data, PassTurn), data
    return PASS


def offered(view: SeatView) -> set[Move]:
    """The legal moves, of two equivalent placements of a tile (distinct_ends) one."""
    ends: dict[Tile, list[End | None]] = {}
    for m in view.legal:
        if isinstance(m, Place) and not m.face_down:
            ends.setdefault(m.tile, []).append(m.end)
    kept = {(t, e) for t, es in ends.items() for e in distinct_ends(view, t, es)}
    return {m for m in view.legal
            if not isinstance(m, Place) or m.face_down or (m.tile, m.end) in kept}


@pytest.mark.parametrize("variant", ["osel", "checheve", "domiki", "semerka", "general_kozel",
                                     "vsem_po_pyat"])
def test_hand_keyboard_offers_exactly_the_legal_moves(variant: str) -> None:
    """Random whole games: on every turn the buttons are the legal moves, no more."""
    rng = random.Random(variant)
    seen: set[str] = set()
    players = 4 if variant == "general_kozel" else 3
    for seed in range(3):
        game = Game(make_variant(variant, players, {}), seed=seed)
        while game.outcome is None:
            seat = game.current_seat
            assert seat is not None
            view = game.view(seat)
            markup = hand_keyboard("en", 7, 11, view)
            assert markup is not None
            assert all(len(row) <= 8 for row in markup.inline_keyboard)
            assert sum(len(row) for row in markup.inline_keyboard) <= 100
            decoded = [decode(d) for d in datas(markup)]
            assert all(d is not None for d in decoded)
            moves = [as_move(d, view) for d in decoded
                     if d is not None and d.__class__.__name__ not in ("TileInfo", "Signal")]
            assert len(moves) == len(set(moves))
            assert set(moves) == offered(view)
            signals = [d for d in decoded if isinstance(d, Signal)]
            assert len(signals) == (2 if variant == "general_kozel" else 0)
            for m in moves:
                seen.add(type(m).__name__ + ("#" if isinstance(m, Place) and m.face_down
                                              else ""))
            game.play(rng.choice(view.legal))
    if variant in ("osel", "checheve"):
        assert {"Place#", "Open", "Done"} <= seen
    if variant == "domiki":
        assert "Done" in seen


def test_table_texts_of_the_new_moves_and_ends() -> None:
    rng = random.Random(1)
    game = Game(make_variant("osel", 3, {}), seed=4)
    info = playing(game)
    captions = set()
    while game.outcome is None:
        result = game.play(rng.choice(game.legal_moves()))
        info = playing(game)
        assert info.view is not None
        captions.add(table_caption("ru", info, info.view, [result]))
        captions.add(table_caption("en", info, info.view, [result]))
    joined = "\n".join(captions)
    assert "🂠" in joined and "reopens" in joined and "открывает" in joined
    assert info.view is not None
    # a sea_kozel reset writes negative points; general_kozel's drawn rounds are said
    end = RoundEnd(EndKind.DOMINO, 0, (0, 20, 30), (0, 20, 30), 0, (-44, 0, 56))
    summary = round_summary("en", info, info.view, end, 3, [[], [Tile(6, 6)], []], None)
    assert "44 taken off P0" in summary and "56 written to P2" in summary
    outcome = GameOutcome((2,), (0, 1), GameEndReason.LAST_LEFT)
    for lang in CATALOGS:
        assert tr(lang, "game.reason.last_left") in outcome_text(lang, info, info.view, outcome)
    general = Game(make_variant("general_kozel", 4, {}), seed=1)
    ginfo = playing(general)
    assert ginfo.view is not None
    drawn = RoundEnd(EndKind.DOMINO, 1, (0, 0, 0, 5), (0, 5), None, (0, 0))
    assert "drawn round" in round_summary("en", ginfo, ginfo.view, drawn, 1, [[]] * 4, None)


def test_pictures_of_closers_and_double_nine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The renderer gets face-down doubles and nine-pip tiles (no plain fallback)."""
    import bot.ui.pictures as pictures

    monkeypatch.setattr(pictures, "fallback_picture", lambda: pytest.fail("fell back"))
    rng = random.Random(2)
    for variant, wanted in (("osel", "face_down"), ("vsem_po_pyat", "nine")):
        found = False
        for seed in range(20):
            game = Game(make_variant(variant, 2, {}), seed=seed)
            while game.outcome is None and not found:
                game.play(rng.choice(game.legal_moves()))
                tiles = game.round.table.snapshot().tiles
                found = any(p.face_down for p in tiles) if wanted == "face_down" \
                    else any(p.tile.b == 9 for p in tiles)
            if found:
                view = game.view(None)
                data, name = table_picture("en", view, ["A", "B"])
                assert name.startswith("table.") and data
                render_table(TableScene.from_view(view, ["A", "B"]))
                break
        assert found, variant


async def test_newgame_aliases_and_rules_in_parts(emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="ru")
    group = emu.add_group("Domino club", [anna])
    async with running_bot(emu, db_path) as bot:
        await emu.user_starts_bot(anna)
        await bot.send(anna, group.id, "/rules")  # a short menu in the group
        texts = [m.text or "" for m in emu.bot_messages(group.id)]
        assert texts == [tr("ru", "rules.menu")]
        await bot.send(anna, group.id, "/rules морской козёл")  # the long text in private
        assert [m.text for m in emu.bot_messages(group.id)][1:] == [  # and a line here
            tr("ru", "note.sent_private", name="Anna")]
        assert emu.bot_messages(anna.id)[-1].text.startswith(  # type: ignore[union-attr]
            "📖 Морской козёл\n")
        await bot.send(anna, group.id, "/newgame козёл")
        game = await bot.game_in(group.id)
        assert game is not None and game.variant == "kozel"
        await bot.lobby_press(anna, group.id, "x")
        await bot.send(anna, group.id, "/newgame всем-по-пять")
        game = await bot.game_in(group.id)
        assert game is not None and game.variant == "vsem_po_pyat" and game.status == "lobby"
        # the options of docs/rules.md 4.13 through the settings buttons
        await bot.lobby_press(anna, group.id, "c")
        for action in ("st", "lk", "nd"):
            await bot.panel_press(anna, action)
        game = await bot.game_in(group.id)
        assert game is not None
        assert dict(game.options) == {"set": 6, "locked": True, "no_double_out": True}
        await bot.panel_press(anna, "v:general_kozel")
        await bot.panel_press(anna, "rd")
        game = await bot.game_in(group.id)
        assert game is not None and game.variant == "general_kozel"
        assert dict(game.options) == {"rounds": 1}
        await bot.send(anna, group.id, "/newgame шахматы")
        assert "шахматы" in (emu.bot_messages(group.id)[-1].text or "")


def test_semerka_shows_the_tiles_taken_for_a_seven() -> None:
    rng = random.Random(5)
    shown = 0
    for seed in range(4):
        game = Game(make_variant("semerka", 2, {}), seed=seed)
        while game.outcome is None:
            result = game.play(rng.choice(game.legal_moves()))
            info = playing(game)
            assert info.view is not None
            caption = table_caption("en", info, info.view, [result])
            if "for the seven" in caption:
                shown += 1
                # a 7 of the mover (maybe before his extra turns after a 6)
                assert any(ev.kind == "place" and ev.seat == result.seat
                           and ev.tile is not None and ev.tile.pips == 7
                           for ev in info.view.history)
    assert shown > 0
