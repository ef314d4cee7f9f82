"""Turn pings end to end: a ManualClock, the emulator, and ``fire_due`` to run what is due."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.showing import pings
from service.timers import ManualClock
from tests.bot.emulator import Message, TelegramEmulator, User
from tests.bot.harness import (
    MOVE_PREFIXES,
    Bot,
    choose,
    on_turn,
    play_lead,
    running_bot,
    start_game,
)

pytestmark = pytest.mark.filterwarnings(
    "ignore:.*retry_after.*:telegram.warnings.PTBDeprecationWarning")

HOUR = 3600


def _people(emu: TelegramEmulator) -> tuple[list[User], int]:
    users = [emu.add_user("Anna", language_code="en"), emu.add_user("Boris", language_code="en")]
    return users, emu.add_group("Club", users).id


def _pings(bot: Bot, user: User) -> list[Message]:
    """His pings: hand messages (with move buttons) under a 🔔 header."""
    return [m for m in _hands(bot, user) if (m.text or "").startswith("🔔")]


def _hands(bot: Bot, user: User) -> list[Message]:
    return [m for m in bot.emu.bot_messages(user.id)
            if any(d.startswith(MOVE_PREFIXES) for d in m.callback_datas())]


def _mentions(message: Message) -> list[tuple[int, str]]:
    """The text mentions of a caption: (user id, the text they cover)."""
    raw = (message.caption or "").encode("utf-16-le")
    return [(e["user"]["id"],
             raw[2 * e["offset"]:2 * (e["offset"] + e["length"])].decode("utf-16-le"))
            for e in message.caption_entities if e.get("type") == "text_mention"]


async def _fire(bot: Bot) -> None:
    await pings.fire_due(bot.app)
    await bot.settle()


async def _move(bot: Bot, user: User) -> None:
    hand = bot.hand(user)
    assert hand is not None
    data = choose(hand.callback_datas(), random.Random(1))
    assert data is not None
    await bot.press(user, user.id, hand.message_id, data)


async def test_a_stalled_turn_pings_once_then_reminds(emu: TelegramEmulator,
                                                      db_path: Path) -> None:
    users, group = _people(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        await start_game(bot, group, users, "draw")
        await play_lead(bot, group, users)  # the round's table comes with the lead
        found = await on_turn(bot, users, group)
        assert found is not None
        user, hand = found
        other = users[1] if user is users[0] else users[0]
        clock.advance(19)
        await _fire(bot)
        assert _pings(bot, user) == []
        clock.advance(2)
        await _fire(bot)
        await _fire(bot)  # a second look sends nothing more
        ping = _pings(bot, user)
        assert len(ping) == 1 and _pings(bot, other) == []
        assert (ping[0].text or "").startswith("🔔 Your turn in «Club»: ")
        # the ping is his hand sent anew, with its buttons; the old hand is gone
        assert [m.message_id for m in _hands(bot, user)] == [ping[0].message_id]
        assert ping[0].message_id != hand.message_id
        assert ping[0].edit_date is None  # a new message: Telegram notifies of it
        # the first reminder replaces the ping; the group's table comes anew, mentioning him
        table = bot.table(group)
        assert table is not None and _mentions(table) == []
        clock.advance(HOUR)
        await _fire(bot)
        again = _pings(bot, user)
        assert len(again) == 1 and again[0].message_id != ping[0].message_id
        assert (again[0].text or "").startswith("🔔 Still your turn in «Club»: ")
        assert [m.message_id for m in _hands(bot, user)] == [again[0].message_id]
        resent = bot.table(group)
        assert resent is not None and resent.message_id != table.message_id
        assert _mentions(resent) == [(user.id, user.first_name)]
        assert len([m for m in emu.bot_messages(group) if m.has_media]) == 1
        # the second reminder (8 h) replaces it again, without a new table
        clock.advance(7 * HOUR)
        await _fire(bot)
        third = _pings(bot, user)
        assert len(third) == 1 and third[0].message_id != again[0].message_id
        assert bot.table(group).message_id == resent.message_id  # type: ignore[union-attr]
        # his move: the ping becomes a plain hand (edited), the table names nobody by mention
        await _move(bot, user)
        assert _pings(bot, user) == []
        after = bot.table(group)
        assert after is not None and after.message_id == resent.message_id
        assert _mentions(after) == []


async def test_a_stalled_leader_is_shown_on_a_table(emu: TelegramEmulator,
                                                     db_path: Path) -> None:
    """A round's table comes with its lead; a leader who stalls is still shown to the
    group: his first reminder sends the table (still empty) mentioning him, and his lead
    then edits that table."""
    users, group = _people(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        await start_game(bot, group, users, "draw")
        found = await on_turn(bot, users, group)
        assert found is not None
        leader = found[0]
        assert bot.table(group) is None  # no table before the lead
        lobby = next(m for m in emu.bot_messages(group)
                     if "The game has started" in (m.text or ""))
        assert f"{leader.first_name} leads" in (lobby.text or "")
        clock.advance(21)
        await _fire(bot)
        assert len(_pings(bot, leader)) == 1
        assert bot.table(group) is None  # the ping is private: still no table
        clock.advance(HOUR)
        await _fire(bot)
        assert (_pings(bot, leader)[0].text or "").startswith("🔔 Still your turn")
        table = bot.table(group)
        assert table is not None and _mentions(table) == [(leader.id, leader.first_name)]
        assert "Last:" not in (table.caption or "")
        assert len([m for m in emu.bot_messages(group) if m.has_media]) == 1
        await _move(bot, leader)  # his lead edits that table: no second picture
        after = bot.table(group)
        assert after is not None and after.message_id == table.message_id
        assert "Last:" in (after.caption or "") and _mentions(after) == []
        assert len([m for m in emu.bot_messages(group) if m.has_media]) == 1


async def test_a_quick_move_is_never_pinged(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = _people(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        game = await start_game(bot, group, users, "draw")
        found = await on_turn(bot, users, group)
        assert found is not None
        quick = found[0]
        clock.advance(5)
        await _move(bot, quick)
        game = await bot.game_in(group)  # type: ignore[assignment]
        assert game.seats[game.turn].user_id != quick.id  # type: ignore[index]
        clock.advance(25)
        await _fire(bot)
        assert _pings(bot, quick) == []
        slow = users[1] if quick is users[0] else users[0]
        assert len(_pings(bot, slow)) == 1  # the turn that stalled


async def test_notify_off_means_no_ping_and_no_mention(emu: TelegramEmulator,
                                                       db_path: Path) -> None:
    users, group = _people(emu)
    anna, boris = users
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        await emu.user_starts_bot(boris)
        await bot.settle()
        await bot.send(boris, boris.id, "/notify")
        shown = emu.last_message(boris.id).text or ""
        assert shown.startswith("🔔 Turn pings are on") and "/notify off" in shown
        await bot.send(boris, group, "/notify off")  # works in the group too
        assert (emu.last_message(group).text or "").startswith("🔕 Turn pings are off")
        await bot.send(boris, boris.id, "/notify sometimes")
        assert (emu.last_message(boris.id).text or "").startswith("/notify on")
        await bot.send(boris, boris.id, "/notify")
        assert (emu.last_message(boris.id).text or "").startswith("🔕 Turn pings are off.")
        user = await bot.service.user(boris.id)
        assert user is not None and not user.notify
        await start_game(bot, group, users, "draw")
        found = await on_turn(bot, users, group)
        assert found is not None
        if found[0] is anna:
            await _move(bot, anna)
        game = await bot.game_in(group)
        assert game is not None and game.seats[game.turn].user_id == boris.id  # type: ignore[index]
        table = bot.table(group)  # none if Boris leads: the table comes with the lead
        assert (table is None) == (found[0] is boris)
        clock.advance(2 * HOUR)
        await _fire(bot)
        clock.advance(9 * HOUR)
        await _fire(bot)
        assert _pings(bot, boris) == []
        now = bot.table(group)  # no table sent anew (nor a first one) to mention him
        assert (now and now.message_id) == (table and table.message_id)
        assert all(not _mentions(m) for m in emu.bot_messages(group) if m.has_media)
        await bot.send(boris, boris.id, "/notify on")
        assert (await bot.service.user(boris.id)).notify


async def test_a_restart_rearms_a_pending_ping_and_repeats_none(emu: TelegramEmulator,
                                                                db_path: Path) -> None:
    users, group = _people(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        game = await start_game(bot, group, users, "draw")
        found = await on_turn(bot, users, group)
        assert found is not None
        user = found[0]
        game = await bot.game_in(group)  # type: ignore[assignment]
        clock.advance(10)
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.settle()
        assert len(bot.app.job_queue.get_jobs_by_name(f"ping:{game.game_id}")) == 1
        clock.advance(9)
        await _fire(bot)
        assert _pings(bot, user) == []
        clock.advance(2)
        await _fire(bot)
        assert len(_pings(bot, user)) == 1
        sent = _pings(bot, user)[0].message_id
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.settle()
        await _fire(bot)
        assert [m.message_id for m in _pings(bot, user)] == [sent]  # not sent again
        clock.advance(HOUR)
        await _fire(bot)
        assert len(_pings(bot, user)) == 1 and _pings(bot, user)[0].message_id != sent
        assert (await bot.game_in(group)).version == game.version  # type: ignore[union-attr]


async def test_a_ping_comes_by_itself_and_not_to_who_blocked_the_bot(
        emu: TelegramEmulator, db_path: Path) -> None:
    users, group = _people(emu)
    async with running_bot(emu, db_path, turn_ping_delay=0.3) as bot:
        await start_game(bot, group, users, "draw")
        found = await on_turn(bot, users, group)
        assert found is not None
        user = found[0]
        other = users[1] if user is users[0] else users[0]
        await bot.settle()  # the ping is due within the settle: it comes by itself
        assert len(_pings(bot, user)) == 1
        await emu.block_bot(other)
        await bot.settle()
        before = len(emu.bot_messages(other.id))
        await _move(bot, user)
        game = await bot.game_in(group)
        assert game is not None and game.seats[game.turn].user_id == other.id  # type: ignore[index]
        await bot.settle()
        await asyncio.sleep(0.5)
        await bot.settle()
        game = await bot.game_in(group)
        assert game is not None and game.status == "playing"
        assert len(emu.bot_messages(other.id)) == before  # nothing for who blocked the bot
