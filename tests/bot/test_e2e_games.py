"""Whole games of every variant, played by emulated users pressing buttons."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from bot.texts import tr
from bot.ui.names import seat_name
from bot.wiring.state import get_state
from engine.domino.record import replay, replay_summary
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import open_table, play_to_end, running_bot

CASES = [
    # variant, humans, computer seats, target
    ("telephone", 1, 1, None),
    ("threes", 2, 1, None),
    ("kozel", 2, 1, None),
    ("all_fives", 2, 1, 100),
    ("draw", 2, 1, None),
    ("block", 2, 1, None),
]
STATS: dict[str, tuple[int, int, int]] = {}


@pytest.mark.parametrize(("variant", "humans", "ai", "target"), CASES,
                         ids=[c[0] for c in CASES])
async def test_whole_game(emu: TelegramEmulator, db_path: Path, variant: str, humans: int,
                          ai: int, target: int | None) -> None:
    t0 = time.perf_counter()
    users = [emu.add_user(n, language_code=lc) for n, lc in (("Anna", "ru"), ("Boris", "en"))]
    users = users[:humans]
    group = emu.add_group("Domino club", users)
    async with running_bot(emu, db_path) as bot:
        game = await open_table(bot, group.id, users, variant, ai=ai, target=target)
        emu.reset_calls()
        await bot.lobby_press(users[0], group.id, "go")
        await play_to_end(bot, group.id, users, random.Random(variant))
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        record = await bot.service.record(game.game_id)
        replayed, _ = replay(record)
        summary = replay_summary(replayed)
        assert game.view is not None
        assert summary["totals"] == list(game.view.totals)
        assert summary["winners"] == list(game.view.outcome.winners)  # type: ignore[union-attr]
        # what the group was shown: the final table caption carries the score
        table = bot.table(group.id)
        assert table is not None and table.caption is not None
        lang = await get_state(bot.app).presenter.chat_language(group.id)
        names = [seat_name(lang, s) for s in game.seats]
        joiner = tr(lang, "names.and")
        for side, total in zip(replayed.variant.sides, summary["totals"], strict=True):
            assert f"{joiner.join(names[s] for s in side)} — {total}" in table.caption
        moves = sum(len(r["moves"]) for r in summary["rounds"])
        private = sum(emu.call_count(chat_id=u.id) for u in users)
        public = emu.call_count(chat_id=group.id)
        STATS[variant] = (moves, public, private)
        total_calls = emu.call_count()
        per_move = total_calls / moves
        print(f"\n{variant}: {moves} moves, {len(summary['rounds'])} rounds, "
              f"api calls per move: {per_move:.2f} (group {public / moves:.2f}, "
              f"private {private / moves:.2f}), {time.perf_counter() - t0:.1f}s")
        assert per_move <= 6


def test_api_calls_per_move_summary() -> None:
    """Prints the average over the games above (run with -s)."""
    if not STATS:
        pytest.skip("no game ran")
    moves = sum(m for m, _, _ in STATS.values())
    group = sum(g for _, g, _ in STATS.values())
    private = sum(p for _, _, p in STATS.values())
    print(f"\napi calls per move: {(group + private) / moves:.2f} "
          f"(group {group / moves:.2f}, private {private / moves:.2f}) over {moves} moves")
    assert (group + private) / moves <= 6
