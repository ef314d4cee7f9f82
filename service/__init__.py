"""The game service: lobbies, seats, moves and restarts on top of storage and the engine.

It knows nothing of Telegram: the bot calls it with plain values and gets plain
results (what happened, whose turn, what each seat must be shown), never UI text.
"""

from service.errors import ServiceError
from service.service import GameService
from service.types import FishClaim, GameInfo, MoveReport, PlayerInfo, SeatInfo

__all__ = ["FishClaim", "GameInfo", "GameService", "MoveReport", "PlayerInfo", "SeatInfo",
           "ServiceError"]
