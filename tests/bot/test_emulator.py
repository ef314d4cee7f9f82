"""Tests of the Telegram Bot API emulator, driven through the real python-telegram-bot."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from PIL import Image
from telegram import (
    Bot,
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeChat,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    Update,
)
from telegram.error import (
    BadRequest,
    EndPointNotFound,
    Forbidden,
    InvalidToken,
    RetryAfter,
    TimedOut,
)
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
)

from tests.bot.emulator import (
    EmulatorHttpServer,
    EmulatorRequest,
    EmulatorUsageError,
    FakeClock,
    TelegramEmulator,
)

AnyApp = Application[Any, Any, Any, Any, Any, Any]

# PTB 22 itself warns when it builds a RetryAfter from an int; not our business here.
pytestmark = pytest.mark.filterwarnings(
    "ignore:.*retry_after.*:telegram.warnings.PTBDeprecationWarning"
)


def png(width: int = 64, height: int = 48, mode: str = "RGB") -> bytes:
    buf = io.BytesIO()
    Image.new(mode, (width, height)).save(buf, format="PNG")
    return buf.getvalue()


def kb(*rows: list[tuple[str, str]]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(t, callback_data=d) for t, d in row] for row in rows]
    )


@pytest.fixture
def emu() -> TelegramEmulator:
    return TelegramEmulator()


@pytest.fixture
async def bot(emu: TelegramEmulator) -> AsyncIterator[Bot]:
    b = Bot(emu.token, request=EmulatorRequest(emu), get_updates_request=EmulatorRequest(emu))
    async with b:
        yield b


# --------------------------------------------------------------------------- the Bot alone


async def test_get_me_and_bad_token(emu: TelegramEmulator, bot: Bot) -> None:
    assert bot.username == "domino_test_bot"
    assert bot.id == emu.bot.id
    wrong = Bot("123:wrong", request=EmulatorRequest(emu))
    with pytest.raises(InvalidToken):
        await wrong.get_me()
    with pytest.raises(EndPointNotFound):  # PTB's reading of 404 on an initialized bot
        await bot.do_api_request("sendSmokeSignal")


async def test_private_chat_needs_start_and_block(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice")
    with pytest.raises(Forbidden, match="can't initiate conversation"):
        await bot.send_message(alice.id, "hi")
    with pytest.raises(BadRequest, match="hat not found"):
        await bot.send_message(424242, "hi")
    await emu.user_starts_bot(alice, "join_ABC-1")
    start = emu.last_message(alice.id)
    assert start is not None and start.text == "/start join_ABC-1"
    assert start.entities == [{"type": "bot_command", "offset": 0, "length": 6}]
    msg = await bot.send_message(alice.id, "hi")
    assert msg.chat.type == "private" and msg.text == "hi"
    await emu.block_bot(alice)
    with pytest.raises(Forbidden, match="blocked by the user"):
        await bot.send_message(alice.id, "hi")
    await emu.user_starts_bot(alice)  # unblocks
    await bot.send_message(alice.id, "welcome back")
    with pytest.raises(EmulatorUsageError):
        await emu.user_starts_bot(alice, "bad payload!")


async def test_kicked_from_groups(emu: TelegramEmulator, bot: Bot) -> None:
    a = emu.add_user("A")
    group = emu.add_group("G", [a])
    sgroup = emu.add_group("S", [a], supergroup=True)
    await bot.send_message(group.id, "hello")
    await emu.kick_bot(group)
    await emu.kick_bot(sgroup)
    with pytest.raises(Forbidden, match="kicked from the group chat"):
        await bot.send_message(group.id, "hello")
    with pytest.raises(Forbidden, match="kicked from the supergroup chat"):
        await bot.send_message(sgroup.id, "hello")
    with pytest.raises(Forbidden, match="kicked"):
        await bot.get_chat_member(group.id, bot.id)


async def test_text_and_keyboard_limits(emu: TelegramEmulator, bot: Bot) -> None:
    a = emu.add_user("A")
    g = emu.add_group("G", [a])
    await bot.send_message(g.id, "x" * 4096)
    with pytest.raises(BadRequest, match="essage is too long"):
        await bot.send_message(g.id, "x" * 4097)
    with pytest.raises(BadRequest, match="essage text is empty"):
        await bot.send_message(g.id, "   ")
    with pytest.raises(BadRequest, match="Button_data_invalid"):
        await bot.send_message(g.id, "k", reply_markup=kb([("b", "é" * 33)]))
    await bot.send_message(g.id, "k", reply_markup=kb([("b", "d" * 64)]))
    with pytest.raises(BadRequest, match="eply markup is too long"):
        await bot.send_message(g.id, "k", reply_markup=kb([(str(i), str(i)) for i in range(9)]))
    rows = [[(str(r * 8 + i), str(r * 8 + i)) for i in range(8)] for r in range(13)]
    with pytest.raises(BadRequest, match="eply markup is too long"):
        await bot.send_message(g.id, "k", reply_markup=kb(*rows))
    await bot.send_message(g.id, "k", reply_markup=kb(*rows[:12], rows[12][:4]))  # 100 ok
    sent = await bot.send_message(g.id, "<b>bold</b> &amp; plain", parse_mode="HTML")
    assert sent.text == "bold & plain"
    assert sent.entities[0].type == "bold" and sent.entities[0].length == 4
    with pytest.raises(BadRequest, match="parse entities"):
        await bot.send_message(g.id, "<x>no</x>", parse_mode="HTML")


async def test_edit_and_delete_errors(emu: TelegramEmulator, bot: Bot) -> None:
    a = emu.add_user("A")
    g = emu.add_group("G", [a])
    m = await bot.send_message(g.id, "one", reply_markup=kb([("+", "inc")]))
    with pytest.raises(BadRequest, match="essage is not modified"):
        await bot.edit_message_text("one", g.id, m.message_id, reply_markup=kb([("+", "inc")]))
    edited = await bot.edit_message_text("one", g.id, m.message_id)  # drops the keyboard
    assert isinstance(edited, type(m)) and edited.reply_markup is None
    assert emu.keyboard(g.id, m.message_id) == []
    await bot.edit_message_reply_markup(g.id, m.message_id, reply_markup=kb([("-", "dec")]))
    assert emu.keyboard(g.id, m.message_id) == [[("-", "dec")]]
    with pytest.raises(BadRequest, match="essage to edit not found"):
        await bot.edit_message_text("x", g.id, 999)
    with pytest.raises(BadRequest, match="no caption in the message to edit"):
        await bot.edit_message_caption(g.id, m.message_id, caption="c")
    p = await bot.send_photo(g.id, png(), caption="pic")
    with pytest.raises(BadRequest, match="no text in the message to edit"):
        await bot.edit_message_text("x", g.id, p.message_id)
    with pytest.raises(BadRequest, match="aption is too long"):
        await bot.edit_message_caption(g.id, p.message_id, caption="c" * 1025)
    await bot.edit_message_caption(g.id, p.message_id, caption="new")
    user_msg = await emu.user_sends(a, g, "hello all")
    with pytest.raises(BadRequest, match="can't be edited"):
        await bot.edit_message_text("x", g.id, user_msg.message_id)
    with pytest.raises(BadRequest, match="can't be deleted"):
        await bot.delete_message(g.id, user_msg.message_id)
    assert await bot.delete_message(g.id, m.message_id)
    with pytest.raises(BadRequest, match="essage to delete not found"):
        await bot.delete_message(g.id, m.message_id)
    actions = [(h.action, h.message_id) for h in emu.history(g.id)]
    assert actions.count(("edit", m.message_id)) == 2 and ("delete", m.message_id) in actions
    assert [x.message_id for x in emu.messages(g.id)] == [p.message_id, user_msg.message_id]


async def test_photos_documents_and_media_edit(emu: TelegramEmulator, bot: Bot) -> None:
    a = emu.add_user("A")
    g = emu.add_group("G", [a])
    data = png(200, 100)
    p = await bot.send_photo(g.id, data, caption="c" * 1024)
    stored = emu.message(g.id, p.message_id)
    assert stored is not None and stored.photo_bytes == data
    assert p.photo[-1].width == 200 and p.photo[-1].height == 100
    again = await bot.send_photo(g.id, p.photo[-1].file_id)
    assert again.photo[-1].file_unique_id == p.photo[-1].file_unique_id
    with pytest.raises(BadRequest, match="aption is too long"):
        await bot.send_photo(g.id, data, caption="c" * 1025)
    with pytest.raises(BadRequest, match="Photo_invalid_dimensions"):
        await bot.send_photo(g.id, png(420, 20, "1"))  # aspect ratio 21
    with pytest.raises(BadRequest, match="Photo_invalid_dimensions"):
        await bot.send_photo(g.id, png(6000, 4001, "1"))
    with pytest.raises(BadRequest, match="Image_process_failed"):
        await bot.send_photo(g.id, b"not an image")
    with pytest.raises(BadRequest, match="rong file identifier"):
        await bot.send_photo(g.id, "AgACnonexistent")
    new_data = png(120, 120)
    e = await bot.edit_message_media(
        InputMediaPhoto(new_data, caption="v2"), g.id, p.message_id,
        reply_markup=kb([("ok", "ok")]),
    )
    assert not isinstance(e, bool) and e.caption == "v2"
    cur = emu.message(g.id, p.message_id)
    assert cur is not None and cur.photo_bytes == new_data and cur.caption == "v2"
    assert cur.photo_file_id is not None
    with pytest.raises(BadRequest, match="not modified"):
        await bot.edit_message_media(
            InputMediaPhoto(cur.photo_file_id, caption="v2"), g.id, p.message_id,
            reply_markup=kb([("ok", "ok")]),
        )
    d = await bot.send_document(g.id, b"log line\n", filename="game.txt", caption="log")
    assert d.document is not None and d.document.file_name == "game.txt"
    doc = emu.message(g.id, d.message_id)
    assert doc is not None and doc.document is not None and doc.document.data == b"log line\n"


async def test_an_album_of_photos(emu: TelegramEmulator, bot: Bot) -> None:
    """sendMediaGroup: 2-10 photos as attach:// parts, one call, a list of messages
    sharing a media group, each its own caption (at most 1024), one notification."""
    a = emu.add_user("A")
    g = emu.add_group("G", [a])
    first, second = png(200, 100), png(120, 120)
    sent = await bot.send_media_group(g.id, [InputMediaPhoto(first, caption="one"),
                                             InputMediaPhoto(second, caption="c" * 1024)])
    assert [m.caption for m in sent] == ["one", "c" * 1024]
    assert len({m.media_group_id for m in sent}) == 1 and sent[0].media_group_id
    assert emu.call_count("sendMediaGroup", g.id) == 1
    albums = emu.albums(g.id)
    assert len(albums) == 1 and [m.photo_bytes for m in albums[0]] == [first, second]
    assert [h.notifies for h in emu.history(g.id)[-2:]] == [True, False]
    with pytest.raises(BadRequest, match="aption is too long"):
        await bot.send_media_group(g.id, [InputMediaPhoto(first, caption="c" * 1025),
                                          InputMediaPhoto(second)])
    with pytest.raises(BadRequest, match="rong number of media"):
        await bot.send_media_group(g.id, [InputMediaPhoto(png(50 + i, 50)) for i in range(11)])
    with pytest.raises(BadRequest, match="rong number of media"):
        await bot.send_media_group(g.id, [InputMediaPhoto(first)])
    assert len(emu.albums(g.id)) == 1  # a refused album stores nothing


async def test_callback_answers(emu: TelegramEmulator, bot: Bot) -> None:
    a, b = emu.add_user("A"), emu.add_user("B")
    g = emu.add_group("G", [a, b])
    await emu.user_starts_bot(a)
    m = await bot.send_message(g.id, "k", reply_markup=kb([("go", "go")]))
    with pytest.raises(EmulatorUsageError):
        await emu.press(a, g.id, m.message_id, "nope")
    qid = await emu.press(a, g.id, m.message_id, "go")
    with pytest.raises(BadRequest, match=r"(?i)message_too_long"):
        await bot.answer_callback_query(qid, text="t" * 201)
    assert await bot.answer_callback_query(qid, text="t" * 200, show_alert=True)
    assert emu.callback_answers[qid].show_alert
    assert emu.callback_answers_for(a)[0].text == "t" * 200
    assert emu.callback_answers_for(b) == []
    with pytest.raises(BadRequest, match="uery is too old"):
        await bot.answer_callback_query(qid)
    with pytest.raises(BadRequest, match="uery is too old"):
        await bot.answer_callback_query("12345")
    pm = await bot.send_message(a.id, "private", reply_markup=kb([("x", "x")]))
    with pytest.raises(EmulatorUsageError):
        await emu.press(b, a.id, pm.message_id, "x")  # only the owner sees it
    forged = await emu.press(a, g.id, m.message_id, "forged", forge=True)
    assert emu.pending_updates == 3 and forged != qid  # /start + 2 presses


async def test_callback_query_expires() -> None:
    clock = FakeClock()
    emu = TelegramEmulator(clock=clock)
    a = emu.add_user("A")
    g = emu.add_group("G", [a])
    async with Bot(emu.token, request=EmulatorRequest(emu)) as bot:
        m = await bot.send_message(g.id, "k", reply_markup=kb([("go", "go")]))
        qid = await emu.press(a, g.id, m.message_id, "go")
        clock.advance(16)
        with pytest.raises(BadRequest, match="uery is too old"):
            await bot.answer_callback_query(qid)


async def test_commands_per_scope(emu: TelegramEmulator, bot: Bot) -> None:
    a = emu.add_user("A", language_code="ru")
    g = emu.add_group("G", [a])
    await emu.user_starts_bot(a)
    await bot.set_my_commands([BotCommand("new", "New game")])
    await bot.set_my_commands([BotCommand("new", "Новая игра")], language_code="ru")
    await bot.set_my_commands(
        [BotCommand("join", "Join")], scope=BotCommandScopeAllGroupChats()
    )
    got = await bot.get_my_commands(language_code="ru")
    assert [c.description for c in got] == ["Новая игра"]
    assert [c["command"] for c in emu.commands_for(a, g)] == ["join"]
    assert [c["description"] for c in emu.commands_for(a, a.id)] == ["Новая игра"]
    with pytest.raises(BadRequest, match=r"(?i)bot_commands_too_much"):
        await bot.set_my_commands([BotCommand(f"c{i}", "d") for i in range(101)])
    await bot.set_my_commands([BotCommand(f"c{i}", "d") for i in range(100)],
                              scope=BotCommandScopeChat(g.id))
    assert len(emu.commands_for(a, g)) == 100
    await bot.delete_my_commands(scope=BotCommandScopeChat(g.id))
    assert await bot.get_my_commands(scope=BotCommandScopeChat(g.id)) == ()


async def test_chat_info(emu: TelegramEmulator, bot: Bot) -> None:
    a, b = emu.add_user("A", username="alice"), emu.add_user("B")
    g = emu.add_group("Domino", [a, b], supergroup=True)
    info = await bot.get_chat(g.id)
    assert info.title == "Domino" and info.type == "supergroup"
    assert (await bot.get_chat_member(g.id, a.id)).status == "creator"
    assert (await bot.get_chat_member(g.id, b.id)).status == "member"
    admins = await bot.get_chat_administrators(g.id)
    assert [m.user.id for m in admins] == [a.id]
    await emu.user_starts_bot(b)
    assert (await bot.get_chat(b.id)).first_name == "B"
    assert await bot.send_chat_action(g.id, "typing")
    assert emu.chat_actions == [(g.id, "typing")]


async def test_injected_failures(emu: TelegramEmulator, bot: Bot) -> None:
    a = emu.add_user("A")
    g = emu.add_group("G", [a])
    emu.fail_next_retry_after("sendMessage", 7)
    with pytest.raises(RetryAfter) as info:
        await bot.send_message(g.id, "x")
    assert info.value._retry_after.total_seconds() == 7
    emu.fail_next_timeout("sendMessage", apply=True)
    with pytest.raises(TimedOut):
        await bot.send_message(g.id, "lost answer")
    assert emu.last_message(g.id) is not None
    assert emu.last_message(g.id).text == "lost answer"  # type: ignore[union-attr]
    emu.fail_next_timeout("sendMessage")
    with pytest.raises(TimedOut):
        await bot.send_message(g.id, "never sent")
    assert emu.last_message(g.id).text == "lost answer"  # type: ignore[union-attr]
    emu.fail_next_error("deleteMessage", 400, "Bad Request: message can't be deleted", count=2)
    for _ in range(2):
        with pytest.raises(BadRequest, match="can't be deleted"):
            await bot.delete_message(g.id, 1)
    assert await bot.delete_message(g.id, 1)
    assert emu.call_count("sendMessage") == 3
    assert emu.call_count("sendMessage", ok=True) == 1
    assert emu.call_count(chat_id=g.id) == 6
    emu.reset_calls()
    assert emu.call_count() == 0


async def test_rate_enforcement_with_clock() -> None:
    clock = FakeClock()
    emu = TelegramEmulator(clock=clock, enforce_rate_limits=True)
    a = emu.add_user("A")
    g = emu.add_group("G", [a])
    await emu.user_starts_bot(a)
    async with Bot(emu.token, request=EmulatorRequest(emu)) as bot:
        await bot.send_message(a.id, "1")
        with pytest.raises(RetryAfter):
            await bot.send_message(a.id, "2")
        clock.advance(1.0)
        await bot.send_message(a.id, "2")
        for i in range(20):
            clock.advance(0.1)
            await bot.send_message(g.id, str(i))
        with pytest.raises(RetryAfter) as info:
            await bot.send_message(g.id, "21st")
        assert 55 <= info.value._retry_after.total_seconds() <= 60


# --------------------------------------------------------------------------- a real Application

async def on_start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.effective_message is not None
    payload = " ".join(context.args or [])
    await update.effective_message.reply_text(
        f"Welcome {payload}".strip(), reply_markup=kb([("secret", "secret")])
    )


async def on_count(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.effective_chat is not None
    await context.bot.send_message(
        update.effective_chat.id, "Count: 0",
        reply_markup=kb([("+1", "inc"), ("hand", "hand")]),
    )


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    q = update.callback_query
    assert q is not None and q.message is not None
    key = (q.message.chat.id, q.message.message_id)
    counts = context.bot_data.setdefault("counts", {})
    if q.data == "inc":
        counts[key] = counts.get(key, 0) + 1
        await q.answer(f"now {counts[key]}")
        await q.edit_message_text(
            f"Count: {counts[key]}", reply_markup=kb([("+1", "inc"), ("hand", "hand")])
        )
    elif q.data == "hand":
        try:
            await context.bot.send_message(q.from_user.id, f"Your hand, {q.from_user.first_name}")
        except Forbidden:
            await q.answer("Open a private chat with me first", show_alert=True)
            return
        await q.answer()
    else:
        await q.answer("Unknown button")


async def on_slow(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Awaits a worker thread (like aiosqlite does) before answering."""
    assert update.effective_message is not None
    await asyncio.to_thread(time.sleep, 0.02)
    await update.effective_message.reply_text("slow done")


