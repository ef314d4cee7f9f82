"""How a chat sees its games: scoring hints on the hand's buttons,
and the live table as a picture or as text. Chat settings, in ``chats.settings``
beside the turn timers (no migration); changed with ``/settings`` by a chat admin
only, through `TurnTimers.change_settings`:

=============  ==========================================  =========
key            values                                      default
=============  ==========================================  =========
``hints``      on, off: a hand's buttons say what a        on
               placement scores (variants scoring in play)
``table``      picture, text: the live table's form        picture
=============  ==========================================  =========
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

if TYPE_CHECKING:
    from service.service import GameService

TableForm = Literal["picture", "text"]
TABLE_FORMS: Final[tuple[TableForm, ...]] = ("picture", "text")
HINTS_KEY: Final = "scoring_hints"
TABLE_KEY: Final = "table_form"
# the /settings names of these settings -> their stored keys
DISPLAY_NAMES: Final = {"hints": HINTS_KEY, "table": TABLE_KEY}
_ON = ("on", "1", "yes", "да", "вкл")
_OFF = ("off", "0", "no", "нет", "выкл")
_TABLE_WORDS: Final[dict[str, TableForm]] = {
    "picture": "picture", "image": "picture", "картинка": "picture",
    "text": "text", "текст": "text"}


@dataclass(frozen=True, slots=True)
class DisplaySettings:
    hints: bool = True
    table: TableForm = "picture"

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> DisplaySettings:
        """Read from a chat's settings; a malformed stored value counts as its default."""
        hints = settings.get(HINTS_KEY)
        table = settings.get(TABLE_KEY)
        return cls(hints=hints if isinstance(hints, bool) else True,
                   table="text" if table == "text" else "picture")


def parse_display(name: str, value: str) -> tuple[str, bool | str] | None:
    """``hints off`` -> (stored key, value); None when the value is not one the
    setting takes (``name`` is one of DISPLAY_NAMES, lower case)."""
    value = value.lower()
    if name == "hints":
        if value in _ON:
            return HINTS_KEY, True
        if value in _OFF:
            return HINTS_KEY, False
        return None
    form = _TABLE_WORDS.get(value)
    return (TABLE_KEY, form) if form is not None else None


def parse_table_arg(text: str) -> TableForm | None:
    """The form a ``/table`` argument names (``text``, ``picture``), None if none."""
    return _TABLE_WORDS.get(text.strip().lower())


__all__ = ["DISPLAY_NAMES", "HINTS_KEY", "TABLE_FORMS", "TABLE_KEY", "DisplaySettings",
           "TableForm", "chat_display", "parse_display", "parse_table_arg"]


async def chat_display(service: GameService, chat_id: int) -> DisplaySettings:
    """The chat's display settings as stored (defaults for a chat never seen)."""
    ctx = service.context
    row = await ctx.repos.chats.get(ctx.db, chat_id)
    return DisplaySettings.of(row.settings) if row is not None else DisplaySettings()
