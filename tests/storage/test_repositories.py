"""Every repository method against a real database file; the connection is always passed."""

from __future__ import annotations

import dataclasses
import json
import sqlite3

import pytest

from storage import (
    ActiveGameExistsError,
    AlreadySeatedError,
    Announced,
    Database,
    GameFullError,
    GameNotFoundError,
    GameStateError,
    InvalidStatusTransitionError,
    MoveRow,
    Repositories,
    SeatTakenError,
    StaleVersionError,
    StatsDelta,
    StatsRow,
)
from tests.storage.helpers import FakeClock

HEAD = json.dumps({"format": "domino-record/1", "variant": "kozel", "players": ["A", "B"]})


# --------------------------------------------------------------------- chats


async def test_chat_settings_and_language(db: Database, repos: Repositories,
                                          clock: FakeClock) -> None:
    chats = repos.chats
    assert await chats.get(db, -100) is None

    row = await chats.ensure(db, -100)
    assert (row.chat_id, row.language, row.settings) == (-100, None, {})
    assert row.created_at == row.updated_at == clock.now
    assert await chats.ensure(db, -100) == row  # idempotent

    clock.advance(5)
    await chats.set_language(db, -100, "ru")
    await chats.set_settings(db, -100, {"turn_seconds": 60, "target": 101})
    row2 = await chats.get(db, -100)
    assert row2 is not None
    assert row2.language == "ru"
    assert row2.settings == {"target": 101, "turn_seconds": 60}
    assert (row2.created_at, row2.updated_at) == (row.created_at, clock.now)

    async with db.transaction() as tx:
        merged = await chats.update_settings(tx, -100, {"turn_seconds": None, "teams": True})
    assert merged == {"target": 101, "teams": True}
    row3 = await chats.get(db, -100)
    assert row3 is not None and row3.settings == merged and row3.language == "ru"

    # Upserts create the row when missing.
    await chats.set_language(db, -200, "en")
    async with db.transaction() as tx:
        await chats.update_settings(tx, -300, {"x": 1})
    assert (await chats.get(db, -200)).language == "en"  # type: ignore[union-attr]
    assert (await chats.get(db, -300)).settings == {"x": 1}  # type: ignore[union-attr]

    with pytest.raises(TypeError):
        await chats.set_settings(db, -100, {"bad": object()})


async def test_chat_writes_compose_in_a_transaction(db: Database, repos: Repositories) -> None:
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await repos.chats.set_language(tx, 1, "ru")
            await repos.chats.update_settings(tx, 1, {"a": 1})
            assert (await repos.chats.get(tx, 1)).settings == {"a": 1}  # type: ignore[union-attr]
            raise RuntimeError
    assert await repos.chats.get(db, 1) is None


async def test_a_group_migrates_to_a_supergroup(db: Database, repos: Repositories) -> None:
    old, new = -100, -1000100
    await repos.chats.set_language(db, old, "ru")
    await repos.chats.set_settings(db, old, {"turn_seconds": 60})
    await repos.chats.ensure(db, new)  # the bot saw the new chat already
    finished = await repos.games.create_lobby(db, old, "kozel", 1)
    await repos.games.set_status(db, finished, "cancelled")
    active = await repos.games.create_lobby(db, old, "kozel", 1)
    other = await repos.games.create_lobby(db, -5, "kozel", 1)
    async with db.transaction() as tx:
        await repos.messages.save(tx, active, "table", chat_id=old, message_id=7, version=3)
        await repos.messages.save(tx, active, "hand", chat_id=1, message_id=8, seat=0)
        await repos.stats.add_result(tx, [StatsDelta(1, old, "kozel", wins=1, points=10),
                                          StatsDelta(2, old, "kozel", points=3)])
        await repos.stats.add_result(tx, [StatsDelta(1, new, "kozel", points=5)])
    join = await repos.pending_joins.create(db, old, active)

    async with db.transaction() as tx:
        assert await repos.chats.migrate(tx, old, new) == 2

    assert (await repos.games.require(db, active)).chat_id == new
    assert (await repos.games.require(db, finished)).chat_id == new
    assert (await repos.games.require(db, other)).chat_id == -5
    table = await repos.messages.get(db, active, "table")
    assert table is not None and (table.chat_id, table.version) == (new, 3)
    hand = await repos.messages.get(db, active, "hand", 0)
    assert hand is not None and hand.chat_id == 1  # a private chat stays where it is
    assert (await repos.pending_joins.get(db, join.token)).chat_id == new  # type: ignore[union-attr]
    assert await repos.stats.get_user(db, 1, old) == []
    assert await repos.stats.get_user(db, 1, new) == [
        StatsRow(1, new, "kozel", games=2, wins=1, points=15, fish=0, goats=0)]
    assert (await repos.stats.get_user(db, 2, new))[0].points == 3
    assert await repos.chats.get(db, old) is None
    moved = await repos.chats.get(db, new)
    assert moved is not None and (moved.language, moved.settings) == ("ru", {"turn_seconds": 60})
    async with db.transaction() as tx:
        assert await repos.chats.migrate(tx, old, new) == 0  # nothing left to move


