"""Persistence for the domino bot: SQLite through one aiosqlite connection.

``Database`` owns the connection, pragmas, migrations and transactions;
the repositories in `storage.repositories` (one per module) are given an
executor -- the database or a transaction -- by every call, and return frozen
rows (`storage.models`, mapped by `storage.rows.RowMapper`); errors are typed
(`storage.errors`). Nothing here knows Telegram or the engine: a game's moves
are stored as notation text, one row per move, and its record head as JSON; the
ratings are computed by the service (`service.skill`) and stored here. The
migration that rated the games of its day (m0006) holds its own frozen copy of
what it needed.
"""

from storage.db import Database
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
    Announced,
    ChatRow,
    Deadline,
    GameRow,
    GameStatus,
    MessageKind,
    MessageRef,
    MessageToDelete,
    MoveRow,
    NextGameCall,
    PendingJoin,
    RatingEntry,
    RatingPoint,
    SeatRow,
    StatsDelta,
    StatsRow,
    TopEntry,
    UserRow,
)
from storage.repositories import (
    AnnouncementRepository,
    CallRepository,
    ChatRepository,
    DeadlineRepository,
    GameRepository,
    MessageRepository,
    MoveRepository,
    PendingJoinRepository,
    RatingRepository,
    Repositories,
    StatsRepository,
    UserRepository,
)
from storage.transaction import ExecResult, Executor, Transaction

__all__ = [
    "LATEST_VERSION",
    "ActiveGameExistsError",
    "AiLevel",
    "AlreadySeatedError",
    "Announced",
    "AnnouncementRepository",
    "CallRepository",
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
    "MessageToDelete",
    "MigrationError",
    "MoveRepository",
    "MoveRow",
    "NextGameCall",
    "PendingJoin",
    "PendingJoinRepository",
    "RatingEntry",
    "RatingPoint",
    "RatingRepository",
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
