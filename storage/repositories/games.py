"""Games, their seats and their seats' turn-timer state.

`version` is the game's optimistic-concurrency counter: every change to the
game row or its seats increases it by one. A writer states the version it read;
if the game moved on meanwhile it gets `StaleVersionError` and nothing is
written, so a double press or a race cannot apply a move twice. The writes that
a move makes are single statements (the check is in their WHERE clause); only a
refused write reads the row again, to say why.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any, Final, NoReturn, cast

from storage.errors import (
    ActiveGameExistsError,
    AlreadySeatedError,
    GameFullError,
    GameNotFoundError,
    GameStateError,
    InvalidStatusTransitionError,
    SeatTakenError,
    StaleVersionError,
)
from storage.models import AI_LEVELS, TERMINAL_STATUSES, AiLevel, GameRow, GameStatus, SeatRow
from storage.repositories.base import (
    Repository,
    check_int64,
    check_json,
    check_status,
    dump_object,
)
from storage.rows import RowMapper, as_bool, as_float, json_object, optional
from storage.transaction import Executor, Transaction

__all__ = ["GameRepository"]


def _ai_level(value: str | None) -> AiLevel | None:
    if value is None:
        return None
    if value not in AI_LEVELS:
        raise ValueError(f"unknown AI level {value!r}")
    return cast(AiLevel, value)


# A seed beyond 64 bits (a new game's 128-bit secret) is kept in the same ``seed``
# column as the text "0x" + hex: SQLite's INTEGER affinity leaves a hexadecimal
# text as TEXT (it is not a "well-formed" number to it), and the 48-bit seeds of
# the games stored before stay integers, read as they always were.
_SEED_TEXT: Final = "0x"


def _seed_stored(seed: int | None) -> int | str | None:
    """What the ``seed`` column holds for ``seed``: itself when it fits 64 bits."""
    if seed is None:
        return None
    if -(1 << 63) <= seed < 1 << 63:
        return seed
    if seed < 0:
        raise ValueError("a seed beyond 64 bits must be >= 0")
    return f"{_SEED_TEXT}{seed:x}"


def _seed_read(value: Any) -> int:
    """The seed of a stored ``seed`` value: an integer, or "0x" + hex."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.startswith(_SEED_TEXT):
        return int(value[len(_SEED_TEXT):], 16)
    raise ValueError(f"unreadable seed {value!r}")


_game = RowMapper(GameRow, options=json_object("game options"), status=check_status,
                  created_at=as_float, updated_at=as_float, finished_at=optional(as_float),
                  seed=optional(_seed_read))
_seat = RowMapper(SeatRow, ai_level=_ai_level, joined_at=as_float, away=as_bool)
_joined_seat = RowMapper(SeatRow, prefix="s_", ai_level=_ai_level, joined_at=as_float,
                         away=as_bool)

_GAME_SELECT: Final = (
    "SELECT game_id, chat_id, variant, options_json AS options, status, creator_user_id,"
    " record_json, version, seed, created_at, updated_at, finished_at, result_json, topic,"
    " moves_deleted_at FROM games"
)
_SEAT_SELECT: Final = (
    "SELECT s.game_id, s.seat, s.user_id, s.ai_level, s.display_name, s.joined_at,"
    " COALESCE(t.away, 0) AS away, COALESCE(t.timeouts, 0) AS timeouts"
    " FROM game_seats AS s LEFT JOIN seat_timers AS t"
    " ON t.game_id = s.game_id AND t.seat = s.seat"
)
# A game and its seats in one query: one row per seat (one row with NULL seat columns
# for a game without seats).
_LOAD: Final = (
    "SELECT g.game_id, g.chat_id, g.variant, g.options_json AS options, g.status,"
    " g.creator_user_id, g.record_json, g.version, g.seed, g.created_at, g.updated_at,"
    " g.finished_at, g.result_json, g.topic, g.moves_deleted_at, s.game_id AS s_game_id,"
    " s.seat AS s_seat,"
    " s.user_id AS s_user_id, s.ai_level AS s_ai_level, s.display_name AS s_display_name,"
    " s.joined_at AS s_joined_at, COALESCE(t.away, 0) AS s_away,"
    " COALESCE(t.timeouts, 0) AS s_timeouts"
    " FROM games AS g LEFT JOIN game_seats AS s ON s.game_id = g.game_id"
    " LEFT JOIN seat_timers AS t ON t.game_id = s.game_id AND t.seat = s.seat"
)

