"""Forced moves play themselves: a person present whose only legal action is a pass or
a draw gets it made for him, in the transaction of the command that led to it."""

from __future__ import annotations

import random

import pytest

from engine.core.moves import DRAW, PASS, Draw, Pass
from service import GameInfo, GameService, MoveReport
from service import errors as e
from service.timers import BadTimerSettingError, TurnTimers
from storage import Database, Repositories
from tests.service.helpers import ANNA, BORIS, GLEB, VERA, forced_moves_off, play_some

CHAT = -100


async def _humans(service: GameService, variant: str, *players: object) -> GameInfo:
    await service.open_lobby(CHAT, ANNA, variant)
    for p in players or (BORIS,):
        await service.join(CHAT, p)  # type: ignore[arg-type]
    return (await service.start(CHAT, ANNA.user_id)).game


async def _person_move(service: GameService, info: GameInfo, rng: random.Random
                       ) -> MoveReport:
    seat = info.seats[info.turn]  # type: ignore[index]
    assert seat.user_id is not None
    _, _, view = await service.seat_view(info.game_id, seat.user_id)
    return await service.move(info.game_id, seat.user_id, info.version,
                              rng.choice(view.legal))


async def _only_forced(service: GameService, info: GameInfo) -> bool:
    """Whether the person on turn has a lone pass or draw to make."""
    if info.status != "playing" or info.turn is None:
        return False
    seat = info.seats[info.turn]
    if seat.is_ai or seat.user_id is None:
        return False
    _, _, view = await service.seat_view(info.game_id, seat.user_id)
    return len(view.legal) == 1 and isinstance(view.legal[0], (Pass, Draw))


async def test_the_forced_draws_after_a_move_are_made_and_stored_one_by_one(
        db: Database, service: GameService) -> None:
    info = await _humans(service, "kozel")
    mover = info.seats[info.turn].user_id  # type: ignore[index]
    _, _, view = await service.seat_view(info.game_id, mover)  # type: ignore[arg-type]
    report = await service.move(info.game_id, mover, info.version,  # type: ignore[arg-type]
                                view.legal[0])
    # this deal: the other player has nothing that fits and draws twice
    assert [r.move for r in report.results[1:]] == [DRAW, DRAW]
    assert report.auto == (False, True, True)
    assert not report.is_auto(0) and report.is_auto(2) and not report.is_auto(3)
    assert report.game.version == info.version + 3
    assert all(r.drawn is not None for r in report.results[1:])
    # each stored as a move of its own, with its own version
    moves = await Repositories.of(db).moves.list(db, info.game_id)
    assert [m.version for m in moves] == [info.version + 1, info.version + 2,
                                          info.version + 3]
    assert [m.move for m in moves[1:]] == ["draw", "draw"]
    # the drawer's hand holds what he drew (his view in the report is the latest)
    drawer = report.results[1].seat
    assert report.views[drawer].turn == drawer
    assert {r.drawn for r in report.results[1:]} <= set(report.views[drawer].hand)
    assert not await _only_forced(service, report.game)  # now he has a choice
    # a restart rebuilds the same game from the stored moves
    again = GameService(db)
    _, _, rebuilt = await again.seat_view(info.game_id, report.game.seats[drawer].user_id or 0)
    assert rebuilt == report.views[drawer]


@pytest.mark.parametrize("variant", ["kozel", "all_fives", "general_kozel", "draw"])
async def test_nobody_present_is_ever_left_with_a_lone_pass_or_draw(
        service: GameService, variant: str) -> None:
    info = await _humans(service, variant, BORIS, VERA, GLEB)
    rng = random.Random(7)
    auto = 0
    for _ in range(120):
        if info.status != "playing":
            break
        report = await _person_move(service, info, rng)
        assert len(report.auto) == len(report.results)
        for result, made in zip(report.results[1:], report.auto[1:], strict=True):
            assert made and isinstance(result.move, (Pass, Draw))
        auto += sum(report.auto)
        info = report.game
        assert not await _only_forced(service, info)
    assert auto > 0  # each of these deals has some
    record = await service.record(info.game_id)
    assert record["rounds"]


