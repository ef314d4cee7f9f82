"""The one place the bot is wired: settings, storage, service, handlers, limits, errors."""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from telegram import BotCommand, Update
from telegram.constants import ChatType
from telegram.error import NetworkError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)
from telegram.request import BaseRequest

from bot.handlers import (
    calls,
    commands,
    game_commands,
    hand,
    info_commands,
    lobby_buttons,
    lobby_commands,
    membership,
    pages,
    presses,
    privacy,
    replay,
    tournament,
)
from bot.handlers.review import cmd_review
from bot.showing import computer as ai
from bot.showing import pings, timers
from bot.showing import tournaments as tournament_shown
from bot.showing.pipeline import Pipeline
from bot.showing.presenter import Presenter
from bot.showing.workers import Workers
from bot.texts import CATALOGUES, FALLBACK, language_of, tr
from bot.transport import tg, topics
from bot.transport.flood import Allowance, Budgets, Verdict
from bot.transport.limiter import ChatLimiter
from bot.transport.order import GameOrderProcessor, KeyedLocks
from bot.transport.outbox import Outbox
from bot.ui.callbacks import (
    CallMe,
    CancelAgree,
    ChooseLanguage,
    ForgetChoice,
    HelpPage,
    JoinCalled,
    LobbyAction,
    PlaySolo,
    Rematch,
    ReplayPress,
    ReviewGame,
    RulesOf,
    Signal,
    TileInfo,
    TournamentAction,
    pattern_of,
)
from bot.wiring import backups
from bot.wiring.config import Settings
from bot.wiring.metrics import Metrics, get_metrics, put_metrics, start_server, stop_server
from bot.wiring.state import (
    AnyApp,
    BotState,
    get_locks,
    get_settings,
    get_state,
    put_locks,
    put_settings,
    put_state,
)
from bot.wiring.update_games import UPDATE_GAMES
from service import GameInfo, GameService
from service.timers import Clock

log = logging.getLogger(__name__)

Callback = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]
# Commands run from new messages only: an edited "/pass" is not run again.
NEW = filters.UpdateType.MESSAGE


@dataclass(frozen=True, slots=True)
class Command:
    """One command of the bot: its name, its handler, the updates it takes, and whether
    the chat's command menu (setMyCommands) lists it."""

    name: str
    handler: Callback
    updates: filters.BaseFilter = NEW
    menu: bool = True


# Every command and its handler, in the menu's order (bot/handlers/*_commands.py, the
# turn timers, the pings and the review).
COMMAND_TABLE: tuple[Command, ...] = (
    Command("start", lobby_commands.cmd_start, menu=False),
    Command("newgame", lobby_commands.cmd_newgame),
    Command("nextgame", calls.cmd_nextgame),  # call me for the next game (bot/handlers/calls.py)
    Command("pass", game_commands.cmd_pass),
    Command("fish", game_commands.cmd_fish),
    Command("hand", game_commands.cmd_hand),
    Command("table", game_commands.cmd_table),
    Command("score", game_commands.cmd_score),
    Command("rules", info_commands.cmd_rules),
    Command("settings", lobby_commands.cmd_settings),
    Command("cancel", lobby_commands.cmd_cancel),
    Command("tournament", tournament.cmd_tournament),  # bot/handlers/tournament.py
    Command("stats", info_commands.cmd_stats),
    Command("top", info_commands.cmd_top),
    Command("language", info_commands.cmd_language),
    Command("help", info_commands.cmd_help),
    Command("export", game_commands.cmd_export),
    Command("back", timers.cmd_back),  # the turn timers: the seat back from the computer
    Command("notify", pings.cmd_notify),  # turn pings on or off
    Command("review", cmd_review),  # the post-game review (bot/handlers/review.py)
    Command("replay", replay.cmd_replay),  # a finished game move by move (bot/handlers/replay.py)
    Command("privacy", privacy.cmd_privacy),  # what is stored (bot/handlers/privacy.py)
    Command("forget", privacy.cmd_forget),  # delete it all
)
COMMANDS = tuple(c.name for c in COMMAND_TABLE if c.menu)  # the menu, in its order
_LIMITER_KEY = "domino_limiter"
_PROCESSOR_KEY = "domino_processor"
_WORKERS_KEY = "domino_workers"


def bot_commands(lang: str) -> list[BotCommand]:
    return [BotCommand(name, tr(lang, f"cmd.{name}")) for name in COMMANDS]


