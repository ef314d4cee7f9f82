"""The lobby says what will happen: options shown only when they apply, each
button shows its current value, every option explained, only the creator or a group
admin manages the lobby, and the settings open in the presser's private chat while
the group's lobby keeps Join."""

from __future__ import annotations

from pathlib import Path

from bot.texts import CATALOGS, tr
from bot.ui.keyboards import offered_options
from bot.ui.lobby_words import option_help, options_help
from bot.ui.variant_names import variant_names
from tests.bot.emulator import TelegramEmulator
from tests.bot.emulator.models import Chat, Message, User
from tests.bot.harness import Bot, running_bot


def club(emu: TelegramEmulator) -> tuple[User, User, User, Chat]:
    """Olga owns the group (an admin); Anna will open the game; Boris is a member."""
    olga = emu.add_user("Olga", language_code="en")
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="en")
    return olga, anna, boris, emu.add_group("Club", [olga, anna, boris])


def labels(msg: Message) -> dict[str, str]:
    """Button text -> callback data."""
    return {text: data for row in msg.keyboard() for text, data in row if data}


def panel_label(bot: Bot, user: User, action: str) -> str:
    return next(text for text, data in labels(bot.panel(user)).items()
                if data.split(":", 2)[-1].startswith(action))


async def open_lobby(bot: Bot, emu: TelegramEmulator, group: Chat, creator: User,
                     variant: str, *, ai: int = 0) -> None:
    await emu.user_starts_bot(creator)
    await bot.settle()
    await bot.send(creator, group.id, f"/newgame {variant}")
    for _ in range(ai):
        await bot.lobby_press(creator, group.id, "a:e")


async def test_teams_only_at_a_table_of_four(bot: Bot, emu: TelegramEmulator) -> None:
    _, anna, _, group = club(emu)
    await open_lobby(bot, emu, group, anna, "kozel", ai=2)
    # three seated: a 3-player Козёл is every man for himself, and the lobby says nothing
    # of teams, in the group or in the settings
    assert "Teams" not in (bot.lobby(group.id).text or "")
    await bot.lobby_press(anna, group.id, "c")
    panel = bot.panel(anna)
    assert not any(d.split(":")[2] == "tm" for d in panel.callback_datas())
    assert "Teams:" not in (panel.text or "")
    assert tr("en", "panel.teams_later") in (panel.text or "")
    # the fourth seat: teams (Козёл's default with four) show, with a button
    await bot.lobby_press(anna, group.id, "a:e")
    assert "Teams: yes" in (bot.lobby(group.id).text or "")
    assert panel_label(bot, anna, "tm") == "Teams: yes"
    assert "Teams: yes — " + tr("en", "opt.teams") in (bot.panel(anna).text or "")
    await bot.panel_press(anna, "tm")
    assert panel_label(bot, anna, "tm") == "Teams: no"
    assert "Teams: no" in (bot.lobby(group.id).text or "")
    await bot.panel_press(anna, "tm")
    # back to three: teams vanish again, and the game starts each for himself
    await bot.lobby_press(anna, group.id, "r")
    assert "Teams" not in (bot.lobby(group.id).text or "")
    assert not any(d.split(":")[2] == "tm" for d in bot.panel(anna).callback_datas())
    await bot.lobby_press(anna, group.id, "go")
    game = await bot.game_in(group.id)
    assert game is not None and game.status == "playing" and game.view is not None
    assert len(game.view.sides) == 3


async def test_buttons_show_the_current_value_and_cycle(bot: Bot,
                                                        emu: TelegramEmulator) -> None:
    _, anna, _, group = club(emu)
    await open_lobby(bot, emu, group, anna, "all_fives", ai=1)
    await bot.lobby_press(anna, group.id, "c")
    assert panel_label(bot, anna, "tg") == "Target: 150"
    assert "Target: 150 (default)" in (bot.lobby(group.id).text or "")
    for expected in (200, 250, 100, 150):
        await bot.panel_press(anna, "tg")
        assert panel_label(bot, anna, "tg") == f"Target: {expected}"
        game = await bot.game_in(group.id)
        assert game is not None and game.options["target"] == expected
        assert f"Target: {expected}" in (bot.lobby(group.id).text or "")
    # the set only where the variant has more than one; each option explained
    await bot.panel_press(anna, "v:vsem_po_pyat")
    assert panel_label(bot, anna, "st") == "Set: double-9"
    await bot.panel_press(anna, "st")
    assert panel_label(bot, anna, "st") == "Set: double-6"
    text = bot.panel(anna).text or ""
    for name in ("target", "set", "locked", "extra_turn", "no_double_out"):
        assert tr("en", f"opt.{name}") in text, name
    await bot.panel_press(anna, "v:kozel")
    assert not any(d.split(":")[2] == "st" for d in bot.panel(anna).callback_datas())
    assert tr("en", "opt.fish_point") in (bot.panel(anna).text or "")
    assert panel_label(bot, anna, "fp") == "Fish point: no"


