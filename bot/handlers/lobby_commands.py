"""The commands of a new game: ``/start`` (a join link, the settings link, the
pages a group's buttons open in private), ``/newgame``, ``/settings`` and
``/cancel``."""

from __future__ import annotations

import re

from telegram import Update

from bot.handlers.calls import CALL_PAYLOAD, started_for_call
from bot.handlers.commands import Context, Env, command_env, no_args
from bot.handlers.common import (
    error_text,
    join_from_private,
    player_of,
    solo_computers,
    with_admin_fallback,
)
from bot.handlers.info_commands import HELP_PAYLOAD, RULES_PAYLOAD
from bot.handlers.privacy import FORGET_PAYLOAD, PRIVACY_PAYLOAD, forget_reply, privacy_reply
from bot.handlers.review import REVIEW_PAYLOAD, review_by_link
from bot.showing.slots import SETTINGS_LINK_PREFIX
from bot.showing.timers import settings_command, timer_settings_summary
from bot.texts import tr, variant_name
from bot.ui.callbacks import HELP_PAGES
from bot.ui.keyboards import cancel_agreement_keyboard, help_page, solo_offer_keyboard
from bot.ui.lobby_words import rules_text
from bot.ui.variant_names import resolve_variant, variant_names
from service import ServiceError
from service.errors import ActiveGameExistsError, AgreementNeededError


async def cmd_start(update: Update, context: Context) -> None:
    env = await command_env(update, context)
    if env is None:
        return
    if not env.private:  # a few lines: what the bot is, /newgame, /help
        await env.say(tr(env.lang, "start.group"))
        return
    state, ui, user = env.state, env.ui, env.user
    await state.service.set_reachable(user.id, private_chat=True, blocked=False)
    if env.args and env.args[0].startswith(RULES_PAYLOAD):
        chosen = resolve_variant(env.args[0][len(RULES_PAYLOAD):])
        if chosen is not None:  # from a /rules button pressed in a group
            await env.say(rules_text(env.lang, chosen))
            return
    if env.args and env.args[0].startswith(HELP_PAYLOAD) \
            and env.args[0].removeprefix(HELP_PAYLOAD) in HELP_PAGES:  # a group's /help button
        await env.say(*help_page(env.lang, env.args[0].removeprefix(HELP_PAYLOAD)))
        return
    if env.args and env.args[0] == PRIVACY_PAYLOAD:  # a group's /privacy
        await privacy_reply(env)
        return
    if env.args and env.args[0] == CALL_PAYLOAD:  # a group's /nextgame, or its 🔔 button
        await started_for_call(env)
        return
    if env.args and env.args[0] == FORGET_PAYLOAD:  # a group's /forget
        await forget_reply(env)
        return
    if env.args and env.args[0].startswith(REVIEW_PAYLOAD):  # a group's review button
        await review_by_link(context.application, user.id, env.lang, env.args[0])
        return
    if env.args:
        settings = SETTINGS_TOKEN.fullmatch(env.args[0])
        if settings is not None:
            await _settings_by_link(env, int(settings[1]))
        else:
            await _join_by_link(env, env.args[0])
        return
    await env.say(tr(env.lang, "start.greeting", name=user.first_name),
                  solo_offer_keyboard(env.lang, await _last_variant(env)))
    for game in await state.service.games_of_user(user.id):
        seat = game.seat_of(user.id)
        if game.status == "playing" and seat is not None:
            ui.told_no_hand.discard((game.game_id, user.id))
            ui.show_hand(game, seat.seat, resend=True)


SETTINGS_TOKEN = re.compile(rf"{SETTINGS_LINK_PREFIX}([1-9][0-9]{{0,14}})")


async def _settings_by_link(env: Env, game_id: int) -> None:
    """``/start set<game>``: the settings panel the lobby's ⚙ button offered before
    the private chat existed (if he still may change the settings)."""
    service = env.state.service
    try:
        game = await service.game(game_id)
        game = await with_admin_fallback(
            env.context.bot, game.chat_id, env.user.id,
            lambda admin: service.check_manager(game.chat_id, env.user.id, is_admin=admin,
                                                topic=game.topic))
    except ServiceError as exc:
        await env.say(error_text(env.lang, exc))
        return
    if game.game_id != game_id:  # the group has another game now
        await env.say(tr(env.lang, "panel.closed_answer"))
        return
    env.ui.open_panel(game, env.user.id)


async def _join_by_link(env: Env, token: str) -> None:
    state, ui, user = env.state, env.ui, env.user
    pending = await state.service.pending_join(token) if len(token) <= 64 else None
    if pending is None or pending.user_id not in (None, user.id):
        await env.say(tr(env.lang, "start.bad_token"))
        return
    try:
        game = await state.service.game(pending.game_id)
    except ServiceError:
        await env.say(tr(env.lang, "start.bad_token"))
        return
    variant = variant_name(env.lang, game.variant)
    seat = game.seat_of(user.id)
    if seat is not None:
        await env.say(tr(env.lang, "start.already", variant=variant))
        if pending.user_id is not None:
            await state.service.consume_join(token)
        ui.told_no_hand.discard((game.game_id, user.id))
        if game.status == "playing":
            ui.show_hand(game, seat.seat, resend=True)
        elif game.status == "lobby":
            ui.show_lobby(game)
        return
    if game.status != "lobby":
        await env.say(tr(env.lang, "start.bad_token"))
        return
    refusal, joined = await join_from_private(state.service, env.context.bot, user, env.lang,
                                              game)
    if joined is None:
        await env.say(refusal or tr(env.lang, "err.error"))
        return
    if pending.user_id is not None:
        await state.service.consume_join(token)
    await env.say(tr(env.lang, "start.joined", variant=variant))
    ui.show_lobby(joined)


