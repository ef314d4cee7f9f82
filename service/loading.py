"""A game as every part of the service loads it: in memory, as a value, checked.

A started game is kept in memory (`Live`, in the context's cache) at the version
it was loaded or played to; a game not in the cache, or at another version, is
rebuilt from its seed and stored moves (one query). The rest are the small
shared steps: a game's `GameInfo`, the chat's active game, who may manage or
run a lobby, the forum topic as storage keeps it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core.errors import EngineError
from engine.core.kind import PlayedGame
from engine.fairness import committed, short_commitment
from engine.variants import get_variant
from service.context import CACHE_SIZE, CHAT_CACHE_SIZE, Context, lru_put
from service.errors import (
    AlreadyStartedError,
    BadSettingsError,
    MovesDeletedError,
    NoSuchGameError,
    NotAllowedError,
    NotInGameError,
    NotInLobbyError,
    NotManagerError,
)
from service.history import rebuild
from service.types import TAKEOVER_LEVEL, GameInfo, SeatInfo
from storage import Executor, GameRow, SeatRow, Transaction

__all__ = ["BrokenGameError", "Live", "active_in", "chat_of", "info", "info_of", "level_of",
           "live", "lobby_of", "max_players", "may_manage", "may_run", "min_players",
           "note_chat", "own_seat", "people", "reload", "remember", "seat_info", "stored"]


class BrokenGameError(RuntimeError):
    """A stored game that cannot be rebuilt from its seed and moves (a rule change, a
    corrupt row): `service.broken` sets it aside."""


@dataclass(slots=True)
class Live:
    """A game in memory at ``version``, with the number of moves stored for it."""

    version: int
    game: PlayedGame
    moves: int
    names: tuple[str, ...]


def max_players(variant: str) -> int:
    return max(get_variant(variant).players_allowed)


def min_players(variant: str) -> int:
    return min(get_variant(variant).players_allowed)


def level_of(seat: SeatRow) -> str | None:
    """Who moves for the seat when nobody presses: its computer player, the take-over
    player for a person away, None for a person present."""
    if seat.ai_level is not None:
        return seat.ai_level
    return TAKEOVER_LEVEL if seat.away and seat.user_id is not None else None


def people(seats: Iterable[SeatRow]) -> frozenset[int]:
    """The persons seated (computer seats are no one's)."""
    return frozenset(s.user_id for s in seats if s.user_id is not None)


# --- forum topics: the service speaks of a topic as ``int | None`` (None: no topic, a
# chat that is no forum or a forum's General topic); storage keeps 0 for it.
def stored(topic: int | None) -> int:
    if topic is not None and not 0 < topic < 2**63:
        raise BadSettingsError(f"bad topic {topic!r}")
    return topic or 0


# ------------------------------------------------------------- the caches
def remember(ctx: Context, game_id: int, game: Live) -> None:
    lru_put(ctx.games, game_id, game, CACHE_SIZE)


def note_chat(ctx: Context, row: GameRow) -> None:
    lru_put(ctx.chats, row.game_id, row.chat_id, CHAT_CACHE_SIZE)


async def live(ctx: Context, ex: Executor, row: GameRow) -> Live:
    """The started game ``row`` in memory: from the cache if it is at the row's
    version, else rebuilt from the stored moves (one query)."""
    if row.moves_deleted_at is not None:  # the host's retention let its moves go
        raise MovesDeletedError(f"game {row.game_id}: its moves were deleted")
    cached = ctx.games.get(row.game_id)
    if cached is not None and cached.version == row.version:
        ctx.games.move_to_end(row.game_id)
        return cached
    if row.record_json is None or row.seed is None:
        raise NotInLobbyError("the game has not started")
    moves = await ctx.repos.moves.list(ex, row.game_id)
    try:
        game, names = rebuild(row.record_json, row.seed, (m.move for m in moves))
    except (EngineError, ValueError, KeyError) as exc:
        raise BrokenGameError(f"game {row.game_id} cannot be rebuilt from its moves: {exc}"
                              ) from exc
    loaded = Live(row.version, game, len(moves), tuple(names))
    remember(ctx, row.game_id, loaded)
    return loaded


async def chat_of(ctx: Context, game_id: int) -> int | None:
    """The game's chat (None: no such game); kept in memory, since a game's chat
    changes only when its group becomes a supergroup."""
    chat_id = ctx.chats.get(game_id)
    if chat_id is not None:
        ctx.chats.move_to_end(game_id)
        return chat_id
    row = await ctx.repos.games.get(ctx.db, game_id)
    if row is None:
        return None
    note_chat(ctx, row)
    return row.chat_id


# ------------------------------------------------------------- values
def seat_info(row: SeatRow) -> SeatInfo:
    return SeatInfo(row.seat, row.user_id, row.display_name, row.ai_level,
                    away=row.away and row.user_id is not None)


def info(row: GameRow, seats: list[SeatRow], game: PlayedGame | None) -> GameInfo:
    view = game.view(None) if game is not None else None
    return GameInfo(
        game_id=row.game_id, chat_id=row.chat_id, version=row.version, status=row.status,
        variant=row.variant, options=dict(row.options),
        creator_user_id=row.creator_user_id,
        seats=tuple(seat_info(s) for s in seats),
        min_players=min_players(row.variant), max_players=max_players(row.variant),
        view=view, topic=row.topic or None,
        commitment=short_commitment(row.seed, row.variant)
        if row.status != "lobby" and row.seed is not None and committed(row.seed) else None,
    )


async def info_of(ctx: Context, ex: Executor, row: GameRow, seats: list[SeatRow]) -> GameInfo:
    """The game's facts. A game that is over (finished or cancelled) and no longer
    rebuilds from its moves (set aside as broken) is described without its position;
    one still played raises `BrokenGameError`, which sets it aside."""
    note_chat(ctx, row)
    # a game whose moves the retention deleted is shown without its table (view None)
    try:
        loaded = await live(ctx, ex, row) \
            if row.record_json is not None and row.moves_deleted_at is None else None
    except BrokenGameError:
        if row.status in ("lobby", "playing"):
            raise
        loaded = None
    return info(row, seats, loaded.game if loaded is not None else None)


# ------------------------------------------------------------- loading
async def active_in(ctx: Context, ex: Executor, chat_id: int, topic: int | None = None
                    ) -> tuple[GameRow, list[SeatRow]]:
    loaded = await ctx.repos.games.load_active_for_chat(ex, chat_id, stored(topic))
    if loaded is None:
        raise NoSuchGameError(f"no game in chat {chat_id} (topic {topic})")
    note_chat(ctx, loaded[0])
    return loaded


async def lobby_of(ctx: Context, tx: Transaction, chat_id: int, topic: int | None = None
                   ) -> tuple[GameRow, list[SeatRow]]:
    """The chat's (topic's) game, which must be in its lobby (`AlreadyStartedError`)."""
    row, seats = await active_in(ctx, tx, chat_id, topic)
    if row.status != "lobby":
        raise AlreadyStartedError()
    return row, seats


async def reload(ctx: Context, tx: Transaction, game_id: int) -> GameInfo:
    loaded = await ctx.repos.games.load(tx, game_id)
    assert loaded is not None
    return info(loaded[0], loaded[1], None)


async def own_seat(ctx: Context, ex: Executor, game_id: int, user_id: int
                   ) -> tuple[GameRow, list[SeatRow], SeatRow]:
    """The game, its seats and ``user_id``'s own seat (`NoSuchGameError`,
    `NotInGameError`)."""
    loaded = await ctx.repos.games.load(ex, game_id)
    if loaded is None:
        raise NoSuchGameError()
    row, seats = loaded
    mine = next((s for s in seats if s.user_id == user_id), None)
    if mine is None:
        raise NotInGameError()
    return row, seats, mine


# ------------------------------------------------------------- who may
def may_manage(row: GameRow, seats: list[SeatRow], user_id: int, is_admin: bool) -> None:
    """Settings, computer seats: only the creator or a chat admin. Should the
    creator have left the lobby, any player still in it (else nobody could)."""
    if is_admin or user_id == row.creator_user_id:
        return
    creator = next((s for s in seats if s.user_id == row.creator_user_id), None)
    if creator is None and any(s.user_id == user_id for s in seats):
        return
    raise NotManagerError(creator.display_name if creator is not None else None)


def may_run(row: GameRow, seats: list[SeatRow], user_id: int, is_admin: bool) -> None:
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
