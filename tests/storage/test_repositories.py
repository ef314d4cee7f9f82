"""Every repository method against a real database file."""

from __future__ import annotations

import dataclasses
import json
import sqlite3

import pytest

from storage import (
    ActiveGameExistsError,
    AlreadySeatedError,
    Database,
    GameFullError,
    GameNotFoundError,
    GameStateError,
    InvalidStatusTransitionError,
    Repositories,
    SeatTakenError,
    StaleVersionError,
    StatsDelta,
    StatsRow,
)

from .conftest import FakeClock

RECORD = json.dumps({"format": "domino-record/1", "variant": "kozel", "rounds": []})


# --------------------------------------------------------------------- chats


async def test_chat_settings_and_language(repos: Repositories, clock: FakeClock) -> None:
    chats = repos.chats
    assert await chats.get(-100) is None

    row = await chats.ensure(-100)
    assert (row.chat_id, row.language, row.settings) == (-100, None, {})
    assert row.created_at == row.updated_at == clock.now
    assert await chats.ensure(-100) == row  # idempotent

    clock.advance(5)
    await chats.set_language(-100, "ru")
    await chats.set_settings(-100, {"turn_seconds": 60, "target": 101})
    row2 = await chats.get(-100)
    assert row2 is not None
    assert row2.language == "ru"
    assert row2.settings == {"target": 101, "turn_seconds": 60}
    assert (row2.created_at, row2.updated_at) == (row.created_at, clock.now)

    merged = await chats.update_settings(-100, {"turn_seconds": None, "teams": True})
    assert merged == {"target": 101, "teams": True}
    row3 = await chats.get(-100)
    assert row3 is not None and row3.settings == merged and row3.language == "ru"

    # Upserts create the row when missing.
    await chats.set_language(-200, "en")
    await chats.update_settings(-300, {"x": 1})
    assert (await chats.get(-200)).language == "en"  # type: ignore[union-attr]
    assert (await chats.get(-300)).settings == {"x": 1}  # type: ignore[union-attr]

    with pytest.raises(TypeError):
        await chats.set_settings(-100, {"bad": object()})


async def test_chat_writes_compose_in_a_transaction(db: Database, repos: Repositories) -> None:
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await repos.chats.set_language(1, "ru", conn=tx)
            await repos.chats.update_settings(1, {"a": 1}, conn=tx)
            assert (await repos.chats.get(1, conn=tx)).settings == {"a": 1}  # type: ignore[union-attr]
            raise RuntimeError
    assert await repos.chats.get(1) is None


# --------------------------------------------------------------------- users


async def test_user_profile_language_and_flags(repos: Repositories, clock: FakeClock) -> None:
    users = repos.users
    assert await users.get(42) is None

    await users.upsert_profile(42, first_name="Anna", username="anna", language_code="ru")
    user = await users.get(42)
    assert user is not None
    assert (user.first_name, user.last_name, user.username, user.language) == (
        "Anna",
        None,
        "anna",
        "ru",
    )
    assert (user.has_private_chat, user.blocked) == (False, False)
    assert user.full_name == "Anna"

    # A chosen language wins over Telegram's language_code.
    await users.set_language(42, "en")
    clock.advance(1)
    await users.upsert_profile(
        42, first_name="Anna", last_name="K", username="anna", language_code="ru"
    )
    user = await users.get(42)
    assert user is not None
    assert (user.language, user.last_name, user.full_name) == ("en", "K", "Anna K")
    assert user.updated_at == clock.now

    # An unchanged profile is not rewritten.
    clock.advance(1)
    await users.upsert_profile(
        42, first_name="Anna", last_name="K", username="anna", language_code="de"
    )
    assert (await users.get(42)).updated_at == clock.now - 1  # type: ignore[union-attr]

    await users.set_has_private_chat(42)
    await users.set_blocked(42)
    user = await users.get(42)
    assert user is not None and user.has_private_chat and user.blocked
    await users.set_blocked(42, False)
    assert not (await users.get(42)).blocked  # type: ignore[union-attr]

    # Flags on an unknown user create a minimal row.
    await users.set_has_private_chat(7)
    stub = await users.get(7)
    assert stub is not None and stub.has_private_chat and stub.first_name == ""


