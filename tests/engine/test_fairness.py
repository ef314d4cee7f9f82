"""Deals everybody can verify (engine/fairness.py, ``python -m engine verify``): a
finished game's record, with its secret, checks out; a tampered hand, boneyard,
secret or commitment does not."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.__main__ import main
from engine.core.errors import RecordError
from engine.domino.game import Game
from engine.domino.record import to_record
from engine.domino.variant import as_domino
from engine.fairness import commitment, deal_fields, short_commitment, verify
from engine.games import kind_of
from engine.variants import make_variant

SECRET = 0xC0FFEE_1234_5678_9ABC_DEF0_1122_3344_5566  # 128 bits, like a new game's


def _finished(name: str, players: int, seed: int = SECRET) -> dict[str, Any]:
    """A whole game of ``name`` played at random from ``seed``, as its finished record."""
    game = Game(as_domino(make_variant(name, players, {})), seed=seed)
    rng = random.Random(5)
    while game.outcome is None:
        game.play(rng.choice(game.legal_moves()))
    record = to_record(game, [f"p{i}" for i in range(players)])
    return {**json.loads(json.dumps(record)), "deal": deal_fields(seed, record["variant"])}


def test_the_commitment_is_the_sha256_of_the_secrets_hex_and_the_variant() -> None:
    want = hashlib.sha256(f"{SECRET:x}/kozel".encode()).hexdigest()
    assert commitment(SECRET, "kozel") == want
    assert short_commitment(SECRET, "kozel") == f"{want[:8]}…{want[-8:]}"
    assert deal_fields(SECRET, "kozel") == {"secret": f"{SECRET:x}", "commitment": want}


@pytest.mark.parametrize(("name", "players"), [("kozel", 4), ("telephone", 2),
                                               ("semerka", 4), ("kolbasa", 2)])
def test_a_finished_games_record_verifies_every_round(name: str, players: int) -> None:
    record = _finished(name, players)
    found = verify(record)
    assert found.mismatch is None
    assert found.rounds == len(record["rounds"]) >= 1
    assert found.commitment == commitment(SECRET, record["variant"])


def test_an_old_48_bit_seed_verifies_too() -> None:
    assert verify(_finished("kozel", 4, seed=0xABCDEF123456)).mismatch is None


def test_a_tampered_hand_boneyard_secret_or_commitment_fails() -> None:
    record = _finished("kozel", 4)
    last = len(record["rounds"]) - 1

    hand = copy.deepcopy(record)  # two seats' first tiles swapped in the last round
    hands = hand["rounds"][last]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    assert verify(hand).mismatch == f"round {last + 1}: the hands are not the secret's"

    secret = copy.deepcopy(record)  # another secret, its commitment made to match
    other = SECRET + 1
    secret["deal"] = deal_fields(other, record["variant"])
    assert verify(secret).mismatch == "round 1: the hands are not the secret's"

    shown = copy.deepcopy(record)  # the secret is not what was committed to
    shown["deal"]["secret"] = f"{SECRET + 1:x}"
    assert verify(shown).mismatch == "the commitment is not the SHA-256 of the secret"


def test_a_tampered_boneyard_fails() -> None:
    record = _finished("telephone", 2)
    bone = copy.deepcopy(record)
    boneyard = bone["rounds"][0]["boneyard"]
    boneyard[0], boneyard[-1] = boneyard[-1], boneyard[0]
    assert verify(bone).mismatch == "round 1: the boneyard is not the secret's"


def test_a_record_without_a_secret_is_refused() -> None:
    record = _finished("kozel", 4)
    del record["deal"]
    with pytest.raises(RecordError, match="no deal secret"):
        verify(record)


def test_cli_verify_prints_one_json_object_and_exits_by_the_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _finished("kozel", 4)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record), encoding="utf-8")
    assert main(["verify", str(good)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"ok": True, "rounds_checked": len(record["rounds"]),
                   "commitment": record["deal"]["commitment"], "mismatch": None}

    record["rounds"][0]["hands"][0][0], record["rounds"][0]["hands"][1][0] = (
        record["rounds"][0]["hands"][1][0], record["rounds"][0]["hands"][0][0])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    assert main(["verify", str(bad)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["mismatch"] == "round 1: the hands are not the secret's"


def test_cli_verify_refuses_an_unreadable_file(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def _finished_kind(name: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """A whole game of a kind of its own (Chinese, triangular) played at random from
    ``SECRET``, as its finished record."""
    v = make_variant(name, players, options)
    kind = kind_of(v)
    game = kind.new_game(v, SECRET)
    rng = random.Random(6)
    while game.outcome is None:
        game.play(rng.choice(game.legal_moves()))
    record = kind.to_record(game, [f"p{i}" for i in range(players)])
    return {**json.loads(json.dumps(record)), "deal": deal_fields(SECRET, name)}


@pytest.mark.parametrize(("name", "players", "options"),
                         [("chinese", 4, {"rounds": 4}), ("chinese", 3, {"rounds": 4}),
                          ("triangular", 3, {})])
def test_chinese_and_triangular_deals_verify_and_a_tampered_one_fails(
        name: str, players: int, options: dict[str, Any]) -> None:
    record = _finished_kind(name, players, options)
    found = verify(record)
    assert found.mismatch is None and found.rounds == len(record["rounds"]) >= 1

    hand = copy.deepcopy(record)
    hands = hand["rounds"][0]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    assert verify(hand).mismatch == "round 1: the hands are not the secret's"

    if len(set(record["rounds"][0]["boneyard"])) > 1:  # four Chinese hands leave none
        bone = copy.deepcopy(record)
        bone["rounds"][0]["boneyard"].reverse()
        assert verify(bone).mismatch == "round 1: the boneyard is not the secret's"

    other = copy.deepcopy(record)  # another secret, committed to: other deals
    other["deal"] = deal_fields(SECRET + 1, name)
    assert verify(other).mismatch is not None
