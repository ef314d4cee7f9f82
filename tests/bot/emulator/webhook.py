"""Webhooks: ``setWebhook``, ``deleteWebhook``, ``getWebhookInfo`` and the delivery of
updates by HTTP POST, as Telegram does it.

While a webhook is set, every pending update is POSTed as a JSON body to its URL (with the
header ``X-Telegram-Bot-Api-Secret-Token`` when a secret was given), and ``getUpdates``
answers 409. An update leaves the queue only when the bot's server answered it with a 2xx;
any other answer, a refused connection or no answer within :attr:`Webhook.timeout` is
recorded as ``last_error_date``/``last_error_message`` and the same update is sent again
after a back-off (from :attr:`Webhook.first_retry`, doubled up to :attr:`Webhook.longest_retry`).
Updates go one at a time and in order, whatever ``max_connections`` (which is kept and
reported): Telegram with ``max_connections=1``.

Addresses, like Telegram: the URL must be ``https://`` on port 443, 80, 88 or 8443 - except a
local test address, ``http://`` on a loopback host (127.x.x.x, ``localhost``, ``::1``) and
any port, which the emulator accepts and POSTs to directly. The emulator speaks no TLS: an
``https://`` webhook is delivered through :attr:`Webhook.proxy`, e.g.
``"http://127.0.0.1:8080"``, to which the registered URL's path is appended - a reverse
proxy terminating TLS in front of the bot. Without a proxy such deliveries fail (recorded
as the last error) and are retried.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any
from urllib.parse import urlsplit

import httpx

from .errors import bad_request
from .models import Json
from .params import Params
from .polling import UpdateQueue

SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")
PORTS = (443, 80, 88, 8443)
HTTPS_REQUIRED = "bad webhook: An HTTPS URL must be provided for webhook"
BAD_PORT = "bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"
NO_HOST = "bad webhook: Failed to resolve host: Name or service not known"
BAD_SECRET = "secret token contains unallowed characters"
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


@dataclass(frozen=True, slots=True)
class Delivery:
    """One POST of an update: where to, and the status answered (None: no answer)."""

    update_id: int
    url: str
    status: int | None
    error: str | None


def is_local(host: str) -> bool:
    """A loopback host: where a test's own server listens."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Webhook:
    """The bot's webhook and the task delivering updates to it."""

    def __init__(self, updates: UpdateQueue,
                 on_deliver: Callable[[list[Json]], None] | None = None) -> None:
        self.updates = updates
        self.url = ""  # "": no webhook (getUpdates allowed)
        self.secret: str | None = None
        self.max_connections = 40
        self.allowed_given: list[str] | None = None
        self.last_error: tuple[int, str] | None = None  # (unix time, message)
        self.proxy: str | None = None  # where https webhooks are delivered, see the module
        self.timeout = 10.0  # seconds the bot's server has to answer one POST
        self.first_retry = 0.05
        self.longest_retry = 1.0
        self.deliveries: list[Delivery] = []
        self._on_deliver = on_deliver
        self._task: asyncio.Task[None] | None = None

    def handlers(self) -> dict[str, Callable[[Params], Any]]:
        return {
            "setWebhook": self.set_webhook,
            "deleteWebhook": self.delete_webhook,
            "getWebhookInfo": self.get_webhook_info,
        }

    # ------------------------------------------------------------------ Bot API methods
    def set_webhook(self, p: Params) -> bool:
        url = (p.get("url") or "").strip()
        if not url:  # an empty URL removes the webhook, as deleteWebhook
            return self.delete_webhook(p)
        check_url(url)
        secret = p.get("secret_token")
        if secret is not None and secret != "" and not SECRET.fullmatch(secret):
            raise bad_request(BAD_SECRET)
        allowed = p.get_json("allowed_updates", "allowed updates")
        if isinstance(allowed, list):
            self.allowed_given = [str(a) for a in allowed]
            self.updates.set_allowed(self.allowed_given)
        self.max_connections = min(max(p.get_int("max_connections", 40) or 40, 1), 100)
        if p.get_bool("drop_pending_updates"):
            self.updates.drop_pending()
        if url != self.url:
            self.last_error = None
        self.url = url
        self.secret = secret or None
        self.updates.webhook_set = True
        self.updates.wake_pollers()  # a long poll under way ends; the next one gets 409
        self._start()
        return True

    def delete_webhook(self, p: Params) -> bool:
        if p.get_bool("drop_pending_updates"):
            self.updates.drop_pending()
        self.url = ""
        self.secret = None
        self.last_error = None
        self.updates.webhook_set = False
        self._cancel()
        return True

    def get_webhook_info(self, p: Params) -> Json:
        info: Json = {"url": self.url, "has_custom_certificate": False,
                      "pending_update_count": len(self.updates.pending)}
        if not self.url:
            return info
        info["max_connections"] = self.max_connections
        if self.allowed_given is not None:
            info["allowed_updates"] = list(self.allowed_given)
        if self.last_error is not None:
            info["last_error_date"], info["last_error_message"] = self.last_error
        return info

    # ------------------------------------------------------------------ delivering
    def target(self) -> str:
        """Where the next POST goes: the URL itself, or the proxy for an https one."""
        if not self.url.startswith("https://") or self.proxy is None:
            return self.url
        parts = urlsplit(self.url)
        query = f"?{parts.query}" if parts.query else ""
        return f"{self.proxy.rstrip('/')}{parts.path or '/'}{query}"

    def _start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._deliver_forever())

    def _cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def stop(self) -> None:
        """Stop delivering (the webhook stays set; the next setWebhook goes on)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def close(self) -> None:
        self._cancel()

    async def _deliver_forever(self) -> None:
        wait = self.first_retry
        async with httpx.AsyncClient(timeout=self.timeout) as client:
            while True:
                update = self.updates.next_for_webhook()
                if update is None:
                    await self.updates.new_update()
                    continue
                if await self._post(client, update):
                    self.updates.acknowledge(update["update_id"])
                    wait = self.first_retry
                else:
                    await asyncio.sleep(wait)
                    wait = min(self.longest_retry, wait * 2)

    async def _post(self, client: httpx.AsyncClient, update: Json) -> bool:
        """POST one update; whether the bot's server took it (a 2xx)."""
        url = self.target()
        headers = {"Content-Type": "application/json"}
        if self.secret is not None:
            headers[SECRET_HEADER] = self.secret
        if self._on_deliver is not None:
            self._on_deliver([update])
        self.updates.activity += 1
        status: int | None = None
        error: str | None = None
        if url.startswith("https://"):
            error = "Connection refused (the emulator delivers https webhooks via its proxy)"
        else:
            try:
                answer = await client.post(url, content=json.dumps(update).encode(),
                                           headers=headers)
                status = answer.status_code
                if not 200 <= status < 300:
                    error = f"Wrong response from the webhook: {status} {_phrase(status)}"
            except httpx.TimeoutException:
                error = "Read timeout expired"
            except httpx.HTTPError:
                error = "Connection refused"
        self.deliveries.append(Delivery(update["update_id"], url, status, error))
        self.updates.activity += 1
        if error is not None:
            self.last_error = (int(time.time()), error)
            return False
        return True


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Unknown"


def check_url(url: str) -> None:
    """Refuse a webhook URL as Telegram would (a loopback ``http://`` allowed for tests)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise bad_request(NO_HOST) from None
    host = parts.hostname or ""
    if not host:
        raise bad_request(NO_HOST)
    if parts.scheme == "http" and is_local(host):
        return
    if parts.scheme != "https":
        raise bad_request(HTTPS_REQUIRED)
    if (port or 443) not in PORTS:
        raise bad_request(BAD_PORT)
