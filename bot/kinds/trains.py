"""The bot's side of ``mexican_train`` (Mexican Train, docs/rules.md 4.22): the
hand message and its buttons (bot/kinds/trains_keys.py: a tile, and its train when
it fits more than one), the table picture (renderer/trains.py) and the table as
text (bot/kinds/trains_text.py). Everything the group sees is drawn from the
public table (no hand); a seat's own tiles are only in its own hand message.
The train buttons name each train by its owner as the chat shows him.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Collection, Sequence
from enum import Enum

from bot.kinds import trains_keys, trains_text
from bot.kinds.base import KeyedKind
from bot.kinds.buttons import Rows, Step
from bot.texts import plural, tr
from bot.ui.formatting import hand_head
from bot.ui.move_words import Said, caption_moves, move_words
from bot.ui.names import SEP, seat_name, seat_names
from bot.ui.pictures import fallback_picture
from bot.ui.result_words import reason_lines, result_line
from engine.core.moves import DONE, Draw, Move, TrainPlace
from engine.core.results import MoveResult
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.trains.kind import TRAINS_KIND, TrainsView
from service.types import GameInfo, SeatInfo

__all__ = ["TRAINS", "TrainsBotKind", "train_words", "trains_of"]

log = logging.getLogger(__name__)


def trains_of(view: SeatView) -> TrainsView | None:
    """The view as a Mexican Train game's (None: a view of another kind)."""
    return view if isinstance(view, TrainsView) else None


def train_words(lang: str, key: str, names: Sequence[str], seat: int | None = None) -> str:
    """A train as a sentence names it: "the Mexican train", "your train" (``seat``'s
    own), "Boris's train"."""
    if key == "M":
        return tr(lang, "mt.mexican")
    owner = int(key[1:])
    if owner == seat:
        return tr(lang, "mt.your_train")
    name = names[owner] if owner < len(names) else f"T{owner + 1}"
    return tr(lang, "mt.train_of", name=name)


@move_words.register
def _train_place(move: TrainPlace, lang: str, said: Said | None = None, *, end: bool = True
                 ) -> str:
    """A tile placed, in a caption: "Boris: 7-2 → Anna's train"."""
    tile = f"{move.touch}-{move.tile.other(move.touch)}"
    key = "M" if move.train is None else f"T{move.train}"
    if said is None:  # the review names the tile, and its train when two moves share it
        return f"{tile} → {train_words(lang, key, ())}" if end else tile
    names = [seat_name(lang, s) for s in said.game.seats]
    return tr(lang, "mt.move", name=said.name, tile=tile, train=train_words(lang, key, names))


class TrainsBotKind(KeyedKind[TrainsView]):
    name = TRAINS_KIND.name
    prefix = trains_keys.PREFIX
    hints = False  # the domino hints read a line table

    def hand_text(self, lang: str, game: GameInfo, seat: SeatInfo, view: SeatView,
                  drew: Sequence[Tile] = ()) -> str:
        names = seat_names(lang, game)
        own = trains_of(view)
        lines, settled = hand_head(lang, game, seat, view)
        detail = own.detail if own is not None else {}
        me = view.seat
        if not settled and view.turn is not None and own is not None:
            first_round = bool(detail.get("first_round"))
            owed = detail.get("owed", [])
            if view.turn == me:
                lines.append(tr(lang, "hand.your_turn"))
                if drew:
                    lines.append(tr(lang, "hand.drew", tile=" ".join(map(str, drew))))
                places = [m for m in view.legal if isinstance(m, TrainPlace)]
                if first_round and places:
                    lines.append(tr(lang, "mt.chain"))
                elif places:
                    lines.append(tr(lang, "mt.choose_tile"))
                elif DONE not in view.legal:
                    lines.append(tr(lang, "mt.must_draw" if any(
                        isinstance(m, Draw) for m in view.legal) else "mt.must_pass"))
            else:
                lines.append(tr(lang, "hand.turn_of", name=names[view.turn]))
                if first_round:
                    lines.append(tr(lang, "mt.first_round"))
            if owed and not first_round:
                key = owed[0]
                pip = detail["ends"][key]
                lines.append(tr(lang, "mt.owed", train=train_words(lang, key, names, me),
                                tile=f"{pip}-{pip}"))
        if own is not None and me is not None and not settled:
            pip = detail["ends"][f"T{me}"]
            markers = detail.get("markers", [])
            is_open = me < len(markers) and markers[me]
            lines.append(tr(lang, "mt.my_train_open" if is_open else "mt.my_train_closed",
                            pip=pip))
            lines.append(tr(lang, "mt.engine", tile=detail["engine"]))
        lines.append(tr(lang, "mt.boneyard", count=view.boneyard_left))
        hand = own.hand if own is not None else ()
        lines.append(tr(lang, "mt.hand", tiles=" ".join(map(str, hand)) or tr(lang, "hand.none"),
                        count=plural(lang, len(hand), "tile")))
        return "\n".join(lines)

    forged = "mt.forged"
    illegal = trains_keys.Refusal.ILLEGAL.value

    def own(self, view: SeatView) -> TrainsView | None:
        return trains_of(view)

    def keyboard(self, game_id: int, own: TrainsView) -> Rows:
        return trains_keys.hand_keyboard(game_id, own)

    def decoded_game(self, data: str) -> int | None:
        press = trains_keys.decode(data)
        return press.game if press is not None else None

    def handle(self, game_id: int, own: TrainsView, data: str, names: Sequence[str]
               ) -> Step | Move | Enum:
        return trains_keys.handle(game_id, own, data, names)

    def table_picture(self, lang: str, view: SeatView, names: list[str],
                      banner: str | None = None, banner_detail: str | None = None
                      ) -> tuple[bytes, str]:
        from renderer.trains import TrainsLabels, render_trains, table_of
        own = trains_of(view)
        if own is None:
            return fallback_picture(), "table.png"
        labels = TrainsLabels(mexican=tr(lang, "mt.mexican"), round=tr(lang, "mt.round"),
                              boneyard=tr(lang, "mt.boneyard", count="").rstrip(": "),
                              turn=tr(lang, "mt.turn"), drew=tr(lang, "mt.drew"),
                              cover=tr(lang, "mt.cover", tile="{tile}"))
        text = " · ".join(t for t in (banner, banner_detail) if t) or None
        try:
            table = table_of(own.detail, names, turn=view.turn, totals=view.totals,
                             boneyard=view.boneyard_left)
            result = render_trains(table, labels, banner=text)
        except Exception:  # a picture must never stop the game
            log.exception("rendering the trains table failed")
            return fallback_picture(), "table.png"
        return result.data, "table.jpg"

    def table_text(self, lang: str, game: GameInfo, view: SeatView,
                   results: Sequence[MoveResult] = (), auto: Collection[int] = (), *,
                   mention: int | None = None) -> str:
        names = seat_names(lang, game)
        own = trains_of(view)
        if own is None:
            return ""
        moves = caption_moves(lang, game, results, auto)
        text = trains_text.table_text(lang, names, own, last=SEP.join(moves) or None,
                                      cancelled=game.status == "cancelled", mention=mention)
        if view.outcome is not None and game.status != "cancelled":
            extra = [result_line(lang, game, view, view.outcome),
                     *reason_lines(lang, game, view, view.outcome)]
            text += "\n" + "\n".join(html.escape(line) for line in extra)
        return text


TRAINS = TrainsBotKind()
