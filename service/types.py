"""Plain values the service returns."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.game import SeatView
from engine.results import GameOutcome, MoveResult, RoundEnd
from engine.tiles import Tile

AI_LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A person as the service needs him: id, display name, language."""

    user_id: int
    name: str
    language: str | None = None
    username: str | None = None


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    user_id: int | None
    name: str
    ai_level: str | None = None
    away: bool = False  # a person whose seat a computer player plays until he comes back

    @property
    def is_ai(self) -> bool:
        """A computer player moves for this seat (a computer seat, or a person away)."""
        return self.ai_level is not None or self.away


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game as everyone may see it.

    ``view`` is the public view (no hand) while playing or finished, None in the lobby.
    """

    game_id: int
    chat_id: int
    version: int
    status: str  # lobby, playing, finished, cancelled
    variant: str
    options: Mapping[str, Any] = field(hash=False)
    creator_user_id: int
    seats: tuple[SeatInfo, ...]
    min_players: int
    max_players: int
    view: SeatView | None = None

    def seat_of(self, user_id: int) -> SeatInfo | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s
        return None

    @property
    def can_start(self) -> bool:
        return self.status == "lobby" and self.min_players <= len(self.seats) <= self.max_players

    @property
    def turn(self) -> int | None:
        return self.view.turn if self.view is not None else None

    @property
    def outcome(self) -> GameOutcome | None:
        return self.view.outcome if self.view is not None else None


@dataclass(frozen=True, slots=True)
class MoveReport:
    """What a command did: the engine's results in order, the game after them,
    and the seats whose private hand must be shown anew."""

    game: GameInfo
    results: tuple[MoveResult, ...] = ()
    refresh_seats: frozenset[int] = frozenset()
    round_ends: tuple[RoundEnd, ...] = ()
    final_hands: tuple[tuple[tuple[Tile, ...], ...], ...] = ()  # per ended round, every hand
    started: bool = False

    @property
    def finished(self) -> bool:
        return self.game.status == "finished"


@dataclass(frozen=True, slots=True)
class FishClaim:
    """The truthful answer to /fish from public facts only.

    ``is_fish`` is True only when the last round ended in a fish (or eggs) and no
    move was made since. Otherwise ``boneyard_left`` and ``unplayed`` (for each
    open pip, how many tiles with it are not on the table) say why play goes on.
    """

    is_fish: bool
    boneyard_left: int
    unplayed: Mapping[int, int] = field(hash=False, default_factory=dict)
