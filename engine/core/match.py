"""What every game kind with a state class of its own shares behind the game-kind
contract (:mod:`engine.core.kind`): Chinese dominoes, Tri-Ominos, Mexican Train and
Chicken Foot.

Such a kind keeps its rules in a state class of its own (``ChineseGame``,
``TriangularGame`` ...: its rounds, whose turn, its totals and its record). The
service plays it through a :class:`KindMatch`, which reads the protocol's facts
through to that state, deals the next round as soon as one ends (from the seed
alone, so the stored entries rebuild the same game) and turns a stored entry back
into moves; each seat is its own side. :class:`MatchKind` is the kind's part of the
contract that only hands a game to its match: a new game, a move played and the
entry it stores, a game rebuilt from its entries, the record and a seat's record.
A kind writes what is its own: how a state is dealt, what a move is, how an entry
reads, a seat's view, its computer players.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from engine.core.catalogue import Variant
from engine.core.errors import IllegalMoveError, MoveError
from engine.core.kind import GameKind, PlayedGame, PlayedRound
from engine.core.moves import Move
from engine.core.registry import make_variant
from engine.core.results import GameOutcome, MoveResult, RoundEnd
from engine.core.review import Candidate, DecisionReview, ReviewSummary, review_match, summarize
from engine.core.tiles import Tile
from engine.core.view import SeatView

__all__ = ["KindMatch", "MatchKind", "OwnState"]

VIEW_FORMAT = "domino-view/1"


class OwnState(Protocol):
    """What a kind's state class gives its match."""

    @property
    def over(self) -> bool: ...

    @property
    def outcome(self) -> GameOutcome | None: ...

    @property
    def totals(self) -> Sequence[int]: ...

    @property
    def current_seat(self) -> int | None: ...

    def legal_moves(self) -> Sequence[Move]: ...

    def start_round(self) -> object: ...

    def record(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=OwnState)
V = TypeVar("V", bound=Variant)


class KindMatch(Generic[S, V]):
    """A game of a kind with its own state class, as the service plays it.

    A subclass names its catalogue entry (``variant_type``) and writes how a state is
    dealt (:meth:`deal`), how a stored entry reads (:meth:`parse_entry`), the
    entries played (:meth:`entries`), its rounds, :meth:`play`, :meth:`view` and
    :meth:`seat_record`."""

    variant_type: ClassVar[type[Variant]]

    def __init__(self, variant: Variant, seed: int, game: S | None = None) -> None:
        if not isinstance(variant, self.variant_type):
            raise TypeError(f"a {type(self).__name__} is a game of {self.variant_type.name}")
        self.variant: V = variant  # type: ignore[assignment]  # checked just above
        self.seed = seed
        self.players = variant.players
        if game is None:
            game = self.deal(self.variant, seed)
            game.start_round()
        self.game: S = game

    # -- what a kind writes ---------------------------------------------------------
    @classmethod
    def deal(cls, variant: V, seed: int) -> S:
        """The state of a new game of ``variant`` dealt from ``seed`` (no round yet)."""
        raise NotImplementedError

    @classmethod
    def parse_entry(cls, text: str) -> Sequence[Move]:
        """The moves one stored entry holds (MoveError: it does not read)."""
        raise NotImplementedError

    def entries(self) -> list[str]:
        """Every entry stored for the moves played, in order."""
        raise NotImplementedError

    def play(self, move: Move) -> MoveResult:
        raise NotImplementedError

    @property
    def rounds(self) -> Sequence[PlayedRound]:
        raise NotImplementedError

    def view(self, seat: int | None) -> SeatView:
        raise NotImplementedError

    # -- the protocol ------------------------------------------------------------------
    @property
    def totals(self) -> list[int]:
        return list(self.game.totals)

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def outcome(self) -> GameOutcome | None:
        return self.game.outcome

    @property
    def current_seat(self) -> int | None:
        return self.game.current_seat

    def side_of(self, seat: int) -> int:
        return seat

    def legal_moves(self) -> list[Move]:
        return list(self.game.legal_moves())

    # -- shared by every kind's play -------------------------------------------------
    def seat_on_turn(self) -> int:
        """The seat whose move is next (IllegalMoveError when the round or game is over)."""
        seat = self.current_seat
        if seat is None:
            raise IllegalMoveError("the game is over" if self.over else "the round is over")
        return seat

    def next_round(self, end: RoundEnd | None) -> bool:
        """Deal the next round when the last move ended one and the game goes on;
        whether it was dealt."""
        if end is None or self.game.over:
            return False
        self.game.start_round()
        return True

    # -- the rest ------------------------------------------------------------------------
    @classmethod
    def rebuilt(cls, variant: Variant, seed: int, entries: Iterable[str]) -> KindMatch[S, V]:
        """The game dealt from ``seed`` with its stored entries played again (an entry
        that does not read, or a move the rules refuse, raises IllegalMoveError)."""
        match = cls(variant, seed)
        for text in entries:
            try:
                moves = cls.parse_entry(text)
            except MoveError as exc:
                raise IllegalMoveError(str(exc)) from exc
            for move in moves:
                match.play(move)
        return match

    def copy(self) -> KindMatch[S, V]:
        """The match dealt again from its seed with its entries played again."""
        return self.rebuilt(self.variant, self.seed, self.entries())

    def record(self, names: Sequence[str]) -> dict[str, Any]:
        """The whole truth, ``domino-record/1``, with the players' names."""
        rec = self.game.record()
        rec["players"] = list(names)
        return rec

    def view_record(self, seat: int | None, names: Sequence[str]) -> dict[str, Any]:
        """What ``seat`` (None: anyone) may know, ``domino-view/1``: the record with
        what the seat cannot see hidden (:meth:`seat_record`) while the game runs,
        the whole record once it is over."""
        if self.over:
            return self.record(names)
        rec = self.seat_record(seat)
        rec["players"] = list(names)
        rec["format"] = VIEW_FORMAT
        rec["viewer"] = seat
        return rec

    def seat_record(self, seat: int | None) -> dict[str, Any]:
        """The record as ``seat`` may see it while the game runs (the other hands and
        the stock hidden, a draw never naming its tile)."""
        raise NotImplementedError


