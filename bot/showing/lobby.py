"""The group's lobby and the settings panel of a game.

The lobby is one group message, edited as seats fill, closed when the game starts
or is cancelled. The settings panel is the same lobby in the private chat of the
creator or an admin; it is stored as the lobby's message of "seat" 0 (the group's
lobby is the lobby of no seat), so the messages table needs no kind of its own for
it.
"""

from __future__ import annotations

from telegram.error import TelegramError

from bot.showing.slots import Slots
from bot.texts import tr
from bot.transport import tg
from bot.transport.outbox import Priority
from bot.ui.keyboards import lobby_keyboard, settings_keyboard, variant_keyboard
from bot.ui.lobby_words import (
    closed_lobby_text,
    closed_panel_text,
    lobby_text,
    settings_text,
    variant_page_text,
)
from service import GameInfo

PANEL_SEAT = 0


class Lobby:
    """The slots of a game's lobby (in its group) and of its settings panel."""

    def __init__(self, slots: Slots) -> None:
        self.slots = slots

    def put(self, game: GameInfo, *, resend: bool = False) -> None:
        """The lobby as the game's screen is when its turn comes: a moment (NOW)."""
        gid = game.game_id

        async def run(resend: bool) -> None:
            await self._slot(gid, resend)

        self.slots.outbox.put(game.chat_id, ("lobby", gid), self.slots.in_topic(gid, run),
                              resend=resend, priority=Priority.NOW)

    def put_panel(self, game: GameInfo, chat_id: int, *, resend: bool = False,
                  close: bool = False) -> None:
        gid = game.game_id

        async def run(resend: bool) -> None:
            await self._panel_slot(gid, chat_id, resend, close)

        self.slots.outbox.put(chat_id, ("panel", gid), run, resend=resend)

    async def _needs_start(self, game: GameInfo) -> list[tuple[str, str]]:
        """(name, deep link) of each seated player who cannot get his tiles yet: the
        link opens the private chat with the bot (Start there keeps him seated)."""
        seats = await self.slots.service.unreachable_seats(game)
        if not seats:
            return []
        link = await self.slots.game_link(game)
        return [(seat.name, link) for seat in seats]

    async def _slot(self, game_id: int, resend: bool) -> None:
        slots = self.slots
        screen = slots.screens.get(game_id)
        if screen is None:
            return
        game = screen.game
        panel = await slots.ref(game_id, "lobby", PANEL_SEAT)
        if panel is not None:  # the panel shows the same lobby (or closes with it)
            self.put_panel(game, panel.chat_id)
        lang = await slots.chat_language(game.chat_id)
        if game.status == "lobby":
            needs_start = await self._needs_start(game)
            text = lobby_text(lang, game, needs_start=[name for name, _ in needs_start])
            markup = lobby_keyboard(lang, game, needs_start)
        else:
            if await slots.ref(game_id, "lobby") is None:
                return
            text, markup = closed_lobby_text(lang, game), None
            if game.status == "cancelled" and screen.cancel_note is not None:
                text += "\n" + tr(lang, screen.cancel_note[0], **screen.cancel_note[1])
        await slots.put_text(game, "lobby", game.chat_id, text, markup, resend=resend)

    async def _panel_slot(self, game_id: int, chat_id: int, resend: bool, close: bool
                          ) -> None:
        """The settings panel in ``chat_id`` (a private chat): sent anew (``resend``),
        brought in line with the lobby, or closed (``close``, or the lobby is over)."""
        slots = self.slots
        screen = slots.screens.get(game_id)
        if screen is None:
            return
        game = screen.game
        ref = await slots.ref(game_id, "lobby", PANEL_SEAT)
        if not resend and (ref is None or ref.chat_id != chat_id):
            return  # no panel here (any more)
        lang = await slots.user_language(chat_id)
        if game.status == "lobby" and not close:
            try:
                if screen.variant_page:
                    text, markup = variant_page_text(lang, game), variant_keyboard(lang, game)
                else:
                    text, markup = settings_text(lang, game), settings_keyboard(lang, game)
                await slots.put_text(game, "lobby", chat_id, text, markup, resend=resend,
                                     seat=PANEL_SEAT)
            except TelegramError as exc:
                if not tg.cannot_write(exc):
                    raise
                if tg.blocked(exc):
                    await slots.service.set_reachable(chat_id, blocked=True)
                else:
                    await slots.service.set_reachable(chat_id, private_chat=False)
            return
        if ref is None:
            return
        await slots.service.forget_shown(game_id, "lobby", PANEL_SEAT)
        await tg.quietly(tg.edit(lambda: slots.bot.edit_message_text(
            closed_panel_text(lang, game), ref.chat_id, ref.message_id, reply_markup=None)),
            "closing the settings")


__all__ = ["PANEL_SEAT", "Lobby"]
