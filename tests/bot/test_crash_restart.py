"""kill -9 between saving a move and the last message it causes, then a restart: every
message comes back in line with the stored game, and play goes on without anyone
typing a command.

The bot runs as its own process (``python -m bot``) against the HTTP emulator in
this process. The emulator holds a chosen call of the move (the answer, a hand, the
table, ...) in flight; the bot is killed while it waits; the held call is dropped
unapplied (as if the connection died with the process); a new bot process starts
on the same database file.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from service import GameService
from tests.bot.emulator import EmulatorHttpServer, Failure, Message, TelegramEmulator, User

ROOT = Path(__file__).resolve().parents[2]
MOVE = re.compile(r"^[pdso]:(\d+):(\d+)(?::|$)")


class BotProcess:
    def __init__(self, server: EmulatorHttpServer, emu: TelegramEmulator, db: Path,
                 cwd: Path) -> None:
        self.server, self.emu, self.db, self.cwd = server, emu, db, cwd
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "BOT_TOKEN": self.emu.token,
               "TELEGRAM_API_BASE_URL": self.server.base_url, "DATABASE_PATH": str(self.db),
               "AI_DELAY": "0", "SOLO_AI_DELAY": "0", "LOG_LEVEL": "WARNING", "AI_WORKERS": "0",
               "RENDER_WORKERS": "0"}
        before = self.emu.call_count("deleteWebhook")
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=self.cwd, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        for _ in range(600):  # started: polling begins (after post_init, reconciling included)
            if self.emu.call_count("deleteWebhook") > before:
                break
            await asyncio.sleep(0.05)
        else:
            raise TimeoutError("the bot process did not start")

    async def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        self.proc = None

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()
        self.proc = None


async def settle(emu: TelegramEmulator) -> None:
    await emu.wait_idle(timeout=30, quiet_rounds=30, settle=0.4)


async def settle_until(emu: TelegramEmulator, reached: Callable[[], bool],
                       timeout: float = 60.0) -> None:
    """Settle until ``reached`` holds: a restarted bot may be quiet for longer than a
    settle while it draws a picture on a loaded machine, and that is not the end."""
    deadline = asyncio.get_running_loop().time() + timeout
    await settle(emu)
    while not reached() and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.2)
        await settle(emu)


@contextlib.asynccontextmanager
async def world(tmp_path: Path) -> AsyncIterator[tuple[TelegramEmulator, BotProcess]]:
    emu = TelegramEmulator()
    server = EmulatorHttpServer(emu)
    await server.start()
    bot = BotProcess(server, emu, tmp_path / "domino.sqlite3", tmp_path)
    try:
        await bot.start()
        yield emu, bot
    finally:
        await bot.stop()
        emu.close()
        await server.stop()


async def stored(db: Path, chat_id: int) -> tuple[int, int, int | None, str]:
    """(game id, version, seat on turn, status) of the chat's game, from the file."""
    service = await GameService.open(db)
    try:
        game = await service.last_game(chat_id)
        assert game is not None
        return game.game_id, game.version, game.turn, game.status
    finally:
        await service.close()


def hand(emu: TelegramEmulator, user: User) -> Message | None:
    for m in reversed(emu.bot_messages(user.id)):
        if any(MOVE.match(d) or d.startswith("t:") for d in m.callback_datas()):
            return m
    return None


def _versions(msg: Message) -> set[int]:
    """The game versions the move buttons of a hand name."""
    return {int(m[2]) for d in msg.callback_datas() if (m := MOVE.match(d))}


def move_button(msg: Message) -> str | None:
    for prefix in ("p:", "d:", "s:"):
        datas = sorted(d for d in msg.callback_datas() if d.startswith(prefix))
        if datas:
            return datas[0]
    return None


async def begin(emu: TelegramEmulator, group: int, users: list[User], *,
                start: bool = True) -> None:
    if start:
        for u in users:
            await emu.user_starts_bot(u)
    await emu.user_sends(users[0], group, "/newgame draw")
    await settle(emu)
    lobby = next(m for m in reversed(emu.bot_messages(group))
                 if any(d.startswith("l:") for d in m.callback_datas()))
    join = next(d for d in lobby.callback_datas() if d.endswith(":j"))
    await emu.press(users[1], group, lobby.message_id, join)
    await settle(emu)
    lobby = next(m for m in reversed(emu.bot_messages(group))
                 if any(d.startswith("l:") for d in m.callback_datas()))
    go = next(d for d in lobby.callback_datas() if d.endswith(":go"))
    await emu.press(users[0], group, lobby.message_id, go)


