"""A stored game that cannot be rebuilt (one corrupt move row) is set aside at the
start, not fatal: the bot starts, the other games play on, the broken game is
cancelled and marked, and its group is told once, not again at the next start.

The bot runs as its own process against the HTTP emulator (as in
tests/bot/test_crash_restart.py); the corrupt row is written straight into the
SQLite file while the bot is down.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from service import GameService
from tests.bot.emulator import TelegramEmulator
from tests.bot.test_crash_restart import begin, check_in_line, lead, settle, stored, world

BROKEN = "could not be restored after a restart"


def told(emu: TelegramEmulator, group: int) -> int:
    return sum(BROKEN in (m.text or "") for m in emu.bot_messages(group))


def corrupt(db: Path, game_id: int) -> None:
    """Append a move the rules refuse (a tile 99-99, written as no move is) to the
    game's stored moves."""
    with sqlite3.connect(db) as conn:
        seq, rnd, move = conn.execute(
            "SELECT seq, round, move FROM game_moves WHERE game_id = ? ORDER BY seq DESC"
            " LIMIT 1", (game_id,)).fetchone()
        bad = "p:99-99:l" if not move.startswith("{") else '{"bad": "move"}'
        conn.execute("INSERT INTO game_moves (game_id, seq, round, move, version)"
                     " VALUES (?, ?, ?, ?, NULL)", (game_id, seq + 1, rnd, bad))


def status_of(db: Path, game_id: int) -> tuple[str, int]:
    with sqlite3.connect(db) as conn:
        status, broken = conn.execute("SELECT status, broken FROM games WHERE game_id = ?",
                                      (game_id,)).fetchone()
    return str(status), int(broken)


async def test_a_broken_game_is_set_aside_and_told_once(tmp_path: Path) -> None:
    async with world(tmp_path) as (emu, bot):
        anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
        clara, dan = emu.add_user("Clara"), emu.add_user("Dan")
        bad_group = emu.add_group("Bad", members=[anna, boris]).id
        good_group = emu.add_group("Good", members=[clara, dan]).id
        await begin(emu, bad_group, [anna, boris])
        await begin(emu, good_group, [clara, dan])
        await settle(emu)
        await lead(emu, bot.db, bad_group, [anna, boris])
        await lead(emu, bot.db, good_group, [clara, dan])
        bad_id = (await stored(bot.db, bad_group))[0]
        good_id = (await stored(bot.db, good_group))[0]
        await settle(emu)  # nothing in flight: the kill cuts no message of the good game
        await bot.kill()
        corrupt(bot.db, bad_id)

        await bot.start()  # the start does not fail on the broken game
        await settle(emu)
        for _ in range(50):
            if told(emu, bad_group):
                break
            await settle(emu)
        assert told(emu, bad_group) == 1
        assert told(emu, good_group) == 0
        assert status_of(bot.db, bad_id) == ("cancelled", 1)
        assert status_of(bot.db, good_id) == ("playing", 0)
        await check_in_line(emu, bot.db, good_group, [clara, dan])  # plays on

        # its record cannot be built: /export says why instead of failing
        await emu.user_sends(anna, bad_group, "/export")
        await settle(emu)
        assert any(f"Game {bad_id} was closed: its stored moves" in (m.text or "")
                   for m in emu.bot_messages(bad_group))

        # the chat has no active game any more: a new one opens
        await emu.user_sends(anna, bad_group, "/newgame draw")
        await settle(emu)
        game = await stored(bot.db, bad_group)
        assert game[0] != bad_id and game[3] == "lobby"

        await bot.kill()
        await bot.start()  # not told again
        await settle(emu)
        await check_in_line(emu, bot.db, good_group, [clara, dan])
        assert told(emu, bad_group) == 1
        assert status_of(bot.db, bad_id) == ("cancelled", 1)


async def test_the_service_sets_a_broken_game_aside_once(tmp_path: Path) -> None:
    """The housekeeping's path: `active_games` leaves the broken game out and names it
    once in `take_set_aside`; the next listing finds nothing to set aside."""
    db = tmp_path / "domino.sqlite3"
    async with world(tmp_path) as (emu, bot):
        anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
        group = emu.add_group("Bad", members=[anna, boris]).id
        await begin(emu, group, [anna, boris])
        await settle(emu)
        await lead(emu, bot.db, group, [anna, boris])
        game_id = (await stored(db, group))[0]
        await bot.kill()
    corrupt(db, game_id)
    service = await GameService.open(db)
    try:
        assert [g.game_id for g in await service.active_games()] == []
        gone = service.take_set_aside()
        assert [(g.game_id, g.chat_id, g.topic) for g in gone] == [(game_id, group, None)]
        assert "cannot be rebuilt" in gone[0].error
        assert await service.active_game(group) is None
        assert await service.active_games() == []
        assert service.take_set_aside() == []
    finally:
        await service.close()
    assert status_of(db, game_id) == ("cancelled", 1)
