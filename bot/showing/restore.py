"""Bringing a game's messages back in line with the stored game: after a restart,
after a failure, every ten minutes, and when a group became a supergroup.

Every message's stored reference keeps the game version it shows, and the number of
round results the group was told is stored, so what is missing or out of date is
found by comparing: a lobby edited (or closed), the untold results sent, a hand or a
table edited or sent anew. Nothing here changes a game.
"""

from __future__ import annotations

import logging

from bot.showing.hands import Hands
from bot.showing.lobby import PANEL_SEAT, Lobby
from bot.showing.rounds import Rounds
from bot.showing.slots import Slots
from bot.showing.table import Table
from service import GameInfo, ServiceError

log = logging.getLogger(__name__)


class Restore:
    """Puts the slots a game needs to match what is stored."""

    def __init__(self, slots: Slots, lobby: Lobby, hands: Hands, table: Table,
                 rounds: Rounds) -> None:
        self.slots = slots
        self.lobby = lobby
        self.hands = hands
        self.table = table
        self.rounds = rounds

    async def reconcile(self, game: GameInfo) -> None:
        """Bring every message of the game (as just read from the service) up to its
        stored version after a restart or a failure: the lobby, what the group was not
        told, the hands, the table."""
        service = self.slots.service
        game_id = game.game_id
        screen = self.slots.screen(game)
        shown = {(r.kind, r.seat): r for r in await service.shown(game_id)}
        lobby = shown.get(("lobby", None))
        panel = shown.get(("lobby", PANEL_SEAT))
        if panel is not None:
            self.lobby.put_panel(game, panel.chat_id)  # in line with the lobby, or closed
        if game.status == "lobby":
            if lobby is None or lobby.version < game.version:
                self.lobby.put(game, resend=lobby is None)
            return
        if lobby is not None and lobby.version < game.version:
            self.lobby.put(game)  # closes it
        if game.view is None:
            return
        self.rounds.put(game)
        for seat in game.seats:
            if seat.user_id is None:
                continue
            ref = shown.get(("hand", seat.seat))
            if ref is not None and ref.version >= game.version:
                continue
            try:
                _, _, view = await service.seat_view(game_id, seat.user_id)
            except ServiceError:
                continue
            screen.views[seat.seat] = view
            if ref is None:
                user = await service.user(seat.user_id)
                if user is None or not user.has_private_chat or user.blocked:
                    continue
            self.hands.put(game, (seat.seat,), resend=ref is None)
        table = shown.get(("table", None))
        if table is None or table.version < game.version:
            self.table.put(game)  # a round not yet begun keeps waiting for its lead

    async def chat_migrated(self, old_id: int, new_id: int) -> None:
        """The group became a supergroup: its games live under the new id from now on
        (the service moved them); what was on its way to the old id is shown anew."""
        service = self.slots.service
        try:
            await service.migrate_chat(old_id, new_id)  # nothing to move: no change
        except ServiceError as exc:  # both ids hold a game: leave them where they are
            log.warning("chat %s -> %s not migrated: %s", old_id, new_id, exc.code)
            return
        screens = self.slots.screens
        for game_id in [g for g, s in screens.items() if s.game.chat_id == old_id]:
            del screens[game_id]
            try:
                await self.reconcile(await service.game(game_id))
            except ServiceError:
                continue


__all__ = ["Restore"]
