"""What the bot knows it must show of one game: its :class:`Screen`.

A screen holds the latest public game the bot was given, the seats' private views
from the last move reports and the moves since the last table picture the group saw.
The slots (bot/showing/slots.py) read it when a chat's pace lets them be sent, so a
frame that would have waited is never drawn. Nothing here reaches Telegram or the
database.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from telegram import InlineKeyboardMarkup

from engine.core.moves import Pass
from engine.core.results import MoveResult, RoundEnd
from engine.core.tiles import Tile
from engine.core.view import SeatView
from service import GameInfo, MoveReport

MAX_CAPTION_MOVES = 24  # moves named in one caption (older ones are in the picture)


@dataclass
class Screen:
    """What the bot knows it must show of one game."""

    game: GameInfo
    views: dict[int, SeatView] = field(default_factory=dict)  # by seat, latest known
    # the tiles a seat drew in its turn under way (or its turn just ended by a pass)
    drew: dict[int, list[Tile]] = field(default_factory=dict)
    results: list[MoveResult] = field(default_factory=list)  # since the last picture shown
    # a round's end is on its way to the group: the live table waits for its summary
    summary_pending: bool = False
    auto: set[int] = field(default_factory=set)  # id() of those of them made automatically
    last_seat: int | None = None  # the seat of the last move applied
    # turn pings (bot/showing/pings.py): seat -> (version, header) of the hand sent anew as a ping
    pings: dict[int, tuple[int, str]] = field(default_factory=dict)
    ping_resend: set[int] = field(default_factory=set)  # seats whose resend is a ping's
    mention: tuple[int, int, int] | None = None  # (version, seat, user) to mention once
    # the game's last ended round as the hands' result line needs it, read once for
    # the view's (round, round over) it was read at: (that key, (round index, its end))
    last_end: tuple[tuple[int, bool], tuple[int, RoundEnd] | None] | None = None
    # why a lobby was closed, when not by /cancel: (catalogue key, its values)
    cancel_note: tuple[str, dict[str, object]] | None = None
    # the settings panel shows its variant page (the variants and «Back»), not its options
    variant_page: bool = False

    def apply(self, report: MoveReport) -> None:
        """Take in a move report: the seats' new views, each seat's draws in the turn
        under way, and the moves the next table caption names."""
        for seat, view in report.views.items():
            self.views[seat] = view
        drawers = {r.seat for r in report.results if r.drawn is not None}
        for seat in report.refresh_seats - drawers:
            self.drew.pop(seat, None)  # his drawing (if any) was in an earlier turn
        for result in report.results:
            if result.seat != self.last_seat or result.new_round:
                self.drew.pop(result.seat, None)  # his turn begins
            if result.drawn is not None:
                self.drew.setdefault(result.seat, []).append(result.drawn)
            elif not isinstance(result.move, Pass):
                self.drew.pop(result.seat, None)  # he played: the turn's draws are seen
            self.last_seat = result.seat
        if report.started:
            self.results.clear()
            self.auto.clear()
        self.results.extend(report.results)
        self.auto.update(id(r) for i, r in enumerate(report.results) if report.is_auto(i))
        del self.results[:-MAX_CAPTION_MOVES]
        self.auto.intersection_update(id(r) for r in self.results)

    def caption_moves(self) -> tuple[list[MoveResult], set[int]]:
        """The moves since the last table shown, and the indexes of those made
        automatically (a forced move, a time-out, a computer for an absent player)."""
        results = list(self.results)
        return results, {i for i, r in enumerate(results) if id(r) in self.auto}

    def told(self, results: Sequence[MoveResult]) -> None:
        """The moves a table just named are shown: the next one starts after them."""
        for result in results:
            if self.results and self.results[0] is result:
                self.results.pop(0)
                self.auto.discard(id(result))

    def told_up_to_round_end(self) -> None:
        """The moves up to the last round's end are in its summary, not in the next
        caption."""
        cut = max((i for i, res in enumerate(self.results)
                   if res.round_end is not None or res.new_round), default=-1)
        for res in self.results[:cut + 1]:
            self.auto.discard(id(res))
        del self.results[:cut + 1]


def digest(*parts: object) -> str:
    """The stored digest of a message's content (compared before an edit)."""
    raw = json.dumps(parts, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.blake2b(raw.encode(), digest_size=12).hexdigest()


def markup_json(markup: InlineKeyboardMarkup | None) -> object:
    return markup.to_dict() if markup is not None else None


__all__ = ["MAX_CAPTION_MOVES", "Screen", "digest", "markup_json"]
