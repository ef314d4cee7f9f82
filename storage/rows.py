"""One generic way from a ``sqlite3.Row`` to a frozen row type.

A `RowMapper` builds a frozen dataclass from a row by its field names: each
field reads the column of the same name (or ``prefix + name`` when one query
joins two tables), through a converter when one is given for it. A field with a
default may be missing from the row (a narrower query); any other missing column
is a programming error and raises `KeyError` naming it.

    users = RowMapper(UserRow, has_private_chat=as_bool, blocked=as_bool)
    user = users(row)
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from storage.errors import StorageError

__all__ = [
    "Converter",
    "RowMapper",
    "as_bool",
    "as_float",
    "as_int",
    "as_str",
    "json_object",
    "optional",
]

T = TypeVar("T")
Converter = Callable[[Any], Any]
_MISSING = object()


def as_bool(value: Any) -> bool:
    return bool(value)


def as_int(value: Any) -> int:
    return int(value)


def as_float(value: Any) -> float:
    return float(value)


def as_str(value: Any) -> str:
    return str(value)


def optional(convert: Converter) -> Converter:
    """``convert`` for a nullable column: NULL stays None."""

    def read(value: Any) -> Any:
        return None if value is None else convert(value)

    return read


def json_object(what: str) -> Converter:
    """A column of JSON text holding an object, decoded into a dict."""

    def read(value: Any) -> dict[str, Any]:
        try:
            decoded = json.loads(value)
        except (TypeError, ValueError) as exc:
            raise StorageError(f"stored {what} is not valid JSON: {exc}") from exc
        if not isinstance(decoded, dict):
            raise StorageError(f"stored {what} is not a JSON object")
        return decoded

    return read


class RowMapper(Generic[T]):
    """Builds ``cls`` (a dataclass) from a row, field by field."""

    __slots__ = ("_cls", "_fields")

    def __init__(self, cls: type[T], *, prefix: str = "", **converters: Converter) -> None:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not a dataclass")
        fields = [f for f in dataclasses.fields(cls) if f.init]
        unknown = set(converters) - {f.name for f in fields}
        if unknown:
            raise TypeError(f"{cls.__name__} has no field(s) {', '.join(sorted(unknown))}")
        self._cls = cls
        self._fields: tuple[tuple[str, str, Converter | None, bool], ...] = tuple(
            (
                f.name,
                prefix + f.name,
                converters.get(f.name),
                f.default is not dataclasses.MISSING
                or f.default_factory is not dataclasses.MISSING,
            )
            for f in fields
        )

    def __call__(self, row: sqlite3.Row) -> T:
        values: dict[str, Any] = {}
        keys: list[str] | None = None
        for name, column, convert, has_default in self._fields:
            try:
                value = row[column]
            except IndexError:
                if keys is None:
                    keys = row.keys()
                if has_default and column not in keys:
                    continue
                raise KeyError(f"the query gave no column {column!r} for "
                               f"{self._cls.__name__}.{name}") from None
            values[name] = convert(value) if convert is not None else value
        return self._cls(**values)

    def all(self, rows: list[sqlite3.Row]) -> list[T]:
        return [self(row) for row in rows]

    def first(self, rows: list[sqlite3.Row]) -> T | None:
        return self(rows[0]) if rows else None

    def maybe(self, row: sqlite3.Row | None) -> T | None:
        return None if row is None else self(row)
