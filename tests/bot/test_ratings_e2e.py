"""Ratings through the emulator: a game played to its end rates its players; /top shows
the leaderboard of the chat's family (and of any family or variant asked, in this
chat or all), those still calibrating on their own line, the computer apart; /stats
shows the ratings' calibration (the chart and the numbers come later: see
test_ratings_words); garbage arguments get the usage and change nothing."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.texts import plural, tr
from bot.ui.ratings import family_name
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import open_table, play_to_end, running_bot


def _sent(emu: TelegramEmulator, chat_id: int, since: int) -> list[Any]:
    """What the bot sent to the chat since history entry ``since``."""
    return [h for h in emu.history(chat_id)[since:]
            if h.action == "send" and h.method.startswith("send")]


def _last_text(emu: TelegramEmulator, chat_id: int) -> str:
    return emu.bot_messages(chat_id)[-1].text or ""


async def test_ratings_after_a_game(emu: TelegramEmulator, db_path: Path) -> None:
    anna, boris = emu.add_user("Anna", language_code="en"), emu.add_user("Boris",
                                                                          language_code="en")
    group = emu.add_group("Domino club", [anna, boris])
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, [anna, boris], "draw", ai=1, level="e")
        await bot.send(anna, group.id, "/top")
        assert _last_text(emu, group.id) == tr(
            "en", "rating.top.none", family=family_name("en", "goat"),
            scope=tr("en", "rating.scope.chat"))  # nothing rated: the first family
        await bot.lobby_press(anna, group.id, "go")
        await play_to_end(bot, group.id, [anna, boris], random.Random(15))
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished" and game.outcome is not None

        family = "block_draw"
        lines = await bot.service.ratings.top(family, group.id)
        assert {(line.user_id, line.level) for line in lines} == {
            (anna.id, None), (boris.id, None), (None, "easy")}
        # /top: the chat's family; after one game everyone still calibrating, the
        # computer apart from the persons
        await bot.send(anna, group.id, "/top")
        text = _last_text(emu, group.id)
        assert text.startswith(tr("en", "rating.top.title", family=family_name("en", family),
                                  scope=tr("en", "rating.scope.chat")))
        assert "Top players" in text
        of_total = plural("en", 10, "rating_of")
        for line in lines:
            if line.level is None:
                name = {anna.id: "Anna", boris.id: "Boris"}[line.user_id or 0]
                assert tr("en", "rating.top.calibrating_player", name=name, done=1,
                          of_total=of_total) in text
        assert tr("en", "rating.top.computers", players=tr(
            "en", "rating.computer", level=tr("en", "ai.easy"),
            value=tr("en", "rating.calibrating", done=1, of_total=of_total))) in text
        # any variant's name picks its family; "all" every chat; either order
        await bot.send(boris, group.id, "/top block")
        assert _last_text(emu, group.id) == text
        await bot.send(boris, group.id, "/top Fives all")
        assert _last_text(emu, group.id) == tr(
            "en", "rating.top.none", family=family_name("en", "fives"),
            scope=tr("en", "rating.scope.all"))
        await bot.send(anna, anna.id, "/top")  # private: everyone's, his latest family
        assert tr("en", "rating.scope.all") in _last_text(emu, anna.id)
        assert "Boris" in _last_text(emu, anna.id)
        # garbage: the usage, nothing changed
        before = await bot.service.ratings.top(family, None)
        for garbage in ("/top chess", "/top all all", "/top kozel draw", "/top 🎲"):
            await bot.send(boris, group.id, garbage)
            assert _last_text(emu, group.id).startswith(tr("en", "rating.usage",
                                                           families="X")[:20]), garbage
        assert await bot.service.ratings.top(family, None) == before

        # /stats: one rated game draws no chart yet; the statistics, then the ratings
        sent = len(emu.history(group.id))
        await bot.send(anna, group.id, "/stats")
        new = _sent(emu, group.id, sent)
        assert [h.method for h in new] == ["sendMessage"]
        text = _last_text(emu, group.id)
        assert tr("en", "rating.stats.title") in text
        assert tr("en", "rating.stats.line", family=family_name("en", family),
                  value=tr("en", "rating.calibrating", done=1, of_total=of_total)) in text
        # someone never rated: his statistics, no chart
        vera = emu.add_user("Vera", language_code="ru")
        await emu.user_starts_bot(vera)
        await bot.settle()
        sent = len(emu.history(vera.id))
        await bot.send(vera, vera.id, "/stats")
        new = _sent(emu, vera.id, sent)
        assert [h.method for h in new] == ["sendMessage"]
        assert _last_text(emu, vera.id) == tr("ru", "stats.none")
