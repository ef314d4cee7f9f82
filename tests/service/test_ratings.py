"""Ratings through the service: the transaction that finishes a game rates it (once),
computer players are rated per level, a person a computer moved for is not rated,
and the read side (leaderboards, a player's ratings and history) shows it."""

from __future__ import annotations

import random

from engine.core.moves import Move
from engine.core.view import SeatView
from service import GameService
from service.bench import play_random
from service.ratings import families, family_of, rate_finished
from storage import Database, Repositories
from tests.service.helpers import ANNA, BORIS

CHAT = -300


def _first(level: str, seed: int, view: SeatView) -> Move:
    return view.legal[0]


def _service(db: Database) -> GameService:
    return GameService(db, seeds=lambda: 777, ai_chooser=_first)


def test_families_come_from_the_engine() -> None:
    assert set(families()) >= {"goat", "fives", "telephone", "threes", "block_draw"}
    assert family_of("kozel") == "goat" and family_of("Козёл") == "goat"
    assert family_of("all_fives") == "fives" and family_of("block_draw") == "block_draw"
    assert family_of("chess") is None


async def test_the_finishing_transaction_rates_the_game(db: Database) -> None:
    service = _service(db)
    await service.open_lobby(CHAT, ANNA, "kozel")
    await service.add_ai(CHAT, ANNA.user_id, "easy")
    await service.join(CHAT, BORIS)
    await service.add_ai(CHAT, ANNA.user_id, "easy")
    info = (await service.start(CHAT, ANNA.user_id)).game
    assert await service.ratings.top("goat", CHAT) == []
    info, _ = await play_random(service, info, random.Random(3))
    assert info.status == "finished" and info.outcome is not None
    won = 0 in info.outcome.winners  # Anna and Boris are side 0 (seats 0 and 2)
    top = await service.ratings.top("goat", CHAT)
    assert {(line.user_id, line.level) for line in top} == {
        (ANNA.user_id, None), (BORIS.user_id, None), (None, "easy")}
    for line in top:
        assert line.games == 1 and line.provisional
        person_side = line.user_id is not None
        assert (line.mu > 25.0) == (person_side == won)
    assert [line.conservative for line in top] == sorted(
        (line.conservative for line in top), reverse=True)
    assert await service.ratings.top("goat", CHAT + 1) == []  # another chat: nobody
    assert len(await service.ratings.top("goat", None)) == 3
    assert await service.ratings.top("fives", CHAT) == []
    assert await service.ratings.default_family(chat_id=CHAT) == "goat"
    assert await service.ratings.default_family(user_id=BORIS.user_id) == "goat"
    assert await service.ratings.default_family(chat_id=CHAT + 1) is None
    mine = await service.ratings.of_user(ANNA.user_id)
    assert [(r.family, r.games) for r in mine] == [("goat", 1)]
    history = await service.ratings.history(ANNA.user_id)
    assert [(p.family, p.game_id, p.games) for p in history] == [("goat", info.game_id, 1)]
    assert abs(history[0].conservative - mine[0].conservative) < 1e-9
    # rated once: the same game again changes nothing
    async with db.transaction() as tx:
        assert await rate_finished(Repositories.of(db), tx, info.game_id) == []
    rows = await db.fetchall("SELECT COUNT(*) FROM rating_history WHERE game_id = ?",
                             (info.game_id,))
    assert rows[0][0] == 3


async def test_a_person_a_computer_moved_for_is_still_rated(db: Database) -> None:
    """A seat's result is its person's whoever moved for it: away for a while, she
    is rated by the game as if she had played it all (as in online games)."""
    service = _service(db)
    repos = Repositories.of(db)
    await service.open_lobby(CHAT, ANNA, "all_fives")
    await service.join(CHAT, BORIS)
    await service.add_ai(CHAT, ANNA.user_id, "medium")
    info = (await service.start(CHAT, ANNA.user_id)).game
    seat = next(s.seat for s in info.seats if s.user_id == ANNA.user_id)
    info, _ = await play_random(service, info, random.Random(5), max_moves=3)
    assert info.status == "playing"
    await repos.games.set_away(db, info.game_id, seat, True)
    # she is away: the computer plays her seat until she comes back (after a while)
    info = await service.game(info.game_id)
    while info.status == "playing" and info.turn != seat:
        info, _ = await play_random(service, info, random.Random(6), max_moves=1)
    moves = len(await repos.moves.list(db, info.game_id))
    report = await service.ai_move(info.game_id, info.version)
    assert report.results[0].seat == seat  # the computer moved for her
    assert len(await repos.moves.list(db, info.game_id)) > moves
    await repos.games.set_away(db, info.game_id, seat, False)
    info = await service.game(info.game_id)
    info, _ = await play_random(service, info, random.Random(8))
    assert info.status == "finished"
    rated = {(line.user_id, line.level) for line in await service.ratings.top("fives", CHAT)}
    assert rated == {(ANNA.user_id, None), (BORIS.user_id, None), (None, "medium")}
    assert [r.games for r in await service.ratings.of_user(ANNA.user_id)] == [1]
    assert len(await service.ratings.history(ANNA.user_id)) == 1


async def test_a_time_out_keeps_the_seat_rated(db: Database) -> None:
    """A player who lets his clock run out cannot escape his rating."""
    service = _service(db)
    await service.open_lobby(CHAT, ANNA, "draw")
    await service.join(CHAT, BORIS)
    info = (await service.start(CHAT, ANNA.user_id)).game
    assert info.turn is not None
    timed_out = info.turn
    await service.act_for(info.game_id, info.version, timed_out, "easy")
    info, _ = await play_random(service, await service.game(info.game_id), random.Random(9))
    assert info.status == "finished"
    rated = {line.user_id for line in await service.ratings.top("block_draw", CHAT)}
    assert rated == {s.user_id for s in info.seats}
