"""Tournaments in a group: registration, pairing each round, the games, standings.

A chat admin opens a tournament of a variant for two (`Tournaments.open`) in a
chat or forum topic; people register (`join`, `leave`) until an admin starts it
(`start`, three players at least). A tournament of a team variant (``teams`` in its
options) is one of teams of two: a person registers a team, another joins it as his
partner, and it starts once every team has its partner; its games are for four, the
two teams facing each other (seats 0 and 2 against 1 and 3). Everything below about
players holds for its teams. Up to `MAX_ROUND_ROBIN` players play a
round-robin (everyone meets everyone once, `service.pairing.round_robin`); more, a
Swiss tournament (`service.pairing.swiss_round`, `swiss_rounds` rounds). Each
pairing is an ordinary game of the chat (topic), opened and started by the bot
with the two players seated, rated like any other; a chat holds one game at a time,
so the games of a round are played one after the other.

`advance` is the one step that moves a tournament on, and it may be called at any
time, any number of times (after a game of the chat ended, at start-up, after a
withdrawal): it decides each pairing that can be decided (a finished game, a bye, a
withdrawn player's forfeit, a cancelled game), opens the next game, pairs the next
round, or ends the tournament. Every step is stored, so a restart resumes it.

Each game has `TournamentRow.days` days. When they pass (`deadline_due`), the
computer player takes every person's seat and finishes the game: its result
counts like any other.

The standings and their tie-breaks are `service.tiebreaks`.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.core.errors import EngineError
from engine.variants import get_variant
from service.achievements import award_tournament
from service.context import CHAT_CACHE_SIZE, Context, lru_put
from service.errors import (
    AlreadyJoinedError,
    BadSettingsError,
    NoPrivateChatError,
    NotAllowedError,
    NotChatAdminError,
    NotEnoughPlayersError,
    NoTournamentError,
    NotRegisteredError,
    ServiceError,
    TeamFullError,
    TeamWaitingError,
    TooManyPlayersError,
    TournamentClosedError,
    TournamentExistsError,
)
from service.games import Games
from service.loading import info, live, remember, stored
from service.options import accepted_options, check_options
from service.pairing import round_robin, round_robin_rounds, swiss_round, swiss_rounds
from service.people import unreachable
from service.play import Play
from service.tiebreaks import standings_of
from service.tournament_types import (
    Advance,
    TournamentInfo,
    TournamentPairing,
    TournamentPlayer,
    Withdrawal,
)
from service.types import GameInfo, PlayerInfo, can_write_to
from storage import Executor, Transaction
from storage import errors as st
from storage.models import TournamentGameRow, TournamentPlayerRow, TournamentRow
from storage.repositories.tournaments import OpenTournamentExistsError

__all__ = ["DAY", "MAX_DAYS", "MAX_PLAYERS", "MAX_ROUND_ROBIN", "MIN_PLAYERS", "Advance",
           "TournamentInfo", "TournamentPairing", "TournamentPlayer", "Tournaments",
           "Withdrawal"]

MIN_PLAYERS: Final = 3
MAX_ROUND_ROBIN: Final = 8  # more players: a Swiss tournament
MAX_PLAYERS: Final = 32
MAX_DAYS: Final = 30
DAY: Final = 86400.0
_STEPS: Final = 200  # decisions of one advance: a bound, never reached


@dataclass(frozen=True, slots=True)
class _Finished:
    """The step that finished a tournament: what its winner newly earned (per person)."""

    achievements: Mapping[int, tuple[str, ...]]


def _player(row: TournamentPlayerRow) -> TournamentPlayer:
    return TournamentPlayer(row.seq, row.user_id, row.name, row.withdrawn,
                            row.partner_user_id, row.partner_name)


def _entrant_of(players: Sequence[TournamentPlayerRow], user_id: int
                ) -> TournamentPlayerRow | None:
    """The entrant the person is, or is the partner in."""
    return next((p for p in players if user_id in p.user_ids), None)


def _scores(game_result: str | None) -> tuple[float, float]:
    """Side 0's and side 1's scores of a finished game (its result's winning sides): the
    pairing's first and second player, or team."""
    result = json.loads(game_result) if game_result else {}
    winners = set(result.get("winners") or ())
    if winners == {0}:
        return 1.0, 0.0
    if winners == {1}:
        return 0.0, 1.0
    return 0.5, 0.5  # both or neither: a draw


class Tournaments:
    """The commands of a tournament, each in one transaction (the game it opens is
    started by `service.play.Play.start` in one more)."""

    def __init__(self, ctx: Context, play: Play) -> None:
        self._ctx = ctx
        self._play = play

    # ------------------------------------------------------------ reading
    async def _info(self, ex: Executor, row: TournamentRow) -> TournamentInfo:
        repos = self._ctx.repos.tournaments
        player_rows = await repos.players(ex, row.tournament_id)
        players = {p.seq: _player(p) for p in player_rows}
        games = await repos.games(ex, row.tournament_id)
        pairings = tuple(
            TournamentPairing(g.round, g.board, players[g.player_a],
                              players[g.player_b] if g.player_b is not None else None,
                              g.game_id, g.due_at, g.score_a, g.score_b, g.decided, g.told)
            for g in games)
        return TournamentInfo(
            row.tournament_id, row.chat_id, row.topic or None, row.variant, row.options,
            row.format, row.days, row.status, row.creator_user_id, row.round, row.rounds,
            tuple(players.values()), pairings,
            tuple(standings_of(player_rows, games)),
            row.winner_told, row.message_id)

    async def tournament(self, tournament_id: int) -> TournamentInfo:
        async with self._ctx.db.reading() as ex:
            row = await self._ctx.repos.tournaments.get(ex, tournament_id)
            if row is None:
                raise NoTournamentError()
            return await self._info(ex, row)

    async def tournament_in(self, chat_id: int, topic: int | None = None, *,
                            last: bool = False) -> TournamentInfo | None:
        """The chat's (topic's) tournament registering or running (``last``: else the
        latest one, whatever its status)."""
        repos = self._ctx.repos.tournaments
        async with self._ctx.db.reading() as ex:
            row = await repos.open_in(ex, chat_id, stored(topic))
            if row is None and last:
                row = await repos.last_in(ex, chat_id, stored(topic))
            return await self._info(ex, row) if row is not None else None

    async def running(self) -> list[TournamentInfo]:
        """Every tournament being played (to resume them at start-up)."""
        async with self._ctx.db.reading() as ex:
            return [await self._info(ex, r)
                    for r in await self._ctx.repos.tournaments.list_running(ex)]

    async def untold_winners(self) -> list[TournamentInfo]:
        """The finished tournaments whose group was not told the winner yet."""
        async with self._ctx.db.reading() as ex:
            return [await self._info(ex, r)
                    for r in await self._ctx.repos.tournaments.list_untold(ex)]

    async def of_game(self, game_id: int) -> TournamentInfo | None:
        """The tournament a game was played for, if any."""
        repos = self._ctx.repos.tournaments
        async with self._ctx.db.reading() as ex:
            pairing = await repos.of_game(ex, game_id)
            if pairing is None:
                return None
            row = await repos.get(ex, pairing.tournament_id)
            return await self._info(ex, row) if row is not None else None

    async def mark_told(self, tournament_id: int, pairings: Sequence[TournamentPairing]
                        ) -> list[TournamentPairing]:
        """The group is told these results: those it was not told already (so a
        restart or a twin call tells nothing twice)."""
        repos = self._ctx.repos.tournaments
        async with self._ctx.db.transaction() as tx:
            return [p for p in pairings
                    if await repos.mark_told(tx, tournament_id, p.round, p.board)]

    async def mark_winner_told(self, tournament_id: int) -> bool:
        return await self._ctx.repos.tournaments.mark_winner_told(self._ctx.db, tournament_id)

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """The registration message, to edit as people register."""
        await self._ctx.repos.tournaments.update(self._ctx.db, tournament_id,
                                                 message_id=message_id)

    # ------------------------------------------------------------ registration
    async def open(self, chat_id: int, creator: PlayerInfo, variant: str, *, days: int = 2,
                   options: Mapping[str, Any] | None = None, topic: int | None = None,
                   is_admin: bool = False) -> TournamentInfo:
        """Open the registration of a tournament of ``variant`` (played by two, or with
        ``teams`` in ``options`` by two teams of two) in the chat's ``topic``: a chat
        admin only (`NotChatAdminError`); one registering or running there already:
        `TournamentExistsError`."""
        if not is_admin:
            raise NotChatAdminError("only a chat admin opens a tournament")
        try:
            cls = get_variant(variant)
        except EngineError as exc:
            raise BadSettingsError(str(exc)) from None
        in_teams = "teams" in accepted_options(variant)
        options = {k: v for k, v in (options or {}).items() if k != "teams" or v}
        if 2 not in cls.players_allowed and in_teams:
            options["teams"] = True  # played in teams only (general_kozel): it goes unsaid
        seats = 4 if options.get("teams") else 2
        if seats not in cls.players_allowed:
            raise BadSettingsError(f"{variant} is not played by {seats}")
        if not 1 <= days <= MAX_DAYS:
            raise BadSettingsError(f"{days} days")
        if seats == 4 and not in_teams:
            raise BadSettingsError(f"{variant} is not played in teams")
        check_options(variant, options, seats)
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            try:
                tid = await ctx.repos.tournaments.create(
                    tx, chat_id, stored(topic), variant=variant, options=options,
                    format="round_robin", days=days, creator_user_id=creator.user_id)
            except OpenTournamentExistsError:
                raise TournamentExistsError() from None
            row = await ctx.repos.tournaments.get(tx, tid)
            assert row is not None
            return await self._info(tx, row)

    async def _registering(self, tx: Transaction, tournament_id: int) -> TournamentRow:
        row = await self._ctx.repos.tournaments.get(tx, tournament_id)
        if row is None:
            raise NoTournamentError()
        if row.status != "registration":
            raise TournamentClosedError()
        return row

    async def join(self, tournament_id: int, player: PlayerInfo, team: int | None = None
                   ) -> TournamentInfo:
        """Register ``player``: he must have the bot's private chat open (his hands go
        there: `NoPrivateChatError`); twice, or in two teams, `AlreadyJoinedError`. In
        a team tournament he registers a new team, or with ``team`` (its number) joins
        that team as its partner (`TeamFullError` when it has one); ``team`` is refused
        in a tournament of players (`BadSettingsError`)."""
        ctx = self._ctx
        repos = ctx.repos.tournaments
        async with ctx.db.transaction() as tx:
            row = await self._registering(tx, tournament_id)
            if team is not None and not row.options.get("teams"):
                raise BadSettingsError("a tournament of players has no teams")
            user = await ctx.repos.users.get(tx, player.user_id)
            if user is None or not can_write_to(user.has_private_chat, user.blocked):
                raise NoPrivateChatError((player.name,))
            players = await repos.players(tx, tournament_id)
            if _entrant_of(players, player.user_id) is not None:
                raise AlreadyJoinedError()
            if team is not None:
                if not await repos.set_partner(tx, tournament_id, team, player.user_id,
                                               player.name):
                    raise TeamFullError()
            elif len(players) >= MAX_PLAYERS:
                raise TooManyPlayersError()
            elif not await repos.add_player(tx, tournament_id, player.user_id, player.name):
                raise AlreadyJoinedError()  # pragma: no cover (checked above, same tx)
            return await self._info(tx, row)

    async def leave(self, tournament_id: int, user_id: int) -> TournamentInfo:
        """Unregister the person. A team's partner leaves it waiting for another; when
        the one who registered a team leaves, his partner keeps it (alone, it goes)."""
        ctx = self._ctx
        repos = ctx.repos.tournaments
        async with ctx.db.transaction() as tx:
            row = await self._registering(tx, tournament_id)
            me = _entrant_of(await repos.players(tx, tournament_id), user_id)
            if me is None:
                raise NotRegisteredError()
            if me.user_id != user_id:
                await repos.remove_partner(tx, tournament_id, user_id)
            elif not await repos.partner_takes_over(tx, tournament_id, me.seq):
                await repos.remove_player(tx, tournament_id, user_id)
            return await self._info(tx, row)

    async def cancel(self, tournament_id: int, *, is_admin: bool = False) -> TournamentInfo:
        """A chat admin ends the tournament now (the game under way plays on, as an
        ordinary game)."""
        if not is_admin:
            raise NotChatAdminError("only a chat admin cancels a tournament")
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            row = await ctx.repos.tournaments.get(tx, tournament_id)
            if row is None or row.status not in ("registration", "running"):
                raise NoTournamentError()
            await ctx.repos.tournaments.update(tx, tournament_id, status="cancelled")
            row = await ctx.repos.tournaments.get(tx, tournament_id)
            assert row is not None
            return await self._info(tx, row)

    async def start(self, tournament_id: int, *, is_admin: bool = False) -> Advance:
        """A chat admin closes the registration and the first round is paired (and its
        first game opened, `advance`). Fewer than `MIN_PLAYERS`:
        `NotEnoughPlayersError`."""
        if not is_admin:
            raise NotChatAdminError("only a chat admin starts a tournament")
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            row = await self._registering(tx, tournament_id)
            players = await ctx.repos.tournaments.players(tx, tournament_id)
            if len(players) < MIN_PLAYERS:
                raise NotEnoughPlayersError(f"{len(players)} players")
            waiting = tuple(p.name for p in players if not p.has_partner)
            if row.options.get("teams") and waiting:
                raise TeamWaitingError(waiting)
            seqs = [p.seq for p in players]
            if len(seqs) <= MAX_ROUND_ROBIN:
                fmt, rounds, first = "round_robin", round_robin_rounds(len(seqs)), \
                    round_robin(seqs)[0]
            else:
                fmt, rounds, first = "swiss", swiss_rounds(len(seqs)), swiss_round(seqs, ())
            await ctx.repos.tournaments.add_round(tx, tournament_id, 1, first)
            await ctx.repos.tournaments.update(tx, tournament_id, status="running", round=1,
                                               rounds=rounds, format=fmt)
            del row
        advanced = await self.advance(tournament_id)
        return dataclasses.replace(advanced, new_rounds=(1, *advanced.new_rounds))

    # ------------------------------------------------------------ withdrawing
    async def withdraw(self, tournament_id: int, user_id: int, seq: int | None = None, *,
                       is_admin: bool = False) -> Withdrawal:
        """Withdraw player ``seq`` (None: the asker himself, or his team; another: a chat
        admin only). His remaining games are lost by forfeit; the game of his being
        played is cancelled and lost by him."""
        ctx = self._ctx
        repos = ctx.repos
        async with ctx.db.transaction() as tx:
            row = await repos.tournaments.get(tx, tournament_id)
            if row is None or row.status != "running":
                raise NoTournamentError()
            players = await repos.tournaments.players(tx, tournament_id)
            me = _entrant_of(players, user_id)
            if seq is None:
                if me is None:
                    raise NotRegisteredError()
                seq = me.seq
            elif (me is None or me.seq != seq) and not is_admin:
                raise NotAllowedError("only a chat admin withdraws another player")
            target = next((p for p in players if p.seq == seq), None)
            if target is None or target.withdrawn:
                raise NotRegisteredError()
            await repos.tournaments.withdraw(tx, tournament_id, seq)
            cancelled: GameInfo | None = None
            for g in await repos.tournaments.games(tx, tournament_id):
                if g.decided is None and g.game_id is not None and seq in (g.player_a,
                                                                           g.player_b):
                    cancelled = await self._cancel_game(tx, g.game_id)
        player = dataclasses.replace(_player(target), withdrawn=True)
        return Withdrawal(player, cancelled)

    async def _cancel_game(self, tx: Transaction, game_id: int) -> GameInfo | None:
        ctx = self._ctx
        loaded = await ctx.repos.games.load(tx, game_id)
        if loaded is None or loaded[0].status not in ("lobby", "playing"):
            return None
        row, seats = loaded
        version = await ctx.repos.games.set_status(tx, game_id, "cancelled")
        await ctx.repos.deadlines.clear(tx, game_id)
        played = await live(ctx, tx, row) if row.record_json is not None else None
        if played is not None:
            played.version = version
            remember(ctx, game_id, played)
        return info(dataclasses.replace(row, version=version, status="cancelled"), seats,
                    played.game if played is not None else None)

    # ------------------------------------------------------------ the deadline
    async def deadline_due(self, tournament_id: int) -> GameInfo | None:
        """When the game being played has passed its deadline: the computer takes every
        person's seat of it (they may come back with /back); the game, to let the
        computer move. None when nothing is due."""
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            row = await ctx.repos.tournaments.get(tx, tournament_id)
            if row is None or row.status != "running":
                return None
            current = next((g for g in await ctx.repos.tournaments.games(tx, tournament_id)
                            if g.game_id is not None and g.decided is None), None)
            if current is None or current.due_at is None or current.due_at > ctx.now():
                return None
            assert current.game_id is not None
            loaded = await ctx.repos.games.load(tx, current.game_id)
            if loaded is None or loaded[0].status != "playing":
                return None
            changed = False
            for seat in loaded[1]:
                if seat.user_id is not None and not seat.away:
                    changed = await ctx.repos.games.set_away(tx, current.game_id, seat.seat,
                                                             True) or changed
            game_id = current.game_id
        ctx.games.pop(game_id, None)
        if not changed:
            return None
        return await Games(ctx).game(game_id)

    # ------------------------------------------------------------ moving on
    async def advance(self, tournament_id: int) -> Advance:
        """Move the tournament on as far as it goes now (see the module's text)."""
        ctx = self._ctx
        new_rounds: list[int] = []
        finished = False
        achievements: Mapping[int, tuple[str, ...]] = {}
        for _ in range(_STEPS):
            async with ctx.db.transaction() as tx:
                row = await ctx.repos.tournaments.get(tx, tournament_id)
                if row is None:
                    raise NoTournamentError()
                if row.status != "running":
                    return Advance(await self._info(tx, row), tuple(new_rounds),
                                   finished=finished, achievements=achievements)
                step = await self._step(tx, row)
                if step == "paired":
                    new_rounds.append(row.round + 1)
                    continue
                if isinstance(step, _Finished):
                    finished = True
                    achievements = step.achievements
                    continue
                if step == "decided":
                    continue
                if step == "wait":
                    return Advance(await self._info(tx, row), tuple(new_rounds),
                                   finished=finished, achievements=achievements)
                if step == "busy":
                    return Advance(await self._info(tx, row), tuple(new_rounds),
                                   finished=finished, waiting=True,
                                   achievements=achievements)
                assert isinstance(step, tuple)
                game_id, creator = step
            # a game to start (opened just now, or before a restart)
            try:
                report = await self._play.start(row.chat_id, creator, topic=row.topic or None)
            except NoPrivateChatError:
                await self._unreachable(tournament_id, game_id)
                continue
            except ServiceError:
                report = None  # started meanwhile (a twin call): it plays on
            async with ctx.db.reading() as ex:
                after = await ctx.repos.tournaments.get(ex, tournament_id)
                assert after is not None
                told = await self._info(ex, after)
            return Advance(told, tuple(new_rounds), report, finished,
                           achievements=achievements)
        raise RuntimeError("a tournament that does not settle")

    async def _step(self, tx: Transaction, row: TournamentRow
                    ) -> str | tuple[int, int] | _Finished:
        """One step of `advance` in ``tx``: ``decided`` (a pairing), ``paired`` (the
        next round), ``wait`` (a game is being played), ``busy`` (the chat has another
        game), (game, its first player) to start, or the tournament finished (with
        what its winner newly earned)."""
        ctx = self._ctx
        repos = ctx.repos
        tid = row.tournament_id
        players = {p.seq: p for p in await repos.tournaments.players(tx, tid)}
        games = await repos.tournaments.games(tx, tid)
        current = [g for g in games if g.round == row.round and g.decided is None]
        for g in current:
            if await self._decide(tx, g, players):
                return "decided"
        for g in current:
            if g.game_id is not None:
                loaded = await repos.games.load(tx, g.game_id)
                assert loaded is not None
                if loaded[0].status == "lobby":
                    first = players[g.player_a].user_id
                    assert first is not None
                    return g.game_id, first
                return "wait"
        if current:
            return await self._open_game(tx, row, current[0], players)
        if row.round < row.rounds:
            await repos.tournaments.add_round(tx, tid, row.round + 1,
                                              self._next_round(row, players, games))
            await repos.tournaments.update(tx, tid, round=row.round + 1)
            return "paired"
        await repos.tournaments.update(tx, tid, status="finished")
        return _Finished(await award_tournament(repos, tx, tid, list(players.values()), games))

    def _next_round(self, row: TournamentRow, players: Mapping[int, TournamentPlayerRow],
                    games: list[TournamentGameRow]) -> list[tuple[int, int | None]]:
        seqs = sorted(players)
        if row.format == "round_robin":
            return round_robin(seqs)[row.round]
        ranked = [s.seq for s in standings_of(list(players.values()), games)]
        met = {frozenset((g.player_a, g.player_b)) for g in games if g.player_b is not None}
        byes = {g.player_a for g in games if g.player_b is None}
        return swiss_round(ranked, met, byes)

    async def _decide(self, tx: Transaction, g: TournamentGameRow,
                      players: Mapping[int, TournamentPlayerRow]) -> bool:
        """Decide the pairing if it can be now; whether it was."""
        repos = self._ctx.repos.tournaments
        key = (g.tournament_id, g.round, g.board)
        a_out = players[g.player_a].withdrawn
        if g.player_b is None:  # a bye: a win, but none for who withdrew
            return await repos.decide(tx, *key, score_a=0.0 if a_out else 1.0, score_b=None,
                                      how="bye")
        b_out = players[g.player_b].withdrawn
        if g.game_id is not None:
            row = await self._ctx.repos.games.get(tx, g.game_id)
            assert row is not None
            if row.status == "finished":
                a, b = _scores(row.result_json)
                return await repos.decide(tx, *key, score_a=a, score_b=b, how="game")
            if row.status == "cancelled":
                if a_out or b_out:
                    return await repos.decide(tx, *key, score_a=0.0 if a_out else 1.0,
                                              score_b=0.0 if b_out else 1.0, how="forfeit")
                return await repos.decide(tx, *key, score_a=0.0, score_b=0.0, how="cancelled")
            return False
        if a_out or b_out:
            return await repos.decide(tx, *key, score_a=0.0 if a_out else 1.0,
                                      score_b=0.0 if b_out else 1.0, how="forfeit")
        return False

    async def _open_game(self, tx: Transaction, row: TournamentRow, g: TournamentGameRow,
                         players: Mapping[int, TournamentPlayerRow]) -> str | tuple[int, int]:
        """Open the pairing's game in the chat (topic), its two players seated (two
        teams: the first's at seats 0 and 2, the second's at 1 and 3); "busy" when the
        chat has another game."""
        ctx = self._ctx
        assert g.player_b is not None
        a, b = players[g.player_a], players[g.player_b]
        a_gone, b_gone = None in a.user_ids, None in b.user_ids
        if a_gone or b_gone:  # someone forgotten: lost by forfeit
            await ctx.repos.tournaments.decide(
                tx, g.tournament_id, g.round, g.board, score_a=0.0 if a_gone else 1.0,
                score_b=0.0 if b_gone else 1.0, how="forfeit")
            return "decided"
        assert a.user_id is not None
        try:
            game_id = await ctx.repos.games.create_lobby(
                tx, row.chat_id, row.variant, a.user_id, options=dict(row.options),
                seed=ctx.seeds(), topic=row.topic)
        except st.ActiveGameExistsError:
            return "busy"
        seated: list[tuple[int | None, str | None]] = [(a.user_id, a.name), (b.user_id, b.name)]
        if row.options.get("teams"):
            seated += [(a.partner_user_id, a.partner_name), (b.partner_user_id, b.partner_name)]
        for seat, (user_id, name) in enumerate(seated):
            assert user_id is not None and name is not None
            await ctx.repos.games.add_seat(tx, game_id, display_name=name, user_id=user_id,
                                           seat=seat)
        await ctx.repos.tournaments.set_game(tx, g.tournament_id, g.round, g.board, game_id,
                                             ctx.now() + row.days * DAY)
        lru_put(ctx.chats, game_id, row.chat_id, CHAT_CACHE_SIZE)
        return game_id, a.user_id

    async def _unreachable(self, tournament_id: int, game_id: int) -> None:
        """The game could not start: a player of it has no private chat with the bot
        (any more). It is cancelled, and he (his team: the seats of a side) loses it by
        forfeit."""
        ctx = self._ctx
        async with ctx.db.transaction() as tx:
            loaded = await ctx.repos.games.load(tx, game_id)
            pairing = await ctx.repos.tournaments.of_game(tx, game_id)
            if loaded is None or pairing is None or pairing.decided is not None:
                return
            away = {s.seat % 2 for s in await unreachable(ctx, tx, loaded[1])}
            await ctx.repos.games.set_status(tx, game_id, "cancelled")
            await ctx.repos.tournaments.decide(
                tx, tournament_id, pairing.round, pairing.board,
                score_a=0.0 if 0 in away else 1.0, score_b=0.0 if 1 in away else 1.0,
                how="forfeit")