SUMMARY = re.compile(r"Round \d+:")  # a round's summary picture (the live table: "round 1")


def live_tables(emu: TelegramEmulator, group: int) -> list[Message]:
    """The group's table pictures that are not a round's summary."""
    return [m for m in emu.bot_messages(group)
            if m.has_media and not SUMMARY.search(m.caption or "")]


async def check_in_line(emu: TelegramEmulator, db: Path, group: int,
                        users: list[User]) -> None:
    """Every message shows the stored version; the player on turn can move.

    A round with a move has one live table naming the player on turn; a round not
    begun has none yet (the last picture is the last round's summary, and the first
    round has no picture at all) and gets it with its first move. The restarted bot
    is another process: its messages are waited for (until the emulator is quiet and
    they show the stored state, or 20 s) before the checks."""
    _, version, turn, status = await stored(db, group)
    assert status == "playing" and turn is not None
    on_turn = users[turn]

    def fresh_round() -> bool:
        msg = hand(emu, on_turn)
        return msg is not None and "Your lead" in (msg.text or "")

    def table_ok() -> bool:
        live = live_tables(emu, group)
        if fresh_round() and not live:
            media = [m for m in emu.bot_messages(group) if m.has_media]
            # the first round has no picture yet (every ended round leaves its summary)
            return not media or bool(SUMMARY.search(media[-1].caption or ""))
        return len(live) == 1 and f"Turn: {on_turn.first_name}" in (live[0].caption or "")

    for _ in range(100):
        msg = hand(emu, on_turn)
        if table_ok() and msg is not None and _versions(msg) == {version}:
            break
        await asyncio.sleep(0.2)
        await settle(emu)
    tables = live_tables(emu, group)
    assert len(tables) <= 1, f"{len(tables)} live tables in the group"
    assert table_ok(), ([m.caption for m in emu.bot_messages(group) if m.has_media],
                        (hand(emu, on_turn) or emu).text)  # type: ignore[union-attr]
    for seat, user in enumerate(users):
        msg = hand(emu, user)
        assert msg is not None, f"{user.first_name} has no hand"
        if seat == turn:
            assert _versions(msg) == {version}, (_versions(msg), version, msg.text)
    data = move_button(hand(emu, on_turn))  # type: ignore[arg-type]
    assert data is not None
    qid = await emu.press(on_turn, on_turn.id, hand(emu, on_turn).message_id, data)  # type: ignore[union-attr]
    await settle(emu)
    answer = emu.callback_answers.get(qid)
    assert answer is not None and not (answer.text or "").startswith(("That", "This"))
    assert (await stored(db, group))[1] > version  # his move (and any forced ones after it)
    for _ in range(100):  # after a move there is exactly one live table
        if len(live_tables(emu, group)) == 1:
            break
        await asyncio.sleep(0.2)
        await settle(emu)
    assert len(live_tables(emu, group)) == 1


# (method, whose chat) held when the bot is killed; "mover"/"next" are private chats
POINTS = [
    ("answerCallbackQuery", None),
    ("editMessageText", "mover"),
    ("editMessageText", "next"),
    ("editMessageMedia", "group"),
]


@pytest.mark.parametrize(("method", "where"), POINTS)
async def test_kill_between_a_move_and_its_messages(tmp_path: Path, method: str,
                                                    where: str | None) -> None:
    async with world(tmp_path) as (emu, bot):
        anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
        group = emu.add_group("Table", members=[anna, boris]).id
        users = [anna, boris]
        await begin(emu, group, users)
        await settle(emu)
        if method == "editMessageMedia":  # the table is sent with the lead, then edited
            await lead(emu, bot.db, group, users)
        _, version, turn, _ = await stored(bot.db, group)
        assert turn is not None
        mover, nxt = users[turn], users[1 - turn]
        msg = hand(emu, mover)
        assert msg is not None
        data = move_button(msg)
        assert data is not None, (msg.text, msg.callback_datas(), turn, version)
        chat = {"mover": mover.id, "next": nxt.id, "group": group, None: None}[where]
        gate = emu.hold(method=method, chat_id=chat, count=1)
        await emu.press(mover, mover.id, msg.message_id, data)
        await gate.wait_reached(timeout=20)
        await bot.kill()
        gate.fail(Failure.timed_out())
        assert (await stored(bot.db, group))[1] > version  # the move (and forced ones) saved
        await bot.start()
        await settle(emu)
        await check_in_line(emu, bot.db, group, users)


