"""Tournaments (m0015): the tournament, its players and its pairings.

Storage only stores: which pairing comes next, what a finished game scores and
who won are decided by the service (`service.tournaments`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any, Final

from storage.errors import StorageError
from storage.models import TournamentGameRow, TournamentPlayerRow, TournamentRow
from storage.repositories.base import Repository, check_int64, dump_object
from storage.rows import RowMapper, as_bool, as_float, json_object, optional
from storage.transaction import Executor, Transaction

__all__ = ["OpenTournamentExistsError", "TournamentRepository"]

_tournament = RowMapper(TournamentRow, options=json_object("options"), winner_told=as_bool,
                        created_at=as_float, updated_at=as_float)
_player = RowMapper(TournamentPlayerRow, withdrawn=as_bool, joined_at=as_float)
_game = RowMapper(TournamentGameRow, due_at=optional(as_float), score_a=optional(as_float),
                  score_b=optional(as_float), told=as_bool)

_SELECT: Final = (
    "SELECT tournament_id, chat_id, topic, variant, options_json AS options, format, days,"
    " status, creator_user_id, round, rounds, winner_told, message_id, created_at,"
    " updated_at FROM tournaments"
)
_GAMES: Final = (
    "SELECT tournament_id, round, board, player_a, player_b, game_id, due_at, score_a,"
    " score_b, decided, told FROM tournament_games"
)


class OpenTournamentExistsError(StorageError):
    """The chat's topic has a tournament registering or running already."""


