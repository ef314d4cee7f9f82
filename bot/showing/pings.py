"""Turn pings: a person whose turn waits gets a private message that notifies.

Telegram notifies of a new message, never of an edit, and the table and the hands
are edited as the game goes. So when a person present is on turn and has not
moved for ``TURN_PING_DELAY`` seconds (20 by default), his hand message is sent
anew with a header, "🔔 Your turn in «Club»" -- the ping is the hand itself,
with its buttons, and the old hand message is deleted, so each player keeps one
live hand message per game. A turn that stays stalled gets reminders, each a
new hand message replacing the previous one: :data:`REMINDERS` after the turn
began (1 h, 8 h), then every 24 h. The first reminder also sends the group's
table anew (an edit notifies nobody) with the player *mentioned* in its caption;
every other caption only names him. ``/notify off`` stops both for a user.

Each game has one named job, ``ping:<game_id>``, set after every move (the
pipeline's ``next_turn``, bot/showing/pipeline.py) for the turn that begins and removed
by the next move or the game's end. A ping is counted in the database before
it is sent (``GameService.claim_ping``, per turn version), and at start-up
:func:`restore` sets the job of every game from the stored count and the time
of the game's last move, so a restart neither loses nor repeats a ping (one
long past is not sent late; only the latest one due is).

A ping never reaches a person within a minute of a turn timer's notice or
reminder (bot/showing/timers.py ``may_nudge``): the later of the two is skipped.

Time comes from the turn timers' clock (bot/showing/timers.py): a test gives a
``ManualClock``, advances it and calls :func:`fire_due`.
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes, JobQueue

from bot.showing.timers import duration_text, get_clock, may_nudge
from bot.texts import tr, variant_name
from bot.transport.topics import topic_of
from bot.wiring.state import AnyApp, get_state
from service import GameInfo

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE

HOUR, DAY = 3600, 86400
REMINDERS = (HOUR, 8 * HOUR)  # after the turn began; then every DAY after the last
_NOTIFY_ON = ("on", "yes", "1", "да", "вкл")
_NOTIFY_OFF = ("off", "no", "0", "нет", "выкл")


def job_name(game_id: int) -> str:
    return f"ping:{game_id}"


def ping_at(stage: int, delay: float) -> float:
    """Seconds after the turn began at which ping number ``stage`` is due (0: the
    ping, 1 and on: the reminders)."""
    if stage == 0:
        return delay
    if stage <= len(REMINDERS):
        at = float(REMINDERS[stage - 1])
    else:
        at = float(REMINDERS[-1] + DAY * (stage - len(REMINDERS)))
    return max(at, delay * (stage + 1))  # a long delay keeps the order


def _queue(app: AnyApp) -> JobQueue[Any] | None:
    return app.job_queue


def _waits_on_person(game: GameInfo) -> bool:
    """Whether a person on turn keeps others waiting (a solo table: nobody waits on
    him, so he is never pinged)."""
    if game.status != "playing" or game.turn is None or game.turn >= len(game.seats) \
            or game.solo:
        return False
    seat = game.seats[game.turn]
    return not seat.is_ai and seat.user_id is not None


def cancel(app: AnyApp, game: GameInfo) -> None:
    queue = _queue(app)
    if queue is None:
        return
    for job in queue.get_jobs_by_name(job_name(game.game_id)):
        job.schedule_removal()


def _delay(app: AnyApp) -> float:
    return get_state(app).settings.turn_ping_delay


def _set(app: AnyApp, game: GameInfo, stage: int, due_at: float) -> None:
    queue = _queue(app)
    if queue is None:
        return
    cancel(app, game)
    when = max(0.0, due_at - get_clock(app).now())
    queue.run_once(_ping_job, when=when, data=(game.game_id, game.version, stage, due_at),
                   name=job_name(game.game_id))


def schedule(app: AnyApp, game: GameInfo) -> None:
    """After a move: the turn that begins now gets its ping (the old one is removed)."""
    cancel(app, game)
    if _waits_on_person(game) and _delay(app) > 0:
        _set(app, game, 0, get_clock(app).now() + _delay(app))


async def restore(app: AnyApp, game: GameInfo) -> None:
    """At start-up: the game's next ping from what is stored (when the turn began,
    how many pings it had). Of pings long past only the latest is still sent."""
    cancel(app, game)
    if not _waits_on_person(game) or _delay(app) <= 0:
        return
    turn = await get_state(app).service.turn_ping(game.game_id)
    if turn is None:
        return
    waited = get_clock(app).now() - turn.began_at
    stage = turn.sent
    while ping_at(stage + 1, _delay(app)) <= waited:
        stage += 1
    _set(app, turn.game, stage, turn.began_at + ping_at(stage, _delay(app)))


async def _ping_job(context: Context) -> None:
    job = context.job
    assert job is not None and isinstance(job.data, tuple)
    game_id, version, stage, due_at = job.data
    app = context.application
    now = get_clock(app).now()
    if due_at > now + 0.001:  # early by our clock (a test's clock): put back
        queue = _queue(app)
        assert queue is not None
        queue.run_once(_ping_job, when=due_at - now, data=job.data, name=job_name(game_id))
        return
    await fire(app, game_id, version, stage)


async def fire(app: AnyApp, game_id: int, version: int, stage: int) -> bool:
    """Send ping number ``stage`` of the turn at ``version`` if it is still due (not
    sent before, the turn still waiting), and set the next; True if it went out."""
    state = get_state(app)
    service = state.service
    chat_id = await service.chat_of(game_id)
    if chat_id is None:
        return False
    async with state.game_lock(chat_id):  # only around the service: sending is queued
        turn = await service.claim_ping(game_id, version, stage)
    if turn is None:
        return False
    delay = _delay(app)
    user = await service.user(turn.user_id)
    if user is not None and not user.notify:
        return False  # he does not want them: none for this turn (the next move re-arms)
    game = turn.game
    ui = state.presenter
    lang = await ui.user_language(turn.user_id, user=user)
    title = await service.chat_title(game.chat_id) or variant_name(lang, game.variant)
    waited = get_clock(app).now() - turn.began_at
    if stage == 0:
        header = tr(lang, "ping.turn", title=title)
    else:
        header = tr(lang, "ping.reminder", title=title, waited=duration_text(lang, waited))
    private = user is not None and user.has_private_chat and not user.blocked
    if (private or stage == 1) and not may_nudge(app, turn.user_id, "ping"):
        # a timer's notice reached him less than a minute ago: this ping is skipped
        _set(app, game, stage + 1, turn.began_at + ping_at(stage + 1, delay))
        return False
    ui.ping(game, turn.seat, header if private else None, mention_user=turn.user_id,
            table=stage == 1)
    _set(app, game, stage + 1, turn.began_at + ping_at(stage + 1, delay))
    return private


async def fire_due(app: AnyApp) -> None:
    """Run at once every ping due by the clock (tests advance a ManualClock)."""
    queue = _queue(app)
    if queue is None:
        return
    now = get_clock(app).now()
    for job in queue.jobs():
        data = job.data
        if job.name and job.name.startswith("ping:") and isinstance(data, tuple) \
                and data[3] <= now and not job.removed:
            job.schedule_removal()
            await fire(app, data[0], data[1], data[2])


# ------------------------------------------------------------------ /notify


async def cmd_notify(update: Update, context: Context) -> None:
    """``/notify on|off``: turn pings (and mentions in the group) for this user;
    ``/notify`` alone shows the current value."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    state = get_state(context)
    ui = state.presenter
    service = state.service
    private = chat.type == ChatType.PRIVATE
    lang = await ui.chat_language(chat.id, user.language_code, private=private)
    args = [a.lower() for a in context.args or []]
    if len(args) == 1 and args[0] in _NOTIFY_ON + _NOTIFY_OFF:
        on = args[0] in _NOTIFY_ON
        await service.set_notify(user.id, on)
        ui.say(chat.id, tr(lang, "notify.set_on" if on else "notify.set_off"),
               thread=topic_of(update.effective_message))
        return
    known = await service.user(user.id)
    on = known is None or known.notify
    text = tr(lang, "notify.usage")
    if not args:
        text = tr(lang, "notify.now_on" if on else "notify.now_off") + "\n" + text
    ui.say(chat.id, text, thread=topic_of(update.effective_message))


__all__ = ["cancel", "cmd_notify", "fire", "fire_due", "ping_at", "restore", "schedule"]
