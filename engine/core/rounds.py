"""The skeleton of a game of a fixed number of rounds, shared by the kinds whose state
is their own (Chinese dominoes' rounds of tricks, Mexican Train's rounds per engine):
the players' names, the options, the seeded dealer, the rounds played, the totals,
whose turn it is and when the game is over. The kind writes how a round is dealt
and played, and how the game is scored and recorded."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from engine.core.errors import OptionsError

__all__ = ["RoundsGame", "player_names"]


class CountedOptions(Protocol):
    @property
    def players(self) -> int: ...

    @property
    def rounds(self) -> int: ...


class TurnRound(Protocol):
    @property
    def over(self) -> bool: ...

    @property
    def turn(self) -> int: ...


Opts = TypeVar("Opts", bound=CountedOptions)
R = TypeVar("R", bound=TurnRound)


def player_names(players: Sequence[str] | int) -> list[str]:
    """The players' names, or P1, P2 ... for a number of players."""
    return [f"P{i + 1}" for i in range(players)] if isinstance(players, int) else list(players)


class RoundsGame(Generic[Opts, R]):
    """A game played over ``options.rounds`` rounds, each seat for itself."""

    def __init__(self, names: list[str], options: Opts, seed: int | None) -> None:
        if options.players != len(names):
            raise OptionsError("the options are for another number of players")
        self.options = options
        self.players = names
        self.rng = random.Random(seed)
        self.rounds: list[R] = []
        self.totals = [0] * len(names)

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def current(self) -> R:
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        """The agreed rounds are played, the last one to its end."""
        return (len(self.rounds) == self.options.rounds and bool(self.rounds)
                and self.current.over)

    @property
    def current_seat(self) -> int | None:
        """The seat to move now (None: the round, or the game, is over)."""
        if self.over or not self.rounds or self.current.over:
            return None
        return self.current.turn
