"""bot/wiring/metrics.py in parts: each Application's metrics on a registry of its own,
how updates and presses are counted, a stalled update processor, the server on a port
the system chose."""

from __future__ import annotations

import asyncio
import datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client import REGISTRY, CollectorRegistry
from telegram import (
    CallbackQuery,
    Chat,
    ChatMemberLeft,
    ChatMemberMember,
    ChatMemberUpdated,
    Message,
    Update,
    User,
)

from bot.transport.flood import Verdict
from bot.transport.order import GameOrderProcessor, KeyedLocks
from bot.wiring.app import build_application
from bot.wiring.config import SettingsError, load_settings
from bot.wiring.metrics import (
    KINDS,
    OUTCOMES,
    Metrics,
    MetricsServer,
    get_metrics,
    kind_of,
    stalled,
    unhealthy,
)
from tests.bot.emulator import EmulatorRequest, TelegramEmulator
from tests.bot.harness import test_settings

DOMINO = ("domino_updates", "domino_presses_answered", "domino_press_answer_seconds",
          "domino_outbox_depth", "domino_telegram_429", "domino_games_active",
          "domino_ai_decision_seconds", "domino_render_seconds")
ANNA = User(1, "Anna", False)
WHEN = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def _press(qid: str) -> Update:
    return Update(1, callback_query=CallbackQuery(qid, ANNA, "instance", data="x"))


def _text(text: str) -> Update:
    return Update(2, message=Message(1, WHEN, Chat(-5, Chat.GROUP), from_user=ANNA, text=text))


def _value(registry: CollectorRegistry, name: str, **labels: str) -> float:
    value = registry.get_sample_value(name, labels)
    return 0.0 if value is None else value


def _families(registry: CollectorRegistry) -> set[str]:
    return {family.name for family in registry.collect()}


def _app(emu: TelegramEmulator, path: Path) -> Any:
    return build_application(test_settings(emu, path), request=EmulatorRequest(emu),
                             get_updates_request=EmulatorRequest(emu))


async def test_each_application_counts_on_its_own_registry(tmp_path: Path) -> None:
    emu = TelegramEmulator()
    first, second = _app(emu, tmp_path / "a.sqlite3"), _app(emu, tmp_path / "b.sqlite3")
    ours, theirs = get_metrics(first), get_metrics(second)
    assert ours.registry is not theirs.registry
    for metrics in (ours, theirs):
        assert set(DOMINO) <= _families(metrics.registry)
        assert {"process_resident_memory_bytes", "python_info", "python_gc_objects_collected_total"
                } <= {s.name for f in metrics.registry.collect() for s in f.samples}
    assert not {name for name in _families(REGISTRY) if name.startswith("domino_")}

    # a press through the first bot's own processor and its own request layer
    async def handled() -> None:
        return None

    await first.update_processor.process_update(_press("q1"), handled())

    async def sent(*_: Any, **__: Any) -> bool:
        return True

    await first.bot.rate_limiter.process_request(
        callback=sent, args=(), kwargs={}, endpoint="answerCallbackQuery",
        data={"callback_query_id": "q1"}, rate_limit_args=None)
    assert _value(ours.registry, "domino_updates_total", kind="press") == 1
    assert _value(ours.registry, "domino_presses_answered_total", outcome="answered") == 1
    assert _value(ours.registry, "domino_press_answer_seconds_count") == 1
    assert _value(theirs.registry, "domino_updates_total", kind="press") == 0
    assert _value(theirs.registry, "domino_presses_answered_total", outcome="answered") == 0
    assert _value(theirs.registry, "domino_press_answer_seconds_count") == 0


def test_the_kinds_of_updates() -> None:
    member = ChatMemberUpdated(Chat(-5, Chat.GROUP), ANNA, WHEN, ChatMemberLeft(ANNA),
                               ChatMemberMember(ANNA))
    edited = Update(3, edited_message=Message(1, WHEN, Chat(-5, Chat.GROUP), text="/pass"))
    assert [kind_of(u) for u in (_text("/pass@bot"), _press("q"), _text("hello"), edited,
                                 Update(4, my_chat_member=member), Update(5), object())] \
        == ["command", "press", "message", "message", "member", "other", "other"]
    assert set(KINDS) == {"command", "press", "message", "member", "other"}