M = TypeVar("M", bound=KindMatch[Any, Any])


class MatchKind(GameKind, Generic[M]):
    """The part of a kind's contract that hands a game to its match (``match_type``)."""

    match_type: ClassVar[type[KindMatch[Any, Any]]]

    def match_of(self, game: PlayedGame) -> M:
        """The game as this kind's match (TypeError: a game of another kind)."""
        if not isinstance(game, self.match_type):
            raise TypeError(f"not a game of {self.name}")
        return game  # type: ignore[return-value]  # M is match_type's own class

    def new_game(self, variant: Variant, seed: int) -> PlayedGame:
        return self.match_type(variant, seed)

    def play(self, game: PlayedGame, move: Move) -> tuple[MoveResult, str]:
        result = self.match_of(game).play(move)
        return result, result.notation

    def rebuild(self, variant: Variant, seed: int, entries: Iterable[str]) -> PlayedGame:
        return self.match_type.rebuilt(variant, seed, entries)

    def play_written(self, game: PlayedGame, text: str) -> list[MoveResult]:
        match = self.match_of(game)
        return [match.play(move) for move in match.parse_entry(text)]

    def to_record(self, game: PlayedGame, names: Sequence[str]) -> dict[str, Any]:
        return self.match_of(game).record(names)

    def to_view_record(self, game: PlayedGame, seat: int | None, names: Sequence[str]
                       ) -> dict[str, Any]:
        return self.match_of(game).view_record(seat, names)

    # -- the post-game review, for a kind whose computer values a seat's candidates
    # (``reviewed`` True and :meth:`move_values` written)
    review_scale: ClassVar[float] = 25.0  # the kind's typical round swing in points

    def move_values(self, variant: Variant, view: SeatView, key: str
                    ) -> tuple[list[Candidate], int]:
        """Each legal move of the seat on turn with its expected points (more is
        better) from ``view`` only, and the worlds sampled; ``key`` seeds them."""
        raise NotImplementedError

    def hand_of(self, view: SeatView) -> Sequence[Tile]:
        """The seat's own tiles in its view (a reviewed decision shows them)."""
        raise NotImplementedError

    def review_range(self, record: Mapping[str, Any], entries: Sequence[str], seat: int,
                     seed: int, start: int, count: int | None
                     ) -> tuple[int, list[DecisionReview | None]]:
        """The decisions walked on the game dealt again from its seed and its stored
        entries (engine/core/review.py), each valued by :meth:`move_values`."""
        variant = make_variant(str(record["variant"]), len(record["players"]),
                               record.get("options") or {})
        match = self.match_type(variant, seed)

        def values(view: SeatView, key: str) -> tuple[list[Candidate], int]:
            return self.move_values(variant, view, key)

        return review_match(match, entries, seat, seed, start, count, values, self.hand_of)

    def review_summary(self, record: Mapping[str, Any],
                       reviews: Sequence[DecisionReview | None]) -> ReviewSummary:
        return summarize(reviews, self.review_scale)
