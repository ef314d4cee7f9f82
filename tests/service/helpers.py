"""Driving games through the service as players would."""

from __future__ import annotations

from service import GameService, PlayerInfo
from service.bench import play_random as play_some
from service.timers import TurnTimers

__all__ = ["ANNA", "BORIS", "DASHA", "GLEB", "VERA", "forced_moves_off", "play_some"]

# The players of the service tests.
ANNA = PlayerInfo(1, "Анна", "ru")
BORIS = PlayerInfo(2, "Boris", "en")
VERA = PlayerInfo(3, "Вера")
GLEB = PlayerInfo(4, "Gleb")
DASHA = PlayerInfo(5, "Даша")


async def forced_moves_off(service: GameService, chat_id: int) -> None:
    """``/settings forced off`` in the chat: every pass and draw waits for its player
    (for tests that count one version per command)."""
    await TurnTimers(service).change_settings(chat_id, 0, ["forced", "off"], is_admin=True)
