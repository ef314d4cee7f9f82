"""Command handlers: parse, call the service, show the result through the presenter."""

from __future__ import annotations

import json
import logging
import re
import time
from dataclasses import dataclass

from telegram import InlineKeyboardMarkup, Update, User
from telegram.constants import ChatType
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot.handlers.common import (
    error_text,
    impersonal,
    is_admin,
    is_member,
    move_refusal,
    player_of,
    with_admin_fallback,
)
from bot.handlers.review import REVIEW_PAYLOAD, review_by_link
from bot.handlers.review import cmd_review as cmd_review  # the post-game review (issue 15)
from bot.showing.presenter import Presenter
from bot.showing.slots import SETTINGS_LINK_PREFIX
from bot.showing.timers import settings_command, timer_settings_summary
from bot.texts import LANGUAGES, tr, variant_name
from bot.transport import tg
from bot.transport.order import command_of
from bot.transport.topics import topic_of
from bot.ui.callbacks import HELP_PAGES
from bot.ui.formatting import fish_text
from bot.ui.keyboards import (
    cancel_agreement_keyboard,
    close_variants,
    help_keyboard,
    help_page,
    resolve_variant,
    rules_keyboard,
    variant_names,
)
from bot.ui.lobby_words import rules_text
from bot.ui.names import seat_name
from bot.ui.ratings import send_chart, stats_part, stats_text, top_reply
from bot.ui.result_words import last_result_message, score_message
from bot.wiring.state import BotState, get_state
from engine.core.moves import PASS
from engine.domino.record import FORMAT as RECORD_FORMAT
from service import GameInfo, ServiceError
from service.display import parse_table_arg  # issue 15, display
from service.errors import AgreementNeededError

log = logging.getLogger(__name__)
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
        """The game the command is about: the group's, or in private the user's."""
        service = self.state.service
        if not self.private:
            game = await service.active_game(self.chat_id, topic=self.topic)
            return game if game is not None and (not playing or game.status == "playing") \
                else None
        games = [g for g in await service.games_of_user(self.user.id)
                 if not playing or g.status == "playing"]
        return games[0] if games else None


async def _env(update: Update, context: Context) -> Env | None:
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


async def _no_args(env: Env, command: str) -> bool:
    """Commands without arguments refuse garbage (and change nothing)."""
    if env.args:
        await env.say(tr(env.lang, "usage.no_args", command=command))
        return False
    return True


# ------------------------------------------------------------------ /start, /help


async def _game_command(update: Update, context: Context, command: str
                        ) -> tuple[Env, GameInfo] | None:
    """The start of a command about the chat's game: no arguments, a game to act on
    (the user is told otherwise); None when there is nothing to do."""
    env = await _env(update, context)
    if env is None or not await _no_args(env, command):
        return None
    game = await env.my_game()
    if game is None:
        await env.say(tr(env.lang, "no_game_private" if env.private else "no_game_here"))
        return None
    return env, game


async def cmd_start(update: Update, context: Context) -> None:
    env = await _env(update, context)
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
    await env.say(tr(env.lang, "start.greeting", name=user.first_name))
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
    # a link may travel outside its group: only a member of the group takes a seat
    member = await is_member(env.context.bot, game.chat_id, user.id)
    if member is None:
        await env.say(tr(env.lang, "start.member_unknown"))
        return
    try:
        game = await state.service.join(game.chat_id, player_of(user), topic=game.topic,
                                        member=member)
    except ServiceError as exc:
        await env.say(error_text(env.lang, exc))
        return
    if pending.user_id is not None:
        await state.service.consume_join(token)
    await env.say(tr(env.lang, "start.joined", variant=variant))
    ui.show_lobby(game)


async def cmd_help(update: Update, context: Context) -> None:
    """A few lines, and buttons to the longer pages (bot/handlers/buttons.py opens them)."""
    env = await _env(update, context)
    if env is not None:
        await env.say(tr(env.lang, "help"), help_keyboard(env.lang))


# ------------------------------------------------------------------ lobby


