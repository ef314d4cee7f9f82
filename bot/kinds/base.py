"""The bot's side of the game kinds (issue 14, engine/kinds.py): what the bot shows
and accepts for a game of each kind, found by the kind's name.

A kind's bot part builds the seat's hand message and buttons, reads a press on
its own buttons (callback data starting with its ``prefix``: the domino kind has
none, its buttons are the common codec's, bot/ui/callbacks.py), draws the table
picture and writes the table as text. ``bot_kind(variant)`` finds it; kind ``x``
lives in ``bot/x_kind.py``, imported (and so registered) when first asked for.
docs/kinds.md lists what a new kind registers.
"""

from __future__ import annotations

import contextlib
import importlib
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
from engine.games import kind_of
from service.types import GameInfo, SeatInfo

__all__ = ["BOT_KINDS", "BotKind", "MakeMove", "Press", "Refusal", "Reselect", "bot_kind",
           "kind_of_data", "register_bot_kind", "table_picture"]


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
    hints = True  # scoring hints on the hand's buttons (issue 15)
    review = True  # the computer review of a finished game (issue 15) covers it

    def hand_text(self, lang: str, game: GameInfo, seat: SeatInfo, view: SeatView,
                  drew: Sequence[Tile] = ()) -> str:
        return hand_text(lang, game, seat, domino_view(view), drew)

    def hand_keyboard(self, lang: str, game_id: int, version: int, view: SeatView, *,
                      active: bool = True, hints: Hints | None = None
                      ) -> InlineKeyboardMarkup | None:
        return hand_keyboard(lang, game_id, version, domino_view(view), active=active,
                             hints=hints)

    def press(self, lang: str, data: str, game_id: int, version: int, view: SeatView
              ) -> Press:
        """A press on this kind's own buttons (``data`` starts with ``prefix``), read
        against the seat's view at the game's ``version``."""
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
BOT_KINDS: dict[str, BotKind] = {DOMINO.name: DOMINO}


def register_bot_kind(kind: BotKind) -> BotKind:
    known = BOT_KINDS.get(kind.name)
    if known is not None and known is not kind:
        raise ValueError(f"two bot kinds are named {kind.name!r}")
    if kind.prefix is not None and any(k.prefix == kind.prefix for k in BOT_KINDS.values()
                                       if k is not kind):
        raise ValueError(f"two bot kinds use the prefix {kind.prefix!r}")
    BOT_KINDS[kind.name] = kind
    return kind


def _named(name: str) -> BotKind:
    if name not in BOT_KINDS and name.isidentifier():
        with contextlib.suppress(ModuleNotFoundError):
            importlib.import_module(f"bot.kinds.{name}")
    return BOT_KINDS.get(name, DOMINO)


def bot_kind(variant: str) -> BotKind:
    """The bot part of the kind of the variant of that name."""
    return _named(kind_of(variant).name)


def _load_all() -> None:
    from engine.variants import variants_in_order
    for cls in variants_in_order():
        _named(cls.kind)


def kind_of_data(data: str) -> BotKind | None:
    """The kind whose own buttons made ``data`` (None: the common codec's)."""
    _load_all()
    head = data.split(":", 1)[0]
    return next((k for k in BOT_KINDS.values() if k.prefix is not None and k.prefix == head),
                None)


def table_picture(lang: str, view: SeatView, names: list[str], banner: str | None = None,
                  banner_detail: str | None = None) -> tuple[bytes, str]:
    """The table picture of a view of any kind (run in the render worker)."""
    return bot_kind(view.variant).table_picture(lang, view, names, banner, banner_detail)
