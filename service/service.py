"""The game service: one async API over storage and the engine.

Every command that changes a game runs in one transaction and carries the
version it was issued against; a stale or repeated command is refused with
:class:`StaleCommandError` and changes nothing. Commands on one game are
serialized by a per-game lock (and, across processes, by SQLite's write lock).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, cast

from engine.ai import make_player
from engine.errors import EngineError
from engine.game import Game, SeatView
from engine.moves import Move
from engine.record import replay, to_record
from engine.results import EndKind, GameEndReason, MoveResult, RoundEnd
from engine.tiles import Tile, full_set
from engine.variants import get_variant, make_variant
from service.errors import (
    ActiveGameExistsError,
    AlreadyJoinedError,
    AlreadyStartedError,
    BadSettingsError,
    GameOverError,
    IllegalMoveError,
    LobbyFullError,
    NoSuchGameError,
    NotAllowedError,
    NotEnoughPlayersError,
    NotInGameError,
    NotInLobbyError,
    NotYourTurnError,
    ServiceError,
    StaleCommandError,
)
from service.types import AI_LEVELS, FishClaim, GameInfo, MoveReport, PlayerInfo, SeatInfo
from storage import (
    AiLevel,
    Database,
    GameRow,
    Repositories,
    SeatRow,
    StatsDelta,
    Transaction,
)
from storage import errors as st

Chooser = Callable[[str, int, SeatView], Move]
# Picks the move of ``seat`` in ``game`` (the game's seed given): for act_for.
Picker = Callable[[Game, int, int], Move]
InTransaction = Callable[[Transaction], Awaitable[None]]

# The computer player that takes the seat of a person away (turn timers).
TAKEOVER_LEVEL = "medium"

CACHE_SIZE = 256
# The options of the first six variants (their ``accepted_options`` is None); the others
# say which they take (``Variant.accepted_options``).
BOOL_OPTIONS = ("teams", "fish_point")
INT_OPTIONS = ("target", "rounds")


def _accepted(variant: str) -> frozenset[str]:
    accepted = get_variant(variant).accepted_options
    return accepted if accepted is not None else frozenset(BOOL_OPTIONS + INT_OPTIONS)


def _max_players(variant: str) -> int:
    return max(get_variant(variant).players_allowed)


def _min_players(variant: str) -> int:
    return min(get_variant(variant).players_allowed)


def _check_options(variant: str, options: Mapping[str, Any]) -> None:
    """Check house rules against the largest table the variant allows."""
    accepted = _accepted(variant)
    for key in options:
        if key not in accepted:
            raise BadSettingsError(f"unknown option {key!r}")
    probe = dict(options)
    try:
        if probe.get("teams"):
            make_variant(variant, 4, probe)
        else:
            players = _max_players(variant)
            if not get_variant(variant).default_teams(players):
                probe.pop("teams", None)  # no teams is the variant's own rule then
            make_variant(variant, players, probe)
    except EngineError as exc:
        raise BadSettingsError(str(exc)) from None


class GameService:
    """Lobbies, seats, moves, views and statistics; plain values in and out."""

    def __init__(self, db: Database, *, seeds: Callable[[], int] | None = None,
                 ai_chooser: Chooser | None = None) -> None:
        self._db = db
        self._repos = Repositories.of(db)
        self._seeds = seeds or (lambda: secrets.randbits(48))
        self._ai = ai_chooser
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: OrderedDict[int, tuple[int, Game]] = OrderedDict()

    # ------------------------------------------------------------- helpers
    def _lock(self, chat_id: int) -> asyncio.Lock:
        lock = self._locks.get(chat_id)
        if lock is None:
            lock = self._locks[chat_id] = asyncio.Lock()
        return lock

    @staticmethod
    def _seat_info(row: SeatRow) -> SeatInfo:
        return SeatInfo(row.seat, row.user_id, row.display_name, row.ai_level,
                        away=row.away and row.user_id is not None)

    def _info(self, row: GameRow, seats: list[SeatRow], game: Game | None) -> GameInfo:
        view = game.view(None) if game is not None else None
        return GameInfo(
            game_id=row.game_id, chat_id=row.chat_id, version=row.version, status=row.status,
            variant=row.variant, options=dict(row.options),
            creator_user_id=row.creator_user_id,
            seats=tuple(self._seat_info(s) for s in seats),
            min_players=_min_players(row.variant), max_players=_max_players(row.variant),
            view=view,
        )

    def _load_game(self, row: GameRow) -> Game:
        cached = self._cache.get(row.game_id)
        if cached is not None and cached[0] == row.version:
            self._cache.move_to_end(row.game_id)
            return cached[1]
        assert row.record_json is not None and row.seed is not None
        game, _ = replay(json.loads(row.record_json))
        game.deal_from_seed(row.seed)
        self._remember(row.game_id, row.version, game)
        return game

    def _remember(self, game_id: int, version: int, game: Game) -> None:
        self._cache[game_id] = (version, game)
        self._cache.move_to_end(game_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    async def _active(self, chat_id: int, tx: Transaction | None = None) -> GameRow:
        row = await self._repos.games.get_active_for_chat(chat_id, conn=tx)
        if row is None:
            raise NoSuchGameError(f"no game in chat {chat_id}")
        return row

    async def _lobby(self, chat_id: int, tx: Transaction) -> GameRow:
        row = await self._active(chat_id, tx)
        if row.status != "lobby":
            raise AlreadyStartedError()
        return row

    async def _may_manage(self, row: GameRow, seats: list[SeatRow], user_id: int,
                          is_admin: bool) -> None:
        """Only the creator or a chat admin, once anyone else has joined."""
        if is_admin or user_id == row.creator_user_id:
            return
        others = [s for s in seats if s.user_id is not None and s.user_id != user_id]
        if others:
            raise NotAllowedError("only the creator or a chat admin may do that")

    # --------------------------------------------------------------- users
    async def remember_user(self, player: PlayerInfo, *, private_chat: bool | None = None
                            ) -> None:
        first, _, last = player.name.partition(" ")
        users = self._repos.users
        await users.upsert_profile(player.user_id, first_name=first or player.name,
                                   last_name=last or None, username=player.username,
                                   language_code=player.language)
        if private_chat is not None:
            await users.set_has_private_chat(player.user_id, private_chat)

    # --------------------------------------------------------------- lobby
    async def open_lobby(self, chat_id: int, creator: PlayerInfo, variant: str = "kozel",
                         options: Mapping[str, Any] | None = None) -> GameInfo:
        """Open a lobby in ``chat_id`` with its creator seated."""
        try:
            get_variant(variant)
        except EngineError as exc:
            raise BadSettingsError(str(exc)) from None
        _check_options(variant, options or {})
        async with self._lock(chat_id), self._db.transaction() as tx:
            try:
                game_id = await self._repos.games.create_lobby(
                    chat_id, variant, creator.user_id, options=dict(options or {}),
                    seed=self._seeds(), conn=tx)
            except st.ActiveGameExistsError as exc:
                raise ActiveGameExistsError(str(exc)) from None
            await self._repos.games.add_seat(game_id, display_name=creator.name,
                                             user_id=creator.user_id, conn=tx)
            row = await self._repos.games.require(game_id, conn=tx)
            seats = await self._repos.games.list_seats(game_id, conn=tx)
        return self._info(row, seats, None)

    async def join(self, chat_id: int, player: PlayerInfo) -> GameInfo:
        async with self._lock(chat_id), self._db.transaction() as tx:
            row = await self._lobby(chat_id, tx)
            try:
                await self._repos.games.add_seat(
                    row.game_id, display_name=player.name, user_id=player.user_id,
                    max_seats=_max_players(row.variant), conn=tx)
            except st.AlreadySeatedError:
                raise AlreadyJoinedError() from None
            except st.GameFullError:
                raise LobbyFullError() from None
            return await self._reload(row.game_id, tx)

    async def leave(self, chat_id: int, user_id: int) -> GameInfo:
        """Leave a lobby; the last human leaving cancels it."""
        async with self._lock(chat_id), self._db.transaction() as tx:
            row = await self._lobby(chat_id, tx)
            games = self._repos.games
            if await games.get_seat_of_user(row.game_id, user_id, conn=tx) is None:
                raise NotInGameError()
            await games.remove_user(row.game_id, user_id, conn=tx)
            await games.renumber_seats(row.game_id, conn=tx)
            seats = await games.list_seats(row.game_id, conn=tx)
            if not any(s.user_id is not None for s in seats):
                await games.set_status(row.game_id, "cancelled", conn=tx)
            return await self._reload(row.game_id, tx)

    async def add_ai(self, chat_id: int, user_id: int, level: str) -> GameInfo:
        if level not in AI_LEVELS:
            raise BadSettingsError(f"unknown level {level!r}")
        async with self._lock(chat_id), self._db.transaction() as tx:
            row = await self._lobby(chat_id, tx)
            games = self._repos.games
            if await games.get_seat_of_user(row.game_id, user_id, conn=tx) is None:
                raise NotInGameError()
            seats = await games.list_seats(row.game_id, conn=tx)
            n = sum(1 for s in seats if s.ai_level is not None) + 1
            try:
                await games.add_seat(row.game_id, display_name=f"AI {n}",
                                     ai_level=cast(AiLevel, level),
                                     max_seats=_max_players(row.variant), conn=tx)
            except st.GameFullError:
                raise LobbyFullError() from None
            return await self._reload(row.game_id, tx)

    async def remove_ai(self, chat_id: int, user_id: int, seat: int | None = None) -> GameInfo:
        """Remove the computer player in ``seat`` (default: the last one)."""
        async with self._lock(chat_id), self._db.transaction() as tx:
            row = await self._lobby(chat_id, tx)
            games = self._repos.games
            if await games.get_seat_of_user(row.game_id, user_id, conn=tx) is None:
                raise NotInGameError()
            seats = await games.list_seats(row.game_id, conn=tx)
            ais = [s for s in seats if s.ai_level is not None
                   and (seat is None or s.seat == seat)]
            if not ais:
                raise BadSettingsError("no such computer player")
            await games.remove_seat(row.game_id, ais[-1].seat, conn=tx)
            await games.renumber_seats(row.game_id, conn=tx)
            return await self._reload(row.game_id, tx)

    async def change_settings(self, chat_id: int, user_id: int, *, variant: str | None = None,
                              options: Mapping[str, Any] | None = None,
                              is_admin: bool = False) -> GameInfo:
        """Change the lobby's variant and house rules (a value of None drops an option)."""
        async with self._lock(chat_id), self._db.transaction() as tx:
            row = await self._lobby(chat_id, tx)
            games = self._repos.games
            seats = await games.list_seats(row.game_id, conn=tx)
            await self._may_manage(row, seats, user_id, is_admin)
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
            _check_options(new_variant, merged)
            if len(seats) > _max_players(new_variant):
                raise LobbyFullError()
            await games.update_options(row.game_id, merged, variant=new_variant, conn=tx)
            return await self._reload(row.game_id, tx)

    async def _reload(self, game_id: int, tx: Transaction) -> GameInfo:
        row = await self._repos.games.require(game_id, conn=tx)
        seats = await self._repos.games.list_seats(game_id, conn=tx)
        return self._info(row, seats, None)

    # ---------------------------------------------------------------- play
    async def start(self, chat_id: int, user_id: int, *, is_admin: bool = False) -> MoveReport:
        async with self._lock(chat_id), self._db.transaction() as tx:
            row = await self._lobby(chat_id, tx)
            games = self._repos.games
            seats = await games.list_seats(row.game_id, conn=tx)
            if all(s.user_id != user_id for s in seats) and not is_admin:
                raise NotInGameError()
            await self._may_manage(row, seats, user_id, is_admin)
            players = len(seats)
            cls = get_variant(row.variant)
            if players < min(cls.players_allowed):
                raise NotEnoughPlayersError(f"{row.variant} needs {cls.players_allowed}")
            options = dict(row.options)
            if options.get("teams") and players != 4:
                options.pop("teams")
            try:
                variant = make_variant(row.variant, players, options)
            except EngineError as exc:
                raise BadSettingsError(str(exc)) from None
            assert row.seed is not None
            game = Game(variant, seed=row.seed)
            names = [s.display_name for s in seats]
            version = await games.update_state(
                row.game_id, row.version,
                record_json=json.dumps(to_record(game, names), ensure_ascii=False),
                status="playing")
            row = await games.require(row.game_id, conn=tx)
        self._remember(row.game_id, version, game)
        return MoveReport(self._info(row, seats, game),
                          refresh_seats=frozenset(range(players)), started=True)

    async def move(self, game_id: int, user_id: int, version: int, move: Move) -> MoveReport:
        """A person's move (place, draw or pass) issued against ``version``."""
        return await self._command(game_id, version, user_id, move)

    async def ai_move(self, game_id: int, version: int) -> MoveReport:
        """Let the computer player on turn move (the bot calls this after a pause)."""
        return await self._command(game_id, version, None, None)

    async def act_for(self, game_id: int, version: int, seat: int, level: str, *,
                      in_tx: InTransaction | None = None) -> tuple[MoveReport, bool]:
        """Move for ``seat`` (a time-out): its only legal action if it has exactly one
        (forced), else the move the ``level`` computer player chooses; True if forced.

        Versioned like every command (a race with a real move is refused as stale);
        ``in_tx`` runs in the same transaction after the move is saved, and may
        raise a ServiceError to undo it.
        """
        forced = False

        def pick(game: Game, on_turn: int, seed: int) -> Move:
            nonlocal forced
            legal = game.legal_moves()
            if len(legal) == 1:
                forced = True
                return legal[0]
            return self._choose(level, game, on_turn, seed)

        report = await self._command(game_id, version, None, None, for_seat=seat, pick=pick,
                                     in_tx=in_tx)
        return report, forced

    async def _command(self, game_id: int, version: int, user_id: int | None,
                       move: Move | None, *, for_seat: int | None = None,
                       pick: Picker | None = None,
                       in_tx: InTransaction | None = None) -> MoveReport:
        row0 = await self._repos.games.get(game_id)
        if row0 is None:
            raise NoSuchGameError()
        async with self._lock(row0.chat_id), self._db.transaction() as tx:
            games = self._repos.games
            row = await games.require(game_id, conn=tx)
            if row.status == "lobby":
                raise NotInLobbyError("the game has not started")
            if row.status in ("finished", "cancelled"):
                raise GameOverError()
            seats = await games.list_seats(game_id, conn=tx)
            if user_id is not None and all(s.user_id != user_id for s in seats):
                raise NotInGameError()
            if version != row.version:
                raise StaleCommandError(f"version {version} is not {row.version}")
            game = self._load_game(row)
            seat = game.current_seat
            assert seat is not None
            if pick is not None:
                if seat != for_seat:
                    raise NotYourTurnError(f"seat {for_seat} is not on turn")
                move = pick(game, seat, row.seed or 0)
            elif user_id is None:
                ai: str | None = seats[seat].ai_level
                if ai is None and seats[seat].away:
                    ai = TAKEOVER_LEVEL
                if ai is None:
                    raise NotYourTurnError("a person is on turn")
                move = self._choose(ai, game, seat, row.seed or 0)
            elif seats[seat].user_id != user_id:
                raise NotYourTurnError()
            assert move is not None
            # The game object is shared with the cache: forget it until committed.
            self._cache.pop(game_id, None)
            rounds_before = len(game.rounds)
            round_index = rounds_before - 1
            try:
                result = game.play(move)
            except EngineError as exc:
                self._remember(game_id, row.version, game)  # play() changed nothing
                raise IllegalMoveError(str(exc)) from None
            names = [s.display_name for s in seats]
            finished = game.outcome is not None
            new_version = await games.update_state(
                game_id, row.version,
                record_json=json.dumps(to_record(game, names), ensure_ascii=False),
                status="finished" if finished else None,
                result_json=json.dumps(self._result(game)) if finished else None)
            if finished:
                await self._repos.stats.add_result(tx, self._stats(row, seats, game))
                await self._repos.deadlines.clear(game_id, conn=tx)
            if user_id is not None and seats[seat].timeouts:
                await games.reset_timeouts(game_id, seat, conn=tx)  # he moves himself again
            if in_tx is not None:
                await in_tx(tx)
            row = await games.require(game_id, conn=tx)
        self._remember(game_id, new_version, game)
        return self._report(row, seats, game, result, round_index)

    def _choose(self, level: str, game: Game, seat: int, seed: int) -> Move:
        view = game.view(seat)
        if self._ai is not None:
            return self._ai(level, seed, view)
        return make_player(level, seed, game.variant)(view)

    def _report(self, row: GameRow, seats: list[SeatRow], game: Game, result: MoveResult,
                round_index: int) -> MoveReport:
        refresh = {result.seat}
        if game.current_seat is not None:
            refresh.add(game.current_seat)
        round_ends: tuple[RoundEnd, ...] = ()
        final_hands: tuple[tuple[tuple[Tile, ...], ...], ...] = ()
        if result.round_end is not None:
            round_ends = (result.round_end,)
            ended = game.rounds[round_index]
            final_hands = (tuple(tuple(h) for h in ended.hands),)
            refresh.update(range(game.players))
        return MoveReport(self._info(row, seats, game), (result,), frozenset(refresh),
                          round_ends, final_hands)

    @staticmethod
    def _result(game: Game) -> dict[str, Any]:
        assert game.outcome is not None
        return {"winners": list(game.outcome.winners), "losers": list(game.outcome.losers),
                "reason": str(game.outcome.reason), "totals": list(game.totals)}

    @staticmethod
    def _stats(row: GameRow, seats: list[SeatRow], game: Game) -> list[StatsDelta]:
        outcome = game.outcome
        assert outcome is not None
        fish_by_seat = [0] * game.players
        for rnd in game.rounds:
            if rnd.end is not None and rnd.end.kind is not EndKind.DOMINO:
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
    async def cancel(self, chat_id: int, user_id: int, *, is_admin: bool = False) -> GameInfo:
        async with self._lock(chat_id), self._db.transaction() as tx:
            row = await self._active(chat_id, tx)
            games = self._repos.games
            seats = await games.list_seats(row.game_id, conn=tx)
            if not is_admin and all(s.user_id != user_id for s in seats) \
                    and user_id != row.creator_user_id:
                raise NotAllowedError("only a player, the creator or an admin may cancel")
            await self._may_manage(row, seats, user_id, is_admin)
            await games.set_status(row.game_id, "cancelled", conn=tx)
            await self._repos.deadlines.clear(row.game_id, conn=tx)
            row = await games.require(row.game_id, conn=tx)
        self._cache.pop(row.game_id, None)
        game = self._load_game(row) if row.record_json else None
        return self._info(row, seats, game)

    async def game(self, game_id: int) -> GameInfo:
        row = await self._repos.games.get(game_id)
        if row is None:
            raise NoSuchGameError()
        seats = await self._repos.games.list_seats(game_id)
        return self._info(row, seats, self._load_game(row) if row.record_json else None)

    async def active_game(self, chat_id: int) -> GameInfo | None:
        row = await self._repos.games.get_active_for_chat(chat_id)
        if row is None:
            return None
        seats = await self._repos.games.list_seats(row.game_id)
        return self._info(row, seats, self._load_game(row) if row.record_json else None)

    async def last_game(self, chat_id: int) -> GameInfo | None:
        """The chat's active game, else its most recent one."""
        rows = await self._repos.games.list_for_chat(chat_id, limit=1)
        if not rows:
            return None
        return await self.game(rows[0].game_id)

    async def active_games(self) -> list[GameInfo]:
        return [await self.game(r.game_id) for r in await self._repos.games.list_active()]

    async def seat_view(self, game_id: int, user_id: int) -> tuple[GameInfo, SeatInfo, SeatView]:
        """A player's own view of a game he sits in (only his hand in it)."""
        row = await self._repos.games.get(game_id)
        if row is None:
            raise NoSuchGameError()
        seats = await self._repos.games.list_seats(game_id)
        mine = [s for s in seats if s.user_id == user_id]
        if not mine:
            raise NotInGameError()
        if row.record_json is None:
            raise NotInLobbyError("the game has not started")
        game = self._load_game(row)
        return self._info(row, seats, game), self._seat_info(mine[0]), game.view(mine[0].seat)

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        rows = await self._repos.games.list_active_for_user(user_id)
        return [await self.game(r.game_id) for r in rows]

    async def record(self, game_id: int) -> dict[str, Any]:
        row = await self._repos.games.get(game_id)
        if row is None or row.record_json is None:
            raise NoSuchGameError()
        record: dict[str, Any] = json.loads(row.record_json)
        return record

    async def claim_fish(self, chat_id: int) -> FishClaim:
        """Is it a fish? Answered from public facts only."""
        row = await self._active(chat_id)
        if row.status != "playing":
            raise NotInLobbyError("the game has not started")
        game = self._load_game(row)
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


__all__ = ["GameService", "ServiceError"]
