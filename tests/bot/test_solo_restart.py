"""A solo table survives kill -9: the real bot (``python -m bot``) killed mid-game, its
restart shows the stored version on the one message (the table with the hand's buttons,
their version the stored one) and the game plays on. (The real bot keeps Telegram's
pace of about one message a second in a private chat, so a few moves are played.)"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from tests.bot.emulator import TelegramEmulator, User
from tests.bot.emulator.models import Message
from tests.bot.harness import choose
from tests.bot.test_crash_restart import MOVE, settle, settle_until, stored, world


def solo_hand(emu: TelegramEmulator, user: User) -> Message | None:
    """The newest message of his chat with move buttons (the solo table carries them)."""
    for m in reversed(emu.bot_messages(user.id)):
        if any(MOVE.match(d) for d in m.callback_datas()):
            return m
    return None


def versions(msg: Message) -> set[int]:
    return {int(m[2]) for d in msg.callback_datas() if (m := MOVE.match(d))}


async def in_line(emu: TelegramEmulator, db: Path, user: User) -> Message:
    """Wait until his one live message names the stored version on his turn."""
    for _ in range(150):
        await settle(emu)
        _, version, turn, status = await stored(db, user.id)
        msg = solo_hand(emu, user)
        if status != "playing":
            raise AssertionError("the game ended")
        if turn == 0 and msg is not None and versions(msg) == {version} and msg.has_media:
            return msg
        await asyncio.sleep(0.1)
    raise AssertionError("the solo table did not come back in line")


async def test_kill_mid_solo_game_and_play_on(tmp_path: Path) -> None:
    rng = random.Random(4)
    async with world(tmp_path) as (emu, bot):
        anna = emu.add_user("Anna")
        await emu.user_starts_bot(anna)
        await emu.user_sends(anna, anna.id, "/newgame draw")

        def lobbies() -> list[Message]:
            return [m for m in emu.bot_messages(anna.id)
                    if any(d.startswith("l:") for d in m.callback_datas())]

        await settle_until(emu, lambda: bool(lobbies()))  # a private chat's pace: 1 a second
        lobby = lobbies()[-1]
        go = next(d for d in lobby.callback_datas() if d.endswith(":go"))
        await emu.press(anna, anna.id, lobby.message_id, go)
        for _ in range(3):
            msg = await in_line(emu, bot.db, anna)
            data = choose(msg.callback_datas(), rng)
            assert data is not None
            await emu.press(anna, anna.id, msg.message_id, data)
        await bot.kill()  # mid-game, maybe mid-send
        before = await stored(bot.db, anna.id)
        await bot.start()
        msg = await in_line(emu, bot.db, anna)
        after = await stored(bot.db, anna.id)
        assert after[0] == before[0] and after[1] >= before[1]
        # only one live message: whatever the kill left behind was replaced or deleted
        live = [m for m in emu.bot_messages(anna.id) if any(MOVE.match(d) and d.startswith("p:")
                                                              for d in m.callback_datas())]
        assert len(live) <= 1
        for _ in range(5):  # the restarted bot plays on: each press is a stored move
            _, version, _, status = await stored(bot.db, anna.id)
            if status != "playing":
                break
            msg = await in_line(emu, bot.db, anna)
            data = choose(msg.callback_datas(), rng)
            assert data is not None
            await emu.press(anna, anna.id, msg.message_id, data)
            await settle(emu)
            assert (await stored(bot.db, anna.id))[1] > version
