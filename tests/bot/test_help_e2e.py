"""/help in a few lines with buttons to its longer pages, a short /start in a group,
the closest names for an unknown variant, text typed in private during a game, and
the group's one line when an answer went to the private chat."""

from __future__ import annotations

from pathlib import Path

from bot.texts import CATALOGS, tr
from bot.ui.keyboards import rules_keyboard
from tests.bot.emulator import TelegramEmulator, User
from tests.bot.harness import Bot, running_bot, start_game


def texts(bot: Bot, chat_id: int) -> list[str]:
    return [m.text or m.caption or "" for m in bot.emu.bot_messages(chat_id)]


def help_buttons(bot: Bot, chat_id: int) -> tuple[int, dict[str, str]]:
    """The last /help message of the chat: its id, and its buttons' data by page."""
    message = next(m for m in reversed(bot.emu.bot_messages(chat_id))
                   if any(d.startswith("h:") for d in m.callback_datas()))
    return message.message_id, {d[2:]: d for d in message.callback_datas()}


def test_help_is_short_and_its_toasts_fit() -> None:
    for lang in CATALOGS:
        assert len(tr(lang, "help").splitlines()) <= 10
        for key in ("ans.help_sent", "ans.help_start", "private.your_turn"):
            assert len(tr(lang, key)) <= 80, (lang, key)


