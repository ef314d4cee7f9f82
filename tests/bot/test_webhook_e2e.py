"""Webhook mode: the emulator POSTs the updates to the library's server and the bot plays
as with long polling; the secret keeps strangers out; polling and a webhook exclude each
other; how ``python -m bot`` chooses between them (:func:`bot.__main__.receiving`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from telegram import Update

from bot.__main__ import SECRET_TOKEN, receiving
from bot.wiring.config import Settings
from engine.domino.record import replay, replay_summary
from tests.bot.emulator import EmulatorHttpServer, TelegramEmulator
from tests.bot.emulator.webhook import SECRET_HEADER
from tests.bot.harness import WEBHOOK_PATH, free_port, open_table, play_to_end, running_bot

ROOT = Path(__file__).resolve().parents[2]
MODES = ["polling", "webhook"]
PUBLIC_URL = "https://bot.example.org/tg/domino"


@pytest.mark.parametrize("mode", MODES)
async def test_whole_game_in_both_modes(emu: TelegramEmulator, db_path: Path,
                                        mode: str) -> None:
    """Two people and a computer play a draw game to its end; every update of the game
    reaches the bot by the mode's way (getUpdates, or a POST answered 200)."""
    users = [emu.add_user("Anna", language_code="ru"), emu.add_user("Boris")]
    group = emu.add_group("Domino club", users)
    async with running_bot(emu, db_path, webhook=mode == "webhook") as bot:
        await open_table(bot, group.id, users, "draw", ai=1)
        await bot.lobby_press(users[0], group.id, "go")
        presses = await play_to_end(bot, group.id, users, random.Random(mode))
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        assert game.view is not None
        summary = replay_summary(replay(await bot.service.record(game.game_id))[0])
        assert summary["totals"] == list(game.view.totals)
        assert emu.pending_updates == 0
        posted = [d for d in emu.deliveries if d.status == 200]
        if mode == "webhook":
            assert bot.receiving is not None
            port = bot.receiving.options["port"]
            assert emu.webhook_url == f"http://127.0.0.1:{port}/{WEBHOOK_PATH}"
            assert emu.call_count("getUpdates", include_polling=True) == 0
            # every press was POSTed (and each update once: none was refused)
            assert len(posted) >= presses + 2
            assert len({d.update_id for d in posted}) == len(posted)
            assert all(d.error is None for d in emu.deliveries)
        else:
            assert emu.webhook_url == "" and not emu.deliveries
            assert emu.call_count("getUpdates", include_polling=True) > 0


async def test_a_post_without_the_secret_is_refused(emu: TelegramEmulator,
                                                    db_path: Path) -> None:
    """Someone who found the URL but not the secret posts a /newgame: 403, no game, no
    message; the same update with the secret the bot set is taken."""
    anna = emu.add_user("Anna")
    group = emu.add_group("Domino club", [anna])
    async with running_bot(emu, db_path, webhook=True) as bot:
        await emu.user_starts_bot(anna)
        await bot.settle()
        before = len(emu.bot_messages(group.id))
        secret = emu.webhook_secret
        assert secret is not None and SECRET_TOKEN.fullmatch(secret)
        update = {"update_id": 900_000_001, "message": {
            "message_id": 77, "date": 1_700_000_000, "text": "/newgame draw",
            "chat": group.to_api(),
            "from": anna.to_api(),
            "entities": [{"type": "bot_command", "offset": 0, "length": 8}]}}
        body = json.dumps(update).encode()
        url = emu.webhook_url
        async with httpx.AsyncClient() as client:
            for headers in ({}, {SECRET_HEADER: "not-the-secret"},
                            {SECRET_HEADER: secret[:-1]}):
                answer = await client.post(url, content=body, headers={
                    "Content-Type": "application/json", **headers})
                assert answer.status_code == 403, (headers, answer.status_code)
            await bot.settle()
            assert await bot.game_in(group.id) is None
            assert len(emu.bot_messages(group.id)) == before
            answer = await client.post(url, content=body, headers={
                "Content-Type": "application/json", SECRET_HEADER: secret})
            assert answer.status_code == 200
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "lobby"