@asynccontextmanager
async def running_app(
    emu: TelegramEmulator, *, server: EmulatorHttpServer | None = None,
    rate_limiter: AIORateLimiter | None = None, concurrent: int = 0,
) -> AsyncIterator[AnyApp]:
    builder = ApplicationBuilder().token(emu.token)
    if server is not None:
        builder = builder.base_url(server.base_url)
    else:
        builder = builder.request(EmulatorRequest(emu)).get_updates_request(
            EmulatorRequest(emu)
        )
    if rate_limiter is not None:
        builder = builder.rate_limiter(rate_limiter)  # type: ignore[arg-type]
    if concurrent:
        builder = builder.concurrent_updates(concurrent)
    app = builder.build()
    app.add_handler(CommandHandler("slow", on_slow, block=not concurrent))
    app.add_handler(CommandHandler("start", on_start))
    app.add_handler(CommandHandler("count", on_count))
    app.add_handler(CallbackQueryHandler(on_button))
    emu.attach(app)
    await app.initialize()
    await app.start()
    assert app.updater is not None
    await app.updater.start_polling(poll_interval=0, timeout=10)
    try:
        yield app
    finally:
        t0 = time.perf_counter()
        await app.updater.stop()
        await app.stop()
        await app.shutdown()
        assert time.perf_counter() - t0 < 0.5, "shutdown must be fast"


