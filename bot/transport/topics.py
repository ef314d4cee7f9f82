"""Forum topics (issue 15): in a forum supergroup each topic may hold its own game.

A game is keyed by its chat and its topic, the ``message_thread_id`` of the topic
(``GameInfo.topic``; None: no topic, as in a chat that is not a forum and in a
forum's General topic, whose messages carry no thread). Telegram also gives a
``message_thread_id`` to replies in a group that is not a forum (a reply thread):
only a message with ``is_topic_message`` is in a topic, so only those count.

Everything the bot sends for a game goes to its topic (the presenter passes
``message_thread_id``); a command in a topic acts on that topic's game and its
answer goes to that topic. The updates of all topics of one group share the
group's key (bot/transport/order.py), so two topics' games are serialised, never
interleaved: correct, and cheap (a handler holds the key only to decide and save).

A topic deleted while its game lives: the first group message that Telegram
refuses with "message thread not found" cancels the game (`close_lost`): nobody
can see its table or lobby any more, and a game cannot move to another topic
without confusing its players. Its players' hands say it was cancelled, each
player is told why in private, and the group's General topic is told once.
"""

from __future__ import annotations

import logging

from telegram import Message

from bot.texts import tr, variant_name
from bot.wiring.state import AnyApp, get_state

log = logging.getLogger(__name__)


def topic_of(message: Message | None) -> int | None:
    """The forum topic a message was written in; None outside a topic (a private chat,
    a group that is no forum, a forum's General topic, a mere reply thread)."""
    if message is None or not message.is_topic_message:
        return None
    return message.message_thread_id or None


async def close_lost(app: AnyApp, game_id: int) -> None:
    """The game's topic is gone: cancel the game (holding its key), stop its jobs,
    bring its private messages in line and tell its players and the group."""
    state = get_state(app)
    service, ui = state.service, state.presenter
    chat_id = await service.chat_of(game_id)
    if chat_id is None:
        return
    async with state.game_lock(chat_id):
        game = await service.close_lost_topic(game_id)
    if game is None:
        return
    state.pipeline.cancelled(game)  # group slots of a lost topic send nothing
    for seat in game.seats:
        if seat.user_id is not None:
            lang = await ui.user_language(seat.user_id)
            ui.say(seat.user_id, tr(lang, "topic.lost", game_id=game_id,
                                    variant=variant_name(lang, game.variant)))
    lang = await ui.chat_language(game.chat_id)
    ui.say(game.chat_id, tr(lang, "topic.lost", game_id=game_id,
                            variant=variant_name(lang, game.variant)))
    log.info("game %s cancelled: its forum topic %s is gone", game_id, game.topic)
