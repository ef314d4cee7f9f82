"""Reviews share the computer players' worker with every game, so they are bounded:
at most REVIEWS_AT_ONCE at once, the others queued and told their place once (that
message becomes the progress), a finished review sent again without being computed
again, and a computer player's decision always taken before a review's next chunk.
Everything is checked by order: the review's worker calls are gated, never timed."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

from bot.showing.workers import Workers
from bot.texts import tr
from engine.core.moves import PASS, Move
from engine.domino.ai.review import DecisionReview
from service.review import ReviewInput
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import open_table, play_to_end, running_bot

DECISIONS = 3  # decisions with a choice the gated reviewer reports per game


class Gated:
    """A review chunk that records who asked and waits for the test to let it go (in
    the worker thread); it finds no decision with a choice (``None`` each)."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int]] = []  # (user, start) in the order they ran
        self.gate = threading.Event()
        self.lock = threading.Lock()

    def __call__(self, given: ReviewInput, start: int, count: int
                 ) -> tuple[int, list[DecisionReview | None]]:
        with self.lock:
            self.calls.append((given.user_id, start))
        assert self.gate.wait(60), "the test never let the review go"
        return DECISIONS, [None] * max(0, min(count, DECISIONS - start))


async def until(emu: TelegramEmulator, app: Any, done: Any, what: str) -> None:
    """Wait for a state (the emulator quiet between looks), failing after many looks."""
    for _ in range(2000):
        if done():
            return
        await emu.wait_idle(app, timeout=5)
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


async def test_a_computer_move_goes_before_the_next_review_chunk() -> None:
    order: list[str] = []
    gate = threading.Event()

    def chunk(given: Any, start: int, count: int) -> tuple[int, list[DecisionReview | None]]:
        order.append(f"chunk {start}")
        if start == 0:
            assert gate.wait(60)
        return 9, [None] * count

    def decide(turn: Any) -> Move:
        order.append("move")
        return PASS

    workers = Workers(0, 0, decider=decide, reviewer=chunk)
    try:
        first = asyncio.create_task(workers.review_chunk(object(), 0, 3))  # type: ignore[arg-type]
        while not order:  # the first chunk holds the worker
            await asyncio.sleep(0.001)
        # a second review's chunk waits, then a game's computer player asks
        second = asyncio.create_task(workers.review_chunk(object(), 3, 3))  # type: ignore[arg-type]
        await asyncio.sleep(0)
        move = asyncio.create_task(workers.decide(object()))  # type: ignore[arg-type]
        await asyncio.sleep(0)
        assert order == ["chunk 0"]
        gate.set()
        await asyncio.gather(first, second, move)
        assert order == ["chunk 0", "move", "chunk 3"]
    finally:
        workers.close()


async def test_reviews_wait_in_turn_and_a_kept_result_is_sent_again(
        emu: TelegramEmulator, db_path: Path) -> None:
    reviewer = Gated()
    workers = Workers(0, 0, reviewer=reviewer)
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="en")
    vera = emu.add_user("Vera", language_code="en")
    group = emu.add_group("Domino club", [anna, boris, vera])
    async with running_bot(emu, db_path, workers=workers, reviews_at_once=1) as bot:
        await open_table(bot, group.id, [anna, boris, vera], "all_fives", target=100)
        await bot.lobby_press(anna, group.id, "go")
        await play_to_end(bot, group.id, [anna, boris, vera], random.Random(7))
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        gid = game.game_id

        # Anna's review runs (held in the worker); Boris and Vera wait in turn
        await emu.user_sends(anna, anna.id, "/review")
        await until(emu, bot.app, lambda: reviewer.calls, "Anna's review runs")
        starts = {u.id: len(emu.history(u.id)) for u in (boris, vera)}
        await emu.user_sends(boris, boris.id, "/review")
        await until(emu, bot.app, lambda: _said(emu, boris.id, starts[boris.id]),
                    "Boris is told his place")
        await emu.user_sends(vera, vera.id, f"/review {gid}")
        await until(emu, bot.app, lambda: _said(emu, vera.id, starts[vera.id]),
                    "Vera is told her place")
        assert _said(emu, boris.id, starts[boris.id]) == [tr("en", "review.queued", ahead=1)]
        assert _said(emu, vera.id, starts[vera.id]) == [tr("en", "review.queued", ahead=2)]
        # asking again while waiting changes nothing
        await emu.user_sends(vera, vera.id, "/review")
        await until(emu, bot.app, lambda: len(_said(emu, vera.id, starts[vera.id])) == 2,
                    "Vera is told she waits already")
        assert _said(emu, vera.id, starts[vera.id])[-1] == tr("en", "review.busy")
        assert [u for u, _ in reviewer.calls] == [anna.id]  # one review at a time

        reviewer.gate.set()
        await bot.settle()
        # in the order asked, one after the other
        assert [u for u, s in reviewer.calls if s == 0] == [anna.id, boris.id, vera.id]
        # at most one message for the queue: the place, edited into the progress and
        # then into the summary (Vera's second message was the "already" answer)
        for user, count in ((boris, 1), (vera, 2)):
            sent = [h for h in emu.history(user.id)[starts[user.id]:]
                    if h.method == "sendMessage"]
            assert len(sent) == count
            final = emu.message(user.id, sent[0].message_id)
            assert final is not None and (final.text or "").startswith(f"🔍 Game {gid}")

        # Anna asks again: the kept result comes at once, nothing is computed
        calls = len(reviewer.calls)
        before = len(emu.history(anna.id))
        await bot.send(anna, anna.id, f"/review {gid}")
        assert len(reviewer.calls) == calls
        again = _said(emu, anna.id, before)
        assert len(again) == 1 and again[0].startswith(f"🔍 Game {gid}")


def _said(emu: TelegramEmulator, chat_id: int, start: int) -> list[str]:
    """The texts of the messages the bot sent (not edited) in the chat since ``start``."""
    return [str((h.snapshot or {}).get("text") or "") for h in emu.history(chat_id)[start:]
            if h.method == "sendMessage" and (h.snapshot or {}).get("from", {}).get("is_bot")]
