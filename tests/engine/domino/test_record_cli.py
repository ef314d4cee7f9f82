"""The game record (docs/record-format.md): replay, errors, and the CLI."""

from __future__ import annotations

import copy
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.__main__ import main
from engine.core.errors import EngineError, RecordError
from engine.core.tiles import full_set
from engine.domino.game import Game
from engine.domino.record import replay, replay_summary, to_record

from .helpers import variant

ROOT = Path(__file__).resolve().parents[3]


def _rest(*hands: list[str]) -> list[str]:
    used = {t for h in hands for t in h}
    return [str(t) for t in full_set(6) if str(t) not in used]


# docs/rules.md section 2's example as a threes record (unfinished round).
THREES_HANDS = [["2-5", "1-3", "2-6", "3-4", "6-6", "4-4"],
                ["1-5", "3-3", "0-3", "0-0", "5-5", "5-6"]]
THREES_RECORD: dict[str, Any] = {
    "format": "domino-record/1",
    "variant": "threes",
    "options": {},
    "players": ["Anna", "Boris"],
    "rounds": [{
        "hands": THREES_HANDS,
        "boneyard": _rest(*THREES_HANDS),
        "leader": 0,
        "moves": ["2-5", "5-1", "1-3", "3-3", "2-6", "3-0:N", "3-4:E"],
    }],
}
THREES_SUMMARY = {
    "variant": "threes",
    "sides": [[0], [1]],
    "rounds": [{
        "moves": [
            {"seat": 0, "move": "2-5", "points": 0},
            {"seat": 1, "move": "5-1", "points": 0},
            {"seat": 0, "move": "1-3", "points": 0},
            {"seat": 1, "move": "3-3", "points": 2},
            {"seat": 0, "move": "2-6", "points": 0},
            {"seat": 1, "move": "3-0:N", "points": 6},
            {"seat": 0, "move": "3-4:E", "points": 0},
        ],
        "end": None,
        "round_points": [0, 8],
    }],
    "totals": [0, 8],
    "winners": None,
}

# A block round with a pass, ending in a fish: 1-1 2-2 3-3 (12) against
# 0-1 0-2 0-3 1-2 1-3 (13) with ends 6 and 4: seat 0 scores 13 - 12.
BLOCK_HANDS = [["6-6", "5-6", "1-1", "2-2", "3-3", "4-4", "0-0"],
               ["0-5", "0-1", "0-2", "0-3", "0-4", "1-2", "1-3"]]
BLOCK_RECORD: dict[str, Any] = {
    "format": "domino-record/1",
    "variant": "block",
    "options": {},
    "players": ["Vera", "Gleb"],
    "rounds": [{
        "hands": BLOCK_HANDS,
        "boneyard": _rest(*BLOCK_HANDS),
        "leader": 0,
        "moves": ["6-6", "pass", "6-5:E", "5-0", "0-0", "0-4", "4-4"],
    }],
}


def test_hand_written_record_of_the_section_2_example_replays_exactly() -> None:
    game, names = replay(json.loads(json.dumps(THREES_RECORD)))
    assert names == ["Anna", "Boris"]
    assert replay_summary(game) == THREES_SUMMARY
    assert to_record(game, names) == THREES_RECORD  # write(read(r)) == r


def test_hand_written_block_record_with_pass_and_fish() -> None:
    game, _ = replay(BLOCK_RECORD)
    s = replay_summary(game)
    assert s["rounds"][0]["end"] == {"kind": "fish", "seat": 0}
    assert s["rounds"][0]["round_points"] == [1, 0] and s["totals"] == [1, 0]
    assert [m["move"] for m in s["rounds"][0]["moves"]] == BLOCK_RECORD["rounds"][0]["moves"]
    assert s["winners"] is None


def test_seeded_game_record_round_trips_through_json() -> None:
    """DESIGN: a record written, dumped and loaded replays to the same summary."""
    for name, players, options in (("kozel", 4, {}), ("telephone", 2, {}),
                                   ("all_fives", 3, {"target": 100}),
                                   ("kozel", 3, {"fish_point": True})):
        v = variant(name, players, **options)
        game = Game(v, seed=11)
        rng = random.Random(3)
        while game.outcome is None:
            game.play(rng.choice(game.legal_moves()))
        rec = json.loads(json.dumps(to_record(game, ["a", "b", "c", "d"][:players])))
        assert rec["options"] == options
        again, _ = replay(rec)
        assert replay_summary(again) == replay_summary(game)
        assert again.outcome == game.outcome


# ------------------------------------------------------------ bad records
def _mutated(base: dict[str, Any], change: Any) -> Any:
    return change(copy.deepcopy(base))


def _set(path: tuple[Any, ...], value: Any) -> Any:
    """A change that sets ``rec[path...] = value`` and returns the record."""
    def change(rec: Any) -> Any:
        node = rec
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return rec
    return change


