"""The people and chats the bot serves: profiles, languages, reachability, titles.

A user and a chat's fields are read once and then kept in the context's caches
until this service writes them; a profile the process wrote just before costs
no statement at all, so a press usually reads and writes nothing here.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import cast

from service.context import PROFILE_CACHE_SIZE, Context, lru_put
from service.errors import ActiveGameExistsError, NotChatAdminError
from service.types import GameInfo, PlayerInfo, SeatInfo, UserInfo, can_write_to
from storage import Executor, SeatRow
from storage import errors as st

__all__ = ["People", "require_chat_admin", "unreachable"]


def require_chat_admin(is_admin: bool) -> None:
    """Who changes what binds the whole chat (its turn timers, expiry, display,
    forced moves, language): its admins only -- not the creator of one topic's game,
    whose change would reach every other topic's games too."""
    if not is_admin:
        raise NotChatAdminError("only a chat admin may change the chat's settings")


def _same_profile(user: UserInfo, profile: tuple[object, ...]) -> bool:
    """Whether the stored user already holds this profile (first and last name,
    username, client language, private chat; a None language or flag keeps the stored)."""
    first, last, username, code, private = profile
    return (user.first_name, user.last_name, user.username) == (first, last, username) \
        and (code is None or user.language_code == code) \
        and (private is None or user.has_private_chat == private)


async def unreachable(ctx: Context, ex: Executor, seats: Iterable[SeatRow]) -> list[SeatRow]:
    """The seated people the bot cannot write to, read in ``ex`` (no cache). A
    person never recorded is not counted: nothing says so (the bot records
    everyone who types or presses, so every seated person it serves is known)."""
    out = []
    for seat in seats:
        if seat.user_id is None:
            continue
        row = await ctx.repos.users.get(ex, seat.user_id)
        if row is not None and not can_write_to(row.has_private_chat, row.blocked):
            out.append(seat)
    return out


