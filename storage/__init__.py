"""Persistence for the domino bot: SQLite through one aiosqlite connection.

``Database`` owns the connection, pragmas, migrations and transactions;
the repositories in `storage.repositories` receive it and return frozen rows
(`storage.models`); errors are typed (`storage.errors`). Nothing here knows
Telegram or the engine: the game record is stored as JSON text.
"""

from storage.db import Database, ExecResult, Executor, Transaction
from storage.errors import (
    ActiveGameExistsError,
    AlreadySeatedError,
    DatabaseLockedError,
    DatabaseTooNewError,
    GameFullError,
    GameNotFoundError,
    GameStateError,
    InvalidStatusTransitionError,
    MigrationError,
    SeatError,
    SeatTakenError,
    StaleVersionError,
    StorageError,
    TransactionClosedError,
)
from storage.migrations import LATEST_VERSION
from storage.models import (
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
from storage.repositories import (
    ChatRepository,
    DeadlineRepository,
    GameRepository,
    MessageRepository,
    PendingJoinRepository,
    Repositories,
    StatsRepository,
    UserRepository,
)

__all__ = [
    "LATEST_VERSION",
    "ActiveGameExistsError",
    "AiLevel",
    "AlreadySeatedError",
    "ChatRepository",
    "ChatRow",
    "Database",
    "DatabaseLockedError",
    "DatabaseTooNewError",
    "Deadline",
    "DeadlineRepository",
    "ExecResult",
    "Executor",
    "GameFullError",
    "GameNotFoundError",
    "GameRepository",
    "GameRow",
    "GameStateError",
    "GameStatus",
    "InvalidStatusTransitionError",
    "MessageKind",
    "MessageRef",
    "MessageRepository",
    "MigrationError",
    "PendingJoin",
    "PendingJoinRepository",
    "Repositories",
    "SeatError",
    "SeatRow",
    "SeatTakenError",
    "StaleVersionError",
    "StatsDelta",
    "StatsRepository",
    "StatsRow",
    "StorageError",
    "TopEntry",
    "Transaction",
    "TransactionClosedError",
    "UserRepository",
    "UserRow",
]
