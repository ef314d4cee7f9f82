"""Forced moves play themselves, end to end: nobody presses a lone draw or pass."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.bot.emulator import TelegramEmulator, User
from tests.bot.harness import Bot, on_turn, running_bot, start_game


def _people(emu: TelegramEmulator) -> tuple[list[User], int]:
    users = [emu.add_user("Anna", language_code="en"), emu.add_user("Boris", language_code="en")]
    return users, emu.add_group("Club", users).id  # Anna owns the group: an admin


def _sent(bot: Bot, part: str, chat_id: int | None = None) -> list[str]:
    """Every text or caption the bot sent or edited in (with ``part``), oldest first."""
    out = []
    for call in bot.emu.calls:
        if not call.ok or call.method not in ("sendMessage", "editMessageText", "sendPhoto",
                                              "editMessageMedia"):
            continue
        if chat_id is not None and call.chat_id != chat_id:
            continue
        raw = call.params.get("text") or call.params.get("caption") or ""
        if call.method == "editMessageMedia":
            raw = json.loads(call.params.get("media", "{}")).get("caption", "")
        if part in raw:
            out.append(raw)
    return out


async def _stored_moves(bot: Bot, game_id: int) -> list[str]:
    record = await bot.service.record(game_id)
    return [m for r in record["rounds"] for m in r["moves"]]


@pytest.mark.parametrize(("variant", "forced"), [("draw", "draw"), ("block", "pass")])
async def test_a_forced_draw_or_pass_needs_no_press(emu: TelegramEmulator, db_path: Path,
                                                     variant: str, forced: str) -> None:
    users, group = _people(emu)
    rng = random.Random(5)
    async with running_bot(emu, db_path) as bot:
        game = await start_game(bot, group, users, variant)
        for presses in range(600):
            found = await on_turn(bot, users, group)
            game = await bot.game_in(group)  # type: ignore[assignment]
            if game.status != "playing":
                break
            if found is None:
                continue
            user, msg = found
            datas = msg.callback_datas()
            tiles = sorted(d for d in datas if d.startswith("p:"))
            # a turn with nothing but a draw or a pass never waits for a press
            assert tiles, f"{user.first_name} was left a lone draw or pass: {datas}"
            await bot.press(user, user.id, msg.message_id, rng.choice(tiles))
            if presses % 5 == 4 and forced in await _stored_moves(bot, game.game_id):
                break
        # the record has the moves nobody pressed
        assert forced in await _stored_moves(bot, game.game_id)
        if forced == "pass":
            assert _sent(bot, "passes: nothing fits", group)  # the caption says why
        else:
            assert [t for u in users for t in _sent(bot, "You drew ", u.id)]  # his hand
            assert _sent(bot, " draws", group)


async def test_with_the_setting_off_the_buttons_are_back(emu: TelegramEmulator,
                                                         db_path: Path) -> None:
    users, group = _people(emu)
    rng = random.Random(8)
    async with running_bot(emu, db_path) as bot:
        await bot.send(users[1], group, "/settings forced off")  # no admin of the group
        assert "Only a group admin" in (emu.last_message(group).text or "")
        await bot.send(users[0], group, "/settings forced off")
        confirmed = emu.last_message(group).text or ""
        assert confirmed == "⏩ A forced pass or draw plays itself: off", confirmed
        await bot.send(users[0], group, "/settings forced sometimes")
        assert (emu.last_message(group).text or "").startswith("I do not understand")
        await start_game(bot, group, users, "draw")
        for _ in range(300):
            found = await on_turn(bot, users, group)
            assert found is not None
            user, msg = found
            datas = msg.callback_datas()
            tiles = sorted(d for d in datas if d.startswith("p:"))
            if not tiles:
                break
            await bot.press(user, user.id, msg.message_id, rng.choice(tiles))
        else:
            raise AssertionError("nobody ever had to draw")
        before = await bot.game_in(group)
        assert before is not None
        draw = next(d for d in datas if d.startswith(("d:", "s:")))
        answer = await bot.press(user, user.id, msg.message_id, draw)
        after = await bot.game_in(group)
        assert after is not None and after.version == before.version + 1  # only his press
        if draw.startswith("d:"):
            assert (answer or "").startswith("You drew ")
        assert not _sent(bot, "nothing fits", group)
