"""Plain values the service returns: frozen, owned by the service (never storage rows)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.core.kind import Piece
from engine.core.levels import LEVELS
from engine.core.results import GameOutcome, MoveResult, RoundEnd
from engine.core.view import SeatView
from engine.variants import Variant

# The computer players a lobby seats: every family's levels (engine/core/levels.py).
AI_LEVELS = LEVELS
# The computer player that takes the seat of a person away (turn timers).
TAKEOVER_LEVEL = "medium"

ShownKind = Literal["lobby", "table", "hand", "notice"]
SHOWN_KINDS: tuple[ShownKind, ...] = ("lobby", "table", "hand", "notice")


@dataclass(frozen=True, slots=True)
class SetAside:
    """A game that could not be rebuilt from its stored moves: cancelled and marked
    broken; its group is to be told once."""

    game_id: int
    chat_id: int
    topic: int | None
    error: str


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

    @property
    def forgotten(self) -> bool:
        """The seat of a person the bot forgot (``/forget``): an ended game's, named
        by its number only."""
        return self.user_id is None and self.ai_level is None


def is_solo(chat_id: int, creator_user_id: int) -> bool:
    """A game in its creator's own private chat (Telegram gives that chat his user id)
    is a solo table: he plays it alone against computer players; nobody else sits in it."""
    return chat_id == creator_user_id


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
    topic: int | None = None  # the forum topic (message_thread_id) it lives in; None: none
    # Once started, the short commitment to its deals' secret (engine/fairness.py;
    # docs/fairness.md): None in the lobby and for a game stored with a 48-bit seed.
    commitment: str | None = None

    def seat_of(self, user_id: int) -> SeatInfo | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s
        return None

    @property
    def solo(self) -> bool:
        return is_solo(self.chat_id, self.creator_user_id)

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
class ReplayInput:
    """A finished game's replay: its complete record (``domino-record/1``), its chat,
    and whether the asker played in it (else it is a group's game, whose members may
    see it)."""

    game_id: int
    chat_id: int
    variant: str
    player: bool
    record: Mapping[str, Any] = field(hash=False, compare=False)


@dataclass(frozen=True, slots=True)
class MoveReport:
    """What a command did: the engine's results in order, the game after them,
    the seats whose private hand must be shown anew and their views (``views``:
    one per seat of ``refresh_seats``, so nobody has to ask the service again).
    ``auto`` says, per result, whether the service made that move for its player (a
    forced pass or draw of a person present, the chat's setting on); empty: none.
    ``achievements``: when the command finished the game, what each person newly
    earned (service/achievements.py)."""

    game: GameInfo
    results: tuple[MoveResult, ...] = ()
    refresh_seats: frozenset[int] = frozenset()
    round_ends: tuple[RoundEnd, ...] = ()
    final_hands: tuple[tuple[tuple[Piece, ...], ...], ...] = ()  # per ended round, every hand
    started: bool = False
    views: Mapping[int, SeatView] = field(default_factory=dict, hash=False)
    auto: tuple[bool, ...] = ()
    # the game finished: per person (user id), the achievements he newly earned
    achievements: Mapping[int, tuple[str, ...]] = field(default_factory=dict, hash=False)

    def is_auto(self, index: int) -> bool:
        """Whether ``results[index]`` was made for its player (a forced pass or draw)."""
        return index < len(self.auto) and self.auto[index]

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


@dataclass(frozen=True, slots=True)
class AiTurn:
    """A computer player's turn, everything it needs to decide (picklable: the bot
    decides in a worker process with `service.ai.decide`). ``level`` is the seat's
    level, or `TAKEOVER_LEVEL` for a person away; ``view`` is the seat's own view;
    ``version`` the game version the decision is for (`GameService.ai_move` refuses
    it as stale once the game moved on)."""

    game_id: int
    version: int
    seat: int
    level: str
    seed: int
    variant: Variant = field(hash=False, compare=False)
    view: SeatView = field(hash=False)


@dataclass(frozen=True, slots=True)
class UserInfo:
    """A user as the bot knows him. ``language`` is the one he chose (/language),
    None if he never chose; ``language_code`` his Telegram client's, as last seen."""

    user_id: int
    first_name: str
    last_name: str | None
    username: str | None
    language: str | None
    language_code: str | None
    has_private_chat: bool
    blocked: bool
    notify: bool = True  # wants turn pings and mentions (/notify)

    @property
    def full_name(self) -> str:
        return " ".join(part for part in (self.first_name, self.last_name) if part)

    @property
    def reachable(self) -> bool:
        """Whether the bot can write to him in private (see `can_write_to`)."""
        return can_write_to(self.has_private_chat, self.blocked)