BAD_RECORDS: list[tuple[str, Any, str]] = [
    ("not an object", lambda r: [r], "a record must be a JSON object"),
    ("wrong format", _set(("format",), "pgn"), "'format' must be"),
    ("unknown variant", _set(("variant",), "poker"), "unknown variant 'poker'"),
    ("no rounds", _set(("rounds",), []), "'rounds' must be a non-empty list"),
    ("bad option", _set(("options",), {"teams": "yes"}), "option teams is true or false"),
    ("options not object", _set(("options",), [1]), "'options' must be an object"),
    ("set as a float", _set(("options",), {"set": 6.0}), "option set is 6, 9 or 12"),
    ("three names", _set(("players",), ["a", "b", "c"]), "'players' must list 2 names"),
    ("three hands", _set(("rounds", 0, "hands"), [["1-1"], ["2-2"], ["3-3"]]),
     "'players' must list 3 names"),
    ("malformed tile", _set(("rounds", 0, "hands", 0, 0), "7-x"), "round 0: malformed tile '7-x'"),
    ("unicode digit", _set(("rounds", 0, "hands", 0, 0), "²-5"), "round 0: malformed tile"),
    ("tile not a string", _set(("rounds", 0, "hands", 0, 0), 25), "round 0: a tile is written"),
    ("hand not a list", _set(("rounds", 0, "hands", 0), 5), "round 0: hands must be lists"),
    ("tile twice", _set(("rounds", 0, "hands", 0, 5), "1-5"), "round 0: 1-5 appears twice"),
    ("tile of another set", _set(("rounds", 0, "hands", 0, 5), "7-7"),
     "round 0: 7-7 is not in the double-6 set"),
    ("short hand", _set(("rounds", 0, "hands", 0), THREES_HANDS[0][:5]),
     "round 0: seat 0 must be dealt 6 tiles, not 5"),
    ("boneyard not a list", _set(("rounds", 0, "boneyard"), "6-6"),
     "round 0: 'boneyard' must be a list"),
    ("tile missing", _set(("rounds", 0, "boneyard"), _rest(*THREES_HANDS)[1:]),
     "round 0: tiles missing from the deal: 0-1"),
    ("bad leader", _set(("rounds", 0, "leader"), 2), "round 0: 'leader' must be a seat"),
    ("moves not a list", _set(("rounds", 0, "moves"), "2-5"), "round 0: 'moves' must be a list"),
    ("malformed move", _set(("rounds", 0, "moves", 2), "1-3:Q"),
     "round 0, move 2: '1-3:Q': malformed move"),
    ("move not text", _set(("rounds", 0, "moves", 1), 7), "round 0, move 1: 7: a move is"),
    ("tile not held", _set(("rounds", 0, "moves", 1), "2-6"),
     "round 0, move 1: '2-6': seat 1 does not hold 2-6"),
    ("draw when able to place", _set(("rounds", 0, "moves", 1), "draw"),
     "round 0, move 1: 'draw': a player who can place a tile may not draw"),
    ("pass when able to place", _set(("rounds", 0, "moves", 4), "pass"),
     "round 0, move 4: 'pass': a player who can place a tile may not pass"),
    ("wrong end", _set(("rounds", 0, "moves", 6), "3-4:W"),
     "round 0, move 6: '3-4:W': 3-4 does not fit end W"),
    ("end needed", _set(("rounds", 0, "moves", 6), "3-4"),
     "round 0, move 6: '3-4': 3-4 fits E and S: say which end"),
    ("lead with an end", _set(("rounds", 0, "moves", 0), "2-5:E"),
     "round 0, move 0: '2-5:E': the lead is placed without an end"),
]


@pytest.mark.parametrize(("change", "message"), [(c, m) for _, c, m in BAD_RECORDS],
                         ids=[i for i, _, _ in BAD_RECORDS])
def test_bad_record_raises_record_error_saying_what_and_where(change: Any, message: str) -> None:
    rec = _mutated(THREES_RECORD, change)
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert isinstance(info.value, EngineError)
    assert str(info.value).startswith(message), str(info.value)


def _kozel_record() -> dict[str, Any]:
    g = Game(variant("kozel", 2), seed=4)
    rng = random.Random(0)
    while len(g.rounds) < 3 and g.outcome is None:
        g.play(rng.choice(g.legal_moves()))
    return to_record(g)


