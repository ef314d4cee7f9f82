"""Achievements: what each person earned (once, by a game or by a tournament), his
tally so far, and whether the games and the tournaments stored before the
achievements were awarded (the achievements migrations)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from storage.repositories.base import Repository
from storage.transaction import Executor, Transaction

__all__ = ["AchievementRepository", "AchievementTally", "EarnedAchievement",
           "FinishedGameRef"]


@dataclass(frozen=True, slots=True)
class EarnedAchievement:
    """One achievement a person holds: its key, the game or the tournament that earned
    it (exactly one of the two), when."""

    user_id: int
    key: str
    game_id: int | None
    earned_at: float
    tournament_id: int | None = None


_COLUMNS = "user_id, key, game_id, earned_at, tournament_id"


def _earned(r: sqlite3.Row) -> EarnedAchievement:
    return EarnedAchievement(int(r[0]), str(r[1]), None if r[2] is None else int(r[2]),
                             float(r[3]), None if r[4] is None else int(r[4]))


@dataclass(frozen=True, slots=True)
class AchievementTally:
    """What a person's finished games add up to so far (families: a JSON list)."""

    user_id: int
    games: int
    wins: int
    families_json: str
    game_id: int  # the last game counted


@dataclass(frozen=True, slots=True)
class FinishedGameRef:
    """A finished game, in the order games finished, for the backfill."""

    game_id: int
    finished_at: float