async def post_init(app: AnyApp) -> None:
    settings = get_settings(app)
    service = await GameService.open(settings.database_path, clock=timers.get_clock(app).now)
    limiter = app.bot_data.get(_LIMITER_KEY)
    outbox = Outbox(limiter if isinstance(limiter, ChatLimiter) else None)
    workers = app.bot_data.get(_WORKERS_KEY)
    if not isinstance(workers, Workers):
        workers = Workers(settings.ai_workers, settings.render_workers)
    metrics = get_metrics(app)  # bot/wiring/metrics.py: the outbox's depth, the workers' times
    metrics.watch_outbox(outbox)
    workers.watch(metrics)
    presenter = Presenter(app.bot, service, outbox, workers, token=settings.token,
                          default_language=settings.default_language)

    def arm_timer(game: GameInfo) -> None:
        timers.request_arm(app, game)

    def schedule_ai(game: GameInfo) -> None:
        ai.schedule(app, game)

    def cancel_jobs(game: GameInfo) -> None:
        ai.cancel(app, game)
        pings.cancel(app, game)

    def arm_ping(game: GameInfo) -> None:
        pings.schedule(app, game)

    async def chats_of_user(user_id: int) -> list[int]:
        return [g.chat_id for g in await service.games_of_user(user_id)
                if g.status == "playing"]

    def game_over(game: GameInfo) -> None:
        tournament_shown.after_game(app, game)

    pipeline = Pipeline(presenter, arm_timer, schedule_ai, cancel_jobs, arm_ping, game_over)

    # forum topics: a game whose topic was deleted is cancelled
    async def topic_lost(game_id: int) -> None:
        await membership.close_lost(app, game_id)

    presenter.on_topic_lost = topic_lost

    async def removed(chat_id: int) -> None:
        await membership.removed_from(get_state(app), chat_id)

    outbox.on_removed = removed
    locks = get_locks(app)
    put_state(app, BotState(settings, service, presenter, pipeline, outbox, workers, locks))
    async def refused(update: Update, verdict: Verdict) -> None:
        await refuse(app, update, verdict)

    processor = app.bot_data.get(_PROCESSOR_KEY)
    if isinstance(processor, GameOrderProcessor):
        processor.resolve_with(service.chat_of, chats_of_user, refused)
    await timers.start(app)  # stored deadlines back on the JobQueue
    await backups.start(app)  # the daily backup, when BACKUP_DIR is set
    await tg.quietly(app.bot.set_my_commands(bot_commands(FALLBACK)), "setMyCommands")
    for catalogue in CATALOGUES.values():  # each language's descriptions, for its clients
        if catalogue.code != FALLBACK:
            await tg.quietly(app.bot.set_my_commands(
                bot_commands(catalogue.code), language_code=catalogue.telegram_code),
                f"setMyCommands {catalogue.telegram_code}")
    # After a restart: the replaced messages a stop left behind are deleted, every
    # message back in line with its game, and computer players on turn move again.
    await presenter.delete_leftovers()
    for game in await service.active_games():
        await presenter.reconcile(game)
        pipeline.next_turn(game)
        await pings.restore(app, game)  # the turn's ping as stored, not one anew
    # A game that could not be rebuilt was set aside (closed): its group learns it.
    await timers.tell_set_aside(app)
    # A game that ended just before the stop: its group still learns how (the last
    # summary, the final picture, the lobby and every hand with the result).
    for game in await service.untold_finished_games():
        await presenter.reconcile(game)
    # Achievements earned just before the stop: their one message still goes.
    await presenter.tell_untold_achievements()
    # tournaments go on from where they stood (bot/showing/tournaments.py)
    await tournament_shown.start(app)
    if settings.metrics_port:  # /metrics and /healthz (bot/wiring/metrics.py)
        await start_server(app, settings.metrics_listen, settings.metrics_port)


async def refuse(app: AnyApp, update: Update, verdict: Verdict) -> None:
    """An update refused before it waited for its game (bot/transport/order.py): a press is
    always answered at once; an over-budget command gets one "slow down", then
    nothing (QUIET), as does one whose game has too many updates waiting (BUSY)."""
    state = get_state(app)
    query = update.callback_query
    user = update.effective_user
    code = user.language_code if user is not None else None
    if query is not None:
        lang = language_of(code, state.settings.default_language)
        key = "flood.busy" if verdict is Verdict.BUSY else "flood.press"
        await tg.quietly(query.answer(tr(lang, key)), "answering a refused press")
        return
    chat = update.effective_chat
    if verdict not in (Verdict.SLOW, Verdict.SLOW_CHAT) or chat is None or user is None:
        return
    private = chat.type == ChatType.PRIVATE
    lang = await state.presenter.chat_language(chat.id, code, private=private)
    text = tr(lang, "flood.chat") if verdict is Verdict.SLOW_CHAT \
        else tr(lang, "flood.slow", name=user.first_name)
    state.presenter.say(chat.id, text, thread=None if private else topics.topic_of(
        update.effective_message), key=("flood", user.id), origin=update.update_id)


async def post_stop(app: AnyApp) -> None:
    """No more updates and jobs: stop sending (what was not sent is reconciled at the
    next start from the stored versions)."""
    try:
        state = get_state(app)
    except RuntimeError:
        return
    await state.outbox.close()


