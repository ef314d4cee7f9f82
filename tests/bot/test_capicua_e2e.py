"""Capicúa in the bot: its settings (the named presets, the named choices, a bonus
turned off), its captions naming the bonuses, /rules, and a whole game of two people
and two computer players through the emulator whose stored record replays to it."""

from __future__ import annotations

import random
from pathlib import Path

from bot.texts import tr, variant_name
from bot.ui.keyboards import option_buttons, settings_keyboard
from bot.ui.lobby_words import lobby_text, rules_text, settings_text
from bot.ui.move_words import move_text
from bot.ui.names import seat_name
from bot.wiring.state import get_state
from engine.core.moves import Place
from engine.core.results import MoveResult
from engine.core.tiles import Tile
from engine.domino.capicua import PRESETS
from engine.domino.game import Game
from engine.domino.record import replay, replay_summary
from engine.variants import make_variant
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import open_table, play_to_end, running_bot
from tests.bot.test_keyboards import lobby, playing

LANGS = ("en", "ru", "es", "pt_BR", "uk")


def test_the_settings_name_the_preset_and_the_choices() -> None:
    """The panel offers the presets by name and shows the named choices as words, a
    bonus at 0 as off; a mix of options is house rules."""
    game = lobby("capicua", seats=4)
    for lang in LANGS:
        text = settings_text(lang, game)
        assert tr(lang, "lobby.preset", value=tr(lang, "preset.dominican")) in text
        assert tr(lang, "lobby.tranque", value=tr(lang, "optval.tranque_team")) in text
        assert tr(lang, "lobby.capicua", value=25) in text
        labels = [b.text for b in option_buttons(lang, game)]
        assert tr(lang, "btn.lead", value=tr(lang, "optval.lead_winner")) in labels
        rows = settings_keyboard(lang, game).inline_keyboard
        assert rows[1][0].text == tr(lang, "btn.preset", value=tr(lang, "preset.dominican"))
        assert rows[1][0].callback_data.endswith(":pr:1")
    pr500 = lobby("capicua", seats=4, **dict(PRESETS[1].options))
    text = lobby_text("es", pr500)
    assert tr("es", "lobby.preset", value=tr("es", "preset.puerto_rico_500")) in text
    assert tr("es", "lobby.pase_corrido_off") in text
    mix = lobby("capicua", seats=4, capicua=50)
    assert tr("en", "lobby.preset", value=tr("en", "preset.custom")) in lobby_text("en", mix)


def test_the_captions_name_the_bonuses() -> None:
    """"Anna: pase de salida +25", "Vera: pase corrido +25", "Anna: capicúa! +25"."""
    game = playing(Game(make_variant("capicua", 4), seed=1))  # type: ignore[arg-type]
    lead = MoveResult(0, Place(Tile(6, 6), None, 6), "6-6", points=25,
                      bonuses=(("pase_salida", 25),))
    out = MoveResult(0, Place(Tile(1, 6), None, None), "1-6:E", points=0,
                     bonuses=(("capicua", 25),))
    for lang in LANGS:
        name = seat_name(lang, game.seats[0])
        said = move_text(lang, game, lead)
        assert said.splitlines()[-1] == tr(lang, "bonus.pase_salida", name=name, points=25)
        assert tr(lang, "move.points", points=25) not in said  # named, not counted twice
        assert tr(lang, "bonus.capicua", name=name, points=25) in move_text(lang, game, out)
    assert tr("en", "bonus.capicua", name="Anna", points=25) == "Anna: capicúa! +25"
    assert tr("es", "bonus.pase_corrido", name="Vera", points=25) == "Vera: pase corrido +25"


def test_rules_in_every_language() -> None:
    for lang in LANGS:
        text = rules_text(lang, "capicua")
        assert variant_name(lang, "capicua") in text
        assert tr(lang, "optname.tranque") in text and tr(lang, "optname.capicua") in text
    assert variant_name("es", "capicua") == "Dominó por parejas (capicúa)"


async def test_a_whole_game_of_two_people_and_two_computers(
        emu: TelegramEmulator, db_path: Path) -> None:
    """Anna and Boris with two computer players: the preset button, a target of 100,
    the game played to its end; the stored record replays to the game, and the last
    caption shows both teams' totals."""
    users = [emu.add_user("Anna", language_code="es"), emu.add_user("Boris", language_code="en")]
    group = emu.add_group("Dominó", users)
    async with running_bot(emu, db_path) as bot:
        game = await open_table(bot, group.id, users, "capicua", ai=2)
        await bot.lobby_press(users[0], group.id, "c")
        await bot.panel_press(users[0], "pr")  # Puerto Rico, 500
        game = await bot.game_in(group.id)
        assert game is not None and game.options.get("target") == 500
        assert game.options.get("hand_bonus") is True and game.options.get("capicua") == 100
        for _ in range(len(PRESETS) - 1):  # round the presets back to the Dominican game
            await bot.panel_press(users[0], "pr")
        game = await bot.game_in(group.id)
        assert game is not None and game.options.get("target") == 200
        await bot.panel_press(users[0], "cp")  # capicúa 25 -> 50
        for _ in range(6):
            game = await bot.game_in(group.id)
            assert game is not None
            if game.options.get("target") == 100:
                break
            await bot.panel_press(users[0], "tg")
        await bot.panel_press(users[0], "b")
        game = await bot.game_in(group.id)
        assert game is not None and game.options.get("capicua") == 50
        assert game.options.get("target") == 100
        await bot.lobby_press(users[0], group.id, "go")
        await play_to_end(bot, group.id, users, random.Random("capicua"))
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        record = await bot.service.record(game.game_id)
        assert record["variant"] == "capicua"
        assert record["options"] == {"target": 100, "capicua": 50}
        replayed, _ = replay(record)
        summary = replay_summary(replayed)
        assert game.view is not None and game.view.outcome is not None
        assert summary["totals"] == list(game.view.totals)
        assert summary["winners"] == list(game.view.outcome.winners)
        assert max(summary["totals"]) >= 100
        table = bot.table(group.id)
        assert table is not None and table.caption is not None
        lang = await get_state(bot.app).presenter.chat_language(group.id)
        names = [seat_name(lang, s) for s in game.seats]
        joiner = tr(lang, "names.and")
        for side, total in zip(replayed.variant.sides, summary["totals"], strict=True):
            assert f"{joiner.join(names[s] for s in side)} — {total}" in table.caption
