"""Repositories: one per module, stateless, speaking in frozen rows.

The connection is always passed
-------------------------------
A repository holds no connection: every method takes the executor it runs on
as its first argument -- the `Database` (each statement committed on its own)
or an open `Transaction`. To make several writes one atomic unit, open a
transaction and pass it to each::

    async with db.transaction() as tx:
        version = await repos.games.update_state(tx, game_id, expected_version,
                                                 status="finished", result_json=result)
        await repos.stats.add_result(tx, deltas)
        await repos.deadlines.clear(tx, game_id)
    # committed here; an exception anywhere above rolls back all of it

Methods that need several statements to be atomic take a `Transaction` only.
Rows are mapped from their queries in one generic way (`storage.rows.RowMapper`).
"""

from __future__ import annotations

from dataclasses import dataclass

from storage.db import Database
from storage.repositories.achievements import AchievementRepository
from storage.repositories.announcements import AnnouncementRepository
from storage.repositories.base import Clock
from storage.repositories.calls import CallRepository
from storage.repositories.cancel_votes import CancelVoteRepository
from storage.repositories.chats import ChatRepository
from storage.repositories.deadlines import DeadlineRepository
from storage.repositories.games import GameRepository
from storage.repositories.messages import MessageRepository
from storage.repositories.moves import MoveRepository
from storage.repositories.pending_joins import PendingJoinRepository
from storage.repositories.pings import PingRepository
from storage.repositories.privacy import PrivacyRepository
from storage.repositories.ratings import RatingRepository
from storage.repositories.rematches import RematchRepository
from storage.repositories.stats import StatsRepository
from storage.repositories.tournaments import TournamentRepository
from storage.repositories.users import UserRepository

__all__ = [
    "AchievementRepository",
    "AnnouncementRepository",
    "CallRepository",
    "CancelVoteRepository",
    "ChatRepository",
    "DeadlineRepository",
    "GameRepository",
    "MessageRepository",
    "MoveRepository",
    "PendingJoinRepository",
    "PingRepository",
    "PrivacyRepository",
    "RatingRepository",
    "RematchRepository",
    "Repositories",
    "StatsRepository",
    "TournamentRepository",
    "UserRepository",
]


@dataclass(frozen=True, slots=True)
class Repositories:
    """Every repository, stamping writes with one clock: ``Repositories.of(db)``."""

    chats: ChatRepository
    users: UserRepository
    games: GameRepository
    moves: MoveRepository
    messages: MessageRepository
    pending_joins: PendingJoinRepository
    stats: StatsRepository
    deadlines: DeadlineRepository
    announcements: AnnouncementRepository
    pings: PingRepository
    ratings: RatingRepository
    cancel_votes: CancelVoteRepository
    rematches: RematchRepository
    privacy: PrivacyRepository
    achievements: AchievementRepository
    calls: CallRepository
    tournaments: TournamentRepository

    @classmethod
    def with_clock(cls, clock: Clock) -> Repositories:
        return cls(
            chats=ChatRepository(clock),
            users=UserRepository(clock),
            games=GameRepository(clock),
            moves=MoveRepository(clock),
            messages=MessageRepository(clock),
            pending_joins=PendingJoinRepository(clock),
            stats=StatsRepository(clock),
            deadlines=DeadlineRepository(clock),
            announcements=AnnouncementRepository(clock),
            pings=PingRepository(clock),
            ratings=RatingRepository(clock),
            cancel_votes=CancelVoteRepository(clock),
            rematches=RematchRepository(clock),
            privacy=PrivacyRepository(clock),
            achievements=AchievementRepository(clock),
            calls=CallRepository(clock),
            tournaments=TournamentRepository(clock),
        )

    @classmethod
    def of(cls, db: Database) -> Repositories:
        """The repositories with the database's clock (they do not keep the database)."""
        return cls.with_clock(db.now)
