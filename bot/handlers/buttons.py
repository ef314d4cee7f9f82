"""The inline button handler: decode, call the service, answer once, show the result.

Every press is answered exactly once (a short text for a refused or forged
press). Moves carry the game version, so an old keyboard or a double press is
refused by the service and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from telegram import CallbackQuery, InlineKeyboardMarkup, Message, Update
from telegram.ext import ContextTypes

from bot.handlers.common import error_text, move_refusal, player_of, with_admin_fallback
from bot.handlers.review import review_button, start_link
from bot.kinds.base import BotKind, MakeMove, Refusal, Reselect
from bot.kinds.registry import kind_of_data
from bot.showing.presenter import Presenter
from bot.showing.timers import came_back
from bot.texts import tr
from bot.transport import tg
from bot.transport.topics import topic_of
from bot.ui.callbacks import (
    AI_CODES,
    CancelAgree,
    DrawTile,
    EndTurn,
    HelpPage,
    LobbyAction,
    OpenEnd,
    PassTurn,
    PlayTile,
    Rematch,
    ReviewGame,
    RulesOf,
    Signal,
    TileInfo,
    decode,
)
from bot.ui.formatting import no_fit_text
from bot.ui.keyboards import (
    cancel_agreement_keyboard,
    help_page,
    is_variant,
    rules_keyboard,
    tile_label,
)
from bot.ui.lobby_words import rules_text
from bot.ui.names import seat_name
from bot.wiring.state import BotState, get_state
from engine.core.moves import DONE, DRAW, PASS, Cut, Move, Open, Place
from engine.variants import get_variant
from service import GameInfo, MoveReport, ServiceError
from service.errors import (
    ActiveGameExistsError,
    AlreadyStartedError,
    NoPrivateChatError,
    NotInGameError,
)

log = logging.getLogger(__name__)
T = TypeVar("T")
Context = ContextTypes.DEFAULT_TYPE
# lobby actions of the options of RULES.md 4.7-4.17 -> the option (0 drops a number)
OPTION_ACTIONS = {"rd": "rounds", "st": "set", "lk": "locked", "xt": "extra_turn",
                  "nd": "no_double_out", "fl": "free_lines", "mx": "mixed", "ed": "early_death",
                  "vd": "voluntary_draw"}
BOOL_NAMES = ("locked", "extra_turn", "no_double_out", "free_lines", "mixed", "early_death",
              "voluntary_draw")


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


async def on_button(update: Update, context: Context) -> None:
    query = update.callback_query
    if query is None:
        return
    answer = Answer(query)
    try:
        await _dispatch(query, context, answer)
    finally:
        await answer.finish()


async def _dispatch(query: CallbackQuery, context: Context, answer: Answer) -> None:
    state = get_state(context)
    ui = state.presenter
    user = query.from_user
    # every press carries the presser's profile, his client's language first: his
    # hands follow a language he changed in Telegram (written only when it changed)
    await state.service.remember_user(player_of(user))
    lang = await ui.user_language(user.id, user.language_code)
    kind = kind_of_data(query.data or "")
    if kind is not None:  # issue 14: a kind's own buttons (chinese: choose, then play)
        await _kind_press(state, ui, query, context, answer, lang, kind)
        return
    data = decode(query.data)
    chat_id = query.message.chat.id if query.message is not None else None
    if data is None or chat_id is None:
        await answer(tr(lang, "btn.forged"))
        return
    if isinstance(data, LobbyAction):
        await _lobby(state, ui, query, context, answer, data, chat_id)
        return
    if isinstance(data, RulesOf):
        await _rules(state, ui, query, answer, lang, data, chat_id)
        return
    if isinstance(data, HelpPage):
        await _help(state, ui, query, answer, lang, data, chat_id)
        return
    if isinstance(data, CancelAgree):
        await _agree_to_cancel(state, ui, query, answer, lang, data)
        return
    if isinstance(data, ReviewGame):  # the post-game review (issue 15)
        text = await review_button(context.application, query, data)
        if text is None:  # his private chat is not open: the link opens it
            await answer(tr(lang, "review.start_first"),
                         url=start_link(context.application, data.game_id))
        else:
            await answer(text)
        return
    if isinstance(data, Rematch):
        await _rematch(state, ui, query, answer, lang, data)
        return
    if chat_id != user.id:  # a hand's button, pressed anywhere but on his own hand
        await answer(tr(lang, "btn.forged"))
        return
    if ui.maybe_away(data.game_id, user.id):
        await came_back(context.application, data.game_id, user.id)  # a press ends it
    if isinstance(data, TileInfo):
        await _tile_info(state, answer, lang, data, user.id)
        return
    if isinstance(data, Signal):
        await _signal(state, ui, answer, lang, data, user.id)
        return
    move: Move
    if isinstance(data, PlayTile) and data.cut:  # kolbasa: the arms come from the game
        move = Cut(data.tile)
    elif isinstance(data, PlayTile) and data.low_west:  # kolbasa: the lead turned round
        move = Place(data.tile, None, data.tile.a)
    elif isinstance(data, PlayTile):
        move = Place(data.tile, data.end, None, data.face_down)
    elif isinstance(data, OpenEnd):
        move = Open(data.end)
    elif isinstance(data, EndTurn):
        move = DONE
    elif isinstance(data, DrawTile):
        move = DRAW
    else:
        assert isinstance(data, PassTurn)
        move = PASS
    try:
        report = await state.service.move(data.game_id, user.id, data.version, move)
    except ServiceError as exc:  # the answer is his alone: it may name his tiles
        await answer(await move_refusal(state.service, lang, exc, data.game_id, user.id, move))
        return
    drawn = report.results[0].drawn if report.results else None
    if drawn is not None:
        await answer(tr(lang, "ans.drew", tile=tile_label(drawn)))
    elif isinstance(data, PassTurn):
        await answer(tr(lang, "ans.passed"))
    else:
        await answer()
    state.pipeline.after(report)


# why a rematch press is refused -> the presser's toast
REMATCH_REFUSALS: dict[type[ServiceError], str] = {
    NotInGameError: "rematch.not_player", ActiveGameExistsError: "rematch.busy",
    AlreadyStartedError: "rematch.done"}


async def _rematch(state: BotState, ui: Presenter, query: CallbackQuery, answer: Answer,
                   lang: str, data: Rematch) -> None:
    """🔁 under a finished game's result: the presser asks for the same table again
    (same seats, variant and options; its computers stay seated). Each person of the
    game presses; the last one's press starts it. The button counts the asks."""
    try:
        ask = await state.service.ask_rematch(data.game_id, query.from_user.id)
    except ServiceError as exc:
        key = REMATCH_REFUSALS.get(type(exc))
        await answer(tr(lang, key) if key is not None else error_text(lang, exc))
        return
    if ask.report is not None:
        await answer(tr(lang, "rematch.started"))
        state.pipeline.after(ask.report)
    else:
        game = await state.service.game(data.game_id)
        names = ", ".join(seat_name(lang, seat) for seat in game.seats
                          if seat.user_id in ask.votes.waiting)
        await answer(tr(lang, "rematch.again" if ask.again else "rematch.asked", names=names))
        if ask.again:
            return
    if query.message is not None:
        ui.show_final_buttons(await state.service.game(data.game_id), query.message.chat.id,
                              query.message.message_id)


