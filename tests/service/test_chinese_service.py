"""chinese through the service: the same commands as every game, reached
through engine.games: started, played by people and computers to its end, stored
as entries and rebuilt equal, a time-out plays the rules' own move, no fish, no
review, a seat's record hides the others' tiles."""

from __future__ import annotations

import random

import pytest

from engine.chinese.kind import ChineseView
from engine.chinese.rules import Play
from engine.games import kind_of, replay
from service import GameService
from service.errors import IllegalMoveError, NoFishError, NoReviewError
from tests.service.helpers import ANNA, BORIS, play_some

CHAT = -4200


async def _started(service: GameService) -> int:
    await service.open_lobby(CHAT, ANNA, "chinese")
    await service.join(CHAT, BORIS)
    await service.add_ai(CHAT, ANNA.user_id, "medium")
    await service.add_ai(CHAT, ANNA.user_id, "hard")
    await service.change_settings(CHAT, ANNA.user_id, options={"rounds": 4})
    report = await service.start(CHAT, ANNA.user_id)
    assert report.started and report.game.status == "playing"
    return report.game.game_id


async def test_a_whole_game_rebuilds_and_replays_equal(service: GameService) -> None:
    game_id = await _started(service)
    info = await service.game(game_id)
    with pytest.raises(NoFishError):
        await service.claim_fish(CHAT)
    # a seat's record while playing: only its own hand, nobody's face-down tiles
    view_record = await service.record_for(game_id, ANNA.user_id)
    assert view_record["format"] == "domino-view/1"
    hands = view_record["rounds"][0]["hands"]
    assert "?" not in hands[0] and all("?" in h for h in hands[1:])
    info, moves = await play_some(service, info, random.Random(3))
    assert info.status == "finished" and moves > 0
    record = await service.record(game_id)
    replayed, names = replay(record)
    assert names == [s.name for s in info.seats]
    assert info.view is not None and list(replayed.totals) == list(info.view.totals)
    # rebuilt from the stored entries (a restart): the same record
    service.context.games.clear()
    assert await service.record(game_id) == record
    assert {**kind_of("chinese").to_record(replayed, names), "deal": record["deal"]} == record
    ended = await service.ended_round_views(game_id)
    assert len(ended) == 4 and all(isinstance(v, ChineseView) for v in ended)
    with pytest.raises(NoReviewError):
        await service.review_input(game_id, ANNA.user_id)


async def test_a_time_out_plays_the_rules_move_and_a_wrong_move_changes_nothing(
        service: GameService) -> None:
    game_id = await _started(service)
    info = await service.game(game_id)
    # the computers move until a person is on turn
    while info.turn is not None and info.seats[info.turn].user_id is None:
        info = (await service.ai_move(game_id, info.version)).game
    assert info.turn is not None
    seat = info.seats[info.turn]
    assert seat.user_id is not None
    _, _, view = await service.seat_view(game_id, seat.user_id)
    assert isinstance(view, ChineseView)
    wrong = Play(tuple(view.hand[:1]), True) if not view.detail["trick"] \
        else Play(tuple(view.hand[:len(view.detail["trick"][0]["tiles"]) + 1]))
    with pytest.raises(IllegalMoveError):  # a face-down lead, or too many tiles
        await service.move(game_id, seat.user_id, info.version, wrong)
    assert (await service.game(game_id)).version == info.version
    # the rules' own time-out move ([C12]), computed by the engine on the same game
    played, _ = replay(await service.record(game_id))
    expected = kind_of("chinese").timeout_move(played)
    assert expected is not None
    report, forced = await service.act_for(game_id, info.version, seat.seat, "easy")
    assert not forced  # a move made for him, not his only one: a time-out makes one
    assert report.results[0].move == expected
    assert isinstance(expected, Play) and expected.down == bool(view.detail["trick"])
