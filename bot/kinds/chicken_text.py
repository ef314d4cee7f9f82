"""``chicken_foot``'s table as text (the text table a chat may choose, docs/rules.md 4.23):
the engine, one line per branch (its name, its tiles from the engine out as they
lie, a chicken foot's double in brackets, the pip of an open end), what the table
needs now (the engine's arms, the waiting foot's toes, or the open ends named as
the buttons and the picture name them), the chicken yard, whose turn it is, each
player's tile count and total. Only the public view is written (never a hand).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from bot.kinds.chicken_keys import end_label
from bot.texts import plural, tr
from bot.ui.names import SEP
from bot.ui.text_table import turn_line
from engine.chicken.kind import ChickenView, PublicBranch
from engine.chicken.table import ENGINE

__all__ = ["NONE", "branch_line", "need_line", "table_text"]

NONE = "—"


def _clean(name: str) -> str:
    return " ".join(name.split()) or "?"


def _start_pip(view: ChickenView, branch: PublicBranch) -> int:
    """The pip a branch starts from: the engine's, or its foot's."""
    if "." not in branch.name or view.engine is None:
        return view.engine.a if view.engine is not None else 0
    parent = next((b for b in view.branches if b.name == branch.name.rsplit(".", 1)[0]),
                  None)
    return parent.tiles[-1].a if parent is not None else 0


def branch_line(view: ChickenView, branch: PublicBranch) -> str:
    """"2.1: 1-4 4-3 → 3" (open), "2: 6-1 [1-1]" (ends in a chicken foot)."""
    near = _start_pip(view, branch)
    parts = []
    foot = len(branch.tiles) - 1 if branch.toes is not None else -1
    for i, tile in enumerate(branch.tiles):
        far = tile.other(near)
        parts.append(f"[{near}-{far}]" if i == foot else f"{near}-{far}")
        near = far
    line = f"{branch.name}: {' '.join(parts)}"
    if branch.name in {target for target, _ in view.ends}:
        line += f" → {branch.end}"
    return line


def need_line(lang: str, view: ChickenView) -> str:
    """What the table needs now: the engine's arms, the chicken foot's toes, or the
    open ends as the buttons name them."""
    if view.engine is not None and [t for t, _ in view.ends] == [ENGINE]:
        arms = sum(1 for b in view.branches if "." not in b.name)
        return tr(lang, "ck.need_arms", tile=str(view.engine), pip=view.engine.a,
                  count=view.root_arms - arms)
    if view.pending is not None:
        name, count = view.pending
        branch = next((b for b in view.branches if b.name == name), None)
        tile = str(branch.tiles[-1]) if branch is not None else "?"
        pip = branch.end if branch is not None else 0
        return tr(lang, "ck.need_toes", tile=tile, branch=name, pip=pip, count=count)
    ends = SEP.join(end_label(view, t, p) for t, p in view.ends)
    return tr(lang, "ck.ends", ends=ends or NONE)


def table_text(lang: str, names: Sequence[str], view: ChickenView, *,
               last: str | None = None, cancelled: bool = False,
               mention: int | None = None) -> str:
    """The table as an HTML message (``last``: the moves since the last one shown;
    ``mention``: the user on turn, whose name on the turn line then mentions him)."""
    esc = html.escape
    names = [_clean(n) for n in names]
    header = tr(lang, "table.header", variant=tr(lang, "variant.chicken_foot"),
                round=view.round_index + 1)
    out = [f"<b>{esc(header)}</b>"]
    if last:
        out.append(esc(_clean(tr(lang, "table.last", move=last))))
    if view.engine is not None:
        out.append(esc(tr(lang, "ttable.ck_engine", tile=str(view.engine))))
    if view.branches:
        lines = [tr(lang, "ttable.ck_tree")]
        lines.extend(branch_line(view, b) for b in view.branches)
        out.append("<pre>" + esc("\n".join(lines)) + "</pre>")
    if view.turn is not None and not cancelled:
        out.append(esc(need_line(lang, view)))
    out.append(esc(tr(lang, "ttable.ck_yard", count=view.boneyard_left)))
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
