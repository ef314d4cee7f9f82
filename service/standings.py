"""Statistics: what a finished game adds per person, and what /stats and /top read.

(The skill ratings are `service.ratings`.)
"""

from __future__ import annotations

from engine.core.kind import PlayedGame
from engine.core.results import EndKind, GameEndReason
from service.context import Context
from service.types import StatsLine, TopLine
from storage import GameRow, SeatRow, StatsDelta

__all__ = ["Standings", "stats_of"]


def stats_of(row: GameRow, seats: list[SeatRow], game: PlayedGame) -> list[StatsDelta]:
    """What the finished ``game`` adds to each seated person's statistics in its chat
    and variant: a game, a win, its points, the fish he made, a goat."""
    outcome = game.outcome
    assert outcome is not None
    fish_by_seat = [0] * game.players
    for rnd in game.rounds:
        if rnd.end is not None and rnd.end.kind in (EndKind.FISH, EndKind.EGGS):
            fish_by_seat[rnd.end.seat] += 1
    out = []
    for s in seats:
        if s.user_id is None:
            continue
        side = game.side_of(s.seat)
        out.append(StatsDelta(
            user_id=s.user_id, chat_id=row.chat_id, variant=row.variant, games=1,
            wins=int(side in outcome.winners), points=game.totals[side],
            fish=fish_by_seat[s.seat],
            goats=int(outcome.reason is GameEndReason.GOAT and side in outcome.losers)))
    return out


class Standings:
    """A person's statistics and a chat's leaderboard."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def user_stats(self, user_id: int, chat_id: int | None) -> list[StatsLine]:
        """The user's statistics per variant, in one chat or (None) over all chats."""
        rows = await self._ctx.repos.stats.get_user(self._ctx.db, user_id, chat_id)
        return [StatsLine(r.user_id, r.chat_id, r.variant, r.games, r.wins, r.points, r.fish,
                          r.goats) for r in rows]

    async def top(self, chat_id: int | None, variant: str | None = None, limit: int = 10
                  ) -> list[TopLine]:
        """The leaderboard of a chat (None: of all): wins, then points, then fewer games."""
        rows = await self._ctx.repos.stats.top(self._ctx.db, chat_id, variant, limit)
        return [TopLine(r.user_id, r.first_name, r.last_name, r.username, r.games, r.wins,
                        r.points, r.fish, r.goats) for r in rows]
