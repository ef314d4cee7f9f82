"""Computer players: a named JobQueue job per game moves for the computer on turn.

The job reads the seat's view (no transaction, no lock), lets the computer
think in a worker process (bot/showing/workers.py), then takes the game's key and
applies the move with the version it was decided for. A decision made for an
old version (someone moved, the game was cancelled) is refused by the service
and, if a computer is still on turn, made again for the new version.
"""

from __future__ import annotations

import logging

from telegram.ext import ContextTypes

from bot.wiring.state import AnyApp, get_state
from service import GameInfo, ServiceError
from service.errors import StaleCommandError

log = logging.getLogger(__name__)


def job_name(game_id: int) -> str:
    return f"ai:{game_id}"


def cancel(app: AnyApp, game: GameInfo) -> None:
    queue = app.job_queue
    if queue is None:
        return
    for job in queue.get_jobs_by_name(job_name(game.game_id)):
        job.schedule_removal()


def schedule(app: AnyApp, game: GameInfo, delay: float | None = None) -> bool:
    """If a computer player is on turn, let it move after the pause; True if scheduled."""
    if game.status != "playing" or game.turn is None or not game.seats[game.turn].is_ai:
        return False
    queue = app.job_queue
    if queue is None:
        raise RuntimeError("the JobQueue is missing: install python-telegram-bot[job-queue]")
    cancel(app, game)
    settings = get_state(app).settings
    if delay is None:  # at a solo table one person waits for the computers
        delay = settings.solo_ai_delay if game.solo else settings.ai_delay
    pause = delay
    queue.run_once(ai_turn, when=pause, data=(game.game_id, game.version),
                   name=job_name(game.game_id))
    return True


async def ai_turn(context: ContextTypes.DEFAULT_TYPE) -> None:
    job = context.job
    assert job is not None and isinstance(job.data, tuple)
    game_id, version = job.data
    await play_for_computer(context.application, game_id, version)


async def play_for_computer(app: AnyApp, game_id: int, version: int) -> None:
    state = get_state(app)
    service = state.service
    turn = await service.ai_turn(game_id)
    if turn is None or turn.version != version:
        return  # someone moved meanwhile: the move report scheduled what comes next
    try:
        move = await state.workers.decide(turn)
    except Exception:
        log.exception("computer decision in game %s failed", game_id)
        return
    chat_id = await service.chat_of(game_id)
    if chat_id is None:
        return
    async with state.game_lock(chat_id):
        try:
            report = await service.ai_move(game_id, turn.version, move)
        except StaleCommandError:
            report = None
        except ServiceError as exc:  # the game ended or was cancelled meanwhile
            log.debug("computer move in game %s skipped: %s", game_id, exc.code)
            return
        if report is None:  # decided for an old version: decide again for the new one
            try:
                game = await service.game(game_id)
            except ServiceError:
                return
            schedule(app, game, delay=0.0)
            return
        state.pipeline.after(report)
