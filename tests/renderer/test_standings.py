"""The standings picture: a PNG as wide as promised and as tall as its rows, the
leader's place on the accent, stripes on every other row, a withdrawn row greyed,
names fitted inside their column; deterministic; odd names do not break it."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from renderer.standings import (
    MAX_ROWS,
    STANDINGS_WIDTH,
    StandingRow,
    Standings,
    render_standings,
    standings_height,
)
from renderer.theme import CLASSIC, DARK, KIDS, Theme

HEADINGS = ("#", "Player", "Pts", "W", "D", "L", "SB")


def _table(names: list[str], *, withdrawn: int | None = None, footnote: str = "") -> Standings:
    rows = tuple(StandingRow(str(i + 1), name, (str(len(names) - i), "1", "0", "0", "1"),
                             withdrawn=i == withdrawn) for i, name in enumerate(names))
    return Standings("Block: standings", HEADINGS, rows, subtitle="3 of 6", footnote=footnote)


def _image(standings: Standings, theme: Theme = CLASSIC) -> Image.Image:
    result = render_standings(standings, theme)
    assert result.format == "PNG"
    img = Image.open(io.BytesIO(result.data))
    assert img.format == "PNG"
    assert img.size == (result.width, result.height) == (STANDINGS_WIDTH,
                                                         standings_height(standings))
    assert len(result.data) < 300_000
    return img.convert("RGB")


def _count(img: Image.Image, box: tuple[int, int, int, int], color: tuple[int, int, int]) -> int:
    region = img.crop(box)
    return sum(n for n, c in (region.getcolors(maxcolors=1 << 20) or []) if c == color)


def test_height_grows_by_a_row_a_player_up_to_the_most() -> None:
    heights = [standings_height(_table([f"P{i}" for i in range(n)])) for n in (2, 3, 8, 32)]
    assert heights[1] - heights[0] == heights[0] - standings_height(_table(["P0"]))
    assert heights == sorted(heights) and len(set(heights)) == 4
    assert standings_height(_table([f"P{i}" for i in range(40)])) == heights[3]
    assert heights[3] - heights[2] == 24 * (heights[1] - heights[0])
    assert MAX_ROWS == 32
    # a footnote adds lines; a long one wraps onto more of them
    short = standings_height(_table(["A", "B"], footnote="Ties: head-to-head."))
    long = standings_height(_table(["A", "B"], footnote="Ties: head-to-head. " * 20))
    assert heights[0] < short < long


@pytest.mark.parametrize("theme", [CLASSIC, DARK, KIDS], ids=lambda t: t.name)
def test_the_leader_the_header_and_the_stripes(theme: Theme) -> None:
    img = _image(_table(["Anna", "Boris", "Vera", "Gleb"]), theme)
    # the header panel across the top
    assert img.getpixel((STANDINGS_WIDTH // 2, 22)) == theme.panel
    row, first = 34, 64 + 18 + 34  # a row's height; the first row's top
    # the leader's place stands on the accent, nobody else's does
    assert _count(img, (18, first, 70, first + row), theme.accent) > 300
    assert _count(img, (18, first + row, 70, first + 4 * row), theme.accent) == 0
    # every other row is striped: its background is lighter or darker than its neighbour's
    x = STANDINGS_WIDTH // 2 - 50  # between the name and the figures
    plain = img.getpixel((x, first + row // 2 + 12))
    striped = img.getpixel((x, first + row + row // 2 + 12))
    assert plain != striped
    assert img.getpixel((x, first + 3 * row + row // 2 + 12)) == striped


def test_a_withdrawn_row_is_greyed() -> None:
    names = ["Anna", "Boris", "Vera", "Gleb"]
    plain, greyed = _image(_table(names)), _image(_table(names, withdrawn=2))
    first, row = 64 + 18 + 34, 34
    box = (70, first + 2 * row, STANDINGS_WIDTH - 18, first + 3 * row)
    text = CLASSIC.panel
    assert _count(plain, box, text) > 20
    assert _count(greyed, box, text) < _count(plain, box, text) // 4
    # the other rows do not change
    other = (70, first, STANDINGS_WIDTH - 18, first + 2 * row)
    assert plain.crop(other).tobytes() == greyed.crop(other).tobytes()


def test_a_long_name_stays_in_its_column() -> None:
    short = _image(_table(["Anna", "Boris"]))
    long = _image(_table(["Anna", "Boris " + "very long name " * 20]))
    first, row = 64 + 18 + 34, 34
    # the figures' columns (the rightmost five of 72 px) look the same either way
    figures = (STANDINGS_WIDTH - 18 - 5 * 72, first + row, STANDINGS_WIDTH - 18, first + 2 * row)
    assert short.crop(figures).tobytes() == long.crop(figures).tobytes()


@settings(max_examples=15, deadline=None)
@given(st.lists(st.text(min_size=0, max_size=40), min_size=0, max_size=12),
       st.text(max_size=120))
def test_any_names_draw_and_the_same_input_the_same_bytes(names: list[str], note: str) -> None:
    table = _table(names, footnote=note)
    _image(table)
    assert render_standings(table).data == render_standings(table).data


def test_odd_input() -> None:
    _image(Standings("", (), ()))  # nothing at all: the frame only
    _image(_table(["Анна 🐐", "عليّ", "李雷", "\u202eevil\u202c", "\x00"]))
    _image(Standings("t", ("#",), (StandingRow("1", "A", ("9", "9", "9", "9", "9", "9")),)))
