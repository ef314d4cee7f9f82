"""``/tournament`` and the buttons of a tournament's registration.

``/tournament <variant> [days] [option=value ...]`` (a group admin) opens the
registration, its games played with those house options (``target=150``,
``fish_point=on``: the names /rules shows; ``teams=on``: a tournament of teams of
two, where the variant is played so);
``/tournament`` alone shows the tournament of the chat (topic);
``/tournament withdraw [number]`` withdraws the asker (or, for an admin, that player);
``/tournament cancel`` (an admin) ends it. The buttons: join (in a team tournament: a
new team, or a waiting team's as its partner), leave, start and cancel (the last two
for an admin). The rest is bot/showing/tournaments.py.
"""

from __future__ import annotations

import re

from telegram import Update

from bot.handlers.commands import Context, Env, command_env
from bot.handlers.common import error_text, is_admin, player_of
from bot.handlers.presses import Press, on_press
from bot.showing import tournaments as shown
from bot.texts import tr, variant_name
from bot.ui.callbacks import TournamentAction
from bot.ui.tournament_words import (
    entrant_name,
    option_arguments,
    pairings_text,
    standings_text,
)
from bot.ui.variant_names import resolve_variant
from engine.core.options import OptionKind, OptionValue, declared_option
from service import ServiceError
from service.errors import BadSettingsError, NotChatAdminError
from service.tournaments import MAX_DAYS

__all__ = ["cmd_tournament", "on_tournament"]

_NUMBER = re.compile(r"[1-9][0-9]{0,2}")
_OPTION = re.compile(r"([a-z_]{1,24})=([a-z0-9_]{1,16})")
_YES, _NO = frozenset({"on", "yes", "true", "1"}), frozenset({"off", "no", "false", "0"})
MAX_OPTIONS = 8  # more house options than any variant offers


def parse_options(args: list[str]) -> tuple[dict[str, OptionValue], list[str]] | None:
    """The ``name=value`` arguments as options (a switch on/off, a number, a named
    choice's word) and the other arguments; None when one cannot be read. Whether the
    variant offers them is the service's to say."""
    options: dict[str, OptionValue] = {}
    rest: list[str] = []
    for arg in args:
        if "=" not in arg:
            rest.append(arg)
            continue
        found = _OPTION.fullmatch(arg)
        declared = declared_option(found.group(1)) if found else None
        if found is None or declared is None or len(options) >= MAX_OPTIONS:
            return None
        name, word = found.groups()
        if declared.kind is OptionKind.BOOL:
            if word not in _YES | _NO:
                return None
            options[name] = word in _YES
        elif declared.named and word in declared.words:
            options[name] = declared.value_of(word)
        elif _NUMBER.fullmatch(word) or (word.isdigit() and len(word) <= 4):
            options[name] = int(word)
        else:
            return None
    return options, rest


async def cmd_tournament(update: Update, context: Context) -> None:
    env = await command_env(update, context)
    if env is None:
        return
    if env.private:
        await env.say(tr(env.lang, "tournament.group_only"))
        return
    args = [a.lower() for a in env.args]
    try:
        if not args:
            await _show(env)
        elif args[0] == "withdraw" and len(args) <= 2:
            await _withdraw(env, args[1:])
        elif args == ["cancel"]:
            await _cancel(env)
        else:
            await _open(env, args)
    except NotChatAdminError:
        await env.say(tr(env.lang, "tournament.admin_only"))
    except ServiceError as exc:
        await env.say(error_text(env.lang, exc))


async def _show(env: Env) -> None:
    t = await env.state.service.tournaments.tournament_in(env.chat_id, env.topic, last=True)
    if t is None:
        await env.say(tr(env.lang, "tournament.usage", days=MAX_DAYS))
        return
    if t.status == "registration":
        shown.show_registration(env.context.application, t, resend=True)
        return
    text = standings_text(env.lang, t)
    if t.status == "running":
        text = pairings_text(env.lang, t, t.round) + "\n\n" + text
    await env.say(text)


