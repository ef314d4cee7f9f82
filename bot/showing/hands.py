"""The hands: each seated person's private message with his tiles and their buttons.

A hand is edited after every move that changes it, sent anew on a ping or when it
is missing, and never sent to whom never got one (``/hand`` or the deep link sends
the first). Whom the bot cannot write to is told of once in the group.
"""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardMarkup
from telegram.error import TelegramError

from bot.kinds.registry import bot_kind
from bot.showing.display import display_of, hand_hints
from bot.showing.screens import Screen, digest, markup_json
from bot.showing.slots import Slots
from bot.texts import tr
from bot.transport import tg
from bot.transport.outbox import Priority
from bot.ui.result_words import round_note
from engine.core.view import SeatView
from service import GameInfo, GameService, ServiceError


async def hand_markup(service: GameService, lang: str, game: GameInfo, seat: int,
                      view: SeatView) -> InlineKeyboardMarkup | None:
    """The seat's hand buttons at the game's version, with the scoring hints on his
    turn (the chat may switch them off): under his hand message, or under a solo
    table's picture."""
    kind = bot_kind(game.variant)
    on_turn = game.status == "playing" and view.turn == seat
    hints = hand_hints(game, view) if on_turn and kind.hints and (
        await display_of(service, game.chat_id)).hints else None
    return kind.hand_keyboard(lang, game.game_id, game.version, view,
                              active=game.status == "playing", hints=hints)


class Hands:
    """The slots of the hands, one per seat in its person's private chat."""

    def __init__(self, slots: Slots) -> None:
        self.slots = slots
        # (game_id, user_id) pairs the group was already told cannot get their hand
        self.told_no_hand: set[tuple[int, int]] = set()

    def put(self, game: GameInfo, seats: Sequence[int] | range, *,
            resend: bool = False, priority: Priority = Priority.LATER) -> None:
        """Each seat's hand, as the game's screen is when the person's chat has room.
        A solo table has none of its own: its person's buttons are under the table
        (bot/showing/table.py)."""
        if game.solo:
            return
        gid = game.game_id
        for seat in seats:
            user_id = game.seats[seat].user_id if seat < len(game.seats) else None
            if user_id is None:
                continue

            async def run(resend: bool, seat: int = seat) -> None:
                await self._slot(gid, seat, resend)

            self.slots.outbox.put(user_id, ("hand", gid, seat), run, resend=resend,
                                  priority=priority)

    async def _slot(self, game_id: int, seat: int, resend: bool) -> None:
        slots = self.slots
        screen = slots.screens.get(game_id)
        if screen is None:
            return
        game = screen.game
        if seat >= len(game.seats) or game.seats[seat].user_id is None:
            return
        info = game.seats[seat]
        user_id = info.user_id
        assert user_id is not None
        user = await slots.service.user(user_id)
        ping = screen.pings.get(seat)
        pinged = ping is not None and ping[0] == game.version and game.status == "playing" \
            and game.turn == seat
        if seat in screen.ping_resend:
            screen.ping_resend.discard(seat)
            resend = resend and pinged  # he moved meanwhile: an edit, notifying nobody
        if user is not None and user.blocked and not resend:
            self.tell_no_hand(game, user_id, info.name, blocked=True)
            return
        if not resend and await slots.ref(game_id, "hand", seat) is None:
            return  # he never got his hand: /hand or the deep link sends it
        view = screen.views.get(seat)
        if view is None or game.view is None or view.round_index != game.view.round_index:
            try:
                fresh, _, view = await slots.service.seat_view(game_id, user_id)
            except ServiceError:
                return
            screen.views[seat] = view
            game = slots.screen(fresh).game
        lang = await slots.user_language(user_id, user=user)
        drew = screen.drew.get(seat, ())
        kind = bot_kind(game.variant)
        text = kind.hand_text(lang, game, info, view, drew)
        note = await self._round_note(screen, game, seat, view, lang)
        if note is not None:
            text = f"{note}\n\n{text}"
        if ping is not None and pinged and ping[0] == game.version:
            text = f"{ping[1]}\n\n{text}"
        on_turn = game.status == "playing" and view.turn == seat
        markup = await hand_markup(slots.service, lang, game, seat, view)
        # Who is not on turn keeps a keyboard of an older version: pressing it only
        # explains; the digest ignores the version then, so it is not edited for it.
        key = digest(text, markup_json(markup) if on_turn else markup_json(
            kind.hand_keyboard(lang, game.game_id, -1, view,
                               active=game.status == "playing")))
        try:
            await slots.put_text(game, "hand", user_id, text, markup, resend=resend, seat=seat,
                                 key=key)
        except TelegramError as exc:
            if tg.cannot_write(exc):
                await self._cannot_reach(game, user_id, info.name, exc)
                return
            raise
        if user is None or not user.has_private_chat or user.blocked:
            await slots.service.set_reachable(user_id, private_chat=True, blocked=False)

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
            ended = await self.slots.service.ended_rounds(game.game_id)
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
            await self.slots.service.set_reachable(user_id, blocked=True)
        else:
            await self.slots.service.set_reachable(user_id, private_chat=False)
        self.tell_no_hand(game, user_id, name, blocked=is_blocked)

    def tell_no_hand(self, game: GameInfo, user_id: int, name: str, *, blocked: bool) -> None:
        """Tell the group, once per game and player, that he cannot get his hand."""
        key = (game.game_id, user_id)
        if key in self.told_no_hand:
            return
        self.told_no_hand.add(key)
        slots = self.slots

        async def run() -> None:
            lang = await slots.chat_language(game.chat_id)
            if blocked:
                text = tr(lang, "notice.blocked", name=name)
            else:
                text = tr(lang, "notice.no_private", name=name,
                          link=await slots.personal_link(game, user_id))
            await tg.quietly(slots.bot.send_message(game.chat_id, text,
                                                    message_thread_id=game.topic),
                             "no-hand notice")

        slots.outbox.send(game.chat_id, run)


__all__ = ["Hands"]
