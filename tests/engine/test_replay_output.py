"""One replay output for every game kind (docs/record-format.md, "replay"): a
replayed record of the domino kind, of Chinese dominoes and of triangular dominoes
checked field by field: the shape, the sides, every move with its seat, entry and
points, ``end`` and ``winners`` null while unfinished, no round the record does not
hold, and the rounds' points adding up to the totals."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.__main__ import main
from engine.core.kind import PlayedGame
from engine.core.replay import ReplayedMove, ReplayedRound, replay_output
from engine.core.results import EndKind, GameEndReason, GameOutcome, RoundEnd
from engine.games import kind_of, replay
from engine.variants import make_variant

KINDS = [
    ("kozel", 4, {"teams": True}, {"domino", "fish", "eggs"}),
    ("block", 3, {}, {"domino", "fish", "eggs"}),
    ("chinese", 3, {"rounds": 4}, {"tricks"}),
    ("triangular", 2, {"target": 200}, {"domino", "fish", "eggs"}),
]


def _play(variant: str, players: int, options: dict[str, Any], seed: int,
          rounds: int | None) -> tuple[PlayedGame, list[list[tuple[int, str]]]]:
    """A game of random legal moves, played through its kind: until ``rounds`` rounds
    have begun (None: to its end); and each round's (seat, entry) as played."""
    v = make_variant(variant, players, options)
    kind = kind_of(v)
    game = kind.new_game(v, seed)
    rng = random.Random(seed)
    played: list[list[tuple[int, str]]] = [[]]
    while game.outcome is None and (rounds is None or len(game.rounds) <= rounds):
        legal = game.legal_moves()
        seat = game.current_seat
        assert seat is not None and legal
        result, entry = kind.play(game, rng.choice(legal))
        assert result.seat == seat
        played[-1].append((seat, entry))
        if len(game.rounds) > len(played):
            played.append([])
    return game, played


def _summary(game: PlayedGame, names: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    kind = kind_of(game.variant)
    record = json.loads(json.dumps(kind.to_record(game, names)))
    replayed, _ = replay(record)
    return kind.replay_summary(replayed), record


def _check_shape(out: dict[str, Any], record: dict[str, Any], variant: str, players: int,
                 teams: bool, end_kinds: set[str]) -> None:
    assert set(out) == {"variant", "sides", "rounds", "totals", "winners"}
    assert out["variant"] == variant
    sides = [[0, 2], [1, 3]] if teams else [[s] for s in range(players)]
    assert out["sides"] == sides
    assert len(out["rounds"]) == len(record["rounds"])  # no round the record lacks
    assert len(out["totals"]) == len(sides)
    for rnd, raw in zip(out["rounds"], record["rounds"], strict=True):
        assert set(rnd) == {"moves", "end", "round_points"}
        assert all(set(m) == {"seat", "move", "points"} for m in rnd["moves"])
        assert [m["move"] for m in rnd["moves"]] == raw["moves"]
        assert all(isinstance(m["seat"], int) and 0 <= m["seat"] < players
                   and isinstance(m["points"], int) for m in rnd["moves"])
        assert len(rnd["round_points"]) == len(sides)
        if rnd["end"] is not None:
            assert set(rnd["end"]) == {"kind", "seat"}
            assert rnd["end"]["kind"] in end_kinds and 0 <= rnd["end"]["seat"] < players
    for before in out["rounds"][:-1]:  # a round follows only a finished one
        assert before["end"] is not None


@pytest.mark.parametrize(("variant", "players", "options", "end_kinds"), KINDS)
def test_a_game_under_way_replays_to_the_one_shape(variant: str, players: int,
                                                   options: dict[str, Any],
                                                   end_kinds: set[str]) -> None:
    game, played = _play(variant, players, options, 3, rounds=1)
    names = [f"N{i}" for i in range(players)]
    out, record = _summary(game, names)
    _check_shape(out, record, variant, players, bool(options.get("teams")), end_kinds)
    if game.outcome is None:
        assert out["winners"] is None  # null, not [], while the game goes on
        assert out["rounds"][-1]["end"] is None  # the next round, dealt, not played
    # every move's seat and entry as it was played
    for rnd, moves in zip(out["rounds"], played, strict=False):
        assert [(m["seat"], m["move"]) for m in rnd["moves"]] == moves
    assert out["totals"] == list(game.totals)


@pytest.mark.parametrize(("variant", "players", "options", "end_kinds"), KINDS)
def test_a_finished_game_replays_with_winners_and_points_adding_up(
        variant: str, players: int, options: dict[str, Any], end_kinds: set[str]) -> None:
    game, _ = _play(variant, players, options, 5, rounds=None)
    assert game.outcome is not None
    out, record = _summary(game, [f"N{i}" for i in range(players)])
    _check_shape(out, record, variant, players, bool(options.get("teams")), end_kinds)
    assert out["winners"] == list(game.outcome.winners) and out["winners"]
    assert out["totals"] == list(game.totals)
    sums = [sum(r["round_points"][side] for r in out["rounds"])
            for side in range(len(out["sides"]))]
    assert sums == out["totals"]
    assert out["rounds"][-1]["end"] is not None or variant not in ("chinese", "triangular")


@pytest.mark.parametrize("variant, players, options", [
    ("chinese", 3, {"rounds": 4}), ("triangular", 2, {"target": 400})])
def test_a_record_that_stops_after_a_finished_round_lists_no_empty_round(
        variant: str, players: int, options: dict[str, Any]) -> None:
    """The kind's game deals the next round at once; its record holds that round
    (empty). Without it, the replay lists the finished round last, not an empty one."""
    game, _ = _play(variant, players, options, 8, rounds=1)
    kind = kind_of(game.variant)
    record = json.loads(json.dumps(kind.to_record(game, ["A", "B", "C"][:players])))
    assert record["rounds"][-1]["moves"] == [] and len(record["rounds"]) == 2
    del record["rounds"][-1]
    replayed, names = replay(record)
    out = kind.replay_summary(replayed)
    assert len(out["rounds"]) == 1 and out["rounds"][0]["end"] is not None
    assert out["winners"] is None
    assert kind.to_record(replayed, names) == record  # the record replays to itself
    assert replayed.current_seat is None and replayed.legal_moves() == []


@pytest.mark.parametrize(("variant", "players", "options", "end_kinds"), KINDS)
def test_the_command_line_prints_the_kinds_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str, players: int,
        options: dict[str, Any], end_kinds: set[str]) -> None:
    game, _ = _play(variant, players, options, 2, rounds=1)
    out, record = _summary(game, [f"N{i}" for i in range(players)])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == out


