"""What privacy asks of storage: a person's rows erased, and old rows let go.

Every other repository keeps to its own table; this one touches each table that
holds a person or what the host's retention lets go, so the list of them is in
one place (a test checks every column of the schema that holds a person's id
against it: tests/service/test_privacy.py).

* `erase_user`: his user row, his private chat's row and message references, his
  statistics, achievements, ratings and rating history, join links, cancel and rematch
  votes, his calls for the next game;
  his seats in ended games stay, detached from him and named "Player N", also in
  the record's head; a game he created names no creator (0) from then on.
* `delete_old_moves`: the retention of `service.privacy` for the moves (a game's
  row and its moves together); the pings, announcements and join links go through
  their own repositories.
* `played_with`: who sat with whom (whose names a leaderboard may show).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from storage.repositories.base import Repository
from storage.transaction import Executor, Transaction

__all__ = ["ErasedUser", "PrivacyRepository", "neutral_name"]

NO_CREATOR: Final = 0  # games.creator_user_id of a game whose creator was forgotten


def neutral_name(seat: int) -> str:
    """The stored name of a forgotten person's seat (the bot shows it in the reader's
    language: bot/ui/names.py)."""
    return f"Player {seat + 1}"


@dataclass(frozen=True, slots=True)
class ErasedUser:
    """What `erase_user` changed: the games whose seat it detached, and how many rows
    it deleted."""

    games: tuple[int, ...]
    deleted: int


class PrivacyRepository(Repository):
    """A person erased; the retention's deletions."""

    async def active_seats(self, ex: Executor, user_id: int) -> list[tuple[int, str, int]]:
        """The games in the lobby or being played the person sits in: (game, status,
        chat)."""
        rows = await ex.fetchall(
            "SELECT g.game_id, g.status, g.chat_id FROM games AS g JOIN game_seats AS s"
            " ON s.game_id = g.game_id WHERE s.user_id = ? AND g.status IN ('lobby', 'playing')"
            " ORDER BY g.game_id", (user_id,))
        return [(int(r["game_id"]), str(r["status"]), int(r["chat_id"])) for r in rows]

    async def erase_user(self, tx: Transaction, user_id: int) -> ErasedUser:
        """Erase the person (who sits in no active game: the caller checked)."""
        seats = await tx.fetchall(
            "SELECT s.game_id, s.seat, g.record_json FROM game_seats AS s"
            " JOIN games AS g ON g.game_id = s.game_id WHERE s.user_id = ?"
            " ORDER BY s.game_id", (user_id,))
        for row in seats:
            game_id, seat = int(row["game_id"]), int(row["seat"])
            name = neutral_name(seat)
            await tx.execute("UPDATE game_seats SET user_id = NULL, display_name = ?"
                             " WHERE game_id = ? AND seat = ?", (name, game_id, seat))
            if row["record_json"] is not None:
                head = json.loads(str(row["record_json"]))
                players = head.get("players")
                if isinstance(players, list) and 0 <= seat < len(players):
                    players[seat] = name
                    await tx.execute("UPDATE games SET record_json = ? WHERE game_id = ?",
                                     (json.dumps(head, ensure_ascii=False), game_id))
        # his solo tables live in his private chat, whose id is his: they keep their
        # results under no chat (and no creator), like the rest of his past games
        await tx.execute("UPDATE games SET chat_id = ? WHERE chat_id = ?",
                         (NO_CREATOR, user_id))
        await tx.execute("UPDATE games SET creator_user_id = ? WHERE creator_user_id = ?",
                         (NO_CREATOR, user_id))
        # a tournament's player stays in its standings as «Player N» (his number; a
        # team's partner «Player Nb»)
        await tx.execute("UPDATE tournament_players SET user_id = NULL,"
                         " name = 'Player ' || seq WHERE user_id = ?", (user_id,))
        await tx.execute("UPDATE tournament_players SET partner_user_id = NULL,"
                         " partner_name = 'Player ' || seq || 'b' WHERE partner_user_id = ?",
                         (user_id,))
        await tx.execute("UPDATE tournaments SET creator_user_id = NULL"
                         " WHERE creator_user_id = ?", (user_id,))
        player = f"user:{user_id}"
        deleted = 0
        for sql, params in (
                ("DELETE FROM stats WHERE user_id = ?", (user_id,)),
                ("DELETE FROM achievements WHERE user_id = ?", (user_id,)),
                ("DELETE FROM achievement_tallies WHERE user_id = ?", (user_id,)),
                ("DELETE FROM rating_history WHERE player = ?", (player,)),
                ("DELETE FROM ratings WHERE player = ? OR user_id = ?", (player, user_id)),
                ("DELETE FROM pending_joins WHERE user_id = ?", (user_id,)),
                ("DELETE FROM cancel_votes WHERE user_id = ?", (user_id,)),
                ("DELETE FROM rematch_asks WHERE user_id = ?", (user_id,)),
                ("DELETE FROM next_game_calls WHERE user_id = ?", (user_id,)),
                # his private chat: its messages (hands, notices), its settings
                ("DELETE FROM game_messages WHERE chat_id = ?", (user_id,)),
                ("DELETE FROM messages_to_delete WHERE chat_id = ?", (user_id,)),
                ("DELETE FROM chats WHERE chat_id = ?", (user_id,)),
                ("DELETE FROM users WHERE user_id = ?", (user_id,))):
            deleted += (await tx.execute(sql, params)).rowcount
        return ErasedUser(tuple(sorted({int(r["game_id"]) for r in seats})), deleted)

    # -- retention

    async def delete_old_moves(self, tx: Transaction, finished_before: float) -> list[int]:
        """The moves (and the seed that deals them) of the games finished before
        ``finished_before``; their results stay. The games whose moves went."""
        rows = await tx.fetchall(
            "UPDATE games SET moves_deleted_at = ?, seed = NULL WHERE status = 'finished'"
            " AND finished_at < ? AND moves_deleted_at IS NULL RETURNING game_id",
            (self._now(), finished_before))
        games = sorted(int(r["game_id"]) for r in rows)
        await tx.executemany("DELETE FROM game_moves WHERE game_id = ?",
                             [(g,) for g in games])
        return games

    async def played_with(self, ex: Executor, asker: int, user_ids: list[int]) -> set[int]:
        """Those of ``user_ids`` who sat with ``asker`` in at least one game that started."""
        if not user_ids:
            return set()
        marks = ", ".join("?" for _ in user_ids)
        rows = await ex.fetchall(
            "SELECT DISTINCT b.user_id FROM game_seats AS a"
            " JOIN game_seats AS b ON b.game_id = a.game_id"
            " JOIN games AS g ON g.game_id = a.game_id"
            f" WHERE a.user_id = ? AND g.record_json IS NOT NULL AND b.user_id IN ({marks})",
            (asker, *user_ids))
        return {int(r[0]) for r in rows}
