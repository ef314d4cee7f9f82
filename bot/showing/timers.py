"""Turn timers on the JobQueue: named jobs per game, rebuilt from the database.

After every move report the pipeline (bot/showing/pipeline.py) calls :func:`request_arm`, which runs
``arm:<game_id>`` at once: it sets (or keeps) the turn's deadline in the
database and reschedules ``timeout:<game_id>`` and ``remind:<game_id>`` (the old
jobs are removed first). At start-up :func:`start` schedules a job for every
stored deadline, so a restart neither loses nor doubles a time-out: the jobs
only look at the database, where a time-out applies once (service.timers).

Time comes from an injectable :class:`~service.timers.Clock`; a test gives a
``ManualClock``, advances it and calls :func:`fire_due`, which runs whatever is
due at once, in order (reminders, time-outs, then the lobby / idle expiry).

Private messages sent from here (reminders, "your turn" notices, the take-over's
"how to come back") keep at most one notice per player (the previous one is
deleted); the rate limiter (bot/transport/limiter.py) keeps Telegram's pace of a private
chat. A reminder or turn notice is skipped within a minute of a turn ping to the
same person (:func:`may_nudge`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes, JobQueue

from bot.handlers.common import error_text, is_admin
from bot.showing.display import display_of, display_summary
from bot.showing.presenter import Presenter
from bot.texts import plural, tr, variant_name
from bot.transport import tg
from bot.transport.topics import topic_of
from bot.ui.names import seat_name
from bot.wiring.state import AnyApp, AnyContext, get_state
from service import GameInfo, ServiceError
from service.display import DisplaySettings
from service.timers import (
    SLOW_TURN,
    BadTimerSettingError,
    Clock,
    Expired,
    SystemClock,
    TimeoutOutcome,
    TimerSettings,
    TurnTimers,
    changed_settings,
)
from service.types import TurnDeadline

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE

_CLOCK_KEY = "domino_clock"
_KEY = "domino_timers"
HOUSEKEEPING_EVERY = 600.0  # seconds between sweeps for expired lobbies and idle games


def timeout_job(game_id: int) -> str:
    return f"timeout:{game_id}"


def remind_job(game_id: int) -> str:
    return f"remind:{game_id}"


def arm_job(game_id: int) -> str:
    return f"arm:{game_id}"


@dataclass
class TimerRuntime:
    timers: TurnTimers
    clock: Clock


# ------------------------------------------------------------------ wiring


def put_clock(app: AnyApp, clock: Clock | None) -> None:
    app.bot_data[_CLOCK_KEY] = clock or SystemClock()


def get_clock(app: AnyApp) -> Clock:
    clock = app.bot_data.get(_CLOCK_KEY)
    return clock if clock is not None else SystemClock()


def get_runtime(source: AnyApp | AnyContext) -> TimerRuntime:
    value = source.bot_data.get(_KEY)
    if not isinstance(value, TimerRuntime):
        raise RuntimeError("the timers are not started (post_init did not run)")
    return value


def _queue(app: AnyApp) -> JobQueue[Any]:
    queue = app.job_queue
    if queue is None:
        raise RuntimeError("the JobQueue is missing: install python-telegram-bot[job-queue]")
    return queue


def _remove_jobs(app: AnyApp, name: str) -> None:
    for job in _queue(app).get_jobs_by_name(name):
        job.schedule_removal()


async def start(app: AnyApp) -> None:
    """post_init: the timers over the service, every stored deadline back on the
    JobQueue, and the periodic sweep for expired lobbies and idle games."""
    state = get_state(app)
    clock = get_clock(app)
    runtime = TimerRuntime(TurnTimers(state.service, clock), clock)
    app.bot_data[_KEY] = runtime
    for deadline in await runtime.timers.deadlines():
        await _schedule(app, deadline, deadline.chat_id)
    _queue(app).run_repeating(_housekeeping_job, interval=HOUSEKEEPING_EVERY, first=0.0,
                              name="housekeeping")


def request_arm(app: AnyApp, game: GameInfo) -> None:
    """After a move report: set the turn's timer soon (a job, as the caller is not async)."""
    if app.bot_data.get(_KEY) is None:
        return
    name = arm_job(game.game_id)
    _remove_jobs(app, name)
    _queue(app).run_once(_arm_job, when=0.0, data=game.game_id, name=name)


