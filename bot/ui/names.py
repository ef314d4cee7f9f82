"""The short words every longer text is built of: the seats' names, the sides, the
score, pieces and open ends. Pure functions of a game and the catalogues."""

from __future__ import annotations

from collections.abc import Iterable

from bot.texts import tr
from bot.ui.keyboards import end_label, tile_label
from bot.ui.scoring_words import totals_text
from engine.core.kind import Piece
from engine.core.moves import End
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.domino.variant import domino_rules
from engine.domino.view import DominoView
from engine.variants import get_variant
from service.types import GameInfo, SeatInfo

SEP = " · "


def seat_name(lang: str, seat: SeatInfo) -> str:
    """The name a seat is shown by: a computer's is localised ("🤖 Computer 1"; the
    seat is stored as "AI 1"), a person's is his own."""
    if seat.forgotten:  # a person forgotten (/forget): his seat's number only
        return tr(lang, "seat.forgotten", number=seat.seat + 1)
    if seat.ai_level is None:
        return seat.name
    number = seat.name.rsplit(" ", 1)[-1]
    if not number.isdigit():
        number = str(seat.seat + 1)
    return tr(lang, "seat.computer", number=number)


def seat_names(lang: str, game: GameInfo) -> list[str]:
    return [seat_name(lang, s) for s in game.seats]


def join_names(lang: str, names: Iterable[str]) -> str:
    """Names of one side: "Anna and 🤖 Computer 1" / "Анна и 🤖 Компьютер 1"."""
    return tr(lang, "names.and").join(names)


def side_names(lang: str, game: GameInfo, view: SeatView) -> list[str]:
    names = seat_names(lang, game)
    return [join_names(lang, (names[s] for s in side)) for side in view.sides]


def score_text(lang: str, game: GameInfo, view: SeatView) -> str:
    """"Anna and 🤖 Computer 1 — 12 · Boris and 🤖 Computer 2 — 0" (a penalty game's with
    the total that loses: "(101 loses)")."""
    return totals_text(lang, game, view, side_names(lang, game, view))


def ends_text(lang: str, view: DominoView) -> str:
    """The hand's open ends. Where placements score from the count of the ends, only
    the counted ends, a double at an end as both halves, and the sum the engine
    counts ("⬅W 5-5 (10) · ➡E 3 · = 13"); elsewhere every open end and its pip."""
    table = view.table
    if domino_rules(get_variant(view.variant)).counts_open_ends and table.counted:
        parts = []
        for c in table.counted:
            where = f"{end_label(lang, c.end)} " if c.end is not None else ""
            value = f"{c.pip}-{c.pip} ({c.value})" if c.double else str(c.value)
            parts.append(where + value)
        parts.append(f"= {table.count}")
        return SEP.join(parts)
    ends = table.open_ends
    return SEP.join(f"{end_label(lang, e)} {ends[e]}" for e in End if e in ends)


def tiles_text(tiles: Iterable[Piece]) -> str:
    """Pieces as the players read them: dominoes by their label, a kind's own pieces
    (triangular's triangles) in their written form (``2-4-5``)."""
    return " ".join(tile_label(t) if isinstance(t, Tile) else str(t) for t in tiles)


__all__ = ["SEP", "ends_text", "join_names", "score_text", "seat_name", "seat_names",
           "side_names", "tiles_text"]
