"""No chat waits for another (the order of events, never durations): the emulator holds
one chat's calls back, fails them with 429, or a computer thinks for long in one game,
while another game's presses are answered and its moves applied."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import time
from pathlib import Path

from bot.showing.workers import Workers
from engine.core.moves import Move
from service.ai import decide
from service.types import AiTurn
from tests.bot.emulator import TelegramEmulator, User, too_many_requests
from tests.bot.harness import (
    Bot,
    answered,
    on_turn,
    play_lead,
    press_on_turn,
    running_bot,
    start_game,
)

# Where the test and the worker process signal each other (a forkserver's workers do
# not see environment changes made after it started, so a fixed place).
SIGNALS = Path(tempfile.gettempdir()) / f"domino-think-{os.getuid()}"


def slow_decide(turn: AiTurn) -> Move:
    """A computer that thinks until the test lets it (a file appears), then decides as
    the real one does. Runs in the worker process."""
    directory = SIGNALS
    (directory / f"thinking-{turn.game_id}").touch()
    deadline = time.monotonic() + 30
    while not (directory / "go").exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return decide(turn)


async def _two_games(bot: Bot, emu: TelegramEmulator, **kw: object
                     ) -> tuple[tuple[int, list[User]], tuple[int, list[User]]]:
    games = []
    for name in ("A", "B"):
        people = [emu.add_user(f"{name}nna"), emu.add_user(f"{name}oris")]
        group = emu.add_group(f"Table {name}", members=people).id
        await start_game(bot, group, people, "draw", **kw)  # type: ignore[arg-type]
        await play_lead(bot, group, people)  # the table comes with the lead: now it is edited
        games.append((group, people))
    return games[0], games[1]


async def test_a_held_group_edit_does_not_hold_another_chat(emu: TelegramEmulator,
                                                            db_path: Path) -> None:
    async with running_bot(emu, db_path) as bot:
        (group_a, people_a), (group_b, people_b) = await _two_games(bot, emu)
        gate = emu.hold(method="editMessageMedia", chat_id=group_a, count=1)
        qid_a, _ = await press_on_turn(bot, people_a, group_a)
        await gate.wait_reached(timeout=10)
        # chat A's table edit hangs in flight; game B plays on
        qid_b, version_b = await press_on_turn(bot, people_b, group_b, settle=False)
        await answered(emu, qid_b)
        for _ in range(1000):  # B's table is edited while A's edit still hangs
            table_b = bot.table(group_b)
            if table_b is not None and table_b.edit_date is not None:
                break
            await asyncio.sleep(0.01)
        assert table_b is not None and table_b.edit_date is not None
        game_b = await bot.game_in(group_b)
        assert game_b is not None and game_b.version > version_b  # (with forced moves after it)
        assert qid_a in emu.callback_answers  # A's press was answered before its edit
        assert gate.held  # and A's edit is still held
        gate.release()
        await bot.settle()
        table_a = bot.table(group_a)
        game_a = await bot.game_in(group_a)
        assert table_a is not None and game_a is not None
        assert game_a.seats[game_a.turn].name in (table_a.caption or "")  # type: ignore[index]


async def test_a_429_storm_in_one_group_delays_no_call_of_another(emu: TelegramEmulator,
                                                                   db_path: Path) -> None:
    async with running_bot(emu, db_path, max_retries=5) as bot:
        (group_a, people_a), (group_b, people_b) = await _two_games(bot, emu)
        emu.fail_next("editMessageMedia", count=3, error=too_many_requests(2),
                      chat_id=group_a)
        await press_on_turn(bot, people_a, group_a)
        for _ in range(200):  # chat A met its first 429 and now waits for 2 s
            if emu.call_count("editMessageMedia", chat_id=group_a, ok=False):
                break
            await asyncio.sleep(0.01)
        calls_before = len(emu.calls)
        qid_b, version_b = await press_on_turn(bot, people_b, group_b, settle=False)
        await answered(emu, qid_b)
        for _ in range(400):
            if any(c.chat_id == group_b and c.method == "editMessageMedia" and c.ok
                   for c in emu.calls[calls_before:]):
                break
            await asyncio.sleep(0.005)
        b_edit = next(i for i, c in enumerate(emu.calls[calls_before:])
                      if c.chat_id == group_b and c.method == "editMessageMedia" and c.ok)
        a_done = [i for i, c in enumerate(emu.calls[calls_before:])
                  if c.chat_id == group_a and c.method == "editMessageMedia" and c.ok]
        # B's table was edited before chat A's retries went through
        assert not a_done or b_edit < a_done[0]
        game_b = await bot.game_in(group_b)
        assert game_b is not None and game_b.version > version_b  # (with forced moves after it)
        await bot.settle(timeout=30)
        assert emu.call_count("editMessageMedia", chat_id=group_a, ok=True) >= 1


async def test_a_long_computer_think_in_one_game_delays_no_press_in_another(
        emu: TelegramEmulator, db_path: Path, tmp_path: Path) -> None:
    signals = SIGNALS
    shutil.rmtree(signals, ignore_errors=True)
    signals.mkdir(parents=True)
    workers = Workers(ai_workers=1, render_workers=0, decider=slow_decide)
    try:
        async with running_bot(emu, db_path, workers=workers) as bot:
            people_b = [emu.add_user("Vera"), emu.add_user("Gleb")]
            group_b = emu.add_group("Table B", members=people_b).id
            await start_game(bot, group_b, people_b, "draw")
            anna = emu.add_user("Anna")
            group_a = emu.add_group("Table A", members=[anna]).id
            await emu.user_starts_bot(anna)
            await bot.send(anna, group_a, "/newgame draw")
            await bot.lobby_press(anna, group_a, "a:h")
            game_a = await bot.game_in(group_a)
            assert game_a is not None
            # start; if the computer leads, it now thinks (in the worker) until told
            mid, data = bot.lobby_button(group_a, "go")
            await emu.press(anna, group_a, mid, data)
            for _ in range(400):
                game_a = await bot.game_in(group_a)
                assert game_a is not None
                if game_a.status == "playing" and game_a.turn == 1 \
                        and (signals / f"thinking-{game_a.game_id}").exists():
                    break
                if game_a.status == "playing" and game_a.turn == 0:
                    # Anna leads: she moves, then the computer thinks
                    found = bot.hand(anna)
                    if found is not None and any(d[:2] in ("p:", "d:", "s:")
                                                 for d in found.callback_datas()):
                        d = next(d for d in sorted(found.callback_datas())
                                 if d[:2] in ("p:", "d:", "s:"))
                        await emu.press(anna, anna.id, found.message_id, d)
                await asyncio.sleep(0.02)
            assert (signals / f"thinking-{game_a.game_id}").exists()
            version_a = game_a.version
            # the computer of game A is thinking: game B's press is answered and applied
            qid_b, version_b = await press_on_turn(bot, people_b, group_b, settle=False)
            await answered(emu, qid_b)
            for _ in range(400):
                game_b = await bot.game_in(group_b)
                assert game_b is not None
                if game_b.version > version_b:  # (and any forced moves after it)
                    break
                await asyncio.sleep(0.01)
            assert game_b.version > version_b
            still = await bot.game_in(group_a)
            assert still is not None and still.version == version_a  # A still thinking
            (signals / "go").touch()
            for _ in range(1000):
                still = await bot.game_in(group_a)
                assert still is not None
                if still.version > version_a:
                    break
                await asyncio.sleep(0.01)
            assert still.version > version_a  # and then it moved
    finally:
        (signals / "go").touch()
        workers.close()
        shutil.rmtree(signals, ignore_errors=True)


async def test_a_double_press_applies_once(emu: TelegramEmulator, db_path: Path) -> None:
    async with running_bot(emu, db_path) as bot:
        people = [emu.add_user("Anna"), emu.add_user("Boris")]
        group = emu.add_group("Table", members=people).id
        await start_game(bot, group, people, "draw")
        found = await on_turn(bot, people, group)
        assert found is not None
        user, msg = found
        game = await bot.game_in(group)
        assert game is not None
        data = next(d for d in sorted(msg.callback_datas()) if d[:2] in ("p:", "d:", "s:"))
        first = await emu.press(user, user.id, msg.message_id, data)
        second = await emu.press(user, user.id, msg.message_id, data)
        await bot.settle()
        after = await bot.game_in(group)
        assert after is not None and after.version > game.version  # once, with forced moves
        answers = [emu.callback_answers[first].text, emu.callback_answers[second].text]
        assert answers[0] in (None, "") or "drew" in (answers[0] or "").lower() \
            or "pass" in (answers[0] or "").lower()
        assert "out of date" in (answers[1] or "")
