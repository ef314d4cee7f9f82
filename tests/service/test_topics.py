"""Forum topics in the service: a game is keyed by its chat and topic.

Topics are ``int | None`` for the service (None: no topic, a chat that is not a forum
or a forum's General topic); the database keeps 0 for None (migration m0005). The
migration is tested on a database file written by the schema before it, holding a
lobby, a game being played and a finished game.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.domino.game import Game
from engine.variants import make_variant
from service import GameService
from service.errors import ActiveGameExistsError, BadSettingsError, NoSuchGameError
from service.history import head_json
from storage import Database
from storage.migrations import LATEST_VERSION, MIGRATIONS, m0005_forum_topics
from tests.service.helpers import ANNA, BORIS, GLEB, VERA, play_some

FORUM = -100_777
T1, T2 = 11, 22


async def test_each_topic_holds_its_own_game(service: GameService) -> None:
    general = await service.open_lobby(FORUM, ANNA, "draw")
    first = await service.open_lobby(FORUM, BORIS, "draw", topic=T1)
    second = await service.open_lobby(FORUM, VERA, "block", topic=T2)
    assert (general.topic, first.topic, second.topic) == (None, T1, T2)
    assert len({general.game_id, first.game_id, second.game_id}) == 3
    with pytest.raises(ActiveGameExistsError):
        await service.open_lobby(FORUM, GLEB, "draw", topic=T1)
    with pytest.raises(ActiveGameExistsError):
        await service.open_lobby(FORUM, GLEB, "draw")
    for bad in (0, -5):  # a topic is a positive thread id; 0 is spelled None
        with pytest.raises(BadSettingsError):
            await service.open_lobby(FORUM, GLEB, "draw", topic=bad)

    # the lobby commands act on the topic named, and only on it
    joined = await service.join(FORUM, GLEB, topic=T1)
    assert joined.game_id == first.game_id and joined.seat_of(GLEB.user_id) is not None
    assert (await service.game(second.game_id)).seat_of(GLEB.user_id) is None
    assert (await service.game(general.game_id)).seat_of(GLEB.user_id) is None
    added = await service.add_ai(FORUM, VERA.user_id, "easy", topic=T2)
    assert added.game_id == second.game_id and len(added.seats) == 2
    changed = await service.change_settings(FORUM, VERA.user_id, options={"target": 100},
                                            topic=T2)
    assert changed.options.get("target") == 100
    assert (await service.game(first.game_id)).options.get("target") is None
    with pytest.raises(NoSuchGameError):
        await service.join(FORUM, GLEB, topic=99)

    # both topics play at once; a move in one changes nothing in the other
    started_1 = await service.start(FORUM, BORIS.user_id, topic=T1)
    started_2 = await service.start(FORUM, VERA.user_id, topic=T2)
    assert started_1.game.game_id == first.game_id
    assert started_2.game.game_id == second.game_id
    before = await service.game(second.game_id)
    after_1, moves = await play_some(service, started_1.game, random.Random(5), max_moves=6)
    assert moves == 6 and after_1.topic == T1
    assert (await service.game(second.game_id)).version == before.version
    active_1 = await service.active_game(FORUM, topic=T1)
    active_2 = await service.active_game(FORUM, topic=T2)
    active_general = await service.active_game(FORUM)
    assert active_1 is not None and active_1.game_id == first.game_id
    assert active_2 is not None and active_2.game_id == second.game_id
    assert active_general is not None and active_general.game_id == general.game_id
    assert (await service.claim_fish(FORUM, topic=T2)).boneyard_left >= 0
    with pytest.raises(NoSuchGameError):
        await service.claim_fish(FORUM, topic=99)

    # cancelling one topic's game leaves the others; last games are per topic
    cancelled = await service.cancel(FORUM, BORIS.user_id, topic=T1, is_admin=True)
    assert cancelled.game_id == first.game_id and cancelled.status == "cancelled"
    assert await service.active_game(FORUM, topic=T1) is None
    last_1 = await service.last_game(FORUM, topic=T1)
    last_any = await service.last_game(FORUM)
    assert last_1 is not None and last_1.game_id == first.game_id
    assert last_any is not None and last_any.game_id == general.game_id
    assert (await service.game(second.game_id)).status == "playing"
    # and the topic can open a new game
    again = await service.open_lobby(FORUM, BORIS, "draw", topic=T1)
    assert again.topic == T1 and again.game_id not in (first.game_id, second.game_id)

    finished, _ = await play_some(service, (await service.game(second.game_id)),
                                  random.Random(6))
    assert finished.status == "finished"
    last_finished = await service.last_finished_game(chat_id=FORUM, topic=T2)
    assert last_finished is not None and last_finished.game_id == second.game_id
    assert await service.last_finished_game(chat_id=FORUM) is None


async def test_a_lost_topic_closes_its_game_only(service: GameService) -> None:
    lobby = await service.open_lobby(FORUM, ANNA, "draw", topic=T1)
    await service.join(FORUM, BORIS, topic=T1)
    await service.start(FORUM, ANNA.user_id, topic=T1)
    general = await service.open_lobby(FORUM, VERA, "draw")
    closed = await service.close_lost_topic(lobby.game_id)
    assert closed is not None and closed.status == "cancelled" and closed.topic == T1
    assert await service.close_lost_topic(lobby.game_id) is None  # once
    assert await service.close_lost_topic(general.game_id) is None  # no topic: kept
    assert (await service.game(general.game_id)).status == "lobby"
    assert await service.close_lost_topic(10**9) is None  # no such game


# ------------------------------------------------------------------ the migration

_BEFORE = [m for m in MIGRATIONS if m.version < m0005_forum_topics.VERSION]


async def _old_file(path: Path) -> dict[str, int]:
    """A database at the schema before m0005 with a lobby, a game being played and a
    finished game, written with plain SQL as the code of that time stored them."""
    db = await Database.open(path, migrations=tuple(_BEFORE))
    ids: dict[str, int] = {}
    try:
        assert await db.schema_version() == m0005_forum_topics.VERSION - 1
        game = Game(make_variant("draw", 2, {}), seed=77)
        head = head_json(game, ["Anna", "Boris"])
        rows = (("lobby", -1, None, 76, 1), ("playing", -2, head, 77, 2),
                ("finished", -3, head, 78, 5))
        for status, chat, record, seed, version in rows:
            cursor = await db.execute(
                "INSERT INTO games (chat_id, variant, status, creator_user_id, record_json,"
                " version, seed, created_at, updated_at, finished_at, result_json)"
                " VALUES (?, 'draw', ?, 1, ?, ?, ?, 1.0, 1.0, ?, ?)",
                (chat, status, record, version, seed,
                 2.0 if status == "finished" else None,
                 '{"winners": [0]}' if status == "finished" else None))
            game_id = int(cursor.lastrowid or 0)
            ids[status] = game_id
            for seat, (user, name) in enumerate(((1, "Anna"), (2, "Boris"))):
                if status == "lobby" and seat:
                    continue
                await db.execute(
                    "INSERT INTO game_seats (game_id, seat, user_id, display_name, joined_at)"
                    " VALUES (?, ?, ?, ?, 1.0)", (game_id, seat, user, name))
    finally:
        await db.close()
    return ids


async def test_migration_keeps_old_games_as_games_of_no_topic(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    ids = await _old_file(path)
    service = await GameService.open(path, seeds=lambda: 99)
    try:
        db = service.context.db
        assert await db.schema_version() == LATEST_VERSION
        topics = {int(r["game_id"]): int(r["topic"])
                  for r in await db.fetchall("SELECT game_id, topic FROM games")}
        assert topics == {game_id: 0 for game_id in ids.values()}
        indexes = {str(r["name"]) for r in await db.fetchall("PRAGMA index_list(games)")}
        assert "games_one_active_per_topic" in indexes
        assert "games_one_active_per_chat" not in indexes

        # every old game is where it was, a game of no topic
        lobby = await service.active_game(-1)
        playing = await service.active_game(-2)
        assert lobby is not None and lobby.game_id == ids["lobby"] and lobby.topic is None
        assert playing is not None and playing.game_id == ids["playing"]
        assert playing.topic is None and playing.view is not None
        finished = await service.last_finished_game(chat_id=-3)
        assert finished is not None and finished.game_id == ids["finished"]
        # the old game being played goes on
        after, moves = await play_some(service, playing, random.Random(3), max_moves=4)
        assert moves == 4 and after.version >= playing.version + 4  # forced draws add some
        # the old lobby still holds its chat's place; a topic of that chat opens its own
        with pytest.raises(ActiveGameExistsError):
            await service.open_lobby(-1, BORIS, "draw")
        in_topic = await service.open_lobby(-1, BORIS, "draw", topic=T1)
        assert in_topic.topic == T1
        await service.join(-1, BORIS)
        report = await service.start(-1, ANNA.user_id)
        assert report.game.game_id == ids["lobby"] and report.game.status == "playing"
    finally:
        await service.close()
