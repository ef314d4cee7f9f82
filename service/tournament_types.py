"""The values a tournament is shown by: its players, its pairings with their scores,
the tournament as its group may see it, and what a step of it did (`Advance`,
`Withdrawal`). `service.tournaments` builds them; the bot words and posts them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from service.tiebreaks import Standing
from service.types import GameInfo, MoveReport

__all__ = ["Advance", "TournamentInfo", "TournamentPairing", "TournamentPlayer", "Withdrawal"]


@dataclass(frozen=True, slots=True)
class TournamentPlayer:
    """An entrant: a person, or in a team tournament a team of two (the person who
    registered it and his ``partner``, None while it waits for one)."""

    seq: int  # its number, in the order of registration
    user_id: int | None  # None: forgotten
    name: str
    withdrawn: bool = False
    partner_user_id: int | None = None  # None: no partner yet, or forgotten
    partner: str | None = None

    @property
    def user_ids(self) -> tuple[int, ...]:
        """The persons of the entrant (the forgotten left out)."""
        return tuple(u for u in (self.user_id, self.partner_user_id) if u is not None)


@dataclass(frozen=True, slots=True)
class TournamentPairing:
    """A pairing of a round: ``b`` None is ``a``'s bye; scores None while undecided."""

    round: int
    board: int
    a: TournamentPlayer
    b: TournamentPlayer | None
    game_id: int | None
    due_at: float | None
    score_a: float | None
    score_b: float | None
    decided: str | None  # game, bye, forfeit, cancelled
    told: bool = False  # its group was told the result

    @property
    def is_decided(self) -> bool:
        return self.decided is not None


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """A tournament as its group may see it."""

    tournament_id: int
    chat_id: int
    topic: int | None
    variant: str
    options: Mapping[str, Any]
    format: str  # round_robin or swiss
    days: int
    status: str  # registration, running, finished, cancelled
    creator_user_id: int | None
    round: int
    rounds: int
    players: tuple[TournamentPlayer, ...]
    pairings: tuple[TournamentPairing, ...]
    standings: tuple[Standing, ...]
    winner_told: bool
    message_id: int | None

    @property
    def teams(self) -> bool:
        """Whether its entrants are teams of two (a team variant's tournament)."""
        return bool(self.options.get("teams"))

    def player_of(self, user_id: int) -> TournamentPlayer | None:
        """The entrant the person is (or is in, in a team tournament)."""
        return next((p for p in self.players if user_id in p.user_ids), None)

    def round_pairings(self, round: int) -> tuple[TournamentPairing, ...]:
        return tuple(p for p in self.pairings if p.round == round)

    @property
    def decided(self) -> tuple[TournamentPairing, ...]:
        """The decided pairings, in the order they were played."""
        return tuple(p for p in self.pairings if p.is_decided)

    @property
    def untold(self) -> tuple[TournamentPairing, ...]:
        """The decided pairings whose result the group was not told yet."""
        return tuple(p for p in self.pairings if p.is_decided and not p.told)

    @property
    def current(self) -> TournamentPairing | None:
        """The pairing whose game is being played now."""
        return next((p for p in self.pairings if p.game_id is not None and not p.is_decided),
                    None)

    @property
    def winner(self) -> Standing | None:
        return self.standings[0] if self.status == "finished" and self.standings else None


@dataclass(frozen=True, slots=True)
class Advance:
    """What `Tournaments.advance` did: the tournament after it, the rounds newly paired
    (to be posted), the game it opened and started (its report, to be shown), whether
    the tournament ended (and what its winner newly earned: per person, the keys), and
    whether it waits for the chat's other game to end."""

    tournament: TournamentInfo
    new_rounds: tuple[int, ...] = ()
    report: MoveReport | None = None
    finished: bool = False
    waiting: bool = False
    achievements: Mapping[int, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A player withdrew: who, and the game of his cancelled for it (to be shown)."""

    player: TournamentPlayer
    cancelled: GameInfo | None
