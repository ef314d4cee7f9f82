"""Migration m0003 on a database file made by the schema before it (migrations 1-2),
holding games in progress the way the service stored them then: the whole record as
JSON in ``games.record_json``, rewritten after every move. Opened by the new code,
the file is migrated; every game loads, exports the very record it had, and goes
on exactly as the old code would have gone on (replay the record, deal from the seed).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.domino.game import Game
from engine.domino.record import replay, to_record
from engine.variants import make_variant
from service import GameService, PlayerInfo
from storage import Database, Repositories
from storage.migrations import LATEST_VERSION, MIGRATIONS

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
Until = Callable[[Game, dict[str, Any]], bool]


def _record(game: Game, players: int) -> dict[str, Any]:
    return to_record(game, NAMES[:players])


def _mid_turn(game: Game, record: dict[str, Any]) -> bool:
    """A turn of several placements under way: the record's last entry ends in '+'."""
    moves = record["rounds"][-1]["moves"]
    return bool(moves) and moves[-1].endswith("+")


def _took(game: Game, record: dict[str, Any]) -> bool:
    return any(m.startswith("take:") for r in record["rounds"] for m in r["moves"])


def _rounds(n: int) -> Until:
    return lambda game, record: len(record["rounds"]) > n


@dataclass(frozen=True)
class OldGame:
    variant: str
    players: int
    options: dict[str, Any]
    seed: int
    until: Until
    finish: bool = False


OLD_GAMES = [
    OldGame("kozel", 4, {}, 11, _rounds(2)),  # three rounds in, the third under way
    OldGame("osel", 3, {}, 12, _mid_turn),  # in the middle of a turn of several placements
    OldGame("semerka", 4, {}, 13, _took),  # after semerka's takes (chance moves)
    OldGame("all_fives", 2, {"target": 100}, 14, _rounds(0), finish=True),
    OldGame("domiki", 3, {"target": 50}, 15, _mid_turn),
]


async def _old_database(path: Path) -> dict[int, tuple[OldGame, dict[str, Any]]]:
    """A schema-2 file with the games above stored as the old service stored them."""
    db = await Database.open(path, migrations=MIGRATIONS[:2])
    made: dict[int, tuple[OldGame, dict[str, Any]]] = {}
    try:
        for chat, spec in enumerate(OLD_GAMES, start=1):
            game = Game(make_variant(spec.variant, spec.players, spec.options), seed=spec.seed)
            rng = random.Random(spec.seed)
            record = _record(game, spec.players)
            commands = 0
            while not game.over and (spec.finish or not spec.until(game, record)):
                game.play(rng.choice(game.legal_moves()))
                commands += 1
                record = _record(game, spec.players)
                assert commands < 5000, "the wanted position never came"
            status = "finished" if game.over else "playing"
            outcome = game.outcome
            result = json.dumps({"winners": list(outcome.winners)}) if outcome else None
            version = spec.players + 1 + commands  # seats joined, started, one per command
            inserted = await db.execute(
                "INSERT INTO games (chat_id, variant, options_json, status, creator_user_id,"
                " record_json, version, seed, created_at, updated_at, result_json)"
                " VALUES (?, ?, ?, ?, 1, ?, ?, ?, 0, 0, ?)",
                (-chat, spec.variant, json.dumps(spec.options), status,
                 json.dumps(record, ensure_ascii=False), version, spec.seed, result))
            game_id = inserted.lastrowid
            assert game_id is not None
            await db.executemany(
                "INSERT INTO game_seats (game_id, seat, user_id, display_name, joined_at)"
                " VALUES (?, ?, ?, ?, 0)",
                [(game_id, seat, 100 * chat + seat, NAMES[seat]) for seat in range(spec.players)])
            await db.execute(
                "INSERT INTO game_messages (game_id, kind, seat, chat_id, message_id, updated_at)"
                " VALUES (?, 'table', -1, ?, 77, 0)", (game_id, -chat))
            made[game_id] = (spec, record)
        await db.execute(  # a lobby: no record yet
            "INSERT INTO games (chat_id, variant, creator_user_id, created_at, updated_at)"
            " VALUES (-99, 'kozel', 1, 0, 0)")
        await db.execute(
            "INSERT INTO users (user_id, first_name, language, created_at, updated_at)"
            " VALUES (101, 'Anna', 'en', 0, 0)")
    finally:
        await db.close()
    return made


