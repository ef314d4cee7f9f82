"""Helpers for the tests of the variants of docs/rules.md 4.7-4.17.

``turn(game, "3-3:N+5-5:S")`` plays one record move exactly as ``replay`` does
(a turn of several placements, closers ``#``, ``open:E``, ``take:...``; a turn
still open after its placements is ended unless the text ends in ``+``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.domino.game import Game
from engine.domino.record import _play_entry, replay, replay_summary, to_record
from engine.variants import make_variant

from .helpers import deal


def game(name: str, players: int, hands: Sequence[str], boneyard: str = "", leader: int = 0,
         forced: str | None = None, options: dict[str, Any] | None = None,
         seed: int = 0, more: Sequence[Any] = ()) -> Game:
    """A game of one given deal (and the ``more`` deals after it)."""
    d = deal(hands, boneyard, leader, forced)
    return Game(make_variant(name, players, options), seed=seed, deals=[d, *more])


def turn(g: Game, *texts: str) -> None:
    for text in texts:
        _play_entry(g, text)


def record_moves(g: Game, round_index: int = -1) -> list[str]:
    return [m for _, m, _ in g.rounds[round_index].moves]


def roundtrip(g: Game) -> dict[str, Any]:
    """Record -> JSON -> replay gives the same summary; return the record."""
    rec = json.loads(json.dumps(to_record(g)))
    g2, _ = replay(rec)
    assert replay_summary(g2) == replay_summary(g)
    return rec


def legal(g: Game) -> set[str]:
    """Legal moves as text: ``4-1:E``, ``4-4:E#``, ``open:E``, ``done``, ``draw``..."""
    from engine.core.moves import Cut, Done, Draw, Open, Pass, Place, Take
    out = set()
    for m in g.legal_moves():
        if isinstance(m, Place):
            t = f"{m.tile}:{m.end}" if m.end is not None else str(m.tile)
            out.add(t + ("#" if m.face_down else ""))
        elif isinstance(m, Open):
            out.add(f"open:{m.end}")
        elif isinstance(m, Done):
            out.add("done")
        elif isinstance(m, Draw):
            out.add("draw")
        elif isinstance(m, Pass):
            out.add("pass")
        elif isinstance(m, Take):
            out.add("take:" + "+".join(map(str, m.tiles)))
        elif isinstance(m, Cut):  # kolbasa, the tile low-high
            out.add(f"cut:{m.tile}")
    return out