async def test_a_migration_onto_a_chat_with_its_own_game_is_refused(
        db: Database, repos: Repositories) -> None:
    await repos.games.create_lobby(db, -1, "kozel", 1)
    await repos.games.create_lobby(db, -2, "kozel", 1)
    await repos.chats.set_language(db, -1, "ru")
    with pytest.raises(ActiveGameExistsError):
        async with db.transaction() as tx:
            await repos.chats.migrate(tx, -1, -2)
    assert (await repos.chats.get(db, -1)).language == "ru"  # type: ignore[union-attr]
    assert (await repos.games.get_active_for_chat(db, -1)) is not None


# --------------------------------------------------------------------- users


async def test_user_profile_language_and_flags(db: Database, repos: Repositories,
                                               clock: FakeClock) -> None:
    users = repos.users
    assert await users.get(db, 42) is None

    assert await users.upsert_profile(db, 42, first_name="Anna", username="anna",
                                      language_code="ru")
    user = await users.get(db, 42)
    assert user is not None
    assert (user.first_name, user.last_name, user.username) == ("Anna", None, "anna")
    # Telegram's language is not a choice
    assert (user.language, user.language_code) == (None, "ru")
    assert (user.has_private_chat, user.blocked) == (False, False)
    assert user.full_name == "Anna"

    # A chosen language and Telegram's are kept apart: neither overwrites the other.
    await users.set_language(db, 42, "en")
    clock.advance(1)
    assert await users.upsert_profile(db, 42, first_name="Anna", last_name="K",
                                      username="anna", language_code="de")
    user = await users.get(db, 42)
    assert user is not None
    assert (user.language, user.language_code, user.full_name) == ("en", "de", "Anna K")
    assert user.updated_at == clock.now

    # An unchanged profile is not rewritten; an unknown language code keeps the stored one.
    clock.advance(1)
    assert not await users.upsert_profile(db, 42, first_name="Anna", last_name="K",
                                          username="anna", language_code=None)
    assert not await users.upsert_profile(db, 42, first_name="Anna", last_name="K",
                                          username="anna", language_code="de")
    user = await users.get(db, 42)
    assert user is not None and user.updated_at == clock.now - 1 and user.language_code == "de"

    assert await users.upsert_profile(db, 42, first_name="Anna", last_name="K",
                                      username="anna", private_chat=True)
    assert (await users.get(db, 42)).has_private_chat  # type: ignore[union-attr]
    assert await users.set_reachable(db, 42, blocked=True)
    assert not await users.set_reachable(db, 42, blocked=True)  # nothing changes
    assert not await users.set_reachable(db, 42)
    user = await users.get(db, 42)
    assert user is not None and user.has_private_chat and user.blocked
    assert await users.set_reachable(db, 42, private_chat=False, blocked=False)
    user = await users.get(db, 42)
    assert user is not None and not user.has_private_chat and not user.blocked
    await users.set_language(db, 42, None)  # follow Telegram's again
    assert (await users.get(db, 42)).language is None  # type: ignore[union-attr]

    # Flags on an unknown user create a minimal row.
    await users.set_reachable(db, 7, private_chat=True)
    stub = await users.get(db, 7)
    assert stub is not None and stub.has_private_chat and stub.first_name == ""


# --------------------------------------------------------------------- games


async def test_create_lobby_and_read_back(db: Database, repos: Repositories,
                                          clock: FakeClock) -> None:
    games = repos.games
    game_id = await games.create_lobby(db, -1, "kozel", 10, options={"teams": True},
                                       seed=2**63 - 1)
    game = await games.get(db, game_id)
    assert game is not None
    assert (game.chat_id, game.variant, game.creator_user_id) == (-1, "kozel", 10)
    assert game.options == {"teams": True}
    assert (game.status, game.version, game.record_json, game.result_json) == (
        "lobby", 0, None, None)
    assert game.seed == 2**63 - 1
    assert game.created_at == game.updated_at == clock.now and game.finished_at is None
    assert game.is_active
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.status = "playing"  # type: ignore[misc]

    assert await games.get(db, game_id + 1) is None
    with pytest.raises(GameNotFoundError):
        await games.require(db, game_id + 1)
    with pytest.raises(ValueError):  # beyond 64 bits a seed is a new game's secret
        await games.create_lobby(db, -2, "kozel", 10, seed=-(2**64))


async def test_a_seed_beyond_64_bits_is_kept_as_hex_text(db: Database,
                                                        repos: Repositories) -> None:
    """A new game's 128-bit secret goes in the same ``seed`` column as "0x" + hex (an
    INTEGER column keeps such a text as TEXT); 64-bit seeds stay integers."""
    games = repos.games
    secret = (1 << 127) | 0x1234_5678_9ABC_DEF0_0FED_CBA9_8765_4321
    for chat, seed, kind in ((-1, secret, "text"), (-2, 2**63, "text"),
                             (-3, 2**63 - 1, "integer"), (-4, 0xABCDEF123456, "integer")):
        game_id = await games.create_lobby(db, chat, "kozel", 10, seed=seed)
        game = await games.get(db, game_id)
        assert game is not None and game.seed == seed
        row = await db.fetchone("SELECT typeof(seed) AS kind FROM games WHERE game_id = ?",
                                (game_id,))
        assert row is not None and row["kind"] == kind
        loaded = await games.load(db, game_id)
        assert loaded is not None and loaded[0].seed == seed


