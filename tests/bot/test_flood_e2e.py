"""A group's messages by priority, and nobody can flood a group or through it the bot
(by the order of events, never by durations)."""

from __future__ import annotations

import asyncio
from collections import deque
from pathlib import Path

from bot.texts import tr, variant_name
from bot.transport.limiter import _Pace
from bot.wiring.state import get_state
from tests.bot.emulator import ApiCall, TelegramEmulator, User
from tests.bot.harness import (
    Bot,
    answered,
    on_turn,
    play_lead,
    press_on_turn,
    running_bot,
    start_game,
)


def _club(emu: TelegramEmulator, name: str = "Club", size: int = 2
          ) -> tuple[int, list[User]]:
    people = [emu.add_user(n if name == "Club" else f"{n} {name}")
              for n in ("Anna", "Boris", "Vera")[:size]]
    return emu.add_group(name, members=people).id, people


def _sent_to(emu: TelegramEmulator, chat: int, after: int) -> list[ApiCall]:
    return [c for c in emu.calls[after:] if c.chat_id == chat and c.ok
            and c.method in ("sendMessage", "sendPhoto", "editMessageMedia",
                             "editMessageText", "sendDocument")]


class SpentBudget:
    """The group's pace (bot/transport/limiter.py) on a clock of the test's: the group has just
    spent its budget, and its waits last until :meth:`refill` (then time flows as the
    limiter asks)."""

    def __init__(self, bot: Bot, group: int) -> None:
        limiter = bot.app.bot_data["domino_limiter"]
        self.now = limiter._now()
        self.go = asyncio.Event()
        limiter._now = lambda: self.now
        limiter._sleep = self._sleep
        limiter._chats[group] = _Pace(1, 60.0, stamps=deque([[self.now]]))

    async def _sleep(self, seconds: float) -> None:
        await self.go.wait()
        self.now += seconds
        await asyncio.sleep(0)

    def refill(self) -> None:
        self.go.set()


async def test_a_reply_goes_before_a_waiting_table_edit(emu: TelegramEmulator,
                                                        db_path: Path) -> None:
    group, people = _club(emu)
    async with running_bot(emu, db_path) as bot:
        await start_game(bot, group, people, "draw")
        await play_lead(bot, group, people)
        budget = SpentBudget(bot, group)
        mark = len(emu.calls)
        qid, version = await press_on_turn(bot, people, group)  # the table must change
        await answered(emu, qid)  # answered at once, though the group must wait
        await emu.wait_idle(bot.app)
        game = await bot.game_in(group)
        assert game is not None and game.version > version
        await emu.user_sends(people[1], group, "/rules")  # asked after the move
        await emu.wait_idle(bot.app)
        assert not _sent_to(emu, group, mark)  # both wait for the group's budget
        budget.refill()
        await bot.settle()
        calls = _sent_to(emu, group, mark)
        rules = [i for i, c in enumerate(calls) if c.method == "sendMessage"
                 and c.params.get("text", "").startswith("📖")]
        table = [i for i, c in enumerate(calls) if c.method in ("editMessageMedia", "sendPhoto")]
        assert rules and table, [c.method for c in calls]
        assert rules[0] < table[0]  # the reply first, though the table waited longer


async def test_a_newer_same_command_drops_the_answer_still_waiting(
        emu: TelegramEmulator, db_path: Path) -> None:
    group, people = _club(emu)
    anna, boris = people
    async with running_bot(emu, db_path) as bot:
        await start_game(bot, group, people, "draw")
        await play_lead(bot, group, people)
        budget = SpentBudget(bot, group)
        mark = len(emu.calls)
        for user in (anna, anna, anna, boris):  # anna's third /score voids her first two
            await emu.user_sends(user, group, "/score")
            await emu.wait_idle(bot.app)
        budget.refill()
        await bot.settle()
        title = tr("en", "score.title", variant=variant_name("en", "draw"), round=1)
        texts = [c.params.get("text", "") for c in _sent_to(emu, group, mark)]
        # anna's answer once (the newest), boris's once: two, not four
        assert sum(t.startswith(title) for t in texts) == 2, texts
        assert get_state(bot.app).outbox.dropped == 2


async def test_a_person_over_his_budget_is_told_once_then_silence(
        emu: TelegramEmulator, db_path: Path) -> None:
    group, people = _club(emu)
    anna = people[0]
    async with running_bot(emu, db_path, user_commands=12, chat_commands=20,
                           user_presses=120) as bot:
        processor = bot.app.bot_data["domino_processor"]
        now = [1000.0]
        processor.budgets.clock = lambda: now[0]
        mark = len(emu.calls)
        commands = ("/help", "/rules", "/score", "/top", "/language", "/fish")
        for i in range(15):  # commands of different kinds: no answer makes another pointless
            await emu.user_sends(anna, group, commands[i % len(commands)])
        await bot.settle()
        texts = [c.params.get("text", "") for c in _sent_to(emu, group, mark)]
        slow = [t for t in texts if t.startswith("⏳")]
        assert len(slow) == 1 and "Anna" in slow[0]  # told once
        assert len(texts) - len(slow) == 6  # half a minute's budget at once, then nothing
        now[0] += 10.0  # two tokens back (12 a minute)
        mark = len(emu.calls)
        for command in commands[:3]:
            await emu.user_sends(anna, group, command)
        await bot.settle()
        texts = [c.params.get("text", "") for c in _sent_to(emu, group, mark)]
        assert len(texts) == 3 and texts[-1].startswith("⏳")  # two answers, told again once