async def _arm_job(context: Context) -> None:
    assert context.job is not None and isinstance(context.job.data, int)
    await arm_game(context.application, context.job.data)


async def arm_game(app: AnyApp, game_id: int) -> None:
    runtime = get_runtime(app)
    result = await runtime.timers.arm(game_id)
    if result.game is None:
        return
    await _schedule(app, result.deadline, result.game.chat_id, game_id=game_id)
    turn = result.settings.turn
    if result.new_turn and result.deadline is not None and turn is not None \
            and turn >= SLOW_TURN:
        user_id = result.game.seats[result.deadline.seat].user_id
        if user_id is not None:
            await _notice(app, result.game, result.deadline.seat, user_id, "timer.your_turn",
                          time=await _duration(app, user_id, turn))


async def _schedule(app: AnyApp, deadline: TurnDeadline | None, chat_id: int, *,
                    game_id: int | None = None) -> None:
    """Replace the game's timeout and reminder jobs by ones for ``deadline``."""
    gid = deadline.game_id if deadline is not None else game_id
    assert gid is not None
    _remove_jobs(app, timeout_job(gid))
    _remove_jobs(app, remind_job(gid))
    if deadline is None:
        return
    runtime = get_runtime(app)
    now = runtime.clock.now()
    queue = _queue(app)
    queue.run_once(_timeout_job, when=max(0.0, deadline.due_at - now), data=gid,
                   name=timeout_job(gid))
    if not deadline.reminded:
        at = await runtime.timers.remind_at(deadline, chat_id)
        queue.run_once(_remind_job, when=max(0.0, at - now), data=gid, name=remind_job(gid))


# ------------------------------------------------------------------ firing


async def _timeout_job(context: Context) -> None:
    assert context.job is not None and isinstance(context.job.data, int)
    if not await _reschedule_if_early(context.application, context.job.data):
        await fire_timeout(context.application, context.job.data)


async def _remind_job(context: Context) -> None:
    assert context.job is not None and isinstance(context.job.data, int)
    await fire_reminder(context.application, context.job.data)


async def _housekeeping_job(context: Context) -> None:
    await housekeeping(context.application)


async def _reschedule_if_early(app: AnyApp, game_id: int) -> bool:
    """A job that fired before its time by our clock (a test's clock, a clock
    change) is put back; True if it was early."""
    runtime = get_runtime(app)
    deadline = await runtime.timers.deadline(game_id)
    if deadline is None or deadline.due_at <= runtime.clock.now():
        return False
    _remove_jobs(app, timeout_job(game_id))
    _queue(app).run_once(_timeout_job, when=deadline.due_at - runtime.clock.now(),
                         data=game_id, name=timeout_job(game_id))
    return True


async def fire_timeout(app: AnyApp, game_id: int) -> TimeoutOutcome | None:
    """Apply the game's time-out if it is due, and show what it did."""
    state = get_state(app)
    runtime = get_runtime(app)
    chat_id = await state.service.chat_of(game_id)
    if chat_id is None:
        return None
    async with state.game_lock(chat_id):
        try:
            outcome = await runtime.timers.expire(game_id)
        except ServiceError as exc:
            log.info("time-out of game %s not applied: %s", game_id, exc.code)
            return None
        if outcome is None:
            return None
        game = outcome.report.game
        ui = state.presenter
        lang = await ui.chat_language(game.chat_id)
        name = seat_name(lang, game.seats[outcome.seat])
        key = "timer.timed_out_forced" if outcome.forced_only else "timer.timed_out"
        ui.say(game.chat_id, tr(lang, key, name=name), thread=game.topic)
        state.pipeline.after(outcome.report)
        if outcome.took_over:
            ui.say(game.chat_id, tr(lang, "timer.took_over", name=name,
                                    count=plural(lang, outcome.timeouts, "missed_turns")),
                   thread=game.topic)
    if outcome.took_over and outcome.user_id is not None:
        # and he is told in private how to take his seat back (never held back by
        # the gap between nudges: it is news, not a nudge)
        await _notice(app, game, outcome.seat, outcome.user_id, "timer.took_over_private",
                      nudge=False, counts={"count": (outcome.timeouts, "turn")})
    return outcome


