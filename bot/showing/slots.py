"""The plumbing every part of the presenter shares: languages, links, plain messages,
the games' screens, the stored message references, and the guard of a forum topic.

**The stored message references have one home: the database.** Every message the
bot edits later is saved with the game version it shows and a digest of its
content (``service.save_shown`` / ``mark_shown``), and a slot asks the service for
the reference it needs each time (``service.shown_one``), never keeping a copy of
its own. That read is one row by the table's primary key (game, kind, seat), a few
per slot beside the Telegram call the slot exists for; in exchange nothing has to be
kept in step or forgotten when a game is reconciled after a restart, its group moves
to a supergroup, or another part of the bot (the turn notices of
bot/showing/timers.py) writes a reference.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
from collections.abc import Awaitable, Callable

from telegram import Bot, InlineKeyboardMarkup
from telegram.error import BadRequest, TelegramError

from bot.showing.screens import Screen, digest, markup_json
from bot.showing.workers import Workers
from bot.texts import language_of
from bot.transport import tg
from bot.transport.outbox import Outbox, Run
from service import GameInfo, GameService
from service.types import Shown, ShownKind, UserInfo

log = logging.getLogger(__name__)

SETTINGS_LINK_PREFIX = "set"  # t.me/<bot>?start=set<game id>: open that game's settings
# The stored digest of a table message that became a round's summary: it is never
# edited again; the next round's table is a new message (sent with its first move).
SUMMARY_MARK = "summary:"
TEXT_MARK = "text:"  # the stored digest of a live table shown as text starts so


class Slots:
    """The shared part of the presenter (bot/showing/presenter.py builds on it)."""

    def __init__(self, bot: Bot, service: GameService, outbox: Outbox, workers: Workers, *,
                 token: str, default_language: str) -> None:
        self.bot = bot
        self.service = service
        self.outbox = outbox
        self.workers = workers
        self._token = token
        self.default_language = default_language
        self.screens: dict[int, Screen] = {}
        # forum topics: games whose topic is gone ("message thread not found"); their
        # group slots send nothing more. ``on_topic_lost`` (set where the bot is
        # wired) cancels such a game and tells its players.
        self.lost_topics: set[int] = set()
        self.on_topic_lost: Callable[[int], Awaitable[None]] | None = None

    # ------------------------------------------------------------ languages
    async def chat_language(self, chat_id: int, opener_code: str | None = None,
                            *, private: bool = False) -> str:
        """A group's language; a new group takes the language of whoever opened it.
        In a private chat, the user's language."""
        if private:
            return await self.user_language(chat_id, opener_code)
        stored = await self.service.chat_language(chat_id)
        if stored:
            return stored
        lang = language_of(opener_code, self.default_language)
        if opener_code is not None:
            await self.service.set_chat_language(chat_id, lang)
        return lang

    async def user_language(self, user_id: int, code: str | None = None,
                            user: UserInfo | None = None) -> str:
        """The language he chose, else his Telegram client's, else the default."""
        user = user or await self.service.user(user_id)
        if user is not None and user.language:
            return language_of(user.language, self.default_language)
        if code is None and user is not None:
            code = user.language_code
        return language_of(code, self.default_language)

    # ------------------------------------------------------------ links
    def _link(self, token: str) -> str:
        return f"https://t.me/{self.bot.username}?start={token}"

    async def game_link(self, game: GameInfo) -> str:
        """A link anyone may press to join the lobby (derived from the token, unguessable)."""
        mac = hmac.new(self._token.encode(), f"join:{game.game_id}".encode(), hashlib.sha256)
        token = "g" + base64.urlsafe_b64encode(mac.digest()[:15]).decode().rstrip("=")
        return self._link(await self.service.join_link(game.game_id, user_id=None, token=token))

    def settings_link(self, game: GameInfo) -> str:
        """Opens the private chat and, on Start, the game's settings panel (for the
        creator or an admin: checked then)."""
        return self._link(f"{SETTINGS_LINK_PREFIX}{game.game_id}")

    async def personal_link(self, game: GameInfo, user_id: int) -> str:
        return self._link(await self.service.join_link(game.game_id, user_id=user_id))

    def start_link(self, payload: str) -> str:
        """The link that opens the private chat with the bot and sends /start payload."""
        return self._link(payload)

    # ------------------------------------------------------------ plain messages
    def say(self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None = None, *,
            thread: int | None = None, key: object = None, origin: object = None) -> None:
        """Send a message in this chat's order, before what only updates a picture (in
        its forum topic ``thread``, None: no topic); a failure is logged, never raised.
        ``key`` and ``origin``: a newer message of that key for another origin drops
        this one while it waits (bot/transport/outbox.py)."""
        async def run() -> None:
            await tg.quietly(self.bot.send_message(chat_id, text, reply_markup=markup,
                                                   message_thread_id=thread),
                             f"message to {chat_id}")

        self.outbox.send(chat_id, run, key=key, origin=origin)

    def edit_text(self, chat_id: int, message_id: int, text: str,
                  markup: InlineKeyboardMarkup | None = None) -> None:
        """Replace a message's text (and keyboard) in this chat's order; a failure (such
        as "not modified") is logged, never raised."""
        async def run() -> None:
            await tg.quietly(self.bot.edit_message_text(text, chat_id, message_id,
                                                        reply_markup=markup),
                             f"editing {message_id} in {chat_id}")

        self.outbox.send(chat_id, run)

    # ------------------------------------------------------------ screens
    def screen(self, game: GameInfo) -> Screen:
        """The game's screen, holding ``game`` unless a newer version is held already."""
        screen = self.screens.get(game.game_id)
        if screen is None:
            screen = self.screens[game.game_id] = Screen(game)
        elif game.version >= screen.game.version:
            screen.game = game
        if game.status in ("finished", "cancelled") and len(self.screens) > 2000:
            self._forget_old()
        return screen

    def _forget_old(self) -> None:
        for gid in [g for g, s in self.screens.items()
                    if s.game.status in ("finished", "cancelled")
                    and not self.outbox.pending(s.game.chat_id)][:1000]:
            del self.screens[gid]

    # ------------------------------------------------------------ stored references
    async def ref(self, game_id: int, kind: ShownKind, seat: int | None = None
                  ) -> Shown | None:
        """The stored message of the game's slot (kind, seat), as the database has it."""
        return await self.service.shown_one(game_id, kind, seat)

    async def mark(self, game_id: int, kind: ShownKind, seat: int | None, *, version: int,
                   content: str) -> None:
        """The slot's message was edited in place to show ``version`` and ``content``."""
        await self.service.mark_shown(game_id, kind, seat, version=version, digest=content)

    async def save(self, game_id: int, kind: ShownKind, seat: int | None, *, chat_id: int,
                   message_id: int, version: int, content: str,
                   replace: bool = False) -> Shown | None:
        """Store the message just sent for the slot; the one it replaced, if any.
        ``replace``: the replaced one is deleted here, and stored as to be deleted in
        the same write, so a crash before its deletion leaves it for the next start
        (`delete_leftovers`). A table that became a round's summary stays."""
        before = await self.ref(game_id, kind, seat)
        replace = replace and before is not None and not is_summary(before) \
            and before.message_id != message_id
        old = await self.service.save_shown(game_id, kind, chat_id=chat_id,
                                            message_id=message_id, seat=seat, version=version,
                                            digest=content, delete_old=replace)
        if replace and old is not None and not is_summary(old) \
                and (old.chat_id, old.message_id) != (chat_id, message_id):
            await self._delete_replaced(old.chat_id, old.message_id)
        return old

    async def _delete_replaced(self, chat_id: int, message_id: int) -> None:
        """Delete a replaced message and forget it once deleted, or once Telegram says
        it cannot be (too old, not there any more); another failure keeps it for the
        next start."""
        try:
            await self.bot.delete_message(chat_id, message_id)
        except BadRequest as exc:
            if not tg.message_gone(exc):
                log.info("deleting %s in %s failed: %s", message_id, chat_id, exc.message)
                return
        except TelegramError as exc:
            log.info("deleting %s in %s failed: %s", message_id, chat_id, exc.message)
            return
        await self.service.forget_deleted(chat_id, message_id)

    async def delete_leftovers(self) -> None:
        """After a start: delete the replaced messages a stop left behind (each in its
        chat's order)."""
        for chat_id, message_id in await self.service.messages_to_delete():
            async def run(chat_id: int = chat_id, message_id: int = message_id) -> None:
                await self._delete_replaced(chat_id, message_id)

            self.outbox.send(chat_id, run)

    # ------------------------------------------------------------ a text message kept
    async def put_text(self, game: GameInfo, kind: ShownKind, chat_id: int, text: str,
                       markup: InlineKeyboardMarkup | None, *, resend: bool,
                       seat: int | None = None, key: str | None = None) -> None:
        """Edit the game's message of this kind, or send it (anew) and forget the old one.
        Nothing is sent when the message shows this content already. Telegram errors
        other than a vanished message propagate."""
        content = key or digest(text, markup_json(markup))
        ref = await self.ref(game.game_id, kind, seat)
        if ref is not None and not resend:
            if ref.digest == content and ref.version >= 0:
                # it shows this already (its stored version may stay older: a restart
                # compares the content again and finds nothing to edit); a version
                # unknown (-1, after a restore) is edited: the chat may show another
                return
            try:
                await tg.edit(lambda: self.bot.edit_message_text(
                    text, ref.chat_id, ref.message_id, reply_markup=markup))
                await self.mark(game.game_id, kind, seat, version=game.version,
                                content=content)
                return
            except BadRequest as exc:
                if not tg.message_gone(exc):
                    raise
        msg = await self.bot.send_message(chat_id, text, reply_markup=markup,
                                          message_thread_id=thread_of(game, chat_id))
        await self.save(game.game_id, kind, seat, chat_id=chat_id, message_id=msg.message_id,
                        version=game.version, content=content, replace=True)

    # ------------------------------------------------------------ forum topics
    def in_topic(self, game_id: int, run: Run) -> Run:
        """A group slot of the game, guarded: nothing is sent for a game whose forum
        topic is gone, and the first "message thread not found" reports it lost (no
        retry: the topic never comes back)."""
        async def guarded(resend: bool) -> None:
            if game_id in self.lost_topics:
                return
            try:
                await run(resend)
            except BadRequest as exc:
                screen = self.screens.get(game_id)
                if not thread_not_found(exc) or screen is None or screen.game.topic is None:
                    raise
                log.warning("game %s: its forum topic is gone (%s)", game_id, exc.message)
                self.lost_topics.add(game_id)
                if self.on_topic_lost is not None:
                    await self.on_topic_lost(game_id)

        return guarded