async def test_one_active_game_per_chat(db: Database, repos: Repositories) -> None:
    games = repos.games
    first = await games.create_lobby(db, -1, "kozel", 10)
    with pytest.raises(ActiveGameExistsError) as info:
        await games.create_lobby(db, -1, "threes", 11)
    assert (info.value.chat_id, info.value.game_id) == (-1, first)

    other_chat = await games.create_lobby(db, -2, "kozel", 10)  # other chats are independent
    assert other_chat != first

    # The unique index holds even for a writer that skips the repository.
    with pytest.raises(sqlite3.IntegrityError):
        await db.execute(
            "INSERT INTO games (chat_id, variant, status, creator_user_id, record_json,"
            " created_at, updated_at) VALUES (-1, 'x', 'playing', 1, '{}', 0, 0)"
        )

    active = await games.get_active_for_chat(db, -1)
    assert active is not None and active.game_id == first

    # Once the first game is over, a new one may open.
    await games.set_status(db, first, "cancelled")
    assert await games.get_active_for_chat(db, -1) is None
    second = await games.create_lobby(db, -1, "threes", 11)
    assert second > first
    assert [g.game_id for g in await games.list_for_chat(db, -1)] == [second, first]


async def test_game_lifecycle_and_versions(db: Database, repos: Repositories,
                                           clock: FakeClock) -> None:
    games = repos.games
    game_id = await games.create_lobby(db, -1, "kozel", 10)

    # playing needs a record
    with pytest.raises(InvalidStatusTransitionError):
        await games.set_status(db, game_id, "playing")
    assert await games.update_options(db, game_id, {"target": 51}) == 1
    clock.advance(1)
    v = await games.update_state(db, game_id, 1, record_json=HEAD, status="playing")
    assert v == 2
    game = await games.require(db, game_id)
    assert (game.status, game.version, game.record_json, game.options) == (
        "playing", 2, HEAD, {"target": 51})
    assert game.updated_at == clock.now

    with pytest.raises(GameStateError):
        await games.update_options(db, game_id, {"target": 101})  # only in the lobby
    with pytest.raises(InvalidStatusTransitionError):
        await games.set_status(db, game_id, "lobby")

    v = await games.update_state(db, game_id, v)  # a move: the version only
    assert v == 3
    assert (await games.require(db, game_id)).record_json == HEAD  # the head is kept
    clock.advance(1)
    v = await games.update_state(db, game_id, v, status="finished",
                                 result_json='{"winners": [0]}')
    game = await games.require(db, game_id)
    assert (game.status, game.version, game.result_json) == ("finished", 4, '{"winners": [0]}')
    assert game.finished_at == clock.now and not game.is_active

    with pytest.raises(GameStateError):
        await games.update_state(db, game_id, v)
    with pytest.raises(InvalidStatusTransitionError):
        await games.set_status(db, game_id, "cancelled")
    assert (await games.require(db, game_id)).version == 4


async def test_update_state_checks_version_and_input(db: Database, repos: Repositories) -> None:
    games = repos.games
    game_id = await games.create_lobby(db, -1, "kozel", 10)
    with pytest.raises(StaleVersionError) as info:
        await games.update_state(db, game_id, 5, record_json=HEAD)
    assert (info.value.expected, info.value.actual) == (5, 0)
    with pytest.raises(ValueError):
        await games.update_state(db, game_id, 0, record_json="{not json")
    with pytest.raises(ValueError):
        await games.update_state(db, game_id, 0, record_json=HEAD, result_json="nope")
    with pytest.raises(ValueError):
        await games.update_state(db, game_id, 0, record_json=HEAD, status="paused")  # type: ignore[arg-type]
    with pytest.raises(GameNotFoundError):
        await games.update_state(db, 999, 0, record_json=HEAD)
    with pytest.raises(StaleVersionError):
        await games.set_status(db, game_id, "cancelled", expected_version=3)
    game = await games.require(db, game_id)
    assert (game.version, game.record_json) == (0, None)
    assert await games.set_status(db, game_id, "cancelled", expected_version=0) == 1


