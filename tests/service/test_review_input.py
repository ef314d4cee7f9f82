"""The post-game review's input (a real SQLite file): a player of a finished game gets
his own seat and the game's record; nobody else, and no unfinished game."""

from __future__ import annotations

import random

import pytest

from engine.domino.ai import Budget
from engine.domino.ai.review import review_range
from engine.domino.record import replay
from service import GameService
from service import errors as e
from service.review import ReviewInput
from tests.service.helpers import ANNA, BORIS, VERA, play_some

CHAT = -400
SMALL = Budget(rollouts=4, min_worlds=2, max_worlds=2, exact_tiles=6, node_limit=200)


async def test_a_player_gets_his_own_seat_of_a_finished_game(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "block")
    await service.join(CHAT, BORIS)
    info = (await service.start(CHAT, ANNA.user_id)).game
    info, _ = await play_some(service, info, random.Random(5), max_moves=4)
    with pytest.raises(e.NotFinishedError):  # still played
        await service.review_input(info.game_id, ANNA.user_id)
    info, _ = await play_some(service, info, random.Random(5))
    assert info.status == "finished"
    record = await service.record(info.game_id)
    for player, seat in ((ANNA, 0), (BORIS, 1)):
        given = await service.review_input(info.game_id, player.user_id)
        assert isinstance(given, ReviewInput)
        assert (given.seat, given.user_id, given.game_id, given.chat_id) == (
            seat, player.user_id, info.game_id, CHAT)
        assert given.variant == "block" and given.names == (ANNA.name, BORIS.name)
        assert given.record == record  # nothing but the finished game's record
        game, _ = replay(given.record)
        assert game.outcome is not None
        total, reviews = review_range(given.record, given.seat, given.seed, 0, 3, SMALL)
        assert total > 0 and len(reviews) == min(3, total)
    with pytest.raises(e.NotInGameError):  # he did not play in it
        await service.review_input(info.game_id, VERA.user_id)
    with pytest.raises(e.NoSuchGameError):
        await service.review_input(info.game_id + 1000, ANNA.user_id)


async def test_no_review_of_a_lobby_or_a_cancelled_game(service: GameService) -> None:
    lobby = await service.open_lobby(CHAT, ANNA, "draw")
    await service.join(CHAT, BORIS)
    with pytest.raises(e.NotFinishedError):
        await service.review_input(lobby.game_id, ANNA.user_id)
    await service.start(CHAT, ANNA.user_id)
    await service.cancel(CHAT, ANNA.user_id, is_admin=True)  # a started game: an admin
    with pytest.raises(e.NotFinishedError):
        await service.review_input(lobby.game_id, ANNA.user_id)
    with pytest.raises(e.NotInGameError):  # a stranger learns nothing more
        await service.review_input(lobby.game_id, VERA.user_id)
