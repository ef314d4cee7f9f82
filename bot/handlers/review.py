"""The post-game review in a player's private chat.

``/review`` (his latest finished game) or ``/review N`` in private, or the
«🔍 Review» button under a finished game's result in the group (the review then
comes in the presser's private chat; ``/start review-<game>`` when that chat is
not open yet). The service hands out the review's input only to a player of the
finished game, for his own seat (`GameService.review_input`).

The review runs as a JobQueue job, off the event loop: the decisions are valued
in the AI worker pool a chunk at a time (``engine.domino.ai.review``), and a progress
message in the private chat is edited between chunks, no faster than the private
chat's pace ("Reviewing… 12/30").
Then that message becomes the summary in whole points (what his choices cost on
average against the computer's best: an estimate, never the game's score), and
the three costliest decisions follow as one album: each one picture of the table
then (from the public view of that moment, the renderer sees nothing else) with
his hand under it, the tile played marked red and the better one green, its
caption the decision in words ("6-6 would have scored about 8 points more").
One review per user at a time; a user who blocked the bot stops it, nothing else.

At most ``REVIEWS_AT_ONCE`` reviews are computed at once (a setting); who asks
while they run waits in a queue, told his place once ("⏳ … 2 ahead of you"), and
that message becomes his progress when his turn comes. In the worker pool a
computer player's decision always goes before a review's next chunk
(bot/showing/workers.py). A finished review's result is kept in memory per user and game
(the latest ``KEPT_RESULTS``): asked again, it is sent again without being
computed again. Nothing of it is stored: one cut by a restart is asked for again,
and a restart forgets the kept results.
"""

from __future__ import annotations

import logging
import re
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

from telegram import CallbackQuery, InputMediaPhoto, Update
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import ContextTypes, JobQueue

from bot.handlers.common import game_number, moves_deleted_text
from bot.texts import plural, tr, variant_name
from bot.transport import tg
from bot.ui.callbacks import ReviewGame
from bot.ui.move_words import move_words
from bot.wiring.state import AnyApp, get_state
from engine.core.moves import BranchPlace, Cut, Move, Place, TrainPlace
from engine.core.review import DecisionReview, ReviewSummary
from engine.core.tiles import Tile
from service import ServiceError
from service.errors import MovesDeletedError, NoReviewError, NoSuchGameError, NotInGameError
from service.review import NotFinishedError, ReviewInput

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE

REVIEW_PAYLOAD = "review-"  # /start review-<game>: the review a group's button asked for
CHUNK = 4  # decisions the first worker call reviews
CHUNK_SECONDS = 1.0  # later calls review about this long (the pool's computer players wait)
MAX_CHUNK = 8
_QUEUE_KEY = "domino_reviews"  # bot_data: the reviews running, waiting and kept
_PAYLOAD = re.compile(rf"{REVIEW_PAYLOAD}([1-9][0-9]{{0,14}})")
KEPT_RESULTS = 256  # finished reviews kept in memory (per user and game), the latest


@dataclass
class Waiting:
    """A review waiting for its turn, and the message that told him his place."""

    given: ReviewInput
    lang: str
    message_id: int | None


@dataclass
class ReviewQueue:
    """The reviews of this process: running (by user), waiting in order, kept."""

    running: set[int] = field(default_factory=set)
    waiting: deque[Waiting] = field(default_factory=deque)
    kept: OrderedDict[tuple[int, int], tuple[ReviewInput, ReviewSummary]] = field(
        default_factory=OrderedDict)

    def busy(self, user_id: int) -> bool:
        return user_id in self.running or any(w.given.user_id == user_id for w in self.waiting)

    def keep(self, given: ReviewInput, summary: ReviewSummary) -> None:
        key = (given.user_id, given.game_id)
        self.kept[key] = (given, summary)
        self.kept.move_to_end(key)
        while len(self.kept) > KEPT_RESULTS:
            self.kept.popitem(last=False)


def _queue(app: AnyApp) -> ReviewQueue:
    queue = app.bot_data.get(_QUEUE_KEY)
    if not isinstance(queue, ReviewQueue):
        queue = app.bot_data[_QUEUE_KEY] = ReviewQueue()
    return queue



