"""/metrics and /healthz (bot/wiring/metrics.py), scraped over real HTTP from a bot that
plays through the emulator; and each Application's metrics on a registry of its own."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import sys
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from bot.wiring.metrics import KINDS, OUTCOMES
from tests.bot.emulator import EmulatorHttpServer, TelegramEmulator
from tests.bot.emulator import User as EmuUser
from tests.bot.harness import Bot, play_lead, play_to_end, running_bot

ROOT = Path(__file__).resolve().parents[2]
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]

def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _samples(text: str) -> Samples:
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def _value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


async def _scrape(client: httpx.AsyncClient, port: int) -> Samples:
    response = await client.get(f"http://127.0.0.1:{port}/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=")
    return _samples(response.text)


async def _start_with_computer(bot: Bot, emu: TelegramEmulator) -> tuple[int, EmuUser]:
    """Anna and a computer player at a draw game, Anna leads: a table picture drawn and a
    computer decision made."""
    anna = emu.add_user("Anna", language_code="en")
    group = emu.add_group("Club", [anna]).id
    await emu.user_starts_bot(anna)
    await bot.settle()
    await bot.send(anna, group, "/newgame draw")
    await bot.lobby_press(anna, group, "a:e")
    await bot.lobby_press(anna, group, "go")
    await bot.settle()
    game = await bot.game_in(group)
    assert game is not None and game.status == "playing"
    if game.turn is not None and (seat := game.seat_of(anna.id)) is not None \
            and seat.seat == game.turn:
        await play_lead(bot, group, [anna])
    await play_to_end(bot, group, [anna], random.Random(3), stop_after=3)
    await bot.settle()
    return group, anna


async def test_metrics_and_health_of_a_bot_at_play(emu: TelegramEmulator, db_path: Path
                                                   ) -> None:
    port = _free_port()
    async with running_bot(emu, db_path, metrics_port=port) as bot, \
            httpx.AsyncClient(timeout=10.0) as client:
        health = await client.get(f"http://127.0.0.1:{port}/healthz")
        assert (health.status_code, health.text) == (200, "ok\n")
        before = await _scrape(client, port)
        assert _value(before, "domino_games_active") == 0
        # every kind and outcome is there from the start, and the process' own metrics
        for kind in KINDS:
            assert ("domino_updates_total", frozenset({("kind", kind)})) in before
        for outcome in OUTCOMES:
            assert ("domino_presses_answered_total", frozenset({("outcome", outcome)})) \
                in before
        assert _value(before, "process_resident_memory_bytes") > 0

        group, anna = await _start_with_computer(bot, emu)
        # a 429 on a reply: waited out and retried (bot/transport/limiter.py)
        emu.fail_next_retry_after("sendMessage", seconds=1)
        await bot.send(anna, group, "/rules")
        # an answer Telegram does not take (the press came too late)
        hand = bot.hand(anna)
        assert hand is not None
        emu.fail_next_error("answerCallbackQuery", 400,
                            "Bad Request: query is too old and response timeout expired")
        await emu.press(anna, anna.id, hand.message_id, "forged-data", forge=True)
        await bot.settle()

        after = await _scrape(client, port)
        assert _value(after, "domino_updates_total", kind="command") \
            >= _value(before, "domino_updates_total", kind="command") + 2
        assert _value(after, "domino_updates_total", kind="press") \
            >= _value(before, "domino_updates_total", kind="press") + 4
        answered = _value(after, "domino_presses_answered_total", outcome="answered")
        assert answered >= 4
        assert _value(after, "domino_presses_answered_total", outcome="failed") == 1
        presses = answered + 1 + _value(after, "domino_presses_answered_total",
                                        outcome="refused")
        assert _value(after, "domino_press_answer_seconds_count") == presses
        assert _value(after, "domino_press_answer_seconds_bucket", le="+Inf") == presses
        assert _value(after, "domino_press_answer_seconds_sum") > 0
        assert _value(after, "domino_telegram_429_total") == 1
        assert _value(after, "domino_games_active") == 1
        assert _value(after, "domino_ai_decision_seconds_count") >= 1
        assert _value(after, "domino_render_seconds_count") >= 1
        assert _value(after, "domino_render_seconds_sum") > 0
        assert _value(after, "domino_outbox_depth") == 0  # settled: nothing waits

        # the database gone: unhealthy, with the reason in one line
        await bot.service.close()
        health = await client.get(f"http://127.0.0.1:{port}/healthz")
        assert health.status_code == 503
        assert health.text.startswith("the database did not answer")
        assert health.text.count("\n") == 1
        # the metrics still answer, the last count of games kept
        assert _value(await _scrape(client, port), "domino_games_active") == 1
    _nobody_listens(port)  # stopped with the bot


def _nobody_listens(port: int) -> None:
    """The port can be bound again (as a server binds it: closed connections waiting
    out their TIME_WAIT do not count)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(("127.0.0.1", port))
        probe.listen()


async def _healthy(client: httpx.AsyncClient, port: int, proc: asyncio.subprocess.Process
                   ) -> None:
    """Until the bot process answers /healthz with 200 (it starts serving at the end of
    post_init, and is healthy once polling)."""
    for _ in range(600):
        assert proc.returncode is None, "the bot process ended"
        try:
            if (await client.get(f"http://127.0.0.1:{port}/healthz")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        await asyncio.sleep(0.05)
    raise TimeoutError("the bot process never became healthy")


async def test_the_bot_process_serves_and_stops_serving(tmp_path: Path) -> None:
    """``python -m bot`` with METRICS_PORT: healthy once it polls, its commands counted,
    and on SIGTERM it stops cleanly and frees the port."""
    emu = TelegramEmulator()
    server = EmulatorHttpServer(emu)
    await server.start()
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BOT_TOKEN": emu.token,
           "TELEGRAM_API_BASE_URL": server.base_url,
           "DATABASE_PATH": str(tmp_path / "domino.sqlite3"), "LOG_LEVEL": "WARNING",
           "AI_WORKERS": "0", "RENDER_WORKERS": "0", "METRICS_PORT": str(port)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    try:
        async with httpx.AsyncClient(timeout=10.0) as client:
            await _healthy(client, port, proc)
            anna = emu.add_user("Anna", language_code="en")
            await emu.user_starts_bot(anna)
            await emu.user_sends(anna, anna.id, "/help")
            await emu.wait_idle(timeout=30, quiet_rounds=30, settle=0.4)
            samples = await _scrape(client, port)
            assert _value(samples, "domino_updates_total", kind="command") == 2
            assert _value(samples, "domino_games_active") == 0
            proc.send_signal(signal.SIGTERM)
            assert await proc.wait() == 0
        _nobody_listens(port)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        emu.close()
        await server.stop()
