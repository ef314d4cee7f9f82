"""The game service: one async API over storage and the engine.

Every command that changes a game runs in one transaction (``BEGIN IMMEDIATE``)
and carries the version it was issued against; a stale or repeated command is
refused with :class:`StaleCommandError` and changes nothing. There are no locks
of the service's own: the transaction and the version check are the whole of
its correctness (the bot orders each game's updates itself).

A move costs a constant amount: with the game in the service's cache it is
BEGIN, one query for the game and its seats, one INSERT of the move's notation,
one UPDATE of the version, COMMIT. A forced pass or draw that follows (the
chat's setting on) is played in the same transaction and costs its own INSERT
and UPDATE; the setting is read once per chat, when first needed. A game not in
the cache is rebuilt from its stored moves (one more query). Computer players
think outside any transaction: `ai_turn` gives what they need,
`service.ai.decide` decides (in a worker process, in the bot), `ai_move` applies
the decision if the game is still at its version.

Everything the bot needs from storage goes through here, in the service's own
frozen types (`service.types`): users, chats, join links, statistics, the
messages shown for a game, what its group has been told.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, cast

from engine.core.errors import EngineError
from engine.core.kind import Piece, PlayedGame
from engine.core.moves import Move
from engine.core.results import EndKind, GameEndReason, MoveResult, RoundEnd
from engine.core.tiles import full_set
from engine.core.view import SeatView
from engine.domino.game import Game
from engine.games import kind_of, new_game
from engine.variants import get_variant, make_variant
from service.ai import decide
from service.errors import (
    ActiveGameExistsError,
    AgreementNeededError,
    AlreadyJoinedError,
    AlreadyStartedError,
    BadSettingsError,
    GameOverError,
    IllegalMoveError,
    LobbyFullError,
    NoFishError,
    NoPrivateChatError,
    NoReviewError,
    NoSuchGameError,
    NotAllowedError,
    NotChatAdminError,
    NotEnoughPlayersError,
    NotInGameError,
    NotInLobbyError,
    NotManagerError,
    NotMemberError,
    NotSeatedError,
    NotYourTurnError,
    ServiceError,
    StaleCommandError,
)
from service.history import head_json, rebuild
from service.options import check_options
from service.ratings import RatingService
from service.review import NotFinishedError, ReviewInput
from service.types import (
    AI_LEVELS,
    SHOWN_KINDS,
    TAKEOVER_LEVEL,
    AiTurn,
    CancelAgreement,
    FishClaim,
    GameInfo,
    JoinLink,
    MoveReport,
    PlayerInfo,
    RematchAsk,
    RematchVotes,
    SeatInfo,
    Shown,
    ShownKind,
    StatsLine,
    TopLine,
    TurnPing,
    UserInfo,
    can_write_to,
)
from storage import (
    AiLevel,
    Database,
    Executor,
    GameRow,
    MessageRef,
    PendingJoin,
    Repositories,
    SeatRow,
    StatsDelta,
    Transaction,
)
from storage import errors as st

__all__ = ["CACHE_SIZE", "FORCED_KEY", "TAKEOVER_LEVEL", "Chooser", "GameService", "ServiceError",
           "require_chat_admin"]

# Picks a computer player's move: (level, seed, view) -> move. Tests inject one.
Chooser = Callable[[str, int, SeatView], Move]
# Picks the move of ``seat`` in ``game`` (the game's seed given): for act_for.
Picker = Callable[[PlayedGame, int, int], Move]
InTransaction = Callable[[Transaction], Awaitable[None]]
RoundSummary = tuple[RoundEnd, tuple[tuple[Piece, ...], ...]]

CACHE_SIZE: Final = 256  # live games kept in memory
_CHAT_CACHE_SIZE: Final = 8192  # game -> chat
_PROFILE_CACHE_SIZE: Final = 4096  # user -> the profile last written
# chats.settings key: whether a person's forced pass or draw is made for him (default on)
FORCED_KEY: Final = "forced_moves"
# a game that finished at most this long ago is still told its result after a restart
UNTOLD_WITHIN: Final = 7 * 86400.0
MAX_FORCED: Final = 200  # forced moves after one command: a bound, never reached in play


@dataclass(slots=True)
class _Live:
    """A game in memory at ``version``, with the number of moves stored for it."""

    version: int
    game: PlayedGame
    moves: int
    names: tuple[str, ...]


def _max_players(variant: str) -> int:
    return max(get_variant(variant).players_allowed)


def _min_players(variant: str) -> int:
    return min(get_variant(variant).players_allowed)


def _level_of(seat: SeatRow) -> str | None:
    """Who moves for the seat when nobody presses: its computer player, the take-over
    player for a person away, None for a person present."""
    if seat.ai_level is not None:
        return seat.ai_level
    return TAKEOVER_LEVEL if seat.away and seat.user_id is not None else None


def _shown(ref: MessageRef) -> Shown:
    return Shown(ref.game_id, ref.kind, ref.seat, ref.chat_id, ref.message_id, ref.version,
                 ref.digest)


def _join_link(row: PendingJoin) -> JoinLink:
    return JoinLink(row.token, row.chat_id, row.game_id, row.user_id, row.created_at)


# --- forum topics (issue 15): the service speaks of a topic as ``int | None`` (None:
# no topic, a chat that is no forum or a forum's General topic); storage keeps 0 for it.
def _stored(topic: int | None) -> int:
    if topic is not None and not 0 < topic < 2**63:
        raise BadSettingsError(f"bad topic {topic!r}")
    return topic or 0


def require_chat_admin(is_admin: bool) -> None:
    """Who changes what binds the whole chat (its turn timers, expiry, display,
    forced moves, language): its admins only -- not the creator of one topic's game,
    whose change would reach every other topic's games too."""
    if not is_admin:
        raise NotChatAdminError("only a chat admin may change the chat's settings")


def _people(seats: Iterable[SeatRow]) -> frozenset[int]:
    """The persons seated (computer seats are no one's)."""
    return frozenset(s.user_id for s in seats if s.user_id is not None)
def _same_profile(user: UserInfo, profile: tuple[object, ...]) -> bool:
    """Whether the stored user already holds this profile (first and last name,
    username, client language, private chat; a None language or flag keeps the stored)."""
    first, last, username, code, private = profile
    return (user.first_name, user.last_name, user.username) == (first, last, username) \
        and (code is None or user.language_code == code) \
        and (private is None or user.has_private_chat == private)


def _check_kind(kind: ShownKind) -> ShownKind:
    if kind not in SHOWN_KINDS:
        raise ValueError(f"unknown message kind {kind!r}")
    return kind


