"""The frozen rows the repositories return, and the small vocabularies of the schema.

JSON stored by the bot but interpreted elsewhere stays text (`record_json`,
`result_json`, and each move's notation in `MoveRow.move`). Settings and
options are decoded into mappings, the only dicts that leave the storage layer.
Every row is built from its query by `storage.rows.RowMapper`, field by field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

__all__ = [
    "ACTIVE_STATUSES",
    "AI_LEVELS",
    "GAME_STATUSES",
    "MESSAGE_KINDS",
    "TERMINAL_STATUSES",
    "AiLevel",
    "Announced",
    "ChatRow",
    "Deadline",
    "GameRow",
    "GameStatus",
    "MessageKind",
    "MessageRef",
    "MessageToDelete",
    "MoveRow",
    "NextGameCall",
    "PendingJoin",
    "RatingEntry",
    "RatingPoint",
    "SeatRow",
    "StatsDelta",
    "StatsRow",
    "TopEntry",
    "TournamentFormat",
    "TournamentGameRow",
    "TournamentPlayerRow",
    "TournamentRow",
    "TournamentStatus",
    "UserRow",
]

GameStatus = Literal["lobby", "playing", "finished", "cancelled"]
# the computer levels (engine/core/levels.py; the seats' CHECK, migration m0012)
AiLevel = Literal["easy", "medium", "hard", "expert"]
MessageKind = Literal["lobby", "table", "hand", "notice"]

GAME_STATUSES: frozenset[str] = frozenset(get_args(GameStatus))
ACTIVE_STATUSES: frozenset[str] = frozenset({"lobby", "playing"})
TERMINAL_STATUSES: frozenset[str] = frozenset({"finished", "cancelled"})
AI_LEVELS: frozenset[str] = frozenset(get_args(AiLevel))
MESSAGE_KINDS: frozenset[str] = frozenset(get_args(MessageKind))


@dataclass(frozen=True, slots=True)
class ChatRow:
    chat_id: int
    language: str | None
    settings: Mapping[str, Any] = field(hash=False)
    created_at: float
    updated_at: float
    title: str | None = None  # a group's title as last seen


@dataclass(frozen=True, slots=True)
class UserRow:
    user_id: int
    first_name: str
    last_name: str | None
    username: str | None
    language: str | None  # chosen with /language; None: follow language_code
    language_code: str | None  # the language of his Telegram client, as last seen
    has_private_chat: bool
    blocked: bool
    created_at: float
    updated_at: float
    notify: bool = True  # turn pings and mentions wanted (/notify)

    @property
    def full_name(self) -> str:
        return " ".join(part for part in (self.first_name, self.last_name) if part)


@dataclass(frozen=True, slots=True)
class GameRow:
    game_id: int
    chat_id: int
    variant: str
    options: Mapping[str, Any] = field(hash=False)
    status: GameStatus
    creator_user_id: int
    # Since m0003 the record's head only (format, variant, options, players), written
    # once at the start; the moves are rows of `game_moves` (`MoveRow`).
    record_json: str | None
    version: int
    seed: int | None
    created_at: float
    updated_at: float
    finished_at: float | None
    result_json: str | None
    topic: int = 0  # the forum topic's message_thread_id (m0005); 0: no topic
    # when the host's retention deleted this finished game's moves (m0011); None: kept
    moves_deleted_at: float | None = None

    @property
    def is_active(self) -> bool:
        """In the lobby or being played."""
        return self.status in ACTIVE_STATUSES


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    seat: int
    user_id: int | None
    ai_level: AiLevel | None
    display_name: str
    joined_at: float
    away: bool = False  # a computer player moves for him until he comes back
    timeouts: int = 0  # his time-outs in a row

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One command of a started game, in the record's notation (``6-3``, ``1-3:E``,
    ``draw``, ``done``, ``3-3:N+`` for a turn left open). ``seq`` counts from 0 over
    the whole game; ``version`` is the game's version after it (None for the moves
    m0003 converted from an old record, where one entry may hold several commands)."""

    game_id: int
    seq: int
    round: int
    move: str
    version: int | None


@dataclass(frozen=True, slots=True)
class MessageRef:
    """A Telegram message the bot will edit or delete later, with the game version
    it shows (-1: unknown) and a digest of its content (set by the bot)."""

    game_id: int
    kind: MessageKind
    seat: int | None
    chat_id: int
    message_id: int
    version: int = -1
    digest: str | None = None


@dataclass(frozen=True, slots=True)
class MessageToDelete:
    """A message replaced by a newer one of its game, kept until it is deleted."""

    chat_id: int
    message_id: int
    game_id: int


