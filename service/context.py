"""What every part of the game service shares: one `Context`.

The service is cut by noun (people, lobby, play, shown messages, join links,
standings, records, ...); each part is given the same context and keeps nothing
of the others'. The context holds the database (its one connection, its lock
and its clock: `Database.now`), the repositories, where seeds come from, the
computer players' chooser a test may inject, and the caches several parts read
or drop: the games in memory, each game's chat, each chat's forced-move setting,
the users, their profiles, the chats' languages and titles.

There are no locks of the service's own: the database's transaction and the
version check of every command are the whole of its correctness (the bot orders
each game's updates itself).
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, TypeVar

from engine.core.moves import Move
from engine.core.view import SeatView
from storage import Database, Repositories

if TYPE_CHECKING:
    from service.loading import Live
    from service.types import SetAside, UserInfo

__all__ = ["CACHE_SIZE", "CHAT_CACHE_SIZE", "PROFILE_CACHE_SIZE", "Chooser", "Context",
           "lru_put", "random_seed"]

# Picks a computer player's move: (level, seed, view) -> move. Tests inject one.
Chooser = Callable[[str, int, SeatView], Move]

CACHE_SIZE: Final = 256  # live games kept in memory
CHAT_CACHE_SIZE: Final = 8192  # game -> chat
PROFILE_CACHE_SIZE: Final = 4096  # user -> the profile last written, and the chats' fields

V = TypeVar("V")


def lru_put(cache: OrderedDict[int, V], key: int, value: V, size: int) -> None:
    """Keep ``value`` under ``key`` as the newest entry, dropping the oldest past ``size``."""
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > size:
        cache.popitem(last=False)


# A new game's secret: every deal of the game follows from it, so it must be beyond
# any search (the 48 bits of the games stored before could be found from one round's
# hands). Its SHA-256 is shown at the start (engine/fairness.py), itself at the end.
SEED_BITS: Final = 128


def random_seed() -> int:
    """A new game's seed: 128 random bits."""
    return secrets.randbits(SEED_BITS)


@dataclass(slots=True, eq=False)
class Context:
    """The database, the repositories and the shared caches of one game service.

    A plain object (not frozen) for one reason: ``seeds`` may be replaced by a test
    after the service is built; everything else is set once.
    """

    db: Database
    repos: Repositories
    seeds: Callable[[], int] = random_seed
    chooser: Chooser | None = None
    # game -> the game in memory at a version (`service.loading.live`)
    games: OrderedDict[int, Live] = field(default_factory=OrderedDict)
    # game -> its chat (changes only when a group becomes a supergroup)
    chats: OrderedDict[int, int] = field(default_factory=OrderedDict)
    # chat -> whether forced moves play themselves (read once, when first needed)
    forced: OrderedDict[int, bool] = field(default_factory=OrderedDict)
    # user -> the profile last written by this process
    profiles: OrderedDict[int, tuple[object, ...]] = field(default_factory=OrderedDict)
    # users as read last; every write to a user goes through the service and drops his entry
    users: OrderedDict[int, UserInfo | None] = field(default_factory=OrderedDict)
    chat_languages: OrderedDict[int, str | None] = field(default_factory=OrderedDict)
    # the games set aside (cannot be rebuilt) whose groups were not told yet
    set_aside: list[SetAside] = field(default_factory=list)
    chat_titles: OrderedDict[int, str | None] = field(default_factory=OrderedDict)

    @classmethod
    def of(cls, db: Database, *, seeds: Callable[[], int] | None = None,
           chooser: Chooser | None = None) -> Context:
        """The context over ``db``, its repositories stamped with the database's clock."""
        return cls(db, Repositories.of(db), seeds or random_seed, chooser)

    def now(self) -> float:
        """The current time (the database's clock, which stamps every stored time)."""
        return self.db.now()
