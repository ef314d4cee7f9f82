"""The computer players' levels, weakest first: every game family builds each of
them (its own ``make_player``), the service seats them and the bot offers them.

``expert`` is ``hard``'s search with a bigger budget (more sampled worlds), about
three to four times its thinking time; each family keeps its budgets next to its
players.
"""

from __future__ import annotations

__all__ = ["LEVELS"]

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
