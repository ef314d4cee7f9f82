"""A tournament's standings as a picture: pure data in, PNG out.

The same look as the table and the rating chart: the theme's felt, its panel for the
header, the shipped DejaVu fonts. Under the header one row a player, in the order of
the standings: his place, his name, then the figures of the standings' columns
(points, wins, draws, losses, the tie-break), right-aligned under their headings.
The leader's place stands on the theme's accent; a withdrawn player's row is
greyed. The caller gives every text already in the reader's language: the picture
draws words, it never chooses them.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from renderer.draw import _felt, _mix, encode
from renderer.scene import RenderResult
from renderer.text import draw_text, fit, sanitize, text_width
from renderer.theme import CLASSIC, Theme

__all__ = ["MAX_ROWS", "STANDINGS_WIDTH", "StandingRow", "Standings", "render_standings",
           "standings_height", "standings_png"]

STANDINGS_WIDTH = 800
MAX_ROWS = 32  # a Swiss tournament's most players; more are cut (the text has them all)
_MARGIN = 18
_HEADER = 64
_HEADINGS = 34  # the row of the columns' headings
_ROW = 34
_PLACE = 52  # the place column's width
_CELL = 72  # each figure column's width
_FOOTER_LINE = 22
_SIZE = 18
_SMALL = 15


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One player's line: his place, name and figures, as the standings write them."""

    place: str
    name: str
    cells: tuple[str, ...]
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class Standings:
    """What the picture shows: a title and subtitle (in the header), the headings of
    the place, name and figure columns, the rows, and a footnote (the tie-breaks)."""

    title: str
    headings: tuple[str, ...]  # place, name, then one a figure column
    rows: tuple[StandingRow, ...]
    subtitle: str = ""
    footnote: str = ""


def _lines(text: str, size: int, width: float) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` px wide (a word longer than
    a line is cut with an ellipsis)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, size) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = fit(word, (size, False), width)
    if line:
        lines.append(line)
    return lines


def standings_height(standings: Standings) -> int:
    """The picture's height in px: the header, the headings, a row a player (at most
    :data:`MAX_ROWS`), the footnote's lines."""
    rows = min(len(standings.rows), MAX_ROWS)
    foot = len(_lines(sanitize(standings.footnote), _SMALL, STANDINGS_WIDTH - 4 * _MARGIN))
    return (_HEADER + _MARGIN + _HEADINGS + rows * _ROW + foot * _FOOTER_LINE
            + (_MARGIN if foot else 0) + _MARGIN)


def render_standings(standings: Standings, theme: Theme = CLASSIC) -> RenderResult:
    """The standings as a PNG, :data:`STANDINGS_WIDTH` wide."""
    width, height = STANDINGS_WIDTH, standings_height(standings)
    img = _felt(theme, width, height).copy()
    draw = ImageDraw.Draw(img)
    # the header: the title on the theme's panel, as the table's and the chart's
    draw.rounded_rectangle((_MARGIN, _MARGIN, width - _MARGIN, _HEADER), radius=12,
                           fill=theme.panel)
    sub_width = 260 if standings.subtitle else 0
    title = fit(sanitize(standings.title, bold=True), (24, True),
                width - 4 * _MARGIN - sub_width)
    draw_text(draw, (2 * _MARGIN, (_MARGIN + _HEADER) // 2), title, 24, bold=True,
              fill=theme.panel_text, anchor="lm")
    if standings.subtitle:
        draw_text(draw, (width - 2 * _MARGIN, (_MARGIN + _HEADER) // 2),
                  fit(sanitize(standings.subtitle), (16, False), sub_width), 16,
                  fill=theme.panel_muted, anchor="rm")
    text_color = theme.panel
    muted = _mix(theme.panel, theme.background, 0.55)
    stripe = _mix(theme.background, theme.panel, 0.12)
    figures = max((len(r.cells) for r in standings.rows),
                  default=max(0, len(standings.headings) - 2))
    left, right = _MARGIN, width - _MARGIN
    name_x = left + _PLACE
    cells_x = right - figures * _CELL  # where the first figure column starts
    # the headings
    y = _HEADER + _MARGIN
    heads = list(standings.headings) + [""] * max(0, 2 + figures - len(standings.headings))
    mid = y + _HEADINGS // 2
    head_font = (_SMALL, True)
    place_x = (left + name_x) // 2
    draw_text(draw, (place_x, mid), fit(sanitize(heads[0], bold=True), head_font, _PLACE),
              _SMALL, bold=True, fill=text_color, anchor="mm")
    draw_text(draw, (name_x, mid), fit(sanitize(heads[1], bold=True), head_font,
                                       cells_x - name_x - 12),
              _SMALL, bold=True, fill=text_color, anchor="lm")
    for i, head in enumerate(heads[2:2 + figures]):
        draw_text(draw, (cells_x + (i + 1) * _CELL - 12, mid),
                  fit(sanitize(head, bold=True), head_font, _CELL - 10), _SMALL, bold=True,
                  fill=text_color, anchor="rm")
    y += _HEADINGS
    draw.line((left, y - 2, right, y - 2), fill=_mix(theme.background, theme.panel, 0.5),
              width=2)
    # the rows
    for index, row in enumerate(standings.rows[:MAX_ROWS]):
        top, bottom = y + index * _ROW, y + (index + 1) * _ROW
        mid = (top + bottom) // 2
        if index % 2:
            draw.rectangle((left, top, right, bottom - 1), fill=stripe)
        color = muted if row.withdrawn else text_color
        if index == 0 and not row.withdrawn:
            draw.rounded_rectangle((left + 8, top + 4, name_x - 8, bottom - 4), radius=8,
                                   fill=theme.accent)
            place_color = theme.panel
        else:
            place_color = color
        draw_text(draw, (place_x, mid), fit(sanitize(row.place, bold=True), (_SIZE, True),
                                            _PLACE - 16),
                  _SIZE, bold=True, fill=place_color, anchor="mm")
        name = sanitize(row.name) or "?"
        draw_text(draw, (name_x, mid), fit(name, (_SIZE, False), cells_x - name_x - 12),
                  _SIZE, fill=color, anchor="lm")
        for i, cell in enumerate(row.cells[:figures]):
            bold = i == 0  # the points, what the standings are ordered by
            draw_text(draw, (cells_x + (i + 1) * _CELL - 12, mid),
                      fit(sanitize(cell, bold=bold), (_SIZE, bold), _CELL - 10), _SIZE,
                      bold=bold, fill=color, anchor="rm")
    # the footnote: how ties are broken
    y += min(len(standings.rows), MAX_ROWS) * _ROW + _MARGIN
    for line in _lines(sanitize(standings.footnote), _SMALL, width - 4 * _MARGIN):
        draw_text(draw, (2 * _MARGIN, y + _FOOTER_LINE // 2), line, _SMALL, fill=muted,
                  anchor="lm")
        y += _FOOTER_LINE
    return RenderResult(encode(img, "PNG"), "PNG", width, height, ())


def standings_png(standings: Standings) -> bytes:
    """The standings' PNG bytes, in the classic theme (what a worker process returns)."""
    return render_standings(standings).data
