"""The one generic way rows become frozen values."""

from __future__ import annotations

import dataclasses
import sqlite3

import pytest

from storage.errors import StorageError
from storage.rows import RowMapper, as_bool, json_object, optional


@dataclasses.dataclass(frozen=True, slots=True)
class Thing:
    thing_id: int
    flag: bool
    data: dict[str, object]
    when: float | None
    extra: int = 7


@pytest.fixture
def conn() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.row_factory = sqlite3.Row
    return conn


def test_fields_by_name_with_converters_and_defaults(conn: sqlite3.Connection) -> None:
    things = RowMapper(Thing, flag=as_bool, data=json_object("data"), when=optional(float))
    row = conn.execute("SELECT 1 AS thing_id, 1 AS flag, '{\"a\": 1}' AS data, NULL AS when_,"
                       " NULL AS \"when\"").fetchone()
    assert things(row) == Thing(1, True, {"a": 1}, None)  # extra: its default
    row = conn.execute("SELECT 2 AS thing_id, 0 AS flag, '{}' AS data, 5 AS \"when\","
                       " 9 AS extra").fetchone()
    assert things(row) == Thing(2, False, {}, 5.0, 9)
    assert isinstance(things(row).when, float)
    assert things.maybe(None) is None
    assert things.all(conn.execute("SELECT 3 AS thing_id, 1 AS flag, '{}' AS data,"
                                   " 1 AS \"when\"").fetchall()) == [Thing(3, True, {}, 1.0)]


def test_a_prefix_reads_joined_columns(conn: sqlite3.Connection) -> None:
    things = RowMapper(Thing, prefix="t_", flag=as_bool, data=json_object("data"))
    row = conn.execute("SELECT 4 AS t_thing_id, 1 AS t_flag, '{}' AS t_data,"
                       " NULL AS t_when, 'other' AS thing_id").fetchone()
    assert things(row) == Thing(4, True, {}, None)


def test_a_missing_column_or_bad_json_is_an_error(conn: sqlite3.Connection) -> None:
    things = RowMapper(Thing, data=json_object("data"))
    with pytest.raises(KeyError, match="flag"):
        things(conn.execute("SELECT 1 AS thing_id, '{}' AS data, 1 AS \"when\"").fetchone())
    with pytest.raises(StorageError, match="not a JSON object"):
        things(conn.execute("SELECT 1 AS thing_id, 1 AS flag, '[1]' AS data,"
                            " 1 AS \"when\"").fetchone())
    with pytest.raises(StorageError, match="not valid JSON"):
        things(conn.execute("SELECT 1 AS thing_id, 1 AS flag, '{' AS data,"
                            " 1 AS \"when\"").fetchone())
    with pytest.raises(TypeError):
        RowMapper(Thing, nothing=int)
    with pytest.raises(TypeError):
        RowMapper(int)
