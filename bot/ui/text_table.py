"""The table as text: ``/table text``, and the live table of a chat
whose setting is ``/settings table text``. For slow connections and screen readers:
linear, every line labelled, the tiles written ``[5|5]``.

Only the public view is written (never a hand): the arms from the lead outward, each
tile ``[inner|outer]`` (the pip touching the tile before it first; the lead west
pip first), the spinner marked ``*``, a face-down closer ``[#|#]``; the open ends,
the boneyard, whose turn it is, each player's hand count, the score. HTML (the arms
in ``<pre>``, names escaped); :func:`parse_table_text` reads the text as Telegram
shows it (after entity parsing) back into the public facts (:class:`TableFacts`),
and :func:`facts_of_view` gives the same facts from the view (tests compare them).
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bot.texts import plural, tr, variant_name
from bot.ui.move_words import CAPTION_MOVES_CHARS, caption_moves
from bot.ui.names import SEP, ends_text, join_names, seat_names
from bot.ui.result_words import reason_lines, result_line
from engine.core.moves import End
from engine.core.results import MoveResult
from engine.domino.table import Layout, Placed
from engine.domino.variant import domino_rules
from engine.domino.view import DominoView
from engine.variants import get_variant
from service.types import GameInfo

TEXT_LIMIT = 4096  # a message's text, counted after entity parsing
FACE_DOWN = "[#|#]"
SPINNER_MARK = "*"
NONE = "—"
# (inner, outer) of a tile as written; None: face down (its pips are not shown)
Face = tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class TableFacts:
    """The public facts a text table states."""

    lead: Face
    arms: tuple[tuple[str, tuple[Face, ...]], ...]  # (W, E[, N, S]) from the lead outward
    spinner: tuple[str, int] | None  # ("lead", 0) or (end, index in its arm)
    boneyard: int
    turn: int | None
    hand_counts: tuple[int, ...]
    totals: tuple[int, ...]


def _face(p: Placed) -> Face:
    return None if p.face_down else (p.inner, p.outer)


def _tile(face: Face, spinner: bool = False) -> str:
    text = FACE_DOWN if face is None else f"[{face[0]}|{face[1]}]"
    return text + (SPINNER_MARK if spinner else "")


def _ends_shown(view: DominoView) -> tuple[End, ...]:
    """W and E; N and S too on a spinner layout once a spinner lies."""
    table = view.table
    if table.rules.layout is Layout.SPINNER and table.spinner is not None:
        return (End.W, End.E, End.N, End.S)
    return (End.W, End.E)


def facts_of_view(view: DominoView) -> TableFacts:
    table = view.table
    spinner = None
    if table.spinner is not None:
        spinner = ("lead", 0) if table.spinner.arm is None else (
            table.spinner.arm.value, table.spinner.index)
    return TableFacts(
        lead=_face(table.lead) if table.lead is not None else None,
        arms=tuple((e.value, tuple(_face(p) for p in table.arms.get(e, ())))
                   for e in _ends_shown(view)),
        spinner=spinner,
        boneyard=view.boneyard_left,
        turn=view.turn if view.outcome is None else None,
        hand_counts=tuple(view.hand_sizes),
        totals=tuple(view.totals),
    )


def _clean(name: str) -> str:
    """A name on one line (a line a screen reader reads, and the parser too)."""
    return " ".join(name.split()) or "?"


def _arm_lines(lang: str, view: DominoView) -> list[str]:
    table = view.table
    sp = table.spinner
    lead = NONE if table.lead is None else _tile(_face(table.lead),
                                                 sp is not None and sp.arm is None)
    lines = [f"{tr(lang, 'ttable.lead')}: {lead}"]
    for end in _ends_shown(view):
        arm = table.arms.get(end, ())
        tiles = [_tile(_face(p), sp is not None and sp.arm is end and sp.index == i)
                 for i, p in enumerate(arm)]
        lines.append(f"{tr(lang, f'end.{end.value}')}: {' '.join(tiles) if tiles else NONE}")
    return lines


def table_text(lang: str, game: GameInfo, view: DominoView,
               results: Sequence[MoveResult] = (), auto: Collection[int] = (), *,
               mention: int | None = None) -> str:
    """The table as an HTML message (``results``: the moves since the last one shown,
    named on a "Last:" line as the picture's caption names them; ``mention``: the
    user on turn, whose name on the turn line then mentions him)."""
    esc = html.escape
    names = [_clean(n) for n in seat_names(lang, game)]
    header = tr(lang, "table.header", variant=variant_name(lang, game.variant),
                round=view.round_index + 1)
    out = [f"<b>{esc(header)}</b>"]
    moves = caption_moves(lang, game, results, auto)
    if moves:
        while len(moves) > 1 and len(SEP.join(moves)) > CAPTION_MOVES_CHARS:
            moves.pop(0)
        out.append(esc(_clean(tr(lang, "table.last", move=SEP.join(moves)))))
    out.append("<pre>" + esc("\n".join(_arm_lines(lang, view))) + "</pre>")
    table = view.table
    if domino_rules(get_variant(view.variant)).table_rules.write_end and len(names) == 2:
        # kolbasa: whose line is which (W is the round's leader's)
        leader = view.leader
        out.append(esc(tr(lang, "ttable.lines", w=names[leader], e=names[1 - leader])))
    if table.spinner is not None:
        sp = table.spinner
        tile = table.lead if sp.arm is None else table.arms[sp.arm][sp.index]
        assert tile is not None
        out.append(esc(tr(lang, "ttable.spinner", tile=_tile(_face(tile)))))
    if table.open_ends:
        out.append(esc(tr(lang, "hand.ends", ends=ends_text(lang, view))))
    out.append(esc(tr(lang, "hand.boneyard", count=plural(lang, view.boneyard_left, "tile"))))
    if game.status == "cancelled":
        out.append(esc(tr(lang, "table.cancelled")))
    elif view.outcome is not None:
        out.append(esc(tr(lang, "table.over")))
        out.append(esc(_clean(result_line(lang, game, view, view.outcome))))
        out.extend(esc(_clean(line)) for line in reason_lines(lang, game, view, view.outcome))
    elif view.turn is None:
        out.append(esc(tr(lang, "hand.round_over")))
    else:
        out.append(turn_line(lang, view.turn, names[view.turn], mention))
    out.append(esc(tr(lang, "ttable.hands")))
    out.extend(esc(f"{s + 1}. {names[s]} {NONE} {plural(lang, count, 'tile')}")
               for s, count in enumerate(view.hand_sizes))
    out.append(esc(tr(lang, "ttable.score")))
    for side, total in zip(view.sides, view.totals, strict=True):
        out.append(esc(f"{join_names(lang, (names[s] for s in side))} {NONE} {total}"))
    return "\n".join(out)


def turn_line(lang: str, seat: int, name: str, mention: int | None = None) -> str:
    """The table text's (HTML) line of whose turn it is; with ``mention`` (his user id)
    the name pings him."""
    before, after = tr(lang, "ttable.turn", seat=seat + 1, name="\0").split("\0")
    shown = html.escape(name)
    if mention is not None:
        shown = f'<a href="tg://user?id={mention}">{shown}</a>'
    return html.escape(before) + shown + html.escape(after)


# ------------------------------------------------------------------ reading it back
_TILE = re.compile(r"\[(\d+|#)\|(\d+|#)\](\*?)")
_INT = re.compile(r"-?\d+")


class TableTextError(ValueError):
    """The text is not a text table of this language."""


def _prefix(lang: str, key: str, field: str) -> str:
    """The text of a catalogue line before its ``{field}``."""
    return tr(lang, key, **{name: "\0" for name in ("count", "seat", "name")}
              ).split("\0")[0] if field else ""


def _faces(text: str) -> list[tuple[Face, bool]]:
    if text == NONE:
        return []
    out: list[tuple[Face, bool]] = []
    at = 0
    for m in _TILE.finditer(text):
        if text[at:m.start()].strip():
            raise TableTextError(f"not a tile: {text[at:m.start()]!r}")
        at = m.end()
        a, b = m[1], m[2]
        face: Face = None if a == "#" else (int(a), int(b))
        out.append((face, bool(m[3])))
    if text[at:].strip():
        raise TableTextError(f"not a tile: {text[at:]!r}")
    return out


def parse_table_text(lang: str, text: str) -> TableFacts:
    """The public facts of a text table as shown (the plain text after entity parsing)."""
    lines = text.split("\n")
    lead_label = tr(lang, "ttable.lead") + ": "
    boneyard = _prefix(lang, "hand.boneyard", "count")
    turn_prefix = _prefix(lang, "ttable.turn", "seat")
    hands_head, score_head = tr(lang, "ttable.hands"), tr(lang, "ttable.score")
    # an arm's line starts with its end in the language ("W: " / "З: "); facts keep "W"
    arm_heads = {tr(lang, f"end.{e.value}") + ": ": e.value for e in End}
    lead: Face = None
    arms: list[tuple[str, tuple[Face, ...]]] = []
    spinner: tuple[str, int] | None = None
    bones: int | None = None
    turn: int | None = None
    counts: list[int] = []
    totals: list[int] = []
    section = ""
    for line in lines:
        if section == "score":
            totals.append(int(line.rsplit(f" {NONE} ", 1)[1]))
        elif line == score_head:
            section = "score"
        elif section == "hands":
            m = re.match(r"(\d+)\. ", line)
            if m is None or int(m[1]) != len(counts) + 1:
                raise TableTextError(f"not a hand line: {line!r}")
            counts.append(int(_INT.findall(line.rsplit(f" {NONE} ", 1)[1])[0]))
        elif line == hands_head:
            section = "hands"
        elif line.startswith(lead_label):
            faces = _faces(line[len(lead_label):])
            if faces:
                lead = faces[0][0]
                if faces[0][1]:
                    spinner = ("lead", 0)
        elif (head := next((h for h in arm_heads if line.startswith(h)), None)) is not None:
            faces = _faces(line[len(head):])
            for i, (_, marked) in enumerate(faces):
                if marked:
                    spinner = (arm_heads[head], i)
            arms.append((arm_heads[head], tuple(f for f, _ in faces)))
        elif line.startswith(boneyard) and bones is None:
            bones = int(_INT.findall(line[len(boneyard):])[0])
        elif line.startswith(turn_prefix) and turn is None:
            m = re.match(r"(\d+)\. ", line[len(turn_prefix):])
            if m is not None:
                turn = int(m[1]) - 1
    if bones is None or not counts or not totals or len(arms) < 2:
        raise TableTextError("not a text table")
    return TableFacts(lead, tuple(arms), spinner, bones, turn, tuple(counts), tuple(totals))


__all__ = ["TEXT_LIMIT", "TableFacts", "TableTextError", "facts_of_view", "parse_table_text",
           "table_text"]
