"""The runtime's parts on their own: the per-chat limiter, the coalescing outbox and the
per-game update order (order of events, never durations)."""

from __future__ import annotations

import asyncio
import datetime
import itertools
from typing import Any

import pytest
from telegram import CallbackQuery, Chat, Message, Update, User
from telegram.error import RetryAfter

from bot.transport.limiter import URGENT, ChatLimiter, counted
from bot.transport.order import GameOrderProcessor, KeyedLocks, chat_key, key_of, user_key
from bot.transport.outbox import Outbox, Priority
from bot.wiring.update_games import UPDATE_GAMES

# ------------------------------------------------------------------ the limiter


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_counted_methods_are_the_ones_that_put_messages() -> None:
    assert counted("sendMessage") and counted("editMessageMedia") and counted("sendPhoto")
    assert not counted("answerCallbackQuery") and not counted("getUpdates")
    assert not counted("deleteMessage", 42) and not counted("sendChatAction")
    assert counted("deleteMessage", -42)  # a group's budget counts deletes too


def test_group_pace_is_a_sliding_window_without_a_burst() -> None:
    clock = Clock()
    limiter = ChatLimiter(group_max=20, group_window=60.0, group_burst=0, overall_max=0,
                          monotonic=clock)
    pace = limiter._pace(-5)
    for _ in range(20):
        assert limiter.ready_in(-5) == 0
        pace.take([clock.t])
        clock.t += 1.0
    # 20 messages in the last 20 s: the 21st waits until the first leaves the window
    assert limiter.ready_in(-5) == pytest.approx(40.0)
    assert limiter.ready_in(-6) == 0  # another group is not touched
    clock.t += 40.0
    assert limiter.ready_in(-5) == 0


def test_a_busy_group_is_paced_evenly_and_never_over_twenty_a_minute() -> None:
    """Sending whenever allowed for ten minutes: four at once after a quiet spell, then
    one each 3.75 s; no 60 s window ever holds more than 20."""
    clock = Clock()
    limiter = ChatLimiter(group_max=20, group_window=60.0, group_burst=4, overall_max=0,
                          monotonic=clock)
    sent: list[float] = []
    end = clock.t + 600
    while clock.t < end:
        wait = limiter.ready_in(-5)
        if wait > 0:
            clock.t += wait
            continue
        sent.append(clock.t)
        limiter._pace(-5).take([clock.t])
    assert sent[:4] == [1000.0] * 4
    gaps = [b - a for a, b in itertools.pairwise(sent[4:])]
    assert max(gaps) == pytest.approx(3.75) and min(gaps) == pytest.approx(3.75)
    assert max(sum(1 for t in sent if s <= t < s + 60) for s in sent) <= 20


def test_private_chat_gets_one_message_a_second() -> None:
    clock = Clock()
    limiter = ChatLimiter(private_interval=1.0, overall_max=0, monotonic=clock)
    limiter._pace(42).take([clock.t])
    assert limiter.ready_in(42) == pytest.approx(1.0)
    assert limiter.ready_in(43) == 0


async def test_a_429_blocks_only_its_chat_and_is_retried() -> None:
    limiter = ChatLimiter(group_max=0, private_interval=0, overall_max=0, max_retries=2)
    calls: list[int] = []

    async def call(chat: int, fail: list[bool]) -> bool:
        calls.append(chat)
        if fail:
            fail.pop()
            raise RetryAfter(datetime.timedelta(seconds=0.2))  # type: ignore[arg-type]
        return True

    other_done = asyncio.Event()

    async def other() -> None:
        await limiter.process_request(call, (-2, []), {}, "sendMessage", {"chat_id": -2},
                                      None)
        other_done.set()

    first = asyncio.create_task(limiter.process_request(
        call, (-1, [True]), {}, "editMessageMedia", {"chat_id": -1}, None))
    await asyncio.sleep(0.01)  # chat -1 met its 429 and waits
    assert calls == [-1] and limiter.ready_in(-1) > 0
    await other()  # chat -2 goes at once meanwhile
    assert other_done.is_set() and not first.done()
    assert await first is True
    assert calls == [-1, -2, -1] and limiter.retries == 1


async def test_a_429_past_the_retries_is_raised() -> None:
    limiter = ChatLimiter(group_max=0, private_interval=0, overall_max=0, max_retries=0)

    async def call() -> bool:
        raise RetryAfter(datetime.timedelta(seconds=0.01))  # type: ignore[arg-type]

    with pytest.raises(RetryAfter):
        await limiter.process_request(call, (), {}, "sendMessage", {"chat_id": 5}, None)


def test_updates_leave_a_group_one_message_for_a_reply() -> None:
    clock = Clock()
    limiter = ChatLimiter(group_max=20, group_window=60.0, group_burst=4, overall_max=0,
                          monotonic=clock)
    pace = limiter._pace(-5)
    for _ in range(3):  # three of a quiet group's four at once go to updates
        assert limiter.ready_in(-5, reserve=1) == 0
        pace.take([clock.t])
    assert limiter.ready_in(-5, reserve=1) > 0  # the fourth is kept ...
    assert limiter.ready_in(-5) == 0  # ... for a reply, which goes at once
    pace.take([clock.t])
    # a busy group: an update waits until one is back beyond the kept one
    assert limiter.ready_in(-5, reserve=1) == pytest.approx(2 * 3.75)
    assert limiter.ready_in(-5) == pytest.approx(3.75)
    assert limiter.ready_in(7, reserve=1) == 0  # a private chat keeps nothing back