async def test_load_reads_a_game_and_its_seats_in_one_query(db: Database,
                                                            repos: Repositories) -> None:
    games = repos.games
    assert await games.load(db, 1) is None
    empty = await games.create_lobby(db, -2, "kozel", 1)
    loaded = await games.load(db, empty)
    assert loaded is not None and loaded[0].game_id == empty and loaded[1] == []
    game_id = await games.create_lobby(db, -1, "kozel", 1)
    async with db.transaction() as tx:
        await games.add_seat(tx, game_id, user_id=1, display_name="A")
        await games.add_seat(tx, game_id, ai_level="easy", display_name="B")
    await games.set_away(db, game_id, 0, True)
    statements: list[str] = []
    await db.set_trace(statements.append)
    try:
        loaded = await games.load(db, game_id)
        by_chat = await games.load_active_for_chat(db, -1)
    finally:
        await db.set_trace(None)
    assert len(statements) == 2
    assert loaded is not None and by_chat == loaded
    row, seats = loaded
    assert row == await games.require(db, game_id)
    assert seats == await games.list_seats(db, game_id)
    assert [(s.seat, s.user_id, s.ai_level, s.away) for s in seats] == [
        (0, 1, None, True), (1, None, "easy", False)]


async def test_list_active_games(db: Database, repos: Repositories) -> None:
    games = repos.games
    lobby = await games.create_lobby(db, -1, "kozel", 1)
    playing = await games.create_lobby(db, -2, "kozel", 2)
    await games.update_state(db, playing, 0, record_json=HEAD, status="playing")
    done = await games.create_lobby(db, -3, "kozel", 3)
    async with db.transaction() as tx:
        await games.add_seat(tx, done, user_id=5, display_name="E")
    await games.set_status(db, done, "cancelled")
    async with db.transaction() as tx:
        await games.add_seat(tx, lobby, user_id=5, display_name="E")

    assert [g.game_id for g in await games.list_active(db)] == [lobby, playing]
    assert [g.game_id for g in await games.list_active_for_user(db, 5)] == [lobby]
    assert await games.list_active_for_user(db, 6) == []


# --------------------------------------------------------------------- seats


async def test_seats_fill_lowest_free_and_bump_version(db: Database, repos: Repositories) -> None:
    games = repos.games
    game_id = await games.create_lobby(db, -1, "kozel", 10)
    async with db.transaction() as tx:
        a = await games.add_seat(tx, game_id, user_id=10, display_name="Anna")
        b = await games.add_seat(tx, game_id, ai_level="hard", display_name="Bot")
        c = await games.add_seat(tx, game_id, user_id=12, display_name="Vera")
    assert [a.seat, b.seat, c.seat] == [0, 1, 2]
    assert b.is_ai and not a.is_ai and b.user_id is None
    assert await games.list_seats(db, game_id) == [a, b, c]
    assert (await games.require(db, game_id)).version == 3

    async with db.transaction() as tx:
        assert await games.remove_seat(tx, game_id, 1) == b
        assert await games.remove_seat(tx, game_id, 1) is None
        d = await games.add_seat(tx, game_id, user_id=13, display_name="Gleb")
    assert d.seat == 1  # the gap is filled first
    assert await games.get_seat_of_user(db, game_id, 13) == d
    async with db.transaction() as tx:
        assert await games.remove_user(tx, game_id, 10) == a
        assert await games.remove_user(tx, game_id, 10) is None
    assert await games.get_seat_of_user(db, game_id, 10) is None

    async with db.transaction() as tx:
        seats = await games.renumber_seats(tx, game_id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, 13), (1, 12)]
    assert await games.list_seats(db, game_id) == seats
    version = (await games.require(db, game_id)).version
    async with db.transaction() as tx:
        assert await games.renumber_seats(tx, game_id) == seats  # nothing to do, no new version
    assert (await games.require(db, game_id)).version == version


async def test_seat_constraints(db: Database, repos: Repositories) -> None:
    games = repos.games
    game_id = await games.create_lobby(db, -1, "kozel", 10)
    async with db.transaction() as tx:
        await games.add_seat(tx, game_id, user_id=10, display_name="Anna", seat=2)

    async def add(**kwargs: object) -> None:
        async with db.transaction() as tx:
            await games.add_seat(tx, game_id, **kwargs)  # type: ignore[arg-type]

    with pytest.raises(SeatTakenError):
        await add(user_id=11, display_name="Boris", seat=2)
    with pytest.raises(AlreadySeatedError):
        await add(user_id=10, display_name="Anna again")
    with pytest.raises(ValueError):
        await add(user_id=11, ai_level="easy", display_name="both")
    with pytest.raises(ValueError):
        await add(display_name="neither")
    with pytest.raises(ValueError):
        await add(ai_level="godlike", display_name="x")
    with pytest.raises(GameNotFoundError):
        async with db.transaction() as tx:
            await games.add_seat(tx, 999, user_id=1, display_name="x")

    # Two computer players of the same level are fine.
    await add(ai_level="easy", display_name="Bot 1")
    await add(ai_level="easy", display_name="Bot 2")
    with pytest.raises(GameFullError):
        await add(user_id=11, display_name="Boris", max_seats=3)
    assert len(await games.list_seats(db, game_id)) == 3

    # The table enforces the same rules on its own (a seat of neither is a person
    # forgotten, m0011: the repository never seats one, /forget leaves one behind).
    for sql in (
        "INSERT INTO game_seats VALUES (?, 2, 99, NULL, 'dup seat', 0)",
        "INSERT INTO game_seats VALUES (?, 7, 10, NULL, 'dup user', 0)",
        "INSERT INTO game_seats VALUES (?, 8, 98, 'easy', 'both', 0)",
    ):
        with pytest.raises(sqlite3.IntegrityError):
            await db.execute(sql, (game_id,))

    await games.set_status(db, game_id, "cancelled")
    with pytest.raises(GameStateError):
        await add(user_id=11, display_name="late")
    with pytest.raises(GameStateError):
        async with db.transaction() as tx:
            await games.remove_seat(tx, game_id, 2)


