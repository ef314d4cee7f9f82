"""triangular through the service: the same commands as every game, reached
through engine.games: started with its options, played by people and computers to
its end, stored as entries and rebuilt equal, a refused move changes nothing, a
time-out is the computer's move from the seat's view, no fish, no review, a seat's
record hides the others' triangles and the pool."""

from __future__ import annotations

import random

import pytest

from engine.core.moves import DRAW, GridPlace
from engine.games import kind_of, replay
from engine.triangular.kind import TriangularSeatView
from service import GameService
from service.errors import IllegalMoveError, NoFishError, NoReviewError, NotYourTurnError
from tests.service.helpers import ANNA, BORIS, play_some

CHAT = -4300


async def _started(service: GameService, options: dict[str, object]) -> int:
    await service.open_lobby(CHAT, ANNA, "triangular")
    await service.join(CHAT, BORIS)
    await service.add_ai(CHAT, ANNA.user_id, "medium")
    await service.change_settings(CHAT, ANNA.user_id, options=options)
    report = await service.start(CHAT, ANNA.user_id)
    assert report.started and report.game.status == "playing"
    return report.game.game_id


async def test_a_whole_game_rebuilds_and_replays_equal(service: GameService) -> None:
    game_id = await _started(service, {"target": 100, "voluntary_draw": False})
    info = await service.game(game_id)
    assert dict(info.options) == {"target": 100, "voluntary_draw": False}
    with pytest.raises(NoFishError):  # a block ends the round by itself
        await service.claim_fish(CHAT)
    # a seat's record while playing: only its own hand, never the pool
    view_record = await service.record_for(game_id, ANNA.user_id)
    assert view_record["format"] == "domino-view/1"
    first = view_record["rounds"][0]
    anna = next(s.seat for s in info.seats if s.user_id == ANNA.user_id)
    assert [h is None for h in first["hands"]] == [s != anna for s in range(3)]
    assert "boneyard" not in first
    info, moves = await play_some(service, info, random.Random(5))
    assert info.status == "finished" and moves > 0
    record = await service.record(game_id)
    assert record["options"] == {"target": 100, "voluntary_draw": False}
    replayed, names = replay(record)
    assert names == [s.name for s in info.seats]
    assert info.view is not None and list(replayed.totals) == list(info.view.totals)
    assert replayed.outcome == info.view.outcome
    # rebuilt from the stored entries (a restart): the same record
    service.context.games.clear()
    assert await service.record(game_id) == record
    assert {**kind_of("triangular").to_record(replayed, names), "deal": record["deal"]} == record
    ended = await service.ended_round_views(game_id)
    assert ended and all(isinstance(v, TriangularSeatView) for v in ended)
    assert list(ended[-1].totals) == list(info.view.totals)
    rounds = await service.ended_rounds(game_id)
    assert len(rounds) == len(ended)
    with pytest.raises(NoReviewError):
        await service.review_input(game_id, ANNA.user_id)


async def test_a_refused_move_changes_nothing_and_a_time_out_moves(
        service: GameService) -> None:
    game_id = await _started(service, {})
    info = await service.game(game_id)
    while info.turn is not None and info.seats[info.turn].user_id is None:
        info = (await service.ai_move(game_id, info.version)).game
    assert info.turn is not None
    seat = info.seats[info.turn]
    assert seat.user_id is not None
    _, _, view = await service.seat_view(game_id, seat.user_id)
    assert isinstance(view, TriangularSeatView)
    wrong = DRAW if view.table_empty else GridPlace((0, 0, 0), (99, 99))
    with pytest.raises(IllegalMoveError):  # no draw before the lead; no such cell
        await service.move(game_id, seat.user_id, info.version, wrong)
    assert (await service.game(game_id)).version == info.version
    other = next(s for s in info.seats if s.user_id not in (None, seat.user_id))
    assert other.user_id is not None
    with pytest.raises(NotYourTurnError):
        await service.move(game_id, other.user_id, info.version, view.legal[0])
    report, _ = await service.act_for(game_id, info.version, seat.seat, "easy")
    assert report.results and report.results[0].move in view.legal
    assert (await service.game(game_id)).version > info.version
