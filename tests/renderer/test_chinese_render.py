"""The ``chinese`` table picture: every state of random games laid out in bounds
without overlaps, only public tiles drawn, within the size limit."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chinese.rules import ChineseGame
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


def _pip_colours(text: str) -> tuple[int, int]:
    """Red and black pixels of one tile drawn alone on white (its outline aside)."""
    from PIL import Image, ImageDraw

    from renderer.chinese import BLACK, RED, _draw_tile

    image = Image.new("RGB", (120, 220), (255, 255, 255))
    _draw_tile(ImageDraw.Draw(image), (10, 10, 110, 210), text, framed=False)
    inner = image.crop((24, 24, 96, 196))  # inside the rounded outline: only the pips
    counts = dict((colour, n) for n, colour in inner.getcolors(1 << 16) or [])
    return counts.get(RED, 0), counts.get(BLACK, 0)


def test_red_pips_as_the_real_set() -> None:
    """docs/rules.md 4.20: ones and fours are red, the rest black; 6-6 is half red."""
    for text in ("1-1", "4-4", "1-4"):
        red, black = _pip_colours(text)
        assert red > 0 and black == 0, text
    for text in ("2-2", "3-3", "5-5", "2-6", "3-5"):
        red, black = _pip_colours(text)
        assert red == 0 and black > 0, text
    red, black = _pip_colours("1-6")  # the one red, the six black
    assert red > 0 and black > 0
    red, black = _pip_colours("6-6")
    assert red > 0 and abs(red - black) <= red // 10, (red, black)
