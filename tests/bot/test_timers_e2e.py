"""Turn timers end to end: a ManualClock, the emulator, and ``fire_due`` to run what is due."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.showing.timers import arm_game, fire_due, get_runtime
from bot.texts import tr
from service.timers import ManualClock, TimerSettings
from storage import Database, Repositories
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import Bot, choose, on_turn, running_bot, start_game

pytestmark = pytest.mark.filterwarnings(
    "ignore:.*retry_after.*:telegram.warnings.PTBDeprecationWarning")


def two_players(emu: TelegramEmulator) -> tuple[list, object]:
    users = [emu.add_user("Anna", language_code="en"), emu.add_user("Boris", language_code="en")]
    return users, emu.add_group("Club", users)  # Anna owns the group: she is an admin


def texts(bot: Bot, chat_id: int, part: str) -> list[str]:
    return [m.text for m in bot.emu.bot_messages(chat_id) if m.text and part in m.text]


async def fire(bot: Bot) -> None:
    await fire_due(bot.app)
    await bot.settle()


async def test_settings_command_validates(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = two_players(emu)
    anna, boris = users
    async with running_bot(emu, db_path, clock=ManualClock()) as bot:
        timers = get_runtime(bot.app).timers
        await bot.send(boris, group.id, "/settings turn 2m")  # no admin of the group
        assert emu.last_message(group.id).text == tr("en", "err.not_chat_admin")
        assert await timers.settings(group.id) == TimerSettings()
        for garbage in ("turn 7m", "turn", "colour red", "timeout later", "takeover many",
                        "turn 2m timeout sometimes"):
            await bot.send(anna, group.id, f"/settings {garbage}")
            assert emu.last_message(group.id).text.startswith("I do not understand")
        assert await timers.settings(group.id) == TimerSettings()
        await bot.send(anna, group.id, "/settings turn 2m timeout ai takeover 2")
        assert emu.last_message(group.id).text == (  # a line per setting changed
            "⏱ Time per turn: 2 min\n⌛ On a time-out: a computer player moves\n"
            "🤖 A computer takes the seat: after 2 missed turns in a row")
        assert await timers.settings(group.id) == TimerSettings(turn=120, timeout="ai",
                                                                takeover=2)
        await bot.send(anna, group.id, "/settings")
        summary = emu.last_message(group.id).text
        assert "Time per turn: 2 min" in summary and "after 2 missed turns" in summary
        await emu.user_starts_bot(anna)
        # in private they are his own chat's (its solo tables'), not the group's
        await bot.send(anna, anna.id, "/settings turn 5m")
        assert emu.last_message(anna.id).text == "⏱ Time per turn: 5 min"
        assert (await timers.settings(anna.id)).turn == 300
        assert (await timers.settings(group.id)).turn == 120


async def test_timeout_reminder_and_once_only(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = two_players(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.send(users[0], group.id, "/settings turn 1m")
        game = await start_game(bot, group.id, users, "draw")
        turn = await on_turn(bot, users, group.id)
        assert turn is not None
        late, _ = turn
        game = await bot.game_in(group.id)
        assert game is not None
        version = game.version
        jobs = [j.name for j in bot.app.job_queue.jobs()]
        assert f"timeout:{game.game_id}" in jobs and f"remind:{game.game_id}" in jobs

        clock.advance(44)
        await fire(bot)
        assert texts(bot, late.id, "left for your move") == []
        clock.advance(2)
        await fire(bot)
        await fire(bot)
        assert texts(bot, late.id, "left for your move") == [
            f"⏰ 14 s left for your move (Draw, game {game.game_id})."]
        assert (await bot.game_in(group.id)).version == version

        clock.advance(15)
        await fire(bot)
        await fire(bot)  # fired twice: still one time-out
        assert len(texts(bot, group.id, "ran out of time")) == 1
        game = await bot.game_in(group.id)
        assert game is not None and game.version > version
        record = await bot.service.record(game.game_id)
        assert sum(len(r["moves"]) for r in record["rounds"]) == game.version - version


async def test_restart_keeps_the_deadline(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = two_players(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.send(users[0], group.id, "/settings turn 2m")
        await start_game(bot, group.id, users, "draw")
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None
        deadline = await get_runtime(bot.app).timers.deadline(game.game_id)
        assert deadline is not None
        clock.advance(60)
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.settle()
        timers = get_runtime(bot.app).timers
        assert await timers.deadline(game.game_id) == deadline
        job = bot.app.job_queue.get_jobs_by_name(f"timeout:{game.game_id}")
        assert len(job) == 1  # rebuilt from the database, not doubled
        clock.advance(59)
        await fire(bot)
        assert texts(bot, group.id, "ran out of time") == []
        clock.advance(1)
        await fire(bot)
        await fire(bot)
        assert len(texts(bot, group.id, "ran out of time")) == 1
        after = await bot.game_in(group.id)
        assert after is not None and after.version > game.version


async def test_takeover_and_coming_back(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = two_players(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.send(users[0], group.id, "/settings turn 1m takeover 1")
        await start_game(bot, group.id, users, "draw")
        turn = await on_turn(bot, users, group.id)
        assert turn is not None
        late, _ = turn
        clock.advance(60)
        await fire(bot)
        told = texts(bot, group.id, "A computer player plays for them")
        assert told == [f"🤖 {late.first_name}: 1 turn missed in a row. A computer player "
                        "plays for them until they come back with /back or a tap on any of "
                        "their tiles."]
        game = await bot.game_in(group.id)
        assert game is not None
        seat = game.seat_of(late.id)
        assert seat is not None and seat.away
        # any press on his hand brings him back
        hand = bot.hand(late)
        assert hand is not None
        await bot.press(late, late.id, hand.message_id, sorted(hand.callback_datas())[0])
        assert texts(bot, group.id, "is back") == [f"👋 {late.first_name} is back and plays again."]
        game = await bot.game_in(group.id)
        assert game is not None
        seat = game.seat_of(late.id)
        assert seat is not None and not seat.away
        await bot.send(late, late.id, "/back")
        assert emu.last_message(late.id).text == "No computer player is playing for you."


async def test_back_command(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = two_players(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock, ai_delay=60.0) as bot:
        await bot.send(users[0], group.id, "/settings turn 30s takeover 1")
        await start_game(bot, group.id, users, "draw")
        turn = await on_turn(bot, users, group.id)
        assert turn is not None
        late, _ = turn
        clock.advance(30)
        await fire(bot)
        assert len(texts(bot, group.id, "1 turn missed in a row.")) == 1
        await bot.send(late, group.id, "/back")
        assert texts(bot, group.id, "is back") == [f"👋 {late.first_name} is back and plays again."]
        game = await bot.game_in(group.id)
        assert game is not None and not any(s.away for s in game.seats)


def _notices_sent(emu: TelegramEmulator, chat_id: int) -> int:
    return sum(1 for h in emu.history(chat_id)
               if h.action == "send" and h.snapshot is not None
               and "Your turn (" in str(h.snapshot.get("text", "")))


async def test_slow_game_turn_notices(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = two_players(emu)
    rng = random.Random(2)
    async with running_bot(emu, db_path, clock=ManualClock()) as bot:
        await bot.send(users[0], group.id, "/settings turn 24h")
        await start_game(bot, group.id, users, "draw")
        # Play until each player's turn has begun at least twice (a player who draws
        # stays on turn, so how many presses that takes depends on the deal).
        for _ in range(60):
            if all(_notices_sent(emu, u.id) >= 2 for u in users):
                break
            turn = await on_turn(bot, users, group.id)
            assert turn is not None
            user, hand = turn
            assert len(texts(bot, user.id, "Your turn (")) == 1, "one notice per player"
            assert texts(bot, user.id, "Your turn (")[0].endswith("You have 24 h to move.")
            data = choose(set(hand.callback_datas()), rng)
            assert data is not None
            await bot.press(user, user.id, hand.message_id, data)
        else:
            raise AssertionError("the turn did not pass between the players")
        # the earlier notices were deleted, the last one of each player kept
        for u in users:
            assert len(texts(bot, u.id, "Your turn (")) <= 1
            deletes = [h for h in emu.history(u.id) if h.action == "delete"]
            assert deletes, "the previous notice was deleted"


async def test_lobby_and_idle_games_are_closed(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = two_players(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.send(users[0], group.id, "/newgame draw")
        clock.advance(24 * 3600 + 1)
        await fire(bot)
        closed = texts(bot, group.id, "lobby was closed")  # the lobby itself says it
        assert len(closed) == 1 and closed[0].endswith(
            "\n⌛ The lobby was closed: the game did not start within 24 h.")
        assert "The game was cancelled." in closed[0]
        assert (await bot.game_in(group.id)).status == "cancelled"

        await bot.send(users[0], group.id, "/settings idle 2d")
        await start_game(bot, group.id, users, "draw")
        clock.advance(2 * 86400 + 1)
        await fire(bot)
        assert texts(bot, group.id, "nobody moved") == [
            "⌛ The game was closed: nobody moved for 2 d."]
        assert (await bot.game_in(group.id)).status == "cancelled"


async def test_the_real_job_queue_fires_the_timeout(emu: TelegramEmulator,
                                                    db_path: Path) -> None:
    """No test clock: the JobQueue job itself applies the time-out, once."""
    users, group = two_players(emu)
    async with running_bot(emu, db_path) as bot:
        await bot.send(users[0], group.id, "/settings turn 30s")
        game = await start_game(bot, group.id, users, "draw")
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None
        timers = get_runtime(bot.app).timers
        deadline = await timers.deadline(game.game_id)
        assert deadline is not None and deadline.turn_version == game.version
        # the same turn's deadline, moved close (written to the file by another
        # connection): kept by arm (same turn), jobs rescheduled
        db = await Database.open(db_path)
        try:
            await Repositories.of(db).deadlines.save(
                db, game.game_id, seat=deadline.seat, turn_version=deadline.turn_version,
                due_at=timers.clock.now() + 0.3)
        finally:
            await db.close()
        await arm_game(bot.app, game.game_id)
        await bot.settle()  # waits for jobs due within two seconds
        assert len(texts(bot, group.id, "ran out of time")) == 1
        after = await bot.game_in(group.id)
        assert after is not None and after.version > game.version