async def test_help_buttons_in_private(emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    async with running_bot(emu, db_path) as bot:
        await emu.user_starts_bot(anna)
        await bot.settle()
        await bot.send(anna, anna.id, "/help")
        assert texts(bot, anna.id)[-1] == tr("en", "help")
        message_id, pages = help_buttons(bot, anna.id)
        assert sorted(pages) == ["c", "r", "s", "v"]
        # each press turns the same message into the page, nothing new is sent
        sent = len(emu.bot_messages(anna.id))
        review = tr("en", "help.v") + "\n\n" + tr("en", "help.review")  # how it is computed
        for page, text in (("s", tr("en", "help.s")), ("c", tr("en", "help.c")),
                           ("v", review)):
            assert await bot.press(anna, anna.id, message_id, pages[page]) is None
            assert emu.message(anna.id, message_id).text == text  # type: ignore[union-attr]
        assert await bot.press(anna, anna.id, message_id, pages["r"]) is None
        menu = emu.message(anna.id, message_id)
        assert menu is not None and menu.text == tr("en", "rules.menu")
        assert menu.callback_datas() == {b.callback_data for row in
                                         rules_keyboard("en").inline_keyboard for b in row}
        assert len(emu.bot_messages(anna.id)) == sent
        # the commands page names every command; the settings page the forced moves
        assert all(f"/{c}" in tr("en", "help.c") for c in (
            "newgame", "pass", "fish", "hand", "table", "score", "rules", "settings",
            "cancel", "stats", "top", "language", "export", "back", "notify", "review"))
        assert "/settings forced off" in tr("en", "help.s")


async def test_help_buttons_in_a_group(emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="ru")
    dora = emu.add_user("Dora", language_code="en")  # never opened the private chat
    group = emu.add_group("Club", [anna, dora])
    async with running_bot(emu, db_path) as bot:
        await emu.user_starts_bot(anna)
        await bot.settle()
        await bot.send(anna, group.id, "/help")
        assert texts(bot, group.id)[-1] == tr("ru", "help")
        message_id, pages = help_buttons(bot, group.id)
        in_group = len(emu.bot_messages(group.id))
        for page, key in (("s", "help.s"), ("c", "help.c")):
            assert await bot.press(anna, group.id, message_id, pages[page]) == \
                tr("ru", "ans.help_sent")
            private = emu.bot_messages(anna.id)[-1]
            assert private.text == tr("ru", key)
            assert pages["r"] in private.callback_datas()  # the other pages go on there
        assert await bot.press(anna, group.id, message_id, pages["r"]) == \
            tr("ru", "ans.help_sent")
        assert texts(bot, anna.id)[-1] == tr("ru", "rules.menu")
        assert len(emu.bot_messages(group.id)) == in_group  # the group sees nothing more
        # one who never opened the private chat gets the link, and the page by it
        qid = await emu.press(dora, group.id, message_id, pages["c"])
        await bot.settle()
        answer = emu.callback_answers[qid]
        assert answer.text == tr("en", "ans.help_start")
        assert answer.url is not None and answer.url.endswith("?start=help-c")
        await emu.user_starts_bot(dora, "help-c")
        await bot.settle()
        assert texts(bot, dora.id)[-1] == tr("en", "help.c")


async def test_start_in_a_group_is_short(emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    group = emu.add_group("Club", [anna])
    async with running_bot(emu, db_path) as bot:
        await bot.send(anna, group.id, "/start")
        said = texts(bot, group.id)[-1]
        assert said == tr("en", "start.group")
        assert len(said.splitlines()) <= 3 and "/newgame" in said and "/help" in said


async def test_an_unknown_variant_gets_the_closest_names(emu: TelegramEmulator,
                                                         db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    group = emu.add_group("Club", [anna])
    async with running_bot(emu, db_path) as bot:
        await emu.user_starts_bot(anna)
        await bot.settle()
        await bot.send(anna, group.id, "/newgame muggin")
        said = texts(bot, group.id)[-1]
        assert said.startswith("Unknown variant «muggin»") and "/newgame muggins" in said
        assert "/rules" in said and len(said.splitlines()) <= 5
        assert await bot.game_in(group.id) is None
        await bot.send(anna, anna.id, "/rules kozell")
        said = texts(bot, anna.id)[-1]
        assert "/rules kozel" in said and len(said.splitlines()) <= 5
        await bot.send(anna, group.id, "/rules qwerty")
        assert texts(bot, group.id)[-1] == tr("en", "usage.variant_far", arg="qwerty")


async def players(emu: TelegramEmulator) -> tuple[User, User, int]:
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="en")
    group = emu.add_group("Club", [anna, boris])
    return anna, boris, group.id


async def test_text_in_private_mid_game_resends_the_hand(emu: TelegramEmulator,
                                                         db_path: Path) -> None:
    anna, boris, group = await players(emu)
    async with running_bot(emu, db_path) as bot:
        game = await start_game(bot, group, [anna, boris], "draw")
        by_seat = {s.seat: u for s in game.seats for u in (anna, boris) if u.id == s.user_id}
        mover = by_seat[game.turn]  # type: ignore[index]
        waiter = boris if mover is anna else anna
        for user, pointer in ((mover, tr("en", "private.your_turn")),
                              (waiter, tr("en", "private.turn_of", name=mover.first_name))):
            old = bot.hand(user)
            assert old is not None
            await bot.send(user, user.id, "where are my tiles?")
            said = emu.bot_messages(user.id)
            hand = bot.hand(user)
            assert hand is not None and hand.message_id != old.message_id  # sent anew
            assert said[-1].message_id == hand.message_id and said[-2].text == pointer
            await bot.send(user, user.id, "hello?")  # a second line within a minute: quiet
            assert emu.bot_messages(user.id)[-1].message_id == hand.message_id


async def test_hand_in_a_group_leaves_one_line(emu: TelegramEmulator, db_path: Path) -> None:
    anna, boris, group = await players(emu)
    async with running_bot(emu, db_path) as bot:
        await start_game(bot, group, [anna, boris], "draw")
        before = len(emu.bot_messages(group))
        old = bot.hand(anna)
        await bot.send(anna, group, "/hand")
        hand = bot.hand(anna)
        assert hand is not None and old is not None and hand.message_id != old.message_id
        note = tr("en", "note.sent_private", name="Anna")
        assert texts(bot, group)[before:] == [note] and len(note.splitlines()) == 1
        # /rules <variant> in the group: the rules in private, the same line here
        await bot.send(boris, group, "/rules block")
        assert (emu.bot_messages(boris.id)[-1].text or "").startswith("📖 ")
        assert texts(bot, group)[-1] == tr("en", "note.sent_private", name="Boris")