def test_bad_first_leader_redeal_and_round_structure() -> None:
    rec = _kozel_record()
    assert len(rec["rounds"]) == 3
    bad = copy.deepcopy(rec)
    bad["rounds"][0]["leader"] = 1 - bad["rounds"][0]["leader"]
    with pytest.raises(RecordError, match=r"^round 0: seat \d must lead, not seat \d"):
        replay(bad)
    bad = copy.deepcopy(rec)
    bad["rounds"][1]["leader"] = 1 - bad["rounds"][1]["leader"]
    with pytest.raises(RecordError, match=r"^round 1: seat \d must lead"):
        replay(bad)
    bad = copy.deepcopy(rec)
    bad["rounds"][0]["moves"] = bad["rounds"][0]["moves"][:-1]
    with pytest.raises(RecordError, match=r"^round 1: the previous round is not over"):
        replay(bad)
    bad = copy.deepcopy(rec)
    bad["rounds"][0]["moves"].append("pass")
    n = len(rec["rounds"][0]["moves"])
    with pytest.raises(RecordError, match=f"^round 0, move {n}: the round is already over"):
        replay(bad)
    # redeal: five doubles in one hand
    bad = copy.deepcopy(rec)
    bad["rounds"] = [{
        "hands": [["1-1", "2-2", "3-3", "4-4", "5-5", "0-1", "0-2"],
                  ["0-3", "0-4", "0-5", "0-6", "1-2", "1-3", "1-4"]],
        "boneyard": _rest(["1-1", "2-2", "3-3", "4-4", "5-5", "0-1", "0-2"],
                          ["0-3", "0-4", "0-5", "0-6", "1-2", "1-3", "1-4"]),
        "leader": 0, "moves": []}]
    with pytest.raises(RecordError, match=r"^round 0: this deal must be redealt"):
        replay(bad)


def test_round_after_the_game_is_over_is_rejected() -> None:
    """4.2: threes ends after one round, so a record's second round is refused."""
    g = Game(variant("threes", 2), seed=1)
    rng = random.Random(0)
    while g.outcome is None:
        g.play(rng.choice(g.legal_moves()))
    rec = to_record(g)
    rec["rounds"].append(copy.deepcopy(rec["rounds"][0]))
    with pytest.raises(RecordError, match=r"^round 1: the game is over"):
        replay(rec)


# -------------------------------------------------------------------- CLI
def test_cli_replay_prints_the_design_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(BLOCK_RECORD), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"variant", "sides", "rounds", "totals", "winners"}
    assert out["variant"] == "block" and out["sides"] == [[0], [1]]
    rnd = out["rounds"][0]
    assert set(rnd) == {"moves", "end", "round_points"}
    assert all(set(m) == {"seat", "move", "points"} for m in rnd["moves"])
    assert rnd["end"] == {"kind": "fish", "seat": 0}


def test_cli_replay_from_stdin(monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(THREES_RECORD)))
    assert main(["replay", "-"]) == 0
    assert json.loads(capsys.readouterr().out) == THREES_SUMMARY


@pytest.mark.parametrize(("content", "code", "words"), [
    (b"{not json", 2, "not JSON"),
    (b"[" * 100_000, 2, "nested too deeply"),
    (b"\xff\xfe\x00garbage", 2, "not UTF-8"),
    (json.dumps(_mutated(THREES_RECORD, _set(("rounds", 0, "moves", 3), "draw"))).encode(),
     1, "round 0, move 3: 'draw'"),
    (json.dumps(_mutated(THREES_RECORD, _set(("rounds", 0, "hands", 1, 0), "²-1"))).encode(),
     1, "round 0: malformed tile"),
])
def test_cli_replay_bad_input_exits_non_zero_without_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        content: bytes, code: int, words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == code
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_cli_subprocess_replay_bad_record_and_simulate() -> None:
    """The real command line: exit codes, stderr with the move index, no traceback."""
    bad = _mutated(THREES_RECORD, _set(("rounds", 0, "moves", 5), "3-0:W"))
    p = subprocess.run([sys.executable, "-m", "engine", "replay", "-"], cwd=ROOT,
                       input=json.dumps(bad), capture_output=True, text=True, timeout=60)
    assert p.returncode != 0 and p.stdout == ""
    assert "round 0, move 5:" in p.stderr and "Traceback" not in p.stderr
    p = subprocess.run([sys.executable, "-m", "engine", "replay", "-"], cwd=ROOT,
                       input=json.dumps(THREES_RECORD), capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0 and json.loads(p.stdout) == THREES_SUMMARY
    p = subprocess.run([sys.executable, "-m", "engine", "simulate", "--variant", "kozel",
                        "--players", "3", "--games", "5", "--seed", "2"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["games"] == 5 and out["moves"] > 0
    assert {"seconds", "games_per_second"} <= set(out)
    p = subprocess.run([sys.executable, "-m", "engine", "simulate", "--variant", "telephone",
                        "--players", "3", "--games", "1"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode != 0 and "telephone" in p.stderr and "Traceback" not in p.stderr


def test_lead_notation_puts_the_first_pip_west() -> None:
    """DESIGN: a lead is written as placed west to east (`6-3` puts 6 west)."""
    rec = copy.deepcopy(THREES_RECORD)
    rec["rounds"][0]["moves"] = ["5-2"]
    game, _ = replay(rec)
    lead = game.round.table.lead
    assert lead is not None and (lead.inner, lead.outer) == (5, 2)
    assert replay_summary(game)["rounds"][0]["moves"][0]["move"] == "5-2"
    assert to_record(game)["rounds"][0]["moves"] == ["5-2"]
