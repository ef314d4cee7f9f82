"""/language through the emulator: the languages as buttons in their own names, a
person's choice in private, the group's by its admins only, forged codes refused."""

from __future__ import annotations

from pathlib import Path

from bot.texts import LANGUAGES, tr
from bot.ui.keyboards import language_label
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import running_bot


async def test_a_person_chooses_his_language(emu: TelegramEmulator, db_path: Path) -> None:
    hans = emu.add_user("Hans", language_code="de")  # no German catalogue: English
    async with running_bot(emu, db_path) as bot:
        await emu.user_starts_bot(hans)
        await bot.settle()
        await bot.send(hans, hans.id, "/language")
        menu = emu.bot_messages(hans.id)[-1]
        labels = [b["text"] for row in (menu.reply_markup or {})["inline_keyboard"]
                  for b in row]
        assert labels == [("✓ " if code == "en" else "") + language_label(code)
                          for code in LANGUAGES]
        assert "Русский" in labels and "Українська" in labels
        assert tr("en", "language.choose") in (menu.text or "")
        answer = await bot.press(hans, hans.id, menu.message_id, "a:es")
        assert answer == tr("es", "language.set")
        assert emu.bot_messages(hans.id)[-1].text == tr("es", "language.set")
        await bot.send(hans, hans.id, "/help")
        assert emu.bot_messages(hans.id)[-1].text == tr("es", "help")
        await bot.send(hans, hans.id, "/language pt")
        assert emu.bot_messages(hans.id)[-1].text == tr("pt_BR", "language.set")
        await bot.send(hans, hans.id, "/language klingon")
        assert tr("pt_BR", "err.no_language") in (emu.bot_messages(hans.id)[-1].text or "")
        user = await bot.service.user(hans.id)
        assert user is not None and user.language == "pt_BR"
        # a code no catalogue has, forged into a button: refused, nothing changes
        for data in ("a:de", "a:xx_YY", "a:", "a:EN"):
            assert await bot.press(hans, hans.id, menu.message_id, data, forge=True) \
                == tr("pt_BR", "btn.forged"), data
        user = await bot.service.user(hans.id)
        assert user is not None and user.language == "pt_BR"


async def test_a_group_language_is_its_admins_choice(emu: TelegramEmulator,
                                                     db_path: Path) -> None:
    olga = emu.add_user("Olga", language_code="uk")
    pedro = emu.add_user("Pedro", language_code="es")
    group = emu.add_group("Club", [olga, pedro], admins=[olga])
    async with running_bot(emu, db_path) as bot:
        await bot.send(pedro, group.id, "/help")  # the group takes its first speaker's
        assert emu.bot_messages(group.id)[-1].text == tr("es", "help")
        await bot.send(pedro, group.id, "/language")
        menu = emu.bot_messages(group.id)[-1]
        assert tr("es", "language.choose_group") in (menu.text or "")
        # a member who is no admin: refused, the group keeps its language
        answer = await bot.press(pedro, group.id, menu.message_id, "a:uk")
        assert answer == tr("es", "err.not_chat_admin")
        await bot.send(pedro, group.id, "/language uk")
        assert emu.bot_messages(group.id)[-1].text == tr("es", "err.not_chat_admin")
        await bot.send(pedro, group.id, "/help")
        assert emu.bot_messages(group.id)[-1].text == tr("es", "help")
        # the admin's press: the group speaks Ukrainian, each person still his own
        answer = await bot.press(olga, group.id, menu.message_id, "a:uk")
        assert answer == tr("uk", "language.set")
        await bot.send(pedro, group.id, "/help")
        assert emu.bot_messages(group.id)[-1].text == tr("uk", "help")
        await emu.user_starts_bot(pedro)
        await bot.settle()
        await bot.send(pedro, pedro.id, "/help")
        assert emu.bot_messages(pedro.id)[-1].text == tr("es", "help")
