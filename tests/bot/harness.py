"""The bot under test: the real Application driven through the Telegram emulator,
and the helpers the end-to-end tests play it with (the fixtures are in conftest)."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import socket
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.__main__ import Receiving, receiving
from bot.kinds.registry import KINDS
from bot.wiring.app import build_application
from bot.wiring.config import Settings
from bot.wiring.state import get_state
from service import GameInfo
from tests.bot.emulator import (
    EmulatorHttpServer,
    EmulatorRequest,
    Message,
    TelegramEmulator,
    User,
)

AnyApp = Any

# a hand's buttons: the domino codec's moves, and every kind's own buttons
MOVE_PREFIXES = ("p:", "d:", "s:", "t:", *(f"{k.prefix}:" for k in KINDS if k.prefix))


def test_settings(emu: TelegramEmulator, db_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "token": emu.token, "database_path": db_path, "ai_delay": 0.0, "solo_ai_delay": 0.0,
        "group_rate_limit": 0, "overall_rate_limit": 0, "private_interval": 0.0,
        "max_retries": 3,
        # no budgets for the players of these tests (the flood tests set their own)
        "user_commands": 0, "chat_commands": 0, "user_presses": 0,
    }
    values.update(overrides)
    return Settings(**values)


test_settings.__test__ = False  # type: ignore[attr-defined]


def _jobs_busy(app: AnyApp) -> bool:
    state = app.bot_data.get("domino_state")
    if state is not None and state.outbox.busy():
        return True
    queue = app.job_queue
    if queue is None:
        return False
    now = datetime.datetime.now(datetime.UTC)
    soon = now + datetime.timedelta(seconds=2)
    # jobs due soon (a test that sets a long pause wants them to wait)
    if any(job.next_t is not None and job.next_t <= soon for job in queue.jobs()):
        return True
    executor = queue.scheduler._executors.get("default")
    return any(not f.done() for f in getattr(executor, "_pending_futures", ()))


@dataclass
class Bot:
    """A running bot and the world around it."""

    emu: TelegramEmulator
    app: AnyApp
    server: EmulatorHttpServer | None = None
    receiving: Receiving | None = None  # how it gets its updates (polling or webhook)
    extra: dict[str, Any] = field(default_factory=dict)

    async def settle(self, timeout: float = 15.0) -> None:
        """Until every update is handled, no call is in flight and no computer move waits."""
        deadline = time.monotonic() + timeout
        while True:
            await self.emu.wait_idle(self.app, timeout=max(0.1, deadline - time.monotonic()))
            if not _jobs_busy(self.app):
                await self.emu.wait_idle(self.app, timeout=max(0.1, deadline - time.monotonic()))
                if not _jobs_busy(self.app):
                    return
            if time.monotonic() > deadline:
                raise TimeoutError("computer moves still pending")
            await asyncio.sleep(0.002)

    @property
    def service(self) -> Any:
        return get_state(self.app).service

    async def game_in(self, chat_id: int) -> GameInfo | None:
        game: GameInfo | None = await self.service.last_game(chat_id)
        return game

    # --------------------------------------------------------------- users acting
    async def send(self, user: User, chat_id: int, text: str) -> None:
        await self.emu.user_sends(user, chat_id, text)
        await self.settle()

    async def press(self, user: User, chat_id: int, message_id: int, data: str,
                    *, forge: bool = False) -> str | None:
        """Press a button; the text of the callback answer."""
        qid = await self.emu.press(user, chat_id, message_id, data, forge=forge)
        await self.settle()
        answer = self.emu.callback_answers.get(qid)
        assert answer is not None, f"press {data!r} was not answered"
        return answer.text

    # --------------------------------------------------------------- finding things
    def lobby(self, chat_id: int) -> Message:
        for m in reversed(self.emu.bot_messages(chat_id)):
            if any(d.startswith("l:") for d in m.callback_datas()):
                return m
        raise AssertionError("no lobby message")

    def lobby_button(self, chat_id: int, prefix: str) -> tuple[int, str]:
        msg = self.lobby(chat_id)
        for data in msg.callback_datas():
            if data.startswith(prefix) or data.split(":", 2)[-1].startswith(prefix):
                return msg.message_id, data
        raise AssertionError(f"no lobby button {prefix!r} in {msg.callback_datas()}")

    async def lobby_press(self, user: User, chat_id: int, action: str) -> str | None:
        mid, data = self.lobby_button(chat_id, action)
        return await self.press(user, chat_id, mid, data)

    def panel(self, user: User) -> Message:
        """The settings panel in the user's private chat (the last one with buttons)."""
        for m in reversed(self.emu.bot_messages(user.id)):
            if any(d.startswith("l:") for d in m.callback_datas()):
                return m
        raise AssertionError("no settings panel")

    def panel_button(self, user: User, action: str) -> tuple[int, str] | None:
        """The message id and data of the panel's button of this action (None: the
        page shown has none)."""
        msg = self.panel(user)
        for data in msg.callback_datas():
            if data.split(":", 2)[-1].startswith(action):
                return msg.message_id, data
        return None

    async def panel_press(self, user: User, action: str) -> str | None:
        """Press a button of the user's settings panel (by action, as lobby_press). A
        variant ("v:<name>") is on the panel's variant page: its ▸ button opens it
        first when the page shown is the options."""
        found = self.panel_button(user, action)
        if found is None and action.startswith("v:") and self.panel_button(user, "pg:v"):
            await self.panel_press(user, "pg:v")
            found = self.panel_button(user, action)
        if found is None:
            raise AssertionError(f"no panel button {action!r} in "
                                 f"{self.panel(user).callback_datas()}")
        return await self.press(user, user.id, *found)

    async def settings(self, user: User, chat_id: int, *actions: str) -> None:
        """Open the settings (the lobby's ⚙), press these panel buttons, press Done."""
        await self.lobby_press(user, chat_id, "c")
        for action in actions:
            await self.panel_press(user, action)
        await self.panel_press(user, "b")

    def hand(self, user: User) -> Message | None:
        for m in reversed(self.emu.bot_messages(user.id)):
            if any(d.startswith(MOVE_PREFIXES) for d in m.callback_datas()):
                return m
        return None

    def table(self, chat_id: int) -> Message | None:
        for m in reversed(self.emu.bot_messages(chat_id)):
            if m.has_media and m.photo_bytes is not None:
                return m
        return None


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


