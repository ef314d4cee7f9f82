"""The bot's side of a game kind (engine/games.py): what the bot shows and accepts
for a game of that kind, and the domino kind's, which every other kind builds on.

A kind's bot part builds the seat's hand message and buttons, reads a press on
its own buttons (callback data starting with its ``prefix``: the domino kind has
none, its buttons are the common codec's, bot/ui/callbacks.py), draws the table
picture and writes the table as text. Kind ``x`` lives in ``bot/kinds/x.py`` and is
listed in bot/kinds/registry.py, where ``bot_kind(variant)`` finds it;
docs/adding-a-variant.md lists what a new kind gives.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.kinds.buttons import Rows, Step
from bot.texts import tr
from bot.ui.formatting import hand_text
from bot.ui.keyboards import hand_keyboard
from bot.ui.pictures import table_picture as domino_picture
from bot.ui.text_table import table_text as domino_text
from engine.core.moves import End, Move
from engine.core.results import MoveResult
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.domino.view import domino_view
from service.types import GameInfo, SeatInfo

__all__ = ["DOMINO", "BotKind", "Hints", "KeyedKind", "MakeMove", "Press", "Refusal", "Reselect",
           "markup"]

V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Refusal:
    """A press refused: the catalogue key of the answer; nothing changes."""

    key: str


@dataclass(frozen=True, slots=True)
class Reselect:
    """A press that changes the choice on the hand's buttons (no move yet)."""

    markup: InlineKeyboardMarkup


@dataclass(frozen=True, slots=True)
class MakeMove:
    """A press that completes a legal move, to be made at the keyboard's version."""

    move: Move


Press = Refusal | Reselect | MakeMove
Hints = Mapping[tuple[Tile, End | None], int]


def markup(lang: str, rows: Rows) -> InlineKeyboardMarkup | None:
    """A kind's own buttons (bot/kinds/buttons.py) as Telegram's, their texts in ``lang``."""
    out = [[InlineKeyboardButton(tr(lang, b.label, **dict(b.values)) if b.text_key else b.label,
                                 callback_data=b.data) for b in row] for row in rows]
    return InlineKeyboardMarkup(out) if out else None


class BotKind:
    """The domino kind's bot part: today's hand message, buttons, picture and text."""

    name = "domino"
    prefix: str | None = None  # the start of its own callback data (None: the codec's)
    hints = True  # scoring hints on the hand's buttons

    def hand_text(self, lang: str, game: GameInfo, seat: SeatInfo, view: SeatView,
                  drew: Sequence[Tile] = ()) -> str:
        return hand_text(lang, game, seat, domino_view(view), drew)

    def hand_keyboard(self, lang: str, game_id: int, version: int, view: SeatView, *,
                      active: bool = True, hints: Hints | None = None
                      ) -> InlineKeyboardMarkup | None:
        return hand_keyboard(lang, game_id, version, domino_view(view), active=active,
                             hints=hints)

    def press(self, lang: str, data: str, game_id: int, version: int, view: SeatView,
              names: Sequence[str] = ()) -> Press:
        """A press on this kind's own buttons (``data`` starts with ``prefix``), read
        against the seat's view at the game's ``version``; ``names``: the seats' names
        as the chat shows them (for buttons that name a seat)."""
        return Refusal("btn.forged")

    def game_of(self, data: str) -> int | None:
        """The game id a press of this kind names (None: not one of its presses)."""
        return None

    def table_picture(self, lang: str, view: SeatView, names: list[str],
                      banner: str | None = None, banner_detail: str | None = None
                      ) -> tuple[bytes, str]:
        return domino_picture(lang, domino_view(view), names, banner, banner_detail)

    def table_text(self, lang: str, game: GameInfo, view: SeatView,
                   results: Sequence[MoveResult] = (), auto: Collection[int] = (), *,
                   mention: int | None = None) -> str:
        return domino_text(lang, game, domino_view(view), results, auto, mention=mention)


DOMINO = BotKind()


class KeyedKind(BotKind, Generic[V]):
    """A kind whose hand buttons a pure keys module (``bot/kinds/<kind>_keys.py``)
    makes and reads from the presser's own view ``V``: the keyboard, the game a
    press names, and what a press means (a refusal, another keyboard, or a move).
    Each button carries the round and the moves made in it, so an old keyboard is
    stale. A subclass writes :meth:`own`, :meth:`keyboard`, :meth:`decoded_game`,
    :meth:`handle` and its ``forged`` and ``illegal`` answers' keys."""

    forged = "btn.forged"  # the answer to a press on a view of another kind
    illegal = "btn.forged"  # the answer to a choice that leads to no legal move

    def own(self, view: SeatView) -> V | None:
        """The kind's own view in a seat's view (None: a view of another kind)."""
        raise NotImplementedError

    def keyboard(self, game_id: int, own: V) -> Rows:
        raise NotImplementedError

    def decoded_game(self, data: str) -> int | None:
        raise NotImplementedError

    def handle(self, game_id: int, own: V, data: str, names: Sequence[str]
               ) -> Step | Move | Enum:
        raise NotImplementedError

    def hand_keyboard(self, lang: str, game_id: int, version: int, view: SeatView, *,
                      active: bool = True, hints: Hints | None = None
                      ) -> InlineKeyboardMarkup | None:
        own = self.own(view)
        if not active or view.outcome is not None or own is None:
            return None
        return markup(lang, self.keyboard(game_id, own))

    def game_of(self, data: str) -> int | None:
        return self.decoded_game(data)

    def press(self, lang: str, data: str, game_id: int, version: int, view: SeatView,
              names: Sequence[str] = ()) -> Press:
        own = self.own(view)
        if own is None:
            return Refusal(self.forged)
        handled = self.handle(game_id, own, data, names)
        if isinstance(handled, Enum):
            return Refusal(str(handled.value))
        if isinstance(handled, Step):
            rows = markup(lang, handled.keyboard)
            return Reselect(rows) if rows is not None else Refusal(self.illegal)
        return MakeMove(handled)
