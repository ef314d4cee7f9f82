"""Repositories: small classes that receive the `Database` and speak in frozen rows.

Composing writes
----------------
Every method that writes takes an optional ``conn``. Without it the method is
atomic on its own (its own transaction). To make several writes one atomic
unit, open a transaction and pass it along; a method given ``conn`` runs in
that transaction (inside a SAVEPOINT when it issues several statements, so a
failing call undoes only its own part if the caller catches the error)::

    async with db.transaction() as tx:
        version = await games.update_state(
            game_id, expected_version, record_json=record, status="finished",
            result_json=result, conn=tx,
        )
        await stats.add_result(tx, deltas)
        await deadlines.clear(game_id, conn=tx)
    # committed here; an exception anywhere above rolls back all of it

Reading methods take ``conn`` too, to read inside the same transaction. The
task that has a transaction open may also call them without ``conn``: the
`Database` recognises it and reads inside its transaction.
"""

from __future__ import annotations

import json
import re
import secrets
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Final, cast

from storage.db import Database, Executor, Transaction
from storage.errors import (
    ActiveGameExistsError,
    AlreadySeatedError,
    GameFullError,
    GameNotFoundError,
    GameStateError,
    InvalidStatusTransitionError,
    SeatTakenError,
    StaleVersionError,
    StorageError,
)
from storage.models import (
    AI_LEVELS,
    GAME_STATUSES,
    MESSAGE_KINDS,
    TERMINAL_STATUSES,
    AiLevel,
    ChatRow,
    Deadline,
    GameRow,
    GameStatus,
    MessageKind,
    MessageRef,
    PendingJoin,
    SeatRow,
    StatsDelta,
    StatsRow,
    TopEntry,
    UserRow,
)

__all__ = [
    "ChatRepository",
    "DeadlineRepository",
    "GameRepository",
    "MessageRepository",
    "PendingJoinRepository",
    "Repositories",
    "StatsRepository",
    "UserRepository",
]

_INT64_MIN: Final = -(2**63)
_INT64_MAX: Final = 2**63 - 1
_NO_SEAT: Final = -1
_TOKEN_RE: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")

# Which status may follow which; everything else is refused.
_TRANSITIONS: Final[frozenset[tuple[str, str]]] = frozenset(
    {
        ("lobby", "playing"),
        ("lobby", "cancelled"),
        ("playing", "finished"),
        ("playing", "cancelled"),
    }
)


# ------------------------------------------------------------------- helpers


def _dump_object(value: Mapping[str, Any], what: str) -> str:
    if not isinstance(value, Mapping):
        raise TypeError(f"{what} must be a mapping, not {type(value).__name__}")
    return json.dumps(dict(value), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _load_object(text: str, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise StorageError(f"stored {what} is not valid JSON: {exc}") from exc
    if not isinstance(value, dict):
        raise StorageError(f"stored {what} is not a JSON object")
    return value


def _check_json(text: str, what: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"{what} must be JSON text, not {type(text).__name__}")
    try:
        json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{what} is not valid JSON: {exc}") from exc


def _check_int64(value: int | None, what: str) -> None:
    if value is not None and not _INT64_MIN <= value <= _INT64_MAX:
        raise ValueError(f"{what} must fit in a signed 64-bit integer")


def _check_status(status: str) -> GameStatus:
    if status not in GAME_STATUSES:
        raise ValueError(f"unknown game status {status!r}")
    return cast(GameStatus, status)


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _optional_str(value: Any) -> str | None:
    return None if value is None else str(value)


class _Repository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def _ex(self, conn: Transaction | None) -> Executor:
        """Where a single statement runs: the caller's transaction or the database."""
        return conn if conn is not None else self._db

    @asynccontextmanager
    async def _atomic(self, conn: Transaction | None) -> AsyncIterator[Transaction]:
        """A transaction for several statements: a savepoint of ``conn`` or a new one."""
        if conn is not None:
            async with conn.savepoint() as tx:
                yield tx
        else:
            async with self._db.transaction() as tx:
                yield tx


# --------------------------------------------------------------------- chats


def _chat_row(row: sqlite3.Row) -> ChatRow:
    return ChatRow(
        chat_id=int(row["chat_id"]),
        language=_optional_str(row["language"]),
        settings=_load_object(row["settings_json"], "chat settings"),
        created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]),
    )


