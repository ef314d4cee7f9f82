"""A chat's ``/settings``: its turn timers, expiry and forced moves, and their parsing.

Settings (per chat, in ``chats.settings``; changed with ``/settings`` by a chat
admin only, since they bind the games of every topic of the chat):

=============  ==========================================  =========
key            values                                      default
=============  ==========================================  =========
``turn``       30s, 1m, 2m, 5m, 1h, 24h, off               off
``timeout``    skip, ai                                    skip
``takeover``   1-10 time-outs in a row, off                3
``lobby``      a lobby that never starts closes after      24h
``idle``       a game without a move closes after          7d
``forced``     on, off: forced passes and draws are made   on
=============  ==========================================  =========

(``forced`` is read by the service itself, `service.play`: a person present whose
only legal action is a pass or a draw gets it made in the transaction of the
command before.)

The turn timer is off by default: most groups play casual games at the table,
and a clock nobody asked for would push the slow reader out. A group turns it on.

The display settings (``hints``, ``table``) are `service.display`'s; `parse_settings_args`
reads them too, so one ``/settings`` changes any of them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.display import DISPLAY_NAMES, parse_display
from service.errors import ServiceError
from service.play import FORCED_KEY
from service.types import TAKEOVER_LEVEL

__all__ = [
    "DAY",
    "DEFAULTS",
    "HOUR",
    "IDLE_RANGE",
    "LOBBY_RANGE",
    "MAX_STEPS",
    "MAX_TAKEOVER",
    "MINUTE",
    "MIN_REMIND_LEAD",
    "SLOW_TURN",
    "TIMEOUT_ACTIONS",
    "TURN_CHOICES",
    "BadTimerSettingError",
    "TimerSettings",
    "changed_settings",
    "format_duration",
    "parse_duration",
    "parse_settings_args",
]

MINUTE, HOUR, DAY = 60, 3600, 86400
TURN_CHOICES: dict[str, int] = {"30s": 30, "1m": MINUTE, "2m": 2 * MINUTE, "5m": 5 * MINUTE,
                                "1h": HOUR, "24h": DAY}
TIMEOUT_ACTIONS = ("skip", "ai")
SLOW_TURN = HOUR  # from this turn time on, a turn begins with a "your turn" notice
MAX_TAKEOVER = 10
LOBBY_RANGE = (10 * MINUTE, 7 * DAY)
IDLE_RANGE = (HOUR, 60 * DAY)
MIN_REMIND_LEAD = 5.0  # the reminder comes at least this many seconds before the time-out
MAX_STEPS = 60  # forced actions in one time-out (draws from a boneyard), a safety bound

# stored keys in chats.settings (0 stands for "off")
_KEYS = {"turn": "turn_seconds", "timeout": "timeout_action", "takeover": "takeover_after",
         "lobby": "lobby_expiry", "idle": "idle_expiry", "forced": FORCED_KEY}


@dataclass(frozen=True, slots=True)
class TimerSettings:
    turn: int | None = None  # seconds per turn; None: no turn timer
    timeout: str = "skip"
    takeover: int = 3  # time-outs in a row before a computer takes the seat; 0: never
    lobby: int | None = DAY
    idle: int | None = 7 * DAY
    forced: bool = True  # a person's forced pass or draw is made for him

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> TimerSettings:
        """Read from a chat's settings; a malformed stored value counts as its default."""
        d = cls()

        def seconds(key: str, default: int | None) -> int | None:
            value = settings.get(_KEYS[key])
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                return default
            return value or None

        timeout = settings.get(_KEYS["timeout"])
        takeover = settings.get(_KEYS["takeover"])
        if isinstance(takeover, bool) or not isinstance(takeover, int) \
                or not 0 <= takeover <= MAX_TAKEOVER:
            takeover = d.takeover
        forced = settings.get(_KEYS["forced"])
        return cls(turn=seconds("turn", d.turn),
                   timeout=timeout if timeout in TIMEOUT_ACTIONS else d.timeout,
                   takeover=takeover,
                   lobby=seconds("lobby", d.lobby), idle=seconds("idle", d.idle),
                   forced=forced if isinstance(forced, bool) else d.forced)

    @property
    def level(self) -> str:
        """The computer player that chooses when a timed-out player had a choice."""
        return TAKEOVER_LEVEL if self.timeout == "ai" else "easy"

    def remind_lead(self) -> float:
        """How long before the time-out the reminder comes: at 3/4 of the time,
        and at least a few seconds before."""
        if not self.turn:
            return MIN_REMIND_LEAD
        return max(MIN_REMIND_LEAD, self.turn / 4)


