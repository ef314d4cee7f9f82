"""Chats: language and settings per chat, and a group's move to a new chat id."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any, Literal

from storage.errors import ActiveGameExistsError
from storage.models import ChatRow
from storage.repositories.base import Repository, dump_object
from storage.rows import RowMapper, as_float, json_object
from storage.transaction import Executor, Transaction

__all__ = ["ChatRepository"]

_chat = RowMapper(ChatRow, settings=json_object("chat settings"), created_at=as_float,
                  updated_at=as_float)
# A chat's settings column is named settings_json; the row's field is settings.
_SELECT = ("SELECT chat_id, language, settings_json AS settings, created_at, updated_at, title"
           " FROM chats")


class ChatRepository(Repository):
    """Per-chat language and settings (house rules, timers) as a JSON object."""

    async def get(self, ex: Executor, chat_id: int) -> ChatRow | None:
        return _chat.maybe(await ex.fetchone(f"{_SELECT} WHERE chat_id = ?", (chat_id,)))

    async def ensure(self, ex: Executor, chat_id: int) -> ChatRow:
        """The chat's row, created with no language and empty settings if missing."""
        now = self._now()
        await ex.execute(
            "INSERT INTO chats (chat_id, created_at, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (chat_id) DO NOTHING",
            (chat_id, now, now),
        )
        row = await self.get(ex, chat_id)
        assert row is not None
        return row

    async def set_language(self, ex: Executor, chat_id: int, language: str | None) -> None:
        await self._set_text(ex, chat_id, "language", language)

    async def set_title(self, ex: Executor, chat_id: int, title: str | None) -> None:
        """The group's title as seen in an update (nothing is written if unchanged)."""
        await self._set_text(ex, chat_id, "title", title)

    async def _set_text(self, ex: Executor, chat_id: int, column: Literal["language", "title"],
                        value: str | None) -> None:
        """Create the chat's row or change one of its text columns (no write if equal)."""
        now = self._now()
        await ex.execute(
            f"INSERT INTO chats (chat_id, {column}, created_at, updated_at) VALUES (?, ?, ?, ?)"
            f" ON CONFLICT (chat_id) DO UPDATE SET {column} = excluded.{column},"
            f" updated_at = excluded.updated_at WHERE {column} IS NOT excluded.{column}",
            (chat_id, value, now, now),
        )

    async def set_settings(self, ex: Executor, chat_id: int, settings: Mapping[str, Any]) -> None:
        """Replace the chat's settings with `settings`."""
        text = dump_object(settings, "settings")
        now = self._now()
        await ex.execute(
            "INSERT INTO chats (chat_id, settings_json, created_at, updated_at)"
            " VALUES (?, ?, ?, ?)"
            " ON CONFLICT (chat_id) DO UPDATE SET settings_json = excluded.settings_json,"
            " updated_at = excluded.updated_at",
            (chat_id, text, now, now),
        )

    async def update_settings(
        self, tx: Transaction, chat_id: int, changes: Mapping[str, Any]
    ) -> Mapping[str, Any]:
        """Merge `changes` into the settings (a value of None removes the key); the result."""
        current = await self.get(tx, chat_id)
        merged = dict(current.settings) if current is not None else {}
        for key, value in changes.items():
            if value is None:
                merged.pop(key, None)
            else:
                merged[key] = value
        await self.set_settings(tx, chat_id, merged)
        return merged

    async def migrate(self, tx: Transaction, old_chat_id: int, new_chat_id: int) -> int:
        """A group became a supergroup with a new id: move everything keyed by the old
        id to the new one -- its games, their messages in the group, the join links,
        the statistics (added to any the new id has) and the chat's own row (its
        language and settings win over those of a row the new id already has, unless
        unset). Returns how many games moved.

        Raises `ActiveGameExistsError` (and the caller's transaction should roll
        back) when both ids have a game in the lobby or being played.
        """
        if old_chat_id == new_chat_id:
            return 0
        now = self._now()
        try:
            moved = await tx.execute(
                "UPDATE games SET chat_id = ? WHERE chat_id = ?", (new_chat_id, old_chat_id)
            )
        except sqlite3.IntegrityError as exc:  # the one-active-game-per-chat index
            raise ActiveGameExistsError(new_chat_id) from exc
        await tx.execute(
            "UPDATE game_messages SET chat_id = ? WHERE chat_id = ?", (new_chat_id, old_chat_id)
        )
        await tx.execute(
            "UPDATE pending_joins SET chat_id = ? WHERE chat_id = ?", (new_chat_id, old_chat_id)
        )
        await tx.execute(
            "INSERT INTO stats (user_id, chat_id, variant, games, wins, points, fish, goats)"
            " SELECT user_id, ?, variant, games, wins, points, fish, goats FROM stats"
            " WHERE chat_id = ? ON CONFLICT (user_id, chat_id, variant) DO UPDATE SET"
            " games = games + excluded.games, wins = wins + excluded.wins,"
            " points = points + excluded.points, fish = fish + excluded.fish,"
            " goats = goats + excluded.goats",
            (new_chat_id, old_chat_id),
        )
        await tx.execute("DELETE FROM stats WHERE chat_id = ?", (old_chat_id,))
        await tx.execute(
            "INSERT INTO chats (chat_id, language, settings_json, created_at, updated_at, title)"
            " SELECT ?, language, settings_json, created_at, ?, title FROM chats WHERE chat_id = ?"
            " ON CONFLICT (chat_id) DO UPDATE SET"
            " language = COALESCE(excluded.language, language),"
            " title = COALESCE(excluded.title, title),"
            " settings_json = CASE WHEN excluded.settings_json = '{}' THEN settings_json"
            " ELSE excluded.settings_json END, updated_at = excluded.updated_at",
            (new_chat_id, now, old_chat_id),
        )
        await tx.execute("DELETE FROM chats WHERE chat_id = ?", (old_chat_id,))
        return moved.rowcount
