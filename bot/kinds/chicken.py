"""The bot's side of ``chicken_foot`` (Chicken Foot, docs/rules.md 4.23): the hand message
and its buttons (bot/kinds/chicken_keys.py: a tile, then its end when it fits
several), the table picture (renderer/chicken.py) and the table as text
(bot/kinds/chicken_text.py). Everything the group sees is drawn from the public view
(no hand); a seat's own tiles are only in its own hand message."""

from __future__ import annotations

import dataclasses
import html
import logging
from collections.abc import Collection, Sequence
from enum import Enum

from bot.kinds import chicken_keys, chicken_text
from bot.kinds.base import KeyedKind
from bot.kinds.buttons import Rows, Step
from bot.kinds.chicken_text import need_line
from bot.texts import plural, tr
from bot.ui.formatting import hand_head
from bot.ui.move_words import Said, caption_moves, move_words
from bot.ui.names import SEP, seat_names
from bot.ui.pictures import fallback_picture
from bot.ui.result_words import reason_lines, result_line
from engine.chicken.kind import CHICKEN_KIND, ChickenView
from engine.chicken.table import ENGINE
from engine.core.moves import BranchPlace, Draw, Move
from engine.core.results import MoveResult
from engine.core.tiles import Tile
from engine.core.view import SeatView
from service.types import GameInfo, SeatInfo

__all__ = ["CHICKEN", "ChickenBotKind", "chicken_of", "need_line", "public_view"]

log = logging.getLogger(__name__)


def chicken_of(view: SeatView) -> ChickenView | None:
    """The view as a Chicken Foot game's (None: a view of another kind)."""
    return view if isinstance(view, ChickenView) else None


def public_view(view: SeatView) -> ChickenView | None:
    """The view as the group may see it: no hand, no legal moves, no hand left at a
    round's end (the result lines name the points)."""
    own = chicken_of(view)
    if own is None:
        return None
    return dataclasses.replace(own, seat=None, hand=(), legal=(), end_hands=())


@move_words.register
def _branch_place(move: BranchPlace, lang: str, said: Said | None = None, *,
                  end: bool = True) -> str:
    """A tile placed, in a caption: "Boris: 6-3 on the engine", "Anna: 4-1 → 2",
    "Gleb: chicken foot 7-7 on 3 — three toes needed"."""
    tile = chicken_keys.placed_label(move)
    if said is None:  # the review names the tile, and its end when two moves share it
        if not end:
            return tile
        return tile + " → " + (tr(lang, "ck.engine") if move.branch == ENGINE
                               else move.branch)
    if move.branch == ENGINE:
        return tr(lang, "ck.move_engine", name=said.name, tile=tile)
    if move.tile.is_double:
        return tr(lang, "ck.move_foot", name=said.name, tile=tile, branch=move.branch)
    return tr(lang, "ck.move", name=said.name, tile=tile, branch=move.branch)


class ChickenBotKind(KeyedKind[ChickenView]):
    name = CHICKEN_KIND.name
    prefix = chicken_keys.PREFIX
    hints = False  # nothing scores in play: the pips left in hand count at the end

    def hand_text(self, lang: str, game: GameInfo, seat: SeatInfo, view: SeatView,
                  drew: Sequence[Tile] = ()) -> str:
        names = seat_names(lang, game)
        own = chicken_of(view)
        lines, settled = hand_head(lang, game, seat, view)
        if not settled and view.turn is not None and own is not None:
            lines.append(need_line(lang, own))
            if view.turn == view.seat:
                lines.append(tr(lang, "hand.your_turn"))
                if drew:
                    lines.append(tr(lang, "ck.drew", tile=" ".join(map(str, drew))))
                if any(isinstance(m, BranchPlace) for m in view.legal):
                    lines.append(tr(lang, "ck.choose"))
                elif any(isinstance(m, Draw) for m in view.legal):
                    lines.append(tr(lang, "ck.must_draw"))
                else:
                    lines.append(tr(lang, "ck.must_pass"))
            else:
                lines.append(tr(lang, "hand.turn_of", name=names[view.turn]))
        lines.append(tr(lang, "hand.boneyard", count=plural(lang, view.boneyard_left, "tile")))
        hand = own.hand if own is not None else ()
        lines.append(tr(lang, "ck.hand", tiles=" ".join(map(str, hand)) or tr(lang, "hand.none"),
                        count=plural(lang, len(hand), "tile")))
        return "\n".join(lines)

    forged = "btn.forged"
    illegal = chicken_keys.Refusal.ILLEGAL.value

    def own(self, view: SeatView) -> ChickenView | None:
        return chicken_of(view)

    def keyboard(self, game_id: int, own: ChickenView) -> Rows:
        return chicken_keys.hand_keyboard(game_id, own)

    def decoded_game(self, data: str) -> int | None:
        press = chicken_keys.decode(data)
        return press.game if press is not None else None

    def handle(self, game_id: int, own: ChickenView, data: str, names: Sequence[str]
               ) -> Step | Move | Enum:
        return chicken_keys.handle(game_id, own, data)

    def table_picture(self, lang: str, view: SeatView, names: list[str],
                      banner: str | None = None, banner_detail: str | None = None
                      ) -> tuple[bytes, str]:
        from renderer.chicken import ChickenLabels, render_chicken
        shown = public_view(view)
        if shown is None:
            return fallback_picture(), "table.png"
        labels = ChickenLabels(turn=tr(lang, "ck.turn"), yard=tr(lang, "ck.yard"),
                               round=tr(lang, "ck.round"), engine=tr(lang, "ck.engine"),
                               toes=tr(lang, "ck.toes", count="{count}"),
                               arms=tr(lang, "ck.arms", count="{count}"))
        text = " · ".join(t for t in (banner, banner_detail) if t) or None
        try:
            result = render_chicken(shown, names, labels, banner=text)
        except Exception:  # a picture must never stop the game
            log.exception("rendering the chicken_foot table failed")
            return fallback_picture(), "table.png"
        return result.data, "table.jpg" if result.format == "JPEG" else "table.png"

    def table_text(self, lang: str, game: GameInfo, view: SeatView,
                   results: Sequence[MoveResult] = (), auto: Collection[int] = (), *,
                   mention: int | None = None) -> str:
        names = seat_names(lang, game)
        shown = public_view(view)
        if shown is None:
            return ""
        moves = caption_moves(lang, game, results, auto)
        text = chicken_text.table_text(lang, names, shown, last=SEP.join(moves) or None,
                                       cancelled=game.status == "cancelled",
                                       mention=mention)
        if view.outcome is not None and game.status != "cancelled":
            extra = [result_line(lang, game, view, view.outcome),
                     *reason_lines(lang, game, view, view.outcome)]
            text += "\n" + "\n".join(html.escape(line) for line in extra)
        return text


CHICKEN = ChickenBotKind()
