"""The commands that only inform: ``/help``, ``/rules``, ``/stats``, ``/top`` and
``/language`` (which sets the language the bot speaks to the chat or the person)."""

from __future__ import annotations

from telegram import Bot, Update

from bot.handlers.commands import Context, command_env, no_args
from bot.handlers.common import error_text, is_admin
from bot.handlers.presses import Press, on_press
from bot.showing.ratings import send_chart, stats_part, top_reply
from bot.texts import LANGUAGES, language_name, tr
from bot.ui.achievements import stats_achievements
from bot.ui.callbacks import ChooseLanguage
from bot.ui.keyboards import help_keyboard, language_keyboard, rules_keyboard
from bot.ui.lobby_words import rules_text
from bot.ui.ratings import stats_text
from bot.ui.variant_names import resolve_variant
from bot.wiring.state import BotState
from service import ServiceError

RULES_PAYLOAD = "rules-"  # /start rules-<variant>: the rules, from a group's /rules


HELP_PAYLOAD = "help-"  # /start help-<page>: a /help page, from a group's /help button


async def cmd_help(update: Update, context: Context) -> None:
    """A few lines, and buttons to the longer pages (bot/handlers/pages.py opens them)."""
    env = await command_env(update, context)
    if env is not None:
        await env.say(tr(env.lang, "help"), help_keyboard(env.lang))


async def cmd_rules(update: Update, context: Context) -> None:
    """/rules alone: a short menu, a button per variant. /rules <variant>: its rules, in
    private only (from a group they go to the asker's private chat)."""
    env = await command_env(update, context)
    if env is None:
        return
    chosen = resolve_variant("_".join(env.args)) if env.args else None
    if env.args and chosen is None:
        await env.unknown_variant("rules")
        return
    if chosen is None:
        env.ui.say(env.chat_id, tr(env.lang, "rules.menu"), rules_keyboard(env.lang),
                   thread=env.topic)
        return
    if env.private:
        await env.say(rules_text(env.lang, chosen))
        return
    known = await env.state.service.user(env.user.id)
    if known is None or not known.has_private_chat or known.blocked:
        await env.say(tr(env.lang, "rules.start_first",
                         link=env.ui.start_link(f"{RULES_PAYLOAD}{chosen}")))
        return
    private_lang = await env.ui.user_language(env.user.id, env.user.language_code, known)
    env.ui.say(env.user.id, rules_text(private_lang, chosen))
    await env.sent_in_private()


async def cmd_stats(update: Update, context: Context) -> None:
    env = await command_env(update, context)
    if env is None or not await no_args(env, "stats"):
        return
    rows = await env.state.service.user_stats(env.user.id,
                                              None if env.private else env.chat_id)
    # his ratings under the statistics, his chart (from a few rated games on) before them
    rating, chart, caption = await stats_part(env.state.service, env.ui.workers, env.lang,
                                              env.user.id, env.user.full_name)
    if not rows and not rating:
        await env.say(tr(env.lang, "stats.none"))
        return
    if chart is not None:
        await send_chart(env.ui.bot, env.ui.outbox, env.chat_id, chart, caption,
                         thread=env.topic)
    # in private, how many were solo tables (the games of his own private chat)
    solo = await env.state.service.user_stats(env.user.id, env.user.id) if env.private else []
    held = await env.state.service.user_achievements(env.user.id)
    await env.say(stats_text(env.lang, env.user.full_name, rows, rating, solo)
                  + "\n" + stats_achievements(env.lang, held))


async def cmd_top(update: Update, context: Context) -> None:
    """The rating leaderboard: /top [all] [family or variant]."""
    env = await command_env(update, context)
    if env is None:
        return
    await env.say(await top_reply(env.state.service, env.lang, env.args,
                                  chat_id=None if env.private else env.chat_id,
                                  user_id=env.user.id))


def find_language(arg: str) -> str | None:
    """The catalogue ``/language <arg>`` names: its code in any case or spelling
    ("pt-br", "PT_BR", "pt"), or its own name ("español"); None: no such language."""
    wanted = arg.strip().casefold().replace("-", "_")
    for code in LANGUAGES:
        if wanted in (code.casefold(), language_name(code).casefold()):
            return code
    same = [code for code in LANGUAGES if code.split("_")[0] == wanted]
    return same[0] if same else None


def language_codes() -> str:
    return ", ".join(code.replace("_", "-") for code in LANGUAGES)


async def cmd_language(update: Update, context: Context) -> None:
    """/language alone: the languages as buttons, each in its own name. /language <code
    or name>: that one at once. In private it is the person's own language; in a group
    the group's, which only a chat admin changes."""
    env = await command_env(update, context)
    if env is None:
        return
    if not env.args:
        key = "language.choose" if env.private else "language.choose_group"
        text = tr(env.lang, "usage.language", language=language_name(env.lang),
                  codes=language_codes())
        await env.say(f"{tr(env.lang, key)}\n{text}", language_keyboard(env.lang))
        return
    lang = find_language(" ".join(env.args))
    if lang is None:
        await env.say(tr(env.lang, "err.no_language") + "\n" + tr(
            env.lang, "usage.language", language=language_name(env.lang),
            codes=language_codes()), language_keyboard(env.lang))
        return
    try:
        await _set_language(env.state, context.bot, env.chat_id, env.user.id, lang,
                            private=env.private)
    except ServiceError as exc:
        await env.say(error_text(env.lang, exc))
        return
    await env.say(tr(lang, "language.set"))


async def _set_language(state: BotState, bot: Bot, chat_id: int, user_id: int, lang: str,
                        *, private: bool) -> None:
    if private:
        await state.service.set_user_language(user_id, lang)
    else:  # the group's language, every topic's: a chat admin's to change
        admin = await is_admin(bot, chat_id, user_id)
        await state.service.change_chat_language(chat_id, user_id, lang, is_admin=admin)


async def _choose_language(press: Press, data: ChooseLanguage) -> None:
    """A /language button: the message becomes the confirmation, in the new language."""
    message = press.query.message
    if data.code not in LANGUAGES or message is None:
        await press.forged()
        return
    private = message.chat.type == "private"
    if private and message.chat.id != press.user.id:
        await press.forged()
        return
    try:
        await _set_language(press.state, press.context.bot, message.chat.id, press.user.id,
                            data.code, private=private)
    except ServiceError as exc:
        await press.answer(error_text(press.lang, exc))
        return
    await press.answer(tr(data.code, "language.set"))
    press.ui.edit_text(message.chat.id, message.message_id, tr(data.code, "language.set"))


on_language = on_press((ChooseLanguage,), _choose_language)


__all__ = ["HELP_PAYLOAD", "RULES_PAYLOAD", "cmd_help", "cmd_language", "cmd_rules", "cmd_stats",
           "cmd_top", "find_language", "on_language"]