async def test_only_the_creator_or_an_admin_manages(bot: Bot, emu: TelegramEmulator) -> None:
    olga, anna, boris, group = club(emu)
    await open_lobby(bot, emu, group, anna, "all_fives", ai=1)
    await emu.user_starts_bot(boris)
    await emu.user_starts_bot(olga)
    await bot.settle()
    assert await bot.lobby_press(boris, group.id, "j") == "You joined."
    before = await bot.game_in(group.id)
    assert before is not None and len(before.seats) == 3
    refusal = tr("en", "err.not_manager", name="Anna")
    for action in ("c", "a:e", "r"):
        assert await bot.lobby_press(boris, group.id, action) == refusal[:200], action
    gid = before.game_id
    mid = bot.lobby(group.id).message_id
    # a settings payload pressed in the group (an old keyboard, or forged)
    assert await bot.press(boris, group.id, mid, f"l:{gid}:tg:250", forge=True) == \
        refusal[:200]
    await bot.send(boris, group.id, "/settings")
    assert emu.bot_messages(group.id)[-1].text == refusal
    await bot.send(boris, group.id, "/language ru")  # the group's language: admins'
    assert emu.bot_messages(group.id)[-1].text == tr("en", "err.not_chat_admin")
    assert await bot.service.chat_language(group.id) == "en"
    assert not any(d.startswith("l:") for m in emu.bot_messages(boris.id)
                   for d in m.callback_datas())  # no panel for Boris
    # Start keeps its rule: once others joined, the creator's (or an admin's)
    assert await bot.lobby_press(boris, group.id, "go") == tr("en", "err.not_allowed")
    after = await bot.game_in(group.id)
    assert after is not None and after.status == "lobby" and after.seats == before.seats
    assert after.options == before.options and after.variant == before.variant
    # a settings payload pressed in Boris's own private chat: forged, nothing changes
    note = emu.bot_messages(boris.id)[-1]
    assert await bot.press(boris, boris.id, note.message_id, f"l:{gid}:tg:250",
                           forge=True) == refusal[:200]
    # Olga, an admin who does not play, may: computer seats, settings, the language
    assert await bot.lobby_press(olga, group.id, "a:m") == "Computer player added."
    await bot.lobby_press(olga, group.id, "c")
    await bot.panel_press(olga, "tg")
    game = await bot.game_in(group.id)
    assert game is not None and len(game.seats) == 4 and game.options["target"] == 200
    await bot.send(olga, group.id, "/language ru")
    assert await bot.service.chat_language(group.id) == "ru"
    # the creator of the open game may not: the language is every topic's, the chat's
    await bot.send(anna, group.id, "/language en")
    assert emu.bot_messages(group.id)[-1].text == tr("ru", "err.not_chat_admin")
    assert await bot.service.chat_language(group.id) == "ru"
    # in private, /language stays one's own
    await bot.send(boris, boris.id, "/language ru")
    assert emu.bot_messages(boris.id)[-1].text == "Язык: русский."
    assert await bot.service.chat_language(group.id) == "ru"


async def test_settings_open_in_private_and_the_lobby_keeps_join(
        bot: Bot, emu: TelegramEmulator) -> None:
    olga, anna, boris, group = club(emu)
    await open_lobby(bot, emu, group, anna, "draw")
    lobby_id = bot.lobby(group.id).message_id
    await bot.lobby_press(anna, group.id, "c")
    assert tr("en", "panel.title", variant=tr("en", "variant.draw")) in \
        (bot.panel(anna).text or "")
    # the group's lobby is the same message, still with Join, Leave and Start
    lobby = bot.lobby(group.id)
    assert lobby.message_id == lobby_id
    assert {f"l:{d.split(':')[1]}:{a}" for d in lobby.callback_datas()
            for a in ("j", "q", "go")} <= lobby.callback_datas()
    # Boris joins while Anna's settings are open: the panel shows him too
    await emu.user_starts_bot(boris)
    await bot.settle()
    assert await bot.lobby_press(boris, group.id, "j") == "You joined."
    assert "Boris" in (bot.panel(anna).text or "")
    await bot.panel_press(anna, "tg")
    assert "Target: 150" in (bot.lobby(group.id).text or "")
    # /settings again: the same panel is sent anew (the old one deleted)
    old_panel = bot.panel(anna).message_id
    await bot.send(anna, group.id, "/settings")
    assert emu.message(anna.id, old_panel) is None and bot.panel(anna).message_id != old_panel
    assert emu.bot_messages(group.id)[-1].message_id == lobby_id  # nothing said in the group
    panel = bot.panel(anna)
    await bot.lobby_press(anna, group.id, "go")
    closed = emu.message(anna.id, panel.message_id)
    assert closed is not None and not closed.callback_datas()
    assert closed.text == tr("en", "panel.started", variant=tr("en", "variant.draw"))
    game = await bot.game_in(group.id)
    assert game is not None and game.status == "playing" and game.options["target"] == 150
    # an old panel button pressed after the start: a clear answer, nothing changes
    assert await bot.press(anna, anna.id, panel.message_id, f"l:{game.game_id}:tg:200",
                           forge=True) == tr("en", "panel.closed_answer")
    assert (await bot.game_in(group.id)).options["target"] == 150  # type: ignore[union-attr]
    assert olga  # the owner only watches here


