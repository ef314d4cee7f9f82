"""Results as data: what a move, a round and a game came to. Never text."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.moves import End, Move
from engine.core.tiles import Tile


class EndKind(StrEnum):
    DOMINO = "domino"
    FISH = "fish"
    EGGS = "eggs"
    TRICKS = "tricks"  # chinese: the last trick's winner takes the round


class GameEndReason(StrEnum):
    TARGET = "target"  # a side reached the target score
    GOAT = "goat"  # a side reached the goat limit and lost
    ROUNDS = "rounds"  # the agreed number of rounds was played
    FOUR_FIVES = "four_fives"  # telephone: a fish with four fives on the ends
    LAST_LEFT = "last_left"  # semerka: the last player left in the game wins


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """How a round ended.

    ``seat`` is the player who went out (domino) or placed the last tile (fish).
    ``pips`` is each seat's count in hand, ``points`` each side's round-end
    score (in-play points not included), ``winner`` the winning side or None.
    """

    kind: EndKind
    seat: int
    pips: tuple[int, ...]
    side_pips: tuple[int, ...]
    winner: int | None
    points: tuple[int, ...]
    carry: int = 0


@dataclass(frozen=True, slots=True)
class GameOutcome:
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    reason: GameEndReason


@dataclass(frozen=True, slots=True)
class MoveResult:
    """What one applied move did. ``points`` is the mover's side's in-play score."""

    seat: int
    move: Move
    notation: str
    points: int = 0
    drawn: Tile | None = None
    end: End | None = None
    round_end: RoundEnd | None = None
    game_over: GameOutcome | None = None
    new_round: bool = False
    moved: int = 0  # kolbasa's cut: how many tiles went to the other line
    # the named bonuses the move scored, in play and at the round's end it made
    # (capicua: ("pase_salida", 25), ("capicua", 25) ...), for the captions to name
    bonuses: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """One move as every seat saw it: a draw hides the tile drawn.

    ``ends`` are the open pips at the moment of a draw or pass, so anyone can
    know which pips the mover could not follow.
    """

    seat: int
    kind: str  # "place", "draw" or "pass"; also "open", "done", "forced_draw", "take", "cut"
    tile: Tile | None
    end: End | None
    points: int
    ends: tuple[int, ...] = ()
    face_down: bool = False  # a closer (osel)
    tiles: tuple[Tile, ...] = ()  # "take": the tiles taken (only giver and taker see them)
    source: int | None = None  # "take": the seat the tiles were taken from
    count: int = 0  # "take": how many tiles were taken


@dataclass(frozen=True, slots=True)
class FishFacts:
    """Is the round a fish, from public facts only: ``is_fish`` when the last round
    ended blocked (a fish or eggs) and nothing was played since; otherwise the
    boneyard's size and, for each open pip, how many tiles with it are not on the
    table (why play goes on)."""

    is_fish: bool
    boneyard_left: int
    unplayed: tuple[tuple[int, int], ...] = ()
