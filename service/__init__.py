"""The game service: lobbies, seats, moves and restarts on top of storage and the engine.

It knows nothing of Telegram: the bot calls it with plain values and gets plain
results (what happened, whose turn, what each seat must be shown), never UI text,
and never a storage row: everything the bot needs from the database goes
through `GameService`, in the frozen types of `service.types`.
"""

from service.errors import ServiceError
from service.service import GameService
from service.types import (
    AiTurn,
    CancelAgreement,
    FishClaim,
    GameInfo,
    JoinLink,
    MoveReport,
    PlayerInfo,
    SeatInfo,
    Shown,
    StatsLine,
    TopLine,
    TurnDeadline,
    UserInfo,
)

__all__ = ["AiTurn", "CancelAgreement", "FishClaim", "GameInfo", "GameService", "JoinLink",
           "MoveReport", "PlayerInfo", "SeatInfo", "ServiceError", "Shown", "StatsLine", "TopLine",
           "TurnDeadline", "UserInfo"]