# --------------------------------------------------------------------- games


async def test_create_lobby_and_read_back(repos: Repositories, clock: FakeClock) -> None:
    games = repos.games
    game_id = await games.create_lobby(-1, "kozel", 10, options={"teams": True}, seed=2**63 - 1)
    game = await games.get(game_id)
    assert game is not None
    assert (game.chat_id, game.variant, game.creator_user_id) == (-1, "kozel", 10)
    assert game.options == {"teams": True}
    assert (game.status, game.version, game.record_json, game.result_json) == (
        "lobby",
        0,
        None,
        None,
    )
    assert game.seed == 2**63 - 1
    assert game.created_at == game.updated_at == clock.now and game.finished_at is None
    assert game.is_active
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.status = "playing"  # type: ignore[misc]

    assert await games.get(game_id + 1) is None
    with pytest.raises(GameNotFoundError):
        await games.require(game_id + 1)
    with pytest.raises(ValueError):
        await games.create_lobby(-2, "kozel", 10, seed=2**64)


async def test_one_active_game_per_chat(db: Database, repos: Repositories) -> None:
    games = repos.games
    first = await games.create_lobby(-1, "kozel", 10)
    with pytest.raises(ActiveGameExistsError) as info:
        await games.create_lobby(-1, "threes", 11)
    assert (info.value.chat_id, info.value.game_id) == (-1, first)

    other_chat = await games.create_lobby(-2, "kozel", 10)  # other chats are independent
    assert other_chat != first

    # The unique index holds even for a writer that skips the repository.
    with pytest.raises(sqlite3.IntegrityError):
        await db.execute(
            "INSERT INTO games (chat_id, variant, status, creator_user_id, record_json,"
            " created_at, updated_at) VALUES (-1, 'x', 'playing', 1, '{}', 0, 0)"
        )

    active = await games.get_active_for_chat(-1)
    assert active is not None and active.game_id == first

    # Once the first game is over, a new one may open.
    await games.set_status(first, "cancelled")
    assert await games.get_active_for_chat(-1) is None
    second = await games.create_lobby(-1, "threes", 11)
    assert second > first
    assert [g.game_id for g in await games.list_for_chat(-1)] == [second, first]


async def test_game_lifecycle_and_versions(repos: Repositories, clock: FakeClock) -> None:
    games = repos.games
    game_id = await games.create_lobby(-1, "kozel", 10)

    # playing needs a record
    with pytest.raises(InvalidStatusTransitionError):
        await games.set_status(game_id, "playing")
    assert await games.update_options(game_id, {"target": 51}) == 1
    clock.advance(1)
    v = await games.update_state(game_id, 1, record_json=RECORD, status="playing")
    assert v == 2
    game = await games.require(game_id)
    assert (game.status, game.version, game.record_json, game.options) == (
        "playing",
        2,
        RECORD,
        {"target": 51},
    )
    assert game.updated_at == clock.now

    with pytest.raises(GameStateError):
        await games.update_options(game_id, {"target": 101})  # only in the lobby
    with pytest.raises(InvalidStatusTransitionError):
        await games.set_status(game_id, "lobby")

    v = await games.update_state(game_id, v, record_json='{"moves": 1}')
    assert v == 3
    clock.advance(1)
    v = await games.update_state(
        game_id, v, record_json='{"moves": 2}', status="finished", result_json='{"winners": [0]}'
    )
    game = await games.require(game_id)
    assert (game.status, game.version, game.result_json) == ("finished", 4, '{"winners": [0]}')
    assert game.finished_at == clock.now and not game.is_active

    with pytest.raises(GameStateError):
        await games.update_state(game_id, v, record_json="{}")
    with pytest.raises(InvalidStatusTransitionError):
        await games.set_status(game_id, "cancelled")
    assert (await games.require(game_id)).version == 4


