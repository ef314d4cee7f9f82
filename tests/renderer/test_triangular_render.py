"""The ``triangular`` table picture: every state of random games laid out in
bounds, no two cells or texts overlapping, only public facts drawn, size bounded."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.triangular.rules import TriangularGame, corners, make_options
from renderer.triangular import (
    HEIGHT,
    WIDTH,
    Box,
    TriLabels,
    _caption,
    layout,
    render_triangular,
)


def inside(box: Box, area: Box) -> bool:
    return area[0] <= box[0] < box[2] <= area[2] and area[1] <= box[1] < box[3] <= area[3]


def overlap(a: Box, b: Box) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def in_triangle(p: tuple[float, float], tri: tuple[tuple[float, float], ...]) -> bool:
    (x1, y1), (x2, y2), (x3, y3) = tri
    d = (y2 - y3) * (x1 - x3) + (x3 - x2) * (y1 - y3)
    a = ((y2 - y3) * (p[0] - x3) + (x3 - x2) * (p[1] - y3)) / d
    b = ((y3 - y1) * (p[0] - x3) + (x1 - x3) * (p[1] - y3)) / d
    return a >= -1e-9 and b >= -1e-9 and 1 - a - b >= -1e-9


def check(view_layout: object) -> None:
    lay = view_layout
    assert hasattr(lay, "items")
    area = lay.area  # type: ignore[attr-defined]
    items = lay.items  # type: ignore[attr-defined]
    cells = [it.cell for it in items]
    assert len(cells) == len(set(cells))  # one item per cell: grid cells never overlap
    texts: list[Box] = []
    for it in items:
        for x, y in it.polygon:
            assert area[0] - 1e-6 <= x <= area[2] + 1e-6 and area[1] - 1e-6 <= y <= area[3] + 1e-6
        boxes = list(it.number_boxes) + ([it.label_box] if it.label_box else [])
        for box in boxes:
            assert inside(box, (0, 0, WIDTH, HEIGHT))
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            assert in_triangle(centre, it.polygon)  # each text inside its own cell
        texts.extend(boxes)
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            assert not overlap(a, b), (a, b)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))
def test_every_state_in_bounds_without_overlaps(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = TriangularGame(players, make_options(players), seed=seed)
    game.start_round()
    while not game.current.over:
        view = game.view(None)
        lay = layout(view)
        check(lay)
        placed = [it for it in lay.items if it.placed is not None]
        assert [it.cell for it in placed] == [p.cell for p in view.placed]
        assert sum(it.last for it in lay.items) == (1 if view.placed else 0)
        assert {it.cell for it in lay.items if it.placed is None} == set(view.open_cells)
        legal = game.legal_moves()
        game.apply(legal[int(rng.random() * len(legal))])


def test_picture_bounded_and_public() -> None:
    rng = random.Random(2)
    game = TriangularGame(["Anna", "Boris", "Vera", "Gleb"], seed=2)
    game.start_round()
    while not game.current.over:
        legal = game.legal_moves()
        game.apply(legal[int(rng.random() * len(legal))])
    # the picture is a function of the public view: any seat's view draws the same
    a = render_triangular(game.view(0))
    b = render_triangular(game.view(None))
    assert a.data == b.data
    assert a.data[:2] == b"\xff\xd8" and len(a.data) <= 250_000
    assert (a.width, a.height) == (WIDTH, HEIGHT)
    for p in game.view(None).placed:  # the numbers sit at the cell's own corners
        assert len(corners(p.cell)) == 3


def test_caption_names_the_bonus() -> None:
    from engine.triangular.record import replay
    from tests.engine.triangular.test_triangular import T_E5_HANDS, T_E5_MOVES, record

    game, _ = replay(record(T_E5_HANDS, T_E5_MOVES[:9]))
    assert _caption(game.view(None), TriLabels()).endswith("+45 · bridge +40")
    game, _ = replay(record(T_E5_HANDS, T_E5_MOVES))
    assert _caption(game.view(None), TriLabels()) == "Boris: 0-2-2 ▼0,-1 +64 · hexagon +60 (×2)"
