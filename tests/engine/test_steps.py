"""The replay's steps built from a record (engine/steps.py): each round's deal then its
moves, in the record's order, the positions replayed from the record cut at each."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.errors import RecordError
from engine.games import kind_of, new_game
from engine.steps import clamp, frame_at, replay_steps, round_starts, truncated
from engine.variants import make_variant


def finished(name: str, players: int, seed: int, options: dict[str, Any] | None = None
             ) -> dict[str, Any]:
    variant = make_variant(name, players, options or {})
    game = new_game(variant, seed)
    kind = kind_of(variant)
    rng = random.Random(seed)
    while game.outcome is None:
        kind.play(game, rng.choice(game.legal_moves()))
    return kind.to_record(game, [f"P{i}" for i in range(players)])


CASES = [("kozel", 4, {}), ("block", 2, {}), ("kolbasa", 2, {}), ("semerka", 4, {}),
         ("chinese", 4, {"rounds": 4}), ("triangular", 2, {"target": 100}),
         ("mexican_train", 3, {"rounds": 1}), ("chicken_foot", 2, {"rounds": 1})]


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_steps_follow_the_record(name: str, players: int, options: dict[str, Any]) -> None:
    record = finished(name, players, 3, options)
    steps = replay_steps(record)
    rounds = record["rounds"]
    # a deal per round, then each written move, in order
    assert len(steps) == len(rounds) + sum(len(r["moves"]) for r in rounds)
    assert round_starts(steps) == tuple(i for i, s in enumerate(steps) if s.deal)
    written = [(s.round_index, s.move) for s in steps if not s.deal]
    assert written == [(i, m) for i, r in enumerate(rounds) for m in r["moves"]]
    assert [s.number for s in steps if not s.deal] == list(range(1, len(written) + 1))
    for r, start in enumerate(round_starts(steps)):
        assert steps[start].seat == rounds[r]["leader"]
    ended = [s for s in steps if s.end is not None]
    assert all(s.move_index == len(rounds[s.round_index]["moves"]) - 1 for s in ended)


@pytest.mark.parametrize(("name", "players", "options"), CASES[:2] + CASES[4:])
def test_frames_replay_each_position(name: str, players: int, options: dict[str, Any]
                                     ) -> None:
    record = finished(name, players, 5, options)
    steps = replay_steps(record)
    for index, step in enumerate(steps):
        frame = frame_at(record, steps, index)
        assert frame.step == step and frame.view.round_index == step.round_index
        assert len(frame.hands) == players
        if step.deal:
            assert frame.view.table_empty and not frame.results
        else:
            assert frame.results and frame.results[0].seat == step.seat
    assert frame_at(record, steps, len(steps) - 1).view.outcome is not None


def test_clamp_and_cut() -> None:
    record = finished("block", 2, 1)
    steps = replay_steps(record)
    assert clamp(-5, steps) == 0 and clamp(10**6, steps) == len(steps) - 1
    cut = truncated(record, 0, 2)
    assert cut["rounds"][0]["moves"] == record["rounds"][0]["moves"][:2]
    assert "deal" not in cut and len(cut["rounds"]) == 1
    assert frame_at(record, steps, 10**6).step == steps[-1]


def test_a_record_that_does_not_replay() -> None:
    with pytest.raises(RecordError):
        replay_steps({"format": "domino-record/1", "variant": "block", "rounds": []})