async def test_app_start_deep_link_and_commands(emu: TelegramEmulator) -> None:
    alice = emu.add_user("Alice")
    g = emu.add_group("G", [alice])
    async with running_app(emu):
        await emu.user_starts_bot(alice, "game42")
        await emu.wait_idle()
        reply = emu.last_message(alice.id)
        assert reply is not None and reply.from_bot and reply.text == "Welcome game42"
        await emu.user_sends(alice, g, "/count@domino_test_bot")
        await emu.wait_idle()
        assert emu.last_message(g).text == "Count: 0"  # type: ignore[union-attr]
        await emu.user_sends(alice, g, "/count@some_other_bot")
        await emu.wait_idle()
        assert len(emu.bot_messages(g)) == 1
        assert emu.pending_updates == 0


async def test_app_presses_edits_and_privacy(emu: TelegramEmulator) -> None:
    alice, bob, carol = emu.add_user("Alice"), emu.add_user("Bob"), emu.add_user("Carol")
    g = emu.add_group("G", [alice, bob, carol])
    await emu.user_starts_bot(alice)
    await emu.user_starts_bot(bob)
    async with running_app(emu):
        await emu.wait_idle()
        await emu.user_sends(alice, g, "/count")
        await emu.wait_idle()
        board = emu.last_message(g)
        assert board is not None
        for n in range(1, 4):
            qid = await emu.press(bob, g.id, board.message_id, "inc")
            await emu.wait_idle()
            assert emu.callback_answers[qid].text == f"now {n}"
            assert emu.message(g, board.message_id).text == f"Count: {n}"  # type: ignore[union-attr]
        await emu.press(alice, g.id, board.message_id, "hand")
        await emu.press(bob, g.id, board.message_id, "hand")
        q3 = await emu.press(carol, g.id, board.message_id, "hand")
        await emu.wait_idle()
        assert emu.callback_answers[q3].show_alert  # Carol never started the bot
        alice_sees = {m.text for m in emu.visible_to(alice)}
        bob_sees = {m.text for m in emu.visible_to(bob)}
        carol_sees = {m.text for m in emu.visible_to(carol)}
        assert "Your hand, Alice" in alice_sees and "Your hand, Alice" not in bob_sees
        assert "Your hand, Bob" in bob_sees and "Your hand, Bob" not in alice_sees
        assert not any(t and t.startswith("Your hand") for t in carol_sees)
        assert "Count: 3" in carol_sees
        forged = await emu.press(alice, g.id, board.message_id, "evil", forge=True)
        await emu.wait_idle()
        assert emu.callback_answers[forged].text == "Unknown button"


