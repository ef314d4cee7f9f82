"""The deals' secret in the service (a real SQLite file): a new game's is 128 bits,
stored beside the 48-bit seeds of the games stored before (which still rebuild);
it is committed to once the game starts, and shown only in the finished record."""

from __future__ import annotations

import json
import random
import secrets
from pathlib import Path

import pytest

from engine.fairness import commitment, short_commitment, verify
from service import GameService
from service.context import random_seed
from storage import Database
from tests.service.helpers import ANNA, BORIS, play_some

CHAT = -310


async def _seed_column(db: Database, game_id: int) -> tuple[str, object]:
    async with db.reading() as ex:
        row = await ex.fetchone("SELECT typeof(seed) AS kind, seed FROM games"
                                " WHERE game_id = ?", (game_id,))
    assert row is not None
    return row["kind"], row["seed"]


def test_a_new_games_secret_has_128_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    real = secrets.randbits
    monkeypatch.setattr("service.context.secrets.randbits",
                        lambda bits: asked.append(bits) or real(bits))
    seeds = [random_seed() for _ in range(20)]
    assert asked == [128] * 20
    assert all(64 < s.bit_length() <= 128 for s in seeds)
    assert len(set(seeds)) == 20


async def test_a_new_game_is_committed_to_and_reveals_its_secret_only_once_finished(
        db: Database) -> None:
    service = GameService(db)  # the real seed source
    await service.open_lobby(CHAT, ANNA, "kozel")
    await service.join(CHAT, BORIS)
    started = (await service.start(CHAT, ANNA.user_id)).game
    kind, stored = await _seed_column(db, started.game_id)
    assert kind == "text" and isinstance(stored, str) and stored.startswith("0x")
    secret = int(stored, 16)
    assert secret.bit_length() > 64
    assert started.commitment == short_commitment(secret, "kozel")

    info, _ = await play_some(service, started, random.Random(4), max_moves=8)
    assert info.status == "playing" and info.commitment == started.commitment
    secret_hex = f"{secret:x}"
    for asker in (ANNA.user_id, BORIS.user_id, None):  # mid-game: nobody sees the secret
        text = json.dumps(await service.record_for(info.game_id, asker))
        assert secret_hex not in text and '"deal"' not in text
    assert secret_hex not in json.dumps(await service.record(info.game_id))

    info, _ = await play_some(service, info, random.Random(4))
    assert info.status == "finished"
    record = await service.record_for(info.game_id, None)
    assert record["deal"] == {"secret": secret_hex, "commitment": commitment(secret, "kozel")}
    assert record == await service.record(info.game_id)
    found = verify(record)
    assert found.mismatch is None and found.rounds == len(record["rounds"])


async def test_an_old_48_bit_game_rebuilds_and_shows_no_commitment(db_path: Path) -> None:
    old_seed = 0xABCDEF123456
    db = await Database.open(db_path)
    try:
        service = GameService(db, seeds=lambda: old_seed)
        await service.open_lobby(CHAT, ANNA, "kozel")
        await service.join(CHAT, BORIS)
        info = (await service.start(CHAT, ANNA.user_id)).game
        info, _ = await play_some(service, info, random.Random(2), max_moves=10)
        before = await service.record(info.game_id)
        assert await _seed_column(db, info.game_id) == ("integer", old_seed)
        assert info.commitment is None  # 2^48 hashes would find it
    finally:
        await db.close()
    db = await Database.open(db_path)  # a restart: the game rebuilt from its seed
    try:
        service = GameService(db)
        assert await service.record(info.game_id) == before
        info, _ = await play_some(service, info, random.Random(2))
        assert info.status == "finished"
        record = await service.record(info.game_id)
        assert record["deal"]["secret"] == f"{old_seed:x}"
        assert verify(record).mismatch is None
    finally:
        await db.close()
