"""The rating chart: a PNG of bounded size, not blank, whose line goes the way the
ratings go; deterministic; names the font lacks do not break it."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderer.chart import CHART_HEIGHT, CHART_WIDTH, ChartSeries, RatingChart, render_chart
from renderer.theme import CLASSIC, DARK, KIDS, Theme


def _image(chart: RatingChart, theme: Theme = CLASSIC) -> Image.Image:
    result = render_chart(chart, theme)
    assert result.format == "PNG" and result.mime_type == "image/png"
    img = Image.open(io.BytesIO(result.data))
    assert img.format == "PNG"
    assert img.size == (result.width, result.height) == (CHART_WIDTH, CHART_HEIGHT)
    assert len(result.data) < 200_000  # small: a chat picture, not a poster
    return img.convert("RGB")


def _line_heights(img: Image.Image, color: tuple[int, int, int]) -> list[tuple[int, int]]:
    """(x, y) of every pixel of exactly the line's colour."""
    px = img.load()
    assert px is not None
    return [(x, y) for x in range(img.width) for y in range(img.height) if px[x, y] == color]


def _mean_y(points: list[tuple[int, int]], x_from: float, x_to: float) -> float:
    ys = [y for x, y in points if x_from <= x < x_to]
    assert ys, (x_from, x_to)
    return sum(ys) / len(ys)


@pytest.mark.parametrize("theme", [CLASSIC, DARK, KIDS], ids=lambda t: t.name)
def test_a_rising_rating_is_a_line_going_up(theme: Theme) -> None:
    rising = tuple(float(v) for v in range(-5, 15))
    img = _image(RatingChart("Anna", (ChartSeries("Goat", rising),)), theme)
    points = _line_heights(img, theme.side_colors[0])
    assert len(points) > 500  # a line was drawn
    left = _mean_y(points, 0, CHART_WIDTH / 3)
    right = _mean_y(points, 2 * CHART_WIDTH / 3, CHART_WIDTH)
    assert right < left - 100  # higher on the picture is a smaller y
    falling = _image(RatingChart("Anna", (ChartSeries("Goat", rising[::-1]),)), theme)
    points = _line_heights(falling, theme.side_colors[0])
    assert _mean_y(points, 2 * CHART_WIDTH / 3, CHART_WIDTH) > \
        _mean_y(points, 0, CHART_WIDTH / 3) + 100


def test_not_blank_and_two_lines_in_two_colours() -> None:
    a = (1.0, None, 2.0, None, 3.0, 4.0)
    b = (None, 5.0, None, 3.0, None, None)
    img = _image(RatingChart("Anna", (ChartSeries("Goat", a), ChartSeries("Fives", b)),
                             subtitle="last 6 games"))
    colors = img.getcolors(maxcolors=1 << 20)
    assert colors is not None and len(colors) > 50
    assert _line_heights(img, CLASSIC.side_colors[0])
    assert _line_heights(img, CLASSIC.side_colors[1])


def test_deterministic_and_odd_input() -> None:
    chart = RatingChart("Анна 🐐 " + "x" * 200, (ChartSeries("Goat 🎲", (3.0,)),))
    assert render_chart(chart).data == render_chart(chart).data
    _image(chart)  # one game only: a dot
    _image(RatingChart("flat", (ChartSeries("Goat", (2.0, 2.0, 2.0)),)))
    _image(RatingChart("none", ()))  # nothing rated: the frame only
    _image(RatingChart("huge", (ChartSeries("Goat", (-1e6, 1e6)),)))
