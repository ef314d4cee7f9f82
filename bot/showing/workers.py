"""CPU work off the event loop: computer decisions and table pictures in worker processes.

A hard computer player may think for up to two seconds and a picture takes
10-30 ms; either on the event loop would hold every chat's presses. Both run in
process pools (separate ones, so a long think never delays a picture), started
lazily through a ``forkserver`` (a clean, small process to fork from: no threads,
no open database, no sockets). With ``workers=0`` a pool is replaced by a thread,
which keeps the loop free but shares the GIL (for machines where processes are
not allowed). A broken pool (a worker killed) is replaced and the call retried once.

The bot's processes end with the bot, however it ends (a kill -9 too): each worker
watches the bot (`_follow`) and exits when it is gone. Only then do the forkserver
and the resource tracker end: every worker holds the write ends of their pipes (the
forkserver's "alive" pipe, the tracker's), and they stop at EOF, once no worker is
left.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, TypeVar

from bot.kinds.registry import ReplayPicture, replay_picture, review_picture, table_picture
from engine.core.moves import Move
from engine.core.review import DecisionReview, ReviewSummary
from engine.core.tiles import Tile
from engine.core.view import SeatView
from service.ai import decide
from service.review import ReviewInput, review_chunk, review_summary
from service.types import AiTurn

log = logging.getLogger(__name__)
T = TypeVar("T")

_PRELOAD = ["engine.domino.ai", "engine.variants", "renderer", "bot.ui.pictures", "service.ai"]


def _context() -> Any:
    try:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(_PRELOAD)
        return ctx
    except ValueError:  # no forkserver on this platform
        return multiprocessing.get_context("spawn")


_PR_SET_PDEATHSIG = 1  # prctl's option: a signal for this process when its parent dies


def _follow(bot: int) -> None:
    """A worker's initializer: end this worker when the bot process ``bot`` ends.

    The worker's parent is the forkserver, which lives as long as a worker holds its
    "alive" pipe, so neither sees the bot die by itself. On Linux the worker is
    killed with its parent (prctl's parent-death signal), and a daemon thread waits
    for the bot's exit on a pidfd; elsewhere the thread looks once a second whether
    the bot or the parent is gone."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(0)
    threading.Thread(target=_watch, args=(bot, parent), name="follow-bot",
                     daemon=True).start()


def _watch(bot: int, parent: int) -> None:
    """Wait for the bot to end, then end this worker at once (no clean-up: the bot
    that would have waited for it is gone)."""
    pidfd: int | None = None
    try:
        pidfd = os.pidfd_open(bot)
    except ProcessLookupError:
        os._exit(0)
    except (AttributeError, OSError):  # no pidfd here: look from time to time
        pass
    if pidfd is not None:
        select.select([pidfd], [], [])  # readable once the bot has exited
        os._exit(0)
    while True:
        time.sleep(1.0)
        try:
            os.kill(bot, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # the bot's pid now belongs to someone else's process
            os._exit(0)
        if os.getppid() != parent:
            os._exit(0)


MOVE = 0  # a computer player's decision: a game waits on it
REVIEW = 1  # a post-game review's chunk: taken only when no decision waits


class Timings(Protocol):
    """Told how long each computer decision and each picture took in its worker (the
    metrics, bot/wiring/metrics.py). Its calls are cheap and never raise."""

    def decided(self, seconds: float) -> None: ...

    def rendered(self, seconds: float) -> None: ...


class Pool:
    """A lazily started process pool of ``workers`` processes (0: a thread instead).

    Calls go to the pool no more than it has workers at once; the others wait here,
    by lane then arrival, so a computer player's decision (`MOVE`) always goes before
    the next chunk of a review (`REVIEW`) that waits with it."""

    def __init__(self, name: str, workers: int) -> None:
        self.name = name
        self.workers = workers
        self._pool: concurrent.futures.Executor | None = None
        self.calls = 0
        self._free = max(1, workers)
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()
        # told (lane, seconds) of each call the worker answered (the wait for a free
        # worker left out: the worker call itself, its sending and answer included)
        self.timed: Callable[[int, float], None] | None = None

    async def _enter(self, lane: int) -> None:
        if self._free > 0 and not self._waiting:
            self._free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (lane, next(self._arrivals), turn)
        heapq.heappush(self._waiting, entry)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._leave()  # its turn came as it was cancelled: pass it on
            else:
                self._waiting.remove(entry)
                heapq.heapify(self._waiting)
            raise

    def _leave(self) -> None:
        while self._waiting:
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():
                turn.set_result(None)
                return
        self._free += 1

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.workers > 0:
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=_context(), initializer=_follow,
                    initargs=(os.getpid(),))
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix=self.name)
        return self._pool

    async def run(self, fn: Callable[..., T], *args: Any, lane: int = MOVE) -> T:
        loop = asyncio.get_running_loop()
        self.calls += 1
        await self._enter(lane)
        try:
            for attempt in (1, 2):
                try:
                    started = time.perf_counter()
                    result = await loop.run_in_executor(self._executor(), fn, *args)
                    if self.timed is not None:
                        self.timed(lane, time.perf_counter() - started)
                    return result
                except BrokenProcessPool:
                    log.warning("the %s pool broke; starting a new one", self.name)
                    self._reset()
                    if attempt == 2:
                        raise
            raise AssertionError("unreachable")
        finally:
            self._leave()

    def _reset(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


class Workers:
    """The bot's two pools: computer decisions and pictures."""

    def __init__(self, ai_workers: int = 1, render_workers: int = 1, *,
                 decider: Callable[[AiTurn], Move] = decide,
                 reviewer: Callable[[ReviewInput, int, int],
                                    tuple[int, list[DecisionReview | None]]] = review_chunk
                 ) -> None:
        self.ai = Pool("ai", ai_workers)
        self.render = Pool("render", render_workers)
        # top-level functions (they are sent to the worker by name)
        self._decide = decider
        self._review = reviewer

    def watch(self, timings: Timings) -> None:
        """Tell ``timings`` how long each decision (not a review's chunks, which share
        the AI pool) and each picture (tables, review pictures, rating charts) took."""

        def ai(lane: int, seconds: float) -> None:
            if lane == MOVE:
                timings.decided(seconds)

        def render(_lane: int, seconds: float) -> None:
            timings.rendered(seconds)

        self.ai.timed = ai
        self.render.timed = render

    async def decide(self, turn: AiTurn) -> Move:
        return await self.ai.run(self._decide, turn)

    async def table_picture(self, lang: str, view: SeatView, names: Sequence[str],
                            banner: str | None = None, banner_detail: str | None = None
                            ) -> tuple[bytes, str]:
        return await self.render.run(table_picture, lang, view, list(names), banner,
                                     banner_detail)

    # --- the post-game review: decisions in the AI pool, a chunk a call, each after
    # every computer decision waiting with it
    async def review_chunk(self, given: ReviewInput, start: int, count: int
                           ) -> tuple[int, list[DecisionReview | None]]:
        return await self.ai.run(self._review, given, start, count, lane=REVIEW)

    async def review_summary(self, given: ReviewInput,
                             reviews: Sequence[DecisionReview | None]) -> ReviewSummary:
        return await self.ai.run(review_summary, given, list(reviews), lane=REVIEW)

    async def review_picture(self, lang: str, view: SeatView, names: Sequence[str],
                             hand: Sequence[Tile], played: Tile | None, better: Tile | None
                             ) -> tuple[bytes, str]:
        """A costly decision's picture: the table then with his hand, the played tile
        red, the better one green."""
        return await self.render.run(review_picture, lang, view, list(names), list(hand),
                                     played, better)

    async def replay_picture(self, lang: str, record: Mapping[str, Any], names: Sequence[str],
                             index: int, banner: str | None = None,
                             banner_detail: str | None = None) -> ReplayPicture:
        """One step of a finished game's replay, replayed from its record and drawn
        in the render pool."""
        return await self.render.run(replay_picture, lang, dict(record), list(names), index,
                                     banner, banner_detail)

    def close(self) -> None:
        self.ai.close()
        self.render.close()
