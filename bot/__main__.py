"""``python -m bot`` / ``domino-bot``: run the bot, with long polling or, when
WEBHOOK_URL is set, with Telegram posting the updates to a webhook (or, with a command,
``backup`` / ``restore`` the database: bot/wiring/cli.py)."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import sys
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from telegram import Update
from telegram.error import InvalidToken, TelegramError

from bot.wiring import cli
from bot.wiring.app import build_application
from bot.wiring.config import Settings, SettingsError, load_settings
from bot.wiring.logs import configure
from bot.wiring.state import AnyApp

log = logging.getLogger("bot.main")
# Telegram unreachable at start: the next try after 1 s, then 1.5 times longer, at most 30 s.
FIRST_WAIT = 1.0
LONGEST_WAIT = 30.0
# The process's status when Telegram refuses the token (as for a bad setting).
BAD_TOKEN = 2
# Telegram's rule for a webhook's secret_token.
SECRET_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,256}")


async def connect(app: AnyApp) -> bool:
    """Initialize the Application (getMe) until Telegram answers: each failed try is one
    line, not a traceback. False when Telegram refuses the token."""
    wait = FIRST_WAIT
    while True:
        try:
            await app.initialize()
            return True
        except InvalidToken:
            log.error("Telegram refused the token: check BOT_TOKEN (from @BotFather)")
            return False
        except TelegramError as exc:  # NetworkError, TimedOut, RetryAfter, a 5xx
            log.warning("Telegram is not reachable (%s: %s); trying again in %.0f s",
                        type(exc).__name__, exc, wait)
        await asyncio.sleep(wait)
        wait = min(LONGEST_WAIT, wait * 1.5)


@dataclass(frozen=True, slots=True)
class Receiving:
    """How the updates arrive: ``options`` are the keyword arguments of
    ``Updater.start_webhook`` (``webhook``) or ``Updater.start_polling``, which
    ``Application.run_webhook`` / ``run_polling`` take as well."""

    webhook: bool
    options: dict[str, Any]

    def describe(self) -> str:
        """One line for the log (never the secret)."""
        if not self.webhook:
            return "Receiving updates by long polling"
        o = self.options
        return (f"Receiving updates by webhook: listening on {o['listen']}:{o['port']}, "
                f"Telegram posts to {o['webhook_url']}")


def new_secret() -> str:
    """A random secret_token: 43 characters of A-Za-z0-9_- (Telegram's alphabet)."""
    secret = secrets.token_urlsafe(32)
    if not SECRET_TOKEN.fullmatch(secret):
        raise RuntimeError("secrets.token_urlsafe made a secret_token Telegram refuses")
    return secret


def receiving(settings: Settings) -> Receiving:
    """Long polling without WEBHOOK_URL; else the library's server on listen:port, at the
    URL's path (behind the reverse proxy that serves the https URL), with the secret
    Telegram sends back in every post (WEBHOOK_SECRET or a new random one)."""
    # bootstrap_retries=-1: setWebhook/deleteWebhook are tried again too if Telegram drops
    # away between getMe and receiving; pending updates are kept (a restart loses none).
    common: dict[str, Any] = {"allowed_updates": Update.ALL_TYPES, "bootstrap_retries": -1,
                              "drop_pending_updates": False}
    if settings.webhook_url is None:
        return Receiving(webhook=False, options=common)
    return Receiving(webhook=True, options={
        **common,
        "listen": settings.webhook_listen,
        "port": settings.webhook_port,
        "url_path": urlsplit(settings.webhook_url).path.lstrip("/"),
        "webhook_url": settings.webhook_url,
        "secret_token": settings.webhook_secret or new_secret(),
    })


def receive_updates(app: AnyApp, settings: Settings) -> None:
    """Run the bot until SIGINT/SIGTERM, receiving updates as the settings say."""
    how = receiving(settings)
    log.info("%s", how.describe())
    if how.webhook:
        app.run_webhook(**how.options)
    else:
        app.run_polling(**how.options)


def main() -> int:
    command = cli.dispatch()  # backup / restore: done without the bot
    if command is not None:
        return command
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"domino-bot: {exc}", file=sys.stderr)
        return 2
    configure(settings.log_level, settings.token)
    app = build_application(settings)
    # run_polling/run_webhook run on this loop: the Application initialized here is the one
    # they receive with (their own initialize is then a no-op).
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        if not loop.run_until_complete(connect(app)):
            loop.close()
            return BAD_TOKEN
    except KeyboardInterrupt:  # stopped while Telegram was not reachable yet
        loop.close()
        return 0
    receive_updates(app, settings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
