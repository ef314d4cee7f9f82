"""Tournaments on the bot's side: showing them, moving them on, their deadlines.

Every message goes through the chat's outbox. What a tournament tells its group is
stored: the registration message's id (edited as people register), each result
told (``told``), the winner told, so a restart neither loses nor repeats one.

* :func:`show_registration` sends (or edits) the registration message.
* :func:`after_game` is the pipeline's hook when a game of a chat ends or is
  cancelled: a job moves the chat's tournament on (``tournament:<chat>:<topic>``).
* :func:`move_on` advances a tournament and shows what it did: the results and the
  standings after each game, a new round's pairings, the next game (an ordinary
  table: the pipeline shows it), the winner; and arms the game's deadline job.
* :func:`fire_deadline` at a game's deadline: the computer takes its seats.
* :func:`start` (post_init) resumes every running tournament after a restart.
* :func:`fire_due` runs every deadline due now (tests move a ManualClock).
"""

from __future__ import annotations

import logging
from typing import Any

from telegram.ext import ContextTypes, JobQueue

from bot.showing.timers import get_clock
from bot.texts import tr
from bot.transport import tg
from bot.ui.tournament_words import (
    pairings_text,
    registration_keyboard,
    registration_text,
    results_caption,
    results_text,
    standings_picture,
    winner_caption,
    winner_text,
)
from bot.wiring.state import AnyApp, get_state
from renderer.standings import standings_png
from service import GameInfo, ServiceError
from service.tournament_types import Advance, TournamentInfo

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE

__all__ = ["after_game", "deadline_job", "fire_due", "move_on", "show_registration", "start"]


def _queue(app: AnyApp) -> JobQueue[Any]:
    queue = app.job_queue
    if queue is None:
        raise RuntimeError("the JobQueue is missing: install python-telegram-bot[job-queue]")
    return queue


def deadline_job(tournament_id: int) -> str:
    return f"tdeadline:{tournament_id}"


# ------------------------------------------------------------------ messages
def say(app: AnyApp, t: TournamentInfo, text: str) -> None:
    """A new message of the tournament in its chat (topic): it notifies."""
    get_state(app).presenter.say(t.chat_id, text, thread=t.topic)


async def show_standings(app: AnyApp, t: TournamentInfo, caption: str, fallback: str) -> None:
    """The standings as a picture (drawn in the render pool) under ``caption``, a new
    message in the tournament's chat (topic); should the drawing fail, ``fallback``
    (the same as text) goes instead."""
    state = get_state(app)
    lang = await state.presenter.chat_language(t.chat_id)
    try:
        png = await state.workers.render.run(standings_png, standings_picture(lang, t))
    except Exception:  # a picture must never stop the tournament: the text goes
        log.exception("drawing the standings of tournament %s failed", t.tournament_id)
        say(app, t, fallback)
        return
    bot = app.bot

    async def run() -> None:
        await tg.quietly(bot.send_photo(t.chat_id, png, caption=caption,
                                        filename="standings.png", message_thread_id=t.topic),
                         f"the standings of tournament {t.tournament_id}")

    state.outbox.send(t.chat_id, run)


def show_registration(app: AnyApp, t: TournamentInfo, *, resend: bool = False) -> None:
    """The registration message as the tournament is now: sent the first time (its id
    stored), edited after."""
    state = get_state(app)
    service = state.service
    bot = app.bot

    async def run() -> None:
        fresh = await service.tournaments.tournament(t.tournament_id)
        lang = await state.presenter.chat_language(fresh.chat_id)
        text = registration_text(lang, fresh)
        markup = registration_keyboard(lang, fresh)
        if fresh.message_id is not None and not resend:
            await tg.quietly(bot.edit_message_text(text, fresh.chat_id, fresh.message_id,
                                                   reply_markup=markup),
                             f"the registration of tournament {fresh.tournament_id}")
            return
        sent = await tg.quietly(bot.send_message(fresh.chat_id, text, reply_markup=markup,
                                                 message_thread_id=fresh.topic),
                                f"the registration of tournament {fresh.tournament_id}")
        if sent is not None:
            await service.tournaments.set_message(fresh.tournament_id, sent.message_id)

    state.outbox.send(t.chat_id, run)