async def cmd_newgame(update: Update, context: Context) -> None:
    env = await _env(update, context)
    if env is None:
        return
    if env.private:
        await env.say(tr(env.lang, "group_only"))
        return
    chosen = resolve_variant("_".join(env.args)) if env.args else await _last_variant(env)
    if chosen is None:
        await env.unknown_variant("newgame")
        return
    try:
        game = await env.state.service.open_lobby(env.chat_id, player_of(env.user), chosen,
                                                  topic=env.topic)
    except ServiceError as exc:
        await env.say(error_text(env.lang, exc))
        return
    env.ui.show_lobby(game, resend=True)


async def _last_variant(env: Env) -> str:
    """What ``/newgame`` alone opens: the variant of the chat's (topic's) last finished
    game, so a chat that plays All Fives keeps playing it; the first variant else."""
    last = await env.state.service.last_finished_game(chat_id=env.chat_id, topic=env.topic)
    return last.variant if last is not None else variant_names()[0]


async def cmd_settings(update: Update, context: Context) -> None:
    env = await _env(update, context)
    if env is None:
        return
    if env.args:  # /settings turn 2m ...: the chat's turn timers
        await settings_command(env.ui, context, env.chat_id, env.user.id, env.lang, env.args,
                               private=env.private, topic=env.topic)
        return
    if env.private:  # the chat-wide settings are a group's
        await env.say(tr(env.lang, "settings.private_none"))
        return
    game = await env.my_game(playing=False)
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
    env = await _env(update, context)
    if env is None or not await _no_args(env, "cancel"):
        return
    if env.private:
        await env.say(tr(env.lang, "group_only"))
        return
    service = env.state.service
    current = await service.active_game(env.chat_id, topic=env.topic)
    if current is None:
        await env.say(tr(env.lang, "no_game_here"))
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


# ------------------------------------------------------------------ play


async def cmd_pass(update: Update, context: Context) -> None:
    found = await _game_command(update, context, "pass")
    if found is None:
        return
    env, game = found
    try:
        report = await env.state.service.move(game.game_id, env.user.id, game.version, PASS)
    except ServiceError as exc:
        # in a group nothing of his hand is told: the reason goes to his private chat
        service = env.state.service
        said = await move_refusal(service, env.lang, exc, game.game_id, env.user.id, PASS,
                                  private=env.private)
        await env.say(said)
        if not env.private and said == tr(env.lang, "refuse.pass_group"):
            known = await service.user(env.user.id)
            if known is not None and known.has_private_chat and not known.blocked:
                lang = await env.ui.user_language(env.user.id, user=known)
                env.ui.say(env.user.id, await move_refusal(
                    service, lang, exc, game.game_id, env.user.id, PASS),
                    key=("reply", env.user.id, "pass"), origin=env.update_id)
        return
    env.state.pipeline.after(report)


async def cmd_fish(update: Update, context: Context) -> None:
    found = await _game_command(update, context, "fish")
    if found is None:
        return
    env, game = found
    try:
        claim = await env.state.service.claim_fish(game.chat_id, topic=game.topic)
    except ServiceError as exc:
        await env.say(error_text(env.lang, exc))
        return
    await env.say(fish_text(env.lang, claim))


async def cmd_hand(update: Update, context: Context) -> None:
    found = await _game_command(update, context, "hand")
    if found is None:
        return
    env, game = found
    seat = game.seat_of(env.user.id)
    if seat is None:
        await env.say(tr(env.lang, "err.not_in_game"))
        return
    env.ui.told_no_hand.discard((game.game_id, env.user.id))
    env.ui.show_hand(game, seat.seat, resend=True)
    if not env.private:  # a hand he can get: the group is told where it went
        known = await env.state.service.user(env.user.id)
        if known is not None and known.has_private_chat and not known.blocked:
            await env.sent_in_private()