async def test_seat_timers(db: Database, repos: Repositories) -> None:
    games = repos.games
    game_id = await games.create_lobby(db, -1, "kozel", 10)
    async with db.transaction() as tx:
        await games.add_seat(tx, game_id, user_id=10, display_name="Anna")
    assert await games.add_timeout(db, game_id, 0) == 1
    assert await games.add_timeout(db, game_id, 0) == 2
    assert await games.set_away(db, game_id, 0, True)
    assert not await games.set_away(db, game_id, 0, True)  # already away
    seat = (await games.list_seats(db, game_id))[0]
    assert (seat.away, seat.timeouts) == (True, 2)
    assert await games.set_user_back(db, game_id, 10) == 0
    assert await games.set_user_back(db, game_id, 10) is None
    seat = (await games.list_seats(db, game_id))[0]
    assert (seat.away, seat.timeouts) == (False, 0)
    await games.add_timeout(db, game_id, 0)
    await games.reset_timeouts(db, game_id, 0)
    assert (await games.list_seats(db, game_id))[0].timeouts == 0
    assert (await games.require(db, game_id)).version == 1  # none of it is a new version


async def test_deleting_a_game_cascades(db: Database, repos: Repositories) -> None:
    game_id = await repos.games.create_lobby(db, -1, "kozel", 10)
    async with db.transaction() as tx:
        await repos.games.add_seat(tx, game_id, user_id=10, display_name="Anna")
        await repos.messages.save(tx, game_id, "lobby", chat_id=-1, message_id=5)
    await repos.pending_joins.create(db, -1, game_id)
    await repos.deadlines.save(db, game_id, seat=0, turn_version=1, due_at=100.0)
    await repos.moves.append(db, game_id, seq=0, round=0, move="6-6", version=2)
    await repos.announcements.set(db, game_id, rounds=1, outcome=False)
    keep = await repos.games.create_lobby(db, -2, "kozel", 10)
    async with db.transaction() as tx:
        await repos.games.add_seat(tx, keep, user_id=10, display_name="Anna")

    assert await repos.games.delete(db, game_id)
    assert not await repos.games.delete(db, game_id)
    for table in ("game_seats", "game_messages", "pending_joins", "deadlines", "game_moves",
                  "game_announced"):
        row = await db.fetchone(f"SELECT COUNT(*) FROM {table} WHERE game_id = ?", (game_id,))
        assert row is not None and row[0] == 0, table
    assert len(await repos.games.list_seats(db, keep)) == 1


async def test_foreign_keys_are_enforced(db: Database) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        await db.execute("INSERT INTO game_seats VALUES (12345, 0, 1, NULL, 'ghost', 0)")
    with pytest.raises(sqlite3.IntegrityError):
        await db.execute("INSERT INTO game_moves VALUES (12345, 0, 0, 'draw', 1)")


# --------------------------------------------------------------------- moves


async def test_moves_are_appended_and_read_in_order(db: Database, repos: Repositories) -> None:
    moves = repos.moves
    game_id = await repos.games.create_lobby(db, -1, "kozel", 10)
    assert await moves.list(db, game_id) == []
    await moves.append(db, game_id, seq=0, round=0, move="6-6", version=3)
    await moves.append(db, game_id, seq=1, round=0, move="6-1:E", version=4)
    await moves.extend(db, [MoveRow(game_id, 2, 1, "3-3:N+", None)])
    assert await moves.list(db, game_id) == [
        MoveRow(game_id, 0, 0, "6-6", 3),
        MoveRow(game_id, 1, 0, "6-1:E", 4),
        MoveRow(game_id, 2, 1, "3-3:N+", None),
    ]
    assert await moves.count(db, game_id) == 3
    with pytest.raises(sqlite3.IntegrityError):  # a move number is written once
        await moves.append(db, game_id, seq=1, round=0, move="draw", version=4)
    with pytest.raises(ValueError):
        await moves.append(db, game_id, seq=3, round=0, move="", version=5)
    with pytest.raises(ValueError):
        await moves.append(db, game_id, seq=-1, round=0, move="draw", version=5)


# ------------------------------------------------------------------ messages


