"""The expert computer level of every game family, through its kind's ``decide`` (the
path the service takes): it plays a whole short game with legal moves only, and a
decision is the same again from the same seed and view. The levels are declared once
(engine/core/levels.py); the domino family keeps its own list, which must agree."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.catalogue import Variant
from engine.core.levels import LEVELS
from engine.core.moves import Move
from engine.domino import ai as domino_ai
from engine.games import kind_of
from engine.variants import make_variant

# short games of each family: one round, the smallest sets, two players where allowed
SHORT: list[tuple[str, int, dict[str, Any]]] = [
    ("chinese", 4, {"rounds": 4}),
    ("triangular", 2, {"target": 100}),
    ("mexican_train", 2, {"rounds": 1, "set": 9}),
    ("chicken_foot", 2, {"rounds": 1, "set": 6}),
]
CHECKED = 6  # the expert decisions decided twice (the rest are only checked legal)


def test_one_declaration_of_the_levels() -> None:
    assert LEVELS[-2:] == ("hard", "expert")
    assert domino_ai.LEVELS == LEVELS


@pytest.mark.parametrize(("name", "players", "options"), SHORT)
def test_expert_plays_legal_moves_and_is_reproducible(name: str, players: int,
                                                      options: dict[str, Any]) -> None:
    variant: Variant = make_variant(name, players, options)
    kind = kind_of(variant)
    game = kind.new_game(variant, 5)
    checked = decided = 0
    while game.outcome is None:
        seat = game.current_seat
        assert seat is not None
        view = game.view(seat)
        level = "expert" if seat == 0 else "medium"
        move: Move = kind.decide(level, 11, variant, view)
        assert move in game.legal_moves()
        if level == "expert":
            decided += 1
            if checked < CHECKED and len(game.legal_moves()) > 1:
                assert kind.decide(level, 11, variant, game.view(seat)) == move
                checked += 1
        game.play(move)
    assert game.outcome is not None
    assert decided and checked
