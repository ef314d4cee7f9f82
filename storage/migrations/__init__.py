"""Numbered schema migrations, one module per version.

A migration module is named ``mNNNN_short_name.py`` and exposes::

    VERSION: int                                   # its number, 1, 2, 3, ...
    async def upgrade(conn: Transaction) -> None   # the statements that apply it

`Database.open()` runs each missing migration in its own transaction and
records it (version, name, time) in the ``migrations`` table. To add one:
write the module and append it to `MIGRATIONS` below; never edit a migration
that has been released.

Rules for writing ``upgrade``:

* Run statements one by one with ``await conn.execute(...)``. Never use
  ``executescript``: Python's sqlite3 commits the open transaction before it.
* ``PRAGMA foreign_keys`` cannot change inside a transaction; a table rebuild
  must keep foreign keys valid (they are checked before the migration commits).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from types import ModuleType

from storage.errors import MigrationError
from storage.migrations import (
    m0001_initial,
    m0002_seat_timers,
    m0003_moves_and_shown,
    m0004_turn_pings,
    m0005_forum_topics,
    m0006_ratings,
    m0007_cancel_agreement,
    m0008_messages_to_delete,
    m0009_rematches,
    m0010_broken_games,
    m0011_privacy,
    m0012_expert_level,
    m0013_next_game_calls,
    m0014_achievements,
    m0015_tournaments,
    m0016_tournament_achievements,
    m0017_tournament_teams,
)
from storage.transaction import Transaction

__all__ = ["LATEST_VERSION", "MIGRATIONS", "Migration", "check_sequence"]


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of the schema: its number, its module's name, its upgrade function."""

    version: int
    name: str
    upgrade: Callable[[Transaction], Awaitable[None]]

    @classmethod
    def from_module(cls, module: ModuleType) -> Migration:
        version = getattr(module, "VERSION", None)
        upgrade = getattr(module, "upgrade", None)
        if not isinstance(version, int) or isinstance(version, bool) or not callable(upgrade):
            raise MigrationError(
                f"{module.__name__} must define VERSION: int and async def upgrade(conn)"
            )
        return cls(version=version, name=module.__name__.rsplit(".", 1)[-1], upgrade=upgrade)


def check_sequence(migrations: Sequence[Migration]) -> None:
    """Refuse a list of migrations that is not numbered 1, 2, 3, ... in order."""
    for expected, migration in enumerate(migrations, start=1):
        if migration.version != expected:
            raise MigrationError(
                f"migration {migration.name} has version {migration.version}, "
                f"expected {expected}: migrations must be numbered 1, 2, 3, ... in order"
            )


MIGRATIONS: tuple[Migration, ...] = (
    Migration.from_module(m0001_initial),
    Migration.from_module(m0002_seat_timers),
    Migration.from_module(m0003_moves_and_shown),
    Migration.from_module(m0004_turn_pings),
    Migration.from_module(m0005_forum_topics),
    Migration.from_module(m0006_ratings),
    Migration.from_module(m0007_cancel_agreement),
    Migration.from_module(m0008_messages_to_delete),
    Migration.from_module(m0009_rematches),
    Migration.from_module(m0010_broken_games),
    Migration.from_module(m0011_privacy),
    Migration.from_module(m0012_expert_level),
    Migration.from_module(m0013_next_game_calls),
    Migration.from_module(m0014_achievements),
    Migration.from_module(m0015_tournaments),
    Migration.from_module(m0016_tournament_achievements),
    Migration.from_module(m0017_tournament_teams),
)

LATEST_VERSION: int = MIGRATIONS[-1].version