async def test_done_closes_and_a_deep_link_opens(bot: Bot, emu: TelegramEmulator) -> None:
    olga, anna, _, group = club(emu)
    await open_lobby(bot, emu, group, anna, "threes")
    await bot.lobby_press(anna, group.id, "c")
    panel = bot.panel(anna)
    await bot.panel_press(anna, "b")
    closed = emu.message(anna.id, panel.message_id)
    assert closed is not None and not closed.callback_datas()
    assert closed.text == tr("en", "panel.closed", variant=tr("en", "variant.threes"))
    # Olga (an admin) never opened a chat with the bot: the press answers with the link
    qid = await emu.press(olga, group.id, bot.lobby(group.id).message_id,
                          next(d for d in bot.lobby(group.id).callback_datas()
                               if d.endswith(":c")))
    await bot.settle()
    answer = emu.callback_answers[qid]
    game = await bot.game_in(group.id)
    assert game is not None and answer.url is not None
    assert answer.url.endswith(f"?start=set{game.game_id}")
    await emu.user_starts_bot(olga, f"set{game.game_id}")
    await bot.settle()
    assert bot.panel(olga).chat_id == olga.id
    await bot.panel_press(olga, "v:draw")
    assert (await bot.game_in(group.id)).variant == "draw"  # type: ignore[union-attr]
    # /settings in the group by the creator without a private chat: a short link there
    cyril = emu.add_user("Cyril", language_code="en")
    emu.add_member(group, cyril)
    await bot.lobby_press(olga, group.id, "x")
    await bot.send(cyril, group.id, "/newgame")
    await bot.send(cyril, group.id, "/settings")
    assert "?start=set" in (emu.bot_messages(group.id)[-1].text or "")
    # the cancelled game closed Olga's panel
    assert not any(d.startswith("l:") for m in emu.bot_messages(olga.id)
                   for d in m.callback_datas())


def test_every_option_is_explained_and_rules_name_them() -> None:
    for variant in variant_names():
        for lang in CATALOGS:
            text = options_help(lang, variant)
            names = offered_options(variant)
            # a variant may explain an option its own way (chinese's rounds)
            assert all(option_help(lang, n, variant) in text for n in names), variant
            if not names:
                assert text == tr(lang, "rules.no_options")
    assert offered_options("kozel") == ["teams", "fish_point"]
    assert offered_options("general_kozel") == ["rounds"]  # always in teams
    assert offered_options("telephone") == []  # one target, teams fixed by the count
    assert "• Fish point: whoever blocks the game" in options_help("en", "kozel")


async def test_rules_of_a_variant_name_its_options(bot: Bot, emu: TelegramEmulator) -> None:
    _, anna, _, _ = club(emu)
    await emu.user_starts_bot(anna)
    await bot.send(anna, anna.id, "/rules kozel")  # the long text: in private
    text = emu.bot_messages(anna.id)[-1].text or ""
    assert options_help("en", "kozel") in text


async def test_a_panel_outlives_a_restart_and_closes_at_the_start(
        emu: TelegramEmulator, db_path: Path) -> None:
    _, anna, _, group = club(emu)
    async with running_bot(emu, db_path) as bot:
        await open_lobby(bot, emu, group, anna, "draw", ai=1)
        await bot.lobby_press(anna, group.id, "c")
        panel = bot.panel(anna)
    async with running_bot(emu, db_path) as bot:  # the stored panel is known again
        await bot.settle()
        await bot.panel_press(anna, "tg")
        assert panel_label(bot, anna, "tg") == "Target: 150"
        assert bot.panel(anna).message_id == panel.message_id
        await bot.lobby_press(anna, group.id, "go")
        closed = emu.message(anna.id, panel.message_id)
        assert closed is not None and not closed.callback_datas()
        assert closed.text == tr("en", "panel.started", variant=tr("en", "variant.draw"))
