"""What every command handler shares: its surroundings (:class:`Env`: the chat, the
person, the language, the forum topic, how to answer), the checks every command
makes, and the first handler of a group's commands (a command written as the group
or a channel names no person and stops there).

The commands themselves are in bot/handlers/lobby_commands.py (``/start``, a new
game, its settings, ``/cancel``), bot/handlers/game_commands.py (the game under way:
``/pass``, ``/hand``, ``/table`` …, ``/export``) and bot/handlers/info_commands.py
(``/help``, ``/rules``, ``/stats``, ``/top``, ``/language``); bot/wiring/app.py lists
them all in one table.
"""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardMarkup, Update, User
from telegram.constants import ChatType
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot.handlers.common import impersonal, player_of
from bot.showing.presenter import Presenter
from bot.texts import tr, variant_name
from bot.transport.order import command_of
from bot.transport.topics import topic_of
from bot.ui.variant_names import close_variants
from bot.wiring.state import BotState, get_state
from service import GameInfo

Context = ContextTypes.DEFAULT_TYPE


@dataclass
class Env:
    """One command's surroundings."""

    state: BotState
    ui: Presenter
    context: Context
    user: User
    chat_id: int
    private: bool
    lang: str
    args: list[str]
    topic: int | None = None  # the forum topic it was sent in (bot/transport/topics.py)
    command: str = ""  # the command's name, without its slash
    update_id: int = 0

    async def say(self, text: str, markup: InlineKeyboardMarkup | None = None) -> None:
        """The command's answer, before the table's updates; a newer same command of
        the same person drops this answer while it waits (it would only repeat)."""
        self.ui.say(self.chat_id, text, markup, thread=self.topic,
                    key=("reply", self.user.id, self.command), origin=self.update_id)

    async def sent_in_private(self) -> None:
        """The group's one line that the answer went to the asker's private chat."""
        await self.say(tr(self.lang, "note.sent_private", name=self.user.first_name))

    async def unknown_variant(self, command: str) -> None:
        """``/newgame x`` or ``/rules x`` of no variant: the closest names, and /rules
        for all of them (the whole list would only bury the answer)."""
        arg = " ".join(self.args)[:40]
        close = close_variants(arg, self.lang)
        if not close:
            await self.say(tr(self.lang, "usage.variant_far", arg=arg))
            return
        await self.say(tr(self.lang, f"usage.{command}", arg=arg, variants="\n".join(
            f"• {variant_name(self.lang, name)} — /{command} {name}" for name in close)))

    async def my_game(self, *, playing: bool = True) -> GameInfo | None:
        """The game the command is about: the chat's (a group's, or the solo table in
        his private chat), else in private the first game he plays."""
        service = self.state.service
        game = await service.active_game(self.chat_id, topic=self.topic)
        if game is not None and (not playing or game.status == "playing"):
            return game
        if not self.private:
            return None
        games = [g for g in await service.games_of_user(self.user.id)
                 if not playing or g.status == "playing"]
        return games[0] if games else None


async def command_env(update: Update, context: Context) -> Env | None:
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return None
    state = get_state(context)
    ui = state.presenter
    private = chat.type == ChatType.PRIVATE
    await state.service.remember_user(player_of(user))  # writes only what changed
    if not private:
        await state.service.remember_chat_title(chat.id, chat.title)  # for turn pings
    lang = await ui.chat_language(chat.id, user.language_code, private=private)
    return Env(state, ui, context, user, chat.id, private, lang, list(context.args or []),
               None if private else topic_of(update.effective_message),
               command_of(update), update.update_id)


async def no_args(env: Env, command: str) -> bool:
    """Commands without arguments refuse garbage (and change nothing)."""
    if env.args:
        await env.say(tr(env.lang, "usage.no_args", command=command))
        return False
    return True


async def game_command(update: Update, context: Context, command: str
                        ) -> tuple[Env, GameInfo] | None:
    """The start of a command about the chat's game: no arguments, a game to act on
    (the user is told otherwise); None when there is nothing to do."""
    env = await command_env(update, context)
    if env is None or not await no_args(env, command):
        return None
    game = await env.my_game()
    if game is None:
        await env.say(tr(env.lang, "no_game_private" if env.private else "no_game_here"))
        return None
    return env, game


async def on_impersonal(update: Update, context: Context) -> None:
    """Every command in a group passes here first: one written as the group (an
    anonymous admin) or as a channel names no person, so it can neither play nor
    open, run or change anything. It is told to write as himself, and no other
    handler sees the command."""
    message = update.effective_message
    if not impersonal(message):
        return
    assert message is not None
    ui = get_state(context).presenter
    lang = await ui.chat_language(message.chat.id)
    ui.say(message.chat.id, tr(lang, "sender.impersonal"), thread=topic_of(message),
           key=("impersonal", message.chat.id), origin=update.update_id)
    raise ApplicationHandlerStop


__all__ = ["Context", "Env", "command_env", "game_command", "no_args", "on_impersonal"]
