"""Typed exceptions raised by the storage layer.

Every error the storage layer raises on purpose derives from `StorageError`.
Programming errors in the arguments (an unknown status, an AI level that does
not exist, a non-JSON record) raise `ValueError` instead.
"""

from __future__ import annotations


class StorageError(Exception):
    """Base class of every storage error."""


class DatabaseTooNewError(StorageError):
    """The database was migrated by newer code than this one; nothing was changed."""

    def __init__(self, db_version: int, code_version: int) -> None:
        self.db_version = db_version
        self.code_version = code_version
        super().__init__(
            f"the database schema is at version {db_version}, but this code only knows "
            f"migrations up to version {code_version}; upgrade the bot before opening it "
            "(the database was left unchanged)"
        )


class MigrationError(StorageError):
    """The list of migrations is malformed or a migration left the database inconsistent."""


class DatabaseLockedError(StorageError):
    """Another process held the write lock for longer than the busy timeout."""


class TransactionClosedError(StorageError):
    """A transaction object was used after its `async with` block ended."""


class GameNotFoundError(StorageError):
    """No game has this id."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"game {game_id} does not exist")


class StaleVersionError(StorageError):
    """The game changed since the caller read it (optimistic concurrency check failed)."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"game {game_id} is at version {actual}, not {expected}: "
            "it was changed concurrently, reload it and try again"
        )


class ActiveGameExistsError(StorageError):
    """The chat already has a game in the lobby or being played."""

    def __init__(self, chat_id: int, game_id: int | None = None) -> None:
        self.chat_id = chat_id
        self.game_id = game_id
        which = f" (game {game_id})" if game_id is not None else ""
        super().__init__(f"chat {chat_id} already has an active game{which}")


class GameStateError(StorageError):
    """The game's status does not allow this change (e.g. a move in a finished game)."""

    def __init__(self, game_id: int, status: str, action: str) -> None:
        self.game_id = game_id
        self.status = status
        self.action = action
        super().__init__(f"game {game_id} is {status}: cannot {action}")


class InvalidStatusTransitionError(GameStateError):
    """A game cannot move from its current status to the requested one."""

    def __init__(self, game_id: int, current: str, requested: str, reason: str = "") -> None:
        self.current = current
        self.requested = requested
        action = f"become {requested}" + (f" ({reason})" if reason else "")
        super().__init__(game_id, current, action)


class SeatError(StorageError):
    """Base class of the errors about taking a seat."""


class SeatTakenError(SeatError):
    """The requested seat is already occupied."""

    def __init__(self, game_id: int, seat: int) -> None:
        self.game_id = game_id
        self.seat = seat
        super().__init__(f"seat {seat} of game {game_id} is already taken")


class AlreadySeatedError(SeatError):
    """The user already has a seat in this game."""

    def __init__(self, game_id: int, user_id: int) -> None:
        self.game_id = game_id
        self.user_id = user_id
        super().__init__(f"user {user_id} already sits in game {game_id}")


class GameFullError(SeatError):
    """Every seat the caller allows is occupied."""

    def __init__(self, game_id: int, max_seats: int) -> None:
        self.game_id = game_id
        self.max_seats = max_seats
        super().__init__(f"game {game_id} is full ({max_seats} seats)")


class DatabaseInUseError(StorageError):
    """The database is open in a running bot (or being restored): a restore must wait
    until the bot is stopped, and a bot must not open a file being restored."""


class BackupError(StorageError):
    """A backup could not be written or a restore could not use its file; nothing was
    replaced."""
