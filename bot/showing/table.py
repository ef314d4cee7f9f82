"""The group's live table: a picture (or, where the chat asks for it, a text table)
edited at the group's pace with the latest state only, its caption naming every move
since the picture the group last saw.

An edit waits behind replies and moments (Priority.LATER); the table sent anew with a
turn's mention is a moment itself. A round's next table is a new message, sent
without notification with its first move, so a table is never empty.
"""

from __future__ import annotations

from telegram import InlineKeyboardMarkup, InputMediaPhoto, Message, MessageEntity, User
from telegram.constants import ParseMode
from telegram.error import BadRequest

from bot.kinds.registry import bot_kind
from bot.showing.display import display_of
from bot.showing.hands import hand_markup
from bot.showing.screens import Screen, digest
from bot.showing.slots import TEXT_MARK, Slots, is_summary, is_text, summary_round, thread_of
from bot.texts import tr
from bot.transport import tg
from bot.transport.outbox import Priority
from bot.ui.formatting import table_caption
from bot.ui.keyboards import table_keyboard
from bot.ui.names import seat_name, seat_names
from bot.ui.result_words import banner_texts
from bot.ui.review_keys import final_keyboard
from engine.core.view import SeatView
from engine.games import kind_of
from service import GameInfo, ServiceError
from service.types import Shown


