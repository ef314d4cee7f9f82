"""What every kind's own hand buttons are made of, pure (no Telegram objects): a
:class:`Button` (a label, or a catalogue key with values, and its callback data),
rows of them, and :class:`Step`, a press that leads to another keyboard. A kind's
keys module (``bot/kinds/<kind>_keys.py``) builds them from the presser's own view;
bot/kinds/base.py turns them into Telegram's buttons."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["MAX_DATA", "Button", "Rows", "Step", "in_rows", "last_row"]

MAX_DATA = 64  # the Bot API's longest callback data, in bytes


@dataclass(frozen=True, slots=True)
class Button:
    """A button: ``label`` is literal text, or a catalogue key (``text_key``) with
    ``values``."""

    label: str
    data: str
    text_key: bool = False
    values: tuple[tuple[str, str], ...] = field(default=())


Rows = list[list[Button]]


@dataclass(frozen=True, slots=True)
class Step:
    """A press that leads to another keyboard (no move yet)."""

    keyboard: Rows


def in_rows(buttons: list[Button], per_row: int) -> Rows:
    """The buttons ``per_row`` to a row."""
    return [buttons[i:i + per_row] for i in range(0, len(buttons), per_row)]


def last_row(*buttons: Button | None) -> Rows:
    """A keyboard's last row (back, draw, pass ...): the buttons given, none if none is."""
    row = [b for b in buttons if b is not None]
    return [row] if row else []
