"""Computer players: a named JobQueue job per game moves for the AI on turn after a pause."""

from __future__ import annotations

import logging

from telegram.ext import ContextTypes

from bot.presenter import Presenter
from bot.state import AnyApp, get_state
from service import GameInfo, ServiceError

log = logging.getLogger(__name__)


def job_name(game_id: int) -> str:
    return f"ai:{game_id}"


def schedule_ai(app: AnyApp, game: GameInfo, delay: float | None = None) -> bool:
    """If a computer player is on turn, let it move after the pause; True if scheduled.
    Every move report passes here: the turn timer is set for the turn that begins."""
    from bot.timers import request_arm  # bot.timers imports this module

    request_arm(app, game)
    if game.status != "playing" or game.turn is None or not game.seats[game.turn].is_ai:
        return False
    queue = app.job_queue
    if queue is None:
        raise RuntimeError("the JobQueue is missing: install python-telegram-bot[job-queue]")
    name = job_name(game.game_id)
    for job in queue.get_jobs_by_name(name):
        job.schedule_removal()
    pause = get_state(app).settings.ai_delay if delay is None else delay
    queue.run_once(ai_turn, when=pause, data=(game.game_id, game.version), name=name)
    return True


async def ai_turn(context: ContextTypes.DEFAULT_TYPE) -> None:
    job = context.job
    assert job is not None and isinstance(job.data, tuple)
    game_id, version = job.data
    state = get_state(context.application)
    async with state.game_lock(game_id):
        try:
            report = await state.service.ai_move(game_id, version)
        except ServiceError as exc:  # someone moved meanwhile, or the game ended
            log.debug("computer move in game %s skipped: %s", game_id, exc.code)
            return
        await Presenter(context.bot, state).show_report(report)
    schedule_ai(context.application, report.game)