async def fire_reminder(app: AnyApp, game_id: int) -> bool:
    runtime = get_runtime(app)
    reminder = await runtime.timers.reminder(game_id)
    if reminder is None:
        return False
    await _notice(app, reminder.game, reminder.seat, reminder.user_id, "timer.reminder",
                  left=await _duration(app, reminder.user_id, reminder.seconds_left))
    return True


async def housekeeping(app: AnyApp) -> list[Expired]:
    """Close lobbies that never started and games idle too long, telling the group;
    then bring every active game's messages in line with it (what a failed send left
    behind after the outbox gave up trying); then the host's retention."""
    state = get_state(app)
    runtime = get_runtime(app)
    closed = await runtime.timers.expire_stale_games()
    ui = state.presenter
    for item in closed:
        game = item.game
        async with state.game_lock(game.chat_id):
            for name in (timeout_job(game.game_id), remind_job(game.game_id)):
                _remove_jobs(app, name)
            lang = await ui.chat_language(game.chat_id)
            state.pipeline.cancelled(game, f"timer.expired.{item.reason}",
                                     after=duration_text(lang, item.after))
    for game in await state.service.active_games():
        await ui.reconcile(game)
    await tell_set_aside(app)
    await retention(app)
    return closed


async def retention(app: AnyApp) -> None:
    """The host's retention (RETAIN_MOVES_DAYS, RETAIN_PINGS_DAYS; 0 keeps for ever),
    one transaction of the service, from the housekeeping sweep."""
    state = get_state(app)
    settings = state.settings
    done = await state.service.apply_retention(settings.retain_moves_days,
                                               settings.retain_pings_days)
    if done.games or done.pings or done.announcements or done.joins:
        log.info("retention: moves of %d finished games, %d pings, %d announcements and "
                 "%d join links deleted", len(done.games), done.pings, done.announcements,
                 done.joins)


async def tell_set_aside(app: AnyApp) -> None:
    """Tell each group whose game was set aside (it could not be rebuilt from its
    stored moves; now closed) once, in the group's language; its timers go."""
    state = get_state(app)
    ui = state.presenter
    for gone in state.service.take_set_aside():
        for name in (timeout_job(gone.game_id), remind_job(gone.game_id)):
            _remove_jobs(app, name)
        lang = await ui.chat_language(gone.chat_id)
        ui.say(gone.chat_id, tr(lang, "game.broken"), thread=gone.topic,
               key=("broken", gone.game_id))


async def fire_due(app: AnyApp) -> None:
    """Run, at once and in order, every reminder and time-out due by the clock and
    the expiry sweep (deterministic tests advance a ManualClock and call this)."""
    for deadline in await get_runtime(app).timers.deadlines():
        await fire_reminder(app, deadline.game_id)
        await fire_timeout(app, deadline.game_id)
    await housekeeping(app)


# ------------------------------------------------------------------ private notices


NUDGE_GAP = 60.0  # seconds: a turn ping and a timer's notice never reach one person closer
_NUDGED_KEY = "domino_nudged"
NUDGES = ("ping", "timer")  # the two kinds of nudge kept apart


def may_nudge(app: AnyApp, user_id: int, kind: str) -> bool:
    """Whether a nudge of ``kind`` ("ping": a turn ping, bot/showing/pings.py; "timer": a
    timer's turn notice or reminder) may reach the user now: True, and counted as sent
    now, unless one of the other kind went out less than :data:`NUDGE_GAP` seconds ago
    by the timers' clock; then this one is skipped, not postponed (the first just said
    what it would say, and a postponed "7 s left" would come after the time-out). Two
    of one kind are the timers' or the pings' own business. Kept in memory: after a
    restart the first nudge goes out."""
    nudged: dict[tuple[int, str], float] = app.bot_data.setdefault(_NUDGED_KEY, {})
    now = get_clock(app).now()
    for other in NUDGES:
        last = nudged.get((user_id, other))
        if other != kind and last is not None and now - last < NUDGE_GAP:
            return False
    if len(nudged) > 10_000:  # forget those nudged long ago
        for key in [k for k, at in nudged.items() if now - at >= NUDGE_GAP]:
            del nudged[key]
    nudged[(user_id, kind)] = now
    return True


