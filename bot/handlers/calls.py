"""The calls for the next game: ``/nextgame`` in a group puts the sender on its list
(``/nextgame off`` takes him off), the 🔔 button under a finished game's result does
the same with a toast only (``c:``), and the Join button of the private message a
call brings seats him in the lobby that opened (``j:``), through the lobby's own
checks. In private, ``/nextgame`` lists the groups where he waits and ``/nextgame
off`` takes him off every list.

A lobby opening in a group answers its calls (bot/handlers/lobby_commands.py
``open_table``): the service takes the list, the presenter sends the messages
(bot/showing/calls.py)."""

from __future__ import annotations

from telegram import Message, Update

from bot.handlers.commands import Context, Env, command_env
from bot.handlers.common import join_from_private
from bot.handlers.presses import Press, on_press
from bot.texts import tr, variant_name
from bot.ui.callbacks import CallMe, JoinCalled
from bot.ui.keyboards import open_private_keyboard
from service import ServiceError
from service.calls import CALLS_PER_CHAT

__all__ = ["CALL_PAYLOAD", "cmd_nextgame", "on_call_me", "on_join_called", "started_for_call"]

# t.me/<bot>?start=nextgame: the private chat opened from a call's link
CALL_PAYLOAD = "nextgame"
_OFF = ("off", "no", "0", "нет", "выкл", "não", "ні")


async def cmd_nextgame(update: Update, context: Context) -> None:
    env = await command_env(update, context)
    if env is None:
        return
    args = [a.lower() for a in env.args]
    if len(args) > 1 or (args and args[0] not in _OFF):
        await env.say(tr(env.lang, "call.usage"))
        return
    off = bool(args)
    if env.private:
        await (_off_everywhere(env) if off else _list(env))
        return
    service, user = env.state.service, env.user
    if off:
        removed = await service.cancel_call(env.chat_id, user.id)
        await env.say(tr(env.lang, "call.off" if removed else "call.not_on",
                         name=user.first_name))
        return
    result = await service.call_next_game(env.chat_id, user.id)
    if result == "full":
        await env.say(tr(env.lang, "call.full", name=user.first_name, limit=CALLS_PER_CHAT))
        return
    text = tr(env.lang, "call.added" if result == "added" else "call.again",
              name=user.first_name)
    known = await service.user(user.id)
    if known is not None and known.reachable:
        await env.say(text)
        return
    # a bot may not write first: the link opens his private chat (as the lobby's does)
    await env.say(text + "\n\n" + tr(env.lang, "call.start_first"),
                  open_private_keyboard(env.lang, user.first_name,
                                        env.ui.start_link(CALL_PAYLOAD)))


async def _list(env: Env) -> None:
    """``/nextgame`` in private: the groups where he waits, or that he waits nowhere."""
    calls = await env.state.service.calls_of(env.user.id)
    if not calls:
        await env.say(tr(env.lang, "call.private_none"))
        return
    groups = "\n".join(f"• {c.title or tr(env.lang, 'call.a_group')}" for c in calls)
    await env.say(tr(env.lang, "call.private_list", groups=groups))


async def _off_everywhere(env: Env) -> None:
    """``/nextgame off`` in private: off every group's list."""
    count = await env.state.service.cancel_calls(env.user.id)
    await env.say(tr(env.lang, "call.private_off" if count else "call.private_off_none"))


async def started_for_call(env: Env) -> None:
    """``/start nextgame``: the private chat opened from a call's link (Start made it
    reachable already); he learns it worked and where he waits."""
    await env.say(tr(env.lang, "call.started"))
    await _list(env)


async def _call_me(press: Press, data: CallMe) -> None:
    """🔔 under a finished game's result in a group: the presser is on that group's
    list (a toast says so; the group gets no message)."""
    service, lang = press.state.service, press.lang
    try:
        game = await service.game(data.game_id)
    except ServiceError:
        await press.forged()
        return
    if game.solo or game.chat_id >= 0 or press.chat_id != game.chat_id \
            or game.status != "finished":
        await press.forged()  # only under a group's finished game, in that group
        return
    result = await service.call_next_game(game.chat_id, press.user.id)
    known = await service.user(press.user.id)
    if result != "full" and (known is None or not known.reachable):
        await press.answer(tr(lang, "call.ans_start"), url=press.ui.start_link(CALL_PAYLOAD))
        return
    if result == "full":
        await press.answer(tr(lang, "call.ans_full"))
        return
    await press.answer(tr(lang, "call.ans_added" if result == "added" else "call.ans_again"))


async def _join_called(press: Press, data: JoinCalled) -> None:
    """Join under a call's private message: the presser takes a seat in that lobby,
    as the lobby's own Join would seat him; an old button (the game started or
    closed) or a forged one is answered and changes nothing."""
    state, lang, user = press.state, press.lang, press.user
    if press.chat_id != user.id:
        await press.forged()  # the button lives in his private chat only
        return
    try:
        game = await state.service.game(data.game_id)
    except ServiceError:
        await press.forged()
        return
    if game.solo or game.chat_id >= 0:
        await press.forged()
        return
    if game.seat_of(user.id) is not None:
        await press.answer(tr(lang, "err.already_joined"))
        return
    if game.status != "lobby":
        await press.answer(tr(lang, "call.closed"))
        return
    refusal, joined = await join_from_private(state.service, press.context.bot, user, lang,
                                              game)
    if joined is None:
        await press.answer(refusal or tr(lang, "err.error"))
        return
    await press.answer(tr(lang, "ans.joined"))
    press.ui.show_lobby(joined)
    message = press.query.message
    if isinstance(message, Message) and message.text:  # its button has done its work
        press.ui.edit_text(user.id, message.message_id, message.text + "\n\n" + tr(
            lang, "start.joined", variant=variant_name(lang, game.variant)))


on_call_me = on_press((CallMe,), _call_me)
on_join_called = on_press((JoinCalled,), _join_called)