async def _kind_press(state: BotState, ui: Presenter, query: CallbackQuery, context: Context,
                      answer: Answer, lang: str, kind: BotKind) -> None:
    """A press on a kind's own hand buttons: read against the presser's own seat view
    at the game's version now (an old keyboard is stale, a forged one refused), it
    changes the choice on his buttons or makes the move it completes."""
    data = query.data or ""
    user = query.from_user
    game_id = kind.game_of(data)
    message = query.message
    if game_id is None or message is None or message.chat.id != user.id:
        await answer(tr(lang, "btn.forged"))  # not from a hand in his own private chat
        return
    if ui.maybe_away(game_id, user.id):
        await came_back(context.application, game_id, user.id)  # a press ends it
    try:
        game, _, view = await state.service.seat_view(game_id, user.id)
    except ServiceError as exc:
        await answer(error_text(lang, exc))
        return
    if game.status != "playing":
        await answer(tr(lang, "err.game_over" if game.status == "finished" else "btn.old_lobby"))
        return
    press = kind.press(lang, data, game_id, game.version, view)
    if isinstance(press, Refusal):
        await answer(tr(lang, press.key))
        return
    if isinstance(press, Reselect):
        seat = view.seat if view.seat is not None else -1
        if not await ui.is_hand(game_id, seat, user.id, message.message_id):
            await answer(tr(lang, "err.stale"))  # an older hand message: never edited
            return
        await answer()
        await tg.quietly(query.edit_message_reply_markup(reply_markup=press.markup),
                         "choosing tiles")
        return
    assert isinstance(press, MakeMove)
    try:
        report = await state.service.move(game_id, user.id, game.version, press.move)
    except ServiceError as exc:
        await answer(error_text(lang, exc))
        return
    await answer()
    state.pipeline.after(report)