# Which statuses may precede each status; everything else is refused.
_BEFORE: Final[Mapping[str, tuple[str, ...]]] = {
    "lobby": (),
    "playing": ("lobby",),
    "finished": ("playing",),
    "cancelled": ("lobby", "playing"),
}
_NEEDS_RECORD: Final = ("playing", "finished")


def _loaded(rows: list[sqlite3.Row]) -> tuple[GameRow, list[SeatRow]] | None:
    if not rows:
        return None
    seats = [_joined_seat(row) for row in rows if row["s_seat"] is not None]
    return _game(rows[0]), seats


class GameRepository(Repository):
    """Games, seats and seat timers."""

    # -- reading

    async def get(self, ex: Executor, game_id: int) -> GameRow | None:
        return _game.maybe(await ex.fetchone(f"{_GAME_SELECT} WHERE game_id = ?", (game_id,)))

    async def require(self, ex: Executor, game_id: int) -> GameRow:
        """Like `get`, raising `GameNotFoundError` instead of returning None."""
        game = await self.get(ex, game_id)
        if game is None:
            raise GameNotFoundError(game_id)
        return game

    async def load(self, ex: Executor, game_id: int) -> tuple[GameRow, list[SeatRow]] | None:
        """The game and its seats in seat order, in one query; None if no such game."""
        return _loaded(await ex.fetchall(f"{_LOAD} WHERE g.game_id = ? ORDER BY s.seat",
                                         (game_id,)))

    async def load_active_for_chat(
        self, ex: Executor, chat_id: int, topic: int = 0
    ) -> tuple[GameRow, list[SeatRow]] | None:
        """The game of the chat's ``topic`` (0: no topic) in the lobby or being played
        with its seats, in one query."""
        return _loaded(await ex.fetchall(
            f"{_LOAD} WHERE g.chat_id = ? AND g.topic = ?"
            " AND g.status IN ('lobby', 'playing') ORDER BY s.seat", (chat_id, topic)))

    async def get_active_for_chat(self, ex: Executor, chat_id: int, topic: int = 0
                                  ) -> GameRow | None:
        """The game of the chat's ``topic`` in the lobby or being played, if any (there
        is at most one per topic)."""
        return _game.maybe(await ex.fetchone(
            f"{_GAME_SELECT} WHERE chat_id = ? AND topic = ? AND status IN ('lobby', 'playing')",
            (chat_id, topic)))

    async def list_active(self, ex: Executor) -> list[GameRow]:
        """Every game in the lobby or being played, oldest first (to resume after a restart)."""
        return _game.all(await ex.fetchall(
            f"{_GAME_SELECT} WHERE status IN ('lobby', 'playing') ORDER BY game_id"))

    async def count_playing(self, ex: Executor) -> int:
        """How many games are being played now (the partial index ``games_active``)."""
        row = await ex.fetchone("SELECT COUNT(*) FROM games WHERE status = 'playing'")
        return int(row[0]) if row is not None else 0

    async def list_untold_finished(self, ex: Executor, *, since: float) -> list[GameRow]:
        """Games finished at ``since`` or later whose group was not told the result
        (``game_announced``) or whose table message shows an older version, oldest
        first: a restart brings them in line."""
        return _game.all(await ex.fetchall(
            f"{_GAME_SELECT} WHERE status = 'finished' AND finished_at >= ? AND ("
            " game_id NOT IN (SELECT game_id FROM game_announced WHERE outcome = 1)"
            " OR EXISTS (SELECT 1 FROM game_messages m WHERE m.game_id = games.game_id"
            " AND m.kind = 'table' AND m.version < games.version)) ORDER BY game_id",
            (since,)))

    async def list_active_for_user(self, ex: Executor, user_id: int) -> list[GameRow]:
        """The active games in which the user has a seat, oldest first."""
        return _game.all(await ex.fetchall(
            f"{_GAME_SELECT} WHERE status IN ('lobby', 'playing') AND game_id IN"
            " (SELECT game_id FROM game_seats WHERE user_id = ?) ORDER BY game_id",
            (user_id,)))

    async def list_started_for_user(self, ex: Executor, user_id: int, *, limit: int = 20
                                    ) -> list[GameRow]:
        """The games the user has a seat in that started (being played, finished, or
        cancelled after the start), newest first."""
        return _game.all(await ex.fetchall(
            f"{_GAME_SELECT} WHERE record_json IS NOT NULL AND status != 'lobby' AND game_id IN"
            " (SELECT game_id FROM game_seats WHERE user_id = ?) ORDER BY game_id DESC LIMIT ?",
            (user_id, limit)))

    async def list_for_chat(self, ex: Executor, chat_id: int, *, limit: int = 20,
                            topic: int | None = None) -> list[GameRow]:
        """The chat's games (given ``topic``, of that topic only), newest first."""
        return _game.all(await ex.fetchall(
            f"{_GAME_SELECT} WHERE chat_id = ? AND (?3 IS NULL OR topic = ?3)"
            " ORDER BY game_id DESC LIMIT ?2", (chat_id, limit, topic)))

    async def last_finished(self, ex: Executor, *, chat_id: int | None = None,
                            user_id: int | None = None, topic: int = 0) -> GameRow | None:
        """The most recent finished game of a chat's topic, or of a user's seats."""
        if chat_id is not None:
            rows = await ex.fetchall(
                f"{_GAME_SELECT} WHERE status = 'finished' AND chat_id = ? AND topic = ?"
                " ORDER BY game_id DESC LIMIT 1", (chat_id, topic))
        else:
            rows = await ex.fetchall(
                f"{_GAME_SELECT} WHERE status = 'finished' AND game_id IN"
                " (SELECT game_id FROM game_seats WHERE user_id = ?)"
                " ORDER BY game_id DESC LIMIT 1", (user_id,))
        found = _game.all(rows)
        return found[0] if found else None

    # -- creating and deleting

    async def create_lobby(
        self,
        ex: Executor,
        chat_id: int,
        variant: str,
        creator_user_id: int,
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        topic: int = 0,
    ) -> int:
        """A new game in the lobby at version 0, in the chat's ``topic`` (0: none); its id.

        Raises `ActiveGameExistsError` (with the existing game's id) when the
        chat's topic already has a game in the lobby or being played.
        """
        options_json = dump_object(options if options is not None else {}, "options")
        stored_seed = _seed_stored(seed)
        check_int64(topic, "topic")
        if topic < 0:
            raise ValueError("topic must be >= 0 (0: no topic)")
        now = self._now()
        try:
            result = await ex.execute(
                "INSERT INTO games (chat_id, variant, options_json, status,"
                " creator_user_id, seed, created_at, updated_at, topic)"
                " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                (chat_id, variant, options_json, creator_user_id, stored_seed, now, now, topic),
            )
        except sqlite3.IntegrityError as exc:  # the partial unique index
            existing = await self.get_active_for_chat(ex, chat_id, topic)
            raise ActiveGameExistsError(
                chat_id, existing.game_id if existing is not None else None) from exc
        assert result.lastrowid is not None
        return result.lastrowid

    async def delete(self, ex: Executor, game_id: int) -> bool:
        """Delete a game with everything that belongs to it; whether it existed."""
        result = await ex.execute("DELETE FROM games WHERE game_id = ?", (game_id,))
        return result.rowcount > 0

    # -- changing the game row

    async def _refused(self, ex: Executor, game_id: int, expected: int | None,
                       status: str | None, action: str) -> NoReturn:
        """Say why a guarded UPDATE changed no row."""
        row = await ex.fetchone(
            "SELECT status, version, record_json FROM games WHERE game_id = ?", (game_id,))
        if row is None:
            raise GameNotFoundError(game_id)
        current, version = str(row["status"]), int(row["version"])
        if expected is not None and version != expected:
            raise StaleVersionError(game_id, expected, version)
        if status is None or status == current:
            raise GameStateError(game_id, current, action)
        if current not in _BEFORE[status]:
            raise InvalidStatusTransitionError(game_id, current, status)
        raise InvalidStatusTransitionError(game_id, current, status, "the game has no record yet")

    async def update_state(
        self,
        ex: Executor,
        game_id: int,
        expected_version: int | None,
        *,
        record_json: str | None = None,
        status: GameStatus | None = None,
        result_json: str | None = None,
        action: str = "save a new state",
    ) -> int:
        """Bump the version (one statement), optionally with a new record head, status
        and result; the new version.

        Refused (`StaleVersionError`) unless the stored version is
        ``expected_version`` (None: any). A finished or cancelled game cannot change
        (`GameStateError`); a status change must be allowed -- lobby -> playing |
        cancelled, playing -> finished | cancelled; playing and finished need a
        record (`InvalidStatusTransitionError`). Finishing or cancelling sets
        ``finished_at``.
        """
        if record_json is not None:
            check_json(record_json, "record_json")
        if result_json is not None:
            check_json(result_json, "result_json")
        if status is not None:
            check_status(status)
        before = ("lobby", "playing") if status is None else _BEFORE[status]
        if not before:
            await self._refused(ex, game_id, expected_version, status, action)
        marks = ", ".join("?" for _ in before)
        rows = await ex.fetchall(
            "UPDATE games SET record_json = COALESCE(?1, record_json),"
            " status = COALESCE(?2, status), result_json = COALESCE(?3, result_json),"
            " version = version + 1, updated_at = ?4,"
            " finished_at = CASE WHEN COALESCE(?2, status) IN ('finished', 'cancelled')"
            " THEN ?4 ELSE NULL END"
            " WHERE game_id = ?5 AND (?6 IS NULL OR version = ?6)"
            " AND (COALESCE(?2, status) NOT IN ('playing', 'finished')"
            " OR COALESCE(?1, record_json) IS NOT NULL)"
            f" AND status IN ({marks}) RETURNING version",
            (record_json, status, result_json, self._now(), game_id, expected_version, *before),
        )
        if not rows:
            await self._refused(ex, game_id, expected_version, status, action)
        return int(rows[0]["version"])

    async def set_status(
        self,
        ex: Executor,
        game_id: int,
        status: GameStatus,
        *,
        expected_version: int | None = None,
    ) -> int:
        """Move the game to `status` (see `update_state` for what is allowed); the new
        version."""
        check_status(status)
        return await self.update_state(ex, game_id, expected_version, status=status,
                                       action=f"become {status}")

    async def set_broken(self, ex: Executor, game_id: int) -> int:
        """Cancel the active game and mark it broken (it cannot be rebuilt from its
        stored moves); the new version."""
        version = await self.set_status(ex, game_id, "cancelled")
        await ex.execute("UPDATE games SET broken = 1 WHERE game_id = ?", (game_id,))
        return version

    async def is_broken(self, ex: Executor, game_id: int) -> bool:
        rows = await ex.fetchall("SELECT broken FROM games WHERE game_id = ?", (game_id,))
        return bool(rows and rows[0]["broken"])

    async def update_options(
        self,
        ex: Executor,
        game_id: int,
        options: Mapping[str, Any],
        *,
        variant: str | None = None,
        expected_version: int | None = None,
    ) -> int:
        """Replace the house rules (and, given, the variant) of a game still in
        the lobby; the new version."""
        options_json = dump_object(options, "options")
        rows = await ex.fetchall(
            "UPDATE games SET options_json = ?, variant = COALESCE(?, variant),"
            " version = version + 1, updated_at = ?"
            " WHERE game_id = ? AND (?5 IS NULL OR version = ?5) AND status = 'lobby'"
            " RETURNING version",
            (options_json, variant, self._now(), game_id, expected_version),
        )
        if not rows:
            await self._refused(ex, game_id, expected_version, None, "change its options")
        return int(rows[0]["version"])

    async def _bump(self, tx: Transaction, game_id: int) -> None:
        await tx.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE game_id = ?",
            (self._now(), game_id),
        )

    async def _open_for_seats(self, tx: Transaction, game_id: int, action: str) -> None:
        row = await tx.fetchone("SELECT status FROM games WHERE game_id = ?", (game_id,))
        if row is None:
            raise GameNotFoundError(game_id)
        if row["status"] in TERMINAL_STATUSES:
            raise GameStateError(game_id, str(row["status"]), action)

    # -- seats

    async def list_seats(self, ex: Executor, game_id: int) -> list[SeatRow]:
        """The game's seats in seat order."""
        return _seat.all(await ex.fetchall(f"{_SEAT_SELECT} WHERE s.game_id = ? ORDER BY s.seat",
                                           (game_id,)))

    async def get_seat_of_user(self, ex: Executor, game_id: int, user_id: int
                               ) -> SeatRow | None:
        return _seat.maybe(await ex.fetchone(
            f"{_SEAT_SELECT} WHERE s.game_id = ? AND s.user_id = ?", (game_id, user_id)))

    async def add_seat(
        self,
        tx: Transaction,
        game_id: int,
        *,
        display_name: str,
        user_id: int | None = None,
        ai_level: AiLevel | None = None,
        seat: int | None = None,
        max_seats: int | None = None,
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
        await self._open_for_seats(tx, game_id, "seat a player")
        rows = await tx.fetchall("SELECT seat, user_id FROM game_seats WHERE game_id = ?",
                                 (game_id,))
        taken = {int(row["seat"]) for row in rows}
        if user_id is not None and any(row["user_id"] == user_id for row in rows):
            raise AlreadySeatedError(game_id, user_id)
        if max_seats is not None and len(taken) >= max_seats:
            raise GameFullError(game_id, max_seats)
        if seat is None:
            seat = next(n for n in range(len(taken) + 1) if n not in taken)
        elif seat in taken:
            raise SeatTakenError(game_id, seat)
        now = self._now()
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

    async def remove_seat(self, tx: Transaction, game_id: int, seat: int) -> SeatRow | None:
        """Free a seat; the removed seat, or None if it was empty. Bumps the version."""
        return await self._remove(tx, game_id, "seat", seat)

    async def remove_user(self, tx: Transaction, game_id: int, user_id: int) -> SeatRow | None:
        """Free the user's seat; the removed seat, or None if he had none."""
        return await self._remove(tx, game_id, "user_id", user_id)

    async def _remove(self, tx: Transaction, game_id: int, column: str, value: int
                      ) -> SeatRow | None:
        await self._open_for_seats(tx, game_id, "free a seat")
        # `column` is one of our own literals, never caller input.
        row = await tx.fetchone(f"{_SEAT_SELECT} WHERE s.game_id = ? AND s.{column} = ?",
                                (game_id, value))
        if row is None:
            return None
        await tx.execute("DELETE FROM game_seats WHERE game_id = ? AND seat = ?",
                         (game_id, row["seat"]))
        await self._bump(tx, game_id)
        return _seat(row)

    async def renumber_seats(self, tx: Transaction, game_id: int) -> list[SeatRow]:
        """Close the gaps left by players who left: seats become 0..n-1 in their order.

        Bumps the version if anything moved; returns the seats.
        """
        seats = await self.list_seats(tx, game_id)
        if all(s.seat == n for n, s in enumerate(seats)):
            return seats
        await self._open_for_seats(tx, game_id, "renumber its seats")
        renumbered = [
            SeatRow(game_id, n, s.user_id, s.ai_level, s.display_name, s.joined_at)
            for n, s in enumerate(seats)
        ]
        await tx.execute("DELETE FROM game_seats WHERE game_id = ?", (game_id,))
        await tx.executemany(
            "INSERT INTO game_seats (game_id, seat, user_id, ai_level, display_name,"
            " joined_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(s.game_id, s.seat, s.user_id, s.ai_level, s.display_name, s.joined_at)
             for s in renumbered],
        )
        await self._bump(tx, game_id)
        return renumbered

    # -- turn timers (m0002, table seat_timers): who is away, the time-outs in a row.
    # These do not bump the version: they change who moves, not what was played.

    async def add_timeout(self, ex: Executor, game_id: int, seat: int) -> int:
        """Count one more time-out in a row for the seat; the new count."""
        rows = await ex.fetchall(
            "INSERT INTO seat_timers (game_id, seat, timeouts) VALUES (?, ?, 1)"
            " ON CONFLICT (game_id, seat) DO UPDATE SET timeouts = timeouts + 1"
            " RETURNING timeouts",
            (game_id, seat),
        )
        return int(rows[0]["timeouts"])

    async def reset_timeouts(self, ex: Executor, game_id: int, seat: int) -> None:
        await ex.execute(
            "UPDATE seat_timers SET timeouts = 0 WHERE game_id = ? AND seat = ? AND timeouts > 0",
            (game_id, seat),
        )

    async def set_away(self, ex: Executor, game_id: int, seat: int, away: bool) -> bool:
        """Mark the seat away (a computer moves for it) or back; whether it changed.
        Coming back also resets the time-outs in a row."""
        if away:
            result = await ex.execute(
                "INSERT INTO seat_timers (game_id, seat, away) VALUES (?, ?, 1)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET away = 1 WHERE away = 0",
                (game_id, seat),
            )
        else:
            result = await ex.execute(
                "UPDATE seat_timers SET away = 0, timeouts = 0"
                " WHERE game_id = ? AND seat = ? AND away = 1",
                (game_id, seat),
            )
        return result.rowcount > 0

    async def set_user_back(self, ex: Executor, game_id: int, user_id: int) -> int | None:
        """The user's seat if he was away and is back now (None if he was not away)."""
        rows = await ex.fetchall(
            "UPDATE seat_timers SET away = 0, timeouts = 0"
            " WHERE game_id = ? AND away = 1 AND seat ="
            " (SELECT seat FROM game_seats WHERE game_id = ? AND user_id = ?) RETURNING seat",
            (game_id, game_id, user_id),
        )
        return int(rows[0]["seat"]) if rows else None
