"""Everything the bot shows: lobby, hands, table, round results — through the outbox.

The presenter keeps, per game, the latest state the bot knows (a
:class:`~bot.showing.screens.Screen`) and puts *slots* into the outbox: "the table of
game 7", "seat 2's hand", "the lobby", "what the group has not been told yet". A slot
reads the latest screen when the chat's pace lets it be sent, so a frame that would
have waited is never drawn. A round's end, the game's end and a cancel are each one
new group message; what only updates is an edit. Nothing here changes a game.

It is made of parts, one a module, each showing one thing:

- bot/showing/slots.py: what they share (languages, links, plain messages, the
  screens, the stored message references, the forum topic's guard); the presenter
  *is* that part, so its callers reach it unchanged;
- bot/showing/lobby.py: the group's lobby and the settings panel;
- bot/showing/hands.py: each person's hand;
- bot/showing/table.py: the live table;
- bot/showing/rounds.py: the round results and the game's result;
- bot/showing/restore.py: bringing the messages in line after a restart;
- bot/showing/calls.py: the private messages of the calls for the next game.
"""

from __future__ import annotations

from collections.abc import Sequence

from telegram import Bot

from bot.showing.calls import CallNotices
from bot.showing.hands import Hands
from bot.showing.lobby import Lobby
from bot.showing.restore import Restore
from bot.showing.rounds import Rounds
from bot.showing.slots import Slots, is_summary
from bot.showing.table import Table
from bot.showing.workers import Workers
from bot.texts import tr
from bot.transport import tg
from bot.transport.outbox import Outbox, Priority
from bot.ui.achievements import earned_text
from service import GameInfo, GameService, MoveReport
from service.types import CallsAnswered


