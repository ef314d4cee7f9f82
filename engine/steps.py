"""A finished game replayed step by step from its record (``domino-record/1``), for
every game kind: the steps in order and the position at each.

A step is a round's deal (the position before its first move) or one entry of the
record's moves (a tile, a draw, a pass, a turn of several placements ...). The
position at a step is the record cut just after that entry, replayed by the kind's
own record replay (a round still under way is simply shorter: docs/record-format.md),
so what it shows is exactly what the rules made of the record. Everything here is a
pure function of the record; the bot runs it in its render worker.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import RecordError
from engine.core.kind import Piece, PlayedGame
from engine.core.results import MoveResult, RoundEnd
from engine.core.view import SeatView
from engine.games import kind_of, replay

__all__ = ["Frame", "Step", "clamp", "frame_at", "replay_steps", "round_starts", "truncated"]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay. ``move_index`` None: the round's deal (``seat`` its
    leader, ``move`` ""); else the round's ``move_index``-th entry, written ``move``,
    made by ``seat``, scoring ``points`` in play. ``number``: the moves made up to
    this step in the whole game (0 at the first deal). On a round's last move ``end``
    says how it ended and ``round_points`` what it wrote per side."""

    round_index: int
    move_index: int | None
    seat: int
    move: str
    points: int
    number: int
    end: RoundEnd | None = None
    round_points: tuple[int, ...] = ()

    @property
    def deal(self) -> bool:
        return self.move_index is None


@dataclass(frozen=True, slots=True)
class Frame:
    """The position at one step: the public view then (every piece on the table, the
    totals, whose turn), every seat's hand then, and what the step's entry did (its
    actions' results, in order; none for a deal)."""

    step: Step
    view: SeatView
    hands: tuple[tuple[Piece, ...], ...]
    results: tuple[MoveResult, ...]


def _rounds(record: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError("'rounds' must be a non-empty list")
    return rounds


def replay_steps(record: Mapping[str, Any]) -> tuple[Step, ...]:
    """Every step of the record's game, in order: each round's deal, then its moves
    (RecordError for a record that does not replay)."""
    game, _ = replay(record)
    leaders = [int(r.get("leader", 0)) for r in _rounds(record)]
    return steps_of(game, leaders)


def steps_of(game: PlayedGame, leaders: Sequence[int]) -> tuple[Step, ...]:
    """The steps of a game replayed from its record (``leaders``: each round's, as
    the record says)."""
    summary = kind_of(game.variant).replay_summary(game)
    out: list[Step] = []
    number = 0
    for r, (shown, played) in enumerate(zip(summary["rounds"], game.rounds, strict=True)):
        moves = shown["moves"]
        out.append(Step(r, None, leaders[r], "", 0, number))
        last = len(moves) - 1
        for m, move in enumerate(moves):
            number += 1
            end = played.end if m == last else None
            points = tuple(played.points or ()) if end is not None else ()
            out.append(Step(r, m, int(move["seat"]), str(move["move"]), int(move["points"]),
                            number, end, points))
    return tuple(out)


def round_starts(steps: Sequence[Step]) -> tuple[int, ...]:
    """The index of each round's deal among ``steps``."""
    return tuple(i for i, s in enumerate(steps) if s.deal)


def clamp(index: int, steps: Sequence[Step]) -> int:
    """``index`` within the steps (an old or forged one is brought to the nearest end)."""
    return max(0, min(index, len(steps) - 1))


def truncated(record: Mapping[str, Any], round_index: int, moves: int) -> dict[str, Any]:
    """The record cut after the first ``moves`` entries of round ``round_index`` (the
    later rounds left out, the deal's secret too: a cut record is no whole game)."""
    rounds = _rounds(record)
    cut = dict(rounds[round_index])
    cut["moves"] = list(cut.get("moves", []))[:moves]
    out = {k: v for k, v in record.items() if k not in ("rounds", "deal")}
    out["rounds"] = [*rounds[:round_index], cut]
    return out


def frame_at(record: Mapping[str, Any], steps: Sequence[Step], index: int) -> Frame:
    """The position at ``steps[index]`` (clamped), replayed from the record: the record
    cut before the step's entry, the entry played on it (its results), then the view
    and every hand. When that entry ends a round, a kind that deals the next round at
    once is replayed from the record cut after it instead, so the view is the ended
    round's."""
    step = steps[clamp(index, steps)]
    r = step.round_index
    if step.move_index is None:
        game, _ = replay(truncated(record, r, 0))
        results: list[MoveResult] = []
    else:
        game, _ = replay(truncated(record, r, step.move_index))
        entry = _rounds(record)[r]["moves"][step.move_index]
        results = kind_of(game.variant).play_written(game, str(entry))
        if any(res.new_round for res in results):
            game, _ = replay(truncated(record, r, step.move_index + 1))
    hands = tuple(tuple(h) for h in game.rounds[r].hands)
    return Frame(step, game.view(None), hands, tuple(results))