class TournamentRepository(Repository):
    """``tournaments``, ``tournament_players`` and ``tournament_games``."""

    # ------------------------------------------------------------ tournaments
    async def create(self, ex: Executor, chat_id: int, topic: int, *, variant: str,
                     options: Mapping[str, Any], format: str, days: int,
                     creator_user_id: int | None) -> int:
        """A new tournament in registration; its id (`OpenTournamentExistsError`)."""
        check_int64(chat_id, "chat_id")
        now = self._now()
        try:
            result = await ex.execute(
                "INSERT INTO tournaments (chat_id, topic, variant, options_json, format, days,"
                " creator_user_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (chat_id, topic, variant, dump_object(options, "options"), format, days,
                 creator_user_id, now, now))
        except sqlite3.IntegrityError as exc:  # the partial unique index
            raise OpenTournamentExistsError(chat_id) from exc
        assert result.lastrowid is not None
        return result.lastrowid

    async def get(self, ex: Executor, tournament_id: int) -> TournamentRow | None:
        return _tournament.maybe(await ex.fetchone(f"{_SELECT} WHERE tournament_id = ?",
                                                   (tournament_id,)))

    async def open_in(self, ex: Executor, chat_id: int, topic: int) -> TournamentRow | None:
        """The chat's (topic's) tournament registering or running, if any."""
        return _tournament.maybe(await ex.fetchone(
            f"{_SELECT} WHERE chat_id = ? AND topic = ?"
            " AND status IN ('registration', 'running')", (chat_id, topic)))

    async def last_in(self, ex: Executor, chat_id: int, topic: int) -> TournamentRow | None:
        """The chat's (topic's) latest tournament, whatever its status."""
        return _tournament.maybe(await ex.fetchone(
            f"{_SELECT} WHERE chat_id = ? AND topic = ? ORDER BY tournament_id DESC LIMIT 1",
            (chat_id, topic)))

    async def list_running(self, ex: Executor) -> list[TournamentRow]:
        return _tournament.all(await ex.fetchall(
            f"{_SELECT} WHERE status = 'running' ORDER BY tournament_id"))

    async def list_finished(self, ex: Executor) -> list[TournamentRow]:
        """Every finished tournament, in the order they finished (then by id)."""
        return _tournament.all(await ex.fetchall(
            f"{_SELECT} WHERE status = 'finished' ORDER BY updated_at, tournament_id"))

    async def list_untold(self, ex: Executor) -> list[TournamentRow]:
        """The finished tournaments whose group was not told the winner yet."""
        return _tournament.all(await ex.fetchall(
            f"{_SELECT} WHERE status = 'finished' AND winner_told = 0 ORDER BY tournament_id"))

    async def update(self, ex: Executor, tournament_id: int, **values: Any) -> None:
        """Set columns of the tournament (status, format, round, rounds, message_id)."""
        allowed = {"status", "format", "round", "rounds", "message_id"}
        if not values or set(values) - allowed:
            raise ValueError(f"cannot set {sorted(set(values) - allowed)}")
        names = sorted(values)
        sets = ", ".join(f"{n} = ?" for n in names)
        await ex.execute(f"UPDATE tournaments SET {sets}, updated_at = ? WHERE tournament_id = ?",
                         (*(values[n] for n in names), self._now(), tournament_id))

    async def mark_told(self, ex: Executor, tournament_id: int, round: int, board: int
                        ) -> bool:
        """Record that the group was told the decided pairing's result; False when it
        was already (or it is not decided)."""
        result = await ex.execute(
            "UPDATE tournament_games SET told = 1 WHERE tournament_id = ? AND round = ?"
            " AND board = ? AND told = 0 AND decided IS NOT NULL",
            (tournament_id, round, board))
        return result.rowcount > 0

    async def mark_winner_told(self, ex: Executor, tournament_id: int) -> bool:
        """Record that the group was told the winner; False when it was already."""
        result = await ex.execute(
            "UPDATE tournaments SET winner_told = 1, updated_at = ? WHERE tournament_id = ?"
            " AND winner_told = 0", (self._now(), tournament_id))
        return result.rowcount > 0

    # ------------------------------------------------------------ players
    async def players(self, ex: Executor, tournament_id: int) -> list[TournamentPlayerRow]:
        return _player.all(await ex.fetchall(
            "SELECT tournament_id, seq, user_id, name, withdrawn, joined_at, partner_user_id,"
            " partner_name FROM tournament_players WHERE tournament_id = ? ORDER BY seq",
            (tournament_id,)))

    async def set_partner(self, tx: Transaction, tournament_id: int, seq: int,
                          user_id: int, name: str) -> bool:
        """The user becomes the partner of entrant ``seq``, a team waiting for one;
        False when it has one already (or is no entrant)."""
        result = await tx.execute(
            "UPDATE tournament_players SET partner_user_id = ?, partner_name = ?"
            " WHERE tournament_id = ? AND seq = ? AND partner_name IS NULL",
            (user_id, name, tournament_id, seq))
        return result.rowcount > 0

    async def remove_partner(self, tx: Transaction, tournament_id: int, user_id: int) -> bool:
        """The user leaves the team he is the partner of (before the start): it waits
        for a partner again; False when he is nobody's partner."""
        result = await tx.execute(
            "UPDATE tournament_players SET partner_user_id = NULL, partner_name = NULL"
            " WHERE tournament_id = ? AND partner_user_id = ?", (tournament_id, user_id))
        return result.rowcount > 0

    async def partner_takes_over(self, tx: Transaction, tournament_id: int, seq: int) -> bool:
        """The team's partner becomes the one who registered it (he who did leaves,
        before the start); False when the team has no partner."""
        result = await tx.execute(
            "UPDATE tournament_players SET user_id = partner_user_id, name = partner_name,"
            " partner_user_id = NULL, partner_name = NULL"
            " WHERE tournament_id = ? AND seq = ? AND partner_user_id IS NOT NULL",
            (tournament_id, seq))
        return result.rowcount > 0

    async def add_player(self, tx: Transaction, tournament_id: int, user_id: int, name: str
                         ) -> bool:
        """Register the user (numbered after the last); False when he is already."""
        row = await tx.fetchone("SELECT COALESCE(MAX(seq), 0) + 1 FROM tournament_players"
                                " WHERE tournament_id = ?", (tournament_id,))
        assert row is not None
        result = await tx.execute(
            "INSERT INTO tournament_players (tournament_id, seq, user_id, name, joined_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, user_id) DO NOTHING",
            (tournament_id, int(row[0]), user_id, name, self._now()))
        return result.rowcount > 0

    async def remove_player(self, tx: Transaction, tournament_id: int, user_id: int) -> bool:
        """Unregister the user (before the start), the others renumbered 1, 2, ..."""
        result = await tx.execute("DELETE FROM tournament_players WHERE tournament_id = ?"
                                  " AND user_id = ?", (tournament_id, user_id))
        if result.rowcount == 0:
            return False
        rows = await self.players(tx, tournament_id)
        for n, p in enumerate(rows, start=1):
            if p.seq != n:
                await tx.execute("UPDATE tournament_players SET seq = ? WHERE tournament_id = ?"
                                 " AND seq = ?", (n, tournament_id, p.seq))
        return True

    async def withdraw(self, ex: Executor, tournament_id: int, seq: int) -> bool:
        """Mark the player withdrawn; False when he was already (or is no player)."""
        result = await ex.execute(
            "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = ? AND seq = ?"
            " AND withdrawn = 0", (tournament_id, seq))
        return result.rowcount > 0

    # ------------------------------------------------------------ pairings
    async def games(self, ex: Executor, tournament_id: int) -> list[TournamentGameRow]:
        return _game.all(await ex.fetchall(
            f"{_GAMES} WHERE tournament_id = ? ORDER BY round, board", (tournament_id,)))

    async def of_game(self, ex: Executor, game_id: int) -> TournamentGameRow | None:
        """The pairing a game was played for, if it was a tournament's."""
        return _game.maybe(await ex.fetchone(f"{_GAMES} WHERE game_id = ?", (game_id,)))

    async def add_round(self, tx: Transaction, tournament_id: int, round: int,
                        pairings: Sequence[tuple[int, int | None]]) -> None:
        for board, (a, b) in enumerate(pairings, start=1):
            await tx.execute(
                "INSERT INTO tournament_games (tournament_id, round, board, player_a, player_b)"
                " VALUES (?, ?, ?, ?, ?)", (tournament_id, round, board, a, b))

    async def set_game(self, ex: Executor, tournament_id: int, round: int, board: int,
                       game_id: int, due_at: float) -> None:
        await ex.execute(
            "UPDATE tournament_games SET game_id = ?, due_at = ? WHERE tournament_id = ?"
            " AND round = ? AND board = ?", (game_id, due_at, tournament_id, round, board))

    async def decide(self, ex: Executor, tournament_id: int, round: int, board: int, *,
                     score_a: float, score_b: float | None, how: str) -> bool:
        """Record the pairing's scores; False when it was decided already."""
        result = await ex.execute(
            "UPDATE tournament_games SET score_a = ?, score_b = ?, decided = ?"
            " WHERE tournament_id = ? AND round = ? AND board = ? AND decided IS NULL",
            (score_a, score_b, how, tournament_id, round, board))
        return result.rowcount > 0
