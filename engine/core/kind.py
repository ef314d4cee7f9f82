"""The game-kind contract: what a variant's game *is*, for the layers above the engine.

Most variants are played by the one turn machine, :class:`engine.domino.game.Game`
(the ``"domino"`` kind, :mod:`engine.domino.kind`). A variant whose state does not
fit it (``chinese``: tricks on a multiset of tiles; ``triangular``: triangles on a
grid) declares ``Variant.kind`` and has a :class:`GameKind` of its own, listed in
:mod:`engine.variants`; the service, the record commands, simulate and the bot then
reach its games through :mod:`engine.games` and the :class:`PlayedGame` protocol,
never through the variant's name.

A kind says how to start a game from a seed, play a move and write it as a stored
entry, rebuild a game from its stored entries, write its record (the whole truth)
and what one seat may see of it, replay a record, pick a computer player's move
from a seat's view, and show each ended round's public view. Its games answer
the :class:`PlayedGame` protocol; their views are :class:`engine.core.view.SeatView`
with the kind's own public facts added (``DominoView``, ``ChineseView`` ...).
docs/adding-a-variant.md lists what a new kind implements, file by file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from engine.core.catalogue import Variant
from engine.core.moves import Draw, Move, Pass
from engine.core.results import FishFacts, GameOutcome, MoveResult, RoundEnd
from engine.core.review import DecisionReview, ReviewSummary
from engine.core.view import SeatView

__all__ = ["GameKind", "Piece", "PlayedGame", "PlayedRound"]


# What a hand holds: a kind's own pieces (dominoes, triangles ...); the layers above
# only count them and hand them back to the kind.
Piece = object


class PlayedRound(Protocol):
    """What the service reads of a round: how it ended, the hands (at its end),
    the points it wrote per side."""

    @property
    def end(self) -> RoundEnd | None: ...

    @property
    def hands(self) -> Sequence[Sequence[Piece]]: ...

    @property
    def points(self) -> Sequence[int] | None: ...


class PlayedGame(Protocol):
    """What the service, the bot and simulate need of a game of any kind."""

    @property
    def variant(self) -> Variant: ...

    @property
    def seed(self) -> int: ...

    @property
    def players(self) -> int: ...

    @property
    def totals(self) -> Sequence[int]: ...

    @property
    def outcome(self) -> GameOutcome | None: ...

    @property
    def rounds(self) -> Sequence[PlayedRound]: ...

    @property
    def current_seat(self) -> int | None: ...

    def side_of(self, seat: int) -> int: ...

    def legal_moves(self) -> list[Move]: ...

    def play(self, move: Move) -> MoveResult: ...

    def view(self, seat: int | None) -> SeatView: ...


class GameKind:
    """A kind of game: the operations the layers above need, by the kind's name."""

    name = ""
    # whether the post-game review covers its games (:meth:`review_range`; the terms
    # are engine/core/review.py's)
    reviewed = False

    def fish(self, game: PlayedGame) -> FishFacts | None:
        """The /fish question answered from public facts (None: the kind has no fish)."""
        return None

    def forced_move(self, game: PlayedGame) -> Move | None:
        """The move made at once for a person present on turn when it is all he may
        do (the domino kind: a sole pass or draw); None: he chooses."""
        legal = game.legal_moves()
        if len(legal) == 1 and isinstance(legal[0], (Pass, Draw)):
            return legal[0]
        return None

    def timeout_move(self, game: PlayedGame) -> Move | None:
        """The move the rules make for the seat on turn whose time ran out; None: the
        computer player of the timer's level chooses it."""
        return None

    def new_game(self, variant: Variant, seed: int) -> PlayedGame:
        raise NotImplementedError

    def play(self, game: PlayedGame, move: Move) -> tuple[MoveResult, str]:
        """Play a checked move; the result and the entry to store for it."""
        raise NotImplementedError

    def rebuild(self, variant: Variant, seed: int, entries: Iterable[str]) -> PlayedGame:
        """The game dealt from ``seed`` with its stored entries played again."""
        raise NotImplementedError

    def play_written(self, game: PlayedGame, text: str) -> list[MoveResult]:
        """Play one entry as the record writes it (a stored entry reads the same):
        what each of its actions did, in order (EngineError when the rules refuse it)."""
        raise NotImplementedError

    def to_record(self, game: PlayedGame, names: Sequence[str]) -> dict[str, Any]:
        """The whole truth, ``domino-record/1``."""
        raise NotImplementedError

    def to_view_record(self, game: PlayedGame, seat: int | None, names: Sequence[str]
                       ) -> dict[str, Any]:
        """What ``seat`` (None: anyone) may know: the full record once the game is over."""
        raise NotImplementedError

    def replay(self, record: Mapping[str, Any]) -> tuple[PlayedGame, list[str]]:
        raise NotImplementedError

    def decide(self, level: str, seed: int, variant: Variant, view: SeatView) -> Move:
        """The move of the computer player of ``level`` from the seat's view only."""
        raise NotImplementedError

    def ended_views(self, game: PlayedGame) -> list[SeatView]:
        """Each ended round's public view at its end (a round summary's picture)."""
        raise NotImplementedError

    def replay_summary(self, game: PlayedGame) -> dict[str, Any]:
        """What ``python -m engine replay`` prints of a replayed game."""
        raise NotImplementedError

    def simulate(self, variant: Variant, games: int, seed: int, levels: Sequence[str],
                 rollouts: int | None = None) -> dict[str, Any]:
        """``python -m engine simulate`` for a kind with players of its own: computer
        players of ``levels`` over ``games`` games (OptionsError for levels it lacks)."""
        raise NotImplementedError

    def review_range(self, record: Mapping[str, Any], entries: Sequence[str], seat: int,
                     seed: int, start: int, count: int | None
                     ) -> tuple[int, list[DecisionReview | None]]:
        """The post-game review of ``seat``'s decisions ``start`` to ``start + count`` in
        a finished game (its complete record, its stored entries, its seed): how many
        decisions the seat had, and their reviews (None: one it could not value).
        Only a kind that is ``reviewed`` has one."""
        raise NotImplementedError

    def review_summary(self, record: Mapping[str, Any],
                       reviews: Sequence[DecisionReview | None]) -> ReviewSummary:
        """The summary of a game's reviewed decisions, on the kind's scale."""
        raise NotImplementedError

    def head_json(self, game: PlayedGame, names: Sequence[str]) -> str:
        """The record's head (everything but the rounds), stored once at the start."""
        record = self.to_record(game, names)
        del record["rounds"]
        return json.dumps(record, ensure_ascii=False)