class ChatRepository(_Repository):
    """Per-chat language and settings (house rules, timers) as a JSON object."""

    async def get(self, chat_id: int, *, conn: Transaction | None = None) -> ChatRow | None:
        row = await self._ex(conn).fetchone("SELECT * FROM chats WHERE chat_id = ?", (chat_id,))
        return _chat_row(row) if row is not None else None

    async def ensure(self, chat_id: int, *, conn: Transaction | None = None) -> ChatRow:
        """The chat's row, created with no language and empty settings if missing."""
        async with self._atomic(conn) as tx:
            now = self._db.now()
            await tx.execute(
                "INSERT INTO chats (chat_id, created_at, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (chat_id) DO NOTHING",
                (chat_id, now, now),
            )
            row = await tx.fetchone("SELECT * FROM chats WHERE chat_id = ?", (chat_id,))
        assert row is not None
        return _chat_row(row)

    async def set_language(
        self, chat_id: int, language: str | None, *, conn: Transaction | None = None
    ) -> None:
        now = self._db.now()
        await self._ex(conn).execute(
            "INSERT INTO chats (chat_id, language, created_at, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (chat_id) DO UPDATE SET language = excluded.language,"
            " updated_at = excluded.updated_at",
            (chat_id, language, now, now),
        )

    async def set_settings(
        self, chat_id: int, settings: Mapping[str, Any], *, conn: Transaction | None = None
    ) -> None:
        """Replace the chat's settings with `settings`."""
        text = _dump_object(settings, "settings")
        now = self._db.now()
        await self._ex(conn).execute(
            "INSERT INTO chats (chat_id, settings_json, created_at, updated_at)"
            " VALUES (?, ?, ?, ?)"
            " ON CONFLICT (chat_id) DO UPDATE SET settings_json = excluded.settings_json,"
            " updated_at = excluded.updated_at",
            (chat_id, text, now, now),
        )

    async def update_settings(
        self, chat_id: int, changes: Mapping[str, Any], *, conn: Transaction | None = None
    ) -> Mapping[str, Any]:
        """Merge `changes` into the settings (a value of None removes the key); the result."""
        async with self._atomic(conn) as tx:
            current = await self.get(chat_id, conn=tx)
            merged = dict(current.settings) if current is not None else {}
            for key, value in changes.items():
                if value is None:
                    merged.pop(key, None)
                else:
                    merged[key] = value
            await self.set_settings(chat_id, merged, conn=tx)
        return merged


# --------------------------------------------------------------------- users


def _user_row(row: sqlite3.Row) -> UserRow:
    return UserRow(
        user_id=int(row["user_id"]),
        first_name=str(row["first_name"]),
        last_name=_optional_str(row["last_name"]),
        username=_optional_str(row["username"]),
        language=_optional_str(row["language"]),
        has_private_chat=bool(row["has_private_chat"]),
        blocked=bool(row["blocked"]),
        created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]),
    )


class UserRepository(_Repository):
    """Telegram users: profile, chosen language, whether the bot can write to them."""

    async def get(self, user_id: int, *, conn: Transaction | None = None) -> UserRow | None:
        row = await self._ex(conn).fetchone("SELECT * FROM users WHERE user_id = ?", (user_id,))
        return _user_row(row) if row is not None else None

    async def upsert_profile(
        self,
        user_id: int,
        *,
        first_name: str,
        last_name: str | None = None,
        username: str | None = None,
        language_code: str | None = None,
        conn: Transaction | None = None,
    ) -> None:
        """Record the profile Telegram shows. `language_code` only fills an unset language:
        a language chosen with `set_language` is never overwritten. Nothing is written
        when the profile did not change."""
        now = self._db.now()
        await self._ex(conn).execute(
            "INSERT INTO users (user_id, first_name, last_name, username, language,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET"
            " first_name = excluded.first_name, last_name = excluded.last_name,"
            " username = excluded.username, language = COALESCE(language, excluded.language),"
            " updated_at = excluded.updated_at"
            " WHERE first_name IS NOT excluded.first_name OR last_name IS NOT excluded.last_name"
            " OR username IS NOT excluded.username"
            " OR (language IS NULL AND excluded.language IS NOT NULL)",
            (user_id, first_name, last_name, username, language_code, now, now),
        )

    async def _set_column(
        self, user_id: int, column: str, value: object, conn: Transaction | None
    ) -> None:
        # `column` is one of our own literals below, never caller input.
        now = self._db.now()
        await self._ex(conn).execute(
            f"INSERT INTO users (user_id, {column}, created_at, updated_at) VALUES (?, ?, ?, ?)"
            f" ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column},"
            " updated_at = excluded.updated_at",
            (user_id, value, now, now),
        )

    async def set_language(
        self, user_id: int, language: str | None, *, conn: Transaction | None = None
    ) -> None:
        await self._set_column(user_id, "language", language, conn)

    async def set_has_private_chat(
        self, user_id: int, value: bool = True, *, conn: Transaction | None = None
    ) -> None:
        """The user pressed Start in a private chat (True) or it is gone (False)."""
        await self._set_column(user_id, "has_private_chat", int(value), conn)

    async def set_blocked(
        self, user_id: int, value: bool = True, *, conn: Transaction | None = None
    ) -> None:
        """The user blocked the bot (True) or unblocked it (False)."""
        await self._set_column(user_id, "blocked", int(value), conn)


# --------------------------------------------------------------------- games

_GAME_SELECT: Final = "SELECT * FROM games"


def _game_row(row: sqlite3.Row) -> GameRow:
    return GameRow(
        game_id=int(row["game_id"]),
        chat_id=int(row["chat_id"]),
        variant=str(row["variant"]),
        options=_load_object(row["options_json"], "game options"),
        status=_check_status(row["status"]),
        creator_user_id=int(row["creator_user_id"]),
        record_json=_optional_str(row["record_json"]),
        version=int(row["version"]),
        seed=_optional_int(row["seed"]),
        created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]),
        finished_at=None if row["finished_at"] is None else float(row["finished_at"]),
        result_json=_optional_str(row["result_json"]),
    )


