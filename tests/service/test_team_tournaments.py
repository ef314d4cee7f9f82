"""Team tournaments through the service (a real SQLite file): teams of two register
(a person opens a team, another joins it), it starts once every team has its
partner, each game seats the two teams against each other, and the winning team's
two are champions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service import GameService, PlayerInfo
from service.errors import (
    AlreadyJoinedError,
    BadSettingsError,
    NotAllowedError,
    NotRegisteredError,
    TeamFullError,
    TeamWaitingError,
)
from service.timers import ManualClock
from service.tournaments import DAY
from tests.service.test_tournaments import _finish_by_computer

GROUP = -100600
PEOPLE = [PlayerInfo(20 + n, name, "en") for n, name in enumerate(
    ("Anna", "Boris", "Clara", "Dan", "Eva", "Fay", "Gil"))]


async def _service(path: Path, clock: ManualClock) -> GameService:
    service = await GameService.open(path, clock=clock.now, seeds=lambda: 78)
    for p in PEOPLE:
        await service.remember_user(p, private_chat=True)
    return service


async def _teams_of_three(service: GameService) -> int:
    """A team tournament of Генеральский козёл (one round a game) with three teams:
    Anna & Boris, Clara & Dan, Eva & Fay; its id, not started."""
    t = service.tournaments
    info = await t.open(GROUP, PEOPLE[0], "general_kozel", days=1,
                        options={"rounds": 1}, is_admin=True)
    assert info.teams and info.options == {"rounds": 1, "teams": True}  # teams go unsaid
    tid = info.tournament_id
    for captain, partner in ((0, 1), (2, 3), (4, 5)):
        info = await t.join(tid, PEOPLE[captain])
        team = info.player_of(PEOPLE[captain].user_id)
        assert team is not None and team.partner is None
        info = await t.join(tid, PEOPLE[partner], team=team.seq)
    return tid


async def test_teams_register_play_and_the_winners_are_champions(tmp_path: Path) -> None:
    clock = ManualClock(1_000_000.0)
    service = await _service(tmp_path / "t.sqlite3", clock)
    t = service.tournaments
    with pytest.raises(BadSettingsError):  # Колбаса is for two only
        await t.open(GROUP, PEOPLE[0], "kolbasa", options={"teams": True}, is_admin=True)
    with pytest.raises(BadSettingsError):  # Осёл is never played in teams
        await t.open(GROUP, PEOPLE[0], "osel", options={"teams": True}, is_admin=True)
    tid = await _teams_of_three(service)
    info = await t.tournament(tid)
    assert [(p.seq, p.name, p.partner) for p in info.players] == [
        (1, "Anna", "Boris"), (2, "Clara", "Dan"), (3, "Eva", "Fay")]
    assert info.player_of(PEOPLE[3].user_id) == info.players[1]  # a partner is in his team
    # one person, one team; a team, one partner
    with pytest.raises(AlreadyJoinedError):
        await t.join(tid, PEOPLE[1])
    with pytest.raises(AlreadyJoinedError):
        await t.join(tid, PEOPLE[0], team=2)
    with pytest.raises(TeamFullError):
        await t.join(tid, PEOPLE[6], team=1)
    with pytest.raises(TeamFullError):
        await t.join(tid, PEOPLE[6], team=9)
    # a partner leaves: the team waits, and it cannot start
    await t.leave(tid, PEOPLE[5].user_id)
    with pytest.raises(TeamWaitingError) as waiting:
        await t.start(tid, is_admin=True)
    assert waiting.value.names == ("Eva",)
    # he who registered a team leaves: his partner keeps it
    info = await t.leave(tid, PEOPLE[0].user_id)
    assert [(p.seq, p.name, p.partner) for p in info.players] == [
        (1, "Boris", None), (2, "Clara", "Dan"), (3, "Eva", None)]
    await t.join(tid, PEOPLE[0], team=1)
    await t.join(tid, PEOPLE[6], team=3)
    # a team alone, without its partner, goes when its one person leaves
    await t.leave(tid, PEOPLE[6].user_id)
    info = await t.leave(tid, PEOPLE[4].user_id)
    assert [p.name for p in info.players] == ["Boris", "Clara"]
    with pytest.raises(NotRegisteredError):
        await t.leave(tid, PEOPLE[4].user_id)
    await t.join(tid, PEOPLE[4])
    await t.join(tid, PEOPLE[5], team=3)
    started = await t.start(tid, is_admin=True)
    info = started.tournament
    assert info.format == "round_robin" and info.rounds == 3
    teams = {p.seq: p for p in info.players}
    game_ids = []
    while info.status == "running":
        current = info.current
        assert current is not None and current.game_id is not None and current.b is not None
        game = await service.game(current.game_id)
        a, b = teams[current.a.seq], teams[current.b.seq]
        # the two teams face each other: the first's at seats 0 and 2
        assert [s.user_id for s in game.seats] == [a.user_id, b.user_id, a.partner_user_id,
                                                   b.partner_user_id]
        assert game.options.get("teams") is True and len(game.seats) == 4
        game_ids.append(current.game_id)
        clock.advance(DAY + 1)
        assert await t.deadline_due(tid) is not None
        await _finish_by_computer(service, current.game_id)
        advanced = await t.advance(tid)
        info = advanced.tournament
        decided = info.decided[-1]
        row = await service.context.db.fetchone(
            "SELECT result_json FROM games WHERE game_id = ?", (current.game_id,))
        assert row is not None
        winners = set(json.loads(row[0])["winners"])  # the winning sides
        if winners == {0}:
            assert (decided.score_a, decided.score_b) == (1, 0)
        elif winners == {1}:
            assert (decided.score_a, decided.score_b) == (0, 1)
    assert len(game_ids) == 3 and advanced.finished
    assert all(s.played == 3 for s in info.standings)  # two games and a bye each
    assert sum(s.points for s in info.standings) == 3 + 3  # a point a game, a bye
    winner = info.winner
    assert winner is not None
    champions = teams[winner.seq].user_ids
    assert len(champions) == 2
    assert advanced.achievements == {u: ("champion",) for u in champions}
    for p in PEOPLE[:6]:
        held = "champion" in await service.user_achievements(p.user_id)
        assert held == (p.user_id in champions)
    # a partner forgotten: his team stays in the standings, his name a number's
    await service.forget(PEOPLE[3].user_id)
    after = await t.tournament(tid)
    clara = next(p for p in after.players if p.seq == 2)
    assert (clara.name, clara.partner) == ("Clara", "Player 2b")
    assert clara.partner_user_id is None and clara.user_ids == (PEOPLE[2].user_id,)
    assert after.player_of(PEOPLE[3].user_id) is None
    assert [s.points for s in after.standings] == [s.points for s in info.standings]
    await service.close()


async def test_a_partner_withdraws_his_team(tmp_path: Path) -> None:
    clock = ManualClock(1_000_000.0)
    service = await _service(tmp_path / "t.sqlite3", clock)
    t = service.tournaments
    tid = await _teams_of_three(service)
    info = (await t.start(tid, is_admin=True)).tournament
    current = info.current
    assert current is not None and current.b is not None
    partner = current.a.partner_user_id
    assert partner is not None
    other = next(p for p in info.players if p.seq not in (current.a.seq, current.b.seq))
    assert other.partner_user_id is not None
    with pytest.raises(NotAllowedError):  # not his team
        await t.withdraw(tid, other.partner_user_id, current.a.seq)
    out = await t.withdraw(tid, partner)
    assert out.player.seq == current.a.seq and out.player.withdrawn
    assert out.cancelled is not None and out.cancelled.status == "cancelled"
    info = (await t.advance(tid)).tournament
    first = next(p for p in info.round_pairings(1) if p.b is not None)
    assert (first.decided, first.score_a, first.score_b) == ("forfeit", 0, 1)
    await service.close()