async def test_message_ids_versions_and_digests(db: Database, repos: Repositories) -> None:
    messages = repos.messages
    game_id = await repos.games.create_lobby(db, -1, "kozel", 10)

    async with db.transaction() as tx:
        assert await messages.save(tx, game_id, "table", chat_id=-1, message_id=100) is None
        previous = await messages.save(tx, game_id, "table", chat_id=-1, message_id=101,
                                       version=4, digest="abc")
        assert previous is not None and previous.message_id == 100  # to delete the old one
        assert (previous.version, previous.digest) == (-1, None)
        await messages.save(tx, game_id, "hand", chat_id=10, message_id=7, seat=0)
        await messages.save(tx, game_id, "hand", chat_id=11, message_id=8, seat=1)
        await messages.save(tx, game_id, "lobby", chat_id=-1, message_id=50)

    table = await messages.get(db, game_id, "table")
    assert table is not None
    assert (table.chat_id, table.message_id, table.seat, table.kind) == (-1, 101, None, "table")
    assert (table.version, table.digest) == (4, "abc")
    assert await messages.mark(db, game_id, "table", None, version=5, digest="def")
    table = await messages.get(db, game_id, "table")
    assert table is not None and (table.message_id, table.version, table.digest) == (
        101, 5, "def")
    assert not await messages.mark(db, game_id, "hand", 3, version=5, digest=None)
    hand = await messages.get(db, game_id, "hand", 1)
    assert hand is not None and (hand.chat_id, hand.message_id, hand.seat) == (11, 8, 1)
    assert await messages.get(db, game_id, "hand", 2) is None
    assert await messages.get(db, game_id, "notice") is None
    with pytest.raises(ValueError):
        await messages.get(db, game_id, "hand")  # a hand belongs to a seat
    with pytest.raises(ValueError):
        async with db.transaction() as tx:
            await messages.save(tx, game_id, "banner", chat_id=1, message_id=1)  # type: ignore[arg-type]

    assert [(m.kind, m.seat) for m in await messages.list_for_game(db, game_id)] == [
        ("hand", 0), ("hand", 1), ("lobby", None), ("table", None)]
    assert [m.message_id for m in await messages.list_in_chat(db, -1, "table")] == [101]
    deleted = await messages.delete(db, game_id, "lobby")
    assert deleted is not None and deleted.message_id == 50
    assert await messages.delete(db, game_id, "lobby") is None
    gone = await messages.delete_for_game(db, game_id)
    assert [(m.kind, m.seat) for m in gone] == [("hand", 0), ("hand", 1), ("table", None)]
    assert await messages.list_for_game(db, game_id) == []


# ------------------------------------------------------------- pending joins


async def test_pending_joins(db: Database, repos: Repositories, clock: FakeClock) -> None:
    joins = repos.pending_joins
    game_id = await repos.games.create_lobby(db, -1, "kozel", 10)

    anyone = await joins.create(db, -1, game_id)
    assert len(anyone.token) >= 16 and anyone.user_id is None
    clock.advance(100)
    personal = await joins.create(db, -1, game_id, user_id=42, token="join_42-abc")
    assert await joins.get(db, "join_42-abc") == personal
    with pytest.raises(ValueError):
        await joins.create(db, -1, game_id, token="not allowed!")
    with pytest.raises(sqlite3.IntegrityError):
        await joins.create(db, -1, game_id, token="join_42-abc")

    async with db.transaction() as tx:  # the one made before, for the same game and user
        assert await joins.ensure(tx, -1, game_id) == anyone
        assert await joins.ensure(tx, -1, game_id, user_id=42) == personal
        assert await joins.ensure(tx, -1, game_id, token="join_42-abc") == personal
        fresh = await joins.ensure(tx, -1, game_id, user_id=43)
        named = await joins.ensure(tx, -1, game_id, token="derived_token")
    assert fresh.user_id == 43 and fresh.token not in (anyone.token, personal.token)
    assert named.token == "derived_token" and named.user_id is None

    assert await joins.consume(db, personal.token) == personal
    assert await joins.consume(db, personal.token) is None  # a token works once
    assert await joins.get(db, personal.token) is None

    assert await joins.purge_older_than(db, clock.now - 50) == 1  # `anyone` was 100 s old
    assert await joins.get(db, anyone.token) is None
    await joins.create(db, -1, game_id)
    assert await joins.delete_for_game(db, game_id) == 3


# --------------------------------------------------------------------- stats


async def test_stats_accumulate_inside_the_finishing_transaction(
    db: Database, repos: Repositories
) -> None:
    stats = repos.stats
    async with db.transaction() as tx:
        await stats.add_result(tx, [
            StatsDelta(1, -1, "kozel", wins=1, points=10, fish=1),
            StatsDelta(2, -1, "kozel", points=30, goats=1),
        ])
    async with db.transaction() as tx:
        await stats.add_result(tx, [StatsDelta(1, -1, "kozel", wins=1, points=5)])
        await stats.add_result(tx, [StatsDelta(1, -1, "threes", points=-4)])
        await stats.add_result(tx, [StatsDelta(1, -2, "kozel", wins=1, points=7)])
        await stats.add_result(tx, [])

    assert await stats.get_user(db, 1, -1) == [
        StatsRow(1, -1, "kozel", games=2, wins=2, points=15, fish=1, goats=0),
        StatsRow(1, -1, "threes", games=1, wins=0, points=-4, fish=0, goats=0),
    ]
    assert await stats.get_user(db, 1) == [  # all chats
        StatsRow(1, None, "kozel", games=3, wins=3, points=22, fish=1, goats=0),
        StatsRow(1, None, "threes", games=1, wins=0, points=-4, fish=0, goats=0),
    ]
    assert await stats.get_user(db, 2, -2) == []
    assert await stats.get_user(db, 99) == []

    # Rolled back with the transaction that was to finish the game.
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await stats.add_result(tx, [StatsDelta(2, -1, "kozel", wins=9)])
            raise RuntimeError
    assert (await stats.get_user(db, 2, -1))[0].wins == 0

    with pytest.raises(ValueError):
        async with db.transaction() as tx:
            await stats.add_result(tx, [StatsDelta(2, -1, "kozel", wins=-1)])