def _seat_row(row: sqlite3.Row) -> SeatRow:
    ai_level = row["ai_level"]
    return SeatRow(
        game_id=int(row["game_id"]),
        seat=int(row["seat"]),
        user_id=_optional_int(row["user_id"]),
        ai_level=None if ai_level is None else cast(AiLevel, str(ai_level)),
        display_name=str(row["display_name"]),
        joined_at=float(row["joined_at"]),
        away=bool(row["away"]) if "away" in row.keys() else False,  # noqa: SIM118
        timeouts=int(row["timeouts"]) if "timeouts" in row.keys() else 0,  # noqa: SIM118
    )


class GameRepository(_Repository):
    """Games, their seats and their saved state.

    `version` is the game's optimistic-concurrency counter: every change to the
    game row or its seats increases it by one. A writer states the version it
    read; if the game moved on meanwhile it gets `StaleVersionError` and
    nothing is written, so a double press or a race cannot apply a move twice.
    """

    # -- reading

    async def get(self, game_id: int, *, conn: Transaction | None = None) -> GameRow | None:
        row = await self._ex(conn).fetchone(f"{_GAME_SELECT} WHERE game_id = ?", (game_id,))
        return _game_row(row) if row is not None else None

    async def require(self, game_id: int, *, conn: Transaction | None = None) -> GameRow:
        """Like `get`, raising `GameNotFoundError` instead of returning None."""
        game = await self.get(game_id, conn=conn)
        if game is None:
            raise GameNotFoundError(game_id)
        return game

    async def get_active_for_chat(
        self, chat_id: int, *, conn: Transaction | None = None
    ) -> GameRow | None:
        """The chat's game in the lobby or being played, if any (there is at most one)."""
        row = await self._ex(conn).fetchone(
            f"{_GAME_SELECT} WHERE chat_id = ? AND status IN ('lobby', 'playing')", (chat_id,)
        )
        return _game_row(row) if row is not None else None

    async def list_active(self, *, conn: Transaction | None = None) -> list[GameRow]:
        """Every game in the lobby or being played, oldest first (to resume after a restart)."""
        rows = await self._ex(conn).fetchall(
            f"{_GAME_SELECT} WHERE status IN ('lobby', 'playing') ORDER BY game_id"
        )
        return [_game_row(row) for row in rows]

    async def list_active_for_user(
        self, user_id: int, *, conn: Transaction | None = None
    ) -> list[GameRow]:
        """The active games in which the user has a seat, oldest first."""
        rows = await self._ex(conn).fetchall(
            "SELECT g.* FROM games AS g JOIN game_seats AS s ON s.game_id = g.game_id"
            " WHERE s.user_id = ? AND g.status IN ('lobby', 'playing') ORDER BY g.game_id",
            (user_id,),
        )
        return [_game_row(row) for row in rows]

    async def list_for_chat(
        self, chat_id: int, *, limit: int = 20, conn: Transaction | None = None
    ) -> list[GameRow]:
        """The chat's games, newest first."""
        rows = await self._ex(conn).fetchall(
            f"{_GAME_SELECT} WHERE chat_id = ? ORDER BY game_id DESC LIMIT ?", (chat_id, limit)
        )
        return [_game_row(row) for row in rows]

    # -- creating and deleting

    async def create_lobby(
        self,
        chat_id: int,
        variant: str,
        creator_user_id: int,
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        conn: Transaction | None = None,
    ) -> int:
        """A new game in the lobby at version 0; its id.

        Raises `ActiveGameExistsError` (with the existing game's id) when the
        chat already has a game in the lobby or being played.
        """
        options_json = _dump_object(options if options is not None else {}, "options")
        _check_int64(seed, "seed")
        async with self._atomic(conn) as tx:
            existing = await tx.fetchone(
                "SELECT game_id FROM games WHERE chat_id = ? AND status IN ('lobby', 'playing')",
                (chat_id,),
            )
            if existing is not None:
                raise ActiveGameExistsError(chat_id, int(existing["game_id"]))
            now = self._db.now()
            try:
                result = await tx.execute(
                    "INSERT INTO games (chat_id, variant, options_json, status,"
                    " creator_user_id, seed, created_at, updated_at)"
                    " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (chat_id, variant, options_json, creator_user_id, seed, now, now),
                )
            except sqlite3.IntegrityError as exc:  # the partial unique index
                raise ActiveGameExistsError(chat_id) from exc
        assert result.lastrowid is not None
        return result.lastrowid

    async def delete(self, game_id: int, *, conn: Transaction | None = None) -> bool:
        """Delete a game with its seats, messages, joins and deadline; whether it existed."""
        result = await self._ex(conn).execute("DELETE FROM games WHERE game_id = ?", (game_id,))
        return result.rowcount > 0

    # -- changing the game row

    async def _load_for_write(
        self, tx: Transaction, game_id: int, expected_version: int | None
    ) -> GameRow:
        row = await tx.fetchone(f"{_GAME_SELECT} WHERE game_id = ?", (game_id,))
        if row is None:
            raise GameNotFoundError(game_id)
        game = _game_row(row)
        if expected_version is not None and game.version != expected_version:
            raise StaleVersionError(game_id, expected_version, game.version)
        return game

    async def _bump(self, tx: Transaction, game_id: int) -> None:
        await tx.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE game_id = ?",
            (self._db.now(), game_id),
        )

    async def set_status(
        self,
        game_id: int,
        status: GameStatus,
        *,
        expected_version: int | None = None,
        conn: Transaction | None = None,
    ) -> int:
        """Move the game to `status`; the new version.

        Allowed: lobby -> playing | cancelled, playing -> finished | cancelled
        (playing and finished need a saved record). Anything else raises
        `InvalidStatusTransitionError`. Finishing or cancelling sets `finished_at`.
        """
        _check_status(status)
        async with self._atomic(conn) as tx:
            game = await self._load_for_write(tx, game_id, expected_version)
            if (game.status, status) not in _TRANSITIONS:
                raise InvalidStatusTransitionError(game_id, game.status, status)
            if status in ("playing", "finished") and game.record_json is None:
                raise InvalidStatusTransitionError(
                    game_id, game.status, status, "the game has no record yet"
                )
            now = self._db.now()
            await tx.execute(
                "UPDATE games SET status = ?, version = version + 1, updated_at = ?,"
                " finished_at = ? WHERE game_id = ?",
                (status, now, now if status in TERMINAL_STATUSES else None, game_id),
            )
        return game.version + 1

    async def update_options(
        self,
        game_id: int,
        options: Mapping[str, Any],
        *,
        variant: str | None = None,
        expected_version: int | None = None,
        conn: Transaction | None = None,
    ) -> int:
        """Replace the house rules (and, given, the variant) of a game still in
        the lobby; the new version."""
        options_json = _dump_object(options, "options")
        async with self._atomic(conn) as tx:
            game = await self._load_for_write(tx, game_id, expected_version)
            if game.status != "lobby":
                raise GameStateError(game_id, game.status, "change its options")
            await tx.execute(
                "UPDATE games SET options_json = ?, variant = ?, version = version + 1,"
                " updated_at = ? WHERE game_id = ?",
                (options_json, variant or game.variant, self._db.now(), game_id),
            )
        return game.version + 1

    async def update_state(
        self,
        game_id: int,
        expected_version: int,
        *,
        record_json: str,
        status: GameStatus | None = None,
        result_json: str | None = None,
        conn: Transaction | None = None,
    ) -> int:
        """Save the game record (and optionally a new status and the result); the new version.

        The write happens only if the stored version is `expected_version`,
        else `StaleVersionError`. A finished or cancelled game cannot change
        (`GameStateError`); a status change must be allowed (see `set_status`).
        """
        _check_json(record_json, "record_json")
        if result_json is not None:
            _check_json(result_json, "result_json")
        if status is not None:
            _check_status(status)
        async with self._atomic(conn) as tx:
            game = await self._load_for_write(tx, game_id, expected_version)
            if game.status in TERMINAL_STATUSES:
                raise GameStateError(game_id, game.status, "save a new state")
            new_status = status if status is not None else game.status
            if new_status != game.status and (game.status, new_status) not in _TRANSITIONS:
                raise InvalidStatusTransitionError(game_id, game.status, new_status)
            now = self._db.now()
            result = await tx.execute(
                "UPDATE games SET record_json = ?, status = ?,"
                " result_json = COALESCE(?, result_json), version = version + 1,"
                " updated_at = ?, finished_at = ? WHERE game_id = ? AND version = ?",
                (
                    record_json,
                    new_status,
                    result_json,
                    now,
                    now if new_status in TERMINAL_STATUSES else None,
                    game_id,
                    expected_version,
                ),
            )
            if result.rowcount != 1:  # cannot happen under BEGIN IMMEDIATE; checked anyway
                raise StaleVersionError(game_id, expected_version, -1)
        return expected_version + 1

    # -- seats

    async def list_seats(self, game_id: int, *, conn: Transaction | None = None) -> list[SeatRow]:
        """The game's seats in seat order."""
        rows = await self._ex(conn).fetchall(
            "SELECT s.*, COALESCE(t.away, 0) AS away, COALESCE(t.timeouts, 0) AS timeouts"
            " FROM game_seats AS s LEFT JOIN seat_timers AS t"
            " ON t.game_id = s.game_id AND t.seat = s.seat"
            " WHERE s.game_id = ? ORDER BY s.seat",
            (game_id,),
        )
        return [_seat_row(row) for row in rows]

    async def get_seat_of_user(
        self, game_id: int, user_id: int, *, conn: Transaction | None = None
    ) -> SeatRow | None:
        row = await self._ex(conn).fetchone(
            "SELECT * FROM game_seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
        return _seat_row(row) if row is not None else None

    async def add_seat(
        self,
        game_id: int,
        *,
        display_name: str,
        user_id: int | None = None,
        ai_level: AiLevel | None = None,
        seat: int | None = None,
        max_seats: int | None = None,
        conn: Transaction | None = None,
    ) -> SeatRow:
        """Seat a user or a computer player (exactly one of `user_id`, `ai_level`).

        `seat` None takes the lowest free seat. With `max_seats`, a game that
        already has that many seats raises `GameFullError`. A taken seat raises
        `SeatTakenError`, a user already seated `AlreadySeatedError`. Bumps the
        game's version.
        """
        if (user_id is None) == (ai_level is None):
            raise ValueError("give exactly one of user_id and ai_level")
        if ai_level is not None and ai_level not in AI_LEVELS:
            raise ValueError(f"unknown AI level {ai_level!r}")
        if seat is not None and seat < 0:
            raise ValueError("seat must be >= 0")
        if seat is not None and max_seats is not None and seat >= max_seats:
            raise ValueError(f"seat {seat} is outside the {max_seats} seats of the game")
        async with self._atomic(conn) as tx:
            game = await self._load_for_write(tx, game_id, None)
            if game.status in TERMINAL_STATUSES:
                raise GameStateError(game_id, game.status, "seat a player")
            rows = await tx.fetchall(
                "SELECT seat, user_id FROM game_seats WHERE game_id = ?", (game_id,)
            )
            taken = {int(row["seat"]) for row in rows}
            if user_id is not None and any(row["user_id"] == user_id for row in rows):
                raise AlreadySeatedError(game_id, user_id)
            if max_seats is not None and len(taken) >= max_seats:
                raise GameFullError(game_id, max_seats)
            if seat is None:
                seat = next(n for n in range(len(taken) + 1) if n not in taken)
            elif seat in taken:
                raise SeatTakenError(game_id, seat)
            now = self._db.now()
            try:
                await tx.execute(
                    "INSERT INTO game_seats (game_id, seat, user_id, ai_level, display_name,"
                    " joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seat, user_id, ai_level, display_name, now),
                )
            except sqlite3.IntegrityError as exc:  # defence in depth: the table's own keys
                if user_id is not None:
                    raise AlreadySeatedError(game_id, user_id) from exc
                raise SeatTakenError(game_id, seat) from exc
            await self._bump(tx, game_id)
        return SeatRow(game_id, seat, user_id, ai_level, display_name, now)

    async def remove_seat(
        self, game_id: int, seat: int, *, conn: Transaction | None = None
    ) -> SeatRow | None:
        """Free a seat; the removed seat, or None if it was empty. Bumps the version."""
        return await self._remove(game_id, "seat", seat, conn)

    async def remove_user(
        self, game_id: int, user_id: int, *, conn: Transaction | None = None
    ) -> SeatRow | None:
        """Free the user's seat; the removed seat, or None if he had none."""
        return await self._remove(game_id, "user_id", user_id, conn)

    async def _remove(
        self, game_id: int, column: str, value: int, conn: Transaction | None
    ) -> SeatRow | None:
        async with self._atomic(conn) as tx:
            game = await self._load_for_write(tx, game_id, None)
            if game.status in TERMINAL_STATUSES:
                raise GameStateError(game_id, game.status, "free a seat")
            row = await tx.fetchone(
                f"SELECT * FROM game_seats WHERE game_id = ? AND {column} = ?", (game_id, value)
            )
            if row is None:
                return None
            await tx.execute(
                "DELETE FROM game_seats WHERE game_id = ? AND seat = ?", (game_id, row["seat"])
            )
            await self._bump(tx, game_id)
        return _seat_row(row)

    async def renumber_seats(
        self, game_id: int, *, conn: Transaction | None = None
    ) -> list[SeatRow]:
        """Close the gaps left by players who left: seats become 0..n-1 in their order.

        Bumps the version if anything moved; returns the seats.
        """
        async with self._atomic(conn) as tx:
            game = await self._load_for_write(tx, game_id, None)
            seats = await self.list_seats(game_id, conn=tx)
            if all(s.seat == n for n, s in enumerate(seats)):
                return seats
            if game.status in TERMINAL_STATUSES:
                raise GameStateError(game_id, game.status, "renumber its seats")
            renumbered = [
                SeatRow(game_id, n, s.user_id, s.ai_level, s.display_name, s.joined_at)
                for n, s in enumerate(seats)
            ]
            await tx.execute("DELETE FROM game_seats WHERE game_id = ?", (game_id,))
            await tx.executemany(
                "INSERT INTO game_seats (game_id, seat, user_id, ai_level, display_name,"
                " joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (s.game_id, s.seat, s.user_id, s.ai_level, s.display_name, s.joined_at)
                    for s in renumbered
                ],
            )
            await self._bump(tx, game_id)
        return renumbered

    # -- turn timers (m0002, table seat_timers): who is away, the time-outs in a row.
    # These do not bump the version: they change who moves, not what was played.

    async def add_timeout(
        self, game_id: int, seat: int, *, conn: Transaction | None = None
    ) -> int:
        """Count one more time-out in a row for the seat; the new count."""
        rows = await self._ex(conn).fetchall(
            "INSERT INTO seat_timers (game_id, seat, timeouts) VALUES (?, ?, 1)"
            " ON CONFLICT (game_id, seat) DO UPDATE SET timeouts = timeouts + 1"
            " RETURNING timeouts",
            (game_id, seat),
        )
        return int(rows[0]["timeouts"])

    async def reset_timeouts(
        self, game_id: int, seat: int, *, conn: Transaction | None = None
    ) -> None:
        await self._ex(conn).execute(
            "UPDATE seat_timers SET timeouts = 0 WHERE game_id = ? AND seat = ?", (game_id, seat)
        )

    async def set_away(
        self, game_id: int, seat: int, away: bool, *, conn: Transaction | None = None
    ) -> bool:
        """Mark the seat away (a computer moves for it) or back; whether it changed.
        Coming back also resets the time-outs in a row."""
        if away:
            result = await self._ex(conn).execute(
                "INSERT INTO seat_timers (game_id, seat, away) VALUES (?, ?, 1)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET away = 1 WHERE away = 0",
                (game_id, seat),
            )
        else:
            result = await self._ex(conn).execute(
                "UPDATE seat_timers SET away = 0, timeouts = 0"
                " WHERE game_id = ? AND seat = ? AND away = 1",
                (game_id, seat),
            )
        return result.rowcount > 0

    async def set_user_back(
        self, game_id: int, user_id: int, *, conn: Transaction | None = None
    ) -> int | None:
        """The user's seat if he was away and is back now (None if he was not away)."""
        rows = await self._ex(conn).fetchall(
            "UPDATE seat_timers SET away = 0, timeouts = 0"
            " WHERE game_id = ? AND away = 1 AND seat ="
            " (SELECT seat FROM game_seats WHERE game_id = ? AND user_id = ?) RETURNING seat",
            (game_id, game_id, user_id),
        )
        return int(rows[0]["seat"]) if rows else None


