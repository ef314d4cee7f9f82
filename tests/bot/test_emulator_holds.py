"""Held calls, slow chats and ``wait_idle`` around them, in-process and over HTTP.

Every assertion is about order and state, never about how long something took.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import BadRequest, NetworkError, TimedOut
from telegram.ext import Application, ApplicationBuilder, CallbackQueryHandler, CommandHandler
from telegram.ext import ContextTypes as Ctx
from telegram.request import HTTPXRequest

from tests.bot.emulator import (
    EmulatorHttpServer,
    EmulatorRequest,
    Failure,
    TelegramEmulator,
    bad_request,
)

AnyApp = Application[Any, Any, Any, Any, Any, Any]
BOARD = InlineKeyboardMarkup([[InlineKeyboardButton("+1", callback_data="inc")]])


@pytest.fixture
def emu() -> TelegramEmulator:
    return TelegramEmulator()


@pytest.fixture
async def bot(emu: TelegramEmulator) -> AsyncIterator[Bot]:
    async with Bot(emu.token, request=EmulatorRequest(emu)) as b:
        yield b


async def on_count(update: Update, context: Ctx.DEFAULT_TYPE) -> None:
    assert update.effective_chat is not None
    await context.bot.send_message(update.effective_chat.id, "Count: 0", reply_markup=BOARD)


async def on_inc(update: Update, context: Ctx.DEFAULT_TYPE) -> None:
    """Answer first, then redraw the board."""
    q = update.callback_query
    assert q is not None and q.message is not None
    counts = context.bot_data.setdefault("counts", {})
    key = (q.message.chat.id, q.message.message_id)
    counts[key] = counts.get(key, 0) + 1
    await q.answer(f"now {counts[key]}")
    try:
        await q.edit_message_text(f"Count: {counts[key]}", reply_markup=BOARD)
    except BadRequest as exc:
        context.bot_data.setdefault("errors", []).append(str(exc))
    except TimedOut:
        context.bot_data.setdefault("errors", []).append("timed out")


@asynccontextmanager
async def counter_app(emu: TelegramEmulator, *, concurrent: bool = True,
                      server: EmulatorHttpServer | None = None) -> AsyncIterator[AnyApp]:
    builder = ApplicationBuilder().token(emu.token)
    if server is not None:
        builder = builder.base_url(server.base_url)
    else:
        builder = builder.request(EmulatorRequest(emu)).get_updates_request(
            EmulatorRequest(emu))
    if concurrent:
        builder = builder.concurrent_updates(16)
    app = builder.build()
    app.add_handler(CommandHandler("count", on_count))
    app.add_handler(CallbackQueryHandler(on_inc))
    emu.attach(app)
    await app.initialize()
    await app.start()
    assert app.updater is not None
    await app.updater.start_polling(poll_interval=0, timeout=10)
    try:
        yield app
    finally:
        emu.release_holds()
        await emu.wait_idle()
        await app.updater.stop()
        await app.stop()
        await app.shutdown()


async def two_boards(emu: TelegramEmulator) -> tuple[Any, Any, int, int]:
    """Groups A and B with a counter board each (the app must be running)."""
    a_user, b_user = emu.add_user("Ann"), emu.add_user("Bob")
    a, b = emu.add_group("A", [a_user]), emu.add_group("B", [b_user])
    await emu.user_sends(a_user, a, "/count")
    await emu.user_sends(b_user, b, "/count")
    await emu.wait_idle()
    board_a, board_b = emu.last_message(a), emu.last_message(b)
    assert board_a is not None and board_b is not None
    return (a_user, a), (b_user, b), board_a.message_id, board_b.message_id


# --------------------------------------------------------------------------- the Bot alone


async def test_held_call_blocks_only_itself(emu: TelegramEmulator, bot: Bot) -> None:
    u = emu.add_user("A")
    a, b = emu.add_group("A", [u]), emu.add_group("B", [u])
    board = await bot.send_message(a.id, "v1")
    gate = emu.hold("editMessageText", chat_id=a)
    edit = asyncio.create_task(bot.edit_message_text("v2", a.id, board.message_id))
    held = await gate.wait_reached()
    assert (held.method, held.chat_id, held.fields["text"]) == ("editMessageText", a.id, "v2")
    assert gate.held == [held] and emu.held == [held]
    # other chats, and other methods of the same chat, go on meanwhile
    assert (await bot.send_message(b.id, "b1")).text == "b1"
    assert (await bot.edit_message_text("b2", b.id, 1)).text == "b2"  # type: ignore[union-attr]
    assert (await bot.send_message(a.id, "a2")).text == "a2"
    assert not edit.done()
    assert emu.message(a, board.message_id).text == "v1"  # type: ignore[union-attr]
    gate.release()
    assert (await edit).text == "v2"  # type: ignore[union-attr]
    assert emu.message(a, board.message_id).text == "v2"  # type: ignore[union-attr]
    assert gate.held == [] and not gate.armed and gate.total == 1
    # the edit was answered after the calls that arrived while it was held
    order = [(c.method, c.chat_id) for c in emu.calls]
    assert order.index(("editMessageText", a.id)) > order.index(("sendMessage", b.id))
    edit_call = emu.calls_for(a)[-1]
    assert edit_call.method == "editMessageText" and edit_call.arrived < edit_call.answered
    # the hold was for one call: the next edit goes straight through
    assert (await bot.edit_message_text("v3", a.id, board.message_id)).text == "v3"  # type: ignore[union-attr]


async def test_hold_fail_count_and_where(emu: TelegramEmulator, bot: Bot) -> None:
    u = emu.add_user("A")
    g = emu.add_group("G", [u])
    gate = emu.hold("sendMessage", count=2, where=lambda p: (p.get("text") or "").startswith("x"))
    first = asyncio.create_task(bot.send_message(g.id, "x1"))
    await gate.wait_reached()
    assert (await bot.send_message(g.id, "plain")).text == "plain"  # not matched by where
    second = asyncio.create_task(bot.send_message(g.id, "x2"))
    await gate.wait_reached(count=2)
    assert [c.fields["text"] for c in gate.held] == ["x1", "x2"]
    third = await bot.send_message(g.id, "x3")  # count exhausted: not held
    assert third.text == "x3"
    gate.fail(bad_request("message thread not found"))
    for task in (first, second):
        with pytest.raises(BadRequest, match="hread not found"):
            await task
    assert [m.text for m in emu.messages(g)] == ["plain", "x3"]


async def test_hold_fail_with_timeout_applied_or_not(emu: TelegramEmulator, bot: Bot) -> None:
    u = emu.add_user("A")
    g = emu.add_group("G", [u])
    async with emu.hold("sendMessage", chat_id=g.id) as gate:
        lost = asyncio.create_task(bot.send_message(g.id, "reached Telegram"))
        await gate.reached()
        gate.fail(Failure.timed_out(apply=True))
        with pytest.raises(TimedOut):
            await lost
    async with emu.hold("sendMessage", chat_id=g.id) as gate:
        dropped = asyncio.create_task(bot.send_message(g.id, "never arrived"))
        await gate.reached()
        gate.fail(Failure.timed_out())
        with pytest.raises(TimedOut):
            await dropped
    assert [m.text for m in emu.messages(g)] == ["reached Telegram"]


async def test_hold_every_call_until_released(emu: TelegramEmulator, bot: Bot) -> None:
    u = emu.add_user("A")
    g = emu.add_group("G", [u])
    gate = emu.hold(chat_id=g, count=None)
    tasks: list[asyncio.Task[Any]] = [
        asyncio.create_task(bot.send_message(g.id, str(i))) for i in range(3)
    ]
    tasks.append(asyncio.create_task(bot.get_chat(g.id)))
    await gate.wait_reached(count=4)
    assert {c.method for c in gate.held} == {"sendMessage", "getChat"}
    await bot.get_me()  # not for that chat
    assert not any(t.done() for t in tasks)
    gate.release()
    await asyncio.gather(*tasks)
    assert len(emu.messages(g)) == 3
    await bot.send_message(g.id, "after")  # released gates hold nothing more


async def test_in_process_read_timeout_then_applied_on_release(emu: TelegramEmulator) -> None:
    u = emu.add_user("A")
    g = emu.add_group("G", [u])
    async with Bot(emu.token, request=EmulatorRequest(emu, read_timeout=0.05)) as bot:
        gate = emu.hold("sendMessage", chat_id=g.id)
        with pytest.raises(TimedOut):
            await bot.send_message(g.id, "late")
        assert emu.messages(g) == [] and len(gate.held) == 1
        gate.release()
        await emu.wait_idle()  # the released call is in flight until applied
        assert [m.text for m in emu.messages(g)] == ["late"]
        assert emu.calls[-1].ok


async def test_slow_chat_answers_after_others(emu: TelegramEmulator, bot: Bot) -> None:
    u = emu.add_user("A")
    slow, fast = emu.add_group("Slow", [u]), emu.add_group("Fast", [u])
    emu.slow(slow, 0.2)
    late = asyncio.create_task(bot.send_message(slow.id, "slow"))
    await asyncio.sleep(0)
    assert (await bot.send_message(fast.id, "fast")).text == "fast"
    assert not late.done() and emu.messages(slow) == []  # not applied before the delay
    await late
    assert [c.chat_id for c in emu.calls if c.method == "sendMessage"] == [fast.id, slow.id]
    emu.slow(slow, 0)
    await bot.send_message(slow.id, "instant again")


# --------------------------------------------------------------------------- an Application


async def test_app_settles_other_chats_while_one_edit_is_held(emu: TelegramEmulator) -> None:
    async with counter_app(emu):
        (ann, a), (bob, b), board_a, board_b = await two_boards(emu)
        gate = emu.hold("editMessageText", chat_id=a)
        qa = await emu.press(ann, a.id, board_a, "inc")
        await gate.wait_reached()
        qb = await emu.press(bob, b.id, board_b, "inc")
        await emu.wait_idle()  # the held edit is not busy
        assert emu.callback_answers[qa].text == "now 1"  # answered before the held edit
        assert emu.callback_answers[qb].text == "now 1"
        assert emu.message(b, board_b).text == "Count: 1"  # type: ignore[union-attr]
        assert emu.message(a, board_a).text == "Count: 0"  # type: ignore[union-attr]
        gate.release()
        await emu.wait_idle()
        assert emu.message(a, board_a).text == "Count: 1"  # type: ignore[union-attr]


async def test_sequential_app_stays_busy_behind_a_held_call(emu: TelegramEmulator) -> None:
    async with counter_app(emu, concurrent=False):
        (ann, a), (bob, b), board_a, board_b = await two_boards(emu)
        gate = emu.hold("editMessageText", chat_id=a)
        await emu.press(ann, a.id, board_a, "inc")
        await gate.wait_reached()
        await emu.wait_idle()  # only the held update is unfinished: idle
        qb = await emu.press(bob, b.id, board_b, "inc")
        with pytest.raises(TimeoutError, match="1 held"):
            await emu.wait_idle(timeout=0.3)  # B waits behind A: one update at a time
        assert qb not in emu.callback_answers
        gate.release()
        await emu.wait_idle()
        assert emu.callback_answers[qb].text == "now 1"
        assert emu.message(b, board_b).text == "Count: 1"  # type: ignore[union-attr]


# --------------------------------------------------------------------------- over HTTP


async def test_http_serves_other_calls_while_one_is_held(emu: TelegramEmulator) -> None:
    u = emu.add_user("A")
    a, b = emu.add_group("A", [u]), emu.add_group("B", [u])
    async with EmulatorHttpServer(emu) as server:
        request = HTTPXRequest(connection_pool_size=8)
        async with Bot(emu.token, base_url=server.base_url, request=request) as bot:
            board = await bot.send_message(a.id, "v1")
            gate = emu.hold("editMessageText", chat_id=a.id)
            edit = asyncio.create_task(bot.edit_message_text("v2", a.id, board.message_id))
            await gate.wait_reached()
            results = await asyncio.gather(*(bot.send_message(b.id, str(i)) for i in range(5)))
            assert [m.text for m in results] == [str(i) for i in range(5)]
            assert not edit.done()
            gate.release()
            assert (await edit).text == "v2"  # type: ignore[union-attr]
            # a call held when the server stops is dropped: the client sees the connection go
            gate = emu.hold("sendMessage", chat_id=a.id)
            lost = asyncio.create_task(bot.send_message(a.id, "cut"))
            await gate.wait_reached()
            await asyncio.wait_for(server.stop(), 5)
            with pytest.raises(NetworkError):
                await lost
            assert emu.held == [] and emu.last_message(a).text == "v2"  # type: ignore[union-attr]


async def test_http_app_settles_other_chats_while_one_edit_is_held(
    emu: TelegramEmulator,
) -> None:
    async with EmulatorHttpServer(emu) as server, counter_app(emu, server=server):
        (ann, a), (bob, b), board_a, board_b = await two_boards(emu)
        gate = emu.hold("editMessageText", chat_id=a)
        await emu.press(ann, a.id, board_a, "inc")
        await gate.wait_reached()
        qb = await emu.press(bob, b.id, board_b, "inc")
        await emu.wait_idle()
        assert emu.callback_answers[qb].text == "now 1"
        assert emu.message(b, board_b).text == "Count: 1"  # type: ignore[union-attr]
        gate.release()
        await emu.wait_idle()
        assert emu.message(a, board_a).text == "Count: 1"  # type: ignore[union-attr]


async def test_wait_idle_asks_the_test_about_work_it_cannot_see(emu: TelegramEmulator,
                                                                bot: Bot) -> None:
    u = emu.add_user("A")
    a, b = emu.add_group("A", [u]), emu.add_group("B", [u])
    gate = emu.hold("sendMessage", chat_id=a)
    held_send = asyncio.create_task(bot.send_message(a.id, "held"))
    await gate.wait_reached()

    async def own_queue() -> None:  # a bot's own task, not an Application task
        await asyncio.to_thread(time.sleep, 0.05)  # e.g. rendering off the loop
        await bot.send_message(b.id, "drawn")

    work = asyncio.ensure_future(own_queue())
    callers = {c.caller for c in emu.held}
    assert callers == {held_send}  # in-process the task blocked in the held call is known
    await emu.wait_idle(busy=lambda: not work.done())
    assert [m.text for m in emu.messages(b)] == ["drawn"]
    assert not held_send.done()
    gate.release()
    await held_send