DEFAULTS = TimerSettings()


class BadTimerSettingError(ServiceError):
    """``/settings`` got something it does not understand; nothing was changed."""

    code = "bad_timer_setting"

    def __init__(self, name: str, value: str = "") -> None:
        super().__init__(f"{name} {value}".strip())
        self.name = name
        self.value = value


_DURATION = re.compile(r"(\d{1,6})\s*(s|sec|m|min|h|d)?")
_UNITS = {None: 1, "s": 1, "sec": 1, "m": MINUTE, "min": MINUTE, "h": HOUR, "d": DAY}
_OFF = ("off", "0", "no", "нет", "выкл")
_ON = ("on", "1", "yes", "да", "вкл")


def parse_duration(text: str) -> int | None:
    """``30s``, ``2m``, ``1h``, ``7d`` (a bare number is seconds) in seconds; None if not one."""
    m = _DURATION.fullmatch(text.strip().lower())
    if m is None:
        return None
    return int(m[1]) * _UNITS[m[2]]


def format_duration(seconds: float) -> str:
    """The shortest of ``7d``, ``24h``, ``2m``, ``30s`` that says it exactly (else rounded)."""
    s = round(seconds)
    for unit, size in (("d", DAY), ("h", HOUR), ("m", MINUTE)):
        if s >= size and s % size == 0 and not (unit == "d" and s == DAY):
            return f"{s // size}{unit}"
    if s >= HOUR:
        return f"{round(s / HOUR)}h"
    if s >= MINUTE:
        return f"{round(s / MINUTE)}m"
    return f"{s}s"


def parse_settings_args(args: Sequence[str]) -> dict[str, Any]:
    """``turn 2m timeout ai ...`` -> the changes to store (``name value`` pairs, also
    ``name=value``). Raises BadTimerSettingError on anything else; then nothing changes."""
    words: list[str] = []
    for arg in args:
        words.extend(w for w in arg.replace("=", " ").split() if w)
    if not words or len(words) % 2:
        raise BadTimerSettingError(words[-1] if words else "", "")
    changes: dict[str, Any] = {}
    for name, value in zip(words[::2], words[1::2], strict=True):
        name, value = name.lower(), value.lower()
        off = value in _OFF
        if name == "turn":
            secs = 0 if off else parse_duration(value)
            if secs is None or (secs and secs not in TURN_CHOICES.values()):
                raise BadTimerSettingError(name, value)
        elif name == "timeout":
            if value not in TIMEOUT_ACTIONS:
                raise BadTimerSettingError(name, value)
            changes[_KEYS[name]] = value
            continue
        elif name == "forced":
            if value not in _ON and not off:
                raise BadTimerSettingError(name, value)
            changes[_KEYS[name]] = not off
            continue
        elif name == "takeover":
            secs = 0 if off else (int(value) if value.isdigit() else None)
            if secs is None or not 0 <= secs <= MAX_TAKEOVER:
                raise BadTimerSettingError(name, value)
        elif name in ("lobby", "idle"):
            low, high = LOBBY_RANGE if name == "lobby" else IDLE_RANGE
            secs = 0 if off else parse_duration(value)
            if secs is None or (secs and not low <= secs <= high):
                raise BadTimerSettingError(name, value)
        elif name in DISPLAY_NAMES:  # the display settings: hints on|off, table picture|text
            display = parse_display(name, value)
            if display is None:
                raise BadTimerSettingError(name, value)
            changes[display[0]] = display[1]
            continue
        else:
            raise BadTimerSettingError(name, value)
        changes[_KEYS[name]] = secs
    return changes


# the stored key of each setting -> its /settings name
_NAMES: dict[str, str] = {key: name for name, key in (*_KEYS.items(), *DISPLAY_NAMES.items())}


def changed_settings(args: Sequence[str]) -> tuple[str, ...]:
    """The names (``turn``, ``idle``, ``hints``, ...) of the settings ``/settings``
    arguments change, in the order first given, each once; BadTimerSettingError as
    `parse_settings_args`."""
    return tuple(_NAMES[key] for key in parse_settings_args(args))