async def _agree_to_cancel(state: BotState, ui: Presenter, query: CallbackQuery,
                           answer: Answer, lang: str, data: CancelAgree) -> None:
    """A press on the button under a player's /cancel: the presser agrees (a person
    seated in the game, else refused); the button counts the agreements, and when
    every person agreed the game is cancelled and the message says so (an edit: no
    new message in the group)."""
    try:
        agreement = await state.service.agree_to_cancel(data.game_id, query.from_user.id)
    except ServiceError as exc:
        await answer(error_text(lang, exc))
        return
    game = agreement.game
    message = query.message if isinstance(query.message, Message) else None
    group_lang = await ui.chat_language(game.chat_id)
    agreed, needed = len(agreement.agreed), len(agreement.people)
    if agreement.cancelled:
        await answer(tr(lang, "ans.cancelled"))
        state.pipeline.cancelled(game)
        if message is not None:
            ui.edit_text(message.chat.id, message.message_id, tr(group_lang, "cancel.done"))
        return
    await answer(tr(lang, "ans.cancel_agreed" if agreement.new else "ans.cancel_already",
                    agreed=agreed, needed=needed))
    if message is not None and agreement.new and message.text:
        ui.edit_text(message.chat.id, message.message_id, message.text,
                     cancel_agreement_keyboard(group_lang, game.game_id, agreed, needed))


async def _signal(state: BotState, ui: Presenter, answer: Answer, lang: str, data: Signal,
                  user_id: int) -> None:
    """A variant with signals (general_kozel): a player tells the table (and his
    partner) what he holds, maybe a bluff; the bot does not check it. Once per turn
    of the game per player."""
    try:
        game = await state.service.game(data.game_id)
    except ServiceError as exc:
        await answer(error_text(lang, exc))
        return
    seat = game.seat_of(user_id)
    view = game.view
    if seat is None:
        await answer(tr(lang, "err.not_in_game"))
        return
    if game.status != "playing" or view is None or view.turn is None:
        await answer(tr(lang, "err.game_over"))
        return
    if not get_variant(game.variant).signals or data.version > game.version \
            or not view.hand_sizes[seat.seat]:
        await answer(tr(lang, "btn.forged"))
        return
    when = (view.round_index, view.turn_number)
    key = (game.game_id, seat.seat)
    if state.signals.get(key) == when:
        await answer(tr(lang, "ans.signal_wait"))
        return
    state.signals[key] = when
    await answer(tr(lang, "ans.signal_sent"))
    group_lang = await ui.chat_language(game.chat_id)
    ui.say(game.chat_id, tr(group_lang, f"signal.{data.kind}", name=seat_name(group_lang, seat)),
           thread=game.topic)


async def _tile_info(state: BotState, answer: Answer, lang: str, data: TileInfo,
                     user_id: int) -> None:
    try:
        game = await state.service.game(data.game_id)
    except ServiceError as exc:
        await answer(error_text(lang, exc))
        return
    seat = game.seat_of(user_id)
    if seat is None:
        await answer(tr(lang, "err.not_in_game"))
    elif game.status != "playing":
        await answer(tr(lang, "err.game_over"))
    elif game.turn != seat.seat:
        await answer(tr(lang, "ans.wait"))
    elif game.version != data.version:
        await answer(tr(lang, "err.stale"))
    else:
        try:
            _, _, view = await state.service.seat_view(data.game_id, user_id)
        except ServiceError as exc:
            await answer(error_text(lang, exc))
            return
        # a forged press naming a tile not in his hand learns nothing about where it is
        await answer(no_fit_text(lang, data.tile, view) if data.tile in view.hand
                     else tr(lang, "btn.forged"))


