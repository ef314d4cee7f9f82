"""Only what can be played starts: Start is refused, with a toast naming them, while a
seated player has not opened the private chat with the bot; the lobby names him and
gives him a link button instead of a raw link. And a press carries the presser's
Telegram language: his next hand comes in the language he switched to."""

from __future__ import annotations

import random
from pathlib import Path

import aiosqlite

from bot.texts import tr
from tests.bot.emulator import Message, TelegramEmulator
from tests.bot.harness import Bot, on_turn, start_game


def link_buttons(msg: Message) -> dict[str, str]:
    """The message's link buttons: text -> url."""
    return {text: data for row in msg.keyboard() for text, data in row
            if data is not None and data.startswith("https://")}


async def test_start_waits_for_everyone_to_open_the_private_chat(
        bot: Bot, emu: TelegramEmulator) -> None:
    zoe = emu.add_user("Zoe", language_code="en")
    anna = emu.add_user("Anna", language_code="en")
    vera = emu.add_user("Vera", language_code="en")
    group = emu.add_group("Club", [zoe, anna, vera])
    for user in (anna, vera):
        await emu.user_starts_bot(user)
    await bot.settle()
    # Zoe opens the lobby in the group but never opened the private chat with the bot
    await bot.send(zoe, group.id, "/newgame draw")
    lobby = bot.lobby(group.id)
    assert "https://" not in (lobby.text or "")
    assert list(link_buttons(lobby)) == ["🔓 Zoe: open the private chat"]
    await bot.lobby_press(anna, group.id, "j")
    await bot.lobby_press(vera, group.id, "j")
    await emu.block_bot(vera)  # seated, then she blocks the bot
    await bot.settle()
    # Start is refused with a toast naming both, and the game stays in its lobby
    sent_before = len(emu.bot_messages(group.id))
    answer = await bot.lobby_press(zoe, group.id, "go")
    assert answer == tr("en", "err.no_private_chat", names="Zoe, Vera")
    assert answer is not None and len(answer) <= 200
    game = await bot.game_in(group.id)
    assert game is not None and game.status == "lobby"
    assert len(emu.bot_messages(group.id)) == sent_before  # nothing new in the group
    assert all(bot.hand(u) is None for u in (zoe, anna, vera))
    # the lobby (edited, not sent anew) names them, a link button each, no raw link
    lobby = bot.lobby(group.id)
    text = lobby.text or ""
    assert "Zoe, Vera" in text and "https://" not in text
    links = link_buttons(lobby)
    assert list(links) == ["🔓 Zoe: open the private chat", "🔓 Vera: open the private chat"]
    # Zoe opens the chat through her button: she keeps her seat, the lobby asks Vera only
    await emu.user_starts_bot(zoe, links["🔓 Zoe: open the private chat"].split("start=")[1])
    await bot.settle()
    game = await bot.game_in(group.id)
    assert game is not None and game.seat_of(zoe.id) is not None
    assert list(link_buttons(bot.lobby(group.id))) == ["🔓 Vera: open the private chat"]
    answer = await bot.lobby_press(zoe, group.id, "go")
    assert answer == tr("en", "err.no_private_chat", names="Vera")
    # Vera unblocks through hers: now Start starts, and every seated player has tiles
    await emu.user_starts_bot(vera, links["🔓 Vera: open the private chat"].split("start=")[1])
    await bot.settle()
    assert link_buttons(bot.lobby(group.id)) == {}
    answer = await bot.lobby_press(zoe, group.id, "go")
    assert answer == tr("en", "ans.started")
    game = await bot.game_in(group.id)
    assert game is not None and game.status == "playing"
    assert all(bot.hand(u) is not None for u in (zoe, anna, vera))
    notices = [m.text or "" for m in emu.bot_messages(group.id)]
    assert not any("cannot get the tiles" in t for t in notices)


async def test_a_long_list_of_names_fits_the_toast(bot: Bot, emu: TelegramEmulator) -> None:
    """Names too long for a callback answer are cut at a name, with "…"."""
    from bot.handlers.common import error_text
    from service.errors import NoPrivateChatError

    names = tuple(f"Player with a long name {i}" for i in range(12))
    text = error_text("en", NoPrivateChatError(names))
    assert len(text) <= 200 and text.startswith("Not yet: Player with a long name 0, ")
    assert ", …" in text and "name 11" not in text


async def test_blocked_player_holds_the_start_back(bot: Bot, emu: TelegramEmulator) -> None:
    anna = emu.add_user("Анна", language_code="ru")
    boris = emu.add_user("Boris", language_code="en")
    group = emu.add_group("Club", [anna, boris])
    for user in (anna, boris):
        await emu.user_starts_bot(user)
    await bot.settle()
    await bot.send(anna, group.id, "/newgame draw")
    await bot.lobby_press(boris, group.id, "j")
    await emu.block_bot(boris)
    await bot.settle()
    # the refusal is in the presser's language
    answer = await bot.lobby_press(anna, group.id, "go")
    assert answer == tr("ru", "err.no_private_chat", names="Boris")
    game = await bot.game_in(group.id)
    assert game is not None and game.status == "lobby"


async def test_a_press_in_a_new_language_gets_the_hand_in_it(
        bot: Bot, emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="en")
    group = emu.add_group("Club", [anna, boris])
    await start_game(bot, group.id, [anna, boris], "draw")
    found = await on_turn(bot, [anna, boris], group.id)
    assert found is not None
    user, msg = found
    other = boris if user is anna else anna
    assert "Your lead" in (msg.text or "")
    writes = await _user_writes(db_path)
    # a press with the language unchanged writes nothing to the users table
    await bot.press(other, other.id, bot.hand(other).message_id,  # type: ignore[union-attr]
                    next(iter(sorted(bot.hand(other).callback_datas()))))  # type: ignore[union-attr]
    assert await _user_writes(db_path) == writes
    # he switches Telegram to Russian and presses a tile: no command typed
    user.language_code = "ru"
    data = next(d for d in sorted(msg.callback_datas()) if d.startswith("p:"))
    await bot.press(user, user.id, msg.message_id, data)
    stored = await bot.service.user(user.id)
    assert stored is not None and stored.language_code == "ru"
    # his next hand (after the other's move) comes in Russian
    rng = random.Random(2)
    for _ in range(20):
        found = await on_turn(bot, [anna, boris], group.id)
        assert found is not None
        if found[0] is user:
            break
        nxt = found[1]
        datas = sorted(nxt.callback_datas())
        choice = [d for d in datas if d.startswith(("p:", "d:", "s:"))]
        await bot.press(found[0], found[0].id, nxt.message_id, rng.choice(choice))
    hand = bot.hand(user)
    assert hand is not None
    assert tr("ru", "hand.your_turn") in (hand.text or ""), hand.text
    assert tr("en", "hand.your_turn") not in (hand.text or "")


async def _user_writes(db_path: Path) -> float:
    """The latest write to any user (the users table's newest updated_at), read from
    the file over a connection of its own."""
    async with aiosqlite.connect(db_path) as conn:
        rows = list(await conn.execute_fetchall("SELECT MAX(updated_at) FROM users"))
    return float(rows[0][0])
