"""A game that cannot be rebuilt is set aside, not fatal.

After a restart every active game is rebuilt from its seed and stored moves. One
that cannot be (a rule change, a corrupt row) would stop the bot's start and every
housekeeping; instead it is cancelled and marked broken in one transaction, logged
with the error, and kept in the context until the bot has told its group (once:
a cancelled game is never listed as active again).
"""

from __future__ import annotations

import logging

from service.context import Context
from service.types import SetAside
from storage import GameRow

__all__ = ["set_aside", "take_set_aside"]

log = logging.getLogger(__name__)


async def set_aside(ctx: Context, row: GameRow, error: Exception) -> None:
    """Cancel the active game ``row`` and mark it broken (its turn timer gone); its
    group is told through `take_set_aside`."""
    log.error("game %d (chat %d) cannot be restored and is closed: %s",
              row.game_id, row.chat_id, error)
    async with ctx.db.transaction() as tx:
        current = await ctx.repos.games.get(tx, row.game_id)
        if current is None or not current.is_active:
            return  # closed meanwhile: nothing to tell
        await ctx.repos.games.set_broken(tx, row.game_id)
        await ctx.repos.deadlines.clear(tx, row.game_id)
    ctx.games.pop(row.game_id, None)
    ctx.set_aside.append(SetAside(row.game_id, row.chat_id, row.topic or None, str(error)))


def take_set_aside(ctx: Context) -> list[SetAside]:
    """The games set aside since the last call, whose groups are to be told now."""
    taken, ctx.set_aside[:] = list(ctx.set_aside), []
    return taken
