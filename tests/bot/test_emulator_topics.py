"""The emulator's forum topics, driven through the real python-telegram-bot:
forum supergroups, topics created by a member or by the bot, messages in a topic with
``message_thread_id`` and ``is_topic_message``, sends recorded with their topic, and
Telegram's "message thread not found" for a topic that does not exist (or no more)."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from typing import Any

import pytest
from PIL import Image
from telegram import Bot, Update
from telegram.error import BadRequest

from tests.bot.emulator import EmulatorRequest, EmulatorUsageError, TelegramEmulator


@pytest.fixture
def emu() -> TelegramEmulator:
    return TelegramEmulator()


@pytest.fixture
async def bot(emu: TelegramEmulator) -> AsyncIterator[Bot]:
    b = Bot(emu.token, request=EmulatorRequest(emu), get_updates_request=EmulatorRequest(emu))
    async with b:
        yield b


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (40, 30), "white").save(buf, format="PNG")
    return buf.getvalue()


async def _updates(bot: Bot) -> list[Update]:
    updates = list(await bot.get_updates(timeout=0))
    if updates:
        await bot.get_updates(offset=updates[-1].update_id + 1, timeout=0)
    return updates


async def test_forum_chat_and_topic_messages_reach_the_bot(emu: TelegramEmulator,
                                                           bot: Bot) -> None:
    anna = emu.add_user("Anna")
    forum = emu.add_group("Club", [anna], forum=True)
    plain = emu.add_group("Plain", [anna], supergroup=True)
    assert forum.type == "supergroup" and forum.is_forum and not plain.is_forum
    assert (await bot.get_chat(forum.id)).is_forum is True
    assert not (await bot.get_chat(plain.id)).is_forum

    thread = await emu.create_topic(forum, "Kozel table", by=anna)
    await emu.user_sends(anna, forum, "/table", topic=thread)
    await emu.user_sends(anna, forum, "/table")  # the General topic
    created, in_topic, general = (u.message for u in await _updates(bot))
    assert created is not None and created.forum_topic_created is not None
    assert created.forum_topic_created.name == "Kozel table"
    assert created.message_id == thread and created.message_thread_id == thread
    assert in_topic is not None and in_topic.is_topic_message
    assert in_topic.message_thread_id == thread and in_topic.chat.is_forum
    assert general is not None and not general.is_topic_message
    assert general.message_thread_id is None

    with pytest.raises(EmulatorUsageError):
        await emu.user_sends(anna, forum, "/table", topic=thread + 100)
    with pytest.raises(EmulatorUsageError):
        await emu.create_topic(plain, "no forum here", by=anna)


async def test_sends_land_in_their_topic_and_are_recorded(emu: TelegramEmulator,
                                                          bot: Bot) -> None:
    anna = emu.add_user("Anna")
    forum = emu.add_group("Club", [anna], forum=True, bot_admin=True)
    first = await bot.create_forum_topic(forum.id, "First")
    second = await emu.create_topic(forum, "Second", by=anna)
    t1 = first.message_thread_id
    assert first.name == "First" and t1 != second

    text = await bot.send_message(forum.id, "to the first", message_thread_id=t1)
    photo = await bot.send_photo(forum.id, _png(), caption="pic", message_thread_id=second)
    doc = await bot.send_document(forum.id, b"{}", filename="r.json", message_thread_id=t1)
    general = await bot.send_message(forum.id, "to General")
    assert text.message_thread_id == t1 and text.is_topic_message
    assert photo.message_thread_id == second and doc.message_thread_id == t1
    assert general.message_thread_id is None and not general.is_topic_message

    def ids(thread: int | None) -> list[int]:
        return [m.message_id for m in emu.topic_messages(forum, thread)
                if m.from_bot and m.forum_topic_created is None]

    assert ids(t1) == [text.message_id, doc.message_id]
    assert ids(second) == [photo.message_id]
    assert ids(None) == [general.message_id]
    # an edit keeps its topic; the history records where each message landed
    await bot.edit_message_text("edited", forum.id, text.message_id)
    snapshots: list[dict[str, Any]] = [
        e.snapshot for e in emu.history(forum) if e.snapshot is not None]
    assert [s.get("message_thread_id") for s in snapshots if s.get("text") == "edited"] == [t1]


async def test_message_thread_not_found(emu: TelegramEmulator, bot: Bot) -> None:
    anna = emu.add_user("Anna")
    forum = emu.add_group("Club", [anna], forum=True, bot_admin=True)
    plain = emu.add_group("Plain", [anna], supergroup=True)
    thread = await emu.create_topic(forum, "Doomed", by=anna)
    kept = await emu.create_topic(forum, "Kept", by=anna)
    sent = await bot.send_message(forum.id, "hello", message_thread_id=thread)
    other = await bot.send_message(forum.id, "stays", message_thread_id=kept)

    for chat, bad in ((forum.id, thread + 1000), (plain.id, thread)):
        with pytest.raises(BadRequest, match="essage thread not found"):
            await bot.send_message(chat, "x", message_thread_id=bad)
    with pytest.raises(BadRequest, match="essage thread not found"):
        await bot.send_photo(forum.id, _png(), message_thread_id=thread + 1000)

    await emu.delete_topic(forum, thread)  # an admin deletes it: its messages go too
    assert emu.message(forum, sent.message_id) is None
    assert emu.message(forum, thread) is None  # the topic's own service message
    assert emu.message(forum, other.message_id) is not None
    with pytest.raises(BadRequest, match="essage thread not found"):
        await bot.send_message(forum.id, "again", message_thread_id=thread)
    with pytest.raises(BadRequest, match="essage to edit not found"):
        await bot.edit_message_text("late", forum.id, sent.message_id)
    # the bot may delete a topic too (as an admin)
    assert await bot.delete_forum_topic(forum.id, kept)
    with pytest.raises(BadRequest, match="essage thread not found"):
        await bot.delete_forum_topic(forum.id, kept)
    with pytest.raises(BadRequest, match="not a forum"):
        await bot.create_forum_topic(plain.id, "nope")


async def test_a_press_carries_the_topic_of_its_message(emu: TelegramEmulator,
                                                        bot: Bot) -> None:
    from telegram import InlineKeyboardButton, InlineKeyboardMarkup

    anna = emu.add_user("Anna")
    forum = emu.add_group("Club", [anna], forum=True)
    thread = await emu.create_topic(forum, "T", by=anna)
    await _updates(bot)
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("go", callback_data="go")]])
    msg = await bot.send_message(forum.id, "press", reply_markup=markup,
                                 message_thread_id=thread)
    await emu.press(anna, forum, msg.message_id, "go")
    (update,) = await _updates(bot)
    query = update.callback_query
    assert query is not None and query.message is not None
    assert query.message.message_thread_id == thread
    assert getattr(query.message, "is_topic_message", False)
