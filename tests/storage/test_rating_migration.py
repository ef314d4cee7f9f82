"""The ratings migration on a database made by the schema before it: the finished games
stored then are rated in the order they finished, whatever order they were inserted
in, exactly as `service.skill.rate_games` rates them (the migration holds a frozen
copy of it); take-overs are read from what the old schema kept (away, time-outs)
and those persons are left unrated."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from engine.domino.game import Game
from engine.simulate import play_random_game
from engine.variants import make_variant
from service.history import head_json
from service.skill import RatedGame, RatedSeat, computer, person, ranks_of, rate_games
from storage import Database, Repositories
from storage.migrations import LATEST_VERSION, MIGRATIONS, m0006_ratings

BEFORE = tuple(m for m in MIGRATIONS if m.version < m0006_ratings.VERSION)


@dataclass(frozen=True)
class Old:
    """A finished game of the old schema: who sat where, when it finished."""

    variant: str
    seats: tuple[int | str, ...]  # user ids, or a computer level
    teams: bool
    seed: int
    finished_at: float
    away: tuple[int, ...] = ()  # seats still away at the end
    timeouts: tuple[int, ...] = ()  # seats with time-outs in a row at the end


OLD = [
    Old("kozel", (1, 2, "hard", 3), True, 5, 300.0, away=(1,)),
    Old("all_fives", (1, 2), False, 6, 100.0),
    Old("threes", (2, 3, "easy"), False, 7, 200.0, timeouts=(0,)),
    Old("telephone", (1, "hard", 4, "medium"), False, 8, 150.0),
    Old("kozel", (3, 1), False, 9, 250.0),
    Old("block", (4, 2, 1), False, 10, 50.0),
    Old("all_fives", (1, 2), False, 11, 120.0),
]


def _finished(old: Old) -> Game:
    options = {"teams": True} if old.teams else {}
    game = Game(make_variant(old.variant, len(old.seats), options), seed=old.seed)
    play_random_game(game, random.Random(old.seed))
    assert game.outcome is not None
    return game


async def _old_database(path: Path, order: list[int]) -> None:
    """A file at the schema before ratings, holding OLD's games inserted in ``order``."""
    db = await Database.open(path, migrations=BEFORE)
    try:
        async with db.transaction() as tx:
            for index in order:
                old = OLD[index]
                game = _finished(old)
                names = [f"P{n}" for n in range(len(old.seats))]
                outcome = game.outcome
                assert outcome is not None
                result = {"winners": list(outcome.winners), "losers": list(outcome.losers),
                          "reason": str(outcome.reason), "totals": list(game.totals)}
                cur = await tx.execute(
                    "INSERT INTO games (chat_id, variant, status, creator_user_id,"
                    " record_json, seed, created_at, updated_at, finished_at, result_json)"
                    " VALUES (-5, ?, 'finished', 1, ?, ?, 0, ?, ?, ?)",
                    (old.variant, head_json(game, names), old.seed, old.finished_at,
                     old.finished_at, json.dumps(result)))
                game_id = cur.lastrowid
                for seat, who in enumerate(old.seats):
                    await tx.execute(
                        "INSERT INTO game_seats (game_id, seat, user_id, ai_level,"
                        " display_name, joined_at) VALUES (?, ?, ?, ?, ?, 0)",
                        (game_id, seat, who if isinstance(who, int) else None,
                         who if isinstance(who, str) else None, names[seat]))
                    if seat in old.away or seat in old.timeouts:
                        await tx.execute(
                            "INSERT INTO seat_timers (game_id, seat, away, timeouts)"
                            " VALUES (?, ?, ?, ?)",
                            (game_id, seat, int(seat in old.away), int(seat in old.timeouts)))
            # a cancelled game and a game being played are not rated
            await tx.execute(
                "INSERT INTO games (chat_id, variant, status, creator_user_id, created_at,"
                " updated_at) VALUES (-5, 'kozel', 'cancelled', 1, 0, 0)")
    finally:
        await db.close()


def _expected() -> list[RatedGame]:
    """OLD rated by the pure function, from the games themselves."""
    out = []
    for index, old in enumerate(OLD):
        game = _finished(old)
        outcome = game.outcome
        assert outcome is not None
        seats = tuple(
            RatedSeat(person(who) if isinstance(who, int) else computer(who),
                      game.side_of(seat),
                      rated=seat not in old.away and seat not in old.timeouts)
            for seat, who in enumerate(old.seats))
        out.append(RatedGame(index, old.finished_at, game.variant.family.value, seats,
                             ranks_of(outcome.winners, outcome.losers, game.totals,
                                      penalty=game.variant.penalty_scoring)))
    return out


async def _migrated(path: Path) -> tuple[dict[tuple[str, str], tuple[float, float, int]],
                                         list[tuple[str, str, float, float, float, int]]]:
    db = await Database.open(path)
    try:
        assert await db.schema_version() == LATEST_VERSION
        ratings = {(r["player"], r["family"]): (r["mu"], r["sigma"], r["games"])
                   for r in await db.fetchall("SELECT * FROM ratings")}
        history = [(r["player"], r["family"], r["finished_at"], r["mu"], r["sigma"],
                    r["games"])
                   for r in await db.fetchall(
                       "SELECT * FROM rating_history ORDER BY finished_at, player")]
        taken = await db.fetchall("SELECT COUNT(*) FROM seat_timers WHERE taken_over = 1")
        assert taken[0][0] == 2
        # the repository reads what the migration wrote
        top = await Repositories.of(db).ratings.top(db, "goat")
        assert top and top == sorted(top, key=lambda e: -e.conservative)
        return ratings, history
    finally:
        await db.close()


async def test_the_migration_rates_the_finished_games_in_order(tmp_path: Path) -> None:
    orders = [list(range(len(OLD))), list(reversed(range(len(OLD)))), [3, 0, 6, 2, 5, 1, 4]]
    results = []
    for n, order in enumerate(orders):
        path = tmp_path / f"old{n}.sqlite3"
        await _old_database(path, order)
        results.append(await _migrated(path))
    assert results[0] == results[1] == results[2]
    ratings, history = results[0]
    expected = rate_games(_expected())
    assert ratings == {key: (s.mu, s.sigma, s.games) for key, s in expected.skills.items()}
    assert history == sorted(
        ((c.player, c.family, c.finished_at, c.after.mu, c.after.sigma, c.after.games)
         for c in expected.history), key=lambda h: (h[2], h[0]))
    # the persons a computer moved for are not rated by those games
    assert not any(p == person(2) and at == 300.0 for p, _, at, *_ in history)
    assert not any(p == person(2) and at == 200.0 for p, _, at, *_ in history)
    assert any(p == person(3) and at == 200.0 for p, _, at, *_ in history)
    # computer players are rated per level
    assert (computer("hard"), "goat") in ratings
    assert {family for _, family in ratings} == {"goat", "fives", "threes", "telephone",
                                                 "block_draw"}
