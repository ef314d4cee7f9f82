"""`python -m engine replay` and `simulate` for the variants of docs/rules.md 4.7-4.17."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.domino.game import Game
from engine.domino.record import replay_summary, to_record
from engine.variants import make_variant

NEW = [("muggins", 3), ("pyaterochka", 4), ("cuban", 2), ("vsem_po_pyat", 3), ("domiki", 3),
       ("sea_kozel", 3), ("sport", 4), ("general_kozel", 4), ("osel", 3), ("checheve", 2),
       ("semerka", 4)]


@pytest.mark.parametrize(("name", "players"), NEW)
def test_replay_and_simulate_commands(name: str, players: int, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    options = {"rounds": 2} if name == "general_kozel" else {}
    game = Game(make_variant(name, players, options), seed=5)
    rng = random.Random(5)
    for _ in range(300):  # an unfinished game replays too
        if game.outcome is not None:
            break
        game.apply(rng.choice(game.legal_moves()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(game)), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == replay_summary(game)
    args = ["simulate", "--variant", name, "--players", str(players), "--games", "3"]
    if name == "general_kozel":
        args += ["--rounds", "3"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and out["moves"] > 0 and "games_per_second" in out


def test_replay_names_round_and_move_of_a_bad_turn(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(make_variant("domiki", 2), seed=1)
    record = to_record(game)
    record["rounds"][0]["moves"] = ["1-2+2-3:E"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: round 0, move 0: ")