async def test_update_state_checks_version_and_input(repos: Repositories) -> None:
    games = repos.games
    game_id = await games.create_lobby(-1, "kozel", 10)
    with pytest.raises(StaleVersionError) as info:
        await games.update_state(game_id, 5, record_json=RECORD)
    assert (info.value.expected, info.value.actual) == (5, 0)
    with pytest.raises(ValueError):
        await games.update_state(game_id, 0, record_json="{not json")
    with pytest.raises(ValueError):
        await games.update_state(game_id, 0, record_json=RECORD, result_json="nope")
    with pytest.raises(ValueError):
        await games.update_state(game_id, 0, record_json=RECORD, status="paused")  # type: ignore[arg-type]
    with pytest.raises(GameNotFoundError):
        await games.update_state(999, 0, record_json=RECORD)
    with pytest.raises(StaleVersionError):
        await games.set_status(game_id, "cancelled", expected_version=3)
    game = await games.require(game_id)
    assert (game.version, game.record_json) == (0, None)
    assert await games.set_status(game_id, "cancelled", expected_version=0) == 1


async def test_list_active_games(repos: Repositories) -> None:
    games = repos.games
    lobby = await games.create_lobby(-1, "kozel", 1)
    playing = await games.create_lobby(-2, "kozel", 2)
    await games.update_state(playing, 0, record_json=RECORD, status="playing")
    done = await games.create_lobby(-3, "kozel", 3)
    await games.add_seat(done, user_id=5, display_name="E")
    await games.set_status(done, "cancelled")
    await games.add_seat(lobby, user_id=5, display_name="E")

    assert [g.game_id for g in await games.list_active()] == [lobby, playing]
    assert [g.game_id for g in await games.list_active_for_user(5)] == [lobby]
    assert await games.list_active_for_user(6) == []


# --------------------------------------------------------------------- seats


async def test_seats_fill_lowest_free_and_bump_version(repos: Repositories) -> None:
    games = repos.games
    game_id = await games.create_lobby(-1, "kozel", 10)
    a = await games.add_seat(game_id, user_id=10, display_name="Anna")
    b = await games.add_seat(game_id, ai_level="hard", display_name="Bot")
    c = await games.add_seat(game_id, user_id=12, display_name="Vera")
    assert [a.seat, b.seat, c.seat] == [0, 1, 2]
    assert b.is_ai and not a.is_ai and b.user_id is None
    assert await games.list_seats(game_id) == [a, b, c]
    assert (await games.require(game_id)).version == 3

    assert await games.remove_seat(game_id, 1) == b
    assert await games.remove_seat(game_id, 1) is None
    d = await games.add_seat(game_id, user_id=13, display_name="Gleb")
    assert d.seat == 1  # the gap is filled first
    assert await games.get_seat_of_user(game_id, 13) == d
    assert await games.remove_user(game_id, 10) == a
    assert await games.remove_user(game_id, 10) is None
    assert await games.get_seat_of_user(game_id, 10) is None

    seats = await games.renumber_seats(game_id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, 13), (1, 12)]
    assert await games.list_seats(game_id) == seats
    version = (await games.require(game_id)).version
    assert await games.renumber_seats(game_id) == seats  # nothing to do, no new version
    assert (await games.require(game_id)).version == version