async def test_app_many_presses_each_answered_once(emu: TelegramEmulator) -> None:
    alice = emu.add_user("Alice")
    g = emu.add_group("G", [alice])
    async with running_app(emu):
        await emu.user_sends(alice, g, "/count")
        await emu.wait_idle()
        board = emu.last_message(g)
        assert board is not None
        emu.reset_calls()
        n = 300
        for _ in range(n):
            await emu.press(alice, g.id, board.message_id, "inc")
            await emu.wait_idle()
        assert emu.message(g, board.message_id).text == f"Count: {n}"  # type: ignore[union-attr]
        assert emu.calls_by_method() == {"answerCallbackQuery": n, "editMessageText": n}
        assert emu.call_count(chat_id=g.id) == 2 * n


async def test_app_survives_429_with_rate_limiter(emu: TelegramEmulator) -> None:
    alice = emu.add_user("Alice")
    g = emu.add_group("G", [alice])
    async with running_app(emu, rate_limiter=AIORateLimiter(max_retries=2)):
        await emu.user_sends(alice, g, "/count")
        await emu.wait_idle()
        board = emu.last_message(g)
        assert board is not None
        emu.fail_next_retry_after("editMessageText", 1)
        t0 = time.perf_counter()
        await emu.press(alice, g.id, board.message_id, "inc")
        await emu.wait_idle(timeout=5)
        assert time.perf_counter() - t0 >= 1.0
        assert emu.message(g, board.message_id).text == "Count: 1"  # type: ignore[union-attr]
        assert emu.call_count("editMessageText", ok=False) == 1
        assert emu.call_count("editMessageText", ok=True) == 1


