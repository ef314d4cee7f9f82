"""Achievements: awarding a finished game's, the start-up backfill, and what /stats reads.

The transaction that finishes a game awards it (`award_finished`, called where the
statistics and ratings are written): the game is in memory then, so nothing is
replayed and nothing leaves the event loop; the report of that move carries what
each person newly earned, and the bot sends each of them one private message.

The games stored before the achievements existed are awarded once, at start-up
right after the migrations (`Achievements.backfill`, while the achievements
migration's ``achievements_backfilled`` row is missing; storage may not import the
engine, so the migration only makes the tables): each finished game, in the order
the games finished, rebuilt from its seed and moves in a thread (the bot's worker
pools start after it) and given to the same
`service.achievement_rules.decide`, so what the backfill awards is what the games
would have earned live. Nobody is told of a backfilled achievement; /stats shows it.

A tournament's winner earns his achievement in the transaction that finishes the
tournament (`award_tournament`, from the same standings his group is told), and the
tournaments finished before that achievement existed are awarded once by the same
start-up backfill (while ``tournament_achievements_backfilled`` has no row).

Each achievement row says whether its person was told: the bot marks it once the
message was sent (or refused: a blocked bot), and at start-up sends what a stop
left untold (`Achievements.untold`), so the message of a game, or of a tournament,
goes once.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.catalogue import Variant
from engine.core.errors import EngineError
from engine.core.kind import PlayedGame
from engine.games import rebuild
from engine.variants import make_variant
from service.achievement_rules import ACHIEVEMENTS, Tally, decide, tournament_earned
from service.context import Context
from service.tiebreaks import standings_of
from storage import Repositories, SeatRow, Transaction
from storage.models import TournamentGameRow, TournamentPlayerRow
from storage.repositories.achievements import AchievementTally

__all__ = ["ACHIEVEMENTS", "Achievements", "Untold", "award_finished", "award_tournament"]

log = logging.getLogger(__name__)


def _levels(seats: Sequence[SeatRow]) -> list[str | None]:
    """Each seat's computer level, None for a person's (or a forgotten person's) seat."""
    return [s.ai_level for s in sorted(seats, key=lambda s: s.seat)]


def _decided(game_id: int, seats: Sequence[SeatRow], game: PlayedGame | None,
             variant: Variant | None, winners: Sequence[int], tallies: Mapping[int, Tally]
             ) -> tuple[list[AchievementTally], list[tuple[int, list[str]]]]:
    """One finished game's decision, the persons' ``tallies`` before it given: each
    person's tally after it, and the achievements it met per person (in the
    catalogue's order)."""
    users = {s.seat: s.user_id for s in seats if s.user_id is not None}
    before = {seat: tallies.get(user, Tally()) for seat, user in users.items()}
    decided = decide(game, _levels(seats), before, variant=variant, winners=winners)
    after = [AchievementTally(users[seat], t.games, t.wins, t.to_json(), game_id)
             for seat, (_, t) in sorted(decided.items()) if seat in users]
    earned = [(users[seat], [k for k in ACHIEVEMENTS if k in keys])
              for seat, (keys, _) in sorted(decided.items()) if seat in users]
    return after, earned


def _tally(row: AchievementTally) -> Tally:
    return Tally.of(row.games, row.wins, row.families_json)


async def award_finished(repos: Repositories, tx: Transaction, game_id: int,
                         seats: Sequence[SeatRow], game: PlayedGame) -> dict[int, tuple[str, ...]]:
    """Award the game that ``tx`` has just finished (``game`` in memory); per person,
    the achievements he did not hold before, in the catalogue's order."""
    users = [s.user_id for s in seats if s.user_id is not None]
    stored = await repos.achievements.tallies(tx, users)
    tallies = {u: _tally(t) for u, t in stored.items()}
    after, earned = _decided(game_id, seats, game, None, (), tallies)
    return await repos.achievements.record(tx, game_id, after, earned)


def _winner_users(players: Sequence[TournamentPlayerRow], games: Sequence[TournamentGameRow]
                  ) -> tuple[int, ...]:
    """The persons first in a finished tournament's standings: its winner, or the
    winning team's two (the forgotten left out)."""
    table = standings_of(players, games)
    if not table:
        return ()
    winner = next((p for p in players if p.seq == table[0].seq), None)
    return () if winner is None else tuple(u for u in winner.user_ids if u is not None)


async def award_tournament(repos: Repositories, tx: Transaction, tournament_id: int,
                           players: Sequence[TournamentPlayerRow],
                           games: Sequence[TournamentGameRow]) -> dict[int, tuple[str, ...]]:
    """Award the tournament that ``tx`` has just finished (its ``players`` and
    ``games`` as stored); per person, the achievements he did not hold before."""
    earned = tournament_earned(_winner_users(players, games))
    return await repos.achievements.record_tournament(tx, tournament_id, earned)


@dataclass(frozen=True, slots=True)
class Untold:
    """What one game, or one tournament, earned a person that he was not told yet."""

    user_id: int
    keys: tuple[str, ...]
    game_id: int | None = None
    tournament_id: int | None = None


@dataclass(frozen=True, slots=True)
class _Stored:
    """A stored finished game as the backfill reads it."""

    game_id: int
    seats: tuple[SeatRow, ...]
    head: str | None
    seed: int | None
    entries: tuple[str, ...] | None  # None: its moves were deleted
    result: str | None


def _rebuilt(stored: _Stored) -> tuple[PlayedGame | None, Variant | None, list[int]]:
    """The stored game rebuilt (in a thread: CPU work), or, when its moves are gone or
    it cannot be rebuilt, its variant and winning sides from its head and result."""
    if stored.head is None:
        return None, None, []
    if stored.entries is not None and stored.seed is not None:
        try:
            game, _ = rebuild(stored.head, stored.seed, stored.entries)
        except (EngineError, ValueError, KeyError) as exc:
            log.warning("game %s cannot be rebuilt for its achievements: %s",
                        stored.game_id, exc)
        else:
            if game.outcome is not None:
                return game, None, []
    try:
        head: Any = json.loads(stored.head)
        result: Any = json.loads(stored.result or "")
        variant = make_variant(str(head["variant"]), len(head["players"]),
                               head.get("options") or {})
        winners = [int(s) for s in result["winners"]]
    except (ValueError, KeyError, TypeError, EngineError):
        return None, None, []
    return None, variant, winners


class Achievements:
    """The achievements a person holds, and the backfill of the stored games."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def of_user(self, user_id: int) -> tuple[str, ...]:
        """The keys of the achievements he holds, in the catalogue's order."""
        held = {a.key for a in await self._ctx.repos.achievements.of_user(self._ctx.db, user_id)}
        return tuple(k for k in ACHIEVEMENTS if k in held)

    async def untold(self) -> list[Untold]:
        """Each finished game's or tournament's achievements whose person was not told
        of them yet (a stop came before the message went)."""
        grouped: dict[tuple[int, int, int], set[str]] = {}
        for a in await self._ctx.repos.achievements.untold(self._ctx.db):
            where = (a.user_id, a.game_id or 0, a.tournament_id or 0)
            grouped.setdefault(where, set()).add(a.key)
        return [Untold(user, tuple(k for k in ACHIEVEMENTS if k in keys),
                       game or None, tournament or None)
                for (user, game, tournament), keys in sorted(grouped.items())]

    async def told(self, user_id: int, *, game_id: int | None = None,
                   tournament_id: int | None = None) -> None:
        """The person's message of what ``game_id`` (or ``tournament_id``) earned him
        went, or Telegram refused it: never again."""
        repos = self._ctx.repos.achievements
        if game_id is not None:
            await repos.mark_told(self._ctx.db, user_id, game_id)
        if tournament_id is not None:
            await repos.mark_told_tournament(self._ctx.db, user_id, tournament_id)

    async def backfill(self) -> int:
        """Award every stored finished game, then every finished tournament, once each
        (the migrations' marks); the number of achievements awarded. The bot runs it at
        start-up, before any game is played on."""
        return await self._backfill_games() + await self._backfill_tournaments()

    async def _backfill_tournaments(self) -> int:
        ctx = self._ctx
        repos = ctx.repos
        if await repos.achievements.tournaments_backfilled(ctx.db):
            return 0
        awarded = 0
        async with ctx.db.transaction() as tx:
            if await repos.achievements.tournaments_backfilled(tx):
                return 0
            for row in await repos.tournaments.list_finished(tx):
                tid = row.tournament_id
                winners = _winner_users(await repos.tournaments.players(tx, tid),
                                        await repos.tournaments.games(tx, tid))
                new = await repos.achievements.record_tournament(
                    tx, tid, tournament_earned(winners), told=True, at=row.updated_at)
                awarded += sum(len(keys) for keys in new.values())
            await repos.achievements.mark_tournaments_backfilled(tx)
        return awarded

    async def _backfill_games(self) -> int:
        ctx = self._ctx
        repos = ctx.repos
        if await repos.achievements.backfilled(ctx.db):
            return 0
        stored: list[_Stored] = []
        for ref in await repos.achievements.finished_games(ctx.db):
            loaded = await repos.games.load(ctx.db, ref.game_id)
            if loaded is None:
                continue
            row, seats = loaded
            entries = None
            if row.moves_deleted_at is None and row.seed is not None:
                entries = tuple(m.move for m in await repos.moves.list(ctx.db, row.game_id))
            stored.append(_Stored(row.game_id, tuple(seats), row.record_json, row.seed,
                                  entries, row.result_json))
        # decided in the order the games finished, each rebuilt in a thread, before the
        # one transaction that writes them all
        tallies: dict[int, Tally] = {}
        decisions: list[tuple[int, list[AchievementTally], list[tuple[int, list[str]]]]] = []
        for one in stored:
            game, variant, winners = await asyncio.to_thread(_rebuilt, one)
            if game is None and variant is None:
                continue
            after, earned = _decided(one.game_id, one.seats, game, variant, winners, tallies)
            tallies.update((t.user_id, _tally(t)) for t in after)
            decisions.append((one.game_id, after, earned))
        awarded = 0
        async with ctx.db.transaction() as tx:
            if await repos.achievements.backfilled(tx):
                return 0
            for game_id, after, earned in decisions:
                new = await repos.achievements.record(tx, game_id, after, earned, told=True)
                awarded += sum(len(keys) for keys in new.values())
            await repos.achievements.mark_backfilled(tx)
        if stored:
            log.info("achievements: %d awarded for %d stored games", awarded, len(stored))
        return awarded