# ------------------------------------------------------------------ messages


def _message_ref(row: sqlite3.Row) -> MessageRef:
    seat = int(row["seat"])
    return MessageRef(
        game_id=int(row["game_id"]),
        kind=cast(MessageKind, str(row["kind"])),
        seat=None if seat == _NO_SEAT else seat,
        chat_id=int(row["chat_id"]),
        message_id=int(row["message_id"]),
    )


def _seat_key(kind: MessageKind, seat: int | None) -> int:
    if kind not in MESSAGE_KINDS:
        raise ValueError(f"unknown message kind {kind!r}")
    if seat is None:
        if kind == "hand":
            raise ValueError("a hand message belongs to a seat")
        return _NO_SEAT
    if seat < 0:
        raise ValueError("seat must be >= 0")
    return seat


class MessageRepository(_Repository):
    """The Telegram messages of a game the bot edits later, by (game, kind, seat).

    ``seat`` is None for the messages that belong to no seat (lobby, table).
    """

    async def save(
        self,
        game_id: int,
        kind: MessageKind,
        *,
        chat_id: int,
        message_id: int,
        seat: int | None = None,
        conn: Transaction | None = None,
    ) -> MessageRef | None:
        """Remember the message for this slot; the one it replaces, if any (to delete it)."""
        key = _seat_key(kind, seat)
        async with self._atomic(conn) as tx:
            previous = await self.get(game_id, kind, seat, conn=tx)
            await tx.execute(
                "INSERT INTO game_messages (game_id, kind, seat, chat_id, message_id, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, kind, seat) DO UPDATE SET"
                " chat_id = excluded.chat_id, message_id = excluded.message_id,"
                " updated_at = excluded.updated_at",
                (game_id, kind, key, chat_id, message_id, self._db.now()),
            )
        return previous

    async def get(
        self,
        game_id: int,
        kind: MessageKind,
        seat: int | None = None,
        *,
        conn: Transaction | None = None,
    ) -> MessageRef | None:
        row = await self._ex(conn).fetchone(
            "SELECT * FROM game_messages WHERE game_id = ? AND kind = ? AND seat = ?",
            (game_id, kind, _seat_key(kind, seat)),
        )
        return _message_ref(row) if row is not None else None

    async def list_for_game(
        self, game_id: int, *, conn: Transaction | None = None
    ) -> list[MessageRef]:
        rows = await self._ex(conn).fetchall(
            "SELECT * FROM game_messages WHERE game_id = ? ORDER BY kind, seat", (game_id,)
        )
        return [_message_ref(row) for row in rows]

    async def delete(
        self,
        game_id: int,
        kind: MessageKind,
        seat: int | None = None,
        *,
        conn: Transaction | None = None,
    ) -> MessageRef | None:
        """Forget the slot's message; what it held, if anything."""
        rows = await self._ex(conn).fetchall(
            "DELETE FROM game_messages WHERE game_id = ? AND kind = ? AND seat = ? RETURNING *",
            (game_id, kind, _seat_key(kind, seat)),
        )
        return _message_ref(rows[0]) if rows else None

    async def list_in_chat(
        self, chat_id: int, kind: MessageKind, *, conn: Transaction | None = None
    ) -> list[MessageRef]:
        """The remembered messages of one kind in one chat, over all games (for a
        player's private notices: at most one is kept)."""
        rows = await self._ex(conn).fetchall(
            "SELECT * FROM game_messages WHERE chat_id = ? AND kind = ? ORDER BY updated_at",
            (chat_id, kind),
        )
        return [_message_ref(row) for row in rows]

    async def delete_for_game(
        self, game_id: int, *, conn: Transaction | None = None
    ) -> list[MessageRef]:
        """Forget every message of the game; what they were."""
        rows = await self._ex(conn).fetchall(
            "DELETE FROM game_messages WHERE game_id = ? RETURNING *", (game_id,)
        )
        return sorted(
            (_message_ref(row) for row in rows),
            key=lambda m: (m.kind, _NO_SEAT if m.seat is None else m.seat),
        )


