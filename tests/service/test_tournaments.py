"""Tournaments through the service: registration, a round-robin to its end, deadlines,
withdrawals and restarts (a real SQLite file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from service import GameService, PlayerInfo
from service.errors import (
    AlreadyJoinedError,
    BadSettingsError,
    NoPrivateChatError,
    NotAllowedError,
    NotChatAdminError,
    NotEnoughPlayersError,
    TournamentClosedError,
    TournamentExistsError,
)
from service.timers import ManualClock
from service.tournaments import DAY

GROUP = -100500
PEOPLE = [PlayerInfo(10 + n, name, "en") for n, name in enumerate(
    ("Anna", "Boris", "Clara", "Dan", "Eva"))]


async def _service(path: Path, clock: ManualClock) -> GameService:
    service = await GameService.open(path, clock=clock.now, seeds=lambda: 77)
    for p in PEOPLE:
        await service.remember_user(p, private_chat=True)
    return service


async def _finish_by_computer(service: GameService, game_id: int) -> None:
    """Let the computer play every seat of the game to its end."""
    for _ in range(5000):
        turn = await service.ai_turn(game_id)
        if turn is None:
            game = await service.game(game_id)
            assert game.status == "finished", game.status
            return
        await service.ai_move(game_id, turn.version)
    raise AssertionError("the game did not end")


async def test_round_robin_of_four_to_its_end(tmp_path: Path) -> None:
    clock = ManualClock(1_000_000.0)
    path = tmp_path / "t.sqlite3"
    service = await _service(path, clock)
    t = service.tournaments
    with pytest.raises(NotChatAdminError):
        await t.open(GROUP, PEOPLE[0], "draw")
    with pytest.raises(BadSettingsError):
        await t.open(GROUP, PEOPLE[0], "chinese", options={"teams": True},
                     is_admin=True)  # never in teams
    with pytest.raises(BadSettingsError):
        await t.open(GROUP, PEOPLE[0], "draw", days=0, is_admin=True)
    info = await t.open(GROUP, PEOPLE[0], "draw", days=1, is_admin=True)
    with pytest.raises(TournamentExistsError):
        await t.open(GROUP, PEOPLE[0], "draw", is_admin=True)
    tid = info.tournament_id
    for p in PEOPLE[:3]:
        await t.join(tid, p)
    with pytest.raises(AlreadyJoinedError):
        await t.join(tid, PEOPLE[0])
    stranger = PlayerInfo(99, "Zed", "en")
    await service.remember_user(stranger)
    with pytest.raises(NoPrivateChatError):
        await t.join(tid, stranger)
    await t.leave(tid, PEOPLE[2].user_id)
    with pytest.raises(NotEnoughPlayersError):
        await t.start(tid, is_admin=True)
    await t.join(tid, PEOPLE[2])
    await t.join(tid, PEOPLE[3])
    with pytest.raises(NotChatAdminError):
        await t.start(tid)
    started = await t.start(tid, is_admin=True)
    with pytest.raises(TournamentClosedError):
        await t.join(tid, PEOPLE[4])
    info = started.tournament
    assert info.format == "round_robin" and info.rounds == 3 and started.new_rounds == (1,)
    assert [(p.a.name, p.b.name if p.b else None) for p in info.round_pairings(1)] == [
        ("Anna", "Dan"), ("Boris", "Clara")]
    assert started.report is not None and started.report.started
    game_ids = []
    for step in range(6):
        current = info.current
        assert current is not None and current.game_id is not None
        game_ids.append(current.game_id)
        assert current.due_at == pytest.approx(clock.now() + DAY)
        if step == 2:  # a restart in the middle: everything is read back
            await service.close()
            service = await _service(path, clock)
            t = service.tournaments
            again = await t.tournament(tid)
            assert again.standings == info.standings and again.pairings == info.pairings
        await _finish_by_computer_after_deadline(service, clock, tid, current.game_id)
        advanced = await t.advance(tid)
        info = advanced.tournament
        assert len(info.decided) == step + 1
        assert sum(s.points for s in info.standings) == step + 1  # a point a game
    assert info.status == "finished" and advanced.finished
    assert len(set(game_ids)) == 6
    met = {frozenset((p.a.seq, p.b.seq)) for p in info.pairings if p.b is not None}
    assert len(met) == 6
    assert info.winner is not None and info.winner.place == 1
    assert all(s.played == 3 for s in info.standings)
    # the winner, and he alone, is a champion: earned by the step that finished it
    champion = next(p.user_id for p in info.players if p.seq == info.winner.seq)
    assert champion is not None
    assert advanced.achievements == {champion: ("champion",)}
    assert "champion" in await service.user_achievements(champion)
    for p in PEOPLE[:4]:
        if p.user_id != champion:
            assert "champion" not in await service.user_achievements(p.user_id)
    untold = [u for u in await service.untold_achievements() if u.tournament_id == tid]
    assert [(u.user_id, u.keys, u.game_id) for u in untold] == [(champion, ("champion",), None)]
    await service.achievements_told(champion, tournament_id=tid)
    assert not [u for u in await service.untold_achievements() if u.tournament_id == tid]
    # the games are ordinary, rated games of the group
    for gid in game_ids:
        assert (await service.game(gid)).status == "finished"
    again = await t.advance(tid)
    assert again.tournament.status == "finished" and not again.achievements  # nothing more
    # the backfill of the tournaments finished before the Champion existed awards the
    # same: wiped, then a restart
    live = await service.context.db.fetchall(
        "SELECT user_id, key, tournament_id FROM achievements WHERE tournament_id IS NOT NULL")
    async with service.context.db.transaction() as tx:
        await tx.execute("DELETE FROM achievements WHERE tournament_id IS NOT NULL")
        await tx.execute("DELETE FROM tournament_achievements_backfilled")
    await service.close()
    service = await _service(path, clock)
    backfilled = await service.context.db.fetchall(
        "SELECT user_id, key, tournament_id, told FROM achievements"
        " WHERE tournament_id IS NOT NULL")
    assert [tuple(r)[:3] for r in backfilled] == [tuple(r) for r in live]
    assert all(r[3] == 1 for r in backfilled)  # nobody is told of a backfilled one
    assert await service.achievements.backfill() == 0  # once
    await service.close()


async def _finish_by_computer_after_deadline(service: GameService, clock: ManualClock,
                                             tid: int, game_id: int) -> None:
    t = service.tournaments
    assert await t.deadline_due(tid) is None  # not yet
    clock.advance(DAY + 1)
    game = await t.deadline_due(tid)
    assert game is not None and all(s.away for s in game.seats)
    assert await t.deadline_due(tid) is None  # once
    await _finish_by_computer(service, game_id)


async def test_odd_players_byes_and_withdrawal(tmp_path: Path) -> None:
    clock = ManualClock(1_000_000.0)
    service = await _service(tmp_path / "t.sqlite3", clock)
    t = service.tournaments
    tid = (await t.open(GROUP, PEOPLE[0], "draw", days=1, is_admin=True)).tournament_id
    for p in PEOPLE[:3]:
        await t.join(tid, p)
    info = (await t.start(tid, is_admin=True)).tournament
    assert info.rounds == 3
    bye = [p for p in info.round_pairings(1) if p.b is None]
    assert len(bye) == 1 and bye[0].decided == "bye" and bye[0].score_a == 1
    current = info.current
    assert current is not None and current.b is not None
    # someone else may not withdraw him; he may, and an admin may
    other = next(p for p in info.players if p.seq not in (current.a.seq, current.b.seq))
    assert other.user_id is not None
    with pytest.raises(NotAllowedError):
        await t.withdraw(tid, other.user_id, current.a.seq)
    assert current.a.user_id is not None
    out = await t.withdraw(tid, current.a.user_id)
    assert out.cancelled is not None and out.cancelled.status == "cancelled"
    info = (await t.advance(tid)).tournament
    first = info.round_pairings(1)[0]
    assert (first.decided, first.score_a, first.score_b) == ("forfeit", 0, 1)
    # every remaining game of his is a forfeit: only one game left to play
    played = 0
    while info.status == "running":
        current = info.current
        assert current is not None and current.game_id is not None
        await _finish_by_computer_after_deadline(service, clock, tid, current.game_id)
        info = (await t.advance(tid)).tournament
        played += 1
    assert played == 1
    withdrawn = next(s for s in info.standings if s.withdrawn)
    # his bye after he withdrew scores nothing
    assert withdrawn.points == 0 and withdrawn.place == 3 and withdrawn.losses == 3
    assert sum(1 for p in info.pairings if p.decided == "forfeit") == 2
    await service.close()