async def _rules(state: BotState, ui: Presenter, query: CallbackQuery, answer: Answer,
                 lang: str, data: RulesOf, chat_id: int) -> None:
    """A button of the /rules menu: in a private chat the menu message becomes the
    rules (the menu stays under them); from a group the rules go to the presser's
    private chat, or he gets the link to open it."""
    if not is_variant(data.variant):
        await answer(tr(lang, "btn.forged"))
        return
    await _page(state, ui, query, answer, lang, chat_id, rules_text(lang, data.variant),
                rules_keyboard(lang), None, payload=f"rules-{data.variant}",
                start_key="ans.rules_start", sent_key="ans.rules_sent")


async def _help(state: BotState, ui: Presenter, query: CallbackQuery, answer: Answer,
                lang: str, data: HelpPage, chat_id: int) -> None:
    """A button under /help: in a private chat the help message becomes that page;
    from a group the page goes to the presser's private chat (the group sees nothing
    more), or he gets the link to open it."""
    text, markup = help_page(lang, data.page)
    await _page(state, ui, query, answer, lang, chat_id, text, markup, markup,
                payload=f"help-{data.page}", start_key="ans.help_start",
                sent_key="ans.help_sent")


async def _page(state: BotState, ui: Presenter, query: CallbackQuery, answer: Answer,
                lang: str, chat_id: int, text: str, markup: InlineKeyboardMarkup | None,
                sent_markup: InlineKeyboardMarkup | None, *, payload: str, start_key: str,
                sent_key: str) -> None:
    """A long text a button asks for: in a private chat the pressed message becomes it
    (under ``markup``); from a group it goes to the presser's private chat (under
    ``sent_markup``) with the toast ``sent_key``, or, that chat not open, the toast
    ``start_key`` with the link that opens it and sends ``/start payload``."""
    message = query.message
    if message is not None and message.chat.type == "private":
        await answer()
        ui.edit_text(chat_id, message.message_id, text, markup)
        return
    user_id = query.from_user.id
    known = await state.service.user(user_id)
    if known is None or not known.has_private_chat or known.blocked:
        await answer(tr(lang, start_key), url=ui.start_link(payload))
        return
    await answer(tr(lang, sent_key))
    ui.say(user_id, text, sent_markup)


# the lobby actions the settings panel sends from the presser's private chat: its
# pages, the settings, Start and Done
PANEL_ACTIONS = frozenset({"pg", "v", "tm", "tg", "fp", "go", "b", *OPTION_ACTIONS})


