"""The bot's membership: a user who blocks (or unblocks) it in private, its removal
from a group (or its return), a group that became a supergroup, and a forum topic
deleted under its game (bot/transport/topics.py)."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.constants import ChatMemberStatus, ChatType
from telegram.ext import ContextTypes

from bot.texts import tr, variant_name
from bot.wiring.state import AnyApp, BotState, get_state

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE


async def on_my_chat_member(update: Update, context: Context) -> None:
    """A user blocked (or unblocked) the bot in his private chat; or the bot was
    removed from (or added to) a group."""
    change = update.my_chat_member
    if change is None:
        return
    status = change.new_chat_member.status
    gone = status in (ChatMemberStatus.BANNED, ChatMemberStatus.LEFT)
    state = get_state(context)
    if change.chat.type in (ChatType.GROUP, ChatType.SUPERGROUP):
        await _group_membership(state, change.chat.id, gone=gone)
        return
    if change.chat.type != ChatType.PRIVATE:
        return
    user_id = change.chat.id
    await state.service.set_reachable(user_id, blocked=gone)
    if not gone:
        return
    for game in await state.service.games_of_user(user_id):
        seat = game.seat_of(user_id)
        if game.status == "playing" and seat is not None:
            state.presenter.tell_no_hand(game, user_id, seat.name, blocked=True)


async def removed_from(state: BotState, chat_id: int) -> None:
    """A send to the group answered that the bot was kicked (its my_chat_member update
    was missed, say while the bot was down): as if that update had come, in the
    group's order."""
    async with state.game_lock(chat_id):
        await _group_membership(state, chat_id, gone=True)


async def _group_membership(state: BotState, chat_id: int, *, gone: bool) -> None:
    """Removed from a group, the bot sends nothing more there (what waits for it is
    dropped, never tried again) and its games there are cancelled, each person
    seated told once in private (if he has a private chat with the bot). Added
    back, it may write there again."""
    if not gone:
        state.outbox.allow(chat_id)
        return
    state.outbox.forget(chat_id)
    ui = state.presenter
    for game in await state.service.close_chat(chat_id):
        state.pipeline.cancelled(game)  # the private hands say so; the group gets nothing
        for seat in game.seats:
            if seat.user_id is None:
                continue
            known = await state.service.user(seat.user_id)
            if known is None or not known.has_private_chat or known.blocked:
                continue
            lang = await ui.user_language(seat.user_id, user=known)
            ui.say(seat.user_id, tr(lang, "removed.cancelled", game_id=game.game_id,
                                    variant=variant_name(lang, game.variant)))
        log.info("game %s cancelled: the bot was removed from chat %s", game.game_id,
                 chat_id)


async def on_migrate(update: Update, context: Context) -> None:
    """A group became a supergroup: its game, messages and settings move to the new id."""
    message = update.message
    if message is None or message.migrate_to_chat_id is None:
        return
    state = get_state(context)
    await state.presenter.chat_migrated(message.chat.id, message.migrate_to_chat_id)
    log.info("chat %s migrated to %s", message.chat.id, message.migrate_to_chat_id)


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