async def test_wait_idle_waits_for_threads_and_concurrency(emu: TelegramEmulator) -> None:
    alice = emu.add_user("Alice")
    g = emu.add_group("G", [alice])
    async with running_app(emu):
        await emu.user_sends(alice, g, "/slow")
        await emu.wait_idle()
        assert emu.last_message(g).text == "slow done"  # type: ignore[union-attr]
    emu2 = TelegramEmulator()
    bob = emu2.add_user("Bob")
    g2 = emu2.add_group("G", [bob])
    async with running_app(emu2, concurrent=8):  # concurrent updates, block=False /slow
        await emu2.user_sends(bob, g2, "/count")
        await emu2.wait_idle()
        board = emu2.last_message(g2)
        assert board is not None
        qids = [await emu2.press(bob, g2.id, board.message_id, "inc") for _ in range(20)]
        for _ in range(3):
            await emu2.user_sends(bob, g2, "/slow")
        await emu2.wait_idle()
        assert all(q in emu2.callback_answers for q in qids)
        assert [m.text for m in emu2.bot_messages(g2)].count("slow done") == 3


async def test_wait_idle_without_attached_app(emu: TelegramEmulator) -> None:
    alice = emu.add_user("Alice")
    g = emu.add_group("G", [alice])
    async with running_app(emu):
        emu._app = None  # heuristic mode: emulator-side signals only
        await emu.user_sends(alice, g, "/count")
        await emu.wait_idle()
        assert emu.last_message(g).text == "Count: 0"  # type: ignore[union-attr]