def test_presses_answered_refused_and_failed() -> None:
    now = [100.0]
    metrics = Metrics(monotonic=lambda: now[0])
    registry = metrics.registry
    answer = "answerCallbackQuery"
    metrics.arrived(_press("ok"))
    metrics.arrived(_press("busy"))
    metrics.refused(_press("busy"), Verdict.BUSY)
    metrics.arrived(_press("late"))
    now[0] = 100.25
    metrics.finished(answer, {"callback_query_id": "busy"}, True)
    now[0] = 100.5
    metrics.finished(answer, {"callback_query_id": "ok"}, True)
    metrics.finished(answer, {"callback_query_id": "late"}, False)
    metrics.finished(answer, {"callback_query_id": "never-arrived"}, True)  # counted, not timed
    metrics.finished("sendMessage", {"chat_id": -5}, True)  # not a press
    assert {o: _value(registry, "domino_presses_answered_total", outcome=o)
            for o in OUTCOMES} == {"answered": 2, "refused": 1, "failed": 1}
    assert _value(registry, "domino_press_answer_seconds_count") == 3
    assert _value(registry, "domino_press_answer_seconds_sum") == 0.25 + 0.5 + 0.5
    assert _value(registry, "domino_press_answer_seconds_bucket", le="0.25") == 1
    metrics.retry_after("sendMessage", -5)
    metrics.decided(0.5)
    metrics.rendered(0.02)
    assert _value(registry, "domino_telegram_429_total") == 1
    assert _value(registry, "domino_ai_decision_seconds_sum") == 0.5
    assert _value(registry, "domino_render_seconds_count") == 1


def test_counting_never_raises() -> None:
    metrics = Metrics()
    metrics.finished("answerCallbackQuery", None, True)  # type: ignore[arg-type]
    metrics.decided("slow")  # type: ignore[arg-type]
    metrics.decided("slow")  # type: ignore[arg-type]
    metrics.refused(None, Verdict.BUSY)
    assert _value(metrics.registry, "domino_ai_decision_seconds_count") == 0
    assert _value(metrics.registry, "domino_presses_answered_total", outcome="answered") == 0
    assert metrics.failed == {"finished", "decided"}  # each warned of once


def test_the_metrics_port_is_not_the_webhook_port() -> None:
    base = {"BOT_TOKEN": "1:x", "WEBHOOK_URL": "https://example.org/hook"}
    assert load_settings({**base, "METRICS_PORT": "9100"}, dotenv=None).metrics_port == 9100
    assert load_settings({"BOT_TOKEN": "1:x"}, dotenv=None).metrics_port == 0
    with pytest.raises(SettingsError, match="METRICS_PORT must differ from WEBHOOK_PORT"):
        load_settings({**base, "METRICS_PORT": "8080"}, dotenv=None)
    with pytest.raises(SettingsError, match="METRICS_PORT must be a port"):
        load_settings({"BOT_TOKEN": "1:x", "METRICS_PORT": "70000"}, dotenv=None)


async def test_a_stalled_update_processor() -> None:
    now = [0.0]
    processor = GameOrderProcessor(KeyedLocks(), monotonic=lambda: now[0])
    release = asyncio.Event()
    entered = asyncio.Event()

    async def stuck() -> None:
        entered.set()
        await release.wait()

    task = asyncio.ensure_future(processor.do_process_update(_text("/pass"), stuck()))
    await entered.wait()
    assert stalled(processor) is None
    now[0] = 121.0
    assert processor.longest_under_way() == 121.0
    assert stalled(processor) == "an update has been under way for 121 s"
    release.set()
    await task
    assert processor.longest_under_way() == 0.0
    assert stalled(processor) is None


async def test_the_server_on_a_port_the_system_chose(tmp_path: Path) -> None:
    """Port 0 binds a free port, read back; a bot not started is not healthy, and its
    metrics are served all the same."""
    app = _app(TelegramEmulator(), tmp_path / "c.sqlite3")
    assert await unhealthy(app) == "the bot is not running"
    server = MetricsServer(app, get_metrics(app), "127.0.0.1", 0)
    await server.start()
    try:
        assert server.port > 0
        async with httpx.AsyncClient(timeout=10.0) as client:
            health = await client.get(f"http://127.0.0.1:{server.port}/healthz")
            assert (health.status_code, health.text) == (503, "the bot is not running\n")
            page = await client.get(f"http://127.0.0.1:{server.port}/metrics")
            assert page.status_code == 200
            assert "domino_updates_total" in page.text
            missing = await client.get(f"http://127.0.0.1:{server.port}/other")
            assert missing.status_code == 404
    finally:
        await server.stop()