async def _lobby(state: BotState, ui: Presenter, query: CallbackQuery, context: Context,
                 answer: Answer, data: LobbyAction, chat_id: int) -> None:
    """A lobby button: in the group's lobby, or on the settings panel in the private
    chat of the creator or an admin (its pages, the settings and Start only)."""
    user = query.from_user
    lang = await ui.user_language(user.id, user.language_code)
    service = state.service
    try:
        game = await service.game(data.game_id)
    except ServiceError:
        await answer(tr(lang, "btn.forged"))
        return
    group_id, topic = game.chat_id, game.topic
    in_panel = chat_id != group_id
    if in_panel and (chat_id != user.id or data.action not in PANEL_ACTIONS):
        await answer(tr(lang, "btn.forged"))
        return
    if not in_panel and topic_of(query.message if isinstance(query.message, Message)
                                 else None) != topic:
        await answer(tr(lang, "btn.forged"))  # a lobby button of another topic's game
        return
    if game.status != "lobby":
        await answer(tr(lang, "panel.closed_answer" if in_panel else "btn.old_lobby"))
        if in_panel:
            ui.close_panel(game, user.id)
        return
    player = player_of(user)  # remembered when the press came in (_dispatch)
    if query.message is not None:  # the group's title, for turn pings (written if changed)
        await service.remember_chat_title(chat_id, query.message.chat.title)
    action, arg = data.action, data.arg
    bot = context.bot

    def admin_fallback(call: Callable[[bool], Awaitable[T]]) -> Awaitable[T]:
        return with_admin_fallback(bot, group_id, user.id, call)

    async def managed(call_variant: str | None = None, /, **options: object) -> GameInfo:
        return await admin_fallback(
            lambda admin: service.change_settings(group_id, user.id, variant=call_variant,
                                                  options=options or None, is_admin=admin,
                                                  topic=topic))

    # The update processor holds the game's key (bot/transport/order.py): no lock here.
    try:
        text: str | None = None
        if action == "j":
            known = await service.user(user.id)
            if game.seat_of(user.id) is None and (
                    known is None or not known.has_private_chat or known.blocked):
                await answer(tr(lang, "ans.deep_link"),
                             url=await ui.personal_link(game, user.id))
                return
            game = await service.join(group_id, player, topic=topic)
            text = tr(lang, "ans.joined")
        elif action == "q":
            game = await service.leave(group_id, user.id, topic=topic)
            text = tr(lang, "ans.left")
        elif action == "a":
            game = await admin_fallback(
                lambda admin: service.add_ai(group_id, user.id, AI_CODES[arg], is_admin=admin,
                                             topic=topic))
            text = tr(lang, "ans.ai_added")
        elif action == "r":
            game = await admin_fallback(
                lambda admin: service.remove_ai(group_id, user.id, is_admin=admin,
                                                topic=topic))
            text = tr(lang, "ans.ai_removed")
        elif action == "c":
            game = await admin_fallback(
                lambda admin: service.check_manager(group_id, user.id, is_admin=admin,
                                                    topic=topic))
            known = await service.user(user.id)
            if known is None or not known.has_private_chat or known.blocked:
                await answer(tr(lang, "panel.open_private"), url=ui.settings_link(game))
                return
            await answer(tr(lang, "panel.opened"))
            ui.open_panel(game, user.id)
            return
        elif action == "b":
            await answer()
            if in_panel:
                ui.close_panel(game, user.id)
            else:
                ui.show_lobby(game)  # an old keyboard in the group
            return
        elif action == "pg":
            if not in_panel:  # the pages are the panel's, never the group lobby's
                await answer(tr(lang, "btn.forged"))
                return
            await answer()
            ui.panel_page(game, user.id, variants=arg == "v")
            return
        elif action == "v":
            if not is_variant(arg):
                await answer(tr(lang, "btn.forged"))
                return
            game, text = await managed(arg), tr(lang, "ans.settings")
            if in_panel:  # chosen: back to the options of the new variant
                ui.panel_page(game, user.id, variants=False)
        elif action == "tm":
            game, text = await managed(teams=arg == "1"), tr(lang, "ans.settings")
        elif action == "fp":
            game, text = await managed(fish_point=arg == "1"), tr(lang, "ans.settings")
        elif action == "tg":
            game, text = await managed(target=int(arg)), tr(lang, "ans.settings")
        elif action in OPTION_ACTIONS:
            name = OPTION_ACTIONS[action]
            value: object = (arg == "1") if name in BOOL_NAMES else (int(arg) or None)
            game, text = await managed(**{name: value}), tr(lang, "ans.settings")
        elif action == "go":
            try:
                report: MoveReport = await admin_fallback(
                    lambda admin: service.start(group_id, user.id, is_admin=admin,
                                                topic=topic))
            except NoPrivateChatError as exc:
                # the game stays in its lobby; the lobby names them, a link button each
                await answer(error_text(lang, exc))
                ui.show_lobby(game)
                return
            await answer(tr(lang, "ans.started"))
            state.pipeline.after(report)
            return
        elif action == "x":
            game = await admin_fallback(
                lambda admin: service.cancel(group_id, user.id, is_admin=admin, topic=topic))
            await answer(tr(lang, "ans.cancelled"))
            state.pipeline.cancelled(game)
            return
    except ServiceError as exc:
        await answer(error_text(lang, exc))
        return
    await answer(text)
    ui.show_lobby(game)
    if in_panel:
        ui.refresh_panel(game, user.id)