# ------------------------------------------------------------------ the outbox


async def test_a_waiting_slot_is_drawn_once_with_the_latest_state() -> None:
    outbox = Outbox(None)
    gate = asyncio.Event()
    shown: list[str] = []
    state = {"table": "v1"}

    async def first(_: bool) -> None:
        await gate.wait()
        shown.append("summary")

    async def table(_: bool) -> None:
        shown.append(state["table"])

    outbox.put(-1, "summary", first)
    for version in ("v2", "v3", "v4"):
        state["table"] = version
        outbox.put(-1, "table", table)
    assert outbox.merged == 2
    gate.set()
    while outbox.busy():
        await asyncio.sleep(0)
    assert shown == ["summary", "v4"]


async def test_sending_anew_replaces_a_waiting_edit_and_follows_what_came_before() -> None:
    outbox = Outbox(None)
    gate = asyncio.Event()
    shown: list[str] = []

    async def blocker(_: bool) -> None:
        await gate.wait()

    async def table(resend: bool) -> None:
        shown.append("table anew" if resend else "table edit")

    async def summary() -> None:
        shown.append("summary")

    outbox.put(-1, "first", blocker)
    outbox.put(-1, "table", table)
    outbox.send(-1, summary)
    outbox.put(-1, "table", table, resend=True)
    gate.set()
    while outbox.busy():
        await asyncio.sleep(0)
    assert shown == ["summary", "table anew"]


async def test_one_chat_waiting_never_holds_another() -> None:
    outbox = Outbox(None)
    gate = asyncio.Event()
    shown: list[int] = []

    async def slow(_: bool) -> None:
        await gate.wait()
        shown.append(-1)

    async def fast(_: bool) -> None:
        shown.append(-2)

    outbox.put(-1, "t", slow)
    outbox.put(-2, "t", fast)
    for _ in range(20):
        await asyncio.sleep(0)
    assert shown == [-2]
    gate.set()
    while outbox.busy():
        await asyncio.sleep(0)
    assert shown == [-2, -1]


async def test_a_failed_slot_is_tried_again() -> None:
    outbox = Outbox(None, retry_delays=(0.01, 0.01))
    tries: list[int] = []

    async def flaky(_: bool) -> None:
        tries.append(1)
        if len(tries) < 3:
            raise RuntimeError("boom")

    outbox.put(-1, "t", flaky)
    for _ in range(200):
        if len(tries) >= 3 and not outbox.busy():
            break
        await asyncio.sleep(0.005)
    assert len(tries) == 3 and outbox.failed == 2
    await outbox.close()


# ------------------------------------------------------------------ update order


def _press(update_id: int, user_id: int, chat_id: int, data: str) -> Update:
    user = User(user_id, "U", False)
    chat = Chat(chat_id, Chat.PRIVATE if chat_id > 0 else Chat.GROUP)
    msg = Message(1, datetime.datetime.now(datetime.UTC), chat)
    query = CallbackQuery("q", user, "ci", message=msg, data=data)
    return Update(update_id, callback_query=query)


async def test_a_private_press_is_keyed_by_its_game_s_group() -> None:
    async def chat_of(game_id: int) -> int | None:
        return {7: -100}.get(game_id)

    async def chats_of(user_id: int) -> list[int]:
        return []

    async def key(update: Update) -> tuple[str, int]:
        return await key_of(update, chat_of, chats_of, UPDATE_GAMES)

    assert await key(_press(1, 5, 5, "p:7:3:0:W")) == chat_key(-100)
    assert await key(_press(2, 5, -100, "l:7:j")) == chat_key(-100)
    # the settings panel in the creator's private chat: with its game's group
    assert await key(_press(5, 5, 5, "l:7:tg:150")) == chat_key(-100)
    # a forged or unknown game falls back to the chat the button was in
    assert await key(_press(3, 5, 5, "p:8:3:0:W")) == chat_key(5)
    assert await key(_press(4, 5, 5, "junk")) == chat_key(5)
    assert user_key(5) != chat_key(5)