async def test_top_orders_by_wins_then_points(db: Database, repos: Repositories) -> None:
    stats = repos.stats
    await repos.users.upsert_profile(db, 1, first_name="Anna", username="anna")
    await repos.users.upsert_profile(db, 2, first_name="Boris")
    async with db.transaction() as tx:
        await stats.add_result(tx, [
            StatsDelta(1, -1, "kozel", wins=2, points=10),
            StatsDelta(2, -1, "kozel", wins=2, points=30),
            StatsDelta(3, -1, "kozel", wins=3, points=0),
            StatsDelta(4, -1, "kozel", wins=0, points=99),
            StatsDelta(4, -1, "threes", wins=5, points=1),
            StatsDelta(5, -2, "kozel", wins=50, points=500),  # another chat
        ])

    top = await stats.top(db, -1)
    assert [e.user_id for e in top] == [4, 3, 2, 1]  # 4 leads with threes + kozel wins
    assert (top[0].wins, top[0].points, top[0].games) == (5, 100, 2)
    assert (top[2].first_name, top[3].username, top[1].first_name) == ("Boris", "anna", None)

    kozel = await stats.top(db, -1, "kozel")
    assert [e.user_id for e in kozel] == [3, 2, 1, 4]
    assert [e.user_id for e in await stats.top(db, -1, "kozel", limit=2)] == [3, 2]
    assert [e.user_id for e in await stats.top(db, None)][:1] == [5]
    assert await stats.top(db, -3) == []


# ----------------------------------------------------------------- deadlines


async def test_deadlines(db: Database, repos: Repositories) -> None:
    deadlines = repos.deadlines
    g1 = await repos.games.create_lobby(db, -1, "kozel", 10)
    g2 = await repos.games.create_lobby(db, -2, "kozel", 10)

    d1 = await deadlines.save(db, g1, seat=0, turn_version=3, due_at=2000.5)
    assert d1.chat_id == -1
    await deadlines.save(db, g2, seat=1, turn_version=1, due_at=1000.0)
    assert await deadlines.get(db, g1) == d1
    assert [(d.game_id, d.chat_id) for d in await deadlines.list_all(db)] == [
        (g2, -2), (g1, -1)]  # soonest first

    assert not await deadlines.mark_reminded(db, g1, turn_version=2)  # an older turn
    assert await deadlines.mark_reminded(db, g1, turn_version=3)
    assert (await deadlines.get(db, g1)).reminded  # type: ignore[union-attr]

    # A new turn replaces the timer and resets the reminder.
    await deadlines.save(db, g1, seat=1, turn_version=4, due_at=3000.0)
    d = await deadlines.get(db, g1)
    assert d is not None and (d.seat, d.turn_version, d.due_at, d.reminded) == (
        1, 4, 3000.0, False)

    assert not await deadlines.clear(db, g1, turn_version=3)  # a stale timer clears nothing
    assert await deadlines.clear(db, g1, turn_version=4)
    assert await deadlines.get(db, g1) is None
    assert await deadlines.clear(db, g2)
    assert not await deadlines.clear(db, g2)
    assert await deadlines.list_all(db) == []


# ------------------------------------------------------------- announcements


async def test_announcements(db: Database, repos: Repositories) -> None:
    told = repos.announcements
    game_id = await repos.games.create_lobby(db, -1, "kozel", 10)
    assert await told.get(db, game_id) == Announced(game_id, 0, False)  # nothing told yet
    await told.set(db, game_id, rounds=2, outcome=False)
    await told.set(db, game_id, rounds=3, outcome=True)
    assert await told.get(db, game_id) == Announced(game_id, 3, True)
    with pytest.raises(ValueError):
        await told.set(db, game_id, rounds=-1, outcome=False)


# ------------------------------------------------------------- composition