# ------------------------------------------------------------- pending joins


def _pending_join(row: sqlite3.Row) -> PendingJoin:
    return PendingJoin(
        token=str(row["token"]),
        chat_id=int(row["chat_id"]),
        game_id=int(row["game_id"]),
        user_id=_optional_int(row["user_id"]),
        created_at=float(row["created_at"]),
    )


class PendingJoinRepository(_Repository):
    """Deep-link tokens (``t.me/<bot>?start=<token>``) that join a game on Start."""

    async def create(
        self,
        chat_id: int,
        game_id: int,
        *,
        user_id: int | None = None,
        token: str | None = None,
        conn: Transaction | None = None,
    ) -> PendingJoin:
        """A new token (random, deep-link safe, unless given) for joining `game_id`."""
        if token is None:
            token = secrets.token_urlsafe(16)
        elif not _TOKEN_RE.fullmatch(token):
            raise ValueError("a deep-link token is 1-64 characters of A-Z a-z 0-9 _ -")
        now = self._db.now()
        await self._ex(conn).execute(
            "INSERT INTO pending_joins (token, chat_id, game_id, user_id, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (token, chat_id, game_id, user_id, now),
        )
        return PendingJoin(token, chat_id, game_id, user_id, now)

    async def get(self, token: str, *, conn: Transaction | None = None) -> PendingJoin | None:
        row = await self._ex(conn).fetchone("SELECT * FROM pending_joins WHERE token = ?", (token,))
        return _pending_join(row) if row is not None else None

    async def consume(self, token: str, *, conn: Transaction | None = None) -> PendingJoin | None:
        """Delete the token and return it; None if unknown or already used."""
        rows = await self._ex(conn).fetchall(
            "DELETE FROM pending_joins WHERE token = ? RETURNING *", (token,)
        )
        return _pending_join(rows[0]) if rows else None

    async def delete_for_game(self, game_id: int, *, conn: Transaction | None = None) -> int:
        result = await self._ex(conn).execute(
            "DELETE FROM pending_joins WHERE game_id = ?", (game_id,)
        )
        return result.rowcount

    async def purge_older_than(self, cutoff: float, *, conn: Transaction | None = None) -> int:
        """Delete the tokens created before `cutoff` (epoch seconds); how many."""
        result = await self._ex(conn).execute(
            "DELETE FROM pending_joins WHERE created_at < ?", (cutoff,)
        )
        return result.rowcount


