"""The one place the bot is wired: settings, storage, service, handlers, limits, errors."""

from __future__ import annotations

import logging

from telegram import BotCommand, Update
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
)
from telegram.request import BaseRequest

from bot import handlers, tg, timers
from bot.ai import schedule_ai
from bot.buttons import on_button
from bot.config import Settings
from bot.state import AnyApp, BotState, get_settings, get_state, put_settings, put_state
from bot.texts import tr
from service import GameService
from service.timers import Clock
from storage import Database, Repositories

log = logging.getLogger(__name__)

COMMANDS = ("newgame", "pass", "fish", "hand", "table", "score", "rules", "settings", "cancel",
            "stats", "top", "language", "help", "export",
            "back")  # turn timers: /back takes the seat back from the computer


def bot_commands(lang: str) -> list[BotCommand]:
    return [BotCommand(name, tr(lang, f"cmd.{name}")) for name in COMMANDS]


async def post_init(app: AnyApp) -> None:
    settings = get_settings(app)
    db = await Database.open(settings.database_path, clock=timers.get_clock(app).now)
    service = GameService(db)
    put_state(app, BotState(settings, db, service, Repositories.of(db)))
    await timers.start(app)  # stored deadlines back on the JobQueue
    await tg.quietly(app.bot.set_my_commands(bot_commands("en")), "setMyCommands")
    await tg.quietly(app.bot.set_my_commands(bot_commands("ru"), language_code="ru"),
                     "setMyCommands ru")
    # After a restart, computer players on turn move again.
    for game in await service.active_games():
        schedule_ai(app, game)


async def post_shutdown(app: AnyApp) -> None:
    try:
        state = get_state(app)
    except RuntimeError:
        return
    put_state(app, None)
    await state.db.close()


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log every failure; python-telegram-bot keeps running after it."""
    where = ""
    if isinstance(update, Update):
        chat = update.effective_chat
        where = f" (update {update.update_id}, chat {chat.id if chat else None})"
    log.error("handler failed%s: %r", where, context.error, exc_info=context.error)


def build_application(settings: Settings, *, request: BaseRequest | None = None,
                      get_updates_request: BaseRequest | None = None,
                      clock: Clock | None = None) -> AnyApp:
    builder = ApplicationBuilder().token(settings.token)
    if settings.api_base_url:
        base = settings.api_base_url.rstrip("/")
        builder = builder.base_url(base)
        if base.endswith("/bot"):
            builder = builder.base_file_url(base[: -len("/bot")] + "/file/bot")
    if request is not None:
        builder = builder.request(request)
    if get_updates_request is not None:
        builder = builder.get_updates_request(get_updates_request)
    limiter = AIORateLimiter(overall_max_rate=settings.overall_rate_limit,
                             group_max_rate=settings.group_rate_limit,
                             max_retries=settings.max_retries)
    builder = builder.rate_limiter(limiter)  # type: ignore[arg-type]
    app: AnyApp = builder.post_init(post_init).post_shutdown(post_shutdown).build()
    put_settings(app, settings)
    timers.put_clock(app, clock)

    app.add_handler(CommandHandler("start", handlers.cmd_start))
    for name in COMMANDS:
        handler = getattr(handlers, f"cmd_{name}", None) or getattr(timers, f"cmd_{name}")
        app.add_handler(CommandHandler(name, handler))
    app.add_handler(CallbackQueryHandler(on_button))
    app.add_handler(ChatMemberHandler(handlers.on_my_chat_member,
                                      ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_error_handler(on_error)
    return app


__all__ = ["Application", "bot_commands", "build_application"]