async def test_seat_constraints(db: Database, repos: Repositories) -> None:
    games = repos.games
    game_id = await games.create_lobby(-1, "kozel", 10)
    await games.add_seat(game_id, user_id=10, display_name="Anna", seat=2)

    with pytest.raises(SeatTakenError):
        await games.add_seat(game_id, user_id=11, display_name="Boris", seat=2)
    with pytest.raises(AlreadySeatedError):
        await games.add_seat(game_id, user_id=10, display_name="Anna again")
    with pytest.raises(ValueError):
        await games.add_seat(game_id, user_id=11, ai_level="easy", display_name="both")
    with pytest.raises(ValueError):
        await games.add_seat(game_id, display_name="neither")
    with pytest.raises(ValueError):
        await games.add_seat(game_id, ai_level="godlike", display_name="x")  # type: ignore[arg-type]
    with pytest.raises(GameNotFoundError):
        await games.add_seat(999, user_id=1, display_name="x")

    # Two computer players of the same level are fine.
    await games.add_seat(game_id, ai_level="easy", display_name="Bot 1")
    await games.add_seat(game_id, ai_level="easy", display_name="Bot 2")
    with pytest.raises(GameFullError):
        await games.add_seat(game_id, user_id=11, display_name="Boris", max_seats=3)
    assert len(await games.list_seats(game_id)) == 3

    # The table enforces the same rules on its own.
    for sql in (
        "INSERT INTO game_seats VALUES (?, 2, 99, NULL, 'dup seat', 0)",
        "INSERT INTO game_seats VALUES (?, 7, 10, NULL, 'dup user', 0)",
        "INSERT INTO game_seats VALUES (?, 8, 98, 'easy', 'both', 0)",
        "INSERT INTO game_seats VALUES (?, 9, NULL, NULL, 'neither', 0)",
    ):
        with pytest.raises(sqlite3.IntegrityError):
            await db.execute(sql, (game_id,))

    await games.set_status(game_id, "cancelled")
    with pytest.raises(GameStateError):
        await games.add_seat(game_id, user_id=11, display_name="late")
    with pytest.raises(GameStateError):
        await games.remove_seat(game_id, 2)


async def test_deleting_a_game_cascades(db: Database, repos: Repositories) -> None:
    game_id = await repos.games.create_lobby(-1, "kozel", 10)
    await repos.games.add_seat(game_id, user_id=10, display_name="Anna")
    await repos.messages.save(game_id, "lobby", chat_id=-1, message_id=5)
    await repos.pending_joins.create(-1, game_id)
    await repos.deadlines.save(game_id, seat=0, turn_version=1, due_at=100.0)
    keep = await repos.games.create_lobby(-2, "kozel", 10)
    await repos.games.add_seat(keep, user_id=10, display_name="Anna")

    assert await repos.games.delete(game_id)
    assert not await repos.games.delete(game_id)
    for table in ("game_seats", "game_messages", "pending_joins", "deadlines"):
        row = await db.fetchone(f"SELECT COUNT(*) FROM {table} WHERE game_id = ?", (game_id,))
        assert row is not None and row[0] == 0, table
    assert len(await repos.games.list_seats(keep)) == 1


async def test_foreign_keys_are_enforced(db: Database) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        await db.execute("INSERT INTO game_seats VALUES (12345, 0, 1, NULL, 'ghost', 0)")


# ------------------------------------------------------------------ messages


async def test_message_ids(repos: Repositories) -> None:
    messages = repos.messages
    game_id = await repos.games.create_lobby(-1, "kozel", 10)

    assert await messages.save(game_id, "table", chat_id=-1, message_id=100) is None
    previous = await messages.save(game_id, "table", chat_id=-1, message_id=101)
    assert previous is not None and previous.message_id == 100  # to delete the old picture
    await messages.save(game_id, "hand", chat_id=10, message_id=7, seat=0)
    await messages.save(game_id, "hand", chat_id=11, message_id=8, seat=1)
    await messages.save(game_id, "lobby", chat_id=-1, message_id=50)

    table = await messages.get(game_id, "table")
    assert table is not None
    assert (table.chat_id, table.message_id, table.seat, table.kind) == (-1, 101, None, "table")
    hand = await messages.get(game_id, "hand", 1)
    assert hand is not None and (hand.chat_id, hand.message_id, hand.seat) == (11, 8, 1)
    assert await messages.get(game_id, "hand", 2) is None
    assert await messages.get(game_id, "notice") is None
    with pytest.raises(ValueError):
        await messages.get(game_id, "hand")  # a hand belongs to a seat
    with pytest.raises(ValueError):
        await messages.save(game_id, "banner", chat_id=1, message_id=1)  # type: ignore[arg-type]

    assert [(m.kind, m.seat) for m in await messages.list_for_game(game_id)] == [
        ("hand", 0),
        ("hand", 1),
        ("lobby", None),
        ("table", None),
    ]
    deleted = await messages.delete(game_id, "lobby")
    assert deleted is not None and deleted.message_id == 50
    assert await messages.delete(game_id, "lobby") is None
    gone = await messages.delete_for_game(game_id)
    assert [(m.kind, m.seat) for m in gone] == [("hand", 0), ("hand", 1), ("table", None)]
    assert await messages.list_for_game(game_id) == []