class Table:
    """The slot of a game's live table in its group, and what else shows a table."""

    def __init__(self, slots: Slots) -> None:
        self.slots = slots

    def put(self, game: GameInfo, *, resend: bool = False,
            priority: Priority = Priority.LATER) -> None:
        """The live table: an edit waits behind replies and moments; sent anew with a
        turn's mention (``priority`` NOW) it is a moment itself."""
        if game.view is None:
            return
        gid = game.game_id

        async def run(resend: bool) -> None:
            await self._slot(gid, resend)

        self.slots.outbox.put(game.chat_id, ("table", gid), self.slots.in_topic(gid, run),
                              resend=resend, priority=priority)

    def playing(self, game_id: int) -> tuple[Screen, GameInfo, SeatView] | None:
        """The screen of a game that has a table (started), its game and public view."""
        screen = self.slots.screens.get(game_id)
        if screen is None or screen.game.view is None:
            return None
        return screen, screen.game, screen.game.view

    async def final_markup(self, lang: str, game: GameInfo) -> InlineKeyboardMarkup:
        """The buttons under a finished game's result: rematch, review (if the kind has
        one), the private chat's link; in a group, the call for its next game."""
        votes = await self.slots.service.rematch_votes(game)
        return final_keyboard(lang, self.slots.bot.username, game.game_id,
                              review=kind_of(game.variant).reviewed,
                              votes=(len(votes.asked), len(votes.people))
                              if votes is not None else None,
                              rematched=votes is not None and votes.started is not None,
                              call=not game.solo)

    def show_final_buttons(self, game: GameInfo, chat_id: int, message_id: int) -> None:
        """The buttons under a finished game's result brought in line with its rematch
        (how many asked, or that it began): an edit of that message's keyboard only."""
        gid = game.game_id
        slots = self.slots

        async def run(_: bool) -> None:
            lang = await slots.chat_language(game.chat_id)
            markup = await self.final_markup(lang, game)
            await tg.quietly(tg.edit(lambda: slots.bot.edit_message_reply_markup(
                chat_id, message_id, reply_markup=markup)),
                f"the buttons of game {gid}'s end")

        slots.outbox.put(chat_id, ("final", gid), slots.in_topic(gid, run))

    def show_text_table(self, game: GameInfo, chat_id: int) -> None:
        """``/table text``: the table as text, sent once (not the live message)."""
        slots = self.slots
        screen = slots.screen(game)

        async def run() -> None:
            view = screen.game.view
            if view is None:
                return
            lang = await slots.chat_language(chat_id)
            text = bot_kind(screen.game.variant).table_text(lang, screen.game, view)
            await tg.quietly(slots.bot.send_message(
                chat_id, text, parse_mode=ParseMode.HTML,
                message_thread_id=thread_of(screen.game, chat_id)),
                f"text table to {chat_id}")

        slots.outbox.send(chat_id, run)

    async def _edit_picture(self, ref: Shown, photo: bytes, caption: str, filename: str,
                            markup: InlineKeyboardMarkup | None) -> bool:
        """Edit the stored picture message to show ``photo``; False when it is gone
        (the caller sends it anew). Other Telegram errors propagate."""
        chat_id, message_id = ref.chat_id, ref.message_id
        try:
            await tg.edit(lambda: self.slots.bot.edit_message_media(
                InputMediaPhoto(photo, caption=caption, filename=filename),
                chat_id, message_id, reply_markup=markup))
        except BadRequest as exc:
            if not tg.message_gone(exc):
                raise
            return False
        return True

    async def _slot(self, game_id: int, resend: bool) -> None:
        slots = self.slots
        if game_id not in slots.screens:
            return
        # the chat's table form, and the stored table, read before the screen is (no
        # wait after)
        form = (await display_of(slots.service, slots.screens[game_id].game.chat_id)).table
        ref = await slots.ref(game_id, "table")
        found = self.playing(game_id)
        if found is None:
            return
        screen, game, view = found
        hand: InlineKeyboardMarkup | None = None
        if game.solo:  # the person's hand is this message's keyboard
            solo = await self._solo_hand(screen, game)
            if solo is None:
                return
            game, view, hand = solo
            if not resend and _computers_moving(screen, game):
                return  # the run's last move shows it whole: one edit, not one a move
        if screen.summary_pending and not resend:
            return  # the round's summary comes first; it puts the table again
        live = ref is not None and not is_summary(ref)
        if live and ref is not None and is_text(ref) != (form == "text"):
            resend = True  # the chat switched the table's form: the live one is replaced
        if live and not resend and ref is not None and ref.version >= game.version:
            return
        if not live and not resend:
            if view.table_empty and game.status == "playing" and not game.solo:
                return  # a new round's table is sent with its first move: never empty
                # (at a solo table the picture carries the hand: it may lead)
            if ref is not None and game.status != "playing" and not (
                    game.status == "finished" and not view.table_empty
                    and (summary_round(ref) or 0) < view.round_index):
                return  # the game ended with a round: its summary carries the result
            # else the game ended in play in a round whose table was not sent yet (on
            # the round's first move): that round's picture, with the result, is new
        results, auto = screen.caption_moves()
        lang = await slots.chat_language(game.chat_id)
        caption = table_caption(lang, game, view, results, auto)
        entities = None
        mention, screen.mention = screen.mention, None
        if mention is not None and resend and mention[0] == game.version \
                and view.turn == mention[1] and game.status == "playing":
            entities = _mention(lang, caption, seat_name(lang, game.seats[mention[1]]), mention[2])
        if game.status == "finished":
            markup: InlineKeyboardMarkup | None = await self.final_markup(lang, game)
        elif game.solo:
            markup = hand
        else:
            markup = table_keyboard(lang, slots.bot.username)
        # a round's table that follows its round's summary only updates what the summary
        # told: it is sent without notification (the summary was the moment)
        silent = not resend and ref is not None and is_summary(ref)
        if form == "text":  # the live table as a text message
            user = mention[2] if entities and mention is not None else None
            text = bot_kind(game.variant).table_text(lang, game, view, results, auto,
                                                     mention=user)
            await self.text_table(game, ref if live and not resend else None, text, markup,
                                  silent=silent)
            screen.told(results)
            return
        banner, detail = banner_texts(lang, game, view)
        photo, filename = await slots.workers.table_picture(
            lang, view, seat_names(lang, game), banner, detail)
        content = digest(game.version, caption)
        sent: Message | None = None
        if ref is not None and live and not resend:
            if await self._edit_picture(ref, photo, caption, filename, markup):
                await slots.mark(game_id, "table", None, version=game.version,
                                 content=content)
            else:
                live = False
        if not live or resend:
            sent = await slots.bot.send_photo(game.chat_id, photo, caption=caption,
                                              caption_entities=entities,
                                              reply_markup=markup, filename=filename,
                                              message_thread_id=game.topic,
                                              disable_notification=silent)
            await slots.save(game_id, "table", None, chat_id=game.chat_id,
                             message_id=sent.message_id, version=game.version,
                             content=content, replace=True)
        # the moves named in this caption are shown: the next caption starts after them
        screen.told(results)

    async def _solo_hand(self, screen: Screen, game: GameInfo
                         ) -> tuple[GameInfo, SeatView, InlineKeyboardMarkup | None] | None:
        """A solo table's game and public view as its person's seat view has them
        (read afresh, so the buttons carry the version they act on), and his hand's
        buttons (None once the game is over); None when it cannot be read."""
        slots = self.slots
        seat = game.seat_of(game.creator_user_id)
        if seat is None or seat.user_id is None:
            return None
        try:
            fresh, _, mine = await slots.service.seat_view(game.game_id, seat.user_id)
        except ServiceError:
            return None
        game = slots.screen(fresh).game
        if game.view is None:
            return None
        screen.views[seat.seat] = mine
        if game.status != "playing":
            return game, game.view, None
        lang = await slots.user_language(seat.user_id)
        return game, game.view, await hand_markup(slots.service, lang, game, seat.seat, mine)

    async def text_table(self, game: GameInfo, live: Shown | None, text: str,
                         markup: InlineKeyboardMarkup | None, *,
                         content: str | None = None, silent: bool = False) -> None:
        """The table as a text message (HTML): the live one (``live``, a text table)
        edited, or a new one sent and stored with the version it shows (a live message
        of the other form is deleted). ``content``: the digest to store (default: the
        text's, marked as a text table); ``silent``: a new one is sent without
        notification."""
        slots = self.slots
        game_id = game.game_id
        content = content or TEXT_MARK + digest(game.version, text)
        if live is not None and is_text(live):
            if live.digest == content and live.version >= 0:  # -1: after a restore
                return
            try:
                await tg.edit(lambda: slots.bot.edit_message_text(
                    text, live.chat_id, live.message_id, parse_mode=ParseMode.HTML,
                    reply_markup=markup))
                await slots.mark(game_id, "table", None, version=game.version, content=content)
                return
            except BadRequest as exc:
                if not tg.message_gone(exc):
                    raise
        sent = await slots.bot.send_message(game.chat_id, text, parse_mode=ParseMode.HTML,
                                            reply_markup=markup, message_thread_id=game.topic,
                                            disable_notification=silent)
        await slots.save(game_id, "table", None, chat_id=game.chat_id,
                         message_id=sent.message_id, version=game.version, content=content,
                         replace=True)


def _computers_moving(screen: Screen, game: GameInfo) -> bool:
    """At a solo table, whether computer players are in the middle of a run of moves:
    the last move not yet shown is a computer's and a computer is on turn. The person
    sees his own move at once and the computers' run as one edit when it is his turn."""
    turn = game.turn
    if game.status != "playing" or turn is None or not screen.results:
        return False
    last = screen.results[-1].seat
    # computer seats only: his own seat played for him while he is away is shown move
    # by move, so the table never waits on a run that lasts until he comes back
    return game.seats[turn].ai_level is not None and last < len(game.seats) \
        and game.seats[last].ai_level is not None


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


__all__ = ["Table"]
