"""A replaced table is deleted even across a crash: the old message's id is stored "to
delete" in the write that stores the new one, deleted afterwards and forgotten then
(or when Telegram says it cannot be deleted), and deleted by the next start when the
bot was killed in between."""

from __future__ import annotations

from pathlib import Path

from service import GameService
from tests.bot.emulator import Failure, TelegramEmulator
from tests.bot.harness import Bot, play_lead, running_bot, start_game
from tests.bot.test_crash_restart import (
    begin,
    check_in_line,
    lead,
    live_tables,
    settle,
    world,
)


async def _to_delete(db: Path) -> list[tuple[int, int]]:
    service = await GameService.open(db)
    try:
        return await service.messages_to_delete()
    finally:
        await service.close()


async def test_kill_between_the_new_table_and_the_old_ones_deletion(tmp_path: Path) -> None:
    async with world(tmp_path) as (emu, bot):
        anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
        group = emu.add_group("Table", members=[anna, boris]).id
        users = [anna, boris]
        await begin(emu, group, users)
        await settle(emu)
        await lead(emu, bot.db, group, users)
        [old] = live_tables(emu, group)
        # /table sends the table anew; the old one's deletion is held, then the bot dies
        gate = emu.hold(method="deleteMessage", chat_id=group, count=1)
        await emu.user_sends(anna, group, "/table")
        await gate.wait_reached(timeout=20)
        await bot.kill()
        gate.fail(Failure.timed_out())  # the deletion never reached Telegram
        tables = live_tables(emu, group)
        assert [t.message_id for t in tables] == [old.message_id, tables[-1].message_id]
        assert await _to_delete(bot.db) == [(group, old.message_id)]
        newest = tables[-1].message_id
        await bot.start()
        await settle(emu)
        # the start deleted the old table and forgot it; the new one is the live table
        assert [t.message_id for t in live_tables(emu, group)] == [newest]
        assert emu.message(group, old.message_id) is None
        assert await _to_delete(bot.db) == []
        await check_in_line(emu, bot.db, group, users)


async def test_a_table_that_cannot_be_deleted_is_forgotten(bot: Bot, emu: TelegramEmulator,
                                                          db_path: Path) -> None:
    anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
    group = emu.add_group("Club", [anna, boris])
    await start_game(bot, group.id, [anna, boris])
    await play_lead(bot, group.id, [anna, boris])
    first = bot.table(group.id)
    assert first is not None
    # Telegram refuses the deletion (a bot's group message older than two days)
    emu.fail_next_error("deleteMessage", 400, "Bad Request: message can't be deleted")
    await bot.send(anna, group.id, "/table")
    second = bot.table(group.id)
    assert second is not None and second.message_id != first.message_id
    assert emu.message(group.id, first.message_id) is not None  # it stays, as Telegram says
    assert await bot.service.messages_to_delete() == []  # and is not tried again
    # a deletion that works: the old one is gone and nothing is left to delete
    await bot.send(anna, group.id, "/table")
    third = bot.table(group.id)
    assert third is not None and third.message_id not in (first.message_id, second.message_id)
    assert emu.message(group.id, second.message_id) is None
    assert await bot.service.messages_to_delete() == []


async def test_a_deletion_that_timed_out_is_tried_at_the_next_start(
        emu: TelegramEmulator, db_path: Path) -> None:
    anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
    group = emu.add_group("Club", [anna, boris])
    async with running_bot(emu, db_path) as bot:
        await start_game(bot, group.id, [anna, boris])
        await play_lead(bot, group.id, [anna, boris])
        first = bot.table(group.id)
        assert first is not None
        emu.fail_next("deleteMessage", 1, Failure.timed_out())
        await bot.send(anna, group.id, "/table")
        assert emu.message(group.id, first.message_id) is not None
        assert await bot.service.messages_to_delete() == [(group.id, first.message_id)]
    async with running_bot(emu, db_path) as bot:
        await bot.settle()
        assert emu.message(group.id, first.message_id) is None
        assert await bot.service.messages_to_delete() == []
        assert bot.table(group.id) is not None