async def test_wait_idle_times_out_without_poller(emu: TelegramEmulator) -> None:
    alice = emu.add_user("Alice")
    await emu.user_starts_bot(alice)
    with pytest.raises(TimeoutError, match="unconfirmed"):
        await emu.wait_idle(timeout=0.05)


# --------------------------------------------------------------------------- real HTTP


async def test_http_application_round_trip(emu: TelegramEmulator) -> None:
    alice = emu.add_user("Alice")
    g = emu.add_group("G", [alice])
    async with EmulatorHttpServer(emu) as server:
        t0 = time.perf_counter()
        async with running_app(emu, server=server) as app:
            await emu.user_starts_bot(alice, "p1")
            await emu.wait_idle()
            assert emu.last_message(alice.id).text == "Welcome p1"  # type: ignore[union-attr]
            await emu.user_sends(alice, g, "/count")
            await emu.wait_idle()
            board = emu.last_message(g)
            assert board is not None
            qid = await emu.press(alice, g.id, board.message_id, "inc")
            await emu.wait_idle()
            assert emu.callback_answers[qid].text == "now 1"
            # multipart upload and attach:// media over the wire
            photo = await app.bot.send_photo(g.id, png(30, 30), caption="кап & <b>")
            assert emu.message(g, photo.message_id).caption == "кап & <b>"  # type: ignore[union-attr]
            await app.bot.edit_message_media(
                InputMediaPhoto(png(40, 40)), g.id, photo.message_id
            )
            cur = emu.message(g, photo.message_id)
            assert cur is not None and cur.photo is not None and cur.photo[-1].width == 40
            with pytest.raises(Forbidden, match="can't initiate"):
                await app.bot.send_message(emu.add_user("Zed").id, "hi")
            with pytest.raises(BadRequest, match="not modified"):
                await app.bot.edit_message_text(
                    "Count: 1", g.id, board.message_id,
                    reply_markup=kb([("+1", "inc"), ("hand", "hand")]),
                )
        assert server.requests > 5
    assert time.perf_counter() - t0 < 3


async def test_http_raw_errors(emu: TelegramEmulator) -> None:
    async with EmulatorHttpServer(emu) as server:
        bad = Bot("1:nope", base_url=server.base_url)
        try:
            with pytest.raises(InvalidToken):
                await bad.get_me()
        finally:
            await bad.request.shutdown()  # Bot.shutdown() skips it: bot never initialized
        async with Bot(emu.token, base_url=server.base_url) as good:
            emu.fail_next_retry_after("getChat", 3)
            with pytest.raises(RetryAfter):
                await good.get_chat(1)
            with pytest.raises(BadRequest, match="hat not found"):
                await good.get_chat(1)
