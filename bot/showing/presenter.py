"""Everything the bot shows: lobby, hands, table, round results — through the outbox.

The presenter keeps, per game, the latest state the bot knows (a
:class:`Screen`: the public game, the seats' private views from the last move
reports, the moves since the last table picture shown) and puts *slots* into
the outbox: "the table of game 7", "seat 2's hand", "the lobby", "what the
group has not been told yet". A slot reads the latest screen when the chat's
pace lets it be sent, so a frame that would have waited is never drawn.

Shown state is stored: every message the bot edits later is saved with the game
version it shows and a digest of its content (``service.save_shown`` /
``mark_shown``). :meth:`Presenter.reconcile` compares them with the game after a
restart or a failure and brings every message back in line (edit, or send
anew), and the round summaries the group was not told are sent (the count of
those told is stored too). A round's end, the game's end and a cancel are each one
new group message; what only updates is an edit. Nothing here changes a game.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import html
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from telegram import Bot, InlineKeyboardMarkup, InputMediaPhoto, Message, MessageEntity, User
from telegram.constants import ParseMode
from telegram.error import BadRequest, TelegramError

from bot.kinds.base import bot_kind  # issue 14: each kind's hand, picture and text
from bot.showing.display import display_of, hand_hints  # issue 15, display
from bot.showing.workers import Workers
from bot.texts import language_of, tr
from bot.transport import tg
from bot.transport.outbox import Outbox, Priority, Run
from bot.ui.formatting import (
    banner_texts,
    closed_lobby_text,
    closed_panel_text,
    lobby_text,
    round_caption,
    round_note,
    round_summary,
    seat_name,
    seat_names,
    settings_text,
    table_caption,
    variant_page_text,
)
from bot.ui.keyboards import lobby_keyboard, settings_keyboard, table_keyboard, variant_keyboard
from bot.ui.review_keys import final_keyboard  # the post-game review (issue 15)
from engine.core.moves import Pass
from engine.core.results import MoveResult, RoundEnd
from engine.core.tiles import Tile
from engine.core.view import SeatView
from service import GameInfo, GameService, MoveReport, ServiceError
from service.types import Shown, ShownKind, UserInfo

log = logging.getLogger(__name__)

MAX_CAPTION_MOVES = 24  # moves named in one caption (older ones are in the picture)
# The settings panel (in the private chat of the creator or an admin) is stored as the
# lobby's message of "seat" 0: the group's lobby is the lobby of no seat (-1), and the
# messages table's kinds need no new one for it (no schema change).
PANEL_SEAT = 0
SETTINGS_LINK_PREFIX = "set"  # t.me/<bot>?start=set<game id>: open that game's settings
# The stored digest of a table message that became a round's summary: it is never
# edited again; the next round's table is a new message (sent with its first move).
SUMMARY_MARK = "summary:"


@dataclass
class Screen:
    """What the bot knows it must show of one game."""

    game: GameInfo
    views: dict[int, SeatView] = field(default_factory=dict)  # by seat, latest known
    # the tiles a seat drew in its turn under way (or its turn just ended by a pass)
    drew: dict[int, list[Tile]] = field(default_factory=dict)
    results: list[MoveResult] = field(default_factory=list)  # since the last picture shown
    # a round's end is on its way to the group: the live table waits for its summary
    summary_pending: bool = False
    auto: set[int] = field(default_factory=set)  # id() of those of them made automatically
    last_seat: int | None = None  # the seat of the last move applied
    # turn pings (bot/showing/pings.py): seat -> (version, header) of the hand sent anew as a ping
    pings: dict[int, tuple[int, str]] = field(default_factory=dict)
    ping_resend: set[int] = field(default_factory=set)  # seats whose resend is a ping's
    mention: tuple[int, int, int] | None = None  # (version, seat, user) to mention once
    # the game's last ended round as the hands' result line needs it, read once for
    # the view's (round, round over) it was read at: (that key, (round index, its end))
    last_end: tuple[tuple[int, bool], tuple[int, RoundEnd] | None] | None = None
    # why a lobby was closed, when not by /cancel: (catalogue key, its values)
    cancel_note: tuple[str, dict[str, object]] | None = None
    # the settings panel shows its variant page (the variants and «Back»), not its options
    variant_page: bool = False


def digest(*parts: object) -> str:
    raw = json.dumps(parts, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.blake2b(raw.encode(), digest_size=12).hexdigest()


def markup_json(markup: InlineKeyboardMarkup | None) -> object:
    return markup.to_dict() if markup is not None else None


class Presenter:
    """One per application (in BotState); every method is safe to call from any game."""

    def __init__(self, bot: Bot, service: GameService, outbox: Outbox, workers: Workers, *,
                 token: str, default_language: str) -> None:
        self.bot = bot
        self.service = service
        self.outbox = outbox
        self.workers = workers
        self._token = token
        self.default_language = default_language
        self.screens: dict[int, Screen] = {}
        # the stored message references of each game, read once and kept in step with
        # every write made here (so a slot costs no read of the database)
        self._shown: dict[int, dict[tuple[str, int | None], Shown]] = {}
        outbox.on_migrated = self.chat_migrated
        # (game_id, user_id) pairs the group was already told cannot get their hand
        self.told_no_hand: set[tuple[int, int]] = set()
        # forum topics (issue 15): games whose topic is gone ("message thread not
        # found"); their group slots send nothing more. ``on_topic_lost`` (set where
        # the bot is wired) cancels such a game and tells its players.
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

    def start_link(self, payload: str) -> str:
        """The link that opens the private chat with the bot and sends /start payload."""
        return self._link(payload)

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
            self._shown.pop(gid, None)

    def maybe_away(self, game_id: int, user_id: int) -> bool:
        """Whether the user's seat may be played by the computer for him (False only
        when the latest known state says he is present or not in the game)."""
        screen = self.screens.get(game_id)
        if screen is None:
            return True
        seat = screen.game.seat_of(user_id)
        return seat is not None and seat.away

    async def is_hand(self, game_id: int, seat: int, chat_id: int, message_id: int) -> bool:
        """Whether this message is the seat's live hand message of the game."""
        ref = await self._ref(game_id, "hand", seat)
        return ref is not None and ref.chat_id == chat_id and ref.message_id == message_id

    # ------------------------------------------------------------ stored references
    async def _refs(self, game_id: int) -> dict[tuple[str, int | None], Shown]:
        refs = self._shown.get(game_id)
        if refs is None:
            refs = {(r.kind, r.seat): r for r in await self.service.shown(game_id)}
            self._shown[game_id] = refs
        return refs

    async def _ref(self, game_id: int, kind: ShownKind, seat: int | None = None
                   ) -> Shown | None:
        return (await self._refs(game_id)).get((kind, seat))

    async def _mark(self, game_id: int, kind: ShownKind, seat: int | None, *, version: int,
                    content: str) -> None:
        await self.service.mark_shown(game_id, kind, seat, version=version, digest=content)
        refs = await self._refs(game_id)
        ref = refs.get((kind, seat))
        if ref is not None:
            refs[(kind, seat)] = dataclasses.replace(ref, version=version, digest=content)

    async def _save(self, game_id: int, kind: ShownKind, seat: int | None, *, chat_id: int,
                    message_id: int, version: int, content: str,
                    replace: bool = False) -> Shown | None:
        """Store the message just sent for the slot; the one it replaced, if any.
        ``replace``: the replaced one is deleted here, and stored as to be deleted in
        the same write, so a crash before its deletion leaves it for the next start
        (`delete_leftovers`). A table that became a round's summary stays."""
        refs = await self._refs(game_id)
        before = refs.get((kind, seat))
        replace = replace and before is not None and not _is_summary(before) \
            and before.message_id != message_id
        old = await self.service.save_shown(game_id, kind, chat_id=chat_id,
                                            message_id=message_id, seat=seat, version=version,
                                            digest=content, delete_old=replace)
        refs[(kind, seat)] = Shown(game_id, kind, seat, chat_id, message_id, version, content)
        if replace and old is not None and not _is_summary(old) \
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

    def _apply(self, report: MoveReport) -> Screen:
        screen = self.screen(report.game)
        for seat, view in report.views.items():
            screen.views[seat] = view
        drawers = {r.seat for r in report.results if r.drawn is not None}
        for seat in report.refresh_seats - drawers:
            screen.drew.pop(seat, None)  # his drawing (if any) was in an earlier turn
        for result in report.results:
            if result.seat != screen.last_seat or result.new_round:
                screen.drew.pop(result.seat, None)  # his turn begins
            if result.drawn is not None:
                screen.drew.setdefault(result.seat, []).append(result.drawn)
            elif not isinstance(result.move, Pass):
                screen.drew.pop(result.seat, None)  # he played: the turn's draws are seen
            screen.last_seat = result.seat
        if report.started:
            screen.results.clear()
            screen.auto.clear()
        screen.results.extend(report.results)
        screen.auto.update(id(r) for i, r in enumerate(report.results) if report.is_auto(i))
        del screen.results[:-MAX_CAPTION_MOVES]
        screen.auto.intersection_update(id(r) for r in screen.results)
        return screen

    # ------------------------------------------------------------ what a command did
    def show_report(self, report: MoveReport) -> None:
        """Queue everything a move report changes (no waiting for Telegram)."""
        game = report.game
        self._apply(report)
        if report.started:
            self._put_lobby(game)
            self._put_hands(game, range(len(game.seats)), resend=True)
            self._put_table(game)  # sent with the first tile: a table is never empty
            return
        if report.round_ends or report.finished:
            self._put_announce(game)
        if report.finished:
            self._put_lobby(game)  # says how the game ended
        self._put_hands(game, sorted(report.refresh_seats))
        self._put_table(game)

    def show_lobby(self, game: GameInfo, *, resend: bool = False) -> None:
        """The group's lobby (and the settings panel, if one is open) as ``game`` is."""
        self.screen(game)
        self._put_lobby(game, resend=resend)

    def open_panel(self, game: GameInfo, user_id: int) -> None:
        """Send the settings panel to the user's private chat (the one open before,
        anywhere, is deleted: one panel per game)."""
        self.screen(game).variant_page = False
        self._put_panel(game, user_id, resend=True)

    def panel_page(self, game: GameInfo, user_id: int, *, variants: bool) -> None:
        """Turn the user's panel to its variant page (``variants``) or back to the
        options of the game's variant."""
        self.screen(game).variant_page = variants
        self._put_panel(game, user_id)

    def refresh_panel(self, game: GameInfo, user_id: int) -> None:
        """Bring the user's panel in line now (the group's lobby slot does it too, at
        the group's pace)."""
        self.screen(game)
        self._put_panel(game, user_id)

    def close_panel(self, game: GameInfo, user_id: int) -> None:
        """The user is done with the settings: his panel says so, without buttons."""
        self.screen(game)
        self._put_panel(game, user_id, close=True)

    def show_table(self, game: GameInfo, *, resend: bool = False) -> None:
        self.screen(game)
        self._put_table(game, resend=resend)

    def show_hand(self, game: GameInfo, seat: int, *, resend: bool = False) -> None:
        self.screen(game)
        self._put_hands(game, (seat,), resend=resend)

    def ping(self, game: GameInfo, seat: int, header: str | None, *, mention_user: int,
             table: bool = False) -> None:
        """A turn ping: the seat's hand sent anew under ``header`` (None: no private
        message); ``table``: the group's table sent anew too, its caption mentioning
        the player. Either only while the game still waits on that turn."""
        screen = self.screen(game)
        if header is not None:
            screen.pings[seat] = (game.version, header)
            screen.ping_resend.add(seat)
            self._put_hands(game, (seat,), resend=True, priority=Priority.NOW)
        if table:
            screen.mention = (game.version, seat, mention_user)
            self._put_table(game, resend=True, priority=Priority.NOW)

    def show_final_buttons(self, game: GameInfo, chat_id: int, message_id: int) -> None:
        """The buttons under a finished game's result brought in line with its rematch
        (how many asked, or that it began): an edit of that message's keyboard only."""
        gid = game.game_id

        async def run(_: bool) -> None:
            lang = await self.chat_language(game.chat_id)
            markup = await self._final_markup(lang, game)
            await tg.quietly(tg.edit(lambda: self.bot.edit_message_reply_markup(
                chat_id, message_id, reply_markup=markup)),
                f"the buttons of game {gid}'s end")

        self.outbox.put(chat_id, ("final", gid), self._in_topic(gid, run))

    def show_cancelled(self, game: GameInfo, key: str = "cancel.done", **values: object
                       ) -> None:
        """A cancelled game is ONE group message. One that never started: its lobby,
        edited to say so (with ``key``'s text when it is another than the default: an
        expired lobby says why). One that started: a new message with ``key``'s text;
        its live table and its closed lobby are left as they are (each edit would spend
        the group's budget to say the same). The hands are edited, quietly, to say it."""
        screen = self.screen(game)
        if game.view is None:
            screen.cancel_note = None if key == "cancel.done" else (key, values)
            self._put_lobby(game)
            return
        self._put_hands(game, range(len(game.seats)))
        gid = game.game_id

        async def run(_: bool) -> None:
            lang = await self.chat_language(game.chat_id)
            await self.bot.send_message(game.chat_id, tr(lang, key, **values),
                                        message_thread_id=game.topic)

        guarded = self._in_topic(gid, run)

        async def once() -> None:
            await tg.quietly(guarded(False), f"the end of game {gid}")

        self.outbox.send(game.chat_id, once)

    # ------------------------------------------------------------ slots
    def _put_lobby(self, game: GameInfo, *, resend: bool = False) -> None:
        gid = game.game_id

        async def run(resend: bool) -> None:
            await self._lobby_slot(gid, resend)

        self.outbox.put(game.chat_id, ("lobby", gid), self._in_topic(gid, run), resend=resend,
                        priority=Priority.NOW)

    def _put_panel(self, game: GameInfo, chat_id: int, *, resend: bool = False,
                   close: bool = False) -> None:
        gid = game.game_id

        async def run(resend: bool) -> None:
            await self._panel_slot(gid, chat_id, resend, close)

        self.outbox.put(chat_id, ("panel", gid), run, resend=resend)

    def _put_table(self, game: GameInfo, *, resend: bool = False,
                   priority: Priority = Priority.LATER) -> None:
        """The live table: an edit waits behind replies and moments; sent anew with a
        turn's mention (``priority`` NOW) it is a moment itself."""
        if game.view is None:
            return
        gid = game.game_id

        async def run(resend: bool) -> None:
            await self._table_slot(gid, resend)

        self.outbox.put(game.chat_id, ("table", gid), self._in_topic(gid, run), resend=resend,
                        priority=priority)

    def _put_hands(self, game: GameInfo, seats: Sequence[int] | range, *,
                   resend: bool = False, priority: Priority = Priority.LATER) -> None:
        gid = game.game_id
        for seat in seats:
            user_id = game.seats[seat].user_id if seat < len(game.seats) else None
            if user_id is None:
                continue

            async def run(resend: bool, seat: int = seat) -> None:
                await self._hand_slot(gid, seat, resend)

            self.outbox.put(user_id, ("hand", gid, seat), run, resend=resend,
                            priority=priority)

    def _put_announce(self, game: GameInfo) -> None:
        gid = game.game_id
        self.screen(game).summary_pending = True

        async def run(_: bool) -> None:
            await self._announce_slot(gid)

        self.outbox.put(game.chat_id, ("announce", gid), self._in_topic(gid, run),
                        priority=Priority.NOW)

    # ------------------------------------------------------------ the lobby
    async def _needs_start(self, game: GameInfo) -> list[tuple[str, str]]:
        """(name, deep link) of each seated player who cannot get his tiles yet: the
        link opens the private chat with the bot (Start there keeps him seated)."""
        seats = await self.service.unreachable_seats(game)
        if not seats:
            return []
        link = await self.game_link(game)
        return [(seat.name, link) for seat in seats]

    async def _lobby_slot(self, game_id: int, resend: bool) -> None:
        screen = self.screens.get(game_id)
        if screen is None:
            return
        game = screen.game
        panel = await self._ref(game_id, "lobby", PANEL_SEAT)
        if panel is not None:  # the panel shows the same lobby (or closes with it)
            self._put_panel(game, panel.chat_id)
        lang = await self.chat_language(game.chat_id)
        if game.status == "lobby":
            needs_start = await self._needs_start(game)
            text = lobby_text(lang, game, needs_start=[name for name, _ in needs_start])
            markup = lobby_keyboard(lang, game, needs_start)
        else:
            if await self._ref(game_id, "lobby") is None:
                return
            text, markup = closed_lobby_text(lang, game), None
            if game.status == "cancelled" and screen.cancel_note is not None:
                text += "\n" + tr(lang, screen.cancel_note[0], **screen.cancel_note[1])
        await self._put_text(game, "lobby", game.chat_id, text, markup, resend=resend)

    async def _panel_slot(self, game_id: int, chat_id: int, resend: bool, close: bool
                          ) -> None:
        """The settings panel in ``chat_id`` (a private chat): sent anew (``resend``),
        brought in line with the lobby, or closed (``close``, or the lobby is over)."""
        screen = self.screens.get(game_id)
        if screen is None:
            return
        game = screen.game
        ref = await self._ref(game_id, "lobby", PANEL_SEAT)
        if not resend and (ref is None or ref.chat_id != chat_id):
            return  # no panel here (any more)
        lang = await self.user_language(chat_id)
        if game.status == "lobby" and not close:
            try:
                if screen.variant_page:
                    text, markup = variant_page_text(lang, game), variant_keyboard(lang, game)
                else:
                    text, markup = settings_text(lang, game), settings_keyboard(lang, game)
                await self._put_text(game, "lobby", chat_id, text, markup, resend=resend,
                                     seat=PANEL_SEAT)
            except TelegramError as exc:
                if not tg.cannot_write(exc):
                    raise
                if tg.blocked(exc):
                    await self.service.set_reachable(chat_id, blocked=True)
                else:
                    await self.service.set_reachable(chat_id, private_chat=False)
            return
        if ref is None:
            return
        await self.service.forget_shown(game_id, "lobby", PANEL_SEAT)
        (await self._refs(game_id)).pop(("lobby", PANEL_SEAT), None)
        await tg.quietly(tg.edit(lambda: self.bot.edit_message_text(
            closed_panel_text(lang, game), ref.chat_id, ref.message_id, reply_markup=None)),
            "closing the settings")

    async def _put_text(self, game: GameInfo, kind: ShownKind, chat_id: int, text: str,
                        markup: InlineKeyboardMarkup | None, *, resend: bool,
                        seat: int | None = None, key: str | None = None) -> None:
        """Edit the game's message of this kind, or send it (anew) and forget the old one.
        Nothing is sent when the message shows this content already. Telegram errors
        other than a vanished message propagate."""
        content = key or digest(text, markup_json(markup))
        ref = await self._ref(game.game_id, kind, seat)
        if ref is not None and not resend:
            if ref.digest == content:
                # it shows this already (its stored version may stay older: a restart
                # compares the content again and finds nothing to edit)
                return
            try:
                await tg.edit(lambda: self.bot.edit_message_text(
                    text, ref.chat_id, ref.message_id, reply_markup=markup))
                await self._mark(game.game_id, kind, seat, version=game.version,
                                 content=content)
                return
            except BadRequest as exc:
                if not tg.message_gone(exc):
                    raise
        msg = await self.bot.send_message(chat_id, text, reply_markup=markup,
                                          message_thread_id=_thread(game, chat_id))
        await self._save(game.game_id, kind, seat, chat_id=chat_id, message_id=msg.message_id,
                         version=game.version, content=content, replace=True)

    # ------------------------------------------------------------ hands
    async def _hand_slot(self, game_id: int, seat: int, resend: bool) -> None:
        screen = self.screens.get(game_id)
        if screen is None:
            return
        game = screen.game
        if seat >= len(game.seats) or game.seats[seat].user_id is None:
            return
        info = game.seats[seat]
        user_id = info.user_id
        assert user_id is not None
        user = await self.service.user(user_id)
        ping = screen.pings.get(seat)
        pinged = ping is not None and ping[0] == game.version and game.status == "playing" \
            and game.turn == seat
        if seat in screen.ping_resend:
            screen.ping_resend.discard(seat)
            resend = resend and pinged  # he moved meanwhile: an edit, notifying nobody
        if user is not None and user.blocked and not resend:
            self.tell_no_hand(game, user_id, info.name, blocked=True)
            return
        if not resend and await self._ref(game_id, "hand", seat) is None:
            return  # he never got his hand: /hand or the deep link sends it
        view = screen.views.get(seat)
        if view is None or game.view is None or view.round_index != game.view.round_index:
            try:
                fresh, _, view = await self.service.seat_view(game_id, user_id)
            except ServiceError:
                return
            screen.views[seat] = view
            game = self.screen(fresh).game
        lang = await self.user_language(user_id, user=user)
        drew = screen.drew.get(seat, ())
        kind = bot_kind(game.variant)
        text = kind.hand_text(lang, game, info, view, drew)
        note = await self._round_note(screen, game, seat, view, lang)
        if note is not None:
            text = f"{note}\n\n{text}"
        if ping is not None and pinged and ping[0] == game.version:
            text = f"{ping[1]}\n\n{text}"
        on_turn = game.status == "playing" and view.turn == seat
        # issue 15, display: scoring hints on the buttons (the chat may switch them off)
        hints = hand_hints(game, view) if on_turn and kind.hints and (
            await display_of(self.service, game.chat_id)).hints else None
        markup = kind.hand_keyboard(lang, game.game_id, game.version, view,
                                    active=game.status == "playing", hints=hints)
        # Who is not on turn keeps a keyboard of an older version: pressing it only
        # explains; the digest ignores the version then, so it is not edited for it.
        key = digest(text, markup_json(markup) if on_turn else markup_json(
            kind.hand_keyboard(lang, game.game_id, -1, view,
                               active=game.status == "playing")))
        try:
            await self._put_text(game, "hand", user_id, text, markup, resend=resend, seat=seat,
                                 key=key)
        except TelegramError as exc:
            if tg.cannot_write(exc):
                await self._cannot_reach(game, user_id, info.name, exc)
                return
            raise
        if user is None or not user.has_private_chat or user.blocked:
            await self.service.set_reachable(user_id, private_chat=True, blocked=False)

    async def _round_note(self, screen: Screen, game: GameInfo, seat: int, view: SeatView,
                          lang: str) -> str | None:
        """The last round's result as a line of the seat's hand (what his side got, the
        score): while the round it ended is shown, and in the next round until he moves
        (his move is in the round's public history; a kind without one keeps the line
        the whole round). Read from the stored rounds, so a restart shows it too."""
        if game.status == "cancelled":
            return None
        over = view.turn is None
        key = (view.round_index, over)
        if screen.last_end is None or screen.last_end[0] != key:
            ended = await self.service.ended_rounds(game.game_id)
            screen.last_end = (key, (len(ended) - 1, ended[-1][0]) if ended else None)
        last = screen.last_end[1]
        if last is None:
            return None
        index, end = last
        if index != view.round_index and (index != view.round_index - 1 or over or any(
                getattr(event, "seat", None) == seat for event in getattr(view, "history", ()))):
            return None
        return round_note(lang, game, view, seat, end, index + 1)

    async def _cannot_reach(self, game: GameInfo, user_id: int, name: str,
                            exc: TelegramError) -> None:
        is_blocked = tg.blocked(exc)
        if is_blocked:
            await self.service.set_reachable(user_id, blocked=True)
        else:
            await self.service.set_reachable(user_id, private_chat=False)
        self.tell_no_hand(game, user_id, name, blocked=is_blocked)

    def tell_no_hand(self, game: GameInfo, user_id: int, name: str, *, blocked: bool) -> None:
        """Tell the group, once per game and player, that he cannot get his hand."""
        key = (game.game_id, user_id)
        if key in self.told_no_hand:
            return
        self.told_no_hand.add(key)

        async def run() -> None:
            lang = await self.chat_language(game.chat_id)
            if blocked:
                text = tr(lang, "notice.blocked", name=name)
            else:
                text = tr(lang, "notice.no_private", name=name,
                          link=await self.personal_link(game, user_id))
            await tg.quietly(self.bot.send_message(game.chat_id, text,
                                                   message_thread_id=game.topic),
                             "no-hand notice")

        self.outbox.send(game.chat_id, run)

    # ------------------------------------------------------------ the table
    def _playing_screen(self, game_id: int) -> tuple[Screen, GameInfo, SeatView] | None:
        """The screen of a game that has a table (started), its game and public view."""
        screen = self.screens.get(game_id)
        if screen is None or screen.game.view is None:
            return None
        return screen, screen.game, screen.game.view

    async def _edit_picture(self, ref: Shown, photo: bytes, caption: str, filename: str,
                            markup: InlineKeyboardMarkup | None) -> bool:
        """Edit the stored picture message to show ``photo``; False when it is gone
        (the caller sends it anew). Other Telegram errors propagate."""
        chat_id, message_id = ref.chat_id, ref.message_id
        try:
            await tg.edit(lambda: self.bot.edit_message_media(
                InputMediaPhoto(photo, caption=caption, filename=filename),
                chat_id, message_id, reply_markup=markup))
        except BadRequest as exc:
            if not tg.message_gone(exc):
                raise
            return False
        return True

    async def _table_slot(self, game_id: int, resend: bool) -> None:
        if game_id not in self.screens:
            return
        # issue 15, display: the chat's table form, read before the screen is (no wait after)
        form = (await display_of(self.service, self.screens[game_id].game.chat_id)).table
        found = self._playing_screen(game_id)
        if found is None:
            return
        screen, game, view = found
        if screen.summary_pending and not resend:
            return  # the round's summary comes first; it puts the table again
        ref = await self._ref(game_id, "table")
        live = ref is not None and not _is_summary(ref)
        if live and ref is not None and _is_text(ref) != (form == "text"):
            resend = True  # the chat switched the table's form: the live one is replaced
        if live and not resend and ref is not None and ref.version >= game.version:
            return
        if not live and not resend:
            if view.table_empty and game.status == "playing":
                return  # a new round's table is sent with its first move: never empty
            if ref is not None and game.status != "playing" and not (
                    game.status == "finished" and not view.table_empty
                    and (_summary_round(ref) or 0) < view.round_index):
                return  # the game ended with a round: its summary carries the result
            # else the game ended in play in a round whose table was not sent yet (on
            # the round's first move): that round's picture, with the result, is new
        results = list(screen.results)
        lang = await self.chat_language(game.chat_id)
        auto = {i for i, r in enumerate(results) if id(r) in screen.auto}
        caption = table_caption(lang, game, view, results, auto)
        entities = None
        mention, screen.mention = screen.mention, None
        if mention is not None and resend and mention[0] == game.version \
                and view.turn == mention[1] and game.status == "playing":
            entities = _mention(lang, caption, seat_name(lang, game.seats[mention[1]]), mention[2])
        markup = table_keyboard(lang, self.bot.username) if game.status != "finished" \
            else await self._final_markup(lang, game)
        # a round's table that follows its round's summary only updates what the summary
        # told: it is sent without notification (the summary was the moment)
        silent = not resend and ref is not None and _is_summary(ref)
        if form == "text":  # issue 15, display: the live table as a text message
            user = mention[2] if entities and mention is not None else None
            text = bot_kind(game.variant).table_text(lang, game, view, results, auto,
                                                     mention=user)
            await self._text_table(game, view, ref if live and not resend else None, lang,
                                   text, markup, silent=silent)
            self._told(screen, results)
            return
        banner, detail = banner_texts(lang, game, view)
        photo, filename = await self.workers.table_picture(
            lang, view, seat_names(lang, game), banner, detail)
        content = digest(game.version, caption)
        sent: Message | None = None
        if ref is not None and live and not resend:
            if await self._edit_picture(ref, photo, caption, filename, markup):
                await self._mark(game_id, "table", None, version=game.version,
                                 content=content)
            else:
                live = False
        if not live or resend:
            sent = await self.bot.send_photo(game.chat_id, photo, caption=caption,
                                             caption_entities=entities,
                                             reply_markup=markup, filename=filename,
                                             message_thread_id=game.topic,
                                             disable_notification=silent)
            await self._save(game_id, "table", None, chat_id=game.chat_id,
                             message_id=sent.message_id, version=game.version,
                             content=content, replace=True)
        # the moves named in this caption are shown: the next caption starts after them
        for result in results:
            if screen.results and screen.results[0] is result:
                screen.results.pop(0)
                screen.auto.discard(id(result))

    # ------------------------------------------------------------ issue 15, display
    async def _text_table(self, game: GameInfo, view: SeatView, live: Shown | None,
                          lang: str, text: str, markup: InlineKeyboardMarkup | None, *,
                          content: str | None = None, silent: bool = False) -> None:
        """The table as a text message (HTML): the live one (``live``, a text table)
        edited, or a new one sent and stored with the version it shows (a live message
        of the other form is deleted). ``content``: the digest to store (default: the
        text's, marked as a text table); ``silent``: a new one is sent without
        notification."""
        game_id = game.game_id
        content = content or TEXT_MARK + digest(game.version, text)
        if live is not None and _is_text(live):
            if live.digest == content:
                return
            try:
                await tg.edit(lambda: self.bot.edit_message_text(
                    text, live.chat_id, live.message_id, parse_mode=ParseMode.HTML,
                    reply_markup=markup))
                await self._mark(game_id, "table", None, version=game.version, content=content)
                return
            except BadRequest as exc:
                if not tg.message_gone(exc):
                    raise
        sent = await self.bot.send_message(game.chat_id, text, parse_mode=ParseMode.HTML,
                                           reply_markup=markup, message_thread_id=game.topic,
                                           disable_notification=silent)
        await self._save(game_id, "table", None, chat_id=game.chat_id,
                         message_id=sent.message_id, version=game.version, content=content,
                         replace=True)

    @staticmethod
    def _told(screen: Screen, results: Sequence[MoveResult]) -> None:
        """The moves a table just named are shown: the next one starts after them."""
        for result in results:
            if screen.results and screen.results[0] is result:
                screen.results.pop(0)
                screen.auto.discard(id(result))

    def show_text_table(self, game: GameInfo, chat_id: int) -> None:
        """``/table text``: the table as text, sent once (not the live message)."""
        screen = self.screen(game)

        async def run() -> None:
            view = screen.game.view
            if view is None:
                return
            lang = await self.chat_language(chat_id)
            text = bot_kind(screen.game.variant).table_text(lang, screen.game, view)
            await tg.quietly(self.bot.send_message(
                chat_id, text, parse_mode=ParseMode.HTML,
                message_thread_id=_thread(screen.game, chat_id)),
                f"text table to {chat_id}")

        self.outbox.send(chat_id, run)

    # ------------------------------------------------------------ summaries
    async def _announce_slot(self, game_id: int) -> None:
        """Tell the group every round result (and the game's result) not told yet.
        The live table message becomes the ended round's last position with its
        summary as the caption (a further ended round gets a new picture of its own);
        the game's last one shows the result's banner."""
        found = self._playing_screen(game_id)
        if found is None:
            return
        screen, game, view = found
        try:
            await self._announce(screen, game, view)
        finally:
            screen.summary_pending = False
        if game.view is not None:
            self._put_table(game)  # a new round's table, once it has its first move

    async def _announce(self, screen: Screen, game: GameInfo, view: SeatView) -> None:
        game_id = game.game_id
        told_rounds, told_outcome = await self.service.announced(game_id)
        ended = await self.service.ended_rounds(game_id)
        outcome = view.outcome if game.status == "finished" else None
        if told_rounds >= len(ended) and (outcome is None or told_outcome):
            return
        lang = await self.chat_language(game.chat_id)
        finals = await self.service.ended_round_views(game_id)
        outcome_told = told_outcome
        for r in range(told_rounds, len(ended)):
            end, hands = ended[r]
            last = r == len(ended) - 1
            final = outcome if last and view.round_index <= r else None
            caption = round_caption(lang, game, finals[r], end, r + 1, hands, final)
            summary = round_summary(lang, game, finals[r], end, r + 1, hands, final)
            text = bot_kind(game.variant).table_text(lang, game, finals[r])
            await self._moment(game, lang, finals[r], f"{SUMMARY_MARK}{r}", caption,
                               _fit(text, summary),
                               final=final is not None)
            outcome_told = outcome_told or final is not None
            await self.service.set_announced(game_id, r + 1, outcome_told)
        # the moves up to the round's end are in its summary, not in the next caption
        cut = max((i for i, res in enumerate(screen.results)
                   if res.round_end is not None or res.new_round), default=-1)
        for res in screen.results[:cut + 1]:
            screen.auto.discard(id(res))
        del screen.results[:cut + 1]
        if outcome is not None and not outcome_told:
            # the game ended in play (a target reached): its end is one new message too,
            # the last position with the result and the game's buttons
            results = list(screen.results)
            auto = {i for i, r in enumerate(results) if id(r) in screen.auto}
            text = bot_kind(game.variant).table_text(lang, game, view, results, auto)
            await self._moment(game, lang, view, f"{SUMMARY_MARK}{view.round_index}",
                               table_caption(lang, game, view, results, auto), text,
                               final=True)
            self._told(screen, results)
            await self.service.set_announced(game_id, len(ended), True)
        if game.status == "finished":
            await self.service.forget_joins(game_id)

    async def _final_markup(self, lang: str, game: GameInfo) -> InlineKeyboardMarkup:
        """The buttons under a finished game's result: rematch, review (if the kind has
        one), the private chat's link."""
        votes = await self.service.rematch_votes(game)
        return final_keyboard(lang, self.bot.username, game.game_id,
                              review=bot_kind(game.variant).review,
                              votes=(len(votes.asked), len(votes.people))
                              if votes is not None else None,
                              rematched=votes is not None and votes.started is not None)

    async def _moment(self, game: GameInfo, lang: str, view: SeatView, content: str,
                      caption: str, text: str, *, final: bool) -> None:
        """A round's end, or the game's: ONE new group message, which notifies (an edit
        would notify nobody). It is the position at that end with the summary as its
        caption (``text``, HTML, where the chat shows tables as text), stored as the
        game's table with the digest ``content`` (``summary:<round>``), so a restart
        that finds it sent sends it no more. The live table it follows is out of date:
        it is deleted, so the group keeps one table a round. The next round's live table
        is a new message again, sent without notification with its first move: this
        keeps every summary in the group's history at one notifying message a round
        (turning the summary itself into the next live table would spend one message
        less but wipe the result at the next lead)."""
        game_id = game.game_id
        ref = await self._ref(game_id, "table")
        if ref is not None and ref.digest == content:
            return  # done before a restart
        markup = await self._final_markup(lang, game) if final \
            else table_keyboard(lang, self.bot.username)
        if (await display_of(self.service, game.chat_id)).table == "text":  # issue 15
            await self._text_table(game, view, None, lang, text, markup, content=content)
            return
        banner, detail = banner_texts(lang, game, view) if final else (None, None)
        photo, filename = await self.workers.table_picture(
            lang, view, seat_names(lang, game), banner, detail)
        sent = await self.bot.send_photo(game.chat_id, photo, caption=caption,
                                         reply_markup=markup, filename=filename,
                                         message_thread_id=game.topic)
        old = await self._save(game_id, "table", None, chat_id=game.chat_id,
                               message_id=sent.message_id, version=game.version,
                               content=content)
        if old is not None and old.message_id != sent.message_id and not _is_summary(old):
            await tg.quietly(self.bot.delete_message(old.chat_id, old.message_id),
                             "deleting the old table")

    # ------------------------------------------------------------ forum topics
    def _in_topic(self, game_id: int, run: Run) -> Run:
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

    # ------------------------------------------------------------ a group that moved
    async def chat_migrated(self, old_id: int, new_id: int) -> None:
        """The group became a supergroup: its games live under the new id from now on
        (the service moved them); what was on its way to the old id is shown anew."""
        try:
            await self.service.migrate_chat(old_id, new_id)  # nothing to move: no change
        except ServiceError as exc:  # both ids hold a game: leave them where they are
            log.warning("chat %s -> %s not migrated: %s", old_id, new_id, exc.code)
            return
        for game_id in [g for g, s in self.screens.items() if s.game.chat_id == old_id]:
            del self.screens[game_id]
            self._shown.pop(game_id, None)
            try:
                await self.reconcile(await self.service.game(game_id))
            except ServiceError:
                continue

    # ------------------------------------------------------------ reconciling
    async def reconcile(self, game: GameInfo) -> None:
        """Bring every message of the game (as just read from the service) up to its
        stored version after a restart or a failure: the lobby, what the group was not
        told, the hands, the table."""
        game_id = game.game_id
        screen = self.screen(game)
        self._shown.pop(game_id, None)  # read anew from the database
        shown = await self._refs(game_id)
        lobby = shown.get(("lobby", None))
        panel = shown.get(("lobby", PANEL_SEAT))
        if panel is not None:
            self._put_panel(game, panel.chat_id)  # in line with the lobby, or closed
        if game.status == "lobby":
            if lobby is None or lobby.version < game.version:
                self._put_lobby(game, resend=lobby is None)
            return
        if lobby is not None and lobby.version < game.version:
            self._put_lobby(game)  # closes it
        if game.view is None:
            return
        self._put_announce(game)
        for seat in game.seats:
            if seat.user_id is None:
                continue
            ref = shown.get(("hand", seat.seat))
            if ref is not None and ref.version >= game.version:
                continue
            try:
                _, _, view = await self.service.seat_view(game_id, seat.user_id)
            except ServiceError:
                continue
            screen.views[seat.seat] = view
            if ref is None:
                user = await self.service.user(seat.user_id)
                if user is None or not user.has_private_chat or user.blocked:
                    continue
            self._put_hands(game, (seat.seat,), resend=ref is None)
        table = shown.get(("table", None))
        if table is None or table.version < game.version:
            self._put_table(game)  # a round not yet begun keeps waiting for its lead