async def tell(app: AnyApp, advance: Advance) -> None:
    """Show what an advance did, each thing once: the results not told yet under a
    picture of the standings (with the winner, once there is one), the winner's new
    achievement (in private), the new rounds' pairings, the game it started."""
    state = get_state(app)
    t = advance.tournament
    lang = await state.presenter.chat_language(t.chat_id)
    told = await state.service.tournaments.mark_told(t.tournament_id, t.untold)
    won = t.status == "finished" and not t.winner_told \
        and await state.service.tournaments.mark_winner_told(t.tournament_id)
    if won:  # the last results and the winner, over the final standings
        fallback = winner_text(lang, t)
        await show_standings(app, t, winner_caption(lang, t, told),
                             results_text(lang, t, told) + "\n\n" + fallback if told
                             else fallback)
    elif told:
        await show_standings(app, t, results_caption(lang, t, told),
                             results_text(lang, t, told))
    for user_id, keys in sorted(advance.achievements.items()):  # the winner, privately
        state.presenter.tell_earned(user_id, keys, tournament_id=t.tournament_id)
    for round in advance.new_rounds:
        say(app, t, pairings_text(lang, t, round))
    if advance.report is not None:
        state.pipeline.after(advance.report)
    arm_deadline(app, t)


# ------------------------------------------------------------------ moving on
async def move_on(app: AnyApp, tournament_id: int) -> Advance | None:
    """Advance the tournament (in its chat's game key) and show what it did."""
    state = get_state(app)
    try:
        t = await state.service.tournaments.tournament(tournament_id)
        async with state.game_lock(t.chat_id):
            advance = await state.service.tournaments.advance(tournament_id)
    except ServiceError as exc:
        log.warning("tournament %s did not move on: %s", tournament_id, exc.code)
        return None
    await tell(app, advance)
    return advance


async def _after_game_job(context: Context) -> None:
    job = context.job
    assert job is not None and isinstance(job.data, tuple)
    chat_id, topic = job.data
    t = await get_state(context).service.tournaments.tournament_in(chat_id, topic)
    if t is not None and t.status == "running":
        await move_on(context.application, t.tournament_id)


def after_game(app: AnyApp, game: GameInfo) -> None:
    """A game of the chat ended or was cancelled: its tournament (if the chat has one
    running) moves on, in a job of its own (after the game's own messages)."""
    if game.status not in ("finished", "cancelled") or game.solo:
        return
    name = f"tournament:{game.chat_id}:{game.topic or 0}"
    queue = _queue(app)
    if queue.get_jobs_by_name(name):
        return
    queue.run_once(_after_game_job, when=0.0, data=(game.chat_id, game.topic), name=name)


# ------------------------------------------------------------------ deadlines
def arm_deadline(app: AnyApp, t: TournamentInfo) -> None:
    """Schedule the job of the deadline of the game being played (none: none)."""
    queue = _queue(app)
    for job in queue.get_jobs_by_name(deadline_job(t.tournament_id)):
        job.schedule_removal()
    current = t.current
    if t.status != "running" or current is None or current.due_at is None:
        return
    when = max(0.0, current.due_at - get_clock(app).now())
    queue.run_once(_deadline_job, when=when, data=t.tournament_id,
                   name=deadline_job(t.tournament_id))


async def _deadline_job(context: Context) -> None:
    job = context.job
    assert job is not None and isinstance(job.data, int)
    await fire_deadline(context.application, job.data)


async def fire_deadline(app: AnyApp, tournament_id: int) -> bool:
    """The game's deadline passed: the computer takes the seats of its people and
    finishes it (the group is told); whether it did."""
    state = get_state(app)
    t = await state.service.tournaments.tournament(tournament_id)
    async with state.game_lock(t.chat_id):
        game = await state.service.tournaments.deadline_due(tournament_id)
    if game is None:
        current = t.current
        if current is not None and current.due_at is not None \
                and current.due_at > get_clock(app).now():
            arm_deadline(app, t)  # (a job run early: wait again)
        return False
    lang = await state.presenter.chat_language(t.chat_id)
    names = ", ".join(s.name for s in game.seats if s.user_id is not None)
    say(app, t, tr(lang, "tournament.deadline", names=names))
    state.pipeline.next_turn(game)
    return True


async def fire_due(app: AnyApp) -> None:
    """Run every tournament deadline due now (tests, with a ManualClock)."""
    for t in await get_state(app).service.tournaments.running():
        await fire_deadline(app, t.tournament_id)


# ------------------------------------------------------------------ after a restart
async def start(app: AnyApp) -> None:
    """post_init: every running tournament moves on from where it stood (a game that
    ended while the bot was down is counted, the next one opened) and its deadline is
    armed; a winner not yet told is told."""
    service = get_state(app).service
    for t in await service.tournaments.running():
        await move_on(app, t.tournament_id)
    for t in await service.tournaments.untold_winners():
        await tell(app, Advance(t))
