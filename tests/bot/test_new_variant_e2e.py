"""A variant defined inside a test appears in the bot's lobby,
/rules and /newgame alias, and is played, without touching bot/ or service/: its
engine class (with its declarations) and its catalogue texts are all it takes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.texts import CATALOGS, missing_variant_texts
from engine.domino.classic import Block
from engine.variants import OptionSpec, registered
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import on_turn, running_bot


class QuickBlock(Block):
    """A block game to 30, 60 or 90 points (known only to this test)."""

    name = "quick_block"
    aliases = ("быстрый_блок", "quick")
    order = 65  # right after block in the menus
    default_target = 60
    option_specs = (OptionSpec.teams(on_with_four=True),
                    OptionSpec.choice("target", (30, 60, 90), 60))


TEXTS = {
    "en": {"variant.quick_block": "Quick block",
           "rules.quick_block": "Block game to 30, 60 or 90 points: nobody draws."},
    "ru": {"variant.quick_block": "Быстрый блок",
           "rules.quick_block": "Блок до 30, 60 или 90 очков: никто не добирает."},
}


@pytest.fixture
def quick_block(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[QuickBlock]]:
    """The variant registered, and its texts in the catalogues, for one test."""
    for lang in CATALOGS:  # every language needs them: English where no other is given
        for key, text in TEXTS.get(lang, TEXTS["en"]).items():
            monkeypatch.setitem(CATALOGS[lang], key, text)  # type: ignore[arg-type]
    with registered(QuickBlock):
        yield QuickBlock


async def test_a_variant_defined_in_a_test_is_offered_and_played(
        quick_block: type[QuickBlock], emu: TelegramEmulator, db_path: Path) -> None:
    assert missing_variant_texts() == []
    anna = emu.add_user("Anna", language_code="en")
    group = emu.add_group("Club", [anna])
    # Registered at run time, the variant exists in this process only: the computer
    # players and the pictures work in threads here (a variant of the engine's own
    # modules registers itself in every worker process, as it is imported there).
    async with running_bot(emu, db_path, ai_workers=0, render_workers=0) as bot:
        await emu.user_starts_bot(anna)
        await bot.settle()
        # a mistyped /newgame names it among the closest, with its command
        await bot.send(anna, group.id, "/newgame quick_blok")
        listing = emu.bot_messages(group.id)[-1].text or ""
        assert "• Quick block — /newgame quick_block" in listing
        # /rules: in the menu, and by an alias
        await bot.send(anna, anna.id, "/rules")
        menu = emu.bot_messages(anna.id)[-1]
        assert "r:quick_block" in menu.callback_datas()
        assert ("Quick block", "r:quick_block") in [b for row in menu.keyboard() for b in row]
        await bot.send(anna, anna.id, "/rules Quick")
        rules = emu.bot_messages(anna.id)[-1].text or ""
        assert rules.startswith("📖 Quick block") and TEXTS["en"]["rules.quick_block"] in rules
        assert "Target" in rules  # its house options are explained
        # /newgame by its Russian alias (typed with a space and a capital) opens its lobby
        await bot.send(anna, group.id, "/newgame Быстрый блок")
        game = await bot.game_in(group.id)
        assert game is not None and game.variant == "quick_block" and game.status == "lobby"
        assert "Quick block" in (bot.lobby(group.id).text or "")
        # its target button offers its own values, in turn, and the service takes them
        await bot.lobby_press(anna, group.id, "c")
        await bot.panel_press(anna, "pg:v")  # the panel's variant page offers it
        assert f"l:{game.game_id}:v:quick_block" in bot.panel(anna).callback_datas()
        await bot.panel_press(anna, "pg:m")
        seen = []
        for _ in range(3):
            label = next(text for row in bot.panel(anna).keyboard() for text, data in row
                         if data and data.split(":")[2] == "tg")
            seen.append(label)
            await bot.panel_press(anna, "tg")
        assert seen == ["Target: 60", "Target: 90", "Target: 30"]
        game = await bot.game_in(group.id)
        assert game is not None and game.options == {"target": 60}
        await bot.panel_press(anna, "b")
        # a forged target outside its values is refused
        await bot.lobby_press(anna, group.id, "c")
        answer = await bot.press(anna, anna.id, bot.panel(anna).message_id,
                                 f"l:{game.game_id}:tg:100", forge=True)
        assert answer is not None
        game = await bot.game_in(group.id)
        assert game is not None and game.options == {"target": 60}
        await bot.panel_press(anna, "b")
        # a computer joins, the game starts, and a move is played
        await bot.lobby_press(anna, group.id, "a:m")
        await bot.lobby_press(anna, group.id, "go")
        found = await on_turn(bot, [anna], group.id)
        assert found is not None
        user, hand = found
        before = await bot.game_in(group.id)
        assert before is not None and before.status == "playing" and before.view is not None
        moves_before = len(before.view.history)
        data = next(d for d in sorted(hand.callback_datas()) if d.startswith("p:"))
        answer = await bot.press(user, user.id, hand.message_id, data)
        assert answer is None or "out of date" not in answer
        after = await bot.game_in(group.id)
        assert after is not None and after.view is not None
        assert after.variant == "quick_block"
        assert len(after.view.history) > moves_before or after.view.round_index > 0
        assert bot.table(group.id) is not None
