"""Privacy through the service, against a real file: /forget erases every trace of a
person (checked over every column of the schema that can hold a person, so a table
added later is checked too) and keeps the other players' results and ratings and the
old games' records; it is refused while he sits at a game not over; an old
confirmation changes nothing. The retention deletes old finished games' moves (their
results stay) and old pings, only when asked. A leaderboard of every chat names only
whom the asker played with. And m0011 keeps what it rebuilds."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine.games import replay
from service import GameService, PlayerInfo
from service.bench import play_random
from service.errors import (
    ForgottenSeatError,
    MovesDeletedError,
    StaleForgetError,
    StillSeatedError,
)
from service.games import UNTOLD_WITHIN
from service.privacy import DAY, Retained
from service.review import ReviewInput
from storage import Database
from storage.migrations import MIGRATIONS, m0011_privacy
from tests.service.helpers import ANNA, BORIS, VERA

CHAT = -300
OTHER = -400


class Clock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def _open(path: Path, clock: Clock) -> GameService:
    return GameService(await Database.open(path, clock=clock), seeds=lambda: 4242)


async def _finished(service: GameService, chat_id: int, creator: PlayerInfo,
                    other: PlayerInfo, seed: int = 3) -> int:
    """A game of ``creator`` and ``other`` in ``chat_id``, played to its end (both
    known to the bot, as a command or a press makes them)."""
    for person in (creator, other):
        await service.remember_user(person, private_chat=True)
    await service.open_lobby(chat_id, creator, "draw")
    await service.join(chat_id, other)
    info = (await service.start(chat_id, creator.user_id)).game
    info, _ = await play_random(service, info, random.Random(seed))
    assert info.status == "finished"
    return info.game_id


# the columns that hold a person: by id, by rating key ("user:<id>"), by his private
# chat (whose id is his); the test reads them from the schema itself
_ID_COLUMNS = ("user_id", "creator_user_id", "chat_id")


async def _traces(db: Database, user_id: int, name: str) -> list[str]:
    """Every place of the database that still holds the person: his id in a column
    that holds a person or a chat, his rating key, his name in any text."""
    found: list[str] = []
    async with db.reading() as ex:
        tables = [str(r["name"]) for r in await ex.fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite_%' AND name <> 'migrations'")]
        assert {"users", "game_seats", "stats", "ratings", "rating_history"} <= set(tables)
        for table in tables:
            for column in await ex.fetchall(f"PRAGMA table_info({table})"):
                col, kind = str(column["name"]), str(column["type"]).upper()
                if col in _ID_COLUMNS or col.endswith("user_id"):
                    query = f"SELECT COUNT(*) FROM {table} WHERE {col} = ?"
                    params: tuple[Any, ...] = (user_id,)
                elif kind == "TEXT":
                    query = (f"SELECT COUNT(*) FROM {table} WHERE {col} = ? OR"
                             f" instr({col}, ?) > 0")
                    params = (f"user:{user_id}", name)
                else:
                    continue
                count = (await ex.fetchone(query, params))[0]
                if count:
                    found.append(f"{table}.{col}: {count}")
    return found


async def _snapshot(db: Database, user_id: int) -> list[tuple[Any, ...]]:
    async with db.reading() as ex:
        rows = [tuple(r) for r in await ex.fetchall(
            "SELECT * FROM stats WHERE user_id = ? ORDER BY chat_id, variant", (user_id,))]
        rows += [tuple(r) for r in await ex.fetchall(
            "SELECT * FROM ratings WHERE player = ? ORDER BY family", (f"user:{user_id}",))]
        rows += [tuple(r) for r in await ex.fetchall(
            "SELECT * FROM rating_history WHERE player = ? ORDER BY game_id",
            (f"user:{user_id}",))]
        return rows


async def test_forget_leaves_no_trace_and_keeps_the_others(tmp_path: Path) -> None:
    clock = Clock()
    service = await _open(tmp_path / "games.sqlite3", clock)
    db = service.context.db
    try:
        first = await _finished(service, CHAT, ANNA, BORIS)
        second = await _finished(service, OTHER, VERA, ANNA, seed=5)
        # more of Anna: her language, her private chat's settings and a hand message in
        # it, a rematch asked, a join link of Vera's new lobby made for her, a call for
        # the next game
        await service.set_user_language(ANNA.user_id, "en")
        await service.set_chat_language(ANNA.user_id, "ru")
        await service.save_shown(first, "hand", chat_id=ANNA.user_id, message_id=77, seat=0,
                                 version=1, digest=None)
        await service.ask_rematch(first, ANNA.user_id)
        lobby = await service.open_lobby(OTHER, VERA, "draw")
        await service.join_link(lobby.game_id, user_id=ANNA.user_id)
        await service.call_next_game(CHAT, ANNA.user_id)  # a call for the next game
        assert "next_game_calls.user_id: 1" in await _traces(db, ANNA.user_id, ANNA.name)
        # a tournament she opened and joined
        await service.remember_user(ANNA, private_chat=True)
        cup = await service.tournaments.open(CHAT, ANNA, "draw", is_admin=True)
        await service.tournaments.join(cup.tournament_id, ANNA)
        assert await _traces(db, ANNA.user_id, ANNA.name)
        boris, vera = await _snapshot(db, BORIS.user_id), await _snapshot(db, VERA.user_id)
        assert boris and vera

        done = await service.forget(ANNA.user_id)
        assert set(done.games) == {first, second} and done.deleted > 0
        assert await _traces(db, ANNA.user_id, ANNA.name) == []
        assert await service.user(ANNA.user_id) is None
        assert await _snapshot(db, ANNA.user_id) == []
        # the others' results and ratings are as they were
        assert await _snapshot(db, BORIS.user_id) == boris
        assert await _snapshot(db, VERA.user_id) == vera
        # the old games keep their seats, named by number, and their records replay
        game = await service.game(first)
        assert game.seats[0].forgotten and game.seats[0].name == "Player 1"
        assert game.seats[1].user_id == BORIS.user_id and game.outcome is not None
        record = await service.record(first)
        assert record["players"] == ["Player 1", BORIS.name]
        played, names = replay(record)
        assert played.outcome is not None and names == ["Player 1", BORIS.name]
        assert (await service.game(second)).seats[1].forgotten
        # a table one of whose people was forgotten is not played again
        with pytest.raises(ForgottenSeatError):
            await service.ask_rematch(first, BORIS.user_id)
        # Boris's review of that game still has what it needs
        given = await service.review_input(first, BORIS.user_id)
        assert isinstance(given, ReviewInput) and given.names[0] == "Player 1"
    finally:
        await service.close()


async def test_forget_is_refused_at_a_game_not_over(tmp_path: Path) -> None:
    service = await _open(tmp_path / "games.sqlite3", Clock())
    try:
        lobby = await service.open_lobby(CHAT, ANNA, "draw")
        with pytest.raises(StillSeatedError) as refused:
            await service.forget(ANNA.user_id)
        assert refused.value.status == "lobby" and refused.value.game_id == lobby.game_id
        await service.join(CHAT, BORIS)
        await service.start(CHAT, ANNA.user_id)
        with pytest.raises(StillSeatedError) as refused:
            await service.forget(BORIS.user_id)
        assert refused.value.status == "playing"
        game = await service.active_game(CHAT)  # nothing changed
        assert game is not None and game.seat_of(BORIS.user_id) is not None
    finally:
        await service.close()


async def test_an_old_confirmation_changes_nothing(tmp_path: Path) -> None:
    clock = Clock()
    service = await _open(tmp_path / "games.sqlite3", clock)
    try:
        await service.remember_user(ANNA)
        asked = clock.now
        clock.now += 5
        await service.forget(ANNA.user_id, asked_at=asked)
        with pytest.raises(StaleForgetError):  # pressed again: nothing is left
            await service.forget(ANNA.user_id, asked_at=asked)
        clock.now += 5
        await service.remember_user(ANNA)  # she came back: a new row
        with pytest.raises(StaleForgetError):
            await service.forget(ANNA.user_id, asked_at=asked)
        assert await service.user(ANNA.user_id) is not None
    finally:
        await service.close()


async def _count(db: Database, sql: str, *params: Any) -> int:
    async with db.reading() as ex:
        return int((await ex.fetchone(sql, params))[0])


async def test_retention(tmp_path: Path) -> None:
    clock = Clock()
    service = await _open(tmp_path / "games.sqlite3", clock)
    db = service.context.db
    try:
        lobby = await service.open_lobby(CHAT, ANNA, "draw")
        await service.join_link(lobby.game_id, user_id=None)  # a link nobody used
        await service.join(CHAT, BORIS)
        info = (await service.start(CHAT, ANNA.user_id)).game
        assert await service.claim_ping(info.game_id, info.version, 0) is not None
        info, _ = await play_random(service, info, random.Random(3))
        game_id = info.game_id
        await service.set_announced(game_id, 1, True)
        moves = await _count(db, "SELECT COUNT(*) FROM game_moves WHERE game_id = ?", game_id)
        result = await _count(db, "SELECT COUNT(*) FROM games WHERE result_json IS NOT NULL")
        kept = await _snapshot(db, ANNA.user_id)
        assert moves > 0 and result == 1 and kept

        clock.now += 40 * DAY
        # off by default (0 days): nothing goes but the join link of a game past its
        # lobby, which nobody can use any more
        assert await service.apply_retention(0, 0) == Retained(joins=1)
        assert await _count(db, "SELECT COUNT(*) FROM game_moves") == moves
        assert await _count(db, "SELECT COUNT(*) FROM turn_pings") == 1
        assert await _count(db, "SELECT COUNT(*) FROM game_announced") == 1
        # not old enough
        assert (await service.apply_retention(60, 60)).games == ()
        assert await _count(db, "SELECT COUNT(*) FROM game_moves") == moves
        assert await _count(db, "SELECT COUNT(*) FROM turn_pings") == 1

        done = await service.apply_retention(30, 30)
        assert done.games == (game_id,) and done.pings == 1 and done.announcements == 1
        assert await _count(db, "SELECT COUNT(*) FROM game_moves") == 0
        assert await _count(db, "SELECT COUNT(*) FROM turn_pings") == 0
        assert await _count(db, "SELECT COUNT(*) FROM game_announced") == 0
        # the result, the statistics and the ratings stay
        assert await _count(db, "SELECT COUNT(*) FROM games WHERE result_json IS NOT NULL") == 1
        assert await _snapshot(db, ANNA.user_id) == kept
        game = await service.game(game_id)
        assert game.status == "finished" and game.view is None
        with pytest.raises(MovesDeletedError):
            await service.record_for(game_id, ANNA.user_id)
        with pytest.raises(MovesDeletedError):
            await service.record(game_id)
        with pytest.raises(MovesDeletedError):
            await service.review_input(game_id, ANNA.user_id)
        # a second pass finds nothing more
        assert await service.apply_retention(30, 30) == type(done)()
    finally:
        await service.close()


async def test_announcements_stay_while_a_restart_may_still_tell_them(tmp_path: Path
                                                                       ) -> None:
    clock = Clock()
    service = await _open(tmp_path / "games.sqlite3", clock)
    db = service.context.db
    try:
        game_id = await _finished(service, CHAT, ANNA, BORIS)
        await service.set_announced(game_id, 1, True)
        clock.now += 2 * DAY
        assert (await service.apply_retention(0, 1)).announcements == 0
        assert await _count(db, "SELECT COUNT(*) FROM game_announced") == 1
        clock.now += UNTOLD_WITHIN
        assert (await service.apply_retention(0, 1)).announcements == 1
    finally:
        await service.close()


async def test_visible_names(tmp_path: Path) -> None:
    service = await _open(tmp_path / "games.sqlite3", Clock())
    try:
        await _finished(service, CHAT, ANNA, BORIS)
        await service.open_lobby(OTHER, VERA, "draw")  # a lobby only: played with nobody
        await service.join(OTHER, ANNA)
        people = [ANNA.user_id, BORIS.user_id, VERA.user_id]
        assert await service.visible_names(ANNA.user_id, people) == {ANNA.user_id,
                                                                      BORIS.user_id}
        assert await service.visible_names(VERA.user_id, people) == {VERA.user_id}
        assert await service.visible_names(VERA.user_id, [ANNA.user_id]) == frozenset()
    finally:
        await service.close()


async def test_m0011_keeps_the_seats_and_their_timers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    before = tuple(m for m in MIGRATIONS if m.version < m0011_privacy.VERSION)
    db = await Database.open(path, migrations=before)
    try:
        await db.execute("INSERT INTO games (game_id, chat_id, variant, creator_user_id,"
                         " created_at, updated_at) VALUES (1, -5, 'draw', 7, 0, 0)")
        await db.execute("INSERT INTO game_seats VALUES (1, 0, 7, NULL, 'Anna', 0)")
        await db.execute("INSERT INTO game_seats VALUES (1, 1, NULL, 'easy', 'AI 2', 0)")
        await db.execute("INSERT INTO seat_timers (game_id, seat, away, timeouts, taken_over)"
                         " VALUES (1, 0, 1, 2, 1)")
    finally:
        await db.close()
    db = await Database.open(path)
    try:
        async with db.reading() as ex:
            seats = [tuple(r) for r in await ex.fetchall(
                "SELECT game_id, seat, user_id, ai_level, display_name FROM game_seats")]
            timers = [tuple(r) for r in await ex.fetchall("SELECT * FROM seat_timers")]
            assert (await ex.fetchone("SELECT moves_deleted_at FROM games"))[0] is None
        assert seats == [(1, 0, 7, None, "Anna"), (1, 1, None, "easy", "AI 2")]
        assert timers == [(1, 0, 1, 2, 1)]
        # the timers still follow their seat, and a seat of neither is now allowed
        await db.execute("DELETE FROM game_seats WHERE seat = 0")
        async with db.reading() as ex:
            assert (await ex.fetchone("SELECT COUNT(*) FROM seat_timers"))[0] == 0
        await db.execute("INSERT INTO game_seats VALUES (1, 2, NULL, NULL, 'Player 3', 0)")
        with pytest.raises(sqlite3.IntegrityError):
            await db.execute("INSERT INTO game_seats VALUES (1, 3, 8, 'easy', 'both', 0)")
    finally:
        await db.close()
