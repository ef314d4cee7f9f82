"""``/privacy`` (what the bot stores, why, for how long on this host, who sees what)
and ``/forget`` (delete it all: a confirmation with two buttons, ``f:``).

In a group both answer in one line with the link to the private chat, where the
full text and the confirmation come (``/start privacy``, ``/start forget``): a
confirmation to delete a person belongs to his own chat.

A press on /forget's buttons does not remember the presser first (every other
press does, bot/handlers/presses.py): it would store again what he asks to delete.
The press must be his own (in his private chat it always is; it is checked
anyway). A confirmation pressed again after he was forgotten changes nothing and
says so (`service.privacy.Privacy.forget`, its ``asked_at``).
"""

from __future__ import annotations

import math

from telegram import Update

from bot.handlers.commands import Context, Env, command_env, no_args
from bot.handlers.common import error_text
from bot.handlers.presses import Press, on_press
from bot.texts import plural, tr
from bot.ui.callbacks import ForgetChoice
from bot.ui.keyboards import forget_keyboard
from bot.wiring.config import Settings
from service import ServiceError
from service.errors import StillSeatedError

__all__ = ["FORGET_PAYLOAD", "PRIVACY_PAYLOAD", "cmd_forget", "cmd_privacy", "forget_reply",
           "on_forget", "privacy_reply", "privacy_text"]

PRIVACY_PAYLOAD = "privacy"  # /start privacy: the full text, from a group's /privacy
FORGET_PAYLOAD = "forget"  # /start forget: the confirmation, from a group's /forget


def privacy_text(lang: str, settings: Settings) -> str:
    """/privacy's full text, with this host's retention (RETAIN_MOVES_DAYS,
    RETAIN_PINGS_DAYS; 0: kept for ever)."""
    moves, pings = settings.retain_moves_days, settings.retain_pings_days
    return tr(lang, "privacy.text",
              moves=tr(lang, "privacy.moves_days", days=plural(lang, moves, "day"))
              if moves > 0 else tr(lang, "privacy.moves_forever"),
              pings=tr(lang, "privacy.pings_days", days=plural(lang, pings, "day"))
              if pings > 0 else tr(lang, "privacy.pings_forever"))


async def privacy_reply(env: Env) -> None:
    await env.say(privacy_text(env.lang, env.state.settings))


async def cmd_privacy(update: Update, context: Context) -> None:
    env = await command_env(update, context)
    if env is None or not await no_args(env, "privacy"):
        return
    if env.private:
        await privacy_reply(env)
    else:
        await env.say(tr(env.lang, "privacy.group",
                         link=env.ui.start_link(PRIVACY_PAYLOAD)))


async def forget_reply(env: Env) -> None:
    """In private: refused while he sits at a game not over (which, and what to do),
    else the confirmation with its two buttons."""
    service = env.state.service
    games = await service.games_of_user(env.user.id)
    if games:
        playing = any(g.status == "playing" for g in games)
        await env.say(tr(env.lang, "forget.playing" if playing else "forget.lobby"))
        return
    asked_at = math.ceil(service.now() * 1000)
    await env.say(tr(env.lang, "forget.ask"), forget_keyboard(env.lang, asked_at))


async def cmd_forget(update: Update, context: Context) -> None:
    env = await command_env(update, context)
    if env is None or not await no_args(env, "forget"):
        return
    if env.private:
        await forget_reply(env)
    else:
        await env.say(tr(env.lang, "forget.group", link=env.ui.start_link(FORGET_PAYLOAD)))


async def _forget(press: Press, data: ForgetChoice) -> None:
    """A press on /forget's buttons (``f:``): delete, or keep. The presser is not
    remembered first (on_press ``remember``): that would store what he deletes."""
    message, lang, answer = press.query.message, press.lang, press.answer
    user = press.user
    if message is None or message.chat.id != user.id:  # only in his own private chat
        await press.forged()
        return
    ui = press.ui
    if not data.confirm:
        await answer(tr(lang, "ans.forget_kept"))
        ui.edit_text(message.chat.id, message.message_id, tr(lang, "forget.kept"))
        return
    try:
        await press.state.service.forget(user.id, asked_at=data.asked_at / 1000)
    except StillSeatedError as exc:  # he sat down at a game since he was asked
        await answer(tr(lang, "forget.playing" if exc.status == "playing"
                        else "forget.lobby"))
        return
    except ServiceError as exc:  # an old confirmation (StaleForgetError) among them
        await answer(error_text(lang, exc))
        return
    await answer(tr(lang, "ans.forget_done"))
    ui.edit_text(message.chat.id, message.message_id, tr(lang, "forget.done"))


on_forget = on_press((ForgetChoice,), _forget, remember=False)