def test_the_chinese_worked_example_gives_each_play_its_seat() -> None:
    from .chinese.test_chinese import C_E5
    game, _ = replay(C_E5)
    out = kind_of("chinese").replay_summary(game)
    rnd = out["rounds"][0]
    assert [m["seat"] for m in rnd["moves"][:4]] == [0, 1, 2, 3]  # Anna, the banker, leads
    assert rnd["moves"][4]["seat"] == 3  # Gleb won the first trick and leads the next
    assert all(m["points"] == 0 for m in rnd["moves"])  # nothing is scored in play
    assert rnd["end"] == {"kind": "tricks", "seat": 3}
    assert rnd["round_points"] == [-2, -2, -5, 9] and out["totals"] == [-2, -2, -5, 9]
    assert out["winners"] is None and len(out["rounds"]) == 1


def test_replay_output_writes_the_shape_once() -> None:
    end = RoundEnd(EndKind.TRICKS, 1, (0, 0), (0, 0), 1, (-4, 4))
    out = replay_output("chinese", [(0,), (1,)],
                        [ReplayedRound((ReplayedMove(0, "6-6"), ReplayedMove(1, "1-1", 0)),
                                       end, (-4, 4)),
                         ReplayedRound((), None, (0, 0))],
                        [-4, 4], None)
    assert out == {"variant": "chinese", "sides": [[0], [1]],
                   "rounds": [{"moves": [{"seat": 0, "move": "6-6", "points": 0},
                                         {"seat": 1, "move": "1-1", "points": 0}],
                               "end": {"kind": "tricks", "seat": 1},
                               "round_points": [-4, 4]},
                              {"moves": [], "end": None, "round_points": [0, 0]}],
                   "totals": [-4, 4], "winners": None}
    over = replay_output("x", [(0,), (1,)], [], [1, 0],
                         GameOutcome((0,), (1,), GameEndReason.ROUNDS))
    assert over["winners"] == [0]
