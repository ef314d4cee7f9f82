"""Everything the bot reads and writes besides moves goes through the service, in the
service's own frozen types: users, chats, join links, statistics, shown messages,
announcements, a game's chat, ended rounds, turn timers."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from engine.core.results import RoundEnd
from engine.core.tiles import Tile
from service import GameService, JoinLink, PlayerInfo, Shown, StatsLine, TopLine, UserInfo
from service import errors as e
from service.timers import ManualClock, TurnTimers
from storage import Database
from storage.errors import StorageError
from tests.service.helpers import ANNA, BORIS, forced_moves_off, play_some

CHAT = -100


async def _count(db: Database, call: object) -> int:
    """How many SQL statements awaiting ``call`` runs."""
    statements: list[str] = []
    await db.set_trace(statements.append)
    try:
        await call  # type: ignore[misc]
    finally:
        await db.set_trace(None)
    return len(statements)


async def test_open_and_close(tmp_path: Path) -> None:
    clock = ManualClock(1_000.0)
    service = await GameService.open(tmp_path / "new.sqlite3", clock=clock.now,
                                     seeds=lambda: 5)
    info = await service.open_lobby(CHAT, ANNA)
    await service.close()
    service = await GameService.open(tmp_path / "new.sqlite3")
    try:
        again = await service.game(info.game_id)
        assert again == info
    finally:
        await service.close()


async def test_users(db: Database, service: GameService) -> None:
    assert await service.user(ANNA.user_id) is None
    await service.remember_user(PlayerInfo(1, "Anna Karenina", "ru", "anna"), private_chat=True)
    user = await service.user(1)
    assert user == UserInfo(1, "Anna", "Karenina", "anna", None, "ru", True, False)
    assert user.full_name == "Anna Karenina"
    with pytest.raises(dataclasses.FrozenInstanceError):
        user.language = "en"  # type: ignore[misc]
    # the same profile again: not a statement
    assert await _count(db, service.remember_user(PlayerInfo(1, "Anna Karenina", "ru", "anna"),
                                                  private_chat=True)) == 0
    await service.set_user_language(1, "en")  # chosen; Telegram's language stays apart
    await service.remember_user(PlayerInfo(1, "Anna Karenina", "de", "anna"))
    user = await service.user(1)
    assert user is not None and (user.language, user.language_code) == ("en", "de")

    await service.set_reachable(1, blocked=True)
    user = await service.user(1)
    assert user is not None and user.blocked and user.has_private_chat
    await service.set_reachable(1, private_chat=False, blocked=False)
    # pressing Start again is written, although this process wrote the same profile before
    await service.remember_user(PlayerInfo(1, "Anna Karenina", "de", "anna"), private_chat=True)
    user = await service.user(1)
    assert user is not None and user.has_private_chat and not user.blocked


async def test_chats_and_their_migration(service: GameService) -> None:
    assert await service.chat_language(CHAT) is None
    await service.set_chat_language(CHAT, "ru")
    assert await service.chat_language(CHAT) == "ru"
    info = await service.open_lobby(CHAT, ANNA)
    await service.join(CHAT, BORIS)
    report = await service.start(CHAT, ANNA.user_id)
    assert await service.chat_of(info.game_id) == CHAT
    assert await service.chat_of(12345) is None
    token = await service.join_link(info.game_id, user_id=None)
    await service.save_shown(info.game_id, "table", chat_id=CHAT, message_id=5,
                             version=report.game.version, digest="d")

    new = -1000100
    await forced_moves_off(service, CHAT)  # the chat's settings move with it (below)
    assert await service.migrate_chat(CHAT, new) == 1
    assert await service.chat_of(info.game_id) == new  # the cache follows
    assert await service.chat_language(new) == "ru" and await service.chat_language(CHAT) is None
    game = await service.active_game(new)
    assert game is not None and game.game_id == info.game_id and game.chat_id == new
    assert await service.active_game(CHAT) is None
    table = await service.shown_one(info.game_id, "table")
    assert table is not None and table.chat_id == new
    link = await service.pending_join(token)
    assert link is not None and link.chat_id == new
    # the game goes on under the new id, with the group's settings (one version a move)
    info, _ = await play_some(service, game, random.Random(1), max_moves=3)
    assert info.chat_id == new and info.version == game.version + 3

    other = await service.open_lobby(CHAT, BORIS)  # the old id is free again
    await service.open_lobby(-7, ANNA)
    with pytest.raises(e.ActiveGameExistsError):  # both ids have a game: nothing moves
        await service.migrate_chat(-7, new)
    assert await service.chat_of(other.game_id) == CHAT


async def test_join_links(service: GameService) -> None:
    info = await service.open_lobby(CHAT, ANNA)
    anyone = await service.join_link(info.game_id, user_id=None)
    assert await service.join_link(info.game_id, user_id=None) == anyone  # made once
    personal = await service.join_link(info.game_id, user_id=BORIS.user_id)
    assert personal != anyone
    derived = await service.join_link(info.game_id, user_id=None, token="game_1_abc")
    assert derived == "game_1_abc"
    link = await service.pending_join(personal)
    assert link == JoinLink(personal, CHAT, info.game_id, BORIS.user_id, link.created_at)  # type: ignore[union-attr]
    assert await service.pending_join("x" * 65) is None
    assert await service.consume_join(personal) == link
    assert await service.consume_join(personal) is None
    assert await service.forget_joins(info.game_id) == 2
    assert await service.pending_join(anyone) is None
    with pytest.raises(e.NoSuchGameError):
        await service.join_link(12345, user_id=None)
    with pytest.raises(ValueError):
        await service.join_link(info.game_id, user_id=None, token="bad token!")


async def test_statistics(service: GameService) -> None:
    await service.remember_user(ANNA, private_chat=True)  # she can get her tiles
    await service.open_lobby(CHAT, ANNA, "block")
    await service.add_ai(CHAT, ANNA.user_id, "easy")
    info = (await service.start(CHAT, ANNA.user_id)).game
    info, _ = await play_some(service, info, random.Random(2))
    assert info.status == "finished"
    won = int(info.outcome is not None and 0 in info.outcome.winners)
    lines = await service.user_stats(ANNA.user_id, CHAT)
    assert len(lines) == 1 and isinstance(lines[0], StatsLine)
    assert (lines[0].chat_id, lines[0].variant, lines[0].games, lines[0].wins) == (
        CHAT, "block", 1, won)
    assert await service.user_stats(ANNA.user_id, None) == [
        dataclasses.replace(lines[0], chat_id=None)]
    assert await service.user_stats(ANNA.user_id, -5) == []
    top = await service.top(CHAT)
    assert top == [TopLine(1, "Анна", None, None, 1, won, lines[0].points, lines[0].fish, 0)]
    assert await service.top(None) == top


async def test_shown_messages(service: GameService) -> None:
    info = await service.open_lobby(CHAT, ANNA)
    assert await service.shown(info.game_id) == []
    assert await service.save_shown(info.game_id, "lobby", chat_id=CHAT, message_id=10,
                                    version=1, digest="a") is None
    replaced = await service.save_shown(info.game_id, "lobby", chat_id=CHAT, message_id=11,
                                        version=2, digest="b")
    assert replaced == Shown(info.game_id, "lobby", None, CHAT, 10, 1, "a")
    await service.save_shown(info.game_id, "hand", chat_id=1, message_id=12, seat=0,
                             version=2, digest=None)
    await service.save_shown(info.game_id, "notice", chat_id=1, message_id=13, version=2,
                             digest=None)
    assert await service.mark_shown(info.game_id, "hand", 0, version=3, digest="c")
    assert not await service.mark_shown(info.game_id, "hand", 1, version=3, digest="c")
    assert await service.shown_one(info.game_id, "hand", 0) == Shown(
        info.game_id, "hand", 0, 1, 12, 3, "c")
    assert [(s.kind, s.seat) for s in await service.shown(info.game_id)] == [
        ("hand", 0), ("lobby", None), ("notice", None)]
    assert [s.message_id for s in await service.notices_in_chat(1)] == [13]
    gone = await service.forget_shown(info.game_id, "notice")
    assert gone is not None and gone.message_id == 13
    assert await service.notices_in_chat(1) == []
    with pytest.raises(ValueError):
        await service.shown_one(info.game_id, "banner")  # type: ignore[arg-type]


async def test_announcements(service: GameService) -> None:
    info = await service.open_lobby(CHAT, ANNA)
    assert await service.announced(info.game_id) == (0, False)
    await service.set_announced(info.game_id, 2, False)
    await service.set_announced(info.game_id, 3, True)
    assert await service.announced(info.game_id) == (3, True)


async def test_ended_rounds_after_a_restart(db_path: Path) -> None:
    service = await GameService.open(db_path, seeds=lambda: 8)
    await service.open_lobby(CHAT, ANNA, "kozel")
    await service.join(CHAT, BORIS)
    info = (await service.start(CHAT, ANNA.user_id)).game
    assert await service.ended_rounds(info.game_id) == []
    ends: list[tuple[RoundEnd, tuple[tuple[Tile, ...], ...]]] = []
    rng = random.Random(3)
    while len(ends) < 2:
        seat = info.seats[info.turn]  # type: ignore[index]
        assert seat.user_id is not None
        _, _, view = await service.seat_view(info.game_id, seat.user_id)
        report = await service.move(info.game_id, seat.user_id, info.version,
                                    rng.choice(view.legal))
        ends.extend(zip(report.round_ends, report.final_hands, strict=True))
        info = report.game
    await service.close()
    service = await GameService.open(db_path)
    try:
        assert await service.ended_rounds(info.game_id) == ends
        game, views = await service.seat_views(info.game_id)  # every hand, after a restart
        assert game == info and set(views) == {0, 1}
        for seat, view in views.items():
            user = info.seats[seat].user_id
            assert user is not None
            assert view == (await service.seat_view(info.game_id, user))[2]
    finally:
        await service.close()


async def test_turn_deadlines_in_the_service_types(db: Database, service: GameService) -> None:
    clock = ManualClock(2_000.0)
    timers = TurnTimers(service, clock)
    await service.open_lobby(CHAT, ANNA, "draw")
    await service.join(CHAT, BORIS)
    await timers.change_settings(CHAT, ANNA.user_id, ["turn", "1m"], is_admin=True)
    info = (await service.start(CHAT, ANNA.user_id)).game
    assert await timers.deadlines() == []
    armed = await timers.arm(info.game_id)
    assert armed.deadline is not None
    deadline = await timers.deadline(info.game_id)
    assert deadline == armed.deadline
    assert (deadline.game_id, deadline.chat_id, deadline.seat, deadline.turn_version,
            deadline.due_at, deadline.reminded) == (info.game_id, CHAT, info.turn, info.version,
                                                    2_060.0, False)
    assert await timers.deadlines() == [deadline]
    assert await timers.remind_at(deadline) == 2_045.0
    assert await timers.deadline(12345) is None


async def test_health_reads(db_path: Path) -> None:
    """The health check's ping answers while the database is open and raises once it
    is closed; the metrics' count of games being played follows the games' status."""
    service = await GameService.open(db_path, seeds=lambda: 5)
    await service.ping()
    assert await service.games_playing() == 0
    await service.remember_user(ANNA, private_chat=True)
    await service.open_lobby(CHAT, ANNA, "block")
    await service.add_ai(CHAT, ANNA.user_id, "easy")
    assert await service.games_playing() == 0  # a lobby is not played yet
    info = (await service.start(CHAT, ANNA.user_id)).game
    assert await service.games_playing() == 1
    await service.open_lobby(CHAT - 1, ANNA, "block")
    await service.add_ai(CHAT - 1, ANNA.user_id, "easy")
    await service.start(CHAT - 1, ANNA.user_id)
    assert await service.games_playing() == 2
    info, _ = await play_some(service, info, random.Random(2))
    assert info.status == "finished"
    assert await service.games_playing() == 1
    await service.close()
    with pytest.raises(StorageError, match="closed"):
        await service.ping()
