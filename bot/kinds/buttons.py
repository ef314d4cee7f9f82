"""What every kind's own hand buttons are made of, pure (no Telegram objects): a
:class:`Button` (a label, or a catalogue key with values, and its callback data),
rows of them, and :class:`Step`, a press that leads to another keyboard. A kind's
keys module (``bot/kinds/<kind>_keys.py``) builds them from the presser's own view;
bot/kinds/base.py turns them into Telegram's buttons."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["MAX_DATA", "Button", "Rows", "Step"]

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
