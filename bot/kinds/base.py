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

from telegram import InlineKeyboardMarkup

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

__all__ = ["DOMINO", "BotKind", "Hints", "MakeMove", "Press", "Refusal", "Reselect"]


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