async def test_m0003_converts_games_in_progress(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    made = await _old_database(path)

    db = await Database.open(path)  # the new code migrates the file
    try:
        assert await db.schema_version() == LATEST_VERSION  # m0003, then m0004
        service = GameService(db)
        repos = Repositories.of(db)
        old_user = await service.user(101)  # m0004: pings on for everyone known
        assert old_user is not None and old_user.notify
        for game_id, (spec, old) in made.items():
            now = await service.record(game_id)  # the record is the old one (and its deal)
            assert {k: v for k, v in now.items() if k != "deal"} == old
            head = json.loads((await repos.games.require(db, game_id)).record_json or "")
            assert "rounds" not in head and head["players"] == NAMES[:spec.players]
            moves = await repos.moves.list(db, game_id)
            assert [m.seq for m in moves] == list(range(len(moves)))
            assert all(m.version is None for m in moves)
            assert not any(m.move.startswith("take:") for m in moves)
            rounds = len(old["rounds"])
            info = await service.game(game_id)
            told = (rounds, True) if info.status == "finished" else (rounds - 1, False)
            assert await service.announced(game_id) == told
            table = await service.shown_one(game_id, "table")
            assert table is not None and (table.message_id, table.version) == (77, -1)
        lobby = await repos.games.get_active_for_chat(db, -99)
        assert lobby is not None and lobby.record_json is None
        user = await service.user(101)
        assert user is not None and (user.language, user.language_code) == ("en", None)
    finally:
        await db.close()


@pytest.mark.parametrize("index", [0, 1, 2, 4])
async def test_m0003_games_go_on_as_the_old_code_would(tmp_path: Path, index: int) -> None:
    path = tmp_path / "old.sqlite3"
    made = await _old_database(path)
    game_id, (spec, old) = list(made.items())[index]
    # What the old service did with such a game: replay its record, deal on from the seed.
    reference, names = replay(old)
    reference.deal_from_seed(spec.seed)

    db = await Database.open(path)
    try:
        service = GameService(db)
        info = await service.game(game_id)
        if index in (1, 4):  # the turn under way goes on after the migration
            seat = info.seats[info.turn]  # type: ignore[index]
            assert seat.user_id is not None
            _, _, view = await service.seat_view(game_id, seat.user_id)
            assert view.turn_placements
        rng = random.Random(index)
        for made_moves in range(60):
            if info.status != "playing":
                break
            seat = info.seats[info.turn]  # type: ignore[index]
            assert seat.user_id is not None
            _, _, view = await service.seat_view(game_id, seat.user_id)
            move = rng.choice(view.legal)
            report = await service.move(game_id, seat.user_id, info.version, move)
            info = report.game
            assert report.results[0].move == move
            for result in report.results:  # with the forced passes and draws after it
                reference.play(result.move)
            if made_moves == 30:  # a restart halfway: rebuilt from old and new moves alike
                service = GameService(db)
                info = await service.game(game_id)
        record = await service.record(game_id)
        assert {k: v for k, v in record.items() if k != "deal"} == to_record(reference, names)
    finally:
        await db.close()
    # and once more from a cold start
    service = await GameService.open(path)
    try:
        record = await service.record(game_id)
        assert {k: v for k, v in record.items() if k != "deal"} == to_record(reference, names)
        await service.remember_user(PlayerInfo(101, "Anna", "ru"))
        user = await service.user(101)
        assert user is not None and (user.language, user.language_code) == ("en", "ru")
    finally:
        await service.close()