# ------------------------------------------------------------------ starting one


async def begin(app: AnyApp, user_id: int, lang: str, game_id: int) -> str | None:
    """Start the review of ``game_id`` for ``user_id`` in his private chat; None when
    it started, else the words of the refusal (nothing changes)."""
    reviews = _queue(app)
    if reviews.busy(user_id):
        return tr(lang, "review.busy")
    state = get_state(app)
    try:
        given = await state.service.review_input(game_id, user_id)
    except NotInGameError:
        return tr(lang, "review.not_player", game_id=game_id)
    except NoSuchGameError:
        return tr(lang, "review.no_game", game_id=game_id)
    except NotFinishedError:
        return tr(lang, "review.not_finished", game_id=game_id)
    except NoReviewError:
        return tr(lang, "err.no_review")
    except MovesDeletedError:  # the host's retention deleted its moves
        return moves_deleted_text(lang, "review.moves_deleted",
                                  state.settings.retain_moves_days)
    kept = reviews.kept.get((user_id, game_id))
    if kept is not None:  # done before: sent again as it was, nothing computed
        reviews.running.add(user_id)
        _jobs(app).run_once(_resend_job, when=0, data=(kept[0], kept[1], lang),
                            name=f"review:{user_id}")
        return None
    if len(reviews.running) >= get_state(app).settings.reviews_at_once:
        ahead = len(reviews.running) + len(reviews.waiting)
        waiting = Waiting(given, lang, None)
        reviews.waiting.append(waiting)
        try:
            told = await app.bot.send_message(user_id, tr(lang, "review.queued", ahead=ahead))
        except TelegramError as exc:
            reviews.waiting.remove(waiting)
            await _unreachable(app, user_id, exc)
            return None
        waiting.message_id = told.message_id
        return None
    _start(app, Waiting(given, lang, None))
    return None


def _jobs(app: AnyApp) -> JobQueue[Any]:
    queue = app.job_queue
    if queue is None:
        raise RuntimeError("the JobQueue is missing: install python-telegram-bot[job-queue]")
    return queue


def _start(app: AnyApp, waiting: Waiting) -> None:
    """Run this review now (a JobQueue job)."""
    _queue(app).running.add(waiting.given.user_id)
    _jobs(app).run_once(_review_job, when=0, data=waiting,
                        name=f"review:{waiting.given.user_id}")


def _next(app: AnyApp, user_id: int) -> None:
    """His review is over: the first one waiting starts, while there is room."""
    reviews = _queue(app)
    reviews.running.discard(user_id)
    while reviews.waiting and \
            len(reviews.running) < get_state(app).settings.reviews_at_once:
        _start(app, reviews.waiting.popleft())