class AchievementRepository(Repository):
    """``achievements``, ``achievement_tallies``, ``achievements_backfilled`` and
    ``tournament_achievements_backfilled``."""

    async def of_user(self, ex: Executor, user_id: int) -> list[EarnedAchievement]:
        """The person's achievements, the earliest first."""
        rows = await ex.fetchall(
            f"SELECT {_COLUMNS} FROM achievements WHERE user_id = ?"
            " ORDER BY earned_at, game_id, tournament_id, key", (user_id,))
        return [_earned(r) for r in rows]

    async def all(self, ex: Executor) -> list[EarnedAchievement]:
        """Every achievement of everyone (by person, then key)."""
        rows = await ex.fetchall(
            f"SELECT {_COLUMNS} FROM achievements ORDER BY user_id, key")
        return [_earned(r) for r in rows]

    async def tallies(self, ex: Executor, user_ids: Sequence[int]) -> dict[int, AchievementTally]:
        """The tallies of those of ``user_ids`` who finished a game already."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await ex.fetchall(
            "SELECT user_id, games, wins, families_json, game_id FROM achievement_tallies"
            f" WHERE user_id IN ({marks})", tuple(user_ids))
        return {int(r[0]): AchievementTally(int(r[0]), int(r[1]), int(r[2]), str(r[3]),
                                            int(r[4])) for r in rows}

    async def record(self, tx: Transaction, game_id: int,
                     tallies: Iterable[AchievementTally],
                     earned: Iterable[tuple[int, Iterable[str]]], *, told: bool = False
                     ) -> dict[int, tuple[str, ...]]:
        """Store one finished game's awards: each person's tally after it, and the
        achievements it met (``earned``: per user, the keys); the ones he did not hold
        yet, per user (an achievement is earned once: a second is ignored). Each is
        stamped with the game's end (``games.finished_at``); ``told``: nobody is to be
        told of them (the backfill's)."""
        await tx.executemany(
            "INSERT INTO achievement_tallies (user_id, games, wins, families_json, game_id)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
            " games = excluded.games, wins = excluded.wins,"
            " families_json = excluded.families_json, game_id = excluded.game_id",
            [(t.user_id, t.games, t.wins, t.families_json, t.game_id) for t in tallies])
        ended = await tx.fetchone("SELECT finished_at FROM games WHERE game_id = ?",
                                  (game_id,))
        at = float(ended[0]) if ended is not None and ended[0] is not None else None
        return await self._award(tx, earned, game_id, None, at, told)

    async def record_tournament(self, tx: Transaction, tournament_id: int,
                                earned: Iterable[tuple[int, Iterable[str]]], *,
                                told: bool = False, at: float | None = None
                                ) -> dict[int, tuple[str, ...]]:
        """Store what a finished tournament earned (``earned``: per user, the keys),
        stamped ``at`` (default now); the ones he did not hold yet, per user.
        ``told``: nobody is to be told of them (the backfill's)."""
        return await self._award(tx, earned, None, tournament_id, at, told)

    async def _award(self, tx: Transaction, earned: Iterable[tuple[int, Iterable[str]]],
                     game_id: int | None, tournament_id: int | None, at: float | None,
                     told: bool) -> dict[int, tuple[str, ...]]:
        """Insert the achievements earned by one game or one tournament, stamped ``at``
        (None: now); per user, the keys he did not hold before."""
        stamp = self._now() if at is None else at
        new: dict[int, tuple[str, ...]] = {}
        for user_id, keys in earned:
            got: list[str] = []
            for key in keys:
                result = await tx.execute(
                    "INSERT INTO achievements"
                    " (user_id, key, game_id, tournament_id, earned_at, told)"
                    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, key) DO NOTHING",
                    (user_id, key, game_id, tournament_id, stamp, int(told)))
                if result.rowcount > 0:
                    got.append(key)
            if got:
                new[user_id] = tuple(got)
        return new

    async def untold(self, ex: Executor) -> list[EarnedAchievement]:
        """The achievements whose person was not told yet, by person, then game or
        tournament."""
        rows = await ex.fetchall(
            f"SELECT {_COLUMNS} FROM achievements WHERE told = 0"
            " ORDER BY user_id, game_id, tournament_id, key")
        return [_earned(r) for r in rows]

    async def mark_told(self, ex: Executor, user_id: int, game_id: int) -> int:
        """The person was told (or could not be: a blocked bot) of what ``game_id``
        earned him; how many achievements that was."""
        result = await ex.execute(
            "UPDATE achievements SET told = 1 WHERE user_id = ? AND game_id = ? AND told = 0",
            (user_id, game_id))
        return result.rowcount

    async def mark_told_tournament(self, ex: Executor, user_id: int, tournament_id: int
                                   ) -> int:
        """The person was told (or could not be) of what ``tournament_id`` earned him;
        how many achievements that was."""
        result = await ex.execute(
            "UPDATE achievements SET told = 1 WHERE user_id = ? AND tournament_id = ?"
            " AND told = 0", (user_id, tournament_id))
        return result.rowcount

    async def finished_games(self, ex: Executor) -> list[FinishedGameRef]:
        """Every finished game, in the order they finished (then by id)."""
        rows = await ex.fetchall(
            "SELECT game_id, finished_at FROM games WHERE status = 'finished'"
            " AND finished_at IS NOT NULL ORDER BY finished_at, game_id")
        return [FinishedGameRef(int(r[0]), float(r[1])) for r in rows]

    async def backfilled(self, ex: Executor) -> bool:
        """Whether the games stored before the achievements were awarded."""
        return await ex.fetchone("SELECT 1 FROM achievements_backfilled WHERE id = 1") is not None

    async def mark_backfilled(self, tx: Transaction) -> None:
        await tx.execute("INSERT INTO achievements_backfilled (id, at) VALUES (1, ?)"
                         " ON CONFLICT (id) DO NOTHING", (self._now(),))

    async def tournaments_backfilled(self, ex: Executor) -> bool:
        """Whether the tournaments finished before the tournaments' achievements were
        awarded."""
        return await ex.fetchone(
            "SELECT 1 FROM tournament_achievements_backfilled WHERE id = 1") is not None

    async def mark_tournaments_backfilled(self, tx: Transaction) -> None:
        await tx.execute("INSERT INTO tournament_achievements_backfilled (id, at)"
                         " VALUES (1, ?) ON CONFLICT (id) DO NOTHING", (self._now(),))