def thread_of(game: GameInfo, chat_id: int) -> int | None:
    """The forum topic a message of the game goes to in ``chat_id``: the game's topic in
    its group, none in a private chat."""
    return game.topic if chat_id == game.chat_id else None


def thread_not_found(exc: TelegramError) -> bool:
    """Telegram's answer to a send into a forum topic that does not exist (deleted)."""
    return isinstance(exc, BadRequest) and "message thread not found" in exc.message.lower()


def is_text(ref: Shown) -> bool:
    """Whether a stored live table message is a text table (a round's summary, in
    either form, is never edited again: its digest is ``summary:<round>``)."""
    return (ref.digest or "").startswith(TEXT_MARK)


def is_summary(ref: Shown) -> bool:
    """Whether a stored table message became a round's summary (never edited again)."""
    return (ref.digest or "").startswith(SUMMARY_MARK)


def summary_round(ref: Shown) -> int | None:
    """The round (0-based) whose summary a stored table message became, if any."""
    content = ref.digest or ""
    tail = content[len(SUMMARY_MARK):]
    return int(tail) if content.startswith(SUMMARY_MARK) and tail.isdigit() else None


__all__ = ["SETTINGS_LINK_PREFIX", "SUMMARY_MARK", "TEXT_MARK", "Slots", "is_summary",
           "is_text", "summary_round", "thread_not_found", "thread_of"]