async def cmd_table(update: Update, context: Context) -> None:
    env = await _env(update, context)
    if env is None:
        return
    # issue 15, display: /table text sends the table as text once
    as_text = len(env.args) == 1 and parse_table_arg(env.args[0]) == "text"
    if env.args and not as_text:
        await env.say(tr(env.lang, "usage.table"))
        return
    if env.private:
        await env.say(tr(env.lang, "group_only"))
        return
    game = await env.my_game()
    if game is None:
        await env.say(tr(env.lang, "no_game_here"))
        return
    if as_text:
        env.ui.show_text_table(game, env.chat_id)
        return
    env.ui.show_table(game, resend=True)


async def cmd_score(update: Update, context: Context) -> None:
    env = await _env(update, context)
    if env is None or not await _no_args(env, "score"):
        return
    game = await env.my_game()
    if game is None or game.view is None:
        service = env.state.service
        last = await (service.last_finished_game(user_id=env.user.id) if env.private
                      else service.last_finished_game(chat_id=env.chat_id, topic=env.topic))
        text = last_result_message(env.lang, last) if last is not None else None
        await env.say(text or tr(env.lang, "score.none"))
        return
    await env.say(score_message(env.lang, game, game.view))


# ------------------------------------------------------------------ information


async def cmd_rules(update: Update, context: Context) -> None:
    """/rules alone: a short menu, a button per variant. /rules <variant>: its rules, in
    private only (from a group they go to the asker's private chat)."""
    env = await _env(update, context)
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


RULES_PAYLOAD = "rules-"  # /start rules-<variant>: the rules, from a group's /rules
HELP_PAYLOAD = "help-"  # /start help-<page>: a /help page, from a group's /help button
HINT_INTERVAL = 60.0  # seconds between two hints to one user typing in private
_HINTS_KEY = "domino_private_hints"


async def on_private_text(update: Update, context: Context) -> None:
    """Text typed to the bot in private (not a command): a short hint, at most one a
    minute per user, so ten lines typed get one answer. A player of a game under way
    is pointed at his hand instead (his turn, or whose it is), and gets it anew."""
    message, user = update.message, update.effective_user
    if message is None or user is None or message.chat.type != ChatType.PRIVATE:
        return
    hinted: dict[int, float] = context.bot_data.setdefault(_HINTS_KEY, {})
    now = time.monotonic()
    last = hinted.get(user.id)
    if last is not None and now - last < HINT_INTERVAL:
        return
    if len(hinted) > 10_000:  # forget the oldest
        for key in sorted(hinted, key=hinted.__getitem__)[:5_000]:
            del hinted[key]
    hinted[user.id] = now
    state = get_state(context)
    ui = state.presenter
    lang = await ui.user_language(user.id, user.language_code)
    playing = [(game, seat) for game in await state.service.games_of_user(user.id)
               if game.status == "playing" and (seat := game.seat_of(user.id)) is not None]
    if not playing:
        ui.say(message.chat.id, tr(lang, "private.hint"))
        return
    # the game where it is his turn, else his first
    game, seat = next(((g, s) for g, s in playing if g.turn == s.seat), playing[0])
    on_turn = next((s for s in game.seats if s.seat == game.turn), None)
    if on_turn is not None:
        ui.say(message.chat.id, tr(lang, "private.your_turn") if on_turn is seat
               else tr(lang, "private.turn_of", name=seat_name(lang, on_turn)))
    ui.told_no_hand.discard((game.game_id, user.id))
    ui.show_hand(game, seat.seat, resend=True)


async def cmd_stats(update: Update, context: Context) -> None:
    env = await _env(update, context)
    if env is None or not await _no_args(env, "stats"):
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
    await env.say(stats_text(env.lang, env.user.full_name, rows, rating))


async def cmd_top(update: Update, context: Context) -> None:
    """The rating leaderboard (issue 15): /top [all] [family or variant]."""
    env = await _env(update, context)
    if env is None:
        return
    await env.say(await top_reply(env.state.service, env.lang, env.args,
                                  chat_id=None if env.private else env.chat_id,
                                  user_id=env.user.id))