class People:
    """Users and chats: who they are, their languages, whether the bot reaches them."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    # --------------------------------------------------------------- users
    async def remember_user(self, player: PlayerInfo, *, private_chat: bool | None = None
                            ) -> None:
        """Record the player's Telegram profile (name, username, client language) and,
        given, whether he has a private chat with the bot. Nothing is written -- no
        statement at all when this process wrote the same just before -- when
        nothing changed."""
        ctx = self._ctx
        first, _, last = player.name.partition(" ")
        profile = (first or player.name, last or None, player.username, player.language,
                   private_chat)
        if ctx.profiles.get(player.user_id) == profile:
            ctx.profiles.move_to_end(player.user_id)
            return
        known = await self.user(player.user_id)  # read once, then kept
        if known is not None and _same_profile(known, profile):
            # as stored, nothing differs: no write (a press usually costs nothing)
            lru_put(ctx.profiles, player.user_id, profile, PROFILE_CACHE_SIZE)
            return
        ctx.users.pop(player.user_id, None)
        await ctx.repos.users.upsert_profile(
            ctx.db, player.user_id, first_name=profile[0], last_name=profile[1],
            username=player.username, language_code=player.language, private_chat=private_chat)
        lru_put(ctx.profiles, player.user_id, profile, PROFILE_CACHE_SIZE)

    async def unreachable_seats(self, game: GameInfo) -> list[SeatInfo]:
        """The game's seated people the bot cannot write to in private (no private chat
        opened, or the bot blocked): they cannot get their tiles, and `start` refuses
        while any is seated."""
        out = []
        for seat in game.seats:
            if seat.user_id is None:
                continue
            user = await self.user(seat.user_id)
            if user is not None and not user.reachable:  # as `unreachable`
                out.append(seat)
        return out

    async def user(self, user_id: int) -> UserInfo | None:
        """The user as stored (read once, then kept until this service writes him)."""
        ctx = self._ctx
        if user_id in ctx.users:
            ctx.users.move_to_end(user_id)
            return ctx.users[user_id]
        row = await ctx.repos.users.get(ctx.db, user_id)
        info = None if row is None else UserInfo(
            row.user_id, row.first_name, row.last_name, row.username, row.language,
            row.language_code, row.has_private_chat, row.blocked, row.notify)
        lru_put(ctx.users, user_id, info, PROFILE_CACHE_SIZE)
        return info

    async def set_user_language(self, user_id: int, lang: str | None) -> None:
        """The language the user chose (None: follow his Telegram client's again)."""
        self._ctx.users.pop(user_id, None)
        await self._ctx.repos.users.set_language(self._ctx.db, user_id, lang)

    async def set_notify(self, user_id: int, notify: bool) -> None:
        """Whether the user wants turn pings (and a mention in the group)."""
        self._ctx.users.pop(user_id, None)
        await self._ctx.repos.users.set_notify(self._ctx.db, user_id, notify)

    async def set_reachable(self, user_id: int, *, private_chat: bool | None = None,
                            blocked: bool | None = None) -> None:
        """Whether the bot can write to the user: he has a private chat with it (pressed
        Start) and did not block it. None keeps a flag; nothing is written when
        nothing changes."""
        ctx = self._ctx
        ctx.profiles.pop(user_id, None)
        ctx.users.pop(user_id, None)
        await ctx.repos.users.set_reachable(ctx.db, user_id, private_chat=private_chat,
                                            blocked=blocked)

    # --------------------------------------------------------------- chats
    async def chat_language(self, chat_id: int) -> str | None:
        """The chat's language (read once, then kept until this service changes it)."""
        return await self._chat_field(self._ctx.chat_languages, chat_id, "language")

    async def set_chat_language(self, chat_id: int, lang: str | None) -> None:
        """Set a chat's language (no check: the bot's own choice for a new group)."""
        self._ctx.chat_languages.pop(chat_id, None)
        await self._ctx.repos.chats.set_language(self._ctx.db, chat_id, lang)

    async def change_chat_language(self, chat_id: int, user_id: int, lang: str, *,
                                   is_admin: bool = False) -> None:
        """A member's ``/language`` in a group: the group's language is every topic's,
        so only a chat admin changes it (`NotChatAdminError`, and nothing changes)."""
        require_chat_admin(is_admin)
        await self.set_chat_language(chat_id, lang)

    async def remember_chat_title(self, chat_id: int, title: str | None) -> None:
        """A group's title as an update shows it: written only when it changed (and
        once per group after a start)."""
        ctx = self._ctx
        if not title or ctx.chat_titles.get(chat_id, "") == title:
            return
        await ctx.repos.chats.set_title(ctx.db, chat_id, title)
        lru_put(ctx.chat_titles, chat_id, title, PROFILE_CACHE_SIZE)

    async def chat_title(self, chat_id: int) -> str | None:
        """The group's title as last seen (None: never seen)."""
        return await self._chat_field(self._ctx.chat_titles, chat_id, "title")

    async def _chat_field(self, cache: OrderedDict[int, str | None], chat_id: int,
                          name: str) -> str | None:
        """One text field of the chat's row, read once and then kept in ``cache``."""
        if chat_id in cache:
            cache.move_to_end(chat_id)
            return cache[chat_id]
        row = await self._ctx.repos.chats.get(self._ctx.db, chat_id)
        value = cast(str | None, getattr(row, name)) if row is not None else None
        lru_put(cache, chat_id, value, PROFILE_CACHE_SIZE)
        return value

    async def migrate_chat(self, old_id: int, new_id: int) -> int:
        """A group became a supergroup (Telegram's ``migrate_to_chat_id``): its games,
        their group messages, join links, statistics, language, settings and calls for
        the next game move to the new id in one transaction. How many games moved. Refused with
        `ActiveGameExistsError` when both ids have an active game (nothing moves)."""
        ctx = self._ctx
        try:
            async with ctx.db.transaction() as tx:
                moved = await ctx.repos.chats.migrate(tx, old_id, new_id)
                await ctx.repos.calls.move_chat(tx, old_id, new_id)  # its next-game calls
        except st.ActiveGameExistsError as exc:
            raise ActiveGameExistsError(str(exc)) from None
        for cache in (ctx.chat_languages, ctx.forced, ctx.chat_titles):
            cache.pop(old_id, None)
            cache.pop(new_id, None)
        for game_id, chat_id in list(ctx.chats.items()):
            if chat_id == old_id:
                ctx.chats[game_id] = new_id
        return moved