@dataclass(frozen=True, slots=True)
class PendingJoin:
    """A deep-link token that seats its presser in a game (`user_id` None: anyone)."""

    token: str
    chat_id: int
    game_id: int
    user_id: int | None
    created_at: float


@dataclass(frozen=True, slots=True)
class NextGameCall:
    """A person waiting to be told of the next game of a group, since ``added_at``."""

    chat_id: int
    user_id: int
    added_at: float


@dataclass(frozen=True, slots=True)
class StatsDelta:
    """What one finished game adds to one player's statistics."""

    user_id: int
    chat_id: int
    variant: str
    games: int = 1
    wins: int = 0
    points: int = 0
    fish: int = 0
    goats: int = 0


@dataclass(frozen=True, slots=True)
class StatsRow:
    """Accumulated statistics; `chat_id` / `variant` are None when summed over them."""

    user_id: int
    chat_id: int | None
    variant: str | None
    games: int
    wins: int
    points: int
    fish: int
    goats: int


@dataclass(frozen=True, slots=True)
class TopEntry:
    """One line of a leaderboard, with the name the users table knows."""

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
class Deadline:
    """The turn timer of a game: `seat` must move before `due_at` (epoch seconds).
    ``chat_id`` is the game's chat (read with the timer)."""

    game_id: int
    seat: int
    turn_version: int
    due_at: float
    reminded: bool
    chat_id: int | None = None


@dataclass(frozen=True, slots=True)
class Announced:
    """What a game's group has been told: round summaries, and the final result."""

    game_id: int
    rounds: int = 0
    outcome: bool = False


# -- ratings (m0006)
def conservative(mu: float, sigma: float) -> float:
    """The conservative rating mu - 3 sigma: what leaderboards and charts use."""
    return mu - 3.0 * sigma


@dataclass(frozen=True, slots=True)
class RatingEntry:
    """A player's rating in one family, with the name the users table knows (a
    person; None for a computer player, ``player`` ``ai:<level>``)."""

    player: str
    family: str
    user_id: int | None
    mu: float
    sigma: float
    games: int
    first_name: str | None = None
    last_name: str | None = None
    username: str | None = None

    @property
    def conservative(self) -> float:
        return conservative(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class UnratedGame:
    """A finished game no rating names yet: what rating it needs of storage. Its
    ``seats`` are (seat, user_id, ai_level) in seat order."""

    game_id: int
    finished_at: float
    record_json: str | None
    result_json: str | None
    seats: tuple[tuple[int, int | None, str | None], ...]


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating moved by one finished game: the new rating, and a row of
    the rating history (before and after)."""

    player: str
    family: str
    user_id: int | None
    game_id: int
    finished_at: float
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating in ``family`` after the game ``game_id`` (a history row)."""

    family: str
    game_id: int
    finished_at: float
    mu: float
    sigma: float
    games: int

    @property
    def conservative(self) -> float:
        return conservative(self.mu, self.sigma)


TournamentStatus = Literal["registration", "running", "finished", "cancelled"]
TournamentFormat = Literal["round_robin", "swiss"]


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """A tournament of a chat (``topic`` 0: none); ``round`` the round being played
    (0: none yet), ``rounds`` how many it has."""

    tournament_id: int
    chat_id: int
    topic: int
    variant: str
    options: Mapping[str, Any] = field(hash=False)
    format: str
    days: int
    status: str
    creator_user_id: int | None
    round: int
    rounds: int
    winner_told: bool
    message_id: int | None
    created_at: float
    updated_at: float


@dataclass(frozen=True, slots=True)
class TournamentPlayerRow:
    """An entrant: a person, or in a team tournament the team of the person who
    registered it and his partner (both None while it waits for one; a forgotten
    partner keeps his name, with no user id)."""

    tournament_id: int
    seq: int
    user_id: int | None
    name: str
    withdrawn: bool
    joined_at: float
    partner_user_id: int | None = None
    partner_name: str | None = None

    @property
    def has_partner(self) -> bool:
        return self.partner_name is not None

    @property
    def user_ids(self) -> tuple[int | None, ...]:
        """The entrant's persons (a forgotten one None): one, or a team's two."""
        return (self.user_id, self.partner_user_id) if self.has_partner else (self.user_id,)


@dataclass(frozen=True, slots=True)
class TournamentGameRow:
    """A pairing of a round: ``player_b`` None a bye; ``decided`` None while open."""

    tournament_id: int
    round: int
    board: int
    player_a: int
    player_b: int | None
    game_id: int | None
    due_at: float | None
    score_a: float | None
    score_b: float | None
    decided: str | None
    told: bool = False
