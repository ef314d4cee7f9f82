"""What the group must notice of a game's result: each round's end and the game's end.

Each is ONE new group message, which notifies (an edit would notify nobody): the
position at that end with the summary as its caption. How many round results the
group was told, and whether it was told the outcome, are stored, so a restart tells
what is untold, once.
"""

from __future__ import annotations

import html

from telegram import InlineKeyboardMarkup

from bot.kinds.registry import bot_kind
from bot.showing.display import display_of
from bot.showing.screens import Screen
from bot.showing.slots import SUMMARY_MARK, Slots, is_summary
from bot.showing.table import Table
from bot.transport import tg
from bot.transport.outbox import Priority
from bot.ui.formatting import table_caption
from bot.ui.keyboards import table_keyboard
from bot.ui.names import seat_names
from bot.ui.result_words import banner_texts, round_caption, round_summary
from engine.core.view import SeatView
from service import GameInfo


class Rounds:
    """The slot of what the group was not told yet (round results, the outcome)."""

    def __init__(self, slots: Slots, table: Table) -> None:
        self.slots = slots
        self.table = table

    def put(self, game: GameInfo) -> None:
        gid = game.game_id
        self.slots.screen(game).summary_pending = True

        async def run(_: bool) -> None:
            await self._slot(gid)

        self.slots.outbox.put(game.chat_id, ("announce", gid), self.slots.in_topic(gid, run),
                              priority=Priority.NOW)

    async def _slot(self, game_id: int) -> None:
        """Tell the group every round result (and the game's result) not told yet.
        The live table message becomes the ended round's last position with its
        summary as the caption (a further ended round gets a new picture of its own);
        the game's last one shows the result's banner."""
        found = self.table.playing(game_id)
        if found is None:
            return
        screen, game, view = found
        try:
            await self._announce(screen, game, view)
        finally:
            screen.summary_pending = False
        if game.view is not None:
            self.table.put(game)  # a new round's table, once it has its first move

    async def _announce(self, screen: Screen, game: GameInfo, view: SeatView) -> None:
        service = self.slots.service
        game_id = game.game_id
        told_rounds, told_outcome = await service.announced(game_id)
        ended = await service.ended_rounds(game_id)
        outcome = view.outcome if game.status == "finished" else None
        if told_rounds >= len(ended) and (outcome is None or told_outcome):
            return
        lang = await self.slots.chat_language(game.chat_id)
        finals = await service.ended_round_views(game_id)
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
            await service.set_announced(game_id, r + 1, outcome_told)
        screen.told_up_to_round_end()
        if outcome is not None and not outcome_told:
            # the game ended in play (a target reached): its end is one new message too,
            # the last position with the result and the game's buttons
            results, auto = screen.caption_moves()
            text = bot_kind(game.variant).table_text(lang, game, view, results, auto)
            await self._moment(game, lang, view, f"{SUMMARY_MARK}{view.round_index}",
                               table_caption(lang, game, view, results, auto), text,
                               final=True)
            screen.told(results)
            await service.set_announced(game_id, len(ended), True)
        if game.status == "finished":
            await service.forget_joins(game_id)

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
        slots = self.slots
        game_id = game.game_id
        ref = await slots.ref(game_id, "table")
        if ref is not None and ref.digest == content:
            return  # done before a restart
        markup: InlineKeyboardMarkup | None
        if final:
            markup = await self.table.final_markup(lang, game)
        else:  # the link to the hands' chat; at a solo table this is that chat
            markup = None if game.solo else table_keyboard(lang, slots.bot.username)
        if (await display_of(slots.service, game.chat_id)).table == "text":
            await self.table.text_table(game, None, text, markup, content=content)
            return
        banner, detail = banner_texts(lang, game, view) if final else (None, None)
        photo, filename = await slots.workers.table_picture(
            lang, view, seat_names(lang, game), banner, detail)
        sent = await slots.bot.send_photo(game.chat_id, photo, caption=caption,
                                          reply_markup=markup, filename=filename,
                                          message_thread_id=game.topic)
        old = await slots.save(game_id, "table", None, chat_id=game.chat_id,
                               message_id=sent.message_id, version=game.version,
                               content=content)
        if old is not None and old.message_id != sent.message_id and not is_summary(old):
            await tg.quietly(slots.bot.delete_message(old.chat_id, old.message_id),
                             "deleting the old table")


def _fit(head: str, tail: str, limit: int = 4096) -> str:
    """A text table (HTML) and a round's summary (plain text, escaped here) in one
    message: the summary cut where the two would pass Telegram's limit of a text (cut
    before escaping, so no entity is cut in two)."""
    while tail and len(head) + 2 + len(html.escape(tail)) > limit:
        tail = tail[:len(tail) - (len(head) + 2 + len(html.escape(tail)) - limit)]
    return f"{head}\n\n{html.escape(tail)}" if tail else head[:limit]


__all__ = ["Rounds"]