async def test_same_key_in_order_other_keys_meanwhile() -> None:
    locks = KeyedLocks()
    processor = GameOrderProcessor(locks, games=UPDATE_GAMES)

    async def chat_of(game_id: int) -> int | None:
        return -game_id

    async def chats_of(user_id: int) -> list[int]:
        return []

    processor.resolve_with(chat_of, chats_of)
    gate = asyncio.Event()
    log: list[str] = []

    async def handler(name: str, wait: bool = False) -> None:
        log.append(f"{name} start")
        if wait:
            await gate.wait()
        log.append(f"{name} end")

    tasks: list[asyncio.Task[Any]] = [
        asyncio.create_task(processor.process_update(_press(1, 5, 5, "p:1:0:0:W"),
                                                     handler("a1", wait=True))),
        asyncio.create_task(processor.process_update(_press(2, 6, 6, "p:1:0:0:W"),
                                                     handler("a2"))),
        asyncio.create_task(processor.process_update(_press(3, 7, 7, "p:2:0:0:W"),
                                                     handler("b1"))),
    ]
    for _ in range(20):
        await asyncio.sleep(0)
    assert log == ["a1 start", "b1 start", "b1 end"]  # game 2 went on, game 1 waits
    gate.set()
    await asyncio.gather(*tasks)
    assert log[3:] == ["a1 end", "a2 start", "a2 end"]
    assert len(locks) == 0


async def test_the_window_counts_from_the_answer_not_from_the_send() -> None:
    """Telegram counted the message somewhere between send and answer: the next one
    waits from the answer, so network delay never opens the window early."""
    clock = Clock()
    limiter = ChatLimiter(private_interval=1.0, overall_max=0, monotonic=clock)

    async def slow_call() -> bool:
        clock.t += 0.8  # the request took 0.8 s
        return True

    await limiter.process_request(slow_call, (), {}, "editMessageText", {"chat_id": 42}, None)
    assert limiter.ready_in(42) == pytest.approx(1.0)


async def test_chats_share_the_overall_pace_first_come_first_served() -> None:
    """At 30 messages a second in all, the group that asked first goes first: many
    private chats never starve a group's table."""
    clock = Clock()

    async def sleep(seconds: float) -> None:
        clock.t += seconds
        await asyncio.sleep(0)

    limiter = ChatLimiter(group_max=0, private_interval=0, overall_max=2,
                          monotonic=clock, sleep=sleep)
    order: list[int] = []

    async def call(chat: int) -> bool:
        order.append(chat)
        return True

    asks = [-1, 11, 12, 13, 14, -2, 15]
    await asyncio.gather(*(limiter.process_request(call, (c,), {}, "editMessageText",
                                                   {"chat_id": c}, None) for c in asks))
    assert order == asks


async def test_replies_go_before_updates_and_a_slot_rises_to_its_priority() -> None:
    outbox = Outbox(None)
    shown: list[str] = []

    def slot(name: str) -> Any:
        async def run(_: bool) -> None:
            shown.append(name)
        return run

    def reply(name: str) -> Any:
        async def run() -> None:
            shown.append(name)
        return run

    outbox.put(-1, "table", slot("table"))  # first in, but only an update
    outbox.put(-1, "hand", slot("hand"))
    outbox.send(-1, reply("rules"))
    outbox.put(-1, "hand", slot("hand"), priority=Priority.NOW)  # now urgent: moves up
    while outbox.busy():
        await asyncio.sleep(0)
    assert shown == ["rules", "hand", "table"]


async def test_a_keyed_reply_is_dropped_by_a_newer_one_of_another_origin() -> None:
    outbox = Outbox(None)
    gate = asyncio.Event()
    shown: list[str] = []

    async def blocker(_: bool) -> None:
        await gate.wait()

    def reply(name: str) -> Any:
        async def run() -> None:
            shown.append(name)
        return run

    outbox.put(-1, "first", blocker, priority=Priority.NOW)
    outbox.send(-1, reply("fish 1"), key=("fish", 5), origin=1)
    outbox.send(-1, reply("chart 2"), key=("stats", 5), origin=2)
    outbox.send(-1, reply("stats 2"), key=("stats", 5), origin=2)  # one answer, two parts
    outbox.send(-1, reply("fish 3"), key=("fish", 5), origin=3)
    gate.set()
    while outbox.busy():
        await asyncio.sleep(0)
    assert shown == ["chart 2", "stats 2", "fish 3"] and outbox.dropped == 1


async def test_urgent_requests_take_the_overall_pace_first() -> None:
    """All chats share 30 messages a second: when that is spent, a reply of any chat
    goes before the updates that were waiting longer."""
    clock = Clock()
    go = asyncio.Event()

    async def sleep(seconds: float) -> None:
        await go.wait()
        clock.t += seconds
        await asyncio.sleep(0)

    limiter = ChatLimiter(group_max=0, private_interval=0, overall_max=1, monotonic=clock,
                          sleep=sleep)
    sent: list[str] = []

    def request(name: str, chat: int, urgent: bool) -> asyncio.Task[Any]:
        async def call() -> bool:
            sent.append(name)
            return True

        async def run() -> Any:
            URGENT.set(urgent)
            return await limiter.process_request(call, (), {}, "sendMessage",
                                                 {"chat_id": chat}, None)
        return asyncio.ensure_future(run())

    await request("first", 1, False)  # the second's pace is spent
    tasks = [request("table", 2, False), request("hand", 3, False)]
    await asyncio.sleep(0)
    tasks.append(request("reply", 4, True))
    await asyncio.sleep(0)
    go.set()
    await asyncio.gather(*tasks)
    assert sent == ["first", "reply", "table", "hand"]
