"""The game service against a real SQLite file: lobbies, typed errors, moves."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from engine.core.moves import DRAW, PASS, Place
from engine.domino.record import replay, replay_summary
from service import GameInfo, GameService, MoveReport
from service import errors as e
from storage import Database
from tests.service.helpers import ANNA, BORIS, DASHA, GLEB, VERA, play_some

CHAT = -100


async def test_lobby_join_leave_and_start(service: GameService) -> None:
    info = await service.open_lobby(CHAT, ANNA, "kozel")
    assert info.status == "lobby" and [s.user_id for s in info.seats] == [1]
    info = await service.join(CHAT, BORIS)
    info = await service.join(CHAT, VERA)
    assert [s.name for s in info.seats] == ["Анна", "Boris", "Вера"]
    info = await service.leave(CHAT, BORIS.user_id)
    assert [s.user_id for s in info.seats] == [1, 3]
    assert [s.seat for s in info.seats] == [0, 1]
    report = await service.start(CHAT, ANNA.user_id)
    assert report.started and report.game.status == "playing"
    assert report.refresh_seats == frozenset({0, 1})
    view = report.game.view
    assert view is not None and view.hand == () and view.players == 2


async def test_one_game_per_chat_but_a_user_in_several_chats(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA)
    with pytest.raises(e.ActiveGameExistsError):
        await service.open_lobby(CHAT, BORIS)
    other = await service.open_lobby(CHAT - 1, BORIS)
    await service.join(CHAT - 1, ANNA)
    assert other.chat_id == CHAT - 1


async def test_typed_errors_in_the_lobby(service: GameService) -> None:
    with pytest.raises(e.NoSuchGameError):
        await service.join(CHAT, ANNA)
    with pytest.raises(e.BadSettingsError):
        await service.open_lobby(CHAT, ANNA, "chess")
    await service.open_lobby(CHAT, ANNA, "telephone")
    with pytest.raises(e.AlreadyJoinedError):
        await service.join(CHAT, ANNA)
    with pytest.raises(e.NotInGameError):
        await service.leave(CHAT, BORIS.user_id)
    with pytest.raises(e.NotEnoughPlayersError):
        await service.start(CHAT, ANNA.user_id)
    for p in (BORIS, VERA, GLEB):
        await service.join(CHAT, p)
    with pytest.raises(e.LobbyFullError):
        await service.join(CHAT, DASHA)
    with pytest.raises(e.LobbyFullError):
        await service.add_ai(CHAT, ANNA.user_id, "easy")
    with pytest.raises(e.NotAllowedError):
        await service.cancel(CHAT, BORIS.user_id)
    with pytest.raises(e.NotAllowedError):
        await service.change_settings(CHAT, BORIS.user_id, options={"teams": True})
    with pytest.raises(e.NotAllowedError):
        await service.start(CHAT, BORIS.user_id)
    with pytest.raises(e.BadSettingsError):
        await service.change_settings(CHAT, ANNA.user_id, options={"colour": "red"})
    with pytest.raises(e.BadSettingsError):
        await service.add_ai(CHAT, ANNA.user_id, "godlike")
    # an admin may do what the creator may
    info = await service.change_settings(CHAT, BORIS.user_id, variant="kozel", is_admin=True)
    assert info.variant == "kozel"
    await service.start(CHAT, ANNA.user_id)
    with pytest.raises(e.AlreadyStartedError):
        await service.join(CHAT, DASHA)
    with pytest.raises(e.AlreadyStartedError):
        await service.start(CHAT, ANNA.user_id)


async def test_only_the_creator_or_an_admin_manages_the_lobby(service: GameService) -> None:
    """Settings, computer seats: the creator or an admin, even while nobody else has
    joined; a refusal names the creator and changes nothing. The group's language is
    the chat's: an admin's only."""
    await service.open_lobby(CHAT, ANNA, "all_fives")
    for call in (lambda: service.change_settings(CHAT, BORIS.user_id, options={"target": 100}),
                 lambda: service.add_ai(CHAT, BORIS.user_id, "easy"),
                 lambda: service.check_manager(CHAT, BORIS.user_id)):
        with pytest.raises(e.NotManagerError) as refused:
            await call()
        assert refused.value.creator == "Анна"
    await service.join(CHAT, BORIS)
    await service.add_ai(CHAT, ANNA.user_id, "easy")
    with pytest.raises(e.NotManagerError):  # seated is not enough
        await service.remove_ai(CHAT, BORIS.user_id)
    with pytest.raises(e.NotManagerError):
        await service.add_ai(CHAT, BORIS.user_id, "easy")
    info = await service.game((await service.check_manager(CHAT, ANNA.user_id)).game_id)
    assert len(info.seats) == 3 and info.options == {} and info.variant == "all_fives"
    assert await service.chat_language(CHAT) is None
    # an admin may, seated or not
    await service.add_ai(CHAT, VERA.user_id, "hard", is_admin=True)
    info = await service.remove_ai(CHAT, VERA.user_id, is_admin=True)
    assert len(info.seats) == 3
    await service.change_chat_language(CHAT, VERA.user_id, "ru", is_admin=True)
    for user in (ANNA, BORIS):  # the creator of the game is no admin of the chat
        with pytest.raises(e.NotChatAdminError):
            await service.change_chat_language(CHAT, user.user_id, "en")
    assert await service.chat_language(CHAT) == "ru"
    # the creator left: whoever is still in the lobby manages it (else nobody could)
    await service.leave(CHAT, ANNA.user_id)
    info = await service.change_settings(CHAT, BORIS.user_id, options={"target": 200})
    assert info.options == {"target": 200}
    with pytest.raises(e.NotManagerError):
        await service.change_settings(CHAT, VERA.user_id, options={"target": 100})


async def test_settings_are_checked_and_kept(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "all_fives")
    info = await service.change_settings(CHAT, ANNA.user_id, options={"target": 100})
    assert info.options == {"target": 100}
    with pytest.raises(e.BadSettingsError):
        await service.change_settings(CHAT, ANNA.user_id, options={"target": 77})
    info = await service.change_settings(CHAT, ANNA.user_id, options={"target": None})
    assert info.options == {}
    info = await service.change_settings(CHAT, ANNA.user_id, variant="kozel",
                                         options={"fish_point": True})
    assert info.variant == "kozel" and info.options == {"fish_point": True}


async def _two_player_game(service: GameService, variant: str = "kozel",
                           options: dict[str, object] | None = None) -> GameInfo:
    await service.open_lobby(CHAT, ANNA, variant, options)
    await service.join(CHAT, BORIS)
    return (await service.start(CHAT, ANNA.user_id)).game


async def test_moves_and_their_typed_errors(service: GameService) -> None:
    info = await _two_player_game(service)
    seat = info.turn
    assert seat is not None
    mover = info.seats[seat].user_id
    other = info.seats[1 - seat].user_id
    assert mover is not None and other is not None
    _, _, view = await service.seat_view(info.game_id, mover)
    with pytest.raises(e.NotYourTurnError):
        await service.move(info.game_id, other, info.version, view.legal[0])
    with pytest.raises(e.NotInGameError):
        await service.move(info.game_id, 99, info.version, view.legal[0])
    with pytest.raises(e.NotInGameError):
        await service.seat_view(info.game_id, 99)
    with pytest.raises(e.StaleCommandError):
        await service.move(info.game_id, mover, info.version - 1, view.legal[0])
    with pytest.raises(e.IllegalMoveError):
        await service.move(info.game_id, mover, info.version, PASS)
    with pytest.raises(e.IllegalMoveError):
        await service.move(info.game_id, mover, info.version, DRAW)
    _, _, other_view = await service.seat_view(info.game_id, other)
    with pytest.raises(e.IllegalMoveError):  # a tile he does not hold
        await service.move(info.game_id, mover, info.version, Place(other_view.hand[0]))
    with pytest.raises(e.NoSuchGameError):
        await service.move(12345, mover, 1, view.legal[0])
    with pytest.raises(e.NotAllowedError):
        await service.cancel(CHAT, 99)
    report = await service.move(info.game_id, mover, info.version, view.legal[0])
    # his move, then the forced draws of the other player made for him (a version each)
    assert report.game.version == info.version + len(report.results)
    assert report.results[0].seat == seat and report.auto[0] is False
    assert all(report.auto[1:]) and all(r.seat == 1 - seat for r in report.results[1:])
    assert report.refresh_seats == {seat, 1 - seat}
    # the same press again is stale and changes nothing
    with pytest.raises(e.StaleCommandError):
        await service.move(info.game_id, mover, info.version, view.legal[0])
    after = await service.game(info.game_id)
    assert after.version == report.game.version


async def test_the_same_press_twice_at_once_applies_once(service: GameService) -> None:
    info = await _two_player_game(service)
    seat = info.turn
    assert seat is not None
    mover = info.seats[seat].user_id
    assert mover is not None
    _, _, view = await service.seat_view(info.game_id, mover)
    move = view.legal[0]
    results = await asyncio.gather(
        service.move(info.game_id, mover, info.version, move),
        service.move(info.game_id, mover, info.version, move),
        return_exceptions=True,
    )
    ok = [r for r in results if not isinstance(r, BaseException)]
    stale = [r for r in results if isinstance(r, e.StaleCommandError)]
    assert len(ok) == 1 and len(stale) == 1
    record = await service.record(info.game_id)
    assert isinstance(ok[0], MoveReport)
    assert len(record["rounds"][0]["moves"]) == len(ok[0].results)  # with the forced draws


async def test_whole_game_with_computers_updates_statistics(db: Database,
                                                            service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "kozel")
    await service.add_ai(CHAT, ANNA.user_id, "easy")
    await service.add_ai(CHAT, ANNA.user_id, "medium")
    info = await service.join(CHAT, BORIS)
    assert [s.ai_level for s in info.seats] == [None, "easy", "medium", None]
    info = await service.remove_ai(CHAT, ANNA.user_id, 1)
    assert [s.ai_level for s in info.seats] == [None, "medium", None]
    await service.add_ai(CHAT, ANNA.user_id, "easy")
    info = (await service.start(CHAT, ANNA.user_id)).game
    info, moves = await play_some(service, info, random.Random(7))
    assert info.status == "finished" and moves > 20
    assert info.outcome is not None
    game, _ = replay(await service.record(info.game_id))
    assert replay_summary(game)["totals"] == list(info.view.totals)  # type: ignore[union-attr]
    for user in (ANNA, BORIS):
        rows = await service.user_stats(user.user_id, CHAT)
        assert len(rows) == 1 and rows[0].games == 1 and rows[0].variant == "kozel"
        side = game.side_of(info.seat_of(user.user_id).seat)  # type: ignore[union-attr]
        assert rows[0].wins == int(side in info.outcome.winners)
        assert rows[0].goats == int(side in info.outcome.losers)
    with pytest.raises(e.GameOverError):
        await service.move(info.game_id, ANNA.user_id, info.version, DRAW)
    assert await service.active_game(CHAT) is None
    # a new game may open in the chat now
    await service.open_lobby(CHAT, BORIS)


async def test_cancel_a_started_game_by_an_admin_or_by_agreement(service: GameService
                                                                 ) -> None:
    """After the start the creator is one player of several: he may only ask; the game
    is cancelled when every person seated agreed (a computer seat is asked nothing),
    or at once by an admin."""
    info = await _two_player_game(service)
    with pytest.raises(e.AgreementNeededError):
        await service.cancel(CHAT, ANNA.user_id)
    with pytest.raises(e.NotSeatedError):
        await service.cancel(CHAT, VERA.user_id)
    with pytest.raises(e.NotSeatedError):
        await service.agree_to_cancel(info.game_id, VERA.user_id)
    first = await service.agree_to_cancel(info.game_id, ANNA.user_id)
    assert (first.agreed, first.people, first.new, first.cancelled) == (
        {ANNA.user_id}, {ANNA.user_id, BORIS.user_id}, True, False)
    again = await service.agree_to_cancel(info.game_id, ANNA.user_id)
    assert (again.agreed, again.new, again.cancelled) == ({ANNA.user_id}, False, False)
    assert (await service.game(info.game_id)).status == "playing"
    last = await service.agree_to_cancel(info.game_id, BORIS.user_id)
    assert last.cancelled and last.agreed == last.people
    assert await service.active_game(CHAT) is None
    with pytest.raises(e.GameOverError):
        await service.agree_to_cancel(info.game_id, BORIS.user_id)
    await _two_player_game(service)
    info = await service.cancel(CHAT, VERA.user_id, is_admin=True)  # not seated, an admin
    assert info.status == "cancelled"


async def test_the_agreement_to_cancel_outlives_a_restart(db_path: Path) -> None:
    service = await GameService.open(db_path)
    try:
        info = await _two_player_game(service)
        await service.agree_to_cancel(info.game_id, BORIS.user_id)
    finally:
        await service.close()
    service = await GameService.open(db_path)
    try:
        done = await service.agree_to_cancel(info.game_id, ANNA.user_id)
        assert done.cancelled and done.agreed == {ANNA.user_id, BORIS.user_id}
    finally:
        await service.close()


async def test_a_lone_person_with_computers_cancels_at_once(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "draw")
    await service.add_ai(CHAT, ANNA.user_id, "easy")
    await service.start(CHAT, ANNA.user_id)
    assert (await service.cancel(CHAT, ANNA.user_id)).status == "cancelled"


async def test_a_lobby_is_cancelled_by_its_creator(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "draw")
    await service.join(CHAT, BORIS)
    with pytest.raises(e.NotAllowedError):
        await service.cancel(CHAT, BORIS.user_id)
    assert (await service.cancel(CHAT, ANNA.user_id)).status == "cancelled"


async def test_closing_a_chat_cancels_its_games_in_every_topic(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "draw")
    await service.join(CHAT, BORIS)
    await service.start(CHAT, ANNA.user_id)
    await service.open_lobby(CHAT, VERA, "draw", topic=7)
    await service.open_lobby(CHAT - 1, BORIS, "draw")  # another group keeps its game
    closed = await service.close_chat(CHAT)
    assert sorted((g.topic or 0, g.status) for g in closed) == [(0, "cancelled"),
                                                                (7, "cancelled")]
    assert await service.active_game(CHAT) is None
    assert await service.active_game(CHAT, topic=7) is None
    assert await service.active_game(CHAT - 1) is not None
    assert await service.close_chat(CHAT) == []


async def test_only_a_member_takes_a_seat(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "draw")
    with pytest.raises(e.NotMemberError):
        await service.join(CHAT, BORIS, member=False)
    assert len((await service.active_game(CHAT) or pytest.fail()).seats) == 1


async def test_an_admin_not_seated_may_start(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "draw")
    await service.join(CHAT, BORIS)
    with pytest.raises(e.NotSeatedError):
        await service.start(CHAT, VERA.user_id)
    report = await service.start(CHAT, VERA.user_id, is_admin=True)
    assert report.game.status == "playing"
    assert VERA.user_id not in {s.user_id for s in report.game.seats}


async def test_last_human_leaving_cancels_the_lobby(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA)
    await service.add_ai(CHAT, ANNA.user_id, "easy")
    info = await service.leave(CHAT, ANNA.user_id)
    assert info.status == "cancelled"


async def test_fish_claim_answers_from_public_facts(service: GameService) -> None:
    info = await _two_player_game(service, "block")
    claim = await service.claim_fish(CHAT)
    assert not claim.is_fish and claim.boneyard_left == 0
    info, _ = await play_some(service, info, random.Random(3), max_moves=3)
    claim = await service.claim_fish(CHAT)
    if info.status == "playing" and info.view is not None and info.view.table.lead is not None:
        assert set(claim.unplayed) == set(info.view.table.open_ends.values())
        for pip, n in claim.unplayed.items():
            on_table = sum(1 for p in info.view.table.tiles if p.tile.has(pip))
            assert n == 7 - on_table


async def test_restart_gives_the_same_game_as_no_restart(db_path: Path, tmp_path: Path
                                                         ) -> None:
    """Half a game, everything closed, a new service on the same file finishes it:
    the result equals an uninterrupted game with the same seed and choices."""

    async def setup(path: Path) -> tuple[Database, GameInfo]:
        db = await Database.open(path)
        service = GameService(db, seeds=lambda: 99)
        await service.open_lobby(CHAT, ANNA, "all_fives", {"target": 100})
        await service.join(CHAT, BORIS)
        info = (await service.start(CHAT, ANNA.user_id)).game
        return db, info

    db, info = await setup(tmp_path / "straight.sqlite3")
    info, _ = await play_some(GameService(db), info, random.Random(5))
    straight = await GameService(db).record(info.game_id)
    await db.close()

    choices = random.Random(5)  # the players' choices go on across the restart
    db, info = await setup(db_path)
    info, made = await play_some(GameService(db), info, choices, max_moves=40)
    assert made == 40 and info.status == "playing"
    await db.close()

    db = await Database.open(db_path)
    service = GameService(db, seeds=lambda: 1)  # a new seed source must not matter
    info = await service.game(info.game_id)
    assert info.status == "playing"
    info, _ = await play_some(service, info, choices)
    resumed = await service.record(info.game_id)
    await db.close()
    assert info.status == "finished"
    assert resumed == straight
    game, _ = replay(json.loads(json.dumps(resumed)))
    assert game.outcome is not None


