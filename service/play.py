"""Play: starting a game, a person's move, the computer players' turns, time-out moves.

Every command runs in one transaction (``BEGIN IMMEDIATE``) and carries the
version it was issued against; a stale or repeated command is refused with
`StaleCommandError` and changes nothing.

A move costs a constant amount: with the game in the context's cache it is
BEGIN, one query for the game and its seats, one INSERT of the move's notation,
one UPDATE of the version, COMMIT. A forced pass or draw that follows (the
chat's setting on) is played in the same transaction and costs its own INSERT
and UPDATE; the setting is read once per chat, when first needed. A game not in
the cache is rebuilt from its stored moves (one more query). Computer players
think outside any transaction: `Play.ai_turn` gives what they need,
`service.ai.decide` decides (in a worker process, in the bot), `Play.ai_move`
applies the decision if the game is still at its version.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Final

from engine.core.errors import EngineError
from engine.core.kind import Piece, PlayedGame
from engine.core.moves import Move
from engine.core.results import MoveResult, RoundEnd
from engine.games import kind_of, new_game
from engine.variants import get_variant, make_variant
from service.achievements import award_finished
from service.ai import decide
from service.context import PROFILE_CACHE_SIZE, Context, lru_put
from service.errors import (
    BadSettingsError,
    GameOverError,
    IllegalMoveError,
    NoPrivateChatError,
    NoSuchGameError,
    NotEnoughPlayersError,
    NotInGameError,
    NotInLobbyError,
    NotSeatedError,
    NotYourTurnError,
    StaleCommandError,
)
from service.history import head_json
from service.loading import Live, info, level_of, live, lobby_of, may_run, note_chat, remember
from service.people import unreachable
from service.ratings import rate_finished
from service.standings import stats_of
from service.types import AiTurn, MoveReport
from storage import Executor, GameRow, SeatRow, Transaction

__all__ = ["FORCED_KEY", "MAX_FORCED", "InTransaction", "Picker", "Play"]

# Picks the move of ``seat`` in ``game`` (the game's seed given): for act_for.
Picker = Callable[[PlayedGame, int, int], Move]
InTransaction = Callable[[Transaction], Awaitable[None]]

# chats.settings key: whether a person's forced pass or draw is made for him (default on)
FORCED_KEY: Final = "forced_moves"
MAX_FORCED: Final = 200  # forced moves after one command: a bound, never reached in play


def _result(game: PlayedGame) -> dict[str, Any]:
    assert game.outcome is not None
    return {"winners": list(game.outcome.winners), "losers": list(game.outcome.losers),
            "reason": str(game.outcome.reason), "totals": list(game.totals)}


def _forced_move(game: PlayedGame, seats: list[SeatRow]) -> Move | None:
    """The move to make for the person present on turn when it is all he may do
    (the domino kind: a sole pass or draw); None otherwise (a choice, a computer's
    seat, a person away, a kind that forces nothing)."""
    if game.outcome is not None:
        return None
    seat = game.current_seat
    if seat is None or seat >= len(seats) or level_of(seats[seat]) is not None:
        return None
    return kind_of(game.variant).forced_move(game)


def report_of(row: GameRow, seats: list[SeatRow], game: PlayedGame,
              played: Sequence[tuple[MoveResult, int]], *, forced: int = 0,
              achievements: Mapping[int, tuple[str, ...]] | None = None) -> MoveReport:
    """The report of the moves ``played`` (each with its round), the last ``forced``
    of them made for their player; ``achievements``: what each person newly earned,
    when they finished the game."""
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
    return MoveReport(info(row, seats, game), results, frozenset(refresh),
                      tuple(round_ends), tuple(final_hands),
                      views={s: game.view(s) for s in refresh}, auto=auto,
                      achievements=dict(achievements or {}))


class Play:
    """The commands of a game in play, each one versioned transaction."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def start(self, chat_id: int, user_id: int, *, is_admin: bool = False,
                    topic: int | None = None) -> MoveReport:
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            row, seats = await lobby_of(ctx, tx, chat_id, topic)
            if all(s.user_id != user_id for s in seats) and not is_admin:
                raise NotSeatedError()  # a chat admin who is not seated may start it
            may_run(row, seats, user_id, is_admin)
            players = len(seats)
            cls = get_variant(row.variant)
            if players < min(cls.players_allowed):
                raise NotEnoughPlayersError(f"{row.variant} needs {cls.players_allowed}")
            away = await unreachable(ctx, tx, seats)
            if away:
                raise NoPrivateChatError(tuple(s.display_name for s in away))
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
            version = await ctx.repos.games.update_state(
                tx, row.game_id, row.version, record_json=head_json(game, names),
                status="playing")
            started = Live(version, game, 0, names)
            after = dataclasses.replace(row, version=version, status="playing")
            awards: dict[int, tuple[str, ...]] = {}
            played = await self._play_forced(tx, after, seats, started, awards)
        if played:
            after = dataclasses.replace(after, version=after.version + len(played),
                                        status="finished" if game.outcome else "playing")
        remember(ctx, row.game_id, dataclasses.replace(started, version=after.version))
        everyone = frozenset(range(players))
        report = report_of(after, seats, game, played, forced=len(played), achievements=awards)
        return dataclasses.replace(report, refresh_seats=everyone, started=True,
                                   views={s: game.view(s) for s in everyone})

    async def move(self, game_id: int, user_id: int, version: int, move: Move) -> MoveReport:
        """A person's move (place, draw or pass) issued against ``version``."""
        return await self._command(game_id, version, user_id=user_id, move=move)

    async def ai_turn(self, game_id: int) -> AiTurn | None:
        """The turn of the computer player (or of the take-over player of a person
        away) on turn now, read without a transaction; None when a person present is
        on turn, or the game is not being played (or does not exist)."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            loaded = await ctx.repos.games.load(ex, game_id)
            if loaded is None or loaded[0].status != "playing":
                return None
            row, seats = loaded
            note_chat(ctx, row)
            played = await live(ctx, ex, row)
            seat = played.game.current_seat
            level = level_of(seats[seat]) if seat is not None else None
            if seat is None or level is None:
                return None
            return AiTurn(game_id, row.version, seat, level, row.seed or 0, played.game.variant,
                          played.game.view(seat))

    def _decide(self, turn: AiTurn) -> Move:
        if self._ctx.chooser is not None:
            return self._ctx.chooser(turn.level, turn.seed, turn.view)
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
        has one (chinese, docs/rules.md 4.20 [C12]), else its only legal action if it
        has exactly one (forced), else the move the ``level`` computer player chooses
        (easy or medium: a quick pick, made inside the transaction); True if forced.

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
        ctx = self._ctx
        games = ctx.repos.games
        async with ctx.db.transaction() as tx:
            loaded = await games.load(tx, game_id)
            if loaded is None:
                raise NoSuchGameError()
            row, seats = loaded
            note_chat(ctx, row)
            if row.status == "lobby":
                raise NotInLobbyError("the game has not started")
            if row.status in ("finished", "cancelled"):
                raise GameOverError()
            if user_id is not None and all(s.user_id != user_id for s in seats):
                raise NotInGameError()
            if version != row.version:
                raise StaleCommandError(f"version {version} is not {row.version}")
            played_game = await live(ctx, tx, row)
            game = played_game.game
            seat = game.current_seat
            assert seat is not None
            if pick is not None:
                if seat != for_seat:
                    raise NotYourTurnError(f"seat {for_seat} is not on turn")
                move = pick(game, seat, row.seed or 0)
            elif ai:
                if level_of(seats[seat]) is None:
                    raise NotYourTurnError("a person is on turn")
                if move is None:  # the seat became a computer's since the turn was read
                    raise StaleCommandError("no decision for this turn")
            elif seats[seat].user_id != user_id:
                raise NotYourTurnError()
            assert move is not None
            # The game object is shared with the cache: forget it until committed.
            ctx.games.pop(game_id, None)
            awards: dict[int, tuple[str, ...]] = {}
            try:
                played = [await self._play(tx, row, seats, played_game, move, awards)]
            except EngineError as exc:
                remember(ctx, game_id, played_game)  # play() changed nothing
                raise IllegalMoveError(str(exc)) from None
            if user_id is not None and seats[seat].timeouts:
                await games.reset_timeouts(tx, game_id, seat)  # he moves himself again
            if in_tx is not None:
                await in_tx(tx)
                seats = await games.list_seats(tx, game_id)  # in_tx may change who moves
            after = dataclasses.replace(row, version=row.version + 1)
            forced = await self._play_forced(tx, after, seats, played_game, awards)
            played.extend(forced)
        finished = game.outcome is not None
        after = dataclasses.replace(row, version=row.version + len(played),
                                    status="finished" if finished else row.status)
        played_game.version = after.version
        remember(ctx, game_id, played_game)
        return report_of(after, seats, game, played, forced=len(forced), achievements=awards)

    async def _play(self, tx: Transaction, row: GameRow, seats: list[SeatRow], played: Live,
                    move: Move, awards: dict[int, tuple[str, ...]]) -> tuple[MoveResult, int]:
        """Play ``move`` on the live game at ``row.version`` and store it (the move, the
        version, and the result, statistics, ratings and achievements if it ends the
        game: ``awards`` is given what each person newly earned); the result and
        the index of the round it was played in. ``played`` counts the move; its
        version is left to the caller. EngineError (nothing changed) if illegal."""
        repos = self._ctx.repos
        game = played.game
        round_index = len(game.rounds) - 1
        result, entry = kind_of(game.variant).play(game, move)
        finished = game.outcome is not None
        await repos.moves.append(tx, row.game_id, seq=played.moves, round=round_index,
                                 move=entry, version=row.version + 1)
        played.moves += 1
        await repos.games.update_state(
            tx, row.game_id, row.version, status="finished" if finished else None,
            result_json=json.dumps(_result(game)) if finished else None)
        if finished:
            await repos.stats.add_result(tx, stats_of(row, seats, game))
            await rate_finished(repos, tx, row.game_id)
            awards.update(await award_finished(repos, tx, row.game_id, seats, game))
            await repos.deadlines.clear(tx, row.game_id)
        return result, round_index

    async def _play_forced(self, tx: Transaction, row: GameRow, seats: list[SeatRow],
                           played: Live, awards: dict[int, tuple[str, ...]]
                           ) -> list[tuple[MoveResult, int]]:
        """The forced moves (a pass, a draw) of the people present on turn after a
        command, in its transaction, each stored as a move of its own with its own
        version: while the chat lets them play themselves (its setting, read once)."""
        out: list[tuple[MoveResult, int]] = []
        for _ in range(MAX_FORCED):
            move = _forced_move(played.game, seats)
            if move is None or not await self._forced_on(tx, row.chat_id):
                break
            out.append(await self._play(tx, row, seats, played, move, awards))
            row = dataclasses.replace(row, version=row.version + 1)
        return out

    async def _forced_on(self, ex: Executor, chat_id: int) -> bool:
        forced = self._ctx.forced
        if chat_id not in forced:
            chat = await self._ctx.repos.chats.get(ex, chat_id)
            self.note_chat_settings(chat_id, chat.settings if chat is not None else {})
        forced.move_to_end(chat_id)
        return forced[chat_id]

    def note_chat_settings(self, chat_id: int, settings: Mapping[str, Any]) -> None:
        """The chat's settings as now stored (whoever wrote them): what a move needs
        of them is kept, so a move reads nothing more."""
        value = settings.get(FORCED_KEY, True)
        lru_put(self._ctx.forced, chat_id, value if isinstance(value, bool) else True,
                PROFILE_CACHE_SIZE)
