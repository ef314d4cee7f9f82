"""The game kinds the bot knows, listed once: the domino kind, Chinese dominoes and
triangular dominoes. A new kind's bot side (bot/kinds/<kind>.py) is added to
:data:`KINDS`; importing this module also gives each kind's own moves their words
(bot/ui/move_words.py), named in the kind's module.

This is the one module that imports every kind; the kinds import bot/kinds/base.py
only, never this, so there is no circle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.kinds.base import DOMINO, BotKind
from bot.kinds.chicken import CHICKEN
from bot.kinds.chinese import CHINESE
from bot.kinds.trains import TRAINS
from bot.kinds.triangular import TRIANGULAR
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.games import kind_of
from engine.steps import Frame, clamp, frame_at, replay_steps, round_starts
from renderer import render_choice, render_hands

KINDS: tuple[BotKind, ...] = (DOMINO, CHINESE, TRIANGULAR, TRAINS, CHICKEN)


def _by_name(kinds: Sequence[BotKind]) -> Mapping[str, BotKind]:
    """The kinds by name; two of one name, or two with one callback prefix, are an
    error of the list."""
    by_name: dict[str, BotKind] = {}
    for kind in kinds:
        if kind.name in by_name:
            raise ValueError(f"two bot kinds are named {kind.name!r}")
        if kind.prefix is not None and any(k.prefix == kind.prefix for k in by_name.values()):
            raise ValueError(f"two bot kinds use the prefix {kind.prefix!r}")
        by_name[kind.name] = kind
    return by_name


BOT_KINDS: Mapping[str, BotKind] = _by_name(KINDS)


def bot_kind(variant: str) -> BotKind:
    """The bot part of the kind of the variant of that name (the domino kind's for a
    kind the bot has no part of its own for)."""
    return BOT_KINDS.get(kind_of(variant).name, DOMINO)


def kind_of_data(data: str) -> BotKind | None:
    """The kind whose own buttons made ``data`` (None: the common codec's)."""
    head = data.split(":", 1)[0]
    return next((k for k in KINDS if k.prefix is not None and k.prefix == head), None)


def table_picture(lang: str, view: SeatView, names: list[str], banner: str | None = None,
                  banner_detail: str | None = None) -> tuple[bytes, str]:
    """The table picture of a view of any kind (run in the render worker)."""
    return bot_kind(view.variant).table_picture(lang, view, names, banner, banner_detail)


def review_picture(lang: str, view: SeatView, names: list[str], hand: list[Tile],
                   played: Tile | None, better: Tile | None) -> tuple[bytes, str]:
    """One costly decision of the post-game review as one picture: the table then (the
    public view, in its kind's picture) with his hand under it, the tile played
    marked red and the better one green (run in the render worker)."""
    table, _ = table_picture(lang, view, names)
    result = render_choice(table, hand, played, better)
    return result.data, f"decision{result.extension}"


@dataclass(frozen=True, slots=True)
class ReplayPicture:
    """One step of a finished game's replay: the picture (the table then with every
    hand under it), the position (:class:`engine.steps.Frame`), the step's index
    (clamped), how many steps there are and where each round starts."""

    photo: bytes
    filename: str
    frame: Frame
    index: int
    count: int
    starts: tuple[int, ...]


def replay_picture(lang: str, record: Mapping[str, Any], names: list[str], index: int,
                   banner: str | None = None, banner_detail: str | None = None
                   ) -> ReplayPicture:
    """Step ``index`` (clamped) of the replay of a finished game's complete record:
    the kind's table picture of the public view then (``banner`` across the last
    step's), every seat's hand under it, the seat that just moved ringed (run in
    the render worker: the record is replayed here, never on the event loop)."""
    steps = replay_steps(record)
    index = clamp(index, steps)
    frame = frame_at(record, steps, index)
    last = index == len(steps) - 1
    table, _ = table_picture(lang, frame.view, names, banner if last else None,
                             banner_detail if last else None)
    hands = [(names[seat] if seat < len(names) else str(seat + 1),
              [p if isinstance(p, Tile) else str(p) for p in _sorted(hand)])
             for seat, hand in enumerate(frame.hands)]
    side_of = {seat: i for i, side in enumerate(frame.view.sides) for seat in side}
    result = render_hands(table, hands, marked=frame.step.seat,
                          sides=[side_of.get(seat, seat) for seat in range(len(hands))])
    return ReplayPicture(result.data, f"replay{result.extension}", frame, index, len(steps),
                         round_starts(steps))


def _sorted(hand: Sequence[object]) -> list[object]:
    """A hand in pip order when it is dominoes, else as held."""
    if all(isinstance(p, Tile) for p in hand):
        return sorted(hand, key=lambda t: (t.a, t.b))  # type: ignore[attr-defined]
    return list(hand)


__all__ = ["BOT_KINDS", "KINDS", "ReplayPicture", "bot_kind", "kind_of_data", "replay_picture",
           "review_picture", "table_picture"]