async def _notice(app: AnyApp, game: GameInfo, seat: int, user_id: int, key: str, *,
                  nudge: bool = True, counts: Mapping[str, tuple[int, str]] | None = None,
                  **values: object) -> None:
    """Send a reminder or turn notice; the previous notice to the user is deleted.
    The private chat's pace (one message a second) is kept by the rate limiter.
    ``nudge``: it is one of the nudges kept apart from turn pings (may_nudge).
    ``counts``: placeholders that are a count with its noun (``(3, "turn")``), put in
    the words of the user's own language."""
    state = get_state(app)
    service = state.service
    ui = state.presenter
    user = await service.user(user_id)
    if user is None or not user.has_private_chat or user.blocked:
        return
    if nudge and not may_nudge(app, user_id, "timer"):
        return
    lang = await ui.user_language(user_id, user=user)
    counted = {name: plural(lang, n, noun) for name, (n, noun) in (counts or {}).items()}
    text = tr(lang, key, variant=variant_name(lang, game.variant), game_id=game.game_id,
              **values, **counted)
    msg = await tg.quietly(app.bot.send_message(user_id, text), f"notice to {user_id}")
    if msg is None:
        return
    old = await service.notices_in_chat(user_id)
    await service.save_shown(game.game_id, "notice", chat_id=user_id,
                             message_id=msg.message_id, seat=seat, version=game.version,
                             digest=None)
    for ref in old:
        if ref.message_id == msg.message_id:
            continue
        if ref.game_id != game.game_id or ref.seat != seat:
            await service.forget_shown(ref.game_id, "notice", ref.seat)
        await tg.quietly(app.bot.delete_message(ref.chat_id, ref.message_id),
                         "deleting an old notice")