WEBHOOK_PATH = "telegram/webhook"


@contextlib.asynccontextmanager
async def running_bot(emu: TelegramEmulator, db_path: Path, *, http: bool = False,
                      webhook: bool = False, clock: Any = None, workers: Any = None,
                      **overrides: Any) -> AsyncIterator[Bot]:
    """Start the bot as ``run_polling``/``run_webhook`` would (initialize, post_init, start,
    receive) and stop it the same way (stop, shutdown, post_shutdown).

    ``webhook``: the emulator POSTs the updates to the library's server on 127.0.0.1 (a
    local test address: plain http) and the bot calls the emulator over HTTP; the options
    of start_webhook/start_polling are the ones ``python -m bot`` uses
    (:func:`bot.__main__.receiving`)."""
    server: EmulatorHttpServer | None = None
    if webhook:
        port = free_port()
        overrides = {"webhook_url": f"http://127.0.0.1:{port}/{WEBHOOK_PATH}",
                     "webhook_listen": "127.0.0.1", "webhook_port": port, **overrides}
    if http or webhook:
        server = EmulatorHttpServer(emu)
        await server.start()
        settings = test_settings(emu, db_path, api_base_url=server.base_url, **overrides)
        app = build_application(settings, clock=clock, workers=workers)
    else:
        settings = test_settings(emu, db_path, **overrides)
        app = build_application(settings, request=EmulatorRequest(emu),
                                get_updates_request=EmulatorRequest(emu), clock=clock,
                                workers=workers)
    how = receiving(settings)
    emu.attach(app)
    await app.initialize()
    if app.post_init is not None:
        await app.post_init(app)
    await app.start()
    assert app.updater is not None
    if how.webhook:
        await app.updater.start_webhook(**how.options)
    else:
        await app.updater.start_polling(poll_interval=0, timeout=10, **how.options)
    bot = Bot(emu, app, server, receiving=how)
    try:
        yield bot
    finally:
        emu.wake_pollers()
        await app.updater.stop()
        await emu.stop_delivering()  # the bot's server is gone (its webhook stays set)
        await app.stop()
        if app.post_stop is not None:
            await app.post_stop(app)
        await app.shutdown()
        if app.post_shutdown is not None:
            await app.post_shutdown(app)
        if server is not None:
            await server.stop()


# ------------------------------------------------------------------ playing through buttons


def choose(datas: set[str], rng: Any) -> str | None:
    """A legal button of an on-turn hand: a tile if any, else draw, else pass."""
    for prefix in ("p:", "d:", "s:"):
        options = sorted(d for d in datas if d.startswith(prefix))
        if options:
            return str(rng.choice(options))
    return None


async def open_table(bot: Bot, group_id: int, humans: list[User], variant: str, *,
                     ai: int = 0, level: str = "e", target: int | None = None) -> GameInfo:
    """/newgame, everyone joins, computer seats, target; returns the lobby."""
    for u in humans:
        if bot.emu.private_chat(u) is None:
            await bot.emu.user_starts_bot(u)
    await bot.settle()
    await bot.send(humans[0], group_id, f"/newgame {variant}")
    for u in humans[1:]:
        assert await bot.lobby_press(u, group_id, "j") is not None
    for _ in range(ai):
        await bot.lobby_press(humans[0], group_id, f"a:{level}")
    if target is not None:
        await bot.lobby_press(humans[0], group_id, "c")
        for _ in range(6):
            game = await bot.game_in(group_id)
            assert game is not None
            if game.options.get("target") == target:
                break
            await bot.panel_press(humans[0], "tg")
        await bot.panel_press(humans[0], "b")
    game = await bot.game_in(group_id)
    assert game is not None and game.status == "lobby"
    return game


