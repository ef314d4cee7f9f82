"""Achievements against a real database file: awarded by the transaction that finishes
a game, each once; the start-up backfill of stored games awards exactly what the games
awarded live; a game whose moves the retention deleted still counts; /forget erases
them."""

from __future__ import annotations

import random
from pathlib import Path

from engine.core.moves import Move
from engine.core.view import SeatView
from service import GameService, PlayerInfo
from service.bench import play_random
from storage import Database, Repositories
from storage.repositories.achievements import AchievementTally

ANNA = PlayerInfo(101, "Anna")
BORIS = PlayerInfo(102, "Boris")


def _first(level: str, seed: int, view: SeatView) -> Move:
    """A quick computer: what it plays does not matter here, only that it is a computer
    of its level (whom a win beats) and that the moves are stored."""
    return view.legal[0]


async def _open(path: Path) -> GameService:
    return await GameService.open(path, ai_chooser=_first)


async def _game(service: GameService, chat_id: int, variant: str, seed: int,
                computer: str | None = None) -> int:
    for person in (ANNA, BORIS):
        await service.remember_user(person, private_chat=True)
    await service.open_lobby(chat_id, ANNA, variant)
    if computer is None:
        await service.join(chat_id, BORIS)
    else:
        await service.add_ai(chat_id, ANNA.user_id, computer)
    info = (await service.start(chat_id, ANNA.user_id)).game
    info, _ = await play_random(service, info, random.Random(seed))
    assert info.status == "finished"
    return info.game_id


async def _snapshot(db: Database) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    held = [tuple(r) for r in await db.fetchall(
        "SELECT user_id, key, game_id, earned_at FROM achievements ORDER BY user_id, key")]
    tallies = [tuple(r) for r in await db.fetchall(
        "SELECT user_id, games, wins, families_json, game_id FROM achievement_tallies"
        " ORDER BY user_id")]
    return held, tallies


async def _wipe(db: Database) -> None:
    async with db.transaction() as tx:
        for table in ("achievements", "achievement_tallies", "achievements_backfilled"):
            await tx.execute(f"DELETE FROM {table}")


async def test_the_backfill_awards_what_the_games_awarded_live(tmp_path: Path) -> None:
    path = tmp_path / "domino.sqlite3"
    service = await _open(path)
    try:
        for i, (variant, computer) in enumerate([
                ("draw", None), ("block", "hard"), ("kozel", None), ("draw", "expert"),
                ("all_fives", None), ("capicua", None), ("draw", "easy")]):
            if variant in ("kozel", "capicua"):  # four seats: two computers more
                for person in (ANNA, BORIS):
                    await service.remember_user(person, private_chat=True)
                await service.open_lobby(-100 - i, ANNA, variant)
                await service.join(-100 - i, BORIS)
                await service.add_ai(-100 - i, ANNA.user_id, "hard")
                await service.add_ai(-100 - i, ANNA.user_id, "expert")
                info = (await service.start(-100 - i, ANNA.user_id)).game
                info, _ = await play_random(service, info, random.Random(i))
                assert info.status == "finished"
            else:
                await _game(service, -100 - i, variant, i, computer)
        live = await _snapshot(service.context.db)
        assert ("first_game" in await service.user_achievements(ANNA.user_id))
        assert live[1][0][1] == 7  # Anna finished seven games
        # computers earn nothing: only the two people hold achievements
        assert {row[0] for row in live[0]} <= {ANNA.user_id, BORIS.user_id}
        await _wipe(service.context.db)
        assert await service.user_achievements(ANNA.user_id) == ()
    finally:
        await service.close()
    service = await _open(path)  # the backfill runs right after the migrations
    try:
        assert await _snapshot(service.context.db) == live
        # once: a second start awards nothing more
        assert await service.achievements.backfill() == 0
    finally:
        await service.close()


async def test_each_achievement_is_earned_once_and_told_once(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "domino.sqlite3")
    repos = Repositories.of(db)
    try:
        tally = AchievementTally(ANNA.user_id, 1, 1, '["goat"]', 7)
        async with db.transaction() as tx:
            first = await repos.achievements.record(
                tx, 7, [tally], [(ANNA.user_id, ["first_game", "first_win"])])
        async with db.transaction() as tx:
            again = await repos.achievements.record(
                tx, 8, [AchievementTally(ANNA.user_id, 2, 1, '["goat"]', 8)],
                [(ANNA.user_id, ["first_game", "games_10"])])
        assert first == {ANNA.user_id: ("first_game", "first_win")}
        assert again == {ANNA.user_id: ("games_10",)}  # first_game held already
        held = await repos.achievements.of_user(db, ANNA.user_id)
        assert [(a.key, a.game_id) for a in held] == [
            ("first_game", 7), ("first_win", 7), ("games_10", 8)]
        tallies = await repos.achievements.tallies(db, [ANNA.user_id, BORIS.user_id])
        assert list(tallies) == [ANNA.user_id] and tallies[ANNA.user_id].games == 2
        assert not await repos.achievements.backfilled(db)
        async with db.transaction() as tx:
            await repos.achievements.mark_backfilled(tx)
            await repos.achievements.mark_backfilled(tx)  # twice: still one mark
        assert await repos.achievements.backfilled(db)
    finally:
        await db.close()


async def test_a_game_whose_moves_were_deleted_still_counts(tmp_path: Path) -> None:
    path = tmp_path / "domino.sqlite3"
    service = await _open(path)
    try:
        game_id = await _game(service, -1, "draw", 5, "hard")
        live = await _snapshot(service.context.db)
        await _wipe(service.context.db)
        async with service.context.db.transaction() as tx:  # the retention's deletion
            await service.context.repos.privacy.delete_old_moves(tx, 10.0 ** 12)
    finally:
        await service.close()
    service = await _open(path)
    try:
        held, tallies = await _snapshot(service.context.db)
        # what the result tells is the same: games, wins, the computer beaten
        result_keys = {"first_game", "first_win", "beat_hard"}
        assert {(r[0], r[1]) for r in held} == {
            (r[0], r[1]) for r in live[0] if r[1] in result_keys}
        assert all(r[2] == game_id for r in held)
        assert tallies == live[1]
    finally:
        await service.close()


async def test_forget_erases_his_achievements(tmp_path: Path) -> None:
    service = await GameService.open(tmp_path / "domino.sqlite3")
    try:
        await _game(service, -1, "draw", 2)
        assert await service.user_achievements(BORIS.user_id)
        await service.forget(BORIS.user_id)
        assert await service.user_achievements(BORIS.user_id) == ()
        assert await service.user_achievements(ANNA.user_id)
        rows = await service.context.db.fetchall(
            "SELECT 1 FROM achievement_tallies WHERE user_id = ?", (BORIS.user_id,))
        assert rows == []
    finally:
        await service.close()
