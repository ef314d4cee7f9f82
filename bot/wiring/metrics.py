"""The bot's health and metrics: ``GET /healthz`` and Prometheus' ``GET /metrics``.

Every metric is declared once, in :class:`Metrics`, on a registry of its own per
Application (kept in ``bot_data``; never prometheus_client's global registry: the
tests run many bots in one process, and two bots never share a count):

* ``domino_updates_total{kind}``: the updates that reached the update processor
  (bot/transport/order.py, which every update passes): ``command``, ``press``,
  ``message``, ``member``, ``other``;
* ``domino_presses_answered_total{outcome}`` and ``domino_press_answer_seconds``:
  each button press, from its arrival in the processor to the moment Telegram took
  its answerCallbackQuery. Measured in the one place every answer passes, the
  request layer (bot/transport/limiter.py): a handler's answer
  (bot/handlers/presses.py), a refused press's (bot/wiring/app.py ``refuse``) alike.
  ``answered`` by its handler, ``refused`` at once (over budget, or the table busy),
  ``failed`` (Telegram did not take the answer: too late, or the network);
* ``domino_outbox_depth``: the messages waiting in the chats' outboxes
  (bot/transport/outbox.py), read when scraped;
* ``domino_telegram_429_total``: the 429s ("retry after") Telegram answered
  (bot/transport/limiter.py);
* ``domino_games_active``: the games being played, counted by the service (one indexed
  count) when scraped;
* ``domino_ai_decision_seconds`` and ``domino_render_seconds``: a computer player's
  decision and a picture (a table, a review's picture, a rating chart), timed around
  the worker call (bot/showing/workers.py): the wait for a free worker left out, the
  sending of the call and of its answer in (and a pool's first call starts its worker);
* the process', the platform's and the garbage collector's own metrics.

Counting is a counter's increment or a histogram's observation, and every method the
transport calls catches whatever it raises: a metric never breaks a handler.

``/healthz`` answers 200 ``ok`` when the bot is running (the Application and its updater),
no update has been under way in the processor for more than ``STALLED_AFTER`` seconds
(a game's line that stopped moving), and the database answers ``SELECT 1`` through
the service within ``PING_TIMEOUT`` seconds; otherwise 503 and the reason in one line.
A heartbeat task on the loop would tell nothing more: the check itself runs on that
loop, so whenever it can answer, the loop is alive.

The server is tornado's, started on the bot's own event loop in post_init and stopped
in post_shutdown (bot/wiring/app.py), bound to ``METRICS_LISTEN:METRICS_PORT``.
Tornado is what python-telegram-bot's own webhook server runs on, so it is no new
dependency, and it shares the bot's loop, so ``/healthz`` can ask the async database;
prometheus_client's own ``start_http_server`` serves from a thread of its own, which
could not.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import socket
import time
from collections.abc import Callable
from typing import Any, Final, ParamSpec

import tornado.httpserver
import tornado.netutil
import tornado.web
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.gc_collector import GCCollector
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector
from telegram import Update

from bot.transport.flood import Verdict
from bot.transport.order import GameOrderProcessor, command_of
from bot.transport.outbox import Outbox
from bot.wiring.state import AnyApp, get_state

log = logging.getLogger(__name__)
P = ParamSpec("P")

KINDS: Final = ("command", "press", "message", "member", "other")
OUTCOMES: Final = ("answered", "refused", "failed")
PING_TIMEOUT: Final = 3.0  # seconds the database has to answer the health check
STALLED_AFTER: Final = 120.0  # seconds an update may be under way before the bot is unhealthy
PENDING_PRESSES: Final = 10_000  # presses waiting for their answer that are remembered
_METRICS_KEY = "domino_metrics"
_SERVER_KEY = "domino_metrics_server"

# seconds: a press is answered in milliseconds, Telegram gives up on it after about 15 s
PRESS_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 15.0)
# a hard computer player thinks up to about two seconds
AI_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
# a table picture takes 10-30 ms
RENDER_BUCKETS: Final = (0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


def _never_raises(method: Callable[P, None]) -> Callable[P, None]:
    """What the transport calls: a failure is logged (a warning the first time for
    each method of a `Metrics`, then at DEBUG: it would come with every update), never
    passed on to the handler."""

    @functools.wraps(method)
    def safe(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            method(*args, **kwargs)
        except Exception:
            owner = args[0] if args else None
            failed = getattr(owner, "failed", None)
            first = isinstance(failed, set) and method.__name__ not in failed
            if first:
                assert isinstance(failed, set)
                failed.add(method.__name__)
            log.log(logging.WARNING if first else logging.DEBUG, "counting in %s failed",
                    method.__name__, exc_info=True)

    return safe


def kind_of(update: object) -> str:
    """The ``kind`` label of an update (one of `KINDS`)."""
    if not isinstance(update, Update):
        return "other"
    if update.callback_query is not None:
        return "press"
    if update.my_chat_member is not None or update.chat_member is not None:
        return "member"
    if update.message is not None and command_of(update):
        return "command"
    if update.message is not None or update.edited_message is not None:
        return "message"
    return "other"


class Metrics:
    """The bot's metrics on a registry of their own (see the module docstring); the
    watcher of the update processor and of the request layer, and the timings of the
    worker pools."""

    def __init__(self, monotonic: Callable[[], float] = time.monotonic) -> None:
        self._now = monotonic
        self.registry = registry = CollectorRegistry()
        ProcessCollector(registry=registry)
        PlatformCollector(registry=registry)
        GCCollector(registry=registry)
        self.updates = Counter("domino_updates", "Updates handled, by kind.", ["kind"],
                               registry=registry)
        self.presses = Counter("domino_presses_answered",
                               "Button presses answered, by outcome.", ["outcome"],
                               registry=registry)
        self.press_seconds = Histogram(
            "domino_press_answer_seconds",
            "Seconds from a press's arrival to its answer taken by Telegram.",
            buckets=PRESS_BUCKETS, registry=registry)
        self.outbox_depth = Gauge("domino_outbox_depth",
                                  "Messages waiting in the chats' outboxes.", registry=registry)
        self.telegram_429 = Counter("domino_telegram_429",
                                    "Requests Telegram answered with 429 (retry after).",
                                    registry=registry)
        self.games_active = Gauge("domino_games_active", "Games being played.",
                                  registry=registry)
        self.ai_seconds = Histogram("domino_ai_decision_seconds",
                                    "Seconds a computer player's decision took in its worker.",
                                    buckets=AI_BUCKETS, registry=registry)
        self.render_seconds = Histogram("domino_render_seconds",
                                        "Seconds a picture took in its worker.",
                                        buckets=RENDER_BUCKETS, registry=registry)
        # every label shown from the start, at 0
        self._kinds = {kind: self.updates.labels(kind) for kind in KINDS}
        self._outcomes = {outcome: self.presses.labels(outcome) for outcome in OUTCOMES}
        # presses not answered yet: callback query id -> [arrival, refused], oldest first
        self._presses: dict[str, list[Any]] = {}
        self.failed: set[str] = set()  # the methods whose counting failed (logged once)

    # ---------------------------------------------------- the update processor's watcher
    @_never_raises
    def arrived(self, update: object) -> None:
        kind = kind_of(update)
        self._kinds[kind].inc()
        if kind == "press":
            assert isinstance(update, Update) and update.callback_query is not None
            if len(self._presses) >= PENDING_PRESSES:  # one never answered: forget the oldest
                del self._presses[next(iter(self._presses))]
            self._presses[update.callback_query.id] = [self._now(), False]

    @_never_raises
    def refused(self, update: object, verdict: Verdict) -> None:
        if isinstance(update, Update) and update.callback_query is not None:
            pending = self._presses.get(update.callback_query.id)
            if pending is not None:
                pending[1] = True

    # ---------------------------------------------------- the request layer's watcher
    @_never_raises
    def retry_after(self, endpoint: str, chat_id: int | None) -> None:
        self.telegram_429.inc()

    @_never_raises
    def finished(self, endpoint: str, data: dict[str, Any], ok: bool) -> None:
        if endpoint != "answerCallbackQuery":
            return
        pending = self._presses.pop(str(data.get("callback_query_id")), None)
        outcome = "failed" if not ok else "refused" if pending and pending[1] else "answered"
        self._outcomes[outcome].inc()
        if pending is not None:
            self.press_seconds.observe(max(0.0, self._now() - pending[0]))

    # ---------------------------------------------------- the worker pools' timings
    @_never_raises
    def decided(self, seconds: float) -> None:
        self.ai_seconds.observe(seconds)

    @_never_raises
    def rendered(self, seconds: float) -> None:
        self.render_seconds.observe(seconds)

    # ---------------------------------------------------- read when scraped
    def watch_outbox(self, outbox: Outbox) -> None:
        def depth() -> float:
            try:
                return float(outbox.pending())
            except Exception:  # a chat's queue changing under the count: none shown
                return float("nan")

        self.outbox_depth.set_function(depth)

    async def refresh(self, app: AnyApp) -> None:
        """What is read from the service when scraped: the games being played (the
        last count stays if the database does not answer)."""
        try:
            service = get_state(app).service
            playing = await asyncio.wait_for(service.games_playing(), PING_TIMEOUT)
        except Exception as exc:
            log.info("counting the games being played failed: %r", exc)
            return
        self.games_active.set(playing)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


def put_metrics(app: AnyApp, metrics: Metrics) -> None:
    app.bot_data[_METRICS_KEY] = metrics


def get_metrics(app: AnyApp) -> Metrics:
    value = app.bot_data.get(_METRICS_KEY)
    if not isinstance(value, Metrics):
        raise RuntimeError("the metrics are not stored in bot_data")
    return value


# ------------------------------------------------------------------ health


def stalled(processor: GameOrderProcessor, after: float = STALLED_AFTER) -> str | None:
    """Why the update processor looks stalled (None: it does not): an update has been
    under way longer than ``after`` seconds."""
    seconds = processor.longest_under_way()
    if seconds > after:
        return f"an update has been under way for {seconds:.0f} s"
    return None


async def unhealthy(app: AnyApp) -> str | None:
    """Why the bot is not healthy, in one line (None: it is)."""
    if not app.running:
        return "the bot is not running"
    if app.updater is not None and not app.updater.running:
        return "the bot receives no updates (its updater is not running)"
    processor = app.update_processor
    if isinstance(processor, GameOrderProcessor):
        reason = stalled(processor)
        if reason is not None:
            return reason
    try:
        service = get_state(app).service
    except RuntimeError:
        return "the bot is not initialized"
    try:
        await asyncio.wait_for(service.ping(), PING_TIMEOUT)
    except TimeoutError:
        return f"the database did not answer within {PING_TIMEOUT:g} s"
    except Exception as exc:
        return f"the database did not answer: {exc}".replace("\n", " ")
    return None


# ------------------------------------------------------------------ the server


class _MetricsPage(tornado.web.RequestHandler):
    def initialize(self, app: AnyApp, metrics: Metrics) -> None:
        self.bot_app = app
        self.metrics = metrics

    async def get(self) -> None:
        await self.metrics.refresh(self.bot_app)
        self.set_header("Content-Type", CONTENT_TYPE_LATEST)
        self.set_header("Cache-Control", "no-store")
        self.write(self.metrics.exposition())


class _HealthPage(tornado.web.RequestHandler):
    def initialize(self, app: AnyApp) -> None:
        self.bot_app = app

    async def get(self) -> None:
        reason = await unhealthy(self.bot_app)
        self.set_status(200 if reason is None else 503)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.write("ok\n" if reason is None else f"{reason}\n")


def _quiet_log(handler: tornado.web.RequestHandler) -> None:
    """A scrape every few seconds is no news: the requests logged at DEBUG only."""
    log.debug("%d %s %.1f ms", handler.get_status(), handler.request.path,
              1000.0 * handler.request.request_time())


class MetricsServer:
    """``/metrics`` and ``/healthz`` on ``listen:port``, on the running event loop."""

    def __init__(self, app: AnyApp, metrics: Metrics, listen: str, port: int) -> None:
        self.listen = listen
        self.port = port  # the port bound once started (``port`` 0: one the system chose)
        self._web = tornado.web.Application(
            [(r"/metrics", _MetricsPage, {"app": app, "metrics": metrics}),
             (r"/healthz", _HealthPage, {"app": app})],
            log_function=_quiet_log)
        self._server: tornado.httpserver.HTTPServer | None = None

    async def start(self) -> None:
        try:
            sockets = tornado.netutil.bind_sockets(self.port, self.listen,
                                                   family=socket.AF_UNSPEC)
        except OSError as exc:
            raise RuntimeError(f"cannot serve the metrics on {self.listen}:{self.port} "
                               f"(METRICS_LISTEN, METRICS_PORT): {exc}") from exc
        self.port = int(sockets[0].getsockname()[1])
        self._server = tornado.httpserver.HTTPServer(self._web)
        self._server.add_sockets(sockets)
        log.info("metrics and health on http://%s:%d/metrics and /healthz", self.listen,
                 self.port)

    async def stop(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.stop()
            await server.close_all_connections()


async def start_server(app: AnyApp, listen: str, port: int) -> MetricsServer:
    """Serve the app's metrics and health (post_init)."""
    server = MetricsServer(app, get_metrics(app), listen, port)
    await server.start()
    app.bot_data[_SERVER_KEY] = server
    return server


async def stop_server(app: AnyApp) -> None:
    """Stop serving them (post_shutdown); nothing when none was started."""
    server = app.bot_data.pop(_SERVER_KEY, None)
    if isinstance(server, MetricsServer):
        await server.stop()
