"""``python -m bot`` / ``domino-bot``: run the bot with long polling."""

from __future__ import annotations

import logging
import sys

from telegram import Update

from bot.wiring.app import build_application
from bot.wiring.config import SettingsError, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"domino-bot: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)
    app = build_application(settings)
    app.run_polling(allowed_updates=Update.ALL_TYPES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