async def lead(emu: TelegramEmulator, db: Path, group: int, users: list[User]) -> None:
    """The player on turn leads the round; its table comes with the lead."""
    _, _, turn, _ = await stored(db, group)
    assert turn is not None
    msg = hand(emu, users[turn])
    assert msg is not None and "Your lead" in (msg.text or "")
    data = move_button(msg)
    assert data is not None and data.startswith("p:")
    await emu.press(users[turn], users[turn].id, msg.message_id, data)
    for _ in range(100):  # the table is there and the next hand names the stored version
        await settle(emu)
        _, version, turn, _ = await stored(db, group)
        msg = hand(emu, users[turn]) if turn is not None else None
        if live_tables(emu, group) and msg is not None and _versions(msg) == {version}:
            break
        await asyncio.sleep(0.2)
    assert len(live_tables(emu, group)) == 1


@pytest.mark.parametrize("method", ["sendPhoto", "sendMessage"])
async def test_kill_during_start(tmp_path: Path, method: str) -> None:
    """Killed while the first hand is on its way (the start), or the first table (sent
    with the lead): after the restart both hands are there, no table before the lead,
    one table after it."""
    async with world(tmp_path) as (emu, bot):
        anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
        group = emu.add_group("Table", members=[anna, boris]).id
        users = [anna, boris]
        for u in users:
            await emu.user_starts_bot(u)
        await settle(emu)
        if method == "sendMessage":
            gate = emu.hold(method=method, count=1,
                            where=lambda p: p.account_chat in (anna.id, boris.id))
            await begin(emu, group, users, start=False)
        else:
            await begin(emu, group, users, start=False)
            await settle(emu)
            assert not [m for m in emu.bot_messages(group) if m.has_media]  # none yet
            _, version, turn, _ = await stored(bot.db, group)
            assert turn is not None
            leader = users[turn]
            msg = hand(emu, leader)
            assert msg is not None and "Your lead" in (msg.text or "")
            data = move_button(msg)
            assert data is not None and data.startswith("p:")
            gate = emu.hold(method=method, chat_id=group, count=1)
            await emu.press(leader, leader.id, msg.message_id, data)
        await gate.wait_reached(timeout=20)
        await bot.kill()
        gate.fail(Failure.timed_out())
        if method == "sendPhoto":
            assert (await stored(bot.db, group))[1] > version  # the lead was saved
        await bot.start()
        await settle(emu)
        if method == "sendPhoto":  # the lost first table is sent after the restart
            for _ in range(100):
                if live_tables(emu, group):
                    break
                await asyncio.sleep(0.2)
                await settle(emu)
            assert len(live_tables(emu, group)) == 1
        await check_in_line(emu, bot.db, group, users)


async def test_kill_before_a_round_summary(tmp_path: Path) -> None:
    """Killed while the round's summary is on its way: after the restart the group gets
    the summary, then the new round's table, and play goes on."""
    async with world(tmp_path) as (emu, bot):
        anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
        group = emu.add_group("Table", members=[anna, boris]).id
        users = [anna, boris]
        await begin(emu, group, users)
        await settle(emu)
        gate = emu.hold(method="sendPhoto", chat_id=group, count=1,
                        where=lambda p: "Round 1:" in str(p.get("caption") or ""))
        for _ in range(200):
            if gate.total:
                break
            _, _, turn, status = await stored(bot.db, group)
            assert status == "playing" and turn is not None
            msg = hand(emu, users[turn])
            data = move_button(msg) if msg is not None else None
            if msg is None or data is None:
                await settle(emu)
                continue
            await emu.press(users[turn], users[turn].id, msg.message_id, data)
            await emu.wait_idle(timeout=30, quiet_rounds=10, settle=0.1)
        await gate.wait_reached(timeout=20)
        await bot.kill()
        gate.fail(Failure.timed_out())
        await bot.start()

        def summaries() -> list[Message]:
            return [m for m in emu.bot_messages(group)
                    if "Round 1:" in (m.text or "") + (m.caption or "")]

        await settle_until(emu, lambda: bool(summaries()))
        said = summaries()
        assert len(said) == 1 and said[0].has_media  # the summary, one new picture
        # the next round's table comes with its first move, under the summary
        await check_in_line(emu, bot.db, group, users)
        table = live_tables(emu, group)[-1]
        assert table.message_id > said[0].message_id
