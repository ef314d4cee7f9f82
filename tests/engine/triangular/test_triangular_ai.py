"""triangular's computer players: legal moves from the seat's view only."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.triangular.ai import (
    LEVELS,
    TriBudget,
    make_player,
    sample_world,
    simulate_ai,
)
from engine.triangular.rules import TRIANGLE_SET, TriangularGame, make_options

SMALL = TriBudget(candidates=3, worlds=3, horizon=2)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_every_level_plays_legal_moves_to_the_end(seed: int, players: int) -> None:
    opts = make_options(players, {"target": 100})
    game = TriangularGame(players, opts, seed=seed)
    chosen = [make_player(LEVELS[s % 3], seed + s, opts, SMALL) for s in range(players)]
    while not game.over:
        if not game.rounds or game.current.over:
            game.start_round()
        seat = game.current.turn
        view = game.view(seat)
        move = chosen[seat](view)
        assert move in view.legal
        game.play(seat, move)


def test_sampled_worlds_agree_with_the_view() -> None:
    game = TriangularGame(3, seed=3)
    game.start_round()
    rng = random.Random(1)
    for _ in range(12):
        game.apply(game.legal_moves()[0])
    view = game.view(game.current.turn)
    for _ in range(5):
        world = sample_world(view, rng)
        assert [len(h) for h in world.hands] == list(view.counts)
        assert world.hands[view.seat or 0] == list(view.hand)
        assert world.pool == view.pool
        held = [t for h in world.hands for t in h] + list(world.pool_order) + [
            p.tile for p in world.grid.cells.values()]
        assert sorted(t.index for t in held) == [t.index for t in TRIANGLE_SET]


def test_same_seed_same_decisions() -> None:
    a = simulate_ai(2, 4, 7, ["hard", "medium"], {"target": 100}, SMALL)
    b = simulate_ai(2, 4, 7, ["hard", "medium"], {"target": 100}, SMALL)
    assert a["wins"] == b["wins"] and a["moves"] == b["moves"]
    assert a["head_to_head"]["hard_vs_medium"]["games"] == 4