async def test_a_forced_move_costs_its_insert_and_update_only(db: Database,
                                                              service: GameService) -> None:
    info = await _humans(service, "kozel")
    await TurnTimers(service).change_settings(CHAT, 0, ["forced", "on"], is_admin=True)
    mover = info.seats[info.turn].user_id  # type: ignore[index]
    _, _, view = await service.seat_view(info.game_id, mover)  # type: ignore[arg-type]
    statements: list[str] = []
    await db.set_trace(statements.append)
    try:
        report = await service.move(info.game_id, mover, info.version,  # type: ignore[arg-type]
                                    view.legal[0])
    finally:
        await db.set_trace(None)
    forced = sum(report.auto)
    assert forced == 2
    # BEGIN, the game, INSERT + UPDATE per move, COMMIT: the setting is in memory
    assert len(statements) == 3 + 2 * (1 + forced)


async def test_with_the_setting_off_the_player_presses_them(service: GameService) -> None:
    info = await _humans(service, "kozel")
    await forced_moves_off(service, CHAT)
    assert (await TurnTimers(service).settings(CHAT)).forced is False
    mover = info.seats[info.turn].user_id  # type: ignore[index]
    _, _, view = await service.seat_view(info.game_id, mover)  # type: ignore[arg-type]
    report = await service.move(info.game_id, mover, info.version,  # type: ignore[arg-type]
                                view.legal[0])
    assert len(report.results) == 1 and report.auto == (False,)
    assert await _only_forced(service, report.game)
    drawer = report.game.seats[report.game.turn]  # type: ignore[index]
    assert drawer.user_id is not None
    draw = await service.move(info.game_id, drawer.user_id, report.game.version, DRAW)
    assert draw.auto == (False,)
    # on again: the next command makes the rest
    await TurnTimers(service).change_settings(CHAT, 0, ["forced", "on"], is_admin=True)
    with pytest.raises(e.IllegalMoveError):  # a pass is not legal while he can draw
        await service.move(info.game_id, drawer.user_id, draw.game.version, PASS)


async def test_computers_and_people_away_are_not_played_for(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "all_fives")
    await service.add_ai(CHAT, ANNA.user_id, "easy")
    info = (await service.start(CHAT, ANNA.user_id)).game
    rng = random.Random(2)
    info, _ = await play_some(service, info, rng, max_moves=80)
    # the computer's moves are its own (ai_move), never marked as made for a person
    for _ in range(30):
        if info.status != "playing":
            break
        seat = info.seats[info.turn]  # type: ignore[index]
        report = await (service.ai_move(info.game_id, info.version) if seat.is_ai
                        else _person_move(service, info, rng))
        for result, made in zip(report.results, report.auto, strict=True):
            if made:
                assert not info.seats[result.seat].is_ai
        info = report.game


async def test_the_setting_parses_and_shows(service: GameService) -> None:
    timers = TurnTimers(service)
    assert (await timers.settings(CHAT)).forced is True
    assert (await timers.change_settings(CHAT, 0, ["forced=off"], is_admin=True)).forced is False
    assert (await timers.change_settings(CHAT, 0, ["forced", "on"], is_admin=True)).forced
    with pytest.raises(BadTimerSettingError):
        await timers.change_settings(CHAT, 0, ["forced", "maybe"], is_admin=True)
    assert (await timers.settings(CHAT)).forced is True


async def test_turn_pings_are_claimed_once_per_turn(service: GameService) -> None:
    info = await _humans(service, "kozel")
    turn = await service.turn_ping(info.game_id)
    assert turn is not None and turn.seat == info.turn and turn.sent == 0
    assert turn.user_id == info.seats[info.turn].user_id  # type: ignore[index]
    assert await service.claim_ping(info.game_id, info.version - 1, 0) is None  # stale
    assert await service.claim_ping(info.game_id, info.version, 0) is not None
    assert await service.claim_ping(info.game_id, info.version, 0) is None  # sent already
    assert (await service.turn_ping(info.game_id)).sent == 1  # type: ignore[union-attr]
    report = await _person_move(service, info, random.Random(1))
    after = await service.turn_ping(info.game_id)
    assert after is not None and after.sent == 0 and after.game.version == report.game.version


async def test_no_turn_ping_for_a_computer(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "kozel")
    await service.add_ai(CHAT, ANNA.user_id, "easy")
    info = (await service.start(CHAT, ANNA.user_id)).game
    for _ in range(10):
        if info.status != "playing":
            break
        turn = await service.turn_ping(info.game_id)
        if info.seats[info.turn].is_ai:  # type: ignore[index]
            assert turn is None
            assert await service.claim_ping(info.game_id, info.version, 0) is None
            info = (await service.ai_move(info.game_id, info.version)).game
        else:
            assert turn is not None
            info = (await _person_move(service, info, random.Random(3))).game
