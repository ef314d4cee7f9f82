"""Telegram's other events: a group upgraded to a supergroup, edited messages, deletions."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.error import BadRequest, ChatMigrated
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CommandHandler,
    MessageHandler,
    filters,
)
from telegram.ext import ContextTypes as Ctx

from tests.bot.emulator import (
    EmulatorHttpServer,
    EmulatorRequest,
    EmulatorUsageError,
    TelegramEmulator,
)

AnyApp = Application[Any, Any, Any, Any, Any, Any]
KB = InlineKeyboardMarkup([[InlineKeyboardButton("go", callback_data="go")]])


@pytest.fixture
def emu() -> TelegramEmulator:
    return TelegramEmulator()


@pytest.fixture
async def bot(emu: TelegramEmulator) -> AsyncIterator[Bot]:
    async with Bot(emu.token, request=EmulatorRequest(emu),
                   get_updates_request=EmulatorRequest(emu)) as b:
        yield b


async def on_migrate(update: Update, context: Ctx.DEFAULT_TYPE) -> None:
    msg = update.effective_message
    assert msg is not None
    context.bot_data.setdefault("migrations", []).append(
        (msg.chat.id, msg.migrate_to_chat_id, msg.migrate_from_chat_id)
    )


async def on_count(update: Update, context: Ctx.DEFAULT_TYPE) -> None:
    assert update.effective_chat is not None
    kind = "edited" if update.edited_message is not None else "new"
    await context.bot.send_message(update.effective_chat.id, f"count ({kind})")


@asynccontextmanager
async def app_running(emu: TelegramEmulator, *, only_new_commands: bool = False,
                      server: EmulatorHttpServer | None = None) -> AsyncIterator[AnyApp]:
    builder = ApplicationBuilder().token(emu.token)
    if server is not None:
        builder = builder.base_url(server.base_url)
    else:
        builder = builder.request(EmulatorRequest(emu)).get_updates_request(
            EmulatorRequest(emu))
    app = builder.build()
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, on_migrate))
    command_filter = filters.UpdateType.MESSAGE if only_new_commands else None
    app.add_handler(CommandHandler("count", on_count, filters=command_filter))
    emu.attach(app)
    await app.initialize()
    await app.start()
    assert app.updater is not None
    await app.updater.start_polling(poll_interval=0, timeout=10)
    try:
        yield app
    finally:
        await app.updater.stop()
        await app.stop()
        await app.shutdown()


# --------------------------------------------------------------------------- migration


async def test_migration_updates_and_chat_migrated(emu: TelegramEmulator) -> None:
    ann, bob = emu.add_user("Ann"), emu.add_user("Bob")
    g = emu.add_group("Club", [ann, bob])
    old_id = g.id
    async with app_running(emu) as app:
        table = await app.bot.send_message(old_id, "table", reply_markup=KB)
        new_id = await emu.migrate_group(g)
        await emu.wait_idle()
        assert str(new_id).startswith("-100") and g.id == new_id and g.type == "supergroup"
        assert app.bot_data["migrations"] == [(old_id, new_id, None), (new_id, None, old_id)]
        with pytest.raises(ChatMigrated) as info:
            await app.bot.send_message(old_id, "hello?")
        assert info.value.new_chat_id == new_id
        with pytest.raises(ChatMigrated):
            await app.bot.edit_message_text("t2", old_id, table.message_id)
        call = emu.calls[-1]
        assert (call.error_code, call.chat_id) == (400, old_id)
        assert call.description == "Bad Request: group chat was upgraded to a supergroup chat"
        # the messages live on under the new id, with their ids
        edited = await app.bot.edit_message_text("t2", new_id, table.message_id)
        assert isinstance(edited, Message) and edited.chat.type == "supergroup"
        sent = await app.bot.send_message(new_id, "hello")
        assert sent.chat.id == new_id and sent.message_id > table.message_id
        qid = await emu.press(bob, g, table.message_id, "go", forge=True)
        assert emu.world.queries[qid].chat_id == new_id
        await emu.user_sends(ann, g, "/count")
        await emu.wait_idle()
        assert emu.last_message(new_id).text == "count (new)"  # type: ignore[union-attr]
        with pytest.raises(EmulatorUsageError, match="became supergroup"):
            await emu.user_sends(ann, old_id, "hi")
        with pytest.raises(EmulatorUsageError):
            await emu.migrate_group(g)  # already a supergroup


async def test_migration_like_telegram_keeps_old_messages_behind(
    emu: TelegramEmulator, bot: Bot
) -> None:
    ann = emu.add_user("Ann")
    g = emu.add_group("Club", [ann])
    old_id = g.id
    table = await bot.send_message(old_id, "table", reply_markup=KB)
    new_id = await emu.migrate_group(g, -1009876543210, keep_messages=False)
    assert new_id == -1009876543210
    updates = await bot.get_updates()
    assert [(u.message.chat.id, u.message.migrate_to_chat_id, u.message.migrate_from_chat_id)
            for u in updates if u.message] == [(old_id, new_id, None), (new_id, None, old_id)]
    assert emu.message(old_id, table.message_id) is not None  # still in the old group
    assert [m.migrate_from_chat_id for m in emu.messages(new_id)] == [old_id]
    assert {m.chat_id for m in emu.visible_to(ann)} == {old_id, new_id}
    with pytest.raises(ChatMigrated):
        await bot.edit_message_reply_markup(old_id, table.message_id)
    fresh = await bot.send_message(new_id, "new table")
    assert fresh.message_id == 2  # after the service message


async def test_migration_over_http(emu: TelegramEmulator) -> None:
    ann = emu.add_user("Ann")
    g = emu.add_group("Club", [ann])
    old_id = g.id
    async with EmulatorHttpServer(emu) as server, Bot(emu.token,
                                                     base_url=server.base_url) as bot:
        await bot.send_message(old_id, "before")
        new_id = await emu.migrate_group(g)
        with pytest.raises(ChatMigrated) as info:
            await bot.get_chat(old_id)
        assert info.value.new_chat_id == new_id
        assert (await bot.get_chat(new_id)).type == "supergroup"


async def test_migration_refuses_what_telegram_cannot_do(emu: TelegramEmulator) -> None:
    ann = emu.add_user("Ann")
    sg = emu.add_group("S", [ann], supergroup=True)
    g = emu.add_group("G", [ann])
    with pytest.raises(EmulatorUsageError):
        await emu.migrate_group(sg)
    with pytest.raises(EmulatorUsageError):
        await emu.migrate_group(g, new_id=-12345)
    with pytest.raises(EmulatorUsageError):
        await emu.migrate_group(g, new_id=sg.id)


# --------------------------------------------------------------------------- edited messages


async def test_edited_command_reaches_the_bot(emu: TelegramEmulator, bot: Bot) -> None:
    ann = emu.add_user("Ann")
    g = emu.add_group("G", [ann])
    msg = await emu.user_sends(ann, g, "hello")
    await emu.user_edits(ann, g, msg.message_id, "/pass@domino_test_bot")
    updates = await bot.get_updates()
    assert updates[0].message is not None and updates[0].message.text == "hello"
    edited = updates[1].edited_message
    assert edited is not None and edited.message_id == msg.message_id
    assert edited.text == "/pass@domino_test_bot" and edited.edit_date is not None
    assert [(e.type, e.offset, e.length) for e in edited.entities] == [("bot_command", 0, 21)]
    assert emu.message(g, msg.message_id).text == "/pass@domino_test_bot"  # type: ignore[union-attr]
    assert [h.action for h in emu.history(g)] == ["send", "edit"]
    bob = emu.add_user("Bob")
    emu.add_member(g, bob)
    with pytest.raises(EmulatorUsageError, match="own messages"):
        await emu.user_edits(bob, g, msg.message_id, "mine now")
    with pytest.raises(EmulatorUsageError, match="must change"):
        await emu.user_edits(ann, g, msg.message_id, "/pass@domino_test_bot")


async def test_edited_commands_run_again_unless_filtered(emu: TelegramEmulator) -> None:
    ann = emu.add_user("Ann")
    g = emu.add_group("G", [ann])
    async with app_running(emu):
        msg = await emu.user_sends(ann, g, "/count")
        await emu.wait_idle()
        await emu.user_edits(ann, g, msg.message_id, "/count again")
        await emu.wait_idle()
        assert [m.text for m in emu.bot_messages(g)] == ["count (new)", "count (edited)"]
    emu2 = TelegramEmulator()
    bob = emu2.add_user("Bob")
    g2 = emu2.add_group("G", [bob])
    async with app_running(emu2, only_new_commands=True):
        msg = await emu2.user_sends(bob, g2, "/count")
        await emu2.wait_idle()
        await emu2.user_edits(bob, g2, msg.message_id, "/count again")
        await emu2.wait_idle()
        assert [m.text for m in emu2.bot_messages(g2)] == ["count (new)"]


async def test_admin_deletes_a_message(emu: TelegramEmulator, bot: Bot) -> None:
    ann = emu.add_user("Ann")
    g = emu.add_group("G", [ann])
    table = await bot.send_message(g.id, "table")
    await emu.admin_deletes(g, table.message_id)
    assert emu.messages(g) == [] and emu.history(g)[-1].method == "user_delete"
    assert emu.pending_updates == 0  # bots are told nothing
    with pytest.raises(BadRequest, match="essage to edit not found"):
        await bot.edit_message_text("t2", g.id, table.message_id)