# --------------------------------------------------------------------- stats

_STAT_SUMS: Final = (
    "SUM(s.games) AS games, SUM(s.wins) AS wins, SUM(s.points) AS points,"
    " SUM(s.fish) AS fish, SUM(s.goats) AS goats"
)


class StatsRepository(_Repository):
    """Per user, chat and variant: games, wins, points, fish, goats."""

    async def add_result(self, conn: Transaction, deltas: Iterable[StatsDelta]) -> None:
        """Add one finished game's results. Call it inside the transaction that
        finishes the game, so the statistics count each game exactly once."""
        rows = list(deltas)
        for d in rows:
            if min(d.games, d.wins, d.fish, d.goats) < 0:
                raise ValueError(f"negative statistics for user {d.user_id}")
        if not rows:
            return
        await conn.executemany(
            "INSERT INTO stats (user_id, chat_id, variant, games, wins, points, fish, goats)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id, chat_id, variant) DO UPDATE SET"
            " games = games + excluded.games, wins = wins + excluded.wins,"
            " points = points + excluded.points, fish = fish + excluded.fish,"
            " goats = goats + excluded.goats",
            [
                (d.user_id, d.chat_id, d.variant, d.games, d.wins, d.points, d.fish, d.goats)
                for d in rows
            ],
        )

    async def get_user(
        self, user_id: int, chat_id: int | None = None, *, conn: Transaction | None = None
    ) -> list[StatsRow]:
        """The user's statistics per variant, in one chat or (chat_id None) summed over all."""
        where, params = "s.user_id = ?", [user_id]
        if chat_id is not None:
            where += " AND s.chat_id = ?"
            params.append(chat_id)
        rows = await self._ex(conn).fetchall(
            f"SELECT s.variant AS variant, {_STAT_SUMS} FROM stats AS s WHERE {where}"
            " GROUP BY s.variant ORDER BY s.variant",
            params,
        )
        return [
            StatsRow(
                user_id,
                chat_id,
                str(row["variant"]),
                int(row["games"]),
                int(row["wins"]),
                int(row["points"]),
                int(row["fish"]),
                int(row["goats"]),
            )
            for row in rows
        ]

    async def top(
        self,
        chat_id: int | None,
        variant: str | None = None,
        limit: int = 10,
        *,
        conn: Transaction | None = None,
    ) -> list[TopEntry]:
        """The leaderboard of a chat (None: of all chats), optionally of one variant:
        most wins first, then most points, then fewer games, then user id."""
        conditions: list[str] = []
        params: list[object] = []
        if chat_id is not None:
            conditions.append("s.chat_id = ?")
            params.append(chat_id)
        if variant is not None:
            conditions.append("s.variant = ?")
            params.append(variant)
        where = f"WHERE {' AND '.join(conditions)}" if conditions else ""
        params.append(limit)
        rows = await self._ex(conn).fetchall(
            f"SELECT s.user_id AS user_id, {_STAT_SUMS},"
            " u.first_name AS first_name, u.last_name AS last_name, u.username AS username"
            f" FROM stats AS s LEFT JOIN users AS u ON u.user_id = s.user_id {where}"
            " GROUP BY s.user_id ORDER BY wins DESC, points DESC, games ASC, s.user_id ASC"
            " LIMIT ?",
            params,
        )
        return [
            TopEntry(
                user_id=int(row["user_id"]),
                first_name=_optional_str(row["first_name"]),
                last_name=_optional_str(row["last_name"]),
                username=_optional_str(row["username"]),
                games=int(row["games"]),
                wins=int(row["wins"]),
                points=int(row["points"]),
                fish=int(row["fish"]),
                goats=int(row["goats"]),
            )
            for row in rows
        ]


