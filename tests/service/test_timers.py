"""Turn timers without Telegram: a ManualClock, the service and the database."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine.core.moves import DRAW
from service import GameInfo, GameService
from service.errors import NotChatAdminError
from service.timers import (
    BadTimerSettingError,
    ManualClock,
    TimerSettings,
    TurnTimers,
    parse_duration,
    parse_settings_args,
)
from storage import Database, Repositories, SeatRow
from tests.service.helpers import ANNA, BORIS

CHAT = -100


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(1_700_000_000.0)


@pytest.fixture
async def tdb(db_path: Path, clock: ManualClock) -> AsyncIterator[Database]:
    database = await Database.open(db_path, clock=clock.now)
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
def svc(tdb: Database) -> GameService:
    return GameService(tdb, seeds=lambda: 4242)


@pytest.fixture
def timers(svc: GameService, clock: ManualClock) -> TurnTimers:
    return TurnTimers(svc, clock)


async def two_humans(svc: GameService, timers: TurnTimers, *args: str,
                     variant: str = "draw") -> GameInfo:
    await svc.open_lobby(CHAT, ANNA, variant)
    await svc.join(CHAT, BORIS)
    if args:
        await timers.change_settings(CHAT, ANNA.user_id, list(args), is_admin=True)
    report = await svc.start(CHAT, ANNA.user_id)
    return report.game


async def seat_rows(db: Database, game_id: int) -> list[SeatRow]:
    """The stored seats, with their time-outs in a row (which the service does not show)."""
    return await Repositories.of(db).games.list_seats(db, game_id)


def user_on_turn(game: GameInfo) -> int:
    assert game.turn is not None
    uid = game.seats[game.turn].user_id
    assert uid is not None
    return uid


async def moves_made(svc: GameService, game_id: int) -> int:
    record = await svc.record(game_id)
    return sum(len(r["moves"]) for r in record["rounds"])


# ------------------------------------------------------------------ settings


def test_parse_settings() -> None:
    assert parse_duration("30s") == 30 and parse_duration("2m") == 120
    assert parse_duration("7d") == 7 * 86400 and parse_duration("x") is None
    assert parse_settings_args(["turn", "2m", "timeout", "ai"]) == {
        "turn_seconds": 120, "timeout_action": "ai"}
    assert parse_settings_args(["turn=off", "takeover=off"]) == {
        "turn_seconds": 0, "takeover_after": 0}
    assert parse_settings_args(["lobby", "24h", "idle", "7d"]) == {
        "lobby_expiry": 86400, "idle_expiry": 7 * 86400}
    for bad in (["turn", "7m"], ["turn"], ["timeout", "later"], ["takeover", "99"],
                ["colour", "red"], [], ["lobby", "1s"], ["idle", "banana"],
                ["turn", "2m", "timeout"]):
        with pytest.raises(BadTimerSettingError):
            parse_settings_args(bad)
    cfg = TimerSettings.of({"turn_seconds": "junk", "takeover_after": True})
    assert cfg == TimerSettings()  # a malformed stored value counts as the default
    assert cfg.turn is None and cfg.timeout == "skip" and cfg.takeover == 3


async def test_settings_change_all_or_nothing(svc: GameService, timers: TurnTimers) -> None:
    await svc.open_lobby(CHAT, ANNA, "draw")
    await svc.join(CHAT, BORIS)
    cfg = await timers.change_settings(CHAT, ANNA.user_id, ["turn", "1m"], is_admin=True)
    assert cfg.turn == 60
    with pytest.raises(BadTimerSettingError):
        await timers.change_settings(CHAT, ANNA.user_id, ["timeout", "ai", "turn", "3m"],
                                     is_admin=True)
    assert await timers.settings(CHAT) == TimerSettings(turn=60)
    # the chat's settings bind every topic's games: the game's creator is no admin
    for user in (ANNA, BORIS):
        with pytest.raises(NotChatAdminError):
            await timers.change_settings(CHAT, user.user_id, ["turn", "off"])
    assert await timers.settings(CHAT) == TimerSettings(turn=60)
    cfg = await timers.change_settings(CHAT, BORIS.user_id, ["turn", "off"], is_admin=True)
    assert cfg.turn is None


# ------------------------------------------------------------------ time-outs


async def test_timeout_applies_one_action_once(svc: GameService, timers: TurnTimers,
                                               clock: ManualClock) -> None:
    game = await two_humans(svc, timers, "turn", "1m")
    rng = random.Random(11)
    while True:  # play on until the seat on turn has a real choice
        uid = user_on_turn(game)
        _, _, view = await svc.seat_view(game.game_id, uid)
        if len(view.legal) > 1:
            break
        game = (await svc.move(game.game_id, uid, game.version, rng.choice(view.legal))).game
    made = await moves_made(svc, game.game_id)
    armed = await timers.arm(game.game_id)
    assert armed.new and armed.deadline is not None
    assert armed.deadline.due_at == clock.now() + 60
    assert armed.deadline.turn_version == game.version
    again = await timers.arm(game.game_id)  # a second call keeps the very same deadline
    assert not again.new and again.deadline == armed.deadline

    clock.advance(59)
    assert await timers.expire(game.game_id) is None
    clock.advance(1)
    outcome = await timers.expire(game.game_id)
    assert outcome is not None and not outcome.forced_only
    assert len(outcome.report.results) == 1 and outcome.timeouts == 1
    assert outcome.report.results[0].move in view.legal
    assert outcome.report.game.version == game.version + 1
    assert await moves_made(svc, game.game_id) == made + 1
    # fired twice (a double job, a restart): nothing more happens
    assert await timers.expire(game.game_id) is None
    assert await moves_made(svc, game.game_id) == made + 1
    assert await timers.deadline(game.game_id) is None


async def test_a_real_move_wins_over_the_timeout(svc: GameService, timers: TurnTimers,
                                                 clock: ManualClock) -> None:
    game = await two_humans(svc, timers, "turn", "30s")
    await timers.arm(game.game_id)
    uid = user_on_turn(game)
    _, _, view = await svc.seat_view(game.game_id, uid)
    report = await svc.move(game.game_id, uid, game.version, view.legal[0])
    clock.advance(31)
    assert await timers.expire(game.game_id) is None  # the deadline was for the old version
    assert await moves_made(svc, game.game_id) == 1
    armed = await timers.arm(game.game_id)  # the next turn has its own deadline
    assert armed.new and armed.deadline is not None
    assert armed.deadline.turn_version == report.game.version


async def test_forced_actions_under_skip(svc: GameService, timers: TurnTimers,
                                         clock: ManualClock) -> None:
    game = await two_humans(svc, timers, "turn", "1m", "timeout", "skip", "takeover", "off",
                            "forced", "off")
    rng = random.Random(3)
    # play until the seat on turn must draw (forced draws wait for him: the setting is off)
    for _ in range(200):
        uid = user_on_turn(game)
        _, _, view = await svc.seat_view(game.game_id, uid)
        if view.legal == (DRAW,):
            break
        game = (await svc.move(game.game_id, uid, game.version, rng.choice(view.legal))).game
    else:
        pytest.skip("no forced draw in this deal")
    seat = game.turn
    await timers.arm(game.game_id)
    clock.advance(60)
    outcome = await timers.expire(game.game_id)
    assert outcome is not None and outcome.seat == seat
    results = outcome.report.results
    assert results[0].move == DRAW
    # forced draws while he must draw, then at most one chosen move
    assert all(r.move == DRAW for r in results[:-1])
    assert outcome.report.game.version == game.version + len(results)
    assert not outcome.took_over
    # the merged report's views are those of the game after the last action
    report = outcome.report
    assert set(report.views) == set(report.refresh_seats)
    _, fresh = await svc.seat_views(game.game_id, report.refresh_seats)
    assert report.views == fresh


async def test_takeover_after_n_timeouts_and_return(svc: GameService, timers: TurnTimers,
                                                    clock: ManualClock, tdb: Database) -> None:
    game = await two_humans(svc, timers, "turn", "1m", "takeover", "2", "timeout", "ai")
    late = user_on_turn(game)
    seat = game.seat_of(late)
    assert seat is not None
    for n in (1, 2):
        await timers.arm(game.game_id)
        clock.advance(60)
        outcome = await timers.expire(game.game_id)
        assert outcome is not None and outcome.timeouts == n
        assert outcome.took_over == (n == 2)
        game = outcome.report.game
        if n == 1:  # the other player moves; then it is the late one's turn again
            other = user_on_turn(game)
            _, _, view = await svc.seat_view(game.game_id, other)
            game = (await svc.move(game.game_id, other, game.version, view.legal[0])).game
            assert user_on_turn(game) == late
    game = await svc.game(game.game_id)
    assert game.seats[seat.seat].away and game.seats[seat.seat].is_ai
    # while away: no timer for his turns, and the computer moves for him
    while game.status == "playing" and game.turn != seat.seat:
        other = user_on_turn(game)
        _, _, view = await svc.seat_view(game.game_id, other)
        game = (await svc.move(game.game_id, other, game.version, view.legal[0])).game
    armed = await timers.arm(game.game_id)
    assert armed.deadline is None
    game = (await svc.ai_move(game.game_id, game.version)).game
    # he comes back: a seat of his own again, time-outs counted from zero
    back = await timers.come_back(game.game_id, late)
    assert back is not None and not back.seats[seat.seat].away
    assert await timers.come_back(game.game_id, late) is None
    seats = await seat_rows(tdb, game.game_id)
    assert seats[seat.seat].timeouts == 0 and not seats[seat.seat].away


async def test_own_move_resets_the_count(svc: GameService, timers: TurnTimers,
                                         clock: ManualClock, tdb: Database) -> None:
    game = await two_humans(svc, timers, "turn", "1m")
    late = user_on_turn(game)
    await timers.arm(game.game_id)
    clock.advance(60)
    outcome = await timers.expire(game.game_id)
    assert outcome is not None and outcome.timeouts == 1
    game = outcome.report.game
    rng = random.Random(5)
    for _ in range(2):  # the other moves, then he moves himself
        uid = user_on_turn(game)
        _, _, view = await svc.seat_view(game.game_id, uid)
        game = (await svc.move(game.game_id, uid, game.version, rng.choice(view.legal))).game
        if uid == late:
            break
    seat = game.seat_of(late)
    assert seat is not None
    assert (await seat_rows(tdb, game.game_id))[seat.seat].timeouts == 0


async def test_reminder_is_sent_once(svc: GameService, timers: TurnTimers,
                                     clock: ManualClock) -> None:
    game = await two_humans(svc, timers, "turn", "1m")
    await timers.arm(game.game_id)
    clock.advance(44)  # 3/4 of a minute is 45 s
    assert await timers.reminder(game.game_id) is None
    clock.advance(2)
    reminder = await timers.reminder(game.game_id)
    assert reminder is not None and reminder.user_id == user_on_turn(game)
    assert reminder.seconds_left == pytest.approx(14)
    assert await timers.reminder(game.game_id) is None


async def test_restart_keeps_the_deadline(db_path: Path, clock: ManualClock) -> None:
    db = await Database.open(db_path, clock=clock.now)
    svc = GameService(db, seeds=lambda: 4242)
    timers = TurnTimers(svc, clock)
    game = await two_humans(svc, timers, "turn", "2m")
    due = (await timers.arm(game.game_id)).deadline
    assert due is not None
    clock.advance(90)
    await db.close()

    db = await Database.open(db_path, clock=clock.now)
    try:
        svc = GameService(db, seeds=lambda: 4242)
        timers = TurnTimers(svc, clock)
        armed = await timers.arm(game.game_id)  # what start-up does for every game
        assert not armed.new and armed.deadline == due
        clock.advance(29)
        assert await timers.expire(game.game_id) is None
        clock.advance(1)
        assert await timers.expire(game.game_id) is not None
        assert await timers.expire(game.game_id) is None
        assert await moves_made(svc, game.game_id) >= 1
    finally:
        await db.close()


# ------------------------------------------------------------------ housekeeping


async def test_lobby_and_idle_expiry(svc: GameService, timers: TurnTimers,
                                     clock: ManualClock) -> None:
    await svc.open_lobby(CHAT, ANNA, "draw")
    clock.advance(23 * 3600)
    assert await timers.expire_stale_games() == []
    clock.advance(3601)
    closed = await timers.expire_stale_games()
    assert [(c.game.chat_id, c.reason, c.game.status) for c in closed] == [
        (CHAT, "lobby", "cancelled")]

    game = await two_humans(svc, timers)
    await timers.change_settings(CHAT, ANNA.user_id, ["idle", "2d"], is_admin=True)
    clock.advance(2 * 86400 - 10)
    assert await timers.expire_stale_games() == []
    clock.advance(10)
    closed = await timers.expire_stale_games()
    assert [(c.game.game_id, c.reason, c.after) for c in closed] == [
        (game.game_id, "idle", 2 * 86400)]
    assert (await svc.game(game.game_id)).status == "cancelled"

    await svc.open_lobby(CHAT, ANNA, "draw")
    await timers.change_settings(CHAT, ANNA.user_id, ["lobby", "off"], is_admin=True)
    clock.advance(30 * 86400)
    assert await timers.expire_stale_games() == []
