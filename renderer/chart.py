"""A player's rating over his last games: a small line chart, pure data in, PNG out.

The same look as the table: the theme's felt, its panel for the header, the
shipped DejaVu fonts, one colour per line from the theme's side colours. Each
series is one family's conservative rating (mu - 3 sigma) after each of his
games in it; the lines share both axes (his last games, oldest at the left, and
the rating), so a rising rating is a line going up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from renderer.draw import _felt, _mix, encode
from renderer.scene import RenderResult
from renderer.text import draw_text, fit, font, sanitize, text_width
from renderer.theme import CLASSIC, Theme

__all__ = ["CHART_HEIGHT", "CHART_WIDTH", "ChartSeries", "RatingChart", "chart_png",
           "render_chart"]

CHART_WIDTH = 800
CHART_HEIGHT = 450
_HEADER = 64
_MARGIN = 18
_LEFT = 64  # room for the scale's numbers
_LEGEND = 34
_LINE = 4
_DOT = 5


@dataclass(frozen=True, slots=True)
class ChartSeries:
    """One line: its label (a family's name) and its value after each game of the
    chart, oldest first; None where that game was not of this line (the lines share
    the games, so each point stands over the game that made it)."""

    label: str
    values: tuple[float | None, ...]


@dataclass(frozen=True, slots=True)
class RatingChart:
    """What the chart shows: a title (the player's name) and its lines."""

    title: str
    series: tuple[ChartSeries, ...]
    subtitle: str = ""


def _scale(values: Sequence[float]) -> tuple[float, float, float]:
    """The lowest and highest value of the scale, and the step of its grid lines."""
    lo, hi = min(values), max(values)
    if hi - lo < 1.0:
        mid = (hi + lo) / 2
        lo, hi = mid - 1.0, mid + 1.0
    raw = (hi - lo) / 4
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return math.floor(lo / step) * step, math.ceil(hi / step) * step, step


def _label(value: float) -> str:
    return f"{value:.0f}" if abs(value - round(value)) < 1e-9 else f"{value:.1f}"


def render_chart(chart: RatingChart, theme: Theme = CLASSIC) -> RenderResult:
    """The chart as a PNG (CHART_WIDTH x CHART_HEIGHT)."""
    width, height = CHART_WIDTH, CHART_HEIGHT
    img = _felt(theme, width, height).copy()
    draw = ImageDraw.Draw(img)
    # the header: the title on the theme's panel, as the table's
    draw.rounded_rectangle((_MARGIN, _MARGIN, width - _MARGIN, _HEADER), radius=12,
                           fill=theme.panel)
    title_font, small = font(24, bold=True), font(16)
    title = fit(sanitize(chart.title, bold=True), title_font, width - 4 * _MARGIN - 200)
    draw_text(draw, (2 * _MARGIN, (_MARGIN + _HEADER) // 2), title, 24, bold=True,
              fill=theme.panel_text, anchor="lm")
    if chart.subtitle:
        draw_text(draw, (width - 2 * _MARGIN, (_MARGIN + _HEADER) // 2),
                  fit(sanitize(chart.subtitle), small, 200), 16,
                  fill=theme.panel_muted, anchor="rm")
    series = [s for s in chart.series if any(v is not None for v in s.values)]
    x0, x1 = _MARGIN + _LEFT, width - 2 * _MARGIN
    y0, y1 = _HEADER + 2 * _MARGIN, height - _MARGIN - (_LEGEND if series else 0)
    if not series:
        return RenderResult(encode(img, "PNG"), "PNG", width, height, ())
    lo, hi, step = _scale([v for s in series for v in s.values if v is not None])
    grid = _mix(theme.background, theme.panel, 0.35)
    label_color = theme.panel

    def y_of(value: float) -> float:
        return y1 - (value - lo) / (hi - lo) * (y1 - y0)

    steps = round((hi - lo) / step)
    for i in range(steps + 1):
        value = lo + i * step
        y = y_of(value)
        draw.line((x0, y, x1, y), fill=grid, width=1)
        draw.text((x0 - 10, y), _label(value), font=small, fill=label_color, anchor="rm")
    longest = max(len(s.values) for s in series)
    span = max(1, longest - 1)
    for index, s in enumerate(series):
        color = theme.side_colors[index % len(theme.side_colors)]
        points = [(x0 + i / span * (x1 - x0) if longest > 1 else x1, y_of(v))
                  for i, v in enumerate(s.values) if v is not None]
        if len(points) > 1:
            draw.line(points, fill=color, width=_LINE, joint="curve")
        for x, y in points:
            draw.ellipse((x - _DOT, y - _DOT, x + _DOT, y + _DOT), fill=color,
                         outline=theme.panel, width=1)
    # the legend: a coloured mark and each line's label
    x = x0
    for index, s in enumerate(series):
        color = theme.side_colors[index % len(theme.side_colors)]
        label = fit(sanitize(s.label), small, 220)
        cy = height - _MARGIN - _LEGEND // 2 + 4
        draw.rounded_rectangle((x, cy - 6, x + 22, cy + 6), radius=4, fill=color)
        draw_text(draw, (x + 30, cy), label, 16, fill=label_color, anchor="lm")
        x += 30 + int(text_width(label, 16)) + 24
        if x > x1 - 60:
            break
    return RenderResult(encode(img, "PNG"), "PNG", width, height, ())




def chart_png(chart: RatingChart) -> bytes:
    """The chart's PNG bytes, in the classic theme (what a worker process returns)."""
    return render_chart(chart).data
