"""The bot's side of ``triangular`` (Tri-Ominos, docs/rules.md 4.21): the hand message and its
three-step buttons (bot/kinds/triangular_keys.py: a triangle, then a cell, then a turning,
among the legal placements only), the table picture (renderer/triangular.py) and
the table as text (bot/kinds/triangular_text.py). Everything the group sees is drawn
from the public view (no hand); a seat's own triangles are only in its own hand
message."""

from __future__ import annotations

import dataclasses
import html
import logging
from collections.abc import Collection, Sequence
from enum import Enum

from bot.kinds import triangular_keys, triangular_text
from bot.kinds.base import KeyedKind
from bot.kinds.buttons import Rows, Step
from bot.texts import plural, tr
from bot.ui.formatting import hand_head
from bot.ui.move_words import Said, caption_moves, move_words
from bot.ui.names import SEP, seat_names
from bot.ui.pictures import fallback_picture
from bot.ui.result_words import reason_lines, result_line
from bot.ui.scoring_words import signed
from engine.core.moves import Draw, GridPlace, Move
from engine.core.results import MoveResult
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.triangular.kind import TRIANGULAR_KIND, TriangularSeatView
from engine.triangular.rules import TriangularView
from service.types import GameInfo, SeatInfo

__all__ = ["TRIANGULAR", "TriangularBotKind", "grid_of", "public_grid"]

log = logging.getLogger(__name__)


def grid_of(view: SeatView) -> TriangularView | None:
    """The game's own view inside a seat's view (None: not a triangular view)."""
    return view.detail if isinstance(view, TriangularSeatView) else None


def public_grid(view: SeatView, names: Sequence[str]) -> TriangularView | None:
    """The game's own view as the group may see it: no hand, no legal moves, the
    players' names as the table shows them."""
    detail = grid_of(view)
    if detail is None:
        return None
    return dataclasses.replace(detail, seat=None, hand=(), legal=(),
                               players=tuple(names)[:len(detail.players)])


@move_words.register
def _grid_place(move: GridPlace, lang: str, said: Said | None = None, *, end: bool = True
                ) -> str:
    """A triangle placed, in a caption: "Boris: 5-5-2 ▼1,0 +12"."""
    if said is None:
        return str(move)  # the review knows no grid game
    shape = "▲" if (move.cell[0] + move.cell[1]) % 2 == 0 else "▼"
    return tr(lang, "tri.move", name=said.name, tile="-".join(map(str, move.numbers)),
              cell=f"{shape}{move.cell[0]},{move.cell[1]}", points=signed(said.result.points))


class TriangularBotKind(KeyedKind[TriangularView]):
    name = TRIANGULAR_KIND.name
    prefix = triangular_keys.PREFIX
    hints = False  # the domino hints read a line table; a triangle's points are on its cell

    def hand_text(self, lang: str, game: GameInfo, seat: SeatInfo, view: SeatView,
                  drew: Sequence[Tile] = ()) -> str:
        names = seat_names(lang, game)
        detail = grid_of(view)
        lines, settled = hand_head(lang, game, seat, view)
        if settled or view.turn is None:
            pass
        elif view.turn == view.seat:
            lines.append(tr(lang, "hand.your_turn"))
            if detail is not None and detail.draws:
                lines.append(tr(lang, "tri.drawn", count=detail.draws))
            if any(isinstance(m, GridPlace) for m in view.legal):
                lines.append(tr(lang, "tri.choose_tile"))
            else:
                lines.append(tr(lang, "tri.must_draw" if any(isinstance(m, Draw)
                                                             for m in view.legal)
                                else "tri.must_pass"))
        else:
            lines.append(tr(lang, "hand.turn_of", name=names[view.turn]))
        lines.append(tr(lang, "ttable.tri_pool", count=view.boneyard_left))
        if detail is not None and detail.shown is not None and detail.leader < len(names):
            lines.append(tr(lang, "tri.shown", name=names[detail.leader],
                            tile=str(detail.shown)))
        hand = " ".join(str(t) for t in detail.hand) if detail is not None else ""
        lines.append(tr(lang, "tri.hand", tiles=hand or tr(lang, "hand.none"),
                        count=plural(lang, len(detail.hand) if detail else 0, "triangle")))
        return "\n".join(lines)

    forged = "btn.forged"
    illegal = triangular_keys.Refusal.ILLEGAL.value

    def own(self, view: SeatView) -> TriangularView | None:
        return grid_of(view)

    def keyboard(self, game_id: int, own: TriangularView) -> Rows:
        return triangular_keys.hand_keyboard(game_id, own)

    def decoded_game(self, data: str) -> int | None:
        press = triangular_keys.decode(data)
        return press.game if press is not None else None

    def handle(self, game_id: int, own: TriangularView, data: str, names: Sequence[str]
               ) -> Step | Move | Enum:
        return triangular_keys.handle(game_id, own, data)

    def table_picture(self, lang: str, view: SeatView, names: list[str],
                      banner: str | None = None, banner_detail: str | None = None
                      ) -> tuple[bytes, str]:
        from renderer.triangular import TriLabels, render_triangular
        detail = public_grid(view, names)
        if detail is None:
            return fallback_picture(), "table.png"
        labels = TriLabels(turn=tr(lang, "tri.turn"), pool=tr(lang, "tri.pool"),
                           round=tr(lang, "tri.round"), draws=tr(lang, "tri.draws"),
                           hexagon=tr(lang, "tri.hexagon"), bridge=tr(lang, "tri.bridge"))
        text = " · ".join(t for t in (banner, banner_detail) if t) or None
        try:
            result = render_triangular(detail, labels, banner=text)
        except Exception:  # a picture must never stop the game
            log.exception("rendering the triangular table failed")
            return fallback_picture(), "table.png"
        return result.data, "table.jpg" if result.format == "JPEG" else "table.png"

    def table_text(self, lang: str, game: GameInfo, view: SeatView,
                   results: Sequence[MoveResult] = (), auto: Collection[int] = (), *,
                   mention: int | None = None) -> str:
        names = seat_names(lang, game)
        detail = public_grid(view, names)
        if detail is None:
            return ""
        moves = caption_moves(lang, game, results, auto)
        text = triangular_text.table_text(lang, names, detail, last=SEP.join(moves) or None,
                                          cancelled=game.status == "cancelled",
                                          mention=mention)
        if view.outcome is not None and game.status != "cancelled":
            extra = [result_line(lang, game, view, view.outcome),
                     *reason_lines(lang, game, view, view.outcome)]
            text += "\n" + "\n".join(html.escape(line) for line in extra)
        return text


TRIANGULAR = TriangularBotKind()
