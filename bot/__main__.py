"""``python -m bot`` / ``domino-bot``: run the bot with long polling (or, with a command,
``backup`` / ``restore`` the database: bot/wiring/cli.py)."""

from __future__ import annotations

import asyncio
import logging
import sys

from telegram import Update
from telegram.error import InvalidToken, TelegramError

from bot.wiring import cli
from bot.wiring.app import build_application
from bot.wiring.config import SettingsError, load_settings
from bot.wiring.logs import configure
from bot.wiring.state import AnyApp

log = logging.getLogger("bot.main")
# Telegram unreachable at start: the next try after 1 s, then 1.5 times longer, at most 30 s.
FIRST_WAIT = 1.0
LONGEST_WAIT = 30.0
# The process's status when Telegram refuses the token (as for a bad setting).
BAD_TOKEN = 2


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
    # run_polling runs on this loop: the Application initialized here is the one it polls
    # with (run_polling's own initialize is then a no-op).
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        if not loop.run_until_complete(connect(app)):
            loop.close()
            return BAD_TOKEN
    except KeyboardInterrupt:  # stopped while Telegram was not reachable yet
        loop.close()
        return 0
    # bootstrap_retries=-1: deleteWebhook before polling is tried again too if Telegram
    # drops away between getMe and polling.
    app.run_polling(allowed_updates=Update.ALL_TYPES, bootstrap_retries=-1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