async def post_shutdown(app: AnyApp) -> None:
    await stop_server(app)
    try:
        state = get_state(app)
    except RuntimeError:
        return
    put_state(app, None)
    await state.outbox.close()
    state.workers.close()
    await state.service.close()


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log every failure; python-telegram-bot keeps running after it. Telegram lost
    while polling (the library tries again, waiting up to 30 s) is one line a try, not a
    traceback: it is the network's doing, not the bot's."""
    if update is None and isinstance(context.error, NetworkError):
        log.warning("Telegram was lost while polling (%s: %s); trying again",
                    type(context.error).__name__, context.error)
        return
    where = ""
    if isinstance(update, Update):
        chat = update.effective_chat
        where = f" (update {update.update_id}, chat {chat.id if chat else None})"
    log.error("handler failed%s: %r", where, context.error, exc_info=context.error)


def build_application(settings: Settings, *, request: BaseRequest | None = None,
                      get_updates_request: BaseRequest | None = None,
                      clock: Clock | None = None, workers: Workers | None = None) -> AnyApp:
    """The Application with its handlers; ``request`` and ``get_updates_request`` replace
    the HTTP transport, ``clock`` the time of the turn timers and ``workers`` the worker
    pools (tests)."""
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
    metrics = Metrics()  # this Application's own registry (bot/wiring/metrics.py)
    limiter = ChatLimiter(group_max=settings.group_rate_limit,
                          private_interval=settings.private_interval,
                          overall_max=settings.overall_rate_limit,
                          max_retries=settings.max_retries, watcher=metrics)
    builder = builder.rate_limiter(limiter)  # type: ignore[arg-type]
    locks = KeyedLocks()
    budgets = Budgets(Allowance.of(settings.user_commands), Allowance.of(settings.chat_commands),
                      Allowance.of(settings.user_presses))
    processor = GameOrderProcessor(locks, settings.concurrent_updates, budgets=budgets,
                                   games=UPDATE_GAMES, watcher=metrics)
    builder = builder.concurrent_updates(processor)
    app: AnyApp = (builder.post_init(post_init).post_stop(post_stop)
                   .post_shutdown(post_shutdown).build())
    put_settings(app, settings)
    put_locks(app, locks)
    put_metrics(app, metrics)
    app.bot_data[_LIMITER_KEY] = limiter
    app.bot_data[_PROCESSOR_KEY] = processor
    if workers is not None:
        app.bot_data[_WORKERS_KEY] = workers
    timers.put_clock(app, clock)

    # first of all, in a group: a command written as the group or a channel is no
    # person's, and stops here (bot/handlers/commands.py on_impersonal)
    app.add_handler(MessageHandler(NEW & filters.COMMAND & ~filters.ChatType.PRIVATE,
                                   commands.on_impersonal), group=-1)
    for command in COMMAND_TABLE:
        app.add_handler(CommandHandler(command.name, command.handler, filters=command.updates))
    # the buttons: one handler per prefix of the callback data (bot/ui/callbacks.py), a
    # game kind's own buttons first; the last takes what none took and answers "forged"
    for button, pattern in (
            (hand.on_kind_press, hand.is_kind_press),
            (hand.on_move, pattern_of(*hand.HAND_MOVES)),
            (hand.on_tile_info, pattern_of(TileInfo)),
            (hand.on_signal, pattern_of(Signal)),
            (lobby_buttons.on_lobby, pattern_of(LobbyAction)),
            (pages.on_rules, pattern_of(RulesOf)),
            (pages.on_help, pattern_of(HelpPage)),
            (pages.on_play_solo, pattern_of(PlaySolo)),
            (pages.on_review, pattern_of(ReviewGame)),
            (pages.on_rematch, pattern_of(Rematch)),
            (pages.on_cancel_agree, pattern_of(CancelAgree)),
            (calls.on_call_me, pattern_of(CallMe)),
            (calls.on_join_called, pattern_of(JoinCalled)),
            (tournament.on_tournament, pattern_of(TournamentAction)),
            (privacy.on_forget, pattern_of(ForgetChoice)),
            (info_commands.on_language, pattern_of(ChooseLanguage)),
            (replay.on_replay, pattern_of(ReplayPress))):
        app.add_handler(CallbackQueryHandler(button, pattern=pattern))
    app.add_handler(CallbackQueryHandler(presses.on_forged))
    app.add_handler(ChatMemberHandler(membership.on_my_chat_member,
                                      ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, membership.on_migrate))
    # text typed to the bot in private, not a command: a short hint
    app.add_handler(MessageHandler(NEW & filters.ChatType.PRIVATE & filters.TEXT
                                   & ~filters.COMMAND, game_commands.on_private_text))
    app.add_error_handler(on_error)
    return app


__all__ = ["COMMANDS", "COMMAND_TABLE", "Application", "Command", "bot_commands",
           "build_application"]