def _thread(game: GameInfo, chat_id: int) -> int | None:
    """The forum topic a message of the game goes to in ``chat_id``: the game's topic in
    its group, none in a private chat."""
    return game.topic if chat_id == game.chat_id else None


def thread_not_found(exc: TelegramError) -> bool:
    """Telegram's answer to a send into a forum topic that does not exist (deleted)."""
    return isinstance(exc, BadRequest) and "message thread not found" in exc.message.lower()


# ------------------------------------------------------------ issue 15, display: text table
TEXT_MARK = "text:"  # the stored digest of a live table shown as text starts so


def _is_text(ref: Shown) -> bool:
    """Whether a stored live table message is a text table (a round's summary, in
    either form, is never edited again: its digest is ``summary:<round>``)."""
    return (ref.digest or "").startswith(TEXT_MARK)


def _is_summary(ref: Shown) -> bool:
    """Whether a stored table message became a round's summary (never edited again)."""
    return (ref.digest or "").startswith(SUMMARY_MARK)


def _summary_round(ref: Shown) -> int | None:
    """The round (0-based) whose summary a stored table message became, if any."""
    digest = ref.digest or ""
    tail = digest[len(SUMMARY_MARK):]
    return int(tail) if digest.startswith(SUMMARY_MARK) and tail.isdigit() else None


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _mention(lang: str, caption: str, name: str, user_id: int) -> list[MessageEntity] | None:
    """A mention of the player on turn where the caption names him (its turn line)."""
    line = tr(lang, "table.turn", name=name)
    at = caption.rfind(line)
    start = line.find(name)
    if at < 0 or start < 0 or not name:
        return None
    offset = _utf16(caption[:at + start])
    return [MessageEntity(MessageEntity.TEXT_MENTION, offset, _utf16(name),
                          user=User(user_id, name, is_bot=False))]


def _fit(head: str, tail: str, limit: int = 4096) -> str:
    """A text table (HTML) and a round's summary (plain text, escaped here) in one
    message: the summary cut where the two would pass Telegram's limit of a text (cut
    before escaping, so no entity is cut in two)."""
    while tail and len(head) + 2 + len(html.escape(tail)) > limit:
        tail = tail[:len(tail) - (len(head) + 2 + len(html.escape(tail)) - limit)]
    return f"{head}\n\n{html.escape(tail)}" if tail else head[:limit]
