"""The emulator's webhooks: setWebhook checked as Telegram checks it, getWebhookInfo,
updates POSTed one by one with the secret, retried until a 2xx, getUpdates refused
meanwhile, and ``wait_idle`` waiting for the deliveries."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.bot.emulator import TelegramEmulator
from tests.bot.emulator.webhook import BAD_PORT, BAD_SECRET, HTTPS_REQUIRED, NO_HOST


@dataclass
class Receiver:
    """A bot's webhook server in miniature: records every POST and answers with the next
    of ``statuses`` (then 200)."""

    statuses: list[int] = field(default_factory=list)
    posts: list[tuple[str, dict[str, str], Any]] = field(default_factory=list)
    port: int = 0
    writers: list[asyncio.StreamWriter] = field(default_factory=list)

    async def on_connect(self, reader: asyncio.StreamReader,
                         writer: asyncio.StreamWriter) -> None:
        self.writers.append(writer)
        with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError):
            while True:
                line = await reader.readline()
                if not line:
                    break
                path = line.decode().split()[1]
                headers: dict[str, str] = {}
                while (raw := await reader.readline()) not in (b"\r\n", b""):
                    name, _, value = raw.decode().partition(":")
                    headers[name.strip().lower()] = value.strip()
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                self.posts.append((path, headers, json.loads(body)))
                status = self.statuses.pop(0) if self.statuses else 200
                writer.write(f"HTTP/1.1 {status} X\r\nContent-Length: 0\r\n\r\n".encode())
                await writer.drain()
        writer.close()


@contextlib.asynccontextmanager
async def receiver(*statuses: int) -> AsyncIterator[Receiver]:
    r = Receiver(list(statuses))
    server = await asyncio.start_server(r.on_connect, "127.0.0.1", 0)
    r.port = int(server.sockets[0].getsockname()[1])
    try:
        yield r
    finally:
        server.close()
        for writer in r.writers:  # kept-alive connections die with the server
            writer.close()


async def call(emu: TelegramEmulator, method: str, **fields: Any) -> tuple[int, Any]:
    status, body = await emu.handle(emu.token, method, {
        k: v if isinstance(v, str) else json.dumps(v) for k, v in fields.items()})
    return status, body.get("result", body.get("description"))


@pytest.fixture
async def emu() -> AsyncIterator[TelegramEmulator]:
    e = TelegramEmulator()
    e.webhook.first_retry = 0.01
    e.webhook.longest_retry = 0.05
    yield e
    await e.stop_delivering()


@pytest.mark.parametrize(("url", "error"), [
    ("http://bot.example.org/hook", HTTPS_REQUIRED),
    ("http://10.0.0.5:8080/hook", HTTPS_REQUIRED),
    ("ftp://bot.example.org/hook", HTTPS_REQUIRED),
    ("https://bot.example.org:8080/hook", BAD_PORT),
    ("https:///hook", NO_HOST),
    ("https://bot.example.org:99999/", NO_HOST),
])
async def test_set_webhook_refuses_what_telegram_refuses(emu: TelegramEmulator, url: str,
                                                         error: str) -> None:
    assert await call(emu, "setWebhook", url=url) == (400, f"Bad Request: {error}")
    assert emu.webhook_url == ""


@pytest.mark.parametrize("url", [
    "https://bot.example.org/hook", "https://bot.example.org:8443/a/b", "https://x.org:88",
    "http://127.0.0.1:8123/hook", "http://localhost:1/", "http://[::1]:9000/x",
])
async def test_set_webhook_accepts_https_and_local_http(emu: TelegramEmulator,
                                                        url: str) -> None:
    assert await call(emu, "setWebhook", url=url) == (200, True)
    assert emu.webhook_url == url


@pytest.mark.parametrize("secret", ["", "a b", "ключ", "x" * 257, "semi;colon"])
async def test_secret_token_alphabet_and_length(emu: TelegramEmulator, secret: str) -> None:
    status, text = await call(emu, "setWebhook", url="https://x.org/", secret_token=secret)
    if secret == "":  # empty: no secret, as not given
        assert status == 200 and emu.webhook_secret is None
    else:
        assert (status, text) == (400, f"Bad Request: {BAD_SECRET}")
    assert await call(emu, "setWebhook", url="https://x.org/",
                      secret_token="A-z_0" * 51 + "9") == (200, True)
    assert emu.webhook_secret == "A-z_0" * 51 + "9"


async def test_webhook_info_and_delete(emu: TelegramEmulator) -> None:
    u = emu.add_user("Anna")
    await emu.user_starts_bot(u)
    assert await call(emu, "getWebhookInfo") == (200, {
        "url": "", "has_custom_certificate": False, "pending_update_count": 1})
    await call(emu, "setWebhook", url="https://x.org/hook", max_connections=500,
               allowed_updates=["message", "callback_query"])
    _, info = await call(emu, "getWebhookInfo")
    assert info["url"] == "https://x.org/hook" and info["max_connections"] == 100
    assert info["allowed_updates"] == ["message", "callback_query"]
    assert info["pending_update_count"] == 1
    # no proxy for an https webhook: the delivery fails and is recorded
    for _ in range(200):
        if emu.deliveries:
            break
        await asyncio.sleep(0.005)
    _, info = await call(emu, "getWebhookInfo")
    assert isinstance(info["last_error_date"], int)
    assert info["last_error_message"].startswith("Connection refused")
    assert emu.pending_updates == 1
    assert await call(emu, "deleteWebhook", drop_pending_updates=True) == (200, True)
    assert await call(emu, "getWebhookInfo") == (200, {
        "url": "", "has_custom_certificate": False, "pending_update_count": 0})
    # setWebhook with an empty URL removes it as well
    await call(emu, "setWebhook", url="https://x.org/hook")
    assert await call(emu, "setWebhook", url="") == (200, True)
    assert emu.webhook_url == ""


async def test_updates_posted_in_order_with_the_secret(emu: TelegramEmulator) -> None:
    u = emu.add_user("Anna")
    async with receiver() as r:
        await call(emu, "setWebhook", url=f"http://127.0.0.1:{r.port}/tg/hook",
                   secret_token="s3cret")
        await emu.user_starts_bot(u)
        for i in range(5):
            await emu.user_sends(u, u.id, f"text {i}")
        await emu.wait_idle()
        assert emu.pending_updates == 0
        assert [p[0] for p in r.posts] == ["/tg/hook"] * 6
        assert all(p[1]["x-telegram-bot-api-secret-token"] == "s3cret" for p in r.posts)
        assert all(p[1]["content-type"] == "application/json" for p in r.posts)
        texts = [p[2]["message"]["text"] for p in r.posts]
        assert texts == ["/start"] + [f"text {i}" for i in range(5)]
        ids = [p[2]["update_id"] for p in r.posts]
        assert ids == sorted(ids) and len(set(ids)) == 6


async def test_refused_posts_are_retried_and_wait_idle_waits(emu: TelegramEmulator) -> None:
    """The bot's server answers 500, 403, then nothing (connection refused) and finally
    200: the update is sent again each time and only then leaves the queue; wait_idle
    returns after that."""
    u = emu.add_user("Anna")
    async with receiver(500, 403) as r:
        await call(emu, "setWebhook", url=f"http://127.0.0.1:{r.port}/")
        await emu.user_starts_bot(u)
        await emu.wait_idle()
        assert emu.pending_updates == 0
        assert [d.status for d in emu.deliveries] == [500, 403, 200]
        assert len({d.update_id for d in emu.deliveries}) == 1
        _, info = await call(emu, "getWebhookInfo")
        assert info["last_error_message"] == "Wrong response from the webhook: 403 Forbidden"
    # the server is gone: refused until one listens there again
    await emu.user_sends(u, u.id, "later")
    for _ in range(400):
        if len(emu.deliveries) >= 5:
            break
        await asyncio.sleep(0.005)
    assert [d.error for d in emu.deliveries[3:5]] == ["Connection refused"] * 2
    assert emu.pending_updates == 1
    async with receiver() as again:
        # the webhook moves to the new server; its one update arrives there
        await call(emu, "setWebhook", url=f"http://127.0.0.1:{again.port}/")
        await emu.wait_idle()
        assert [p[2]["message"]["text"] for p in again.posts] == ["later"]
    _, info = await call(emu, "getWebhookInfo")
    assert "last_error_message" not in info


async def test_get_updates_while_a_webhook_is_set(emu: TelegramEmulator) -> None:
    u = emu.add_user("Anna")
    await emu.user_starts_bot(u)
    await call(emu, "setWebhook", url="https://x.org/")
    assert await call(emu, "getUpdates") == (409, (
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook "
        "to delete the webhook first"))
    await call(emu, "deleteWebhook")
    status, updates = await call(emu, "getUpdates")
    assert status == 200 and [x["message"]["text"] for x in updates] == ["/start"]


async def test_a_long_poll_ends_when_a_webhook_is_set(emu: TelegramEmulator) -> None:
    poll = asyncio.create_task(call(emu, "getUpdates", timeout=30))
    await asyncio.sleep(0.01)
    await call(emu, "setWebhook", url="https://x.org/")
    status, _ = await asyncio.wait_for(poll, 5)
    assert status == 409


async def test_allowed_updates_and_dropping(emu: TelegramEmulator) -> None:
    """Kinds the bot did not ask for are not posted; drop_pending_updates drops."""
    u = emu.add_user("Anna")
    g = emu.add_group("G", [u])
    async with receiver() as r:
        await emu.user_sends(u, g.id, "before")
        await call(emu, "setWebhook", url=f"http://127.0.0.1:{r.port}/",
                   drop_pending_updates=True, allowed_updates=["callback_query"])
        await emu.user_sends(u, g.id, "not asked for")
        await emu.wait_idle()
        assert r.posts == [] and emu.pending_updates == 0
        await call(emu, "setWebhook", url=f"http://127.0.0.1:{r.port}/",
                   allowed_updates=["message"])
        await emu.user_sends(u, g.id, "asked for")
        await emu.wait_idle()
        assert [p[2]["message"]["text"] for p in r.posts] == ["asked for"]


async def test_https_through_the_proxy(emu: TelegramEmulator) -> None:
    """An https webhook reaches the local server the proxy names, at the URL's path."""
    u = emu.add_user("Anna")
    async with receiver() as r:
        emu.proxy_webhook(f"http://127.0.0.1:{r.port}")
        await call(emu, "setWebhook", url="https://bot.example.org/tg/x?k=1",
                   secret_token="abc")
        await emu.user_starts_bot(u)
        await emu.wait_idle()
        assert [p[0] for p in r.posts] == ["/tg/x?k=1"]
        assert emu.deliveries[0].url == f"http://127.0.0.1:{r.port}/tg/x?k=1"
