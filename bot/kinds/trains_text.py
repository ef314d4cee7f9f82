"""``mexican_train``'s table as text (the text table a chat may choose, docs/rules.md
4.22): one line per train, its owner (⚑ when his marker opens it), its newest tiles
as placed (the older ones folded into "… +N") and the pip its end shows; the owed
double, the first round of turns, the engine, the boneyard, whose turn it is, each
player's tile count and total. Only the public table is written (never a hand).

:func:`train_line` writes one train's line; :func:`parse_train_lines` reads the
lines back (tests compare them with the view).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.texts import plural, tr
from bot.ui.text_table import turn_line
from engine.trains.kind import TrainsView

NONE = "—"
SHOWN = 8  # the newest tiles written per train
FLAG = "⚑"
_LINE = re.compile(r"(?P<label>.+?) (?:… \+(?P<folded>\d+) )?(?P<tiles>(?:\d+-\d+ )*)"
                   r"→ (?P<end>\d+)")


def _clean(name: str) -> str:
    return " ".join(name.split()) or "?"


def train_line(label: str, tiles: Sequence[str], end: int, is_open: bool) -> str:
    """``Anna ⚑ … +3 4-4 4-2 2-7 → 7``: the train's label, its newest tiles, its end."""
    head = f"{label} {FLAG}" if is_open else label
    shown = list(tiles[-SHOWN:])
    folded = len(tiles) - len(shown)
    parts = [head, *([f"… +{folded}"] if folded else []), *shown, f"→ {end}"]
    return " ".join(parts)


def parse_train_lines(text: str) -> list[tuple[str, bool, int, tuple[str, ...], int]]:
    """The trains of a text table as shown: label, open, tiles folded, tiles shown, end."""
    out = []
    for line in text.split("\n"):
        m = _LINE.fullmatch(line)
        if m is None:
            continue
        label = m["label"]
        is_open = label.endswith(f" {FLAG}")
        if is_open:
            label = label[:-len(FLAG) - 1]
        out.append((label, is_open, int(m["folded"] or 0), tuple(m["tiles"].split()),
                    int(m["end"])))
    return out


def _labels(lang: str, names: Sequence[str], seats: int) -> list[str]:
    return [*(names[s] if s < len(names) else f"T{s + 1}" for s in range(seats)),
            tr(lang, "mt.mexican")]


def table_text(lang: str, names: Sequence[str], view: TrainsView, *,
               last: str | None = None, cancelled: bool = False,
               mention: int | None = None) -> str:
    """The table as an HTML message (``last``: the moves since the last one shown;
    ``mention``: the user on turn, whose name on the turn line then mentions him)."""
    esc = html.escape
    detail: Mapping[str, Any] = view.detail
    seats = view.players
    names = [_clean(n) for n in names]
    header = tr(lang, "table.header", variant=tr(lang, "variant.mexican_train"),
                round=view.round_index + 1)
    out = [f"<b>{esc(header)}</b>"]
    if last:
        out.append(esc(_clean(tr(lang, "table.last", move=last))))
    trains = detail["trains"]
    ends = detail["ends"]
    markers = detail.get("markers", [False] * seats)
    keys = [*(f"T{s}" for s in range(seats)), "M"]
    labels = _labels(lang, names, seats)
    lines = [tr(lang, "mt.tt_trains")]
    for key, label in zip(keys, labels, strict=True):
        is_open = key == "M" or bool(markers[int(key[1:])])
        lines.append(train_line(label, trains.get(key, ()), int(ends[key]), is_open))
    out.append("<pre>" + esc("\n".join(lines)) + "</pre>")
    owed = detail.get("owed", [])
    if owed and not detail.get("first_round"):
        key = owed[0]
        pip = ends[key]
        label = labels[keys.index(key)]
        out.append(esc(tr(lang, "mt.owed", train=label, tile=f"{pip}-{pip}")))
    if detail.get("first_round") and not view.outcome:
        out.append(esc(tr(lang, "mt.first_round")))
    out.append(esc(tr(lang, "mt.engine", tile=detail["engine"])))
    out.append(esc(tr(lang, "mt.boneyard", count=view.boneyard_left)))
    if cancelled:
        out.append(esc(tr(lang, "table.cancelled")))
    elif view.outcome is not None:
        out.append(esc(tr(lang, "table.over")))
    elif view.turn is None:
        out.append(esc(tr(lang, "hand.round_over")))
    else:
        out.append(turn_line(lang, view.turn, names[view.turn], mention))
    out.append(esc(tr(lang, "ttable.hands")))
    out.extend(esc(f"{s + 1}. {names[s]} {NONE} {plural(lang, count, 'tile')}")
               for s, count in enumerate(view.hand_sizes))
    out.append(esc(tr(lang, "ttable.score")))
    out.extend(esc(f"{s + 1}. {names[s]} {NONE} {total}")
               for s, total in enumerate(view.totals))
    return "\n".join(out)


__all__ = ["parse_train_lines", "table_text", "train_line"]
