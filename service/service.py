"""The game service: one async API over storage and the engine (`GameService`).

`GameService` is the facade the bot holds; the work is done by its parts, one
noun a module, each given the same `service.context.Context` (the database, the
repositories, the seeds and the shared caches) and none reaching into another:

==========================  ==================================================
part (attribute)            module
==========================  ==================================================
``people``                  `service.people`: users, chats, languages
``joins``                   `service.joins`: join links
``standings``               `service.standings`: statistics, leaderboards
``messages``                `service.shown`: message references, what was told
``pings``                   `service.pings`: turn pings
``lobby``                   `service.lobby`: lobbies, seats, settings
``play``                    `service.play`: start, moves, computer players
``rematches``               `service.rematches`: rematches
``cancels``                 `service.cancels`: cancelling a game
``games``                   `service.games`: reading games and seat views
``records``                 `service.records`: records, rounds, review input
``ratings``                 `service.ratings`: skill ratings (read side)
``privacy``                 `service.privacy`: /forget, retention, visible names
``achievements``            `service.achievements`: achievements held, the backfill
``calls``                   `service.calls`: calls for the next game (/nextgame)
``tournaments``             `service.tournaments`: tournaments of a group
==========================  ==================================================

The loading every part shares (the games in memory, a game's `GameInfo`, who may
manage a lobby) is `service.loading`. Every command that changes a game runs in
one transaction and carries the version it was issued against (`service.play`).
Everything the bot needs from storage goes through here, in the service's own
frozen types (`service.types`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from engine.core.moves import Move
from engine.core.view import SeatView
from service.achievements import Achievements, Untold
from service.broken import take_set_aside
from service.calls import Calls
from service.cancels import Cancels
from service.context import CACHE_SIZE, Chooser, Context
from service.errors import (
    ServiceError,
)
from service.games import UNTOLD_WITHIN, Games
from service.joins import Joins
from service.loading import Live, chat_of
from service.lobby import Lobby
from service.people import People, require_chat_admin
from service.pings import Pings
from service.play import FORCED_KEY, InTransaction, Play
from service.privacy import Forgotten, Privacy, Retained
from service.ratings import RatingService
from service.records import Records, RoundSummary
from service.rematches import Rematches
from service.review import ReviewInput
from service.shown import ShownMessages
from service.standings import Standings
from service.tournaments import Tournaments
from service.types import (
    TAKEOVER_LEVEL,
    AiTurn,
    CallResult,
    CallsAnswered,
    CancelAgreement,
    FishClaim,
    GameInfo,
    JoinLink,
    MoveReport,
    PlayerInfo,
    RematchAsk,
    RematchVotes,
    ReplayInput,
    SeatInfo,
    SetAside,
    Shown,
    ShownKind,
    StatsLine,
    TopLine,
    TurnPing,
    UserInfo,
    WaitingCall,
)
from storage import Database

__all__ = ["CACHE_SIZE", "FORCED_KEY", "TAKEOVER_LEVEL", "Chooser", "GameService", "ServiceError",
           "require_chat_admin"]


class GameService:
    """Lobbies, seats, moves, views, statistics and the bot's bookkeeping; plain
    values in and out. Each method hands the call to its part."""

    def __init__(self, db: Database, *, seeds: Callable[[], int] | None = None,
                 ai_chooser: Chooser | None = None) -> None:
        self.context = Context.of(db, seeds=seeds, chooser=ai_chooser)
        ctx = self.context
        self.people = People(ctx)
        self.joins = Joins(ctx)
        self.standings = Standings(ctx)
        self.messages = ShownMessages(ctx)
        self.pings = Pings(ctx)
        self.lobby = Lobby(ctx)
        self.play = Play(ctx)
        self.cancels = Cancels(ctx)
        self.games = Games(ctx)
        self.records = Records(ctx)
        self.rematches = Rematches(ctx, self.games, self.play)
        self.ratings = RatingService(ctx)
        self.privacy = Privacy(ctx)
        self.achievements = Achievements(ctx)
        self.calls = Calls(ctx, self.people)
        self.tournaments = Tournaments(ctx, self.play)

    @classmethod
    async def open(cls, path: str | Path, *, clock: Callable[[], float] | None = None,
                   seeds: Callable[[], int] | None = None,
                   ai_chooser: Chooser | None = None) -> GameService:
        """Open (creating and migrating if needed) the database at ``path``; `close`
        closes it. ``clock`` stamps the stored times (default: the system clock).
        Right after the migrations, the games stored before the achievements are
        awarded theirs, once (`service.achievements.Achievements.backfill`)."""
        db = await (Database.open(path) if clock is None else Database.open(path, clock=clock))
        service = cls(db, seeds=seeds, ai_chooser=ai_chooser)
        try:
            await service.achievements.backfill()
        except BaseException:
            await db.close()
            raise
        return service

    async def close(self) -> None:
        """Close the database (waiting for a transaction under way)."""
        await self.context.db.close()

    async def ping(self) -> None:
        """Raises unless the database answers a trivial query (the health check)."""
        await self.context.db.ping()

    # What tests reach for: the seed source (a test replaces it for a game's deals)
    # and the games kept in memory.
    @property
    def _seeds(self) -> Callable[[], int]:
        return self.context.seeds

    @_seeds.setter
    def _seeds(self, seeds: Callable[[], int]) -> None:
        self.context.seeds = seeds

    @property
    def _cache(self) -> OrderedDict[int, Live]:
        return self.context.games

    def now(self) -> float:
        """The service's clock (the one that stamps every stored time)."""
        return self.context.now()

    async def chat_of(self, game_id: int) -> int | None:
        return await chat_of(self.context, game_id)

    # ---------------------------------------------------------- users and chats: `service.people`
    async def remember_user(self, player: PlayerInfo, *, private_chat: bool | None = None) -> None:
        return await self.people.remember_user(player, private_chat=private_chat)

    async def unreachable_seats(self, game: GameInfo) -> list[SeatInfo]:
        return await self.people.unreachable_seats(game)

    async def user(self, user_id: int) -> UserInfo | None:
        return await self.people.user(user_id)

    async def set_user_language(self, user_id: int, lang: str | None) -> None:
        return await self.people.set_user_language(user_id, lang)

    async def set_notify(self, user_id: int, notify: bool) -> None:
        return await self.people.set_notify(user_id, notify)

    async def set_reachable(self, user_id: int, *, private_chat: bool | None = None,
                            blocked: bool | None = None) -> None:
        return await self.people.set_reachable(user_id, private_chat=private_chat, blocked=blocked)

    async def chat_language(self, chat_id: int) -> str | None:
        return await self.people.chat_language(chat_id)

    async def set_chat_language(self, chat_id: int, lang: str | None) -> None:
        return await self.people.set_chat_language(chat_id, lang)

    async def change_chat_language(self, chat_id: int, user_id: int, lang: str, *,
                                   is_admin: bool = False) -> None:
        return await self.people.change_chat_language(chat_id, user_id, lang, is_admin=is_admin)

    async def remember_chat_title(self, chat_id: int, title: str | None) -> None:
        return await self.people.remember_chat_title(chat_id, title)

    async def chat_title(self, chat_id: int) -> str | None:
        return await self.people.chat_title(chat_id)

    async def migrate_chat(self, old_id: int, new_id: int) -> int:
        return await self.people.migrate_chat(old_id, new_id)

    # ---------------------------------------------------------- join links: `service.joins`
    async def join_link(self, game_id: int, *, user_id: int | None, token: str | None = None
                        ) -> str:
        return await self.joins.join_link(game_id, user_id=user_id, token=token)

    async def pending_join(self, token: str) -> JoinLink | None:
        return await self.joins.pending_join(token)

    async def consume_join(self, token: str) -> JoinLink | None:
        return await self.joins.consume_join(token)

    async def forget_joins(self, game_id: int) -> int:
        return await self.joins.forget_joins(game_id)

    # ---------------------------------------------------------- statistics: `service.standings`
    async def user_stats(self, user_id: int, chat_id: int | None) -> list[StatsLine]:
        return await self.standings.user_stats(user_id, chat_id)

    async def top(self, chat_id: int | None, variant: str | None = None, limit: int = 10
                  ) -> list[TopLine]:
        return await self.standings.top(chat_id, variant, limit)

    async def user_achievements(self, user_id: int) -> tuple[str, ...]:
        """The keys of the achievements he holds, in the catalogue's order."""
        return await self.achievements.of_user(user_id)

    async def untold_achievements(self) -> list[Untold]:
        """The finished games' and tournaments' achievements not told yet."""
        return await self.achievements.untold()

    async def achievements_told(self, user_id: int, *, game_id: int | None = None,
                                tournament_id: int | None = None) -> None:
        await self.achievements.told(user_id, game_id=game_id, tournament_id=tournament_id)

    # ---------------------------------------------------------- what was shown: `service.shown`
    async def shown(self, game_id: int) -> list[Shown]:
        return await self.messages.shown(game_id)

    async def shown_one(self, game_id: int, kind: ShownKind, seat: int | None = None
                        ) -> Shown | None:
        return await self.messages.shown_one(game_id, kind, seat)

    async def save_shown(self, game_id: int, kind: ShownKind, *, chat_id: int, message_id: int,
                         seat: int | None = None, version: int, digest: str | None,
                         delete_old: bool = False) -> Shown | None:
        return await self.messages.save_shown(game_id, kind, chat_id=chat_id,
                                              message_id=message_id, seat=seat, version=version,
                                              digest=digest, delete_old=delete_old)

    async def messages_to_delete(self) -> list[tuple[int, int]]:
        return await self.messages.messages_to_delete()

    async def forget_deleted(self, chat_id: int, message_id: int) -> None:
        return await self.messages.forget_deleted(chat_id, message_id)

    async def mark_shown(self, game_id: int, kind: ShownKind, seat: int | None, *, version: int,
                         digest: str | None) -> bool:
        return await self.messages.mark_shown(game_id, kind, seat, version=version, digest=digest)

    async def forget_shown(self, game_id: int, kind: ShownKind, seat: int | None = None
                           ) -> Shown | None:
        return await self.messages.forget_shown(game_id, kind, seat)

    async def notices_in_chat(self, chat_id: int) -> list[Shown]:
        return await self.messages.notices_in_chat(chat_id)

    async def announced(self, game_id: int) -> tuple[int, bool]:
        return await self.messages.announced(game_id)

    async def set_announced(self, game_id: int, rounds: int, outcome: bool) -> None:
        return await self.messages.set_announced(game_id, rounds, outcome)

    # ---------------------------------------------------------- turn pings: `service.pings`
    async def turn_ping(self, game_id: int) -> TurnPing | None:
        return await self.pings.turn_ping(game_id)

    async def claim_ping(self, game_id: int, version: int, stage: int) -> TurnPing | None:
        return await self.pings.claim_ping(game_id, version, stage)

    # ---------------------------------------------------------- rematches: `service.rematches`
    async def rematch_votes(self, game: GameInfo) -> RematchVotes | None:
        return await self.rematches.rematch_votes(game)

    async def ask_rematch(self, game_id: int, user_id: int) -> RematchAsk:
        return await self.rematches.ask_rematch(game_id, user_id)

    # ---------------------------------------------------------- next-game calls: `service.calls`
    async def call_next_game(self, chat_id: int, user_id: int) -> CallResult:
        return await self.calls.call(chat_id, user_id)

    async def cancel_call(self, chat_id: int, user_id: int) -> bool:
        return await self.calls.cancel_call(chat_id, user_id)

    async def cancel_calls(self, user_id: int) -> int:
        return await self.calls.cancel_calls(user_id)

    async def calls_of(self, user_id: int) -> list[WaitingCall]:
        return await self.calls.calls_of(user_id)

    async def calls_waiting(self, chat_id: int) -> int:
        return await self.calls.waiting(chat_id)

    async def answer_calls(self, game: GameInfo) -> CallsAnswered:
        return await self.calls.answer_calls(game)

    # ---------------------------------------------------------- the lobby: `service.lobby`
    async def open_lobby(self, chat_id: int, creator: PlayerInfo, variant: str = 'kozel',
                         options: Mapping[str, Any] | None = None, *, topic: int | None = None,
                         computers: int = 0, level: str = "medium") -> GameInfo:
        return await self.lobby.open_lobby(chat_id, creator, variant, options, topic=topic,
                                           computers=computers, level=level)

    async def join(self, chat_id: int, player: PlayerInfo, *, topic: int | None = None,
                   member: bool = True) -> GameInfo:
        return await self.lobby.join(chat_id, player, topic=topic, member=member)

    async def leave(self, chat_id: int, user_id: int, *, topic: int | None = None) -> GameInfo:
        return await self.lobby.leave(chat_id, user_id, topic=topic)

    async def add_ai(self, chat_id: int, user_id: int, level: str, *, is_admin: bool = False,
                     topic: int | None = None) -> GameInfo:
        return await self.lobby.add_ai(chat_id, user_id, level, is_admin=is_admin, topic=topic)

    async def remove_ai(self, chat_id: int, user_id: int, seat: int | None = None, *,
                        is_admin: bool = False, topic: int | None = None) -> GameInfo:
        return await self.lobby.remove_ai(chat_id, user_id, seat, is_admin=is_admin, topic=topic)

    async def check_manager(self, chat_id: int, user_id: int, *, is_admin: bool = False,
                            topic: int | None = None) -> GameInfo:
        return await self.lobby.check_manager(chat_id, user_id, is_admin=is_admin, topic=topic)

    async def change_settings(self, chat_id: int, user_id: int, *, variant: str | None = None,
                              options: Mapping[str, Any] | None = None, is_admin: bool = False,
                              topic: int | None = None) -> GameInfo:
        return await self.lobby.change_settings(chat_id, user_id, variant=variant, options=options,
                                                is_admin=is_admin, topic=topic)

    # ---------------------------------------------------------- play: `service.play`
    async def start(self, chat_id: int, user_id: int, *, is_admin: bool = False,
                    topic: int | None = None) -> MoveReport:
        return await self.play.start(chat_id, user_id, is_admin=is_admin, topic=topic)

    async def move(self, game_id: int, user_id: int, version: int, move: Move) -> MoveReport:
        return await self.play.move(game_id, user_id, version, move)

    async def ai_turn(self, game_id: int) -> AiTurn | None:
        return await self.play.ai_turn(game_id)

    async def ai_move(self, game_id: int, version: int, move: Move | None = None) -> MoveReport:
        return await self.play.ai_move(game_id, version, move)

    async def act_for(self, game_id: int, version: int, seat: int, level: str, *,
                      in_tx: InTransaction | None = None) -> tuple[MoveReport, bool]:
        return await self.play.act_for(game_id, version, seat, level, in_tx=in_tx)

    def note_chat_settings(self, chat_id: int, settings: Mapping[str, Any]) -> None:
        return self.play.note_chat_settings(chat_id, settings)

    # ---------------------------------------------------------- cancelling: `service.cancels`
    async def cancel(self, chat_id: int, user_id: int, *, is_admin: bool = False,
                     topic: int | None = None) -> GameInfo:
        return await self.cancels.cancel(chat_id, user_id, is_admin=is_admin, topic=topic)

    async def agree_to_cancel(self, game_id: int, user_id: int) -> CancelAgreement:
        return await self.cancels.agree_to_cancel(game_id, user_id)

    async def close_chat(self, chat_id: int) -> list[GameInfo]:
        return await self.cancels.close_chat(chat_id)

    async def close_lost_topic(self, game_id: int) -> GameInfo | None:
        return await self.cancels.close_lost_topic(game_id)

    # ---------------------------------------------------------- reading games: `service.games`
    async def game(self, game_id: int) -> GameInfo:
        return await self.games.game(game_id)

    async def active_game(self, chat_id: int, *, topic: int | None = None) -> GameInfo | None:
        return await self.games.active_game(chat_id, topic=topic)

    async def last_game(self, chat_id: int, *, topic: int | None = None) -> GameInfo | None:
        return await self.games.last_game(chat_id, topic=topic)

    async def last_finished_game(self, *, chat_id: int | None = None, user_id: int | None = None,
                                 topic: int | None = None) -> GameInfo | None:
        return await self.games.last_finished_game(chat_id=chat_id, user_id=user_id, topic=topic)

    async def active_games(self) -> list[GameInfo]:
        return await self.games.active_games()

    async def games_playing(self) -> int:
        """How many games are being played now (the metrics' ``domino_games_active``)."""
        return await self.games.count_playing()

    def take_set_aside(self) -> list[SetAside]:
        """The games `active_games` set aside since the last call (cannot be rebuilt;
        now cancelled and marked broken): their groups are to be told once."""
        return take_set_aside(self.context)

    async def untold_finished_games(self, within: float = UNTOLD_WITHIN) -> list[GameInfo]:
        return await self.games.untold_finished_games(within)

    async def seat_view(self, game_id: int, user_id: int) -> tuple[GameInfo, SeatInfo, SeatView]:
        return await self.games.seat_view(game_id, user_id)

    async def seat_views(self, game_id: int, seats: Iterable[int] | None = None
                         ) -> tuple[GameInfo, dict[int, SeatView]]:
        return await self.games.seat_views(game_id, seats)

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        return await self.games.games_of_user(user_id)

    async def started_games_of_user(self, user_id: int, limit: int = 6) -> list[GameInfo]:
        return await self.games.started_games_of_user(user_id, limit)

    # ---------------------------------------------------------- records: `service.records`
    async def record(self, game_id: int) -> dict[str, Any]:
        return await self.records.record(game_id)

    async def record_for(self, game_id: int, user_id: int | None) -> dict[str, Any]:
        return await self.records.record_for(game_id, user_id)

    async def ended_rounds(self, game_id: int) -> list[RoundSummary]:
        return await self.records.ended_rounds(game_id)

    async def ended_round_views(self, game_id: int) -> list[SeatView]:
        return await self.records.ended_round_views(game_id)

    async def claim_fish(self, chat_id: int, *, topic: int | None = None) -> FishClaim:
        return await self.records.claim_fish(chat_id, topic=topic)

    async def review_input(self, game_id: int, user_id: int) -> ReviewInput:
        return await self.records.review_input(game_id, user_id)

    async def replay_input(self, game_id: int, user_id: int) -> ReplayInput:
        return await self.records.replay_input(game_id, user_id)

    # ---------------------------------------------------------- privacy: `service.privacy`
    async def forget(self, user_id: int, *, asked_at: float | None = None) -> Forgotten:
        return await self.privacy.forget(user_id, asked_at=asked_at)

    async def apply_retention(self, moves_days: int, pings_days: int) -> Retained:
        return await self.privacy.apply_retention(moves_days, pings_days)

    async def visible_names(self, asker: int, user_ids: Iterable[int]) -> frozenset[int]:
        return await self.privacy.visible_names(asker, user_ids)
