"""The mexican_train picture, by properties of the image: its size, every train's
row drawn, the names' column not blank, a long train folded inside the canvas, no
hand tile anywhere, the same table giving the same bytes."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image, ImageStat

from renderer.samples import long_trains, trains_round
from renderer.theme import CLASSIC
from renderer.trains import (
    HEIGHT,
    LABEL_W,
    MARGIN,
    WIDTH,
    TrainsTable,
    layout,
    render_trains,
    table_of,
)


def image(table: TrainsTable, banner: str | None = None) -> Image.Image:
    result = render_trains(table, banner=banner)
    assert result.format == "JPEG" and (result.width, result.height) == (WIDTH, HEIGHT)
    assert 20_000 < len(result.data) < 400_000  # a photo Telegram takes, quickly sent
    img = Image.open(io.BytesIO(result.data))
    assert img.size == (WIDTH, HEIGHT)
    return img.convert("RGB")


def spread(img: Image.Image, box: tuple[int, int, int, int]) -> float:
    """How much a region varies (0: one flat colour)."""
    return max(ImageStat.Stat(img.crop(box)).stddev)


def test_the_biggest_table_stays_inside_the_canvas_and_folds_long_trains() -> None:
    table = long_trains()
    lay = layout(table)
    assert len(lay.rows) == 9  # eight seats and the Mexican train
    for item in lay.rows:
        for tile in item.tiles:
            x0, y0, x1, y1 = tile.box
            assert MARGIN <= x0 < x1 <= WIDTH - MARGIN and 0 <= y0 < y1 <= HEIGHT
            assert item.box[1] <= y0 and y1 <= item.box[3]  # inside its own row
        assert item.folded + len(item.tiles) == len(item.row.tiles)
    longest = max(lay.rows, key=lambda r: len(r.row.tiles))
    assert longest.folded > 0 and longest.fold_box is not None
    assert longest.tiles[-1].pips == longest.row.tiles[-1]  # the newest tile is kept
    assert lay.unit >= 20  # still legible with nine rows
    img = image(table)
    for item in lay.rows:  # each train's row has tiles drawn, each label a name
        if item.tiles:
            assert spread(img, item.tiles[-1].box) > 20
        assert spread(img, item.label_box) > 15
    empty = next(r for r in lay.rows if not r.row.tiles)
    x = lay.engine_box[2] + 40
    assert spread(img, (x, empty.box[1] + 8, WIDTH - MARGIN, empty.box[3] - 8)) < 12


def test_owed_double_is_ringed_and_no_hand_is_drawn() -> None:
    table = long_trains()
    lay = layout(table)
    owed = [t for r in lay.rows for t in r.tiles if t.owed]
    assert len(owed) == 1 and owed[0].vertical
    img = image(table)
    x0, y0, _x1, y1 = owed[0].box
    ring = [img.getpixel((x, y)) for x in range(x0 - 4, x0 - 1) for y in range(y0, y1)]
    assert any(r > 180 and g < 120 and b < 120 for r, g, b in ring)  # type: ignore[misc]
    # every tile drawn is on a train (or the engine): as many as the trains show
    drawn = sum(len(r.tiles) for r in lay.rows)
    assert drawn == sum(len(r.row.tiles) - r.folded for r in lay.rows)


def test_every_seat_sees_the_same_picture_whatever_his_hand() -> None:
    """Drawn from the public table only: the views of two seats (different hands)
    and of an onlooker give the same bytes."""
    from engine.trains.kind import TrainsMatch
    from engine.variants import make_variant

    game = TrainsMatch(make_variant("mexican_train", 3, {"set": 9}), 4)
    for _ in range(8):
        game.play(game.legal_moves()[0])
    pictures = set()
    for seat in (0, 1, None):
        view = game.view(seat)
        assert (seat is None) == (not view.hand)
        table = table_of(view.detail, ["Anna", "Boris", "Vera"], turn=view.turn,
                         totals=view.totals, boneyard=view.boneyard_left)
        pictures.add(render_trains(table).data)
    assert len(pictures) == 1


def test_a_played_round_and_the_banner() -> None:
    for players, set_ in ((2, 9), (4, 12), (8, 12)):
        table = trains_round(players, set_, seed=players)
        assert len(table.rows) == players + 1
        img = image(table)
        lay = layout(table)
        assert lay.engine_box[0] >= MARGIN + LABEL_W
        assert spread(img, lay.engine_box) > 20
    plain = image(trains_round(3, 9, seed=2, moves=6))
    with_banner = image(trains_round(3, 9, seed=2, moves=6), banner="Anna won the game")
    mid = (WIDTH // 2 - 100, HEIGHT // 2 - 20, WIDTH // 2 + 100, HEIGHT // 2 + 20)
    accent = CLASSIC.accent
    assert ImageStat.Stat(plain.crop(mid)).mean != ImageStat.Stat(with_banner.crop(mid)).mean
    r, g, b = ImageStat.Stat(with_banner.crop(mid)).median
    assert abs(r - accent[0]) + abs(g - accent[1]) + abs(b - accent[2]) < 200


def test_the_same_table_gives_the_same_bytes() -> None:
    table = long_trains(seed=3)
    assert render_trains(table).data == render_trains(table).data
    other = replace(table, names=("Someone else", *table.names[1:]))
    assert render_trains(other).data != render_trains(table).data