async def cmd_language(update: Update, context: Context) -> None:
    env = await _env(update, context)
    if env is None:
        return
    if len(env.args) != 1 or env.args[0].lower() not in LANGUAGES:
        await env.say(tr(env.lang, "usage.language", language=tr(env.lang, "language.name")))
        return
    lang = env.args[0].lower()
    service = env.state.service
    if env.private:
        await service.set_user_language(env.user.id, lang)
    else:  # the group's language, every topic's: a chat admin's to change
        try:
            admin = await is_admin(context.bot, env.chat_id, env.user.id)
            await service.change_chat_language(env.chat_id, env.user.id, lang, is_admin=admin)
        except ServiceError as exc:
            await env.say(error_text(env.lang, exc))
            return
    await env.say(tr(lang, "language.set"))


EXPORT_HINTS = 5  # in private, the caption names this many of his other games


def _game_number(arg: str) -> int | None:
    text = arg.removeprefix("#")
    if text.isascii() and text.isdigit() and 0 < len(text) <= 15:
        return int(text)
    return None


async def cmd_export(update: Update, context: Context) -> None:
    """The record of a game as a JSON file. Nothing hidden leaves an unfinished game:
    in a group (every member sees the file) it is the public view, whoever asks; in
    private the asker's own view of a game he sat in; a finished game's record is
    complete. ``/export N`` names the game."""
    env = await _env(update, context)
    if env is None:
        return
    number = _game_number(env.args[0]) if len(env.args) == 1 else None
    if env.args and number is None:
        await env.say(tr(env.lang, "usage.export"))
        return
    service = env.state.service
    others: list[GameInfo] = []
    if env.private:
        games = await service.started_games_of_user(env.user.id, limit=EXPORT_HINTS + 1)
        if number is None:
            if not games:
                await env.say(tr(env.lang, "export.none_private"))
                return
            game: GameInfo | None = games[0]
        else:
            try:
                game = await service.game(number)
            except ServiceError:
                game = None
            if game is None or game.seat_of(env.user.id) is None:
                await env.say(tr(env.lang, "export.not_yours", game_id=number))
                return
        assert game is not None
        others = [g for g in games if g.game_id != game.game_id][:EXPORT_HINTS]
        asker: int | None = env.user.id
    else:
        if number is None:
            game = await service.last_game(env.chat_id, topic=env.topic)
        else:
            try:
                game = await service.game(number)
            except ServiceError:
                game = None
            if game is None or game.chat_id != env.chat_id:
                await env.say(tr(env.lang, "export.not_here", game_id=number))
                return
        asker = None  # every member sees the file: nothing hidden, whoever asks
    if game is not None and game.status == "lobby" and number is not None:
        await env.say(tr(env.lang, "export.not_started", game_id=number))
        return
    if game is None or game.status == "lobby":
        await env.say(tr(env.lang, "export.none_private" if env.private else "export.none"))
        return
    try:
        record = await service.record_for(game.game_id, asker)
    except ServiceError:
        await env.say(tr(env.lang, "export.none"))
        return
    complete = record.get("format") == RECORD_FORMAT
    kind = "export.complete" if complete else \
        "export.mine" if record.get("viewer") is not None else "export.public"
    lines = [tr(env.lang, "export.caption", game_id=game.game_id,
                variant=variant_name(env.lang, game.variant)), tr(env.lang, kind)]
    if others:
        lines.append(tr(env.lang, "export.others",
                        games=", ".join(f"/export {g.game_id}" for g in others)))
    data = json.dumps(record, ensure_ascii=False, indent=1).encode()
    name = f"domino-{game.game_id}.json" if complete else f"domino-{game.game_id}-view.json"
    caption = "\n".join(lines)[:1024]

    async def send() -> None:  # in the chat's order: the handler never waits for its pace
        await tg.quietly(context.bot.send_document(
            env.chat_id, data, filename=name, caption=caption, message_thread_id=env.topic),
            "sending the record")

    env.ui.outbox.send(env.chat_id, send, key=("reply", env.user.id, env.command),
                       origin=env.update_id)


# ------------------------------------------------------------------ who writes


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