class GameService:
    """Lobbies, seats, moves, views, statistics and the bot's bookkeeping; plain
    values in and out."""

    def __init__(self, db: Database, *, seeds: Callable[[], int] | None = None,
                 ai_chooser: Chooser | None = None) -> None:
        self._db = db
        self._repos = Repositories.of(db)
        self._seeds = seeds or (lambda: secrets.randbits(48))
        self._ai = ai_chooser
        self._cache: OrderedDict[int, _Live] = OrderedDict()
        self._chats: OrderedDict[int, int] = OrderedDict()
        self._profiles: OrderedDict[int, tuple[object, ...]] = OrderedDict()
        # users as read last; every write to a user goes through here and drops his entry
        self._users: OrderedDict[int, UserInfo | None] = OrderedDict()
        self._chat_languages: OrderedDict[int, str | None] = OrderedDict()
        self._chat_titles: OrderedDict[int, str | None] = OrderedDict()
        # chat -> whether forced moves play themselves (read once, when first needed)
        self._forced: OrderedDict[int, bool] = OrderedDict()
        # ratings (issue 15): leaderboards and a player's ratings, read side
        self.ratings = RatingService(db, self._repos)

    @classmethod
    async def open(cls, path: str | Path, *, clock: Callable[[], float] | None = None,
                   seeds: Callable[[], int] | None = None,
                   ai_chooser: Chooser | None = None) -> GameService:
        """Open (creating and migrating if needed) the database at ``path``; `close`
        closes it. ``clock`` stamps the stored times (default: the system clock)."""
        db = await (Database.open(path) if clock is None else Database.open(path, clock=clock))
        return cls(db, seeds=seeds, ai_chooser=ai_chooser)

    async def close(self) -> None:
        """Close the database (waiting for a transaction under way)."""
        await self._db.close()

    # ------------------------------------------------------------- caches
    @staticmethod
    def _lru_put(cache: OrderedDict[int, Any], key: int, value: Any, size: int) -> None:
        cache[key] = value
        cache.move_to_end(key)
        while len(cache) > size:
            cache.popitem(last=False)

    def _remember(self, game_id: int, live: _Live) -> None:
        self._lru_put(self._cache, game_id, live, CACHE_SIZE)

    def _note_chat(self, row: GameRow) -> None:
        self._lru_put(self._chats, row.game_id, row.chat_id, _CHAT_CACHE_SIZE)

    async def _live(self, ex: Executor, row: GameRow) -> _Live:
        """The started game ``row`` in memory: from the cache if it is at the row's
        version, else rebuilt from the stored moves (one query)."""
        cached = self._cache.get(row.game_id)
        if cached is not None and cached.version == row.version:
            self._cache.move_to_end(row.game_id)
            return cached
        if row.record_json is None or row.seed is None:
            raise NotInLobbyError("the game has not started")
        moves = await self._repos.moves.list(ex, row.game_id)
        try:
            game, names = rebuild(row.record_json, row.seed, (m.move for m in moves))
        except (EngineError, ValueError, KeyError) as exc:
            raise RuntimeError(f"game {row.game_id} cannot be rebuilt from its moves: {exc}"
                               ) from exc
        live = _Live(row.version, game, len(moves), tuple(names))
        self._remember(row.game_id, live)
        return live

    # ------------------------------------------------------------- values
    @staticmethod
    def _seat_info(row: SeatRow) -> SeatInfo:
        return SeatInfo(row.seat, row.user_id, row.display_name, row.ai_level,
                        away=row.away and row.user_id is not None)

    def _info(self, row: GameRow, seats: list[SeatRow], game: PlayedGame | None) -> GameInfo:
        view = game.view(None) if game is not None else None
        return GameInfo(
            game_id=row.game_id, chat_id=row.chat_id, version=row.version, status=row.status,
            variant=row.variant, options=dict(row.options),
            creator_user_id=row.creator_user_id,
            seats=tuple(self._seat_info(s) for s in seats),
            min_players=_min_players(row.variant), max_players=_max_players(row.variant),
            view=view, topic=row.topic or None,
        )

    async def _info_of(self, ex: Executor, row: GameRow, seats: list[SeatRow]) -> GameInfo:
        self._note_chat(row)
        live = await self._live(ex, row) if row.record_json is not None else None
        return self._info(row, seats, live.game if live is not None else None)

    # ------------------------------------------------------------- loading
    async def _active_in(self, ex: Executor, chat_id: int, topic: int | None = None
                         ) -> tuple[GameRow, list[SeatRow]]:
        loaded = await self._repos.games.load_active_for_chat(ex, chat_id, _stored(topic))
        if loaded is None:
            raise NoSuchGameError(f"no game in chat {chat_id} (topic {topic})")
        self._note_chat(loaded[0])
        return loaded

    async def _lobby(self, tx: Transaction, chat_id: int, topic: int | None = None
                     ) -> tuple[GameRow, list[SeatRow]]:
        row, seats = await self._active_in(tx, chat_id, topic)
        if row.status != "lobby":
            raise AlreadyStartedError()
        return row, seats

    async def _reload(self, tx: Transaction, game_id: int) -> GameInfo:
        loaded = await self._repos.games.load(tx, game_id)
        assert loaded is not None
        return self._info(loaded[0], loaded[1], None)

    @staticmethod
    def _may_manage(row: GameRow, seats: list[SeatRow], user_id: int, is_admin: bool) -> None:
        """Settings, computer seats: only the creator or a chat admin. Should the
        creator have left the lobby, any player still in it (else nobody could)."""
        if is_admin or user_id == row.creator_user_id:
            return
        creator = next((s for s in seats if s.user_id == row.creator_user_id), None)
        if creator is None and any(s.user_id == user_id for s in seats):
            return
        raise NotManagerError(creator.display_name if creator is not None else None)

    @staticmethod
    def _may_run(row: GameRow, seats: list[SeatRow], user_id: int, is_admin: bool) -> None:
        """Start, cancel: a lone player may; once anyone else joined, only the creator
        or a chat admin (any player, should the creator have left)."""
        if is_admin or user_id == row.creator_user_id:
            return
        if all(s.user_id != row.creator_user_id for s in seats) \
                and any(s.user_id == user_id for s in seats):
            return
        others = [s for s in seats if s.user_id is not None and s.user_id != user_id]
        if others:
            raise NotAllowedError("only the creator or a chat admin may do that")

    # --------------------------------------------------------------- users
    async def remember_user(self, player: PlayerInfo, *, private_chat: bool | None = None
                            ) -> None:
        """Record the player's Telegram profile (name, username, client language) and,
        given, whether he has a private chat with the bot. Nothing is written -- no
        statement at all when this process wrote the same just before -- when
        nothing changed."""
        first, _, last = player.name.partition(" ")
        profile = (first or player.name, last or None, player.username, player.language,
                   private_chat)
        if self._profiles.get(player.user_id) == profile:
            self._profiles.move_to_end(player.user_id)
            return
        known = await self.user(player.user_id)  # read once, then kept
        if known is not None and _same_profile(known, profile):
            # as stored, nothing differs: no write (a press usually costs nothing)
            self._lru_put(self._profiles, player.user_id, profile, _PROFILE_CACHE_SIZE)
            return
        self._users.pop(player.user_id, None)
        await self._repos.users.upsert_profile(
            self._db, player.user_id, first_name=profile[0], last_name=profile[1],
            username=player.username, language_code=player.language, private_chat=private_chat)
        self._lru_put(self._profiles, player.user_id, profile, _PROFILE_CACHE_SIZE)

    async def _unreachable(self, ex: Executor, seats: Iterable[SeatRow]) -> list[SeatRow]:
        """The seated people the bot cannot write to, read in ``ex`` (no cache). A
        person never recorded is not counted: nothing says so (the bot records
        everyone who types or presses, so every seated person it serves is known)."""
        out = []
        for seat in seats:
            if seat.user_id is None:
                continue
            row = await self._repos.users.get(ex, seat.user_id)
            if row is not None and not can_write_to(row.has_private_chat, row.blocked):
                out.append(seat)
        return out

    async def unreachable_seats(self, game: GameInfo) -> list[SeatInfo]:
        """The game's seated people the bot cannot write to in private (no private chat
        opened, or the bot blocked): they cannot get their tiles, and `start` refuses
        while any is seated."""
        out = []
        for seat in game.seats:
            if seat.user_id is None:
                continue
            user = await self.user(seat.user_id)
            if user is not None and not user.reachable:  # as `_unreachable`
                out.append(seat)
        return out

    async def user(self, user_id: int) -> UserInfo | None:
        """The user as stored (read once, then kept until this service writes him)."""
        if user_id in self._users:
            self._users.move_to_end(user_id)
            return self._users[user_id]
        row = await self._repos.users.get(self._db, user_id)
        info = None if row is None else UserInfo(
            row.user_id, row.first_name, row.last_name, row.username, row.language,
            row.language_code, row.has_private_chat, row.blocked, row.notify)
        self._lru_put(self._users, user_id, info, _PROFILE_CACHE_SIZE)
        return info

    async def set_user_language(self, user_id: int, lang: str | None) -> None:
        """The language the user chose (None: follow his Telegram client's again)."""
        self._users.pop(user_id, None)
        await self._repos.users.set_language(self._db, user_id, lang)

    async def set_notify(self, user_id: int, notify: bool) -> None:
        """Whether the user wants turn pings (and a mention in the group)."""
        self._users.pop(user_id, None)
        await self._repos.users.set_notify(self._db, user_id, notify)

    async def set_reachable(self, user_id: int, *, private_chat: bool | None = None,
                            blocked: bool | None = None) -> None:
        """Whether the bot can write to the user: he has a private chat with it (pressed
        Start) and did not block it. None keeps a flag; nothing is written when
        nothing changes."""
        self._profiles.pop(user_id, None)
        self._users.pop(user_id, None)
        await self._repos.users.set_reachable(self._db, user_id, private_chat=private_chat,
                                              blocked=blocked)

    # --------------------------------------------------------------- chats
    async def chat_language(self, chat_id: int) -> str | None:
        """The chat's language (read once, then kept until this service changes it)."""
        return await self._chat_field(self._chat_languages, chat_id, "language")

    async def set_chat_language(self, chat_id: int, lang: str | None) -> None:
        """Set a chat's language (no check: the bot's own choice for a new group)."""
        self._chat_languages.pop(chat_id, None)
        await self._repos.chats.set_language(self._db, chat_id, lang)

    async def change_chat_language(self, chat_id: int, user_id: int, lang: str, *,
                                   is_admin: bool = False) -> None:
        """A member's ``/language`` in a group: the group's language is every topic's,
        so only a chat admin changes it (`NotChatAdminError`, and nothing changes)."""
        require_chat_admin(is_admin)
        await self.set_chat_language(chat_id, lang)

    async def remember_chat_title(self, chat_id: int, title: str | None) -> None:
        """A group's title as an update shows it: written only when it changed (and
        once per group after a start)."""
        if not title or self._chat_titles.get(chat_id, "") == title:
            return
        await self._repos.chats.set_title(self._db, chat_id, title)
        self._lru_put(self._chat_titles, chat_id, title, _PROFILE_CACHE_SIZE)

    async def chat_title(self, chat_id: int) -> str | None:
        """The group's title as last seen (None: never seen)."""
        return await self._chat_field(self._chat_titles, chat_id, "title")

    async def _chat_field(self, cache: OrderedDict[int, str | None], chat_id: int,
                          name: str) -> str | None:
        """One text field of the chat's row, read once and then kept in ``cache``."""
        if chat_id in cache:
            cache.move_to_end(chat_id)
            return cache[chat_id]
        row = await self._repos.chats.get(self._db, chat_id)
        value = cast(str | None, getattr(row, name)) if row is not None else None
        self._lru_put(cache, chat_id, value, _PROFILE_CACHE_SIZE)
        return value

    async def migrate_chat(self, old_id: int, new_id: int) -> int:
        """A group became a supergroup (Telegram's ``migrate_to_chat_id``): its games,
        their group messages, join links, statistics, language and settings move to
        the new id in one transaction. How many games moved. Refused with
        `ActiveGameExistsError` when both ids have an active game (nothing moves)."""
        try:
            async with self._db.transaction() as tx:
                moved = await self._repos.chats.migrate(tx, old_id, new_id)
        except st.ActiveGameExistsError as exc:
            raise ActiveGameExistsError(str(exc)) from None
        for cache in (self._chat_languages, self._forced, self._chat_titles):
            cache.pop(old_id, None)
            cache.pop(new_id, None)
        for game_id, chat_id in list(self._chats.items()):
            if chat_id == old_id:
                self._chats[game_id] = new_id
        return moved

    async def chat_of(self, game_id: int) -> int | None:
        """The game's chat (None: no such game); kept in memory, since a game's chat
        changes only by `migrate_chat`."""
        chat_id = self._chats.get(game_id)
        if chat_id is not None:
            self._chats.move_to_end(game_id)
            return chat_id
        row = await self._repos.games.get(self._db, game_id)
        if row is None:
            return None
        self._note_chat(row)
        return row.chat_id

    # --------------------------------------------------------------- join links
    async def join_link(self, game_id: int, *, user_id: int | None, token: str | None = None
                        ) -> str:
        """The token of the deep link that joins ``game_id``: for ``user_id`` only, or
        anyone (None). ``token`` given: that token (created if missing; 1-64 of
        A-Z a-z 0-9 _ -); else the one made before, else a new random one."""
        chat_id = await self.chat_of(game_id)
        if chat_id is None:
            raise NoSuchGameError()
        async with self._db.transaction() as tx:
            row = await self._repos.pending_joins.ensure(tx, chat_id, game_id, user_id=user_id,
                                                         token=token)
        return row.token

    async def pending_join(self, token: str) -> JoinLink | None:
        """The join link of a token, None if unknown or used up."""
        if not 0 < len(token) <= 64:
            return None
        row = await self._repos.pending_joins.get(self._db, token)
        return _join_link(row) if row is not None else None

    async def consume_join(self, token: str) -> JoinLink | None:
        """Use up a token; what it was, None if unknown or used already."""
        if not 0 < len(token) <= 64:
            return None
        row = await self._repos.pending_joins.consume(self._db, token)
        return _join_link(row) if row is not None else None

    async def forget_joins(self, game_id: int) -> int:
        """Drop every join link of the game (it started or ended); how many."""
        return await self._repos.pending_joins.delete_for_game(self._db, game_id)

    # --------------------------------------------------------------- statistics
    async def user_stats(self, user_id: int, chat_id: int | None) -> list[StatsLine]:
        """The user's statistics per variant, in one chat or (None) over all chats."""
        rows = await self._repos.stats.get_user(self._db, user_id, chat_id)
        return [StatsLine(r.user_id, r.chat_id, r.variant, r.games, r.wins, r.points, r.fish,
                          r.goats) for r in rows]

    async def top(self, chat_id: int | None, variant: str | None = None, limit: int = 10
                  ) -> list[TopLine]:
        """The leaderboard of a chat (None: of all): wins, then points, then fewer games."""
        rows = await self._repos.stats.top(self._db, chat_id, variant, limit)
        return [TopLine(r.user_id, r.first_name, r.last_name, r.username, r.games, r.wins,
                        r.points, r.fish, r.goats) for r in rows]

    # --------------------------------------------------------------- shown messages
    async def shown(self, game_id: int) -> list[Shown]:
        """Every message remembered for the game (lobby, table, hands, notices)."""
        return [_shown(m) for m in await self._repos.messages.list_for_game(self._db, game_id)]

    async def shown_one(self, game_id: int, kind: ShownKind, seat: int | None = None
                        ) -> Shown | None:
        ref = await self._repos.messages.get(self._db, game_id, _check_kind(kind), seat)
        return _shown(ref) if ref is not None else None

    async def save_shown(self, game_id: int, kind: ShownKind, *, chat_id: int, message_id: int,
                         seat: int | None = None, version: int, digest: str | None,
                         delete_old: bool = False) -> Shown | None:
        """Remember a message just sent for the game's slot (kind, seat), showing
        ``version``; the message it replaces, if any. ``delete_old``: that one is to
        be deleted, and is remembered so in the same transaction until
        `forget_deleted` (a restart in between deletes it: `messages_to_delete`)."""
        async with self._db.transaction() as tx:
            previous = await self._repos.messages.save(
                tx, game_id, _check_kind(kind), chat_id=chat_id, message_id=message_id,
                seat=seat, version=version, digest=digest, retire_previous=delete_old)
        return _shown(previous) if previous is not None else None

    async def messages_to_delete(self) -> list[tuple[int, int]]:
        """(chat, message) of every replaced message not deleted yet, oldest first."""
        return [(m.chat_id, m.message_id)
                for m in await self._repos.messages.to_delete(self._db)]

    async def forget_deleted(self, chat_id: int, message_id: int) -> None:
        """A replaced message is deleted, or Telegram cannot delete it: forget it."""
        await self._repos.messages.forget_deleted(self._db, chat_id, message_id)

    async def mark_shown(self, game_id: int, kind: ShownKind, seat: int | None, *, version: int,
                         digest: str | None) -> bool:
        """The slot's message was edited to show ``version``; False if there is none."""
        return await self._repos.messages.mark(self._db, game_id, _check_kind(kind), seat,
                                               version=version, digest=digest)

    async def forget_shown(self, game_id: int, kind: ShownKind, seat: int | None = None
                           ) -> Shown | None:
        """Forget the slot's message (deleted, or gone); what it was."""
        ref = await self._repos.messages.delete(self._db, game_id, _check_kind(kind), seat)
        return _shown(ref) if ref is not None else None

    async def notices_in_chat(self, chat_id: int) -> list[Shown]:
        """The notices remembered in one (private) chat over all games, oldest first."""
        refs = await self._repos.messages.list_in_chat(self._db, chat_id, "notice")
        return [_shown(m) for m in refs]

    # --------------------------------------------------------------- turn pings
    async def _turn_ping(self, ex: Executor, game_id: int) -> TurnPing | None:
        loaded = await self._repos.games.load(ex, game_id)
        if loaded is None or loaded[0].status != "playing":
            return None
        row, seats = loaded
        info = await self._info_of(ex, row, seats)
        seat = info.turn
        if seat is None or seat >= len(seats) or _level_of(seats[seat]) is not None:
            return None
        user_id = seats[seat].user_id
        assert user_id is not None
        sent = await self._repos.pings.sent(ex, game_id, row.version)
        return TurnPing(info, seat, user_id, row.updated_at, sent)

    async def turn_ping(self, game_id: int) -> TurnPing | None:
        """The turn of a person present that the game waits on (None: not playing, or
        a computer or a person away is on turn), with the pings it has had."""
        async with self._db.reading() as ex:
            return await self._turn_ping(ex, game_id)

    async def claim_ping(self, game_id: int, version: int, stage: int) -> TurnPing | None:
        """Count ping number ``stage`` of the turn at ``version`` as sent, if that turn
        is still waiting and the ping was not counted before; the turn (``sent``
        before this one), else None. A restart neither repeats nor loses a ping."""
        async with self._db.transaction() as tx:
            turn = await self._turn_ping(tx, game_id)
            if turn is None or turn.game.version != version or turn.sent > stage:
                return None
            if not await self._repos.pings.claim(tx, game_id, version, stage):
                return None
        return turn

    # --------------------------------------------------------------- announcements
    async def announced(self, game_id: int) -> tuple[int, bool]:
        """How many round summaries the game's group was told, and whether its result."""
        row = await self._repos.announcements.get(self._db, game_id)
        return row.rounds, row.outcome

    async def set_announced(self, game_id: int, rounds: int, outcome: bool) -> None:
        await self._repos.announcements.set(self._db, game_id, rounds=rounds, outcome=outcome)

    # --------------------------------------------------------------- rematch
    async def rematch_votes(self, game: GameInfo) -> RematchVotes | None:
        """Who asked for the rematch of that finished game so far, and the rematch's
        game once it began (None: nobody asked)."""
        async with self._db.reading() as ex:
            asked = await self._repos.rematches.asked(ex, game.game_id)
            started = await self._repos.rematches.started(ex, game.game_id)
        if not asked and started is None:
            return None
        people = tuple(s.user_id for s in game.seats if s.user_id is not None)
        return RematchVotes(game.game_id, people, asked, started)

    async def ask_rematch(self, game_id: int, user_id: int) -> RematchAsk:
        """A person of a finished game asks for its rematch. Once every person of it
        has, the rematch opens in the same chat and topic with the same seats (people
        and computers in their places), variant and options, and starts. Refused:
        the game is not finished (`NotFinishedError`), he did not play it
        (`NotInGameError`), its rematch began already (`AlreadyStartedError`), the
        chat (topic) has a game in its lobby or in play (`ActiveGameExistsError`)."""
        game = await self.game(game_id)
        if game.status != "finished":
            raise NotFinishedError()
        people = tuple(s.user_id for s in game.seats if s.user_id is not None)
        if user_id not in people:
            raise NotInGameError()
        if await self._repos.rematches.started(self._db, game_id) is not None:
            raise AlreadyStartedError()
        if await self.active_game(game.chat_id, topic=game.topic) is not None:
            raise ActiveGameExistsError()
        async with self._db.transaction() as tx:
            fresh = await self._repos.rematches.ask(tx, game_id, user_id)
            asked = await self._repos.rematches.asked(tx, game_id)
        votes = RematchVotes(game_id, people, asked)
        if not fresh:
            return RematchAsk(votes, again=True)
        if votes.waiting:
            return RematchAsk(votes, again=False)
        report = await self._rematch(game)
        return RematchAsk(dataclasses.replace(votes, started=report.game.game_id), again=False,
                          report=report)

    async def _rematch(self, game: GameInfo) -> MoveReport:
        """Open the finished ``game``'s table again (its seats in their order, in one
        transaction) and start it, as its creator (or its first person, should he
        have left it before it started)."""
        creator = game.creator_user_id if game.seat_of(game.creator_user_id) is not None \
            else next(s.user_id for s in game.seats if s.user_id is not None)
        assert creator is not None
        async with self._db.transaction() as tx:
            try:
                new_id = await self._repos.games.create_lobby(
                    tx, game.chat_id, game.variant, creator, options=dict(game.options),
                    seed=self._seeds(), topic=_stored(game.topic))
            except st.ActiveGameExistsError as exc:
                raise ActiveGameExistsError(str(exc)) from None
            if not await self._repos.rematches.mark(tx, new_id, game.game_id):
                raise AlreadyStartedError()  # (rolled back: a double press met its twin)
            for seat in game.seats:
                await self._repos.games.add_seat(
                    tx, new_id, display_name=seat.name, user_id=seat.user_id, seat=seat.seat,
                    ai_level=cast(AiLevel, seat.ai_level) if seat.user_id is None else None)
        self._lru_put(self._chats, new_id, game.chat_id, _CHAT_CACHE_SIZE)
        return await self.start(game.chat_id, creator, topic=game.topic)

    # --------------------------------------------------------------- lobby
    async def open_lobby(self, chat_id: int, creator: PlayerInfo, variant: str = "kozel",
                         options: Mapping[str, Any] | None = None, *,
                         topic: int | None = None) -> GameInfo:
        """Open a lobby in ``chat_id`` (in its forum ``topic``, None: none) with its
        creator seated."""
        try:
            get_variant(variant)
        except EngineError as exc:
            raise BadSettingsError(str(exc)) from None
        check_options(variant, options or {})
        async with self._db.transaction() as tx:
            try:
                game_id = await self._repos.games.create_lobby(
                    tx, chat_id, variant, creator.user_id, options=dict(options or {}),
                    seed=self._seeds(), topic=_stored(topic))
            except st.ActiveGameExistsError as exc:
                raise ActiveGameExistsError(str(exc)) from None
            await self._repos.games.add_seat(tx, game_id, display_name=creator.name,
                                             user_id=creator.user_id)
            info = await self._reload(tx, game_id)
        self._lru_put(self._chats, game_id, chat_id, _CHAT_CACHE_SIZE)
        return info

    async def join(self, chat_id: int, player: PlayerInfo, *, topic: int | None = None,
                   member: bool = True) -> GameInfo:
        """Seat ``player`` in the lobby. ``member``: whether he is a member of the group
        (Telegram says; a button pressed in the group is pressed by one): only a
        member takes a seat (`NotMemberError`)."""
        if not member:
            raise NotMemberError()
        async with self._db.transaction() as tx:
            row, _ = await self._lobby(tx, chat_id, topic)
            try:
                await self._repos.games.add_seat(
                    tx, row.game_id, display_name=player.name, user_id=player.user_id,
                    max_seats=_max_players(row.variant))
            except st.AlreadySeatedError:
                raise AlreadyJoinedError() from None
            except st.GameFullError:
                raise LobbyFullError() from None
            return await self._reload(tx, row.game_id)

    async def leave(self, chat_id: int, user_id: int, *, topic: int | None = None
                    ) -> GameInfo:
        """Leave a lobby; the last human leaving cancels it."""
        async with self._db.transaction() as tx:
            row, seats = await self._lobby(tx, chat_id, topic)
            if all(s.user_id != user_id for s in seats):
                raise NotInGameError()
            games = self._repos.games
            await games.remove_user(tx, row.game_id, user_id)
            seats = await games.renumber_seats(tx, row.game_id)
            if not any(s.user_id is not None for s in seats):
                await games.set_status(tx, row.game_id, "cancelled")
            return await self._reload(tx, row.game_id)

    async def add_ai(self, chat_id: int, user_id: int, level: str, *,
                     is_admin: bool = False, topic: int | None = None) -> GameInfo:
        """Seat a computer player (the creator or a chat admin)."""
        if level not in AI_LEVELS:
            raise BadSettingsError(f"unknown level {level!r}")
        async with self._db.transaction() as tx:
            row, seats = await self._lobby(tx, chat_id, topic)
            self._may_manage(row, seats, user_id, is_admin)
            n = sum(1 for s in seats if s.ai_level is not None) + 1
            try:
                await self._repos.games.add_seat(
                    tx, row.game_id, display_name=f"AI {n}", ai_level=cast(AiLevel, level),
                    max_seats=_max_players(row.variant))
            except st.GameFullError:
                raise LobbyFullError() from None
            return await self._reload(tx, row.game_id)

    async def remove_ai(self, chat_id: int, user_id: int, seat: int | None = None, *,
                        is_admin: bool = False, topic: int | None = None) -> GameInfo:
        """Remove the computer player in ``seat`` (default: the last one); the creator
        or a chat admin."""
        async with self._db.transaction() as tx:
            row, seats = await self._lobby(tx, chat_id, topic)
            self._may_manage(row, seats, user_id, is_admin)
            ais = [s for s in seats if s.ai_level is not None
                   and (seat is None or s.seat == seat)]
            if not ais:
                raise BadSettingsError("no such computer player")
            await self._repos.games.remove_seat(tx, row.game_id, ais[-1].seat)
            await self._repos.games.renumber_seats(tx, row.game_id)
            return await self._reload(tx, row.game_id)

    async def check_manager(self, chat_id: int, user_id: int, *, is_admin: bool = False,
                            topic: int | None = None) -> GameInfo:
        """The chat's (topic's) lobby, if the user may change its settings (else
        `NotManagerError`; no lobby: `NoSuchGameError`, `AlreadyStartedError`)."""
        async with self._db.reading() as ex:
            row, seats = await self._active_in(ex, chat_id, topic)
            if row.status != "lobby":
                raise AlreadyStartedError()
            self._may_manage(row, seats, user_id, is_admin)
            return await self._info_of(ex, row, seats)

    async def change_settings(self, chat_id: int, user_id: int, *, variant: str | None = None,
                              options: Mapping[str, Any] | None = None,
                              is_admin: bool = False, topic: int | None = None) -> GameInfo:
        """Change the lobby's variant and house rules (a value of None drops an option).
        A value the variant does not offer is refused (`BadSettingsError`)."""
        async with self._db.transaction() as tx:
            row, seats = await self._lobby(tx, chat_id, topic)
            self._may_manage(row, seats, user_id, is_admin)
            new_variant = variant or row.variant
            try:
                get_variant(new_variant)
            except EngineError as exc:
                raise BadSettingsError(str(exc)) from None
            merged = {} if variant and variant != row.variant else dict(row.options)
            for key, value in (options or {}).items():
                if value is None:
                    merged.pop(key, None)
                else:
                    merged[key] = value
            check_options(new_variant, merged)
            if len(seats) > _max_players(new_variant):
                raise LobbyFullError()
            await self._repos.games.update_options(tx, row.game_id, merged, variant=new_variant)
            return await self._reload(tx, row.game_id)

    # ---------------------------------------------------------------- play
    async def start(self, chat_id: int, user_id: int, *, is_admin: bool = False,
                    topic: int | None = None) -> MoveReport:
        async with self._db.transaction() as tx:
            row, seats = await self._lobby(tx, chat_id, topic)
            if all(s.user_id != user_id for s in seats) and not is_admin:
                raise NotSeatedError()  # a chat admin who is not seated may start it
            self._may_run(row, seats, user_id, is_admin)
            players = len(seats)
            cls = get_variant(row.variant)
            if players < min(cls.players_allowed):
                raise NotEnoughPlayersError(f"{row.variant} needs {cls.players_allowed}")
            unreachable = await self._unreachable(tx, seats)
            if unreachable:
                raise NoPrivateChatError(tuple(s.display_name for s in unreachable))
            options = dict(row.options)
            if options.get("teams") and players != 4:
                options.pop("teams")
            try:
                variant = make_variant(row.variant, players, options)
            except EngineError as exc:
                raise BadSettingsError(str(exc)) from None
            assert row.seed is not None
            game = new_game(variant, row.seed)
            names = tuple(s.display_name for s in seats)
            version = await self._repos.games.update_state(
                tx, row.game_id, row.version, record_json=head_json(game, names),
                status="playing")
            live = _Live(version, game, 0, names)
            after = dataclasses.replace(row, version=version, status="playing")
            played = await self._play_forced(tx, after, seats, live)
        if played:
            after = dataclasses.replace(after, version=after.version + len(played),
                                        status="finished" if game.outcome else "playing")
        self._remember(row.game_id, dataclasses.replace(live, version=after.version))
        everyone = frozenset(range(players))
        report = self._report(after, seats, game, played, forced=len(played))
        return dataclasses.replace(report, refresh_seats=everyone, started=True,
                                   views={s: game.view(s) for s in everyone})

    async def move(self, game_id: int, user_id: int, version: int, move: Move) -> MoveReport:
        """A person's move (place, draw or pass) issued against ``version``."""
        return await self._command(game_id, version, user_id=user_id, move=move)

    async def ai_turn(self, game_id: int) -> AiTurn | None:
        """The turn of the computer player (or of the take-over player of a person
        away) on turn now, read without a transaction; None when a person present is
        on turn, or the game is not being played (or does not exist)."""
        async with self._db.reading() as ex:
            loaded = await self._repos.games.load(ex, game_id)
            if loaded is None or loaded[0].status != "playing":
                return None
            row, seats = loaded
            self._note_chat(row)
            live = await self._live(ex, row)
            seat = live.game.current_seat
            level = _level_of(seats[seat]) if seat is not None else None
            if seat is None or level is None:
                return None
            return AiTurn(game_id, row.version, seat, level, row.seed or 0, live.game.variant,
                          live.game.view(seat))

    def _decide(self, turn: AiTurn) -> Move:
        if self._ai is not None:
            return self._ai(turn.level, turn.seed, turn.view)
        return decide(turn)

    async def ai_move(self, game_id: int, version: int, move: Move | None = None) -> MoveReport:
        """Apply a computer player's ``move`` (decided with `service.ai.decide` on the
        `AiTurn` of ``version``), checked in the transaction: the game must still be
        at ``version`` (else `StaleCommandError`), a computer (or a person away) on
        turn (else `NotYourTurnError`), the move legal (else `IllegalMoveError`).
        Without ``move`` the decision is made here first, outside the transaction."""
        if move is None:
            turn = await self.ai_turn(game_id)
            if turn is not None and turn.version == version:
                move = self._decide(turn)
            # else the transaction below says why (stale, a person on turn, over, ...)
        return await self._command(game_id, version, move=move, ai=True)

    async def act_for(self, game_id: int, version: int, seat: int, level: str, *,
                      in_tx: InTransaction | None = None) -> tuple[MoveReport, bool]:
        """Move for ``seat`` (a time-out): the rules' own time-out move where its kind
        has one (chinese, RULES.md 4.20 [C12]), else its only legal action if it has
        exactly one (forced), else the move the ``level`` computer player chooses (easy
        or medium: a quick pick, made inside the transaction); True if forced.

        Versioned like every command (a race with a real move is refused as stale);
        ``in_tx`` runs in the same transaction after the move is saved, and may
        raise a ServiceError to undo it.
        """
        forced = False

        def pick(game: PlayedGame, on_turn: int, seed: int) -> Move:
            nonlocal forced
            ruled = kind_of(game.variant).timeout_move(game)  # the rules' own (chinese)
            if ruled is not None:
                return ruled  # a choice made for him, not his only move: one per time-out
            legal = game.legal_moves()
            if len(legal) == 1:
                forced = True
                return legal[0]
            view = game.view(on_turn)
            return self._decide(AiTurn(game_id, version, on_turn, level, seed, game.variant,
                                       view))

        report = await self._command(game_id, version, for_seat=seat, pick=pick, in_tx=in_tx)
        return report, forced

    async def _command(self, game_id: int, version: int, *, user_id: int | None = None,
                       move: Move | None = None, ai: bool = False, for_seat: int | None = None,
                       pick: Picker | None = None,
                       in_tx: InTransaction | None = None) -> MoveReport:
        games = self._repos.games
        async with self._db.transaction() as tx:
            loaded = await games.load(tx, game_id)
            if loaded is None:
                raise NoSuchGameError()
            row, seats = loaded
            self._note_chat(row)
            if row.status == "lobby":
                raise NotInLobbyError("the game has not started")
            if row.status in ("finished", "cancelled"):
                raise GameOverError()
            if user_id is not None and all(s.user_id != user_id for s in seats):
                raise NotInGameError()
            if version != row.version:
                raise StaleCommandError(f"version {version} is not {row.version}")
            live = await self._live(tx, row)
            game = live.game
            seat = game.current_seat
            assert seat is not None
            if pick is not None:
                if seat != for_seat:
                    raise NotYourTurnError(f"seat {for_seat} is not on turn")
                move = pick(game, seat, row.seed or 0)
            elif ai:
                if _level_of(seats[seat]) is None:
                    raise NotYourTurnError("a person is on turn")
                if move is None:  # the seat became a computer's since the turn was read
                    raise StaleCommandError("no decision for this turn")
            elif seats[seat].user_id != user_id:
                raise NotYourTurnError()
            assert move is not None
            # The game object is shared with the cache: forget it until committed.
            self._cache.pop(game_id, None)
            try:
                played = [await self._play(tx, row, seats, live, move)]
            except EngineError as exc:
                self._remember(game_id, live)  # play() changed nothing
                raise IllegalMoveError(str(exc)) from None
            if user_id is not None and seats[seat].timeouts:
                await games.reset_timeouts(tx, game_id, seat)  # he moves himself again
            if in_tx is not None:
                await in_tx(tx)
                seats = await games.list_seats(tx, game_id)  # in_tx may change who moves
            after = dataclasses.replace(row, version=row.version + 1)
            forced = await self._play_forced(tx, after, seats, live)
            played.extend(forced)
        finished = game.outcome is not None
        after = dataclasses.replace(row, version=row.version + len(played),
                                    status="finished" if finished else row.status)
        live.version = after.version
        self._remember(game_id, live)
        return self._report(after, seats, game, played, forced=len(forced))

    async def _play(self, tx: Transaction, row: GameRow, seats: list[SeatRow], live: _Live,
                    move: Move) -> tuple[MoveResult, int]:
        """Play ``move`` on the live game at ``row.version`` and store it (the move, the
        version, and the result and statistics if it ends the game); the result and
        the index of the round it was played in. ``live`` counts the move; its
        version is left to the caller. EngineError (nothing changed) if illegal."""
        game = live.game
        round_index = len(game.rounds) - 1
        result, entry = kind_of(game.variant).play(game, move)
        finished = game.outcome is not None
        await self._repos.moves.append(tx, row.game_id, seq=live.moves, round=round_index,
                                       move=entry, version=row.version + 1)
        live.moves += 1
        await self._repos.games.update_state(
            tx, row.game_id, row.version, status="finished" if finished else None,
            result_json=json.dumps(self._result(game)) if finished else None)
        if finished:
            await self._repos.stats.add_result(tx, self._stats(row, seats, game))
            await self._repos.ratings.rate_finished(tx, row.game_id)  # ratings (issue 15)
            await self._repos.deadlines.clear(tx, row.game_id)
        return result, round_index

    @staticmethod
    def _forced_move(game: PlayedGame, seats: list[SeatRow]) -> Move | None:
        """The move to make for the person present on turn when it is all he may do
        (the domino kind: a sole pass or draw); None otherwise (a choice, a computer's
        seat, a person away, a kind that forces nothing)."""
        if game.outcome is not None:
            return None
        seat = game.current_seat
        if seat is None or seat >= len(seats) or _level_of(seats[seat]) is not None:
            return None
        return kind_of(game.variant).forced_move(game)

    async def _play_forced(self, tx: Transaction, row: GameRow, seats: list[SeatRow],
                           live: _Live) -> list[tuple[MoveResult, int]]:
        """The forced moves (a pass, a draw) of the people present on turn after a
        command, in its transaction, each stored as a move of its own with its own
        version: while the chat lets them play themselves (its setting, read once)."""
        played: list[tuple[MoveResult, int]] = []
        for _ in range(MAX_FORCED):
            move = self._forced_move(live.game, seats)
            if move is None or not await self._forced_on(tx, row.chat_id):
                break
            played.append(await self._play(tx, row, seats, live, move))
            row = dataclasses.replace(row, version=row.version + 1)
        return played

    async def _forced_on(self, ex: Executor, chat_id: int) -> bool:
        if chat_id not in self._forced:
            chat = await self._repos.chats.get(ex, chat_id)
            self.note_chat_settings(chat_id, chat.settings if chat is not None else {})
        self._forced.move_to_end(chat_id)
        return self._forced[chat_id]

    def note_chat_settings(self, chat_id: int, settings: Mapping[str, Any]) -> None:
        """The chat's settings as now stored (whoever wrote them): what a move needs
        of them is kept, so a move reads nothing more."""
        value = settings.get(FORCED_KEY, True)
        self._lru_put(self._forced, chat_id, value if isinstance(value, bool) else True,
                      _PROFILE_CACHE_SIZE)

    def _report(self, row: GameRow, seats: list[SeatRow], game: PlayedGame,
                played: Sequence[tuple[MoveResult, int]], *, forced: int = 0) -> MoveReport:
        """The report of the moves ``played`` (each with its round), the last ``forced``
        of them made for their player."""
        refresh: set[int] = set()
        round_ends: list[RoundEnd] = []
        final_hands: list[tuple[tuple[Piece, ...], ...]] = []
        for result, round_index in played:
            refresh.add(result.seat)
            if result.round_end is not None:
                round_ends.append(result.round_end)
                ended = game.rounds[round_index]
                final_hands.append(tuple(tuple(h) for h in ended.hands))
                refresh.update(range(game.players))
        if game.current_seat is not None:
            refresh.add(game.current_seat)
        if game.outcome is not None:  # every hand shows the result
            refresh.update(range(game.players))
        results = tuple(r for r, _ in played)
        auto = tuple(i >= len(results) - forced for i in range(len(results)))
        return MoveReport(self._info(row, seats, game), results, frozenset(refresh),
                          tuple(round_ends), tuple(final_hands),
                          views={s: game.view(s) for s in refresh}, auto=auto)

    @staticmethod
    def _result(game: PlayedGame) -> dict[str, Any]:
        assert game.outcome is not None
        return {"winners": list(game.outcome.winners), "losers": list(game.outcome.losers),
                "reason": str(game.outcome.reason), "totals": list(game.totals)}

    @staticmethod
    def _stats(row: GameRow, seats: list[SeatRow], game: PlayedGame) -> list[StatsDelta]:
        outcome = game.outcome
        assert outcome is not None
        fish_by_seat = [0] * game.players
        for rnd in game.rounds:
            if rnd.end is not None and rnd.end.kind in (EndKind.FISH, EndKind.EGGS):
                fish_by_seat[rnd.end.seat] += 1
        out = []
        for s in seats:
            if s.user_id is None:
                continue
            side = game.side_of(s.seat)
            out.append(StatsDelta(
                user_id=s.user_id, chat_id=row.chat_id, variant=row.variant, games=1,
                wins=int(side in outcome.winners), points=game.totals[side],
                fish=fish_by_seat[s.seat],
                goats=int(outcome.reason is GameEndReason.GOAT and side in outcome.losers)))
        return out

    # --------------------------------------------------------------- other
    async def cancel(self, chat_id: int, user_id: int, *, is_admin: bool = False,
                     topic: int | None = None) -> GameInfo:
        """Cancel the chat's (topic's) game. A lobby: its creator (a lone player, any
        player should the creator have left) or a chat admin. A started game: a chat
        admin at once, or a person seated when he is its only person; any other
        person seated is refused with `AgreementNeededError` (he may ask the others,
        `agree_to_cancel`), anyone else with `NotSeatedError`."""
        async with self._db.transaction() as tx:
            row, seats = await self._active_in(tx, chat_id, topic)
            if not is_admin and row.status == "lobby":
                if all(s.user_id != user_id for s in seats) \
                        and user_id != row.creator_user_id:
                    raise NotAllowedError("only a player, the creator or an admin may cancel")
                self._may_run(row, seats, user_id, is_admin)
            elif not is_admin:
                people = _people(seats)
                if user_id not in people:
                    raise NotSeatedError()
                if people != {user_id}:
                    raise AgreementNeededError(row.game_id)
            after, live = await self._set_cancelled(tx, row)
        return self._cancelled(after, seats, live)

    async def agree_to_cancel(self, game_id: int, user_id: int) -> CancelAgreement:
        """A person seated in a started game agrees to cancel it (stored, so a restart
        keeps it); once every person seated agreed, the game is cancelled in the same
        transaction. `NotSeatedError` for anyone else, `NotInLobbyError` for a game in
        its lobby (its creator cancels it), `GameOverError` for one over already."""
        async with self._db.transaction() as tx:
            loaded = await self._repos.games.load(tx, game_id)
            if loaded is None:
                raise NoSuchGameError()
            row, seats = loaded
            if row.status == "lobby":
                raise NotInLobbyError("a lobby is cancelled by its creator")
            if row.status != "playing":
                raise GameOverError()
            people = _people(seats)
            if user_id not in people:
                raise NotSeatedError()
            new = await self._repos.cancel_votes.add(tx, game_id, user_id)
            agreed = frozenset(await self._repos.cancel_votes.voters(tx, game_id)) & people
            if agreed >= people:
                after, cancelled = await self._set_cancelled(tx, row)
            else:
                live = await self._live(tx, row)
        if agreed >= people:
            return CancelAgreement(self._cancelled(after, seats, cancelled), people, agreed,
                                   new)
        return CancelAgreement(self._info(row, seats, live.game), people, agreed, new)

    async def close_chat(self, chat_id: int) -> list[GameInfo]:
        """The bot was removed from the group: every game of it in the lobby or being
        played (in any topic) is cancelled, as nobody could see or play it there any
        more. The games cancelled."""
        closed = []
        for found in await self._repos.games.list_active(self._db):
            if found.chat_id != chat_id:
                continue
            async with self._db.transaction() as tx:
                loaded = await self._repos.games.load(tx, found.game_id)
                if loaded is None or not loaded[0].is_active:
                    continue
                row, seats = loaded
                after, live = await self._set_cancelled(tx, row)
            closed.append(self._cancelled(after, seats, live))
        return closed

    async def _set_cancelled(self, tx: Transaction, row: GameRow
                             ) -> tuple[GameRow, _Live | None]:
        """Mark the game cancelled in ``tx`` (its turn timer gone); the row after it and
        the live game, if it started."""
        version = await self._repos.games.set_status(tx, row.game_id, "cancelled")
        await self._repos.deadlines.clear(tx, row.game_id)
        live = await self._live(tx, row) if row.record_json is not None else None
        return dataclasses.replace(row, version=version, status="cancelled"), live

    def _cancelled(self, after: GameRow, seats: list[SeatRow], live: _Live | None
                   ) -> GameInfo:
        """The cancelled game, once committed (its live game kept at the new version)."""
        if live is not None:
            self._remember(after.game_id, dataclasses.replace(live, version=after.version))
        return self._info(after, seats, live.game if live is not None else None)

    async def close_lost_topic(self, game_id: int) -> GameInfo | None:
        """Cancel the active game whose forum topic is gone (Telegram answers "message
        thread not found" in it): no one can see or play it any more. None if the game
        is over already or has no topic (nothing changes)."""
        async with self._db.transaction() as tx:
            loaded = await self._repos.games.load(tx, game_id)
            if loaded is None or not loaded[0].is_active or not loaded[0].topic:
                return None
            row, seats = loaded
            after, live = await self._set_cancelled(tx, row)
        return self._cancelled(after, seats, live)

    async def game(self, game_id: int) -> GameInfo:
        async with self._db.reading() as ex:
            loaded = await self._repos.games.load(ex, game_id)
            if loaded is None:
                raise NoSuchGameError()
            return await self._info_of(ex, *loaded)

    async def active_game(self, chat_id: int, *, topic: int | None = None) -> GameInfo | None:
        """The game of the chat's ``topic`` (None: no topic) in the lobby or played."""
        async with self._db.reading() as ex:
            loaded = await self._repos.games.load_active_for_chat(ex, chat_id, _stored(topic))
            return await self._info_of(ex, *loaded) if loaded is not None else None

    async def last_game(self, chat_id: int, *, topic: int | None = None) -> GameInfo | None:
        """The chat's (topic's) active game, else its most recent one."""
        rows = await self._repos.games.list_for_chat(self._db, chat_id, limit=1,
                                                     topic=_stored(topic))
        return await self.game(rows[0].game_id) if rows else None

    async def last_finished_game(self, *, chat_id: int | None = None,
                                 user_id: int | None = None,
                                 topic: int | None = None) -> GameInfo | None:
        """The most recent finished game of a chat (``chat_id``, in its ``topic``) or in
        which a user sat (``user_id``): what /score shows once no game is played."""
        if (chat_id is None) == (user_id is None):
            raise ValueError("a chat or a user")
        row = await self._repos.games.last_finished(self._db, chat_id=chat_id, user_id=user_id,
                                                    topic=_stored(topic))
        return await self.game(row.game_id) if row is not None else None

    async def active_games(self) -> list[GameInfo]:
        """Every game in the lobby or being played (to resume them after a restart)."""
        return [await self.game(r.game_id)
                for r in await self._repos.games.list_active(self._db)]

    async def untold_finished_games(self, within: float = UNTOLD_WITHIN) -> list[GameInfo]:
        """Games that finished in the last ``within`` seconds and whose group was not
        told the result, or whose table does not show it yet (the bot stopped before
        it could): a restart tells them."""
        since = self._db.now() - within
        return [await self.game(r.game_id)
                for r in await self._repos.games.list_untold_finished(self._db, since=since)]

    async def _own_seat(self, ex: Executor, game_id: int, user_id: int
                        ) -> tuple[GameRow, list[SeatRow], SeatRow]:
        """The game, its seats and ``user_id``'s own seat (`NoSuchGameError`,
        `NotInGameError`)."""
        loaded = await self._repos.games.load(ex, game_id)
        if loaded is None:
            raise NoSuchGameError()
        row, seats = loaded
        mine = next((s for s in seats if s.user_id == user_id), None)
        if mine is None:
            raise NotInGameError()
        return row, seats, mine

    async def seat_view(self, game_id: int, user_id: int) -> tuple[GameInfo, SeatInfo, SeatView]:
        """A player's own view of a game he sits in (only his hand in it)."""
        async with self._db.reading() as ex:
            row, seats, mine = await self._own_seat(ex, game_id, user_id)
            if row.record_json is None:
                raise NotInLobbyError("the game has not started")
            self._note_chat(row)
            game = (await self._live(ex, row)).game
            return self._info(row, seats, game), self._seat_info(mine), game.view(mine.seat)

    async def seat_views(self, game_id: int, seats: Iterable[int] | None = None
                         ) -> tuple[GameInfo, dict[int, SeatView]]:
        """The game and the private views of ``seats`` (default: every seat), read
        together (one query with the game cached): to show every hand anew."""
        async with self._db.reading() as ex:
            loaded = await self._repos.games.load(ex, game_id)
            if loaded is None:
                raise NoSuchGameError()
            row, rows = loaded
            if row.record_json is None:
                raise NotInLobbyError("the game has not started")
            self._note_chat(row)
            game = (await self._live(ex, row)).game
            wanted = range(game.players) if seats is None else seats
            return self._info(row, rows, game), {s: game.view(s) for s in wanted}

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        rows = await self._repos.games.list_active_for_user(self._db, user_id)
        return [await self.game(r.game_id) for r in rows]

    async def record(self, game_id: int) -> dict[str, Any]:
        """The game's complete record (``domino-record/1``), built from its stored moves,
        hidden tiles included (every hand, the boneyard in draw order). Never for
        anyone's eyes while the game goes on: what an asker may see is `record_for`."""
        async with self._db.reading() as ex:
            row = await self._repos.games.get(ex, game_id)
            if row is None or row.record_json is None:
                raise NoSuchGameError()
            live = await self._live(ex, row)
            return kind_of(live.game.variant).to_record(live.game, list(live.names))

    async def record_for(self, game_id: int, user_id: int | None) -> dict[str, Any]:
        """The record of the game as ``user_id`` may see it: complete once the game is
        finished; before that (or when cancelled) a ``domino-view/1`` record holding
        only his own tiles if he sits in the game, nothing hidden for anyone else
        (``user_id`` None: the public view, for a group). `NoSuchGameError` for a
        game that does not exist or never started."""
        async with self._db.reading() as ex:
            loaded = await self._repos.games.load(ex, game_id)
            if loaded is None or loaded[0].record_json is None:
                raise NoSuchGameError()
            row, seats = loaded
            live = await self._live(ex, row)
            seat = next((s.seat for s in seats if user_id is not None and s.user_id == user_id),
                        None)
            return kind_of(live.game.variant).to_view_record(live.game, seat,
                                                             list(live.names))

    async def started_games_of_user(self, user_id: int, limit: int = 6) -> list[GameInfo]:
        """The games the user sat in that started (playing, finished or cancelled),
        newest first, without their state (``view`` None): for /export in private."""
        async with self._db.reading() as ex:
            rows = await self._repos.games.list_started_for_user(ex, user_id, limit=limit)
            out = []
            for row in rows:
                self._note_chat(row)
                out.append(self._info(row, await self._repos.games.list_seats(ex, row.game_id),
                                      None))
            return out

    async def ended_rounds(self, game_id: int) -> list[RoundSummary]:
        """Each ended round of the game, in order: how it ended and every seat's hand
        at its end (what a round summary shows, after a restart too)."""
        game = await self._recorded_game(game_id)
        if game is None:
            return []
        return [(rnd.end, tuple(tuple(h) for h in rnd.hands))
                for rnd in game.rounds if rnd.end is not None]

    async def ended_round_views(self, game_id: int) -> list[SeatView]:
        """The public view of each ended round at its end (its last position, the
        hands' sizes, the totals after it): the picture a round's summary shows."""
        game = await self._recorded_game(game_id)
        return kind_of(game.variant).ended_views(game) if game is not None else []

    async def _recorded_game(self, game_id: int) -> PlayedGame | None:
        """The game as its record stands (None: still in its lobby)."""
        async with self._db.reading() as ex:
            row = await self._repos.games.get(ex, game_id)
            if row is None:
                raise NoSuchGameError()
            if row.record_json is None:
                return None
            return (await self._live(ex, row)).game

    async def claim_fish(self, chat_id: int, *, topic: int | None = None) -> FishClaim:
        """Is it a fish? Answered from public facts only."""
        async with self._db.reading() as ex:
            row, _ = await self._active_in(ex, chat_id, topic)
            if row.status != "playing":
                raise NotInLobbyError("the game has not started")
            game = (await self._live(ex, row)).game
            if not kind_of(game.variant).has_fish:
                raise NoFishError(f"{row.variant} has no fish")
            assert isinstance(game, Game)
            return self._fish(game)

    @staticmethod
    def _fish(game: Game) -> FishClaim:
        rnd = game.round
        prev = game.rounds[-2] if len(game.rounds) > 1 else None
        if rnd.end is not None and rnd.end.kind is not EndKind.DOMINO:
            return FishClaim(True, rnd.boneyard_left)
        if not rnd.log and prev is not None and prev.end is not None \
                and prev.end.kind is not EndKind.DOMINO:
            return FishClaim(True, 0)
        on_table = {p.tile for p in rnd.table.snapshot().tiles}
        tiles = full_set(game.variant.options.set)
        unplayed = {pip: sum(1 for t in tiles if t.has(pip) and t not in on_table)
                    for pip in sorted(set(rnd.table.open_ends().values()))}
        return FishClaim(False, rnd.boneyard_left, unplayed)

    # ------------------------------------------------------------- the post-game review
    async def review_input(self, game_id: int, user_id: int) -> ReviewInput:
        """What the engine needs to review ``user_id``'s play in a finished game: its
        complete record and his own seat (the engine derives his views from them).
        `NoSuchGameError` for no such game, `NotInGameError` for anyone who did not
        play in it, `NotFinishedError` while it is played, in its lobby or cancelled."""
        async with self._db.reading() as ex:
            row, _, mine = await self._own_seat(ex, game_id, user_id)
            if row.status != "finished" or row.record_json is None or row.seed is None:
                raise NotFinishedError()
            if not kind_of(row.variant).reviewed:
                raise NoReviewError(f"{row.variant} is not reviewed")
            self._note_chat(row)
            live = await self._live(ex, row)
            return ReviewInput(game_id=row.game_id, chat_id=row.chat_id, user_id=user_id,
                               seat=mine.seat, variant=row.variant, seed=row.seed,
                               names=live.names,
                               record=kind_of(live.game.variant).to_record(
                                   live.game, list(live.names)))