async def play_to_end(bot: Bot, group_id: int, humans: list[User], rng: Any,
                      *, max_presses: int = 5000, stop_after: int | None = None) -> int:
    """Humans press buttons on their hands until the game is over; the presses made."""
    presses = 0
    idle_rounds = 0
    while presses < max_presses:
        game = await bot.game_in(group_id)
        assert game is not None
        if game.status != "playing" or (stop_after is not None and presses >= stop_after):
            return presses
        moved = False
        for u in humans:
            msg = bot.hand(u)
            if msg is None:
                continue
            data = choose(msg.callback_datas(), rng)
            if data is None:
                continue
            text = await bot.press(u, u.id, msg.message_id, data)
            assert text is None or "out of date" not in text, text
            presses += 1
            moved = True
            break
        if not moved:
            idle_rounds += 1
            assert idle_rounds < 50, f"nobody can move: turn {game.turn}, seats {game.seats}"
            await bot.settle()
        else:
            idle_rounds = 0
    raise AssertionError("the game did not end")


def admin_deletes(emu: TelegramEmulator, chat_id: int, message_id: int) -> None:
    """Someone in the group deletes a bot message (the emulator has no update for it:
    Telegram sends bots none either)."""
    del emu._messages[chat_id][message_id]


async def start_game(bot: Bot, group_id: int, humans: list[User], variant: str = "draw",
                     **kw: Any) -> GameInfo:
    await open_table(bot, group_id, humans, variant, **kw)
    await bot.lobby_press(humans[0], group_id, "go")
    game = await bot.game_in(group_id)
    assert game is not None and game.status == "playing"
    return game


async def play_lead(bot: Bot, group_id: int, humans: list[User]) -> tuple[User, str]:
    """The human on turn leads the round with a tile (a round's table is sent with its
    first tile, so a group's table exists only after this); who led and the tile pressed."""
    found = await on_turn(bot, humans, group_id)
    assert found is not None, "no human leads"
    user, msg = found
    data = next(d for d in sorted(msg.callback_datas()) if d.startswith("p:"))
    text = await bot.press(user, user.id, msg.message_id, data)
    assert text is None or "out of date" not in text, text
    await bot.settle()
    assert bot.table(group_id) is not None, "no table after the lead"
    return user, data


async def on_turn(bot: Bot, humans: list[User], group_id: int) -> tuple[User, Message] | None:
    """The human on turn and his hand message (after computer moves settle)."""
    await bot.settle()
    game = await bot.game_in(group_id)
    assert game is not None
    if game.turn is None:
        return None
    for u in humans:
        seat = game.seat_of(u.id)
        if seat is not None and seat.seat == game.turn:
            msg = bot.hand(u)
            assert msg is not None
            return u, msg
    return None


async def press_on_turn(bot: Bot, people: list[User], group_id: int, *, settle: bool = True
                        ) -> tuple[str, int]:
    """The person on turn presses a move (a tile, else draw, else pass), without waiting
    for the bot after it (nor before it: ``settle`` False); (the query's id, the game's
    version before the press)."""
    game = await bot.game_in(group_id)
    assert game is not None
    if settle:
        found = await on_turn(bot, people, group_id)
        assert found is not None
        user, hand = found
        game = await bot.game_in(group_id)
        assert game is not None
    else:
        user = next(u for u in people
                    if (seat := game.seat_of(u.id)) is not None and seat.seat == game.turn)
        shown = bot.hand(user)
        assert shown is not None
        hand = shown
    data = next(d for d in sorted(hand.callback_datas()) if d[:2] in ("p:", "d:", "s:"))
    return await bot.emu.press(user, user.id, hand.message_id, data), game.version


async def answered(emu: TelegramEmulator, qid: str) -> None:
    """Until the press ``qid`` is answered (whatever else the bot still does)."""
    for _ in range(2000):
        if qid in emu.callback_answers:
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"press {qid} was not answered")


async def reviewed(bot: Bot, emu: TelegramEmulator, group_id: int, user: User, game_id: int
                   ) -> str:
    """A finished game's review as its player gets it: the «Review» button is under the
    result in the group, and ``/review N`` in his private chat ends in its summary (the
    progress message's last text)."""
    assert any(f"v:{game_id}" in m.callback_datas() for m in emu.bot_messages(group_id))
    start = len(emu.history(user.id))
    await emu.user_sends(user, user.id, f"/review {game_id}")
    await bot.settle(timeout=240.0)
    texts = [str((h.snapshot or {}).get("text") or "") for h in emu.history(user.id)[start:]
             if h.action in ("send", "edit") and h.snapshot is not None]
    summary = next((t for t in reversed(texts) if t.startswith("🔍")), "")
    assert f" {game_id} " in summary, texts
    return summary