async def _open(env: Env, args: list[str]) -> None:
    parsed = parse_options(args)
    if parsed is None:
        await env.say(tr(env.lang, "tournament.usage", days=MAX_DAYS))
        return
    options, args = parsed
    days = 2
    if args and args[-1].isdigit():
        if not _NUMBER.fullmatch(args[-1]) or not 1 <= int(args[-1]) <= MAX_DAYS:
            await env.say(tr(env.lang, "tournament.usage", days=MAX_DAYS))
            return
        days = int(args.pop())
    variant = resolve_variant("_".join(args)) if args else None
    if variant is None:
        await env.say(tr(env.lang, "tournament.usage", days=MAX_DAYS))
        return
    admin = await is_admin(env.context.bot, env.chat_id, env.user.id)
    try:
        t = await env.state.service.tournaments.open(env.chat_id, player_of(env.user), variant,
                                                     days=days, options=options,
                                                     topic=env.topic, is_admin=admin)
    except BadSettingsError:
        await env.say(tr(env.lang, "tournament.bad_options",
                         variant=variant_name(env.lang, variant))
                      + "\n" + option_arguments(env.lang, variant))
        return
    shown.show_registration(env.context.application, t)


async def _withdraw(env: Env, args: list[str]) -> None:
    service = env.state.service
    t = await service.tournaments.tournament_in(env.chat_id, env.topic)
    if t is None or t.status != "running":
        await env.say(tr(env.lang, "err.no_tournament"))
        return
    seq = None
    if args:
        if not _NUMBER.fullmatch(args[0]):
            await env.say(tr(env.lang, "tournament.usage", days=MAX_DAYS))
            return
        seq = int(args[0])
    me = t.player_of(env.user.id)
    admin = False
    if seq is not None and (me is None or me.seq != seq):
        admin = await is_admin(env.context.bot, env.chat_id, env.user.id)
        if not admin:
            raise NotChatAdminError("only a chat admin withdraws another player")
    out = await service.tournaments.withdraw(t.tournament_id, env.user.id, seq, is_admin=admin)
    name = entrant_name(env.lang, out.player)
    await env.say(tr(env.lang, "tournament.withdrawn", name=name))
    if out.cancelled is not None:
        env.state.pipeline.cancelled(out.cancelled, "tournament.game_forfeited", name=name)
    await shown.tell(env.context.application,
                     await service.tournaments.advance(t.tournament_id))


async def _cancel(env: Env) -> None:
    service = env.state.service
    t = await service.tournaments.tournament_in(env.chat_id, env.topic)
    if t is None:
        await env.say(tr(env.lang, "err.no_tournament"))
        return
    admin = await is_admin(env.context.bot, env.chat_id, env.user.id)
    t = await service.tournaments.cancel(t.tournament_id, is_admin=admin)
    shown.show_registration(env.context.application, t)
    await env.say(tr(env.lang, "tournament.cancelled"))


async def _press(press: Press, data: TournamentAction) -> None:
    state, lang = press.state, press.lang
    service = state.service
    app = press.context.application
    try:
        t = await service.tournaments.tournament(data.tournament_id)
    except ServiceError:
        await press.forged()
        return
    if t.chat_id != press.chat_id:  # a tournament of another chat: forged
        await press.forged()
        return
    try:
        if data.action == "j" or data.team is not None:
            t = await service.tournaments.join(t.tournament_id, player_of(press.user),
                                               data.team)
            await press.answer(tr(lang, "tournament.joined"))
        elif data.action == "q":
            t = await service.tournaments.leave(t.tournament_id, press.user.id)
            await press.answer(tr(lang, "tournament.left"))
        else:
            admin = await is_admin(press.context.bot, t.chat_id, press.user.id)
            if data.action == "x":
                t = await service.tournaments.cancel(t.tournament_id, is_admin=admin)
                shown.say(app, t, tr(await state.presenter.chat_language(t.chat_id),
                                     "tournament.cancelled"))
            else:
                # (a press in the group holds its game key already: bot/transport/order.py)
                advance = await service.tournaments.start(t.tournament_id, is_admin=admin)
                t = advance.tournament
                shown.show_registration(app, t)
                await shown.tell(app, advance)
                await press.answer()
                return
            await press.answer()
    except NotChatAdminError:
        await press.answer(tr(lang, "tournament.admin_only_short"))
        return
    except ServiceError as exc:
        await press.answer(error_text(lang, exc))
        return
    shown.show_registration(app, t)


on_tournament = on_press((TournamentAction,), _press)
