"""``triangular``'s table as text (the text table a chat may choose, docs/rules.md 4.21 "What the
renderer draws"): one line per triangle, ``x,y ▲ a-b-c`` (the cell, its shape, its
numbers from the apex clockwise), in the order placed; the open cells named as the
picture and the buttons name them; the pool, whose turn it is, each player's
triangle count, the totals. Only the public view is written (never a hand).

:func:`parse_table_text` reads the text as Telegram shows it back into the public
facts (:class:`TriFacts`); :func:`facts_of_view` gives the same facts from the view
(tests compare them).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.texts import plural, tr
from bot.ui.text_table import turn_line
from engine.triangular.rules import Cell, Numbers, TriangularView, points_up

NONE = "—"
_LINE = re.compile(r"(-?\d+),(-?\d+) ([▲▼]) (\d)-(\d)-(\d)")
_CELL = re.compile(r"(-?\d+),(-?\d+)")
_INT = re.compile(r"-?\d+")


@dataclass(frozen=True, slots=True)
class TriFacts:
    """The public facts a text table states."""

    triangles: tuple[tuple[Cell, bool, Numbers], ...]  # cell, points up, numbers
    open_cells: tuple[Cell, ...]
    pool: int
    turn: int | None
    counts: tuple[int, ...]
    totals: tuple[int, ...]


def facts_of_view(view: TriangularView) -> TriFacts:
    return TriFacts(tuple((p.cell, points_up(p.cell), p.numbers) for p in view.placed),
                    tuple(view.open_cells), view.pool, view.turn, tuple(view.counts),
                    tuple(view.totals))


def _clean(name: str) -> str:
    return " ".join(name.split()) or "?"


def triangle_line(cell: Cell, numbers: Numbers) -> str:
    a, b, c = numbers
    return f"{cell[0]},{cell[1]} {'▲' if points_up(cell) else '▼'} {a}-{b}-{c}"


def table_text(lang: str, names: Sequence[str], view: TriangularView, *,
               last: str | None = None, cancelled: bool = False,
               mention: int | None = None) -> str:
    """The table as an HTML message (``last``: the moves since the last one shown;
    ``mention``: the user on turn, whose name on the turn line then mentions him)."""
    esc = html.escape
    names = [_clean(n) for n in names]
    header = tr(lang, "table.header", variant=tr(lang, "variant.triangular"),
                round=view.round_index + 1)
    out = [f"<b>{esc(header)}</b>"]
    if last:
        out.append(esc(_clean(tr(lang, "table.last", move=last))))
    lines = [tr(lang, "ttable.tri_grid")]
    lines.extend(triangle_line(p.cell, p.numbers) for p in view.placed)
    out.append("<pre>" + esc("\n".join(lines)) + "</pre>")
    cells = " ".join(f"{c[0]},{c[1]}" for c in view.open_cells) or NONE
    out.append(esc(tr(lang, "ttable.tri_open", cells=cells)))
    out.append(esc(tr(lang, "ttable.tri_pool", count=view.pool)))
    if cancelled:
        out.append(esc(tr(lang, "table.cancelled")))
    elif view.over:
        out.append(esc(tr(lang, "table.over")))
    elif view.turn is None:
        out.append(esc(tr(lang, "hand.round_over")))
    else:
        out.append(turn_line(lang, view.turn, names[view.turn], mention))
    out.append(esc(tr(lang, "ttable.hands")))
    out.extend(esc(f"{s + 1}. {names[s]} {NONE} {plural(lang, count, 'triangle')}")
               for s, count in enumerate(view.counts))
    out.append(esc(tr(lang, "ttable.score")))
    out.extend(esc(f"{s + 1}. {names[s]} {NONE} {total}")
               for s, total in enumerate(view.totals))
    return "\n".join(out)


class TableTextError(ValueError):
    """The text is not a triangular text table of this language."""


def parse_table_text(lang: str, text: str) -> TriFacts:
    """The public facts of a text table as shown (plain text after entity parsing)."""
    grid_head = tr(lang, "ttable.tri_grid")
    open_prefix = tr(lang, "ttable.tri_open", cells="\0").split("\0")[0]
    pool_prefix = tr(lang, "ttable.tri_pool", count="\0").split("\0")[0]
    turn_prefix = tr(lang, "ttable.turn", seat="\0", name="\0").split("\0")[0]
    hands_head, score_head = tr(lang, "ttable.hands"), tr(lang, "ttable.score")
    triangles: list[tuple[Cell, bool, Numbers]] = []
    open_cells: list[Cell] = []
    pool: int | None = None
    turn: int | None = None
    counts: list[int] = []
    totals: list[int] = []
    section = ""
    for line in text.split("\n"):
        if section in ("hands", "score") and line not in (hands_head, score_head):
            m = re.match(r"(\d+)\. ", line)
            target = counts if section == "hands" else totals
            if m is None or int(m[1]) != len(target) + 1:
                raise TableTextError(f"not a seat line: {line!r}")
            target.append(int(_INT.findall(line.rsplit(f" {NONE} ", 1)[1])[0]))
        elif line == hands_head:
            section = "hands"
        elif line == score_head:
            section = "score"
        elif line == grid_head:
            section = "grid"
        elif section == "grid" and (m := _LINE.fullmatch(line)) is not None:
            cell = (int(m[1]), int(m[2]))
            triangles.append((cell, m[3] == "▲", (int(m[4]), int(m[5]), int(m[6]))))
        elif line.startswith(open_prefix) and section == "grid":
            section = "after"
            rest = line[len(open_prefix):]
            open_cells = [] if rest == NONE else [
                (int(m[1]), int(m[2])) for m in _CELL.finditer(rest)]
        elif line.startswith(pool_prefix) and pool is None and section == "after":
            pool = int(_INT.findall(line[len(pool_prefix):])[0])
        elif line.startswith(turn_prefix) and turn is None and section == "after":
            m = re.match(r"(\d+)\. ", line[len(turn_prefix):])
            if m is not None:
                turn = int(m[1]) - 1
    if pool is None or not counts or not totals:
        raise TableTextError("not a triangular text table")
    return TriFacts(tuple(triangles), tuple(open_cells), pool, turn, tuple(counts),
                    tuple(totals))
