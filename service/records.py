"""A game's record and what is derived from it: ``/export``, the ended rounds, the fish
question, and the post-game review's input.

The record is built from the stored moves when asked for (never stored whole).
While a game goes on nobody gets its complete record: an asker gets the view
record of what he may see (`Records.record_for`).
"""

from __future__ import annotations

from typing import Any

from engine.core.kind import Piece, PlayedGame
from engine.core.results import RoundEnd
from engine.core.view import SeatView
from engine.fairness import deal_fields
from engine.games import kind_of
from service.context import Context
from service.errors import (
    MovesDeletedError,
    NoFishError,
    NoReviewError,
    NoSuchGameError,
    NotInGameError,
    NotInLobbyError,
    UnreadableGameError,
)
from service.loading import BrokenGameError, Live, active_in, live, note_chat, own_seat
from service.review import NotFinishedError, ReviewInput
from service.types import FishClaim, ReplayInput
from storage import Executor, GameRow, SeatRow

__all__ = ["Records", "RoundSummary"]

RoundSummary = tuple[RoundEnd, tuple[tuple[Piece, ...], ...]]


def _with_secret(record: dict[str, Any], row: GameRow) -> dict[str, Any]:
    """``record`` with the deal's secret and commitment (``"deal"``, engine/fairness.py)
    once the game is finished; before that, and for a cancelled game, as it is: the
    secret deals every round still to come, so no record shows it mid-game."""
    if row.status != "finished" or row.seed is None:
        return record
    return {**record, "deal": deal_fields(row.seed, str(record["variant"]))}


async def _started(ctx: Context, ex: Executor, game_id: int
                   ) -> tuple[GameRow, list[SeatRow]]:
    """The game and its seats; `NoSuchGameError` for no such game or one never started
    (no record yet)."""
    loaded = await ctx.repos.games.load(ex, game_id)
    if loaded is None or loaded[0].record_json is None:
        raise NoSuchGameError()
    return loaded


async def readable(ctx: Context, ex: Executor, row: GameRow) -> Live:
    """The game rebuilt for its record; `UnreadableGameError` when its stored moves no
    longer rebuild it (a game set aside as broken)."""
    try:
        return await live(ctx, ex, row)
    except BrokenGameError as exc:
        raise UnreadableGameError(str(exc)) from exc


class Records:
    """Records, ended rounds, the fish question and the review's input (reads only)."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def record(self, game_id: int) -> dict[str, Any]:
        """The game's complete record (``domino-record/1``), built from its stored moves,
        hidden tiles included (every hand, the boneyard in draw order). Never for
        anyone's eyes while the game goes on: what an asker may see is `record_for`."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            row = await ctx.repos.games.get(ex, game_id)
            if row is None or row.record_json is None:
                raise NoSuchGameError()
            played = await readable(ctx, ex, row)
            return _with_secret(
                kind_of(played.game.variant).to_record(played.game, list(played.names)), row)

    async def record_for(self, game_id: int, user_id: int | None) -> dict[str, Any]:
        """The record of the game as ``user_id`` may see it: complete once the game is
        finished; before that (or when cancelled) a ``domino-view/1`` record holding
        only his own tiles if he sits in the game, nothing hidden for anyone else
        (``user_id`` None: the public view, for a group). `NoSuchGameError` for a
        game that does not exist or never started."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            row, seats = await _started(ctx, ex, game_id)
            played = await readable(ctx, ex, row)
            seat = next((s.seat for s in seats if user_id is not None and s.user_id == user_id),
                        None)
            record = kind_of(played.game.variant).to_view_record(played.game, seat,
                                                                 list(played.names))
            return _with_secret(record, row)

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
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            row = await ctx.repos.games.get(ex, game_id)
            if row is None:
                raise NoSuchGameError()
            if row.record_json is None:
                return None
            return (await readable(ctx, ex, row)).game

    async def claim_fish(self, chat_id: int, *, topic: int | None = None) -> FishClaim:
        """Is it a fish? Answered from public facts only."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            row, _ = await active_in(ctx, ex, chat_id, topic)
            if row.status != "playing":
                raise NotInLobbyError("the game has not started")
            game = (await readable(ctx, ex, row)).game
            facts = kind_of(game.variant).fish(game)
            if facts is None:
                raise NoFishError(f"{row.variant} has no fish")
            return FishClaim(facts.is_fish, facts.boneyard_left, dict(facts.unplayed))

    async def review_input(self, game_id: int, user_id: int) -> ReviewInput:
        """What the engine needs to review ``user_id``'s play in a finished game: its
        complete record and his own seat (the engine derives his views from them).
        `NoSuchGameError` for no such game, `NotInGameError` for anyone who did not
        play in it, `NotFinishedError` while it is played, in its lobby or cancelled."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            row, _, mine = await own_seat(ctx, ex, game_id, user_id)
            if row.moves_deleted_at is not None:
                raise MovesDeletedError()
            if row.status != "finished" or row.record_json is None or row.seed is None:
                raise NotFinishedError()
            if not kind_of(row.variant).reviewed:
                raise NoReviewError(f"{row.variant} is not reviewed")
            note_chat(ctx, row)
            played = await readable(ctx, ex, row)
            entries = tuple(m.move for m in await ctx.repos.moves.list(ex, row.game_id))
            return ReviewInput(game_id=row.game_id, chat_id=row.chat_id, user_id=user_id,
                               seat=mine.seat, variant=row.variant, seed=row.seed,
                               names=played.names, entries=entries,
                               record=_with_secret(kind_of(played.game.variant).to_record(
                                   played.game, list(played.names)), row))

    async def replay_input(self, game_id: int, user_id: int) -> ReplayInput:
        """A finished game's complete record for its replay, to ``user_id``: to a
        player of it; to anyone else only for a group's game (``player`` False: the
        caller checks that he is a member of that group, which only Telegram knows).
        A finished game has no secrets left: its group may `/export` the same record.
        `NoSuchGameError` for no such game (or one that never started),
        `NotFinishedError` while it is played or when cancelled, `NotInGameError` for
        someone else's solo table, `MovesDeletedError` once retention deleted its moves."""
        ctx = self._ctx
        async with ctx.db.reading() as ex:
            row, seats = await _started(ctx, ex, game_id)
            player = any(s.user_id == user_id for s in seats)
            if not player and row.chat_id > 0:  # a private chat's game: a solo table
                raise NotInGameError()
            if row.status != "finished" or row.seed is None:
                raise NotFinishedError()
            if row.moves_deleted_at is not None:
                raise MovesDeletedError()
            note_chat(ctx, row)
            played = await readable(ctx, ex, row)
            record = kind_of(played.game.variant).to_record(played.game, list(played.names))
            return ReplayInput(game_id=row.game_id, chat_id=row.chat_id, variant=row.variant,
                               player=player, record=record)