def duration_text(lang: str, seconds: float) -> str:
    """``7 d``, ``24 h``, ``15 min``, ``8 s`` in the reader's language."""
    s = max(0, round(seconds))
    if s > 86400 and s % 86400 == 0:
        return tr(lang, "timer.unit.d", n=s // 86400)
    if s >= 3600:
        return tr(lang, "timer.unit.h", n=round(s / 3600))
    if s >= 60:
        return tr(lang, "timer.unit.m", n=round(s / 60))
    return tr(lang, "timer.unit.s", n=s)


async def _duration(app: AnyApp, user_id: int, seconds: float) -> str:
    return duration_text(await get_state(app).presenter.user_language(user_id), seconds)


# ------------------------------------------------------------------ coming back


async def came_back(app: AnyApp, game_id: int, user_id: int) -> bool:
    """A press on his hand keyboard: a player who was away is back (the group is told)."""
    runtime = get_runtime(app)
    game = await runtime.timers.come_back(game_id, user_id)
    if game is None:
        return False
    await _tell_back(app, game, user_id)
    return True


async def _tell_back(app: AnyApp, game: GameInfo, user_id: int) -> None:
    state = get_state(app)
    ui = state.presenter
    ui.screen(game)  # he is present again in what the bot knows of the game
    seat = game.seat_of(user_id)
    lang = await ui.chat_language(game.chat_id)
    ui.say(game.chat_id, tr(lang, "timer.back", name=seat_name(lang, seat) if seat else "?"),
           thread=game.topic)
    if game.turn is not None and seat is not None and game.turn == seat.seat:
        state.pipeline.cancel_jobs(game)  # his turn again: no computer move
        state.pipeline.arm_ping(game)  # and a ping if he leaves it waiting
    request_arm(app, game)


async def cmd_back(update: Update, context: Context) -> None:
    """/back: the player takes his seats back from the computer."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    ui = get_state(context).presenter
    lang = await ui.chat_language(chat.id, user.language_code,
                                  private=chat.type == ChatType.PRIVATE)
    runtime = get_runtime(context)
    games = await runtime.timers.come_back_everywhere(user.id)
    if not games:
        ui.say(chat.id, tr(lang, "timer.not_away"), thread=topic_of(update.effective_message))
        return
    for game in games:
        await _tell_back(context.application, game, user.id)
    if chat.type == ChatType.PRIVATE:
        ui.say(chat.id, tr(lang, "timer.welcome_back"))


# ------------------------------------------------------------------ /settings


def settings_text(lang: str, cfg: TimerSettings) -> str:
    off = tr(lang, "timer.off")
    return tr(lang, "timer.summary",
              turn=duration_text(lang, cfg.turn) if cfg.turn else off,
              timeout=tr(lang, f"timer.timeout.{cfg.timeout}"),
              takeover=plural(lang, cfg.takeover, "after_missed") if cfg.takeover else off,
              lobby=duration_text(lang, cfg.lobby) if cfg.lobby else off,
              idle=duration_text(lang, cfg.idle) if cfg.idle else off,
              forced=tr(lang, "timer.on") if cfg.forced else off)


async def timer_settings_summary(app: AnyApp, chat_id: int, lang: str) -> str:
    return settings_text(lang, await get_runtime(app).timers.settings(chat_id)) \
        + await display_summary(get_state(app).service, chat_id, lang)


def setting_line(lang: str, name: str, cfg: TimerSettings, display: DisplaySettings) -> str:
    """One changed setting as a line of its confirmation: ``⏱ Time per turn: 30 s``."""
    off = tr(lang, "timer.off")
    values = {
        "turn": duration_text(lang, cfg.turn) if cfg.turn else off,
        "timeout": tr(lang, f"timer.timeout.{cfg.timeout}"),
        "takeover": plural(lang, cfg.takeover, "after_missed") if cfg.takeover else off,
        "lobby": duration_text(lang, cfg.lobby) if cfg.lobby else off,
        "idle": duration_text(lang, cfg.idle) if cfg.idle else off,
        "forced": tr(lang, "timer.on") if cfg.forced else off,
        "hints": tr(lang, "timer.on") if display.hints else off,
        "table": tr(lang, f"display.table.{display.table}"),
    }
    return tr(lang, f"setting.{name}", value=values[name])


async def settings_command(ui: Presenter, context: Context, chat_id: int, user_id: int,
                           lang: str, args: list[str], *, private: bool,
                           topic: int | None = None) -> None:
    """``/settings turn 2m`` and the like: change the chat's timers, or say why not.
    The settings are the chat's, so only a chat admin changes them (in a private chat,
    its person: they are his solo tables'); when Telegram cannot say whether he is an
    admin, nothing changes and he is told so. Sent in a forum
    ``topic``, the answer (a line per setting changed) goes there and that topic's
    game is re-armed now (another topic's at its next turn)."""
    runtime = get_runtime(context)
    try:  # his private chat's settings (its solo tables') are his own
        admin = private or await is_admin(context.bot, chat_id, user_id)
        cfg = await runtime.timers.change_settings(chat_id, user_id, args, is_admin=admin,
                                                   topic=topic)
    except BadTimerSettingError as exc:
        arg = f"{exc.name} {exc.value}".strip()[:40] or " ".join(args)[:40]
        ui.say(chat_id, tr(lang, "timer.bad", arg=arg), thread=topic)
        return
    except ServiceError as exc:
        ui.say(chat_id, error_text(lang, exc), thread=topic)
        return
    display = await display_of(ui.service, chat_id)
    ui.say(chat_id, "\n".join(setting_line(lang, name, cfg, display)
                              for name in changed_settings(args)), thread=topic)
    game = await ui.service.active_game(chat_id, topic=topic)
    if game is not None and game.status == "playing":
        request_arm(context.application, game)  # the timer starts (or stops) now
        ui.show_table(game)  # a table of the other form is replaced
        for seat in game.seats:  # and the hands' hints follow the chat's setting
            if seat.user_id is not None and game.turn == seat.seat:
                ui.show_hand(game, seat.seat)


__all__ = [
    "TimerRuntime",
    "arm_game",
    "came_back",
    "cmd_back",
    "duration_text",
    "fire_due",
    "fire_reminder",
    "fire_timeout",
    "get_clock",
    "get_runtime",
    "housekeeping",
    "may_nudge",
    "put_clock",
    "request_arm",
    "retention",
    "setting_line",
    "settings_command",
    "settings_text",
    "start",
]
