"""Users: the profile Telegram shows, the chosen language, whether the bot reaches them."""

from __future__ import annotations

from storage.models import UserRow
from storage.repositories.base import Repository
from storage.rows import RowMapper, as_bool, as_float
from storage.transaction import Executor

__all__ = ["UserRepository"]

_user = RowMapper(UserRow, has_private_chat=as_bool, blocked=as_bool, created_at=as_float,
                  updated_at=as_float, notify=as_bool)


def _flag(value: bool | None) -> int | None:
    return None if value is None else int(value)


class UserRepository(Repository):
    """Telegram users.

    ``language`` is the language the user chose (``/language``); ``language_code``
    is his Telegram client's language, as last seen. Neither overwrites the other.
    """

    async def get(self, ex: Executor, user_id: int) -> UserRow | None:
        return _user.maybe(await ex.fetchone("SELECT * FROM users WHERE user_id = ?", (user_id,)))

    async def upsert_profile(
        self,
        ex: Executor,
        user_id: int,
        *,
        first_name: str,
        last_name: str | None = None,
        username: str | None = None,
        language_code: str | None = None,
        private_chat: bool | None = None,
    ) -> bool:
        """Record the profile Telegram shows (one statement); whether anything changed.

        ``language_code`` None (Telegram did not say) keeps the stored one;
        ``private_chat`` None keeps the stored flag. Nothing is written when
        nothing changed.
        """
        now = self._now()
        result = await ex.execute(
            "INSERT INTO users (user_id, first_name, last_name, username, language_code,"
            " has_private_chat, created_at, updated_at)"
            " VALUES (:id, :first, :last, :username, :code, COALESCE(:private, 0), :now, :now)"
            " ON CONFLICT (user_id) DO UPDATE SET"
            " first_name = excluded.first_name, last_name = excluded.last_name,"
            " username = excluded.username,"
            " language_code = COALESCE(:code, language_code),"
            " has_private_chat = COALESCE(:private, has_private_chat),"
            " updated_at = excluded.updated_at"
            " WHERE first_name IS NOT excluded.first_name OR last_name IS NOT excluded.last_name"
            " OR username IS NOT excluded.username"
            " OR (:code IS NOT NULL AND language_code IS NOT :code)"
            " OR (:private IS NOT NULL AND has_private_chat IS NOT :private)",
            {"id": user_id, "first": first_name, "last": last_name, "username": username,
             "code": language_code, "private": _flag(private_chat), "now": now},
        )
        return result.rowcount > 0

    async def set_notify(self, ex: Executor, user_id: int, notify: bool) -> None:
        """Whether the user wants turn pings (and mentions in the group)."""
        now = self._now()
        await ex.execute(
            "INSERT INTO users (user_id, notify, created_at, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
            " updated_at = excluded.updated_at WHERE notify IS NOT excluded.notify",
            (user_id, int(notify), now, now),
        )

    async def set_language(self, ex: Executor, user_id: int, language: str | None) -> None:
        """The language the user chose (None: follow his Telegram client's again)."""
        now = self._now()
        await ex.execute(
            "INSERT INTO users (user_id, language, created_at, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language,"
            " updated_at = excluded.updated_at WHERE language IS NOT excluded.language",
            (user_id, language, now, now),
        )

    async def set_reachable(
        self,
        ex: Executor,
        user_id: int,
        *,
        private_chat: bool | None = None,
        blocked: bool | None = None,
    ) -> bool:
        """Whether the user has a private chat with the bot (pressed Start) and whether
        he blocked it; None keeps a flag. Creates a minimal row for an unknown user;
        writes nothing when nothing changes. Whether anything changed."""
        if private_chat is None and blocked is None:
            return False
        now = self._now()
        result = await ex.execute(
            "INSERT INTO users (user_id, has_private_chat, blocked, created_at, updated_at)"
            " VALUES (:id, COALESCE(:private, 0), COALESCE(:blocked, 0), :now, :now)"
            " ON CONFLICT (user_id) DO UPDATE SET"
            " has_private_chat = COALESCE(:private, has_private_chat),"
            " blocked = COALESCE(:blocked, blocked), updated_at = excluded.updated_at"
            " WHERE (:private IS NOT NULL AND has_private_chat IS NOT :private)"
            " OR (:blocked IS NOT NULL AND blocked IS NOT :blocked)",
            {"id": user_id, "private": _flag(private_chat), "blocked": _flag(blocked),
             "now": now},
        )
        return result.rowcount > 0