async def test_a_group_over_its_budget_is_told_once(emu: TelegramEmulator,
                                                   db_path: Path) -> None:
    people = [emu.add_user(f"P{i}") for i in range(8)]
    group = emu.add_group("Crowd", members=people).id
    async with running_bot(emu, db_path, user_commands=12, chat_commands=20) as bot:
        bot.app.bot_data["domino_processor"].budgets.clock = lambda: 5.0
        mark = len(emu.calls)
        for round_ in range(3):
            for user in people:
                await emu.user_sends(user, group, "/help" if round_ % 2 else "/rules")
        await bot.settle()
        texts = [c.params.get("text", "") for c in _sent_to(emu, group, mark)]
        told = [t for t in texts if t.startswith("⏳")]
        assert len(texts) - len(told) == 10  # the chat's burst: half of 20 a minute
        assert len(told) == 1 and "this chat" in told[0]


async def test_presses_over_budget_are_answered_and_change_nothing(
        emu: TelegramEmulator, db_path: Path) -> None:
    group, people = _club(emu)
    async with running_bot(emu, db_path, user_presses=4) as bot:
        bot.app.bot_data["domino_processor"].budgets.clock = lambda: 7.0
        await start_game(bot, group, people, "draw")
        found = await on_turn(bot, people, group)
        assert found is not None
        user, hand = found
        game = await bot.game_in(group)
        assert game is not None
        move = next(d for d in sorted(hand.callback_datas()) if d[:2] in ("p:", "d:", "s:"))
        # a burst of two, one spent in the lobby (Start, or Join): one press goes through
        answers = [await bot.press(user, user.id, hand.message_id, move, forge=i > 0)
                   for i in range(4)]  # (the keyboard changed after the first)
        assert all(a is not None and a.startswith("⏳") for a in answers[1:]), answers
        assert answers[0] is None or not answers[0].startswith("⏳")
        after = await bot.game_in(group)
        assert after is not None and after.version > game.version  # the first one moved
        moved = after.version
        await bot.press(user, user.id, hand.message_id, move, forge=True)
        last = await bot.game_in(group)
        assert last is not None and last.version == moved  # a refused press changes nothing


async def test_a_flooded_group_holds_no_other_group(emu: TelegramEmulator,
                                                    db_path: Path) -> None:
    """Group A's updates wait for A's game behind a handler that waits for Telegram;
    with 8 slots, 300 more of A's commands take none of them: group B's presses are
    answered and its moves applied meanwhile, and A's game moves on afterwards."""
    group_a, people_a = _club(emu, "Alpha")
    group_b, people_b = _club(emu, "Beta")
    async with running_bot(emu, db_path, concurrent_updates=8) as bot:
        await start_game(bot, group_a, people_a, "draw")
        await start_game(bot, group_b, people_b, "draw")
        await play_lead(bot, group_b, people_b)
        gate = emu.hold("getChatMember", chat_id=group_a, count=1)
        outsider = emu.add_user("Mallory")
        emu.add_member(group_a, outsider)
        await emu.user_sends(outsider, group_a, "/settings turn 30s")  # asks who is admin
        await gate.wait_reached(timeout=10)
        for _ in range(300):  # one member asks for his statistics 300 times
            await emu.user_sends(people_a[0], group_a, "/stats")
        processor = bot.app.bot_data["domino_processor"]
        for _ in range(2000):  # every one of them reached the bot: queued for A, or shed
            if processor.shed + processor.locks.waiting(("chat", group_a)) >= 301:
                break
            await asyncio.sleep(0.005)
        assert processor.locks.waiting(("chat", group_a)) == processor.key_queue
        waiting = gate.last.caller if gate.last is not None else None
        for _ in range(3):  # B plays on: answered, applied, while A's handler still waits
            qid, version = await press_on_turn(bot, people_b, group_b, settle=False)
            await answered(emu, qid)
            for _ in range(1000):
                game_b = await bot.game_in(group_b)
                if game_b is not None and game_b.version > version:
                    break
                await asyncio.sleep(0.005)
            assert game_b is not None and game_b.version > version
        assert gate.held and waiting is not None and not waiting.done()
        assert processor.shed == 300 - processor.key_queue + 1  # A's line full: not queued
        gate.release()
        await bot.settle(timeout=60)
        qid, version = await press_on_turn(bot, people_a, group_a)
        await answered(emu, qid)
        await bot.settle()
        game_a = await bot.game_in(group_a)
        assert game_a is not None and game_a.version > version
