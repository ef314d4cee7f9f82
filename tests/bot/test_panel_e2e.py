"""The settings panel in the creator's private chat: ▶ Start there starts the game in
the group (with the lobby's own checks), the variants wait behind one button on a
page of their own, the hint is one line, and every toast of the lobby and the panel
fits on a phone's line."""

from __future__ import annotations

import inspect
import re

from bot.handlers import lobby_buttons, presses
from bot.texts import CATALOGS, tr, variant_name
from bot.ui.lobby_words import closed_lobby_text, closed_panel_text
from bot.ui.variant_names import variant_names
from tests.bot.emulator import TelegramEmulator
from tests.bot.emulator.models import Chat, Message, User
from tests.bot.harness import Bot

# the most characters a toast (a callback answer) may have to fit on one line of a
# phone, in either language
TOAST_LIMIT = 70
# the errors the lobby's and the panel's service calls may answer with (err.<code>)
LOBBY_ERRORS = ("error", "no_game", "not_in_game", "lobby_full", "already_started",
                "not_in_lobby", "not_allowed", "not_manager", "not_manager_admin",
                "admin_unknown", "not_member", "stale", "already_joined",
                "not_enough_players", "no_private_chat", "game_exists", "bad_settings")


def club(emu: TelegramEmulator) -> tuple[User, User, Chat]:
    """Anna will open the game; Boris is a member of the group."""
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="en")
    return anna, boris, emu.add_group("Club", [anna, boris])


async def open_lobby(bot: Bot, emu: TelegramEmulator, group: Chat, anna: User,
                     boris: User, variant: str = "kozel") -> None:
    """Anna opens the game, Boris joins, Anna opens the settings (the lobby's ⚙)."""
    for user in (anna, boris):
        await emu.user_starts_bot(user)
    await bot.settle()
    await bot.send(anna, group.id, f"/newgame {variant}")
    assert await bot.lobby_press(boris, group.id, "j") == tr("en", "ans.joined")
    assert await bot.lobby_press(anna, group.id, "c") == tr("en", "panel.opened")


def actions(msg: Message) -> list[str]:
    """The lobby actions (with their argument) of the message's buttons."""
    return [data.split(":", 2)[-1] for row in msg.keyboard() for _, data in row
            if data is not None and data.startswith("l:")]


def label(msg: Message, action: str) -> str:
    return next(text for row in msg.keyboard() for text, data in row
                if data is not None and data.split(":", 2)[-1] == action)


def assert_toasts_fit(emu: TelegramEmulator) -> None:
    for answer in emu.callback_answers.values():
        assert answer.text is None or len(answer.text) <= TOAST_LIMIT, answer.text


async def test_start_from_the_panel_starts_the_game(bot: Bot, emu: TelegramEmulator) -> None:
    anna, boris, group = club(emu)
    await open_lobby(bot, emu, group, anna, boris)
    panel = bot.panel(anna)
    assert label(panel, "go") == tr("en", "btn.start")
    assert await bot.panel_press(anna, "go") == tr("en", "ans.started")
    game = await bot.game_in(group.id)
    assert game is not None and game.status == "playing"
    # the panel closes, without buttons; the group's lobby closes as from its own Start
    closed = emu.message(anna.id, panel.message_id)
    assert closed is not None and closed.text == closed_panel_text("en", game)
    assert not closed.callback_datas()
    assert not any(d.startswith("l:") for m in emu.bot_messages(group.id)
                   for d in m.callback_datas())
    assert bot.hand(anna) is not None and bot.hand(boris) is not None
    assert [m.text for m in emu.bot_messages(group.id)] == [closed_lobby_text("en", game)]
    assert_toasts_fit(emu)


async def test_start_from_the_panel_is_refused_without_a_private_chat(
        bot: Bot, emu: TelegramEmulator) -> None:
    anna, boris, group = club(emu)
    await open_lobby(bot, emu, group, anna, boris)
    await emu.block_bot(boris)  # seated, then he blocks the bot: he would get no tiles
    await bot.settle()
    answer = await bot.panel_press(anna, "go")
    assert answer == tr("en", "err.no_private_chat", names="Boris")
    game = await bot.game_in(group.id)
    assert game is not None and game.status == "lobby"
    assert bot.hand(anna) is None and bot.hand(boris) is None
    # the panel stays as it was; the group's lobby names him, with his link button
    assert "go" in actions(bot.panel(anna))
    assert "Boris" in (bot.lobby(group.id).text or "")
    assert any(text == tr("en", "btn.open_private", name="Boris")
               for row in bot.lobby(group.id).keyboard() for text, _ in row)
    assert_toasts_fit(emu)


