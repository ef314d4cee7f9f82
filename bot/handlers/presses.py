"""What every button handler shares: the press answered exactly once, the presser
remembered, his language, and the strict decoding of the callback data.

Each kind of button has a handler of its own, registered in bot/wiring/app.py as a
``CallbackQueryHandler`` with the pattern of its callback data's prefix; the last
one takes whatever no other took (forged data, an old keyboard's) and answers it as
forged. A handler decodes, calls one service command and answers with its report.
Moves carry the game version, so an old keyboard or a double press is refused by
the service and changes nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from telegram import CallbackQuery, Update, User
from telegram.ext import ContextTypes

from bot.handlers.common import player_of
from bot.showing.presenter import Presenter
from bot.texts import tr
from bot.transport import tg
from bot.ui.callbacks import decode
from bot.wiring.state import BotState, get_state

Context = ContextTypes.DEFAULT_TYPE
Callback = Callable[[Update, Context], Coroutine[Any, Any, None]]


class Answer:
    """Answers a callback query at most once; ``finish`` answers it if nothing did."""

    def __init__(self, query: CallbackQuery) -> None:
        self.query = query
        self.done = False

    async def __call__(self, text: str | None = None, *, url: str | None = None) -> None:
        if self.done:
            return
        self.done = True
        await tg.quietly(self.query.answer(text[:200] if text else None, url=url),
                         "answering a button")

    async def finish(self) -> None:
        await self()


@dataclass(frozen=True, slots=True)
class Press:
    """One button press being handled: the bot's state, the query, its answer and
    the presser's language."""

    state: BotState
    query: CallbackQuery
    context: Context
    answer: Answer
    lang: str

    @property
    def ui(self) -> Presenter:
        return self.state.presenter

    @property
    def user(self) -> User:
        return self.query.from_user

    @property
    def chat_id(self) -> int | None:
        """The chat of the pressed message (None: Telegram did not say)."""
        return self.query.message.chat.id if self.query.message is not None else None

    async def forged(self) -> None:
        await self.answer(tr(self.lang, "btn.forged"))


def on_query(handle: Callable[[Press], Awaitable[None]], *, remember: bool = True
             ) -> Callback:
    """A ``CallbackQueryHandler`` callback around ``handle``: the press is answered
    exactly once whatever happens, and the presser remembered first (``remember``
    False: not, for a press that deletes what it would store)."""

    async def callback(update: Update, context: Context) -> None:
        query = update.callback_query
        if query is None:
            return
        answer = Answer(query)
        try:
            state = get_state(context)
            user = query.from_user
            # every press carries the presser's profile, his client's language first:
            # his hands follow a language he changed in Telegram (written only when
            # it changed)
            if remember:
                await state.service.remember_user(player_of(user))
            lang = await state.presenter.user_language(user.id, user.language_code)
            await handle(Press(state, query, context, answer, lang))
        finally:
            await answer.finish()

    callback.__name__ = callback.__qualname__ = getattr(handle, "__name__", "on_query")
    return callback


def on_press(types: tuple[type[Any], ...], handle: Callable[[Press, Any], Awaitable[None]],
             *, remember: bool = True) -> Callback:
    """A handler of the codec's payloads of ``types``: anything else under the
    handler's prefix, or a press whose message's chat is unknown, is forged."""

    async def decoded(press: Press) -> None:
        data = decode(press.query.data)
        if not isinstance(data, types) or press.chat_id is None:
            await press.forged()
            return
        await handle(press, data)

    decoded.__name__ = getattr(handle, "__name__", "decoded")
    return on_query(decoded, remember=remember)


async def _forged(press: Press) -> None:
    await press.forged()


# The last handler: data no other handler's pattern took (forged, or a keyboard of
# an older bot) gets the forged answer and changes nothing.
on_forged = on_query(_forged)