# ------------------------------------------------------------- pending joins


async def test_pending_joins(repos: Repositories, clock: FakeClock) -> None:
    joins = repos.pending_joins
    game_id = await repos.games.create_lobby(-1, "kozel", 10)

    anyone = await joins.create(-1, game_id)
    assert len(anyone.token) >= 16 and anyone.user_id is None
    clock.advance(100)
    personal = await joins.create(-1, game_id, user_id=42, token="join_42-abc")
    assert await joins.get("join_42-abc") == personal
    with pytest.raises(ValueError):
        await joins.create(-1, game_id, token="not allowed!")
    with pytest.raises(sqlite3.IntegrityError):
        await joins.create(-1, game_id, token="join_42-abc")

    assert await joins.consume(personal.token) == personal
    assert await joins.consume(personal.token) is None  # a token works once
    assert await joins.get(personal.token) is None

    assert await joins.purge_older_than(clock.now - 50) == 1  # `anyone` was 100 s old
    assert await joins.get(anyone.token) is None
    await joins.create(-1, game_id)
    await joins.create(-1, game_id)
    assert await joins.delete_for_game(game_id) == 2


# --------------------------------------------------------------------- stats


async def test_stats_accumulate_inside_the_finishing_transaction(
    db: Database, repos: Repositories
) -> None:
    stats = repos.stats
    async with db.transaction() as tx:
        await stats.add_result(
            tx,
            [
                StatsDelta(1, -1, "kozel", wins=1, points=10, fish=1),
                StatsDelta(2, -1, "kozel", points=30, goats=1),
            ],
        )
    async with db.transaction() as tx:
        await stats.add_result(tx, [StatsDelta(1, -1, "kozel", wins=1, points=5)])
        await stats.add_result(tx, [StatsDelta(1, -1, "threes", points=-4)])
        await stats.add_result(tx, [StatsDelta(1, -2, "kozel", wins=1, points=7)])
        await stats.add_result(tx, [])

    assert await stats.get_user(1, -1) == [
        StatsRow(1, -1, "kozel", games=2, wins=2, points=15, fish=1, goats=0),
        StatsRow(1, -1, "threes", games=1, wins=0, points=-4, fish=0, goats=0),
    ]
    assert await stats.get_user(1) == [  # all chats
        StatsRow(1, None, "kozel", games=3, wins=3, points=22, fish=1, goats=0),
        StatsRow(1, None, "threes", games=1, wins=0, points=-4, fish=0, goats=0),
    ]
    assert await stats.get_user(2, -2) == []
    assert await stats.get_user(99) == []

    # Rolled back with the transaction that was to finish the game.
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await stats.add_result(tx, [StatsDelta(2, -1, "kozel", wins=9)])
            raise RuntimeError
    assert (await stats.get_user(2, -1))[0].wins == 0

    with pytest.raises(ValueError):
        async with db.transaction() as tx:
            await stats.add_result(tx, [StatsDelta(2, -1, "kozel", wins=-1)])


async def test_top_orders_by_wins_then_points(db: Database, repos: Repositories) -> None:
    stats = repos.stats
    await repos.users.upsert_profile(1, first_name="Anna", username="anna")
    await repos.users.upsert_profile(2, first_name="Boris")
    async with db.transaction() as tx:
        await stats.add_result(
            tx,
            [
                StatsDelta(1, -1, "kozel", wins=2, points=10),
                StatsDelta(2, -1, "kozel", wins=2, points=30),
                StatsDelta(3, -1, "kozel", wins=3, points=0),
                StatsDelta(4, -1, "kozel", wins=0, points=99),
                StatsDelta(4, -1, "threes", wins=5, points=1),
                StatsDelta(5, -2, "kozel", wins=50, points=500),  # another chat
            ],
        )

    top = await stats.top(-1)
    assert [e.user_id for e in top] == [4, 3, 2, 1]  # 4 leads with threes + kozel wins
    assert (top[0].wins, top[0].points, top[0].games) == (5, 100, 2)
    assert (top[2].first_name, top[3].username, top[1].first_name) == ("Boris", "anna", None)

    kozel = await stats.top(-1, "kozel")
    assert [e.user_id for e in kozel] == [3, 2, 1, 4]
    assert [e.user_id for e in await stats.top(-1, "kozel", limit=2)] == [3, 2]
    assert [e.user_id for e in await stats.top(None)][:1] == [5]
    assert await stats.top(-3) == []


