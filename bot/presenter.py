"""Everything the bot shows: lobby, hands, table, round results. Telegram I/O lives here.

Handlers call the service and then one of these methods. Each Telegram call is
guarded: "not modified" is success, a vanished message is sent anew, a user who
cannot be written to is marked and the group told once, and no failure stops
the game. Nothing here changes a game.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
from collections.abc import Sequence

from telegram import Bot, InlineKeyboardMarkup, InputMediaPhoto, Message
from telegram.error import BadRequest, TelegramError

from bot import tg
from bot.formatting import (
    closed_lobby_text,
    hand_text,
    lobby_text,
    outcome_text,
    round_summary,
    table_caption,
)
from bot.keyboards import hand_keyboard, lobby_keyboard, settings_keyboard, table_keyboard
from bot.pictures import table_picture
from bot.state import BotState
from bot.texts import language_of, tr
from engine.results import MoveResult
from engine.tiles import Tile
from service import GameInfo, MoveReport, ServiceError
from storage import UserRow

log = logging.getLogger(__name__)


class Presenter:
    def __init__(self, bot: Bot, state: BotState) -> None:
        self.bot = bot
        self.state = state
        self.repos = state.repos

    # ------------------------------------------------------------ languages
    @property
    def default_language(self) -> str:
        return self.state.settings.default_language

    async def chat_language(self, chat_id: int, opener_code: str | None = None,
                            *, private: bool = False) -> str:
        """A group's language; a new group takes the language of whoever opened it.
        In a private chat, the user's language."""
        if private:
            return await self.user_language(chat_id, opener_code)
        row = await self.repos.chats.get(chat_id)
        if row is not None and row.language:
            return row.language
        lang = language_of(opener_code, self.default_language)
        await self.repos.chats.set_language(chat_id, lang)
        return lang

    async def user_language(self, user_id: int, code: str | None = None,
                            row: UserRow | None = None) -> str:
        row = row or await self.repos.users.get(user_id)
        if row is not None and row.language:
            return language_of(row.language, self.default_language)
        return language_of(code, self.default_language)

    # ------------------------------------------------------------ links
    def _link(self, token: str) -> str:
        return f"https://t.me/{self.bot.username}?start={token}"

    async def game_link(self, game: GameInfo) -> str:
        """A link anyone may press to join the lobby (derived from the token, unguessable)."""
        digest = hmac.new(self.state.settings.token.encode(), f"join:{game.game_id}".encode(),
                          hashlib.sha256).digest()
        token = "g" + base64.urlsafe_b64encode(digest[:15]).decode().rstrip("=")
        if await self.repos.pending_joins.get(token) is None:
            await self.repos.pending_joins.create(game.chat_id, game.game_id, token=token)
        return self._link(token)

    async def personal_link(self, game: GameInfo, user_id: int) -> str:
        pending = await self.repos.pending_joins.create(game.chat_id, game.game_id,
                                                        user_id=user_id)
        return self._link(pending.token)

    # ------------------------------------------------------------ group messages
    async def say(self, chat_id: int, text: str) -> Message | None:
        return await tg.quietly(self.bot.send_message(chat_id, text), f"message to {chat_id}")

    # ------------------------------------------------------------ lobby
    async def _needs_start(self, game: GameInfo) -> list[tuple[str, str]]:
        out = []
        for seat in game.seats:
            if seat.user_id is None:
                continue
            row = await self.repos.users.get(seat.user_id)
            if row is None or not row.has_private_chat or row.blocked:
                out.append((seat.name, await self.game_link(game)))
        return out

    async def show_lobby(self, game: GameInfo, *, settings: bool = False,
                         resend: bool = False) -> None:
        lang = await self.chat_language(game.chat_id)
        text = lobby_text(lang, game, settings=settings, needs_start=await self._needs_start(game))
        markup = settings_keyboard(lang, game) if settings else lobby_keyboard(lang, game)
        await self._put_text(game, "lobby", game.chat_id, text, markup, resend=resend)

    async def close_lobby(self, game: GameInfo) -> None:
        ref = await self.repos.messages.get(game.game_id, "lobby")
        if ref is None:
            return
        lang = await self.chat_language(game.chat_id)
        text = closed_lobby_text(lang, game)
        try:
            await tg.edit(lambda: self.bot.edit_message_text(text, ref.chat_id, ref.message_id))
        except TelegramError as exc:
            log.info("closing the lobby of game %s failed: %s", game.game_id, exc.message)

    async def _put_text(self, game: GameInfo, kind: str, chat_id: int, text: str,
                        markup: InlineKeyboardMarkup | None, *, resend: bool,
                        seat: int | None = None) -> None:
        """Edit the game's message of this kind, or send it (anew) and forget the old one.
        Telegram errors other than a vanished message propagate."""
        ref = await self.repos.messages.get(game.game_id, kind, seat)  # type: ignore[arg-type]
        if ref is not None and not resend:
            try:
                await tg.edit(lambda: self.bot.edit_message_text(
                    text, ref.chat_id, ref.message_id, reply_markup=markup))
                return
            except BadRequest as exc:
                if not tg.message_gone(exc):
                    raise
        msg = await self.bot.send_message(chat_id, text, reply_markup=markup)
        old = await self.repos.messages.save(game.game_id, kind, chat_id=chat_id,  # type: ignore[arg-type]
                                             message_id=msg.message_id, seat=seat)
        if old is not None and old.message_id != msg.message_id:
            await tg.quietly(self.bot.delete_message(old.chat_id, old.message_id),
                             "deleting an old message")

    # ------------------------------------------------------------ hands
    async def show_hand(self, game_id: int, user_id: int, *, resend: bool = False,
                        drew: Tile | None = None) -> bool:
        """Edit (or with ``resend`` send anew) the player's hand message; False when he
        cannot get it."""
        try:
            game, seat, view = await self.state.service.seat_view(game_id, user_id)
        except ServiceError:
            return False
        row = await self.repos.users.get(user_id)
        if row is not None and row.blocked and not resend:
            await self.tell_no_hand(game, user_id, seat.name, blocked=True)
            return False
        if not resend and await self.repos.messages.get(game_id, "hand", seat.seat) is None:
            return False  # he never got his hand: /hand or the deep link sends it
        lang = await self.user_language(user_id, row=row)
        text = hand_text(lang, game, seat, view, drew)
        markup = hand_keyboard(lang, game.game_id, game.version, view,
                               active=game.status == "playing")
        try:
            await self._put_text(game, "hand", user_id, text, markup, resend=resend,
                                 seat=seat.seat)
        except TelegramError as exc:
            if tg.cannot_write(exc):
                await self._cannot_reach(game, user_id, seat.name, exc)
            else:
                log.warning("hand of user %s in game %s: %s", user_id, game_id, exc.message)
            return False
        if row is None or not row.has_private_chat or row.blocked:
            await self.repos.users.set_has_private_chat(user_id, True)
            await self.repos.users.set_blocked(user_id, False)
        return True

    async def _cannot_reach(self, game: GameInfo, user_id: int, name: str,
                            exc: TelegramError) -> None:
        is_blocked = tg.blocked(exc)
        if is_blocked:
            await self.repos.users.set_blocked(user_id, True)
        else:
            await self.repos.users.set_has_private_chat(user_id, False)
        await self.tell_no_hand(game, user_id, name, blocked=is_blocked)

    async def tell_no_hand(self, game: GameInfo, user_id: int, name: str, *,
                            blocked: bool) -> None:
        """Tell the group, once per game and player, that he cannot get his hand."""
        key = (game.game_id, user_id)
        if key in self.state.told_no_hand:
            return
        self.state.told_no_hand.add(key)
        lang = await self.chat_language(game.chat_id)
        if blocked:
            text = tr(lang, "notice.blocked", name=name)
        else:
            text = tr(lang, "notice.no_private", name=name,
                      link=await self.personal_link(game, user_id))
        await self.say(game.chat_id, text)

    async def show_hands(self, game: GameInfo, seats: Sequence[int], *, resend: bool = False,
                         drew: dict[int, Tile] | None = None) -> None:
        for seat in sorted(seats):
            user_id = game.seats[seat].user_id
            if user_id is not None:
                await self.show_hand(game.game_id, user_id, resend=resend,
                                     drew=(drew or {}).get(seat))

    # ------------------------------------------------------------ table
    async def show_table(self, game: GameInfo, results: Sequence[MoveResult] = (),
                         *, resend: bool = False) -> None:
        if game.view is None:
            return
        lang = await self.chat_language(game.chat_id)
        names = [s.name for s in game.seats]
        photo, filename = table_picture(lang, game.view, names)
        caption = table_caption(lang, game, game.view, results)
        markup = table_keyboard(lang, self.bot.username)
        ref = await self.repos.messages.get(game.game_id, "table")
        try:
            if ref is not None and not resend:
                try:
                    await tg.edit(lambda: self.bot.edit_message_media(
                        InputMediaPhoto(photo, caption=caption, filename=filename),
                        ref.chat_id, ref.message_id, reply_markup=markup))
                    return
                except BadRequest as exc:
                    if not tg.message_gone(exc):
                        raise
            msg = await self.bot.send_photo(game.chat_id, photo, caption=caption,
                                            reply_markup=markup, filename=filename)
        except TelegramError as exc:
            log.warning("table of game %s: %s", game.game_id, exc.message)
            return
        old = await self.repos.messages.save(game.game_id, "table", chat_id=game.chat_id,
                                             message_id=msg.message_id)
        if old is not None and old.message_id != msg.message_id:
            await tg.quietly(self.bot.delete_message(old.chat_id, old.message_id),
                             "deleting the old table")

    # ------------------------------------------------------------ what a command did
    async def show_report(self, report: MoveReport) -> None:
        game = report.game
        if report.started:
            await self.close_lobby(game)
            await self.show_hands(game, range(len(game.seats)), resend=True)
            await self.show_table(game, resend=True)
            return
        view = game.view
        assert view is not None
        lang = await self.chat_language(game.chat_id)
        for i, end in enumerate(report.round_ends):
            last = report.results[-1]
            number = view.round_index + (0 if last.new_round else 1)
            hands = report.final_hands[i] if i < len(report.final_hands) else ()
            outcome = view.outcome if report.finished else None
            await self.say(game.chat_id, round_summary(lang, game, view, end, number, hands,
                                                       outcome))
        if report.finished and not report.round_ends and view.outcome is not None:
            await self.say(game.chat_id, outcome_text(lang, game, view, view.outcome))
        drew = {r.seat: r.drawn for r in report.results if r.drawn is not None}
        await self.show_hands(game, tuple(report.refresh_seats), drew=drew)
        # A new round starts under the round's summary: the table follows it.
        await self.show_table(game, report.results,
                              resend=bool(report.round_ends) and not report.finished)
        if report.finished:
            await self.repos.pending_joins.delete_for_game(game.game_id)

    async def show_cancelled(self, game: GameInfo) -> None:
        if game.view is None:
            await self.close_lobby(game)
        else:
            await self.show_hands(game, range(len(game.seats)))
            await self.show_table(game)
        await self.repos.pending_joins.delete_for_game(game.game_id)
