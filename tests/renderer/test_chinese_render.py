"""The ``chinese`` table picture: every state of random games laid out in bounds
without overlaps, only public tiles drawn, within the size limit."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chinese import ChineseGame
from renderer.chinese import HEIGHT, WIDTH, Item, layout, render_chinese


def overlap(a: Item, b: Item) -> bool:
    return not (a.box[2] <= b.box[0] or b.box[2] <= a.box[0]
                or a.box[3] <= b.box[1] or b.box[3] <= a.box[1])


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))
def test_every_state_in_bounds_without_overlaps(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = ChineseGame(players, seed=seed)
    game.start_round()
    while not game.current.over:
        view = game.view(None)
        items = layout(view)
        for item in items:
            x0, y0, x1, y1 = item.box
            assert 0 <= x0 < x1 <= WIDTH and 0 <= y0 < y1 <= HEIGHT
        for i, a in enumerate(items):
            for b in items[i + 1:]:
                assert not overlap(a, b), (a, b)
        # Face-down tiles are drawn as backs: no face of a hidden tile.
        hidden = sum(e["count"] for e in view["trick"] if e["down"])
        assert sum(1 for it in items if it.kind == "back") == hidden
        game.play(game.current.turn, rng.choice(game.legal_plays()))


def test_picture_size_bounded() -> None:
    rng = random.Random(2)
    game = ChineseGame(["Anna", "Boris", "Vera", "Gleb"], seed=2)
    game.start_round()
    for _ in range(18):
        game.play(game.current.turn, rng.choice(game.legal_plays()))
    data, items = render_chinese(game.view(None))
    assert data[:2] == b"\xff\xd8" and len(data) <= 250_000
    assert any(it.kind in ("tile", "back") for it in items)