# ----------------------------------------------------------------- deadlines


async def test_deadlines(repos: Repositories) -> None:
    deadlines = repos.deadlines
    g1 = await repos.games.create_lobby(-1, "kozel", 10)
    g2 = await repos.games.create_lobby(-2, "kozel", 10)

    d1 = await deadlines.save(g1, seat=0, turn_version=3, due_at=2000.5)
    await deadlines.save(g2, seat=1, turn_version=1, due_at=1000.0)
    assert await deadlines.get(g1) == d1
    assert [d.game_id for d in await deadlines.list_all()] == [g2, g1]  # soonest first

    assert not await deadlines.mark_reminded(g1, turn_version=2)  # an older turn
    assert await deadlines.mark_reminded(g1, turn_version=3)
    assert (await deadlines.get(g1)).reminded  # type: ignore[union-attr]

    # A new turn replaces the timer and resets the reminder.
    await deadlines.save(g1, seat=1, turn_version=4, due_at=3000.0)
    d = await deadlines.get(g1)
    assert d is not None and (d.seat, d.turn_version, d.due_at, d.reminded) == (
        1,
        4,
        3000.0,
        False,
    )

    assert not await deadlines.clear(g1, turn_version=3)  # a stale timer clears nothing
    assert await deadlines.clear(g1, turn_version=4)
    assert await deadlines.get(g1) is None
    assert await deadlines.clear(g2)
    assert not await deadlines.clear(g2)
    assert await deadlines.list_all() == []


# ------------------------------------------------------------- composition


async def test_finishing_a_game_is_one_transaction(db: Database, repos: Repositories) -> None:
    game_id = await repos.games.create_lobby(-1, "kozel", 10)
    v = await repos.games.update_state(game_id, 0, record_json=RECORD, status="playing")
    await repos.deadlines.save(game_id, seat=0, turn_version=v, due_at=10.0)

    # A failure after the state was saved undoes the state too.
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await repos.games.update_state(
                game_id, v, record_json=RECORD, status="finished", result_json="{}", conn=tx
            )
            await repos.stats.add_result(tx, [StatsDelta(10, -1, "kozel", wins=1)])
            raise RuntimeError("telegram is down")
    game = await repos.games.require(game_id)
    assert (game.status, game.version) == ("playing", v)
    assert await repos.stats.get_user(10) == []

    async with db.transaction() as tx:
        await repos.games.update_state(
            game_id, v, record_json=RECORD, status="finished", result_json="{}", conn=tx
        )
        await repos.stats.add_result(tx, [StatsDelta(10, -1, "kozel", wins=1)])
        await repos.deadlines.clear(game_id, conn=tx)
    assert (await repos.games.require(game_id)).status == "finished"
    assert (await repos.stats.get_user(10))[0].wins == 1
    assert await repos.deadlines.get(game_id) is None


async def test_failed_call_inside_a_transaction_undoes_only_itself(
    db: Database, repos: Repositories
) -> None:
    game_id = await repos.games.create_lobby(-1, "kozel", 10)
    async with db.transaction() as tx:
        await repos.games.add_seat(game_id, user_id=1, display_name="A", conn=tx)
        with pytest.raises(AlreadySeatedError):
            await repos.games.add_seat(game_id, user_id=1, display_name="A", conn=tx)
        await repos.games.add_seat(game_id, user_id=2, display_name="B", conn=tx)
    assert [s.user_id for s in await repos.games.list_seats(game_id)] == [1, 2]
    assert (await repos.games.require(game_id)).version == 2
