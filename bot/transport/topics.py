"""Forum topics: in a forum supergroup each topic may hold its own game.

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
refuses with "message thread not found" cancels the game (``close_lost`` in
bot/handlers/membership.py): nobody
can see its table or lobby any more, and a game cannot move to another topic
without confusing its players. Its players' hands say it was cancelled, each
player is told why in private, and the group's General topic is told once.
"""

from __future__ import annotations

from telegram import Message


def topic_of(message: Message | None) -> int | None:
    """The forum topic a message was written in; None outside a topic (a private chat,
    a group that is no forum, a forum's General topic, a mere reply thread)."""
    if message is None or not message.is_topic_message:
        return None
    return message.message_thread_id or None
