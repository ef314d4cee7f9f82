"""Driving games through the service as players would."""

from __future__ import annotations

from service import GameService
from service.bench import play_random as play_some
from service.timers import TurnTimers

__all__ = ["forced_moves_off", "play_some"]


async def forced_moves_off(service: GameService, chat_id: int) -> None:
    """``/settings forced off`` in the chat: every pass and draw waits for its player
    (for tests that count one version per command)."""
    await TurnTimers(service).change_settings(chat_id, 0, ["forced", "off"], is_admin=True)