async def test_finishing_a_game_is_one_transaction(db: Database, repos: Repositories) -> None:
    game_id = await repos.games.create_lobby(db, -1, "kozel", 10)
    v = await repos.games.update_state(db, game_id, 0, record_json=HEAD, status="playing")
    await repos.deadlines.save(db, game_id, seat=0, turn_version=v, due_at=10.0)

    # A failure after the state was saved undoes the state too.
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await repos.moves.append(tx, game_id, seq=0, round=0, move="6-6", version=v + 1)
            await repos.games.update_state(tx, game_id, v, status="finished", result_json="{}")
            await repos.stats.add_result(tx, [StatsDelta(10, -1, "kozel", wins=1)])
            raise RuntimeError("telegram is down")
    game = await repos.games.require(db, game_id)
    assert (game.status, game.version) == ("playing", v)
    assert await repos.stats.get_user(db, 10) == []
    assert await repos.moves.list(db, game_id) == []

    async with db.transaction() as tx:
        await repos.moves.append(tx, game_id, seq=0, round=0, move="6-6", version=v + 1)
        await repos.games.update_state(tx, game_id, v, status="finished", result_json="{}")
        await repos.stats.add_result(tx, [StatsDelta(10, -1, "kozel", wins=1)])
        await repos.deadlines.clear(tx, game_id)
    assert (await repos.games.require(db, game_id)).status == "finished"
    assert (await repos.stats.get_user(db, 10))[0].wins == 1
    assert await repos.deadlines.get(db, game_id) is None
    assert len(await repos.moves.list(db, game_id)) == 1


async def test_a_move_is_a_constant_number_of_small_statements(
        db: Database, repos: Repositories) -> None:
    """Writing a move never rewrites the game: one INSERT and one UPDATE, whose size
    does not grow with the number of moves before it."""
    game_id = await repos.games.create_lobby(db, -1, "kozel", 10)
    v = await repos.games.update_state(db, game_id, 0, record_json=HEAD, status="playing")
    sizes: list[int] = []
    for seq in range(300):
        statements: list[str] = []
        await db.set_trace(statements.append)
        async with db.transaction() as tx:
            await repos.moves.append(tx, game_id, seq=seq, round=seq // 30, move="draw",
                                     version=v + 1)
            v = await repos.games.update_state(tx, game_id, v)
        await db.set_trace(None)
        assert len(statements) == 4, statements  # BEGIN, INSERT, UPDATE, COMMIT
        sizes.append(sum(len(s) for s in statements))
    assert max(sizes) - min(sizes) <= 8  # only the digits of the numbers grow


async def test_turn_pings_titles_and_notify(db: Database, repos: Repositories,
                                            clock: FakeClock) -> None:
    """m0004: a user's /notify, a group's title, the pings a turn had (claimed once)."""
    users, chats, pings = repos.users, repos.chats, repos.pings
    await users.upsert_profile(db, 7, first_name="Anna")
    user = await users.get(db, 7)
    assert user is not None and user.notify is True  # on by default
    await users.set_notify(db, 7, False)
    assert (await users.get(db, 7)).notify is False  # type: ignore[union-attr]
    await users.set_notify(db, 8, False)  # a user not seen before is created
    assert (await users.get(db, 8)).notify is False  # type: ignore[union-attr]

    await chats.set_language(db, -100, "ru")
    assert (await chats.get(db, -100)).title is None  # type: ignore[union-attr]
    await chats.set_title(db, -100, "Club")
    row = await chats.get(db, -100)
    assert row is not None and (row.title, row.language) == ("Club", "ru")
    async with db.transaction() as tx:  # the title moves with the group
        await chats.migrate(tx, -100, -1000100)
    assert (await chats.get(db, -1000100)).title == "Club"  # type: ignore[union-attr]

    game_id = await repos.games.create_lobby(db, -1, "kozel", 10, seed=1)
    assert await pings.sent(db, game_id, 3) == 0
    async with db.transaction() as tx:
        assert await pings.claim(tx, game_id, 3, 0)
        assert not await pings.claim(tx, game_id, 3, 0)  # once only
        assert await pings.claim(tx, game_id, 3, 2)  # a later one (skipping one)
        assert not await pings.claim(tx, game_id, 3, 1)  # an earlier one: never
    assert await pings.sent(db, game_id, 3) == 3
    assert await pings.sent(db, game_id, 4) == 0  # another turn has had none
    async with db.transaction() as tx:
        assert await pings.claim(tx, game_id, 4, 0)  # a new turn starts over
    assert await pings.sent(db, game_id, 4) == 1



async def test_rematch_asks_and_one_rematch_a_game(db: Database, repos: Repositories) -> None:
    async with db.transaction() as tx:
        old = await repos.games.create_lobby(tx, -100, "draw", 1)
        await repos.games.set_status(tx, old, "cancelled")
    assert await repos.rematches.asked(db, old) == frozenset()
    async with db.transaction() as tx:
        assert await repos.rematches.ask(tx, old, 1)
        assert not await repos.rematches.ask(tx, old, 1)  # a double press
        assert await repos.rematches.ask(tx, old, 2)
    assert await repos.rematches.asked(db, old) == {1, 2}
    assert await repos.rematches.started(db, old) is None
    async with db.transaction() as tx:
        new = await repos.games.create_lobby(tx, -100, "draw", 1)
        assert await repos.rematches.mark(tx, new, old)
        await repos.games.set_status(tx, new, "cancelled")
    assert await repos.rematches.started(db, old) == new
    async with db.transaction() as tx:
        other = await repos.games.create_lobby(tx, -100, "draw", 1)
        assert not await repos.rematches.mark(tx, other, old)  # one rematch a game