async def cmd_review(update: Update, context: Context) -> None:
    """/review [N] in private: his latest finished game, or game N."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    state = get_state(context)
    ui = state.presenter
    private = chat.type == ChatType.PRIVATE
    lang = await ui.chat_language(chat.id, user.language_code, private=private)
    if not private:
        ui.say(chat.id, tr(lang, "review.private_only"))
        return
    args = list(context.args or [])
    number = game_number(args[0]) if len(args) == 1 else None
    if args and number is None:
        ui.say(chat.id, tr(lang, "usage.review"))
        return
    if number is None:
        last = await state.service.last_finished_game(user_id=user.id)
        if last is None:
            ui.say(chat.id, tr(lang, "review.none"))
            return
        number = last.game_id
    refusal = await begin(context.application, user.id, lang, number)
    if refusal is not None:
        ui.say(chat.id, refusal)


async def review_by_link(app: AnyApp, user_id: int, lang: str, payload: str) -> None:
    """``/start review-<game>``: the review the group's button offered before the
    private chat was open."""
    ui = get_state(app).presenter
    found = _PAYLOAD.fullmatch(payload)
    if found is None:
        ui.say(user_id, tr(lang, "start.bad_token"))
        return
    refusal = await begin(app, user_id, lang, int(found[1]))
    if refusal is not None:
        ui.say(user_id, refusal)


async def review_button(app: AnyApp, query: CallbackQuery, data: ReviewGame) -> str | None:
    """The «🔍 Review» button under a game's result: the callback answer's words (and
    the review started in the presser's private chat)."""
    state = get_state(app)
    user = query.from_user
    known = await state.service.user(user.id)
    lang = await state.presenter.user_language(user.id, user.language_code, known)
    try:
        await state.service.review_input(data.game_id, user.id)
    except NotInGameError:
        return tr(lang, "review.not_player_answer")
    except MovesDeletedError:
        return moves_deleted_text(lang, "review.moves_deleted",
                                  state.settings.retain_moves_days)
    except ServiceError:
        return tr(lang, "btn.forged")
    if known is None or not known.has_private_chat or known.blocked:
        return None  # the caller answers with the link that opens the private chat
    return await begin(app, user.id, lang, data.game_id) or tr(lang, "review.sent")


def start_link(app: AnyApp, game_id: int) -> str:
    return get_state(app).presenter.start_link(f"{REVIEW_PAYLOAD}{game_id}")


# ------------------------------------------------------------------ running one


async def _review_job(context: Context) -> None:
    job = context.job
    assert job is not None and isinstance(job.data, Waiting)
    waiting = job.data
    try:
        await run_review(context.application, waiting.given, waiting.lang,
                         told=waiting.message_id)
    finally:
        _next(context.application, waiting.given.user_id)


async def _resend_job(context: Context) -> None:
    job = context.job
    assert job is not None and isinstance(job.data, tuple)
    given, summary, lang = job.data
    assert isinstance(given, ReviewInput) and isinstance(summary, ReviewSummary)
    app = context.application
    try:
        await _show_result(app, given, lang, summary, None)
    except TelegramError as exc:
        await _unreachable(app, given.user_id, exc)
    finally:
        _next(app, given.user_id)


async def run_review(app: AnyApp, given: ReviewInput, lang: str, *,
                     told: int | None = None) -> None:
    """The review, shown in the player's private chat (see the module docstring);
    ``told``: the message that told him his place in the queue, which becomes the
    progress."""
    state = get_state(app)
    bot, workers = app.bot, state.workers
    chat_id = given.user_id
    variant = variant_name(lang, given.variant)
    first = tr(lang, "review.progress", game_id=given.game_id, variant=variant, done=0,
               total="…")
    try:
        if told is not None and await tg.quietly(tg.edit(lambda: bot.edit_message_text(
                first, chat_id, told)), "the queued review begins"):
            progress_id = told
        else:
            progress_id = (await bot.send_message(chat_id, first)).message_id
    except TelegramError as exc:
        await _unreachable(app, chat_id, exc)
        return
    # the progress is edited no faster than the private chat's pace (one message a
    # second): a quick review is not slowed down by its own progress
    pace = state.settings.private_interval
    edited = time.monotonic()
    try:
        started = time.monotonic()
        total, reviews = await workers.review_chunk(given, 0, CHUNK)
        count = next_chunk(len(reviews), time.monotonic() - started)
        while len(reviews) < total:
            if time.monotonic() - edited >= pace:
                text = tr(lang, "review.progress", game_id=given.game_id, variant=variant,
                          done=len(reviews), total=total)
                await tg.edit(lambda text=text: bot.edit_message_text(  # type: ignore[misc]
                    text, chat_id, progress_id))
                edited = time.monotonic()
            started = time.monotonic()
            _, more = await workers.review_chunk(given, len(reviews), count)
            if not more:
                break
            reviews += more
            count = next_chunk(len(more), time.monotonic() - started)
        summary = await workers.review_summary(given, reviews)
    except TelegramError as exc:
        await _unreachable(app, chat_id, exc)
        return
    except Exception:
        log.exception("the review of game %s for %s failed", given.game_id, chat_id)
        await tg.quietly(bot.edit_message_text(tr(lang, "review.failed"), chat_id,
                                               progress_id), "review failed")
        return
    _queue(app).keep(given, summary)
    try:
        await _show_result(app, given, lang, summary, progress_id)
    except TelegramError as exc:
        await _unreachable(app, chat_id, exc)


async def _show_result(app: AnyApp, given: ReviewInput, lang: str, summary: ReviewSummary,
                       progress_id: int | None) -> None:
    """The summary (the progress message edited into it, or a new message), then the
    costliest decisions' pictures: one album, one photo each (a single photo when
    there is one)."""
    bot, chat_id = app.bot, given.user_id
    text = summary_text(lang, given, summary)
    if progress_id is not None:
        await tg.edit(lambda: bot.edit_message_text(text, chat_id, progress_id))
    else:
        await bot.send_message(chat_id, text)
    pictures = [await _decision_picture(app, given, lang, rank, review)
                for rank, review in enumerate(summary.costliest, 1)]
    if len(pictures) == 1:
        photo, filename, caption = pictures[0]
        await bot.send_photo(chat_id, photo, filename=filename, caption=caption)
    elif pictures:
        await bot.send_media_group(chat_id, [
            InputMediaPhoto(photo, caption=caption, filename=filename)
            for photo, filename, caption in pictures])


def next_chunk(done: int, seconds: float) -> int:
    """How many decisions the next worker call reviews: about ``CHUNK_SECONDS`` of work
    at the pace of the last call, so progress moves and a computer player sharing the
    pool never waits long."""
    if done <= 0 or seconds <= 0:
        return CHUNK
    return max(1, min(MAX_CHUNK, int(done * CHUNK_SECONDS / seconds)))


def _tile(move: Move) -> Tile | None:
    return move.tile if isinstance(move, Place | Cut | TrainPlace | BranchPlace) else None


async def _decision_picture(app: AnyApp, given: ReviewInput, lang: str, rank: int,
                            review: DecisionReview) -> tuple[bytes, str, str]:
    """One costly decision: the table then (public view) with his hand under it, the
    tile played marked red and the better one green; its file name and caption."""
    photo, filename = await get_state(app).workers.review_picture(
        lang, review.public, list(given.names), review.hand, _tile(review.chosen),
        _tile(review.best))
    return photo, filename, decision_text(lang, rank, review)[:1024]


async def _unreachable(app: AnyApp, user_id: int, exc: TelegramError) -> None:
    """The player cannot be written to (blocked the bot, no private chat): the review
    stops, and he is marked so."""
    if not tg.cannot_write(exc):
        log.warning("the review for %s stopped: %s", user_id, exc.message)
        return
    service = get_state(app).service
    if tg.blocked(exc):
        await service.set_reachable(user_id, blocked=True)
    else:
        await service.set_reachable(user_id, private_chat=False)


# ------------------------------------------------------------------ words


def summary_text(lang: str, given: ReviewInput, summary: ReviewSummary) -> str:
    """The summary: the costly moves and what all his choices cost, in whole points
    (the expected loss against the computer's best, said to be no score), then which
    choices were as good as the best."""
    variant = variant_name(lang, given.variant)
    if not summary.decisions:
        return tr(lang, "review.no_choice", game_id=given.game_id, variant=variant)
    lost = round(summary.lost)
    if summary.costly:
        line = tr(lang, "review.summary", game_id=given.game_id, variant=variant,
                  costly=plural(lang, summary.costly, "costly"),
                  points=plural(lang, lost, "point"))
    elif lost:
        line = tr(lang, "review.summary_small", game_id=given.game_id, variant=variant,
                  points=plural(lang, lost, "point"))
    else:
        line = tr(lang, "review.summary_perfect", game_id=given.game_id, variant=variant)
    explain = tr(lang, "review.explain", good=summary.accurate, decisions=summary.decisions)
    tail = tr(lang, "review.costliest" if summary.costliest else "review.clean")
    return f"{line}\n\n{explain}\n\n{tail}"


def decision_text(lang: str, rank: int, review: DecisionReview) -> str:
    """One decision: what he played and how many points more, on average, the better
    move would have scored (the engine's loss, rounded to whole points). The ends are
    named only when the two moves are the same tile."""
    played, best = review.chosen, review.best
    tiles = _tile(played) is not None and _tile(best) is not None
    end = tiles and _tile(played) == _tile(best)
    return tr(lang, "review.decision" if tiles else "review.decision_move", rank=rank,
              round=review.round_index + 1, turn=review.turn_number,
              played=move_words(played, lang, end=end), best=move_words(best, lang, end=end),
              points=plural(lang, round(review.lost), "point"))
