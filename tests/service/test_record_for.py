"""What record each asker gets of a game (a real SQLite file): a player his own view,
anyone else the public view, everyone the complete record once the game is over."""

from __future__ import annotations

import random

import pytest

from engine.domino.record import FORMAT, VIEW_FORMAT
from service import GameService
from service import errors as e
from tests.service.helpers import ANNA, BORIS, VERA, play_some

CHAT = -300


async def test_record_for_each_asker(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "draw")
    await service.join(CHAT, BORIS)
    info = (await service.start(CHAT, ANNA.user_id)).game
    info, _ = await play_some(service, info, random.Random(3), max_moves=6)
    assert info.status == "playing"
    full = await service.record(info.game_id)
    for user, seat in ((ANNA.user_id, 0), (BORIS.user_id, 1), (VERA.user_id, None),
                       (None, None)):
        record = await service.record_for(info.game_id, user)
        assert record["format"] == VIEW_FORMAT and record["viewer"] == seat
        hands = record["rounds"][0]["hands"]
        assert hands == [full["rounds"][0]["hands"][i] if i == seat else None
                         for i in range(2)]
        assert "boneyard" not in record["rounds"][0]
    info, _ = await play_some(service, info, random.Random(3))
    assert info.status == "finished"
    for user in (ANNA.user_id, VERA.user_id, None):
        record = await service.record_for(info.game_id, user)
        assert record["format"] == FORMAT and record == await service.record(info.game_id)


async def test_a_lobby_or_no_game_has_no_record(service: GameService) -> None:
    info = await service.open_lobby(CHAT, ANNA, "draw")
    with pytest.raises(e.NoSuchGameError):
        await service.record_for(info.game_id, ANNA.user_id)
    with pytest.raises(e.NoSuchGameError):
        await service.record_for(info.game_id + 99, None)


async def test_started_games_of_user_newest_first(service: GameService) -> None:
    ids = []
    for chat in (CHAT, CHAT - 1, CHAT - 2):
        await service.open_lobby(chat, ANNA, "block")
        await service.join(chat, BORIS)
        info = (await service.start(chat, ANNA.user_id)).game
        ids.append(info.game_id)
        if chat != CHAT - 2:
            await service.cancel(chat, ANNA.user_id, is_admin=True)  # started: an admin
    lobby = await service.open_lobby(CHAT - 3, ANNA, "block")  # not started: not listed
    games = await service.started_games_of_user(ANNA.user_id)
    assert [g.game_id for g in games] == ids[::-1]
    assert lobby.game_id not in [g.game_id for g in games]
    assert [g.status for g in games] == ["playing", "cancelled", "cancelled"]
    assert [g.game_id for g in await service.started_games_of_user(ANNA.user_id, 2)] \
        == ids[:0:-1]
    assert await service.started_games_of_user(VERA.user_id) == []