def can_write_to(has_private_chat: bool, blocked: bool) -> bool:
    """Whether the bot can write to a user in private: he opened the private chat with
    it (pressed Start) and did not block it. A player it cannot write to cannot get
    his tiles, so a game does not start with him."""
    return has_private_chat and not blocked


@dataclass(frozen=True, slots=True)
class CancelAgreement:
    """How far the agreement to cancel a started game got: the persons seated
    (``people``), those who agreed (``agreed``), whether this press counted anew
    (``new``: False when he had agreed before) and the game (cancelled once every
    person agreed)."""

    game: GameInfo
    people: frozenset[int]
    agreed: frozenset[int]
    new: bool

    @property
    def cancelled(self) -> bool:
        return self.game.status == "cancelled"


@dataclass(frozen=True, slots=True)
class JoinLink:
    """A deep-link token that seats whoever presses Start (``user_id`` None) or
    one user, in ``game_id``."""

    token: str
    chat_id: int
    game_id: int
    user_id: int | None
    created_at: float


@dataclass(frozen=True, slots=True)
class StatsLine:
    """A user's statistics for one variant, in one chat (``chat_id``) or all (None)."""

    user_id: int
    chat_id: int | None
    variant: str | None
    games: int
    wins: int
    points: int
    fish: int
    goats: int


@dataclass(frozen=True, slots=True)
class TopLine:
    """One line of a leaderboard, with the name the bot knows."""

    user_id: int
    first_name: str | None
    last_name: str | None
    username: str | None
    games: int
    wins: int
    points: int
    fish: int
    goats: int


@dataclass(frozen=True, slots=True)
class Shown:
    """A message the bot showed for a game: where it is, the game version it shows
    (-1: unknown) and a digest of its content. ``seat`` is None for the lobby, the
    table and a notice that belongs to no seat."""

    game_id: int
    kind: ShownKind
    seat: int | None
    chat_id: int
    message_id: int
    version: int
    digest: str | None


@dataclass(frozen=True, slots=True)
class TurnDeadline:
    """A game's turn timer: ``seat`` must move before ``due_at`` (epoch seconds); it
    was set for ``turn_version`` and is stale once the game moved on."""

    game_id: int
    chat_id: int
    seat: int
    turn_version: int
    due_at: float
    reminded: bool


@dataclass(frozen=True, slots=True)
class TurnPing:
    """The turn a game waits on, as turn pings see it: the person present on turn
    (``seat``, ``user_id``), since when (``began_at``, epoch seconds: the time of the
    game's last version) and how many pings the turn has had (``sent``)."""

    game: GameInfo
    seat: int
    user_id: int
    began_at: float
    sent: int


@dataclass(frozen=True, slots=True)
class RematchVotes:
    """Who of a finished game's people asked for its rematch (stored: a restart keeps
    the asks), and the rematch's game once it began."""

    game_id: int
    people: tuple[int, ...]  # the user ids of its people, by seat
    asked: frozenset[int] = frozenset()
    started: int | None = None  # the rematch's game id, once it began

    @property
    def waiting(self) -> tuple[int, ...]:
        """The people who did not ask yet, by seat."""
        return tuple(u for u in self.people if u not in self.asked)


@dataclass(frozen=True, slots=True)
class RematchAsk:
    """What a press of the rematch button did: the asks so far, whether the presser
    had asked before (nothing changed), and the start of the rematch once every
    person asked (None until then)."""

    votes: RematchVotes
    again: bool
    report: MoveReport | None = None



# What a call for the next game did (`service.calls.Calls.call`): he is on the group's
# list now, he was on it already, or the list is full (he is not on it).
CallResult = Literal["added", "again", "full"]


@dataclass(frozen=True, slots=True)
class WaitingCall:
    """A group where a person waits for the next game: its title as last seen (None:
    never seen) and since when he waits."""

    chat_id: int
    title: str | None
    added_at: float


@dataclass(frozen=True, slots=True)
class CallsAnswered:
    """What a lobby that opened did to its group's calls for the next game: the list
    is empty now. ``to_tell``: the people to tell in private, the oldest call first;
    ``dropped``: those the bot cannot write to (no private chat, or blocked), taken off
    the list untold. The people seated in the lobby (its opener) are in neither."""

    game: GameInfo
    to_tell: tuple[int, ...] = ()
    dropped: tuple[int, ...] = ()