async def test_webhook_and_polling_exclude_each_other(emu: TelegramEmulator,
                                                      db_path: Path) -> None:
    """While the bot's webhook is set getUpdates answers 409; after deleteWebhook a bot
    polling on the same database gets the updates written meanwhile."""
    anna = emu.add_user("Anna")
    group = emu.add_group("Domino club", [anna])
    async with running_bot(emu, db_path, webhook=True) as bot:
        await emu.user_starts_bot(anna)
        await bot.settle()
        status, body = await emu.handle(emu.token, "getUpdates", {"timeout": "0"})
        assert status == 409
        assert body["description"] == (
            "Conflict: can't use getUpdates method while webhook is active; use "
            "deleteWebhook to delete the webhook first")
    # the bot is gone, its webhook is not: the update waits, then polling gets it
    await emu.user_sends(anna, group.id, "/newgame draw")
    assert emu.pending_updates == 1
    status, body = await emu.handle(emu.token, "getWebhookInfo", {})
    assert body["result"]["pending_update_count"] == 1
    assert body["result"]["url"].startswith("http://127.0.0.1:")
    async with running_bot(emu, db_path) as bot:  # polling: deleteWebhook first
        await bot.settle()
        assert emu.webhook_url == ""
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "lobby"
        status, body = await emu.handle(emu.token, "getWebhookInfo", {})
        assert body["result"] == {"url": "", "has_custom_certificate": False,
                                  "pending_update_count": 0}


# --------------------------------------------------------------------------- the process


async def until(emu: TelegramEmulator, reached: Callable[[], bool], what: str) -> None:
    """Settle the emulator until ``reached`` (the bot is another process; while it starts,
    an update refused at its address keeps the emulator busy: settling is tried again)."""
    for _ in range(300):
        with contextlib.suppress(TimeoutError):
            await emu.wait_idle(timeout=5, quiet_rounds=30, settle=0.1)
        if reached():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"never: {what}")