# ----------------------------------------------------------------- deadlines


def _deadline(row: sqlite3.Row) -> Deadline:
    return Deadline(
        game_id=int(row["game_id"]),
        seat=int(row["seat"]),
        turn_version=int(row["turn_version"]),
        due_at=float(row["due_at"]),
        reminded=bool(row["reminded"]),
    )


class DeadlineRepository(_Repository):
    """One turn timer per game, in absolute epoch seconds, so timers survive restarts.

    `turn_version` is the game version the timer was set for: a timer that
    fires after the game moved on is recognised as stale by comparing it.
    """

    async def save(
        self,
        game_id: int,
        *,
        seat: int,
        turn_version: int,
        due_at: float,
        conn: Transaction | None = None,
    ) -> Deadline:
        """Set (or replace) the game's timer; a new timer has not been reminded."""
        await self._ex(conn).execute(
            "INSERT INTO deadlines (game_id, seat, turn_version, due_at, reminded)"
            " VALUES (?, ?, ?, ?, 0) ON CONFLICT (game_id) DO UPDATE SET"
            " seat = excluded.seat, turn_version = excluded.turn_version,"
            " due_at = excluded.due_at, reminded = 0",
            (game_id, seat, turn_version, due_at),
        )
        return Deadline(game_id, seat, turn_version, float(due_at), False)

    async def get(self, game_id: int, *, conn: Transaction | None = None) -> Deadline | None:
        row = await self._ex(conn).fetchone("SELECT * FROM deadlines WHERE game_id = ?", (game_id,))
        return _deadline(row) if row is not None else None

    async def mark_reminded(
        self, game_id: int, turn_version: int, *, conn: Transaction | None = None
    ) -> bool:
        """Note that the reminder went out; False if the timer is gone or for another turn."""
        result = await self._ex(conn).execute(
            "UPDATE deadlines SET reminded = 1 WHERE game_id = ? AND turn_version = ?",
            (game_id, turn_version),
        )
        return result.rowcount > 0

    async def clear(
        self,
        game_id: int,
        *,
        turn_version: int | None = None,
        conn: Transaction | None = None,
    ) -> bool:
        """Remove the game's timer (only if it is for `turn_version`, when given)."""
        if turn_version is None:
            result = await self._ex(conn).execute(
                "DELETE FROM deadlines WHERE game_id = ?", (game_id,)
            )
        else:
            result = await self._ex(conn).execute(
                "DELETE FROM deadlines WHERE game_id = ? AND turn_version = ?",
                (game_id, turn_version),
            )
        return result.rowcount > 0

    async def list_all(self, *, conn: Transaction | None = None) -> list[Deadline]:
        """Every timer, soonest first (to reschedule them after a restart)."""
        rows = await self._ex(conn).fetchall("SELECT * FROM deadlines ORDER BY due_at, game_id")
        return [_deadline(row) for row in rows]


# ----------------------------------------------------------------- the bundle


@dataclass(frozen=True, slots=True)
class Repositories:
    """Every repository over one database, for wiring: ``repos = Repositories.of(db)``."""

    db: Database
    chats: ChatRepository
    users: UserRepository
    games: GameRepository
    messages: MessageRepository
    pending_joins: PendingJoinRepository
    stats: StatsRepository
    deadlines: DeadlineRepository

    @classmethod
    def of(cls, db: Database) -> Repositories:
        return cls(
            db=db,
            chats=ChatRepository(db),
            users=UserRepository(db),
            games=GameRepository(db),
            messages=MessageRepository(db),
            pending_joins=PendingJoinRepository(db),
            stats=StatsRepository(db),
            deadlines=DeadlineRepository(db),
        )
