"""What every repository shares: the clock, JSON and argument checks.

A repository holds no connection. Every method takes the executor to run on
as its first argument: the `Database` (each statement on its own, committed at
once) or an open `Transaction` (part of the caller's atomic unit). Methods that
need several statements to be atomic take a `Transaction` only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Final, cast

from storage.models import GAME_STATUSES, GameStatus

__all__ = ["Clock", "Repository", "check_int64", "check_json", "check_status", "dump_object"]

Clock = Callable[[], float]

_INT64_MIN: Final = -(2**63)
_INT64_MAX: Final = 2**63 - 1


class Repository:
    """A repository: stateless but for the clock that stamps its writes."""

    __slots__ = ("_now",)

    def __init__(self, clock: Clock) -> None:
        self._now = clock


def dump_object(value: Mapping[str, Any], what: str) -> str:
    if not isinstance(value, Mapping):
        raise TypeError(f"{what} must be a mapping, not {type(value).__name__}")
    return json.dumps(dict(value), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def check_json(text: str, what: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"{what} must be JSON text, not {type(text).__name__}")
    try:
        json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{what} is not valid JSON: {exc}") from exc


def check_int64(value: int | None, what: str) -> None:
    if value is not None and not _INT64_MIN <= value <= _INT64_MAX:
        raise ValueError(f"{what} must fit in a signed 64-bit integer")


def check_status(status: str) -> GameStatus:
    if status not in GAME_STATUSES:
        raise ValueError(f"unknown game status {status!r}")
    return cast(GameStatus, status)