class Presenter(Slots):
    """One per application (in BotState); every method is safe to call from any game."""

    def __init__(self, bot: Bot, service: GameService, outbox: Outbox, workers: Workers, *,
                 token: str, default_language: str) -> None:
        super().__init__(bot, service, outbox, workers, token=token,
                         default_language=default_language)
        self.lobby = Lobby(self)
        self.hands = Hands(self)
        self.table = Table(self)
        self.rounds = Rounds(self, self.table)
        self.restore = Restore(self, self.lobby, self.hands, self.table, self.rounds)
        self.calls = CallNotices(self)
        # (game_id, user_id) pairs the group was already told cannot get their hand
        self.told_no_hand = self.hands.told_no_hand
        outbox.on_migrated = self.chat_migrated

    # ------------------------------------------------------------ what a command did
    def show_report(self, report: MoveReport) -> None:
        """Queue everything a move report changes (no waiting for Telegram)."""
        game = report.game
        self.screen(game).apply(report)
        if report.started:
            self.lobby.put(game)
            self.hands.put(game, range(len(game.seats)), resend=True)
            self.table.put(game)  # sent with the first tile: a table is never empty
            return
        if report.round_ends or report.finished:
            self.rounds.put(game)
        if report.finished:
            self.lobby.put(game)  # says how the game ended
            self.tell_achievements(report)
        self.hands.put(game, sorted(report.refresh_seats))
        self.table.put(game)

    def show_lobby(self, game: GameInfo, *, resend: bool = False) -> None:
        """The group's lobby (and the settings panel, if one is open) as ``game`` is."""
        self.screen(game)
        self.lobby.put(game, resend=resend)

    def tell_calls(self, answered: CallsAnswered, opener: str) -> None:
        """A lobby opened: each person whose call it answered gets one private message
        with its Join button (in his own queue: the group's messages never wait for it)."""
        self.calls.put(answered, opener)

    def open_panel(self, game: GameInfo, user_id: int) -> None:
        """Send the settings panel to the user's private chat (the one open before,
        anywhere, is deleted: one panel per game)."""
        self.screen(game).variant_page = False
        self.lobby.put_panel(game, user_id, resend=True)

    def panel_page(self, game: GameInfo, user_id: int, *, variants: bool) -> None:
        """Turn the user's panel to its variant page (``variants``) or back to the
        options of the game's variant."""
        self.screen(game).variant_page = variants
        self.lobby.put_panel(game, user_id)

    def refresh_panel(self, game: GameInfo, user_id: int) -> None:
        """Bring the user's panel in line now (the group's lobby slot does it too, at
        the group's pace)."""
        self.screen(game)
        self.lobby.put_panel(game, user_id)

    def close_panel(self, game: GameInfo, user_id: int) -> None:
        """The user is done with the settings: his panel says so, without buttons."""
        self.screen(game)
        self.lobby.put_panel(game, user_id, close=True)

    def show_table(self, game: GameInfo, *, resend: bool = False) -> None:
        self.screen(game)
        self.table.put(game, resend=resend)

    def show_text_table(self, game: GameInfo, chat_id: int) -> None:
        """``/table text``: the table as text, sent once (not the live message)."""
        self.table.show_text_table(game, chat_id)

    def show_hand(self, game: GameInfo, seat: int, *, resend: bool = False) -> None:
        """The seat's hand (at a solo table: the table, which carries it)."""
        self.screen(game)
        if game.solo:
            self.table.put(game, resend=resend, priority=Priority.NOW)
            return
        self.hands.put(game, (seat,), resend=resend)

    def ping(self, game: GameInfo, seat: int, header: str | None, *, mention_user: int,
             table: bool = False) -> None:
        """A turn ping: the seat's hand sent anew under ``header`` (None: no private
        message); ``table``: the group's table sent anew too, its caption mentioning
        the player. Either only while the game still waits on that turn."""
        screen = self.screen(game)
        if header is not None:
            screen.pings[seat] = (game.version, header)
            screen.ping_resend.add(seat)
            self.hands.put(game, (seat,), resend=True, priority=Priority.NOW)
        if table:
            screen.mention = (game.version, seat, mention_user)
            self.table.put(game, resend=True, priority=Priority.NOW)

    def show_final_buttons(self, game: GameInfo, chat_id: int, message_id: int) -> None:
        """The buttons under a finished game's result brought in line with its rematch
        (how many asked, or that it began): an edit of that message's keyboard only."""
        self.table.show_final_buttons(game, chat_id, message_id)

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
            self.lobby.put(game)
            return
        self.hands.put(game, range(len(game.seats)))
        if game.solo:
            self.table.put(game)  # its hand's buttons go
        gid = game.game_id

        async def run(_: bool) -> None:
            lang = await self.chat_language(game.chat_id)
            await self.bot.send_message(game.chat_id, tr(lang, key, **values),
                                        message_thread_id=game.topic)

        guarded = self.in_topic(gid, run)

        async def once() -> None:
            await tg.quietly(guarded(False), f"the end of game {gid}")

        self.outbox.send(game.chat_id, once)

    def tell_achievements(self, report: MoveReport) -> None:
        """Each person who earned achievements with the move that finished the game gets
        ONE private message listing them (the report is made once)."""
        for user_id, keys in sorted(report.achievements.items()):
            self.tell_earned(user_id, keys, game_id=report.game.game_id)

    def tell_earned(self, user_id: int, keys: Sequence[str], *, game_id: int | None = None,
                    tournament_id: int | None = None) -> None:
        """The person's one private message of what ``game_id`` (or ``tournament_id``)
        earned him, in his own language, through his chat's queue; marked told once
        sent, or refused (a person who blocked the bot is not told, and not tried
        again)."""
        if not keys:
            return

        async def run() -> None:
            lang = await self.user_language(user_id)
            await tg.quietly(self.bot.send_message(user_id, earned_text(lang, keys)),
                             f"the achievements of {user_id}")
            await self.service.achievements_told(user_id, game_id=game_id,
                                                 tournament_id=tournament_id)

        self.outbox.send(user_id, run)

    async def tell_untold_achievements(self) -> None:
        """After a restart: the achievements a stop left untold, one message a game or
        tournament."""
        for untold in await self.service.untold_achievements():
            self.tell_earned(untold.user_id, untold.keys, game_id=untold.game_id,
                             tournament_id=untold.tournament_id)

    def tell_no_hand(self, game: GameInfo, user_id: int, name: str, *, blocked: bool) -> None:
        """Tell the group, once per game and player, that he cannot get his hand."""
        self.hands.tell_no_hand(game, user_id, name, blocked=blocked)

    # ------------------------------------------------------------ questions
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
        ref = await self.ref(game_id, "hand", seat)
        if ref is None:  # a solo table: the table in his chat carries his hand
            ref = await self.ref(game_id, "table")
            if ref is not None and (ref.chat_id != chat_id or is_summary(ref)):
                return False
        return ref is not None and ref.chat_id == chat_id and ref.message_id == message_id

    # ------------------------------------------------------------ restoring
    async def reconcile(self, game: GameInfo) -> None:
        """Bring every message of the game up to its stored version (bot/showing/restore.py)."""
        await self.restore.reconcile(game)

    async def chat_migrated(self, old_id: int, new_id: int) -> None:
        """The group became a supergroup: its games move to the new id."""
        await self.restore.chat_migrated(old_id, new_id)


__all__ = ["Presenter"]