async def cmd_newgame(update: Update, context: Context) -> None:
    env = await command_env(update, context)
    if env is None:
        return
    chosen = resolve_variant("_".join(env.args)) if env.args else await _last_variant(env)
    if chosen is None:
        await env.unknown_variant("newgame")
        return
    await open_table(env, chosen)


async def open_table(env: Env, variant: str) -> None:
    """A lobby of ``variant`` in the chat: in a group, with its opener seated; in his
    private chat, a solo table with as many medium computer players as the variant
    needs at least (one at least), which he may change before he starts."""
    computers = solo_computers(variant) if env.private else 0
    try:
        game = await env.state.service.open_lobby(env.chat_id, player_of(env.user), variant,
                                                  topic=env.topic, computers=computers)
    except ActiveGameExistsError:
        await env.say(tr(env.lang, "solo.exists" if env.private else "err.game_exists"))
        return
    except ServiceError as exc:
        await env.say(error_text(env.lang, exc))
        return
    env.ui.show_lobby(game, resend=True)
    if not env.private:  # who called for the next game here is told, once
        env.ui.tell_calls(await env.state.service.answer_calls(game), env.user.first_name)


async def _last_variant(env: Env) -> str:
    """What ``/newgame`` alone opens: the variant of the chat's (topic's) last finished
    game, so a chat that plays All Fives keeps playing it; the first variant else."""
    last = await env.state.service.last_finished_game(chat_id=env.chat_id, topic=env.topic)
    return last.variant if last is not None else variant_names()[0]


async def cmd_settings(update: Update, context: Context) -> None:
    env = await command_env(update, context)
    if env is None:
        return
    if env.args:  # /settings turn 2m ...: the chat's turn timers
        await settings_command(env.ui, context, env.chat_id, env.user.id, env.lang, env.args,
                               private=env.private, topic=env.topic)
        return
    game = await env.state.service.active_game(env.chat_id, topic=env.topic)
    if game is None or game.status != "lobby":
        await env.say(tr(env.lang, "settings.no_lobby") + "\n\n"
                      + await timer_settings_summary(context.application, env.chat_id, env.lang))
        return
    service = env.state.service
    try:  # the panel opens in his private chat: the group keeps its lobby
        game = await with_admin_fallback(
            context.bot, env.chat_id, env.user.id,
            lambda admin: service.check_manager(env.chat_id, env.user.id, is_admin=admin,
                                                topic=env.topic))
    except ServiceError as exc:
        await env.say(error_text(env.lang, exc))
        return
    known = await service.user(env.user.id)
    if known is None or not known.has_private_chat or known.blocked:
        await env.say(tr(env.lang, "panel.need_private", name=env.user.first_name,
                         link=env.ui.settings_link(game)))
        return
    env.ui.open_panel(game, env.user.id)


async def cmd_cancel(update: Update, context: Context) -> None:
    env = await command_env(update, context)
    if env is None or not await no_args(env, "cancel"):
        return
    service = env.state.service
    current = await service.active_game(env.chat_id, topic=env.topic)
    if current is None:  # in private: his solo table
        await env.say(tr(env.lang, "no_game_private" if env.private else "no_game_here"))
        return
    try:
        game = await with_admin_fallback(
            context.bot, env.chat_id, env.user.id,
            lambda admin: service.cancel(env.chat_id, env.user.id, is_admin=admin,
                                         topic=env.topic))
    except AgreementNeededError as exc:  # a started game: he asks the others
        await _ask_to_cancel(env, exc.game_id)
        return
    except ServiceError as exc:
        await env.say(error_text(env.lang, exc))
        return
    env.state.pipeline.cancelled(game)  # the group's one message about it (the answer)


async def _ask_to_cancel(env: Env, game_id: int) -> None:
    """A player's /cancel in a started game counts his agreement and shows the group
    the button the others press to agree (the game is cancelled when all did)."""
    try:
        agreement = await env.state.service.agree_to_cancel(game_id, env.user.id)
    except ServiceError as exc:
        await env.say(error_text(env.lang, exc))
        return
    if agreement.cancelled:  # the others had all agreed already
        env.state.pipeline.cancelled(agreement.game)
        await env.say(tr(env.lang, "cancel.done"))
        return
    text = tr(env.lang, "cancel.ask", name=env.user.full_name)
    env.ui.say(env.chat_id, text,
               cancel_agreement_keyboard(env.lang, game_id, len(agreement.agreed),
                                         len(agreement.people)),
               thread=env.topic, key=("reply", env.user.id, env.command),
               origin=env.update_id)


__all__ = ["SETTINGS_TOKEN", "cmd_cancel", "cmd_newgame", "cmd_settings", "cmd_start"]
