"""The private messages a call for the next game brings: "🔔 A game of Kozel opens in
«Club»", with a Join button, once per call (the service took the group's list).

Each goes through its person's own private queue (bot/transport/outbox.py) as an
update (Priority.LATER), so it never holds a group's messages back: a private chat
has a pace of its own, and among all chats a group's answers and moments take the
shared pace first. Nothing goes to whom the bot knows it cannot write to; one who
blocked it meanwhile (Telegram answers 403) is marked so, and nothing else happens:
his call was used up with the others'. A message whose turn comes after its lobby
started or closed is not sent (its Join could only be refused).
"""

from __future__ import annotations

import logging

from telegram.error import TelegramError

from bot.showing.slots import Slots
from bot.texts import tr, variant_name
from bot.transport import tg
from bot.transport.outbox import Priority
from bot.ui.keyboards import call_join_keyboard
from service import GameInfo, ServiceError
from service.types import CallsAnswered

log = logging.getLogger(__name__)


class CallNotices:
    """The messages of the calls a lobby answered, one per person in his private chat."""

    def __init__(self, slots: Slots) -> None:
        self.slots = slots

    def put(self, answered: CallsAnswered, opener: str) -> None:
        """Tell everyone ``answered`` names that the lobby opened (by ``opener``)."""
        game = answered.game
        for user_id in answered.to_tell:
            async def run(user_id: int = user_id) -> None:
                await self._send(game, user_id, opener)

            self.slots.outbox.send(user_id, run, priority=Priority.LATER)

    async def _send(self, game: GameInfo, user_id: int, opener: str) -> None:
        slots, service = self.slots, self.slots.service
        try:
            now = await service.game(game.game_id)
        except ServiceError:
            return
        if now.status != "lobby":  # started or closed before his turn came
            return
        user = await service.user(user_id)
        lang = await slots.user_language(user_id, user=user)
        title = await service.chat_title(game.chat_id) or tr(lang, "call.a_group")
        text = tr(lang, "call.opens", variant=variant_name(lang, game.variant), title=title,
                  name=opener)
        try:
            await slots.bot.send_message(user_id, text,
                                         reply_markup=call_join_keyboard(lang, game.game_id))
        except TelegramError as exc:
            if not tg.cannot_write(exc):
                raise  # the outbox tries it again later
            log.info("call of game %s: cannot write to %s: %s", game.game_id, user_id,
                     exc.message)
            if tg.blocked(exc):
                await service.set_reachable(user_id, blocked=True)
            else:
                await service.set_reachable(user_id, private_chat=False)


__all__ = ["CallNotices"]
