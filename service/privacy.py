"""Privacy: a person forgotten (``/forget``), the host's retention, and whose names a
leaderboard may show.

* `Privacy.forget`: refused (`StillSeatedError`) while he sits in a game in its
  lobby or being played; otherwise, in one transaction, everything stored of him
  goes (storage/repositories/privacy.py lists it), his seats in ended games stay
  as "Player N" so their records and everyone else's results and ratings hold.
* `Privacy.apply_retention`: with ``moves_days`` > 0 the finished games older than
  that lose their moves (their results, scores, ratings and statistics stay); with
  ``pings_days`` > 0 the turn pings and the announcements of ended games older than
  that go (an announcement not before `UNTOLD_WITHIN`, during which a restart still
  tells a game's result). Join links of games past their lobby always go. One
  transaction, run by the housekeeping, off any player's path.
* `Privacy.visible_names`: a leaderboard of every chat shows a person's name only to
  someone who played a game with him (and to himself); a group's own leaderboard
  shows its players to the group.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from service.context import Context
from service.errors import StaleForgetError, StillSeatedError
from service.games import UNTOLD_WITHIN

__all__ = ["DAY", "Forgotten", "Privacy", "Retained"]

DAY: Final = 86400.0


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What `Privacy.forget` did: the ended games whose seat now names nobody, and
    how many rows went."""

    games: tuple[int, ...]
    deleted: int


@dataclass(frozen=True, slots=True)
class Retained:
    """What one pass of the retention deleted."""

    games: tuple[int, ...] = ()  # finished games whose moves went
    pings: int = 0
    announcements: int = 0
    joins: int = 0


class Privacy:
    """Forgetting a person, the retention, the names a leaderboard may show."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def forget(self, user_id: int, *, asked_at: float | None = None) -> Forgotten:
        """Erase the person, or `StillSeatedError` (which game, in which state) while he
        sits at a game not over. ``asked_at``: when he was asked to confirm; a
        confirmation older than his stored row (he was forgotten since, and came
        back), or with no row left, is `StaleForgetError` and changes nothing."""
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            if asked_at is not None:
                row = await ctx.repos.users.get(tx, user_id)
                if row is None or row.created_at > asked_at:
                    raise StaleForgetError()
            active = await ctx.repos.privacy.active_seats(tx, user_id)
            if active:
                playing = [a for a in active if a[1] == "playing"]
                game_id, status, chat_id = (playing or active)[0]
                raise StillSeatedError(status, game_id, chat_id)
            erased = await ctx.repos.privacy.erase_user(tx, user_id)
        # what the caches keep of him, and the games whose names changed
        for cache in (ctx.users, ctx.profiles, ctx.chat_languages, ctx.chat_titles):
            cache.pop(user_id, None)
        for game_id in erased.games:
            ctx.games.pop(game_id, None)
        return Forgotten(erased.games, erased.deleted)

    async def apply_retention(self, moves_days: int, pings_days: int) -> Retained:
        """One pass of the host's retention (0 days: keep for ever)."""
        ctx = self._ctx
        repos = ctx.repos.privacy
        now = ctx.now()
        games: list[int] = []
        pings = announcements = joins = 0
        async with ctx.db.transaction() as tx:
            if moves_days > 0:
                games = await repos.delete_old_moves(tx, now - moves_days * DAY)
            if pings_days > 0:
                cutoff = now - pings_days * DAY
                pings = await ctx.repos.pings.delete_ended_before(tx, cutoff)
                announcements = await ctx.repos.announcements.delete_ended_before(
                    tx, min(cutoff, now - UNTOLD_WITHIN))
                joins = await ctx.repos.pending_joins.purge_older_than(tx, cutoff)
            joins += await ctx.repos.pending_joins.delete_dead(tx)
        for game_id in games:
            ctx.games.pop(game_id, None)
        return Retained(tuple(games), pings, announcements, joins)

    async def visible_names(self, asker: int, user_ids: Iterable[int]) -> frozenset[int]:
        """Those of ``user_ids`` whose names ``asker`` may read on a leaderboard of every
        chat: himself, and whoever sat with him in a game that started."""
        wanted = sorted(set(user_ids))
        shared = await self._ctx.repos.privacy.played_with(self._ctx.db, asker, wanted)
        return frozenset(shared | ({asker} & set(wanted)))
