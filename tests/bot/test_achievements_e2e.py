"""Achievements through the emulator: a person who finishes a game gets ONE private
message listing what he newly earned (in a group, each person in his own chat and
language; never in the group), /stats shows them, the next game does not announce
them again, a stop before the message sends it at the restart once, and a person who
blocked the bot is not told."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from bot.texts import tr
from bot.ui.achievements import achievement_name
from service.achievement_rules import ACHIEVEMENTS
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import play_to_end, running_bot, start_game
from tests.bot.test_solo_e2e import solo_lobby

HEADER = tr("en", "achievement.earned")


async def test_one_message_per_game_and_stats_show_them(emu: TelegramEmulator,
                                                        db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    async with running_bot(emu, db_path) as bot:
        told: list[str] = []
        for number in (1, 2):
            game = await solo_lobby(bot, anna, "/newgame block")
            assert all(s.ai_level for s in game.seats[1:])
            await bot.lobby_press(anna, anna.id, "go")
            await bot.settle()
            before = len(bot.emu.bot_messages(anna.id))
            await play_to_end(bot, anna.id, [anna], random.Random(number))
            await bot.settle()
            finished = await bot.service.game(game.game_id)
            assert finished.status == "finished"
            new = [m.text or "" for m in bot.emu.bot_messages(anna.id)[before:]
                   if (m.text or "").startswith(HEADER)]
            held = await bot.service.user_achievements(anna.id)
            if number == 1:
                # the first game: one message, "First game" in it, what she holds
                assert len(new) == 1
                assert achievement_name("en", "first_game") in new[0]
                assert all(achievement_name("en", k) in new[0] for k in held)
            else:
                # the second: at most one message, nothing of the first again
                assert len(new) <= 1
                for text in new:
                    assert achievement_name("en", "first_game") not in text
                    for key in told:
                        assert f"• {achievement_name('en', key)} —" not in text
            told = list(held)
        # the computer seats hold nothing
        for seat in game.seats[1:]:
            assert seat.user_id is None
        await bot.send(anna, anna.id, "/stats")
        stats = bot.emu.bot_messages(anna.id)[-1].text or ""
        assert tr("en", "stats.achievements", count=len(told), total=len(ACHIEVEMENTS),
                  names=", ".join(achievement_name("en", k) for k in told)) in stats
        # garbage after /stats changes nothing and earns nothing
        await bot.send(anna, anna.id, "/stats first_win please")
        assert await bot.service.user_achievements(anna.id) == tuple(told)


async def test_stats_before_any_game_says_none_yet(emu: TelegramEmulator,
                                                   db_path: Path) -> None:
    boris = emu.add_user("Boris", language_code="ru")
    async with running_bot(emu, db_path) as bot:
        await bot.emu.user_starts_bot(boris)
        await bot.settle()
        await bot.send(boris, boris.id, "/stats")
        assert await bot.service.user_achievements(boris.id) == ()
        texts = [m.text or "" for m in bot.emu.bot_messages(boris.id)]
        assert not any(t.startswith(tr("ru", "achievement.earned")) for t in texts)


def _untell(db_path: Path) -> None:
    """As if the bot had stopped before the achievements' message went."""
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE achievements SET told = 0")


def _untold(db_path: Path) -> int:
    with sqlite3.connect(db_path) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM achievements WHERE told = 0")
                   .fetchone()[0])


def _announcements(emu: TelegramEmulator, user_id: int) -> list[str]:
    return [m.text or "" for m in emu.bot_messages(user_id)
            if (m.text or "").startswith(HEADER)]


async def test_a_stop_before_the_message_sends_it_at_restart_once(
        emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    async with running_bot(emu, db_path) as bot:
        game = await solo_lobby(bot, anna, "/newgame block")
        await bot.lobby_press(anna, anna.id, "go")
        await bot.settle()
        await play_to_end(bot, anna.id, [anna], random.Random(3))
        await bot.settle()
        assert (await bot.service.game(game.game_id)).status == "finished"
    first = _announcements(emu, anna.id)
    assert len(first) == 1 and _untold(db_path) == 0
    _untell(db_path)
    async with running_bot(emu, db_path) as bot:
        await bot.settle()
    again = _announcements(emu, anna.id)
    assert len(again) == 2 and again[1] == first[0]  # the same message, once more
    assert _untold(db_path) == 0
    async with running_bot(emu, db_path) as bot:  # told: never again
        await bot.settle()
    assert len(_announcements(emu, anna.id)) == 2


async def test_a_person_who_blocked_the_bot_is_not_told_and_nothing_breaks(
        emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    async with running_bot(emu, db_path) as bot:
        await solo_lobby(bot, anna, "/newgame block")
        await bot.lobby_press(anna, anna.id, "go")
        await bot.settle()
        await play_to_end(bot, anna.id, [anna], random.Random(4))
        await bot.settle()
        held = await bot.service.user_achievements(anna.id)
    told = len(_announcements(emu, anna.id))
    _untell(db_path)
    await emu.block_bot(anna)
    async with running_bot(emu, db_path) as bot:
        await bot.settle()
        # Telegram refused it: marked told, not tried again; she keeps them
        assert _untold(db_path) == 0
        assert await bot.service.user_achievements(anna.id) == held
        await emu.user_starts_bot(anna)
        await bot.settle()
        await bot.send(anna, anna.id, "/stats")
        stats = bot.emu.bot_messages(anna.id)[-1].text or ""
        assert all(achievement_name("en", k) in stats for k in held)
    assert len(_announcements(emu, anna.id)) == told


async def test_in_a_group_each_person_is_told_in_private_in_his_language(
        emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="es")
    group = emu.add_group("Club", [anna, boris])
    async with running_bot(emu, db_path) as bot:
        game = await start_game(bot, group.id, [anna, boris], "block", ai=1)
        await play_to_end(bot, group.id, [anna, boris], random.Random(5))
        await bot.settle()
        assert (await bot.service.game(game.game_id)).status == "finished"
        for user, lang in ((anna, "en"), (boris, "es")):
            header = tr(lang, "achievement.earned")
            told = [m.text or "" for m in bot.emu.bot_messages(user.id)
                    if (m.text or "").startswith(header)]
            assert len(told) == 1
            held = await bot.service.user_achievements(user.id)
            assert "first_game" in held
            assert all(achievement_name(lang, k) in told[0] for k in held)
        # the group hears nothing of them
        assert not any((m.text or "").startswith((HEADER, tr("es", "achievement.earned")))
                       for m in bot.emu.bot_messages(group.id))