async def start_bot(emu: TelegramEmulator, server: EmulatorHttpServer, tmp_path: Path,
                    port: int, log: Path) -> asyncio.subprocess.Process:
    """``python -m bot`` with WEBHOOK_URL (and no WEBHOOK_SECRET), logging into ``log``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BOT_TOKEN": emu.token,
           "TELEGRAM_API_BASE_URL": server.base_url,
           "DATABASE_PATH": str(tmp_path / "domino.sqlite3"), "AI_DELAY": "0",
           "LOG_LEVEL": "INFO", "AI_WORKERS": "0", "RENDER_WORKERS": "0",
           "WEBHOOK_URL": PUBLIC_URL, "WEBHOOK_LISTEN": "127.0.0.1",
           "WEBHOOK_PORT": str(port)}
    env.pop("WEBHOOK_SECRET", None)
    before = emu.call_count("setWebhook")
    with log.open("wb") as out:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=out)
    await until(emu, lambda: emu.call_count("setWebhook") > before, "setWebhook")
    return proc


async def stop_bot(proc: asyncio.subprocess.Process, log: Path) -> str:
    """SIGTERM: the bot ends with status 0 and no traceback; what it logged."""
    proc.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(proc.wait(), 60) == 0
    text = log.read_text(encoding="utf-8")
    assert "Traceback" not in text, text
    return text


def has_lobby(emu: TelegramEmulator, chat_id: int) -> bool:
    return any(any(d.startswith("l:") for d in m.callback_datas())
               for m in emu.bot_messages(chat_id))


async def test_the_real_bot_in_webhook_mode(tmp_path: Path) -> None:
    """``python -m bot`` with WEBHOOK_URL: it sets its webhook (the public https URL, a
    random secret), listens on WEBHOOK_LISTEN:WEBHOOK_PORT behind the emulator acting as
    the TLS-terminating proxy, answers, refuses a post without the secret, says how it
    receives in one log line without the secret, and ends cleanly on SIGTERM. What is
    written while it is down waits at Telegram and is answered after the restart (with a
    new secret)."""
    emu = TelegramEmulator()
    emu.webhook.longest_retry = 0.2
    port = free_port()
    emu.proxy_webhook(f"http://127.0.0.1:{port}")
    anna = emu.add_user("Anna")
    group = emu.add_group("Domino club", [anna])
    procs: list[asyncio.subprocess.Process] = []
    async with EmulatorHttpServer(emu) as server:
        try:
            first_log = tmp_path / "first.log"
            procs.append(await start_bot(emu, server, tmp_path, port, first_log))
            assert emu.webhook_url == PUBLIC_URL
            first_secret = emu.webhook_secret
            assert first_secret is not None and SECRET_TOKEN.fullmatch(first_secret)
            assert len(first_secret) >= 32
            await emu.user_starts_bot(anna)
            await until(emu, lambda: bool(emu.bot_messages(anna.id)), "an answer to /start")
            assert emu.call_count("getUpdates", include_polling=True) == 0
            assert {d.url for d in emu.deliveries} == {f"http://127.0.0.1:{port}/tg/domino"}
            assert emu.pending_updates == 0
            async with httpx.AsyncClient() as client:
                answer = await client.post(f"http://127.0.0.1:{port}/tg/domino", json={
                    "update_id": 1, "message": {"message_id": 5, "date": 1, "text": "/help",
                                                "chat": anna.to_api(), "from": anna.to_api()}})
            assert answer.status_code == 403
            _, info = await emu.handle(emu.token, "getWebhookInfo", {})
            assert info["result"]["url"] == PUBLIC_URL
            assert info["result"]["pending_update_count"] == 0
            assert info["result"]["allowed_updates"] == list(Update.ALL_TYPES)
            text = await stop_bot(procs[0], first_log)
            assert (f"Receiving updates by webhook: listening on 127.0.0.1:{port}, Telegram "
                    f"posts to {PUBLIC_URL}") in text
            assert first_secret not in text and emu.token not in text

            # the bot is down: the /newgame is refused at its address and waits
            refused = len(emu.deliveries)
            await emu.user_sends(anna, group.id, "/newgame draw")
            for _ in range(400):
                if len(emu.deliveries) > refused:
                    break
                await asyncio.sleep(0.01)
            assert emu.deliveries[-1].error == "Connection refused"
            assert emu.pending_updates == 1 and not has_lobby(emu, group.id)

            second_log = tmp_path / "second.log"
            procs.append(await start_bot(emu, server, tmp_path, port, second_log))
            assert emu.webhook_secret not in (None, first_secret)
            await until(emu, lambda: has_lobby(emu, group.id), "a lobby after the restart")
            assert emu.pending_updates == 0
            await stop_bot(procs[1], second_log)
        finally:
            for proc in procs:
                if proc.returncode is None:
                    proc.kill()
                    await proc.wait()
            await emu.stop_delivering()


# --------------------------------------------------------------------------- the choice


def test_polling_without_a_webhook_url(tmp_path: Path) -> None:
    how = receiving(Settings(token="1:x", database_path=tmp_path / "db"))
    assert not how.webhook
    assert how.options == {"allowed_updates": Update.ALL_TYPES, "bootstrap_retries": -1,
                           "drop_pending_updates": False}
    assert how.describe() == "Receiving updates by long polling"


def test_webhook_options_from_the_settings(tmp_path: Path) -> None:
    settings = Settings(token="1:x", database_path=tmp_path / "db",
                        webhook_url="https://bot.example.org:8443/tg/domino",
                        webhook_listen="0.0.0.0", webhook_port=9000,
                        webhook_secret="s3cret_-token")
    how = receiving(settings)
    assert how.webhook
    assert how.options == {
        "allowed_updates": Update.ALL_TYPES, "bootstrap_retries": -1,
        "drop_pending_updates": False, "listen": "0.0.0.0", "port": 9000,
        "url_path": "tg/domino", "webhook_url": "https://bot.example.org:8443/tg/domino",
        "secret_token": "s3cret_-token"}
    line = how.describe()
    assert "0.0.0.0:9000" in line and "https://bot.example.org:8443/tg/domino" in line
    assert "s3cret" not in line


def test_a_random_secret_when_none_is_set(tmp_path: Path) -> None:
    """Without WEBHOOK_SECRET every start gets a new one, valid for Telegram."""
    settings = Settings(token="1:x", database_path=tmp_path / "db",
                        webhook_url="https://bot.example.org/")
    secrets = {receiving(settings).options["secret_token"] for _ in range(20)}
    assert len(secrets) == 20
    for secret in secrets:
        assert re.fullmatch(r"[A-Za-z0-9_-]{1,256}", secret), secret
        assert len(secret) >= 32
    assert receiving(settings).options["url_path"] == ""