async def test_the_variant_page_changes_the_variant_and_comes_back(
        bot: Bot, emu: TelegramEmulator) -> None:
    anna, boris, group = club(emu)
    await open_lobby(bot, emu, group, anna, boris)
    panel = bot.panel(anna)
    # the main page: one variant button, the options of Козёл, Start and Done; a hint
    # of one line
    assert label(panel, "pg:v") == tr("en", "btn.panel_variant",
                                      variant=variant_name("en", "kozel"))
    assert not any(a.startswith("v:") for a in actions(panel))
    assert "fp:1" in actions(panel) and "b" in actions(panel)
    hint = tr("en", "panel.hint")
    assert "\n" not in hint and (panel.text or "").endswith(hint)
    # ▸ opens the variant page in the same message: every variant and «Back»
    assert await bot.panel_press(anna, "pg:v") is None
    page = bot.panel(anna)
    assert page.message_id == panel.message_id
    assert [a for a in actions(page) if a.startswith("v:")] == [
        f"v:{v}" for v in variant_names()]
    assert label(page, "pg:m") == tr("en", "btn.panel_back")
    assert tr("en", "panel.variants_hint") in (page.text or "")
    rows = page.keyboard()
    assert sum(map(len, rows)) <= 100 and all(len(row) <= 8 for row in rows)
    # someone joining meanwhile does not turn the page back
    await bot.lobby_press(boris, group.id, "q")
    assert any(a.startswith("v:") for a in actions(bot.panel(anna)))
    # «Back» returns to the options unchanged
    await bot.panel_press(anna, "pg:m")
    assert "fp:1" in actions(bot.panel(anna))
    game = await bot.game_in(group.id)
    assert game is not None and game.variant == "kozel"
    # choosing a variant changes it and comes back to the options of the new one
    await bot.panel_press(anna, "pg:v")
    assert await bot.panel_press(anna, "v:all_fives") == tr("en", "ans.settings")
    game = await bot.game_in(group.id)
    assert game is not None and game.variant == "all_fives"
    panel = bot.panel(anna)
    assert label(panel, "pg:v") == tr("en", "btn.panel_variant",
                                      variant=variant_name("en", "all_fives"))
    assert any(a.startswith("tg:") for a in actions(panel))
    assert not any(a.startswith(("v:", "fp:")) for a in actions(panel))
    assert variant_name("en", "all_fives") in (bot.lobby(group.id).text or "")
    # the page is the panel's: from the group's lobby it is a forged press
    lobby = bot.lobby(group.id)
    forged = await bot.press(anna, group.id, lobby.message_id, f"l:{game.game_id}:pg:v",
                             forge=True)
    assert forged == tr("en", "btn.forged")
    assert_toasts_fit(emu)


async def test_a_non_creator_is_refused_in_one_short_line(bot: Bot,
                                                          emu: TelegramEmulator) -> None:
    anna, boris, group = club(emu)
    await open_lobby(bot, emu, group, anna, boris)
    answer = await bot.lobby_press(boris, group.id, "c")
    assert answer == tr("en", "err.not_manager", name="Anna")
    assert answer is not None and len(answer) <= 60
    assert_toasts_fit(emu)


def lobby_toast_keys() -> set[str]:
    """Every catalogue key the lobby's and the panel's handler answers with, and the
    errors of their service calls."""
    source = inspect.getsource(lobby_buttons) + inspect.getsource(presses.Press.forged)
    keys = set(re.findall(r'tr\([a-z_.]*lang, "([a-z_.]+)"', source))
    assert {"ans.joined", "ans.started", "panel.opened", "btn.forged"} <= keys
    return keys | {f"err.{code}" for code in LOBBY_ERRORS}


def test_every_lobby_and_panel_toast_fits_a_line() -> None:
    keys = lobby_toast_keys()
    for lang, catalog in CATALOGS.items():
        for key in sorted(keys):
            text = catalog[key].format_map({"name": "Anna", "names": "Anna"})
            assert len(text) <= TOAST_LIMIT, (lang, key, len(text), text)
