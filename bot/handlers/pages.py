"""The buttons that are no move and no lobby's: the /rules menu (``r:``), /help's
pages (``h:``), and those under a game's messages: the review (``v:``), the
rematch (``m:``) and the agreement to cancel a started game (``k:``)."""

from __future__ import annotations

from telegram import InlineKeyboardMarkup, Message

from bot.handlers.common import error_text, player_of, solo_computers
from bot.handlers.presses import Press, on_press
from bot.handlers.review import review_button, start_link
from bot.texts import tr
from bot.ui.callbacks import CancelAgree, HelpPage, PlaySolo, Rematch, ReviewGame, RulesOf
from bot.ui.keyboards import cancel_agreement_keyboard, help_page, rules_keyboard
from bot.ui.lobby_words import rules_text
from bot.ui.names import seat_name
from bot.ui.variant_names import is_variant
from service import ServiceError
from service.errors import ActiveGameExistsError, AlreadyStartedError, NotInGameError

__all__ = ["REMATCH_REFUSALS", "on_cancel_agree", "on_help", "on_play_solo", "on_rematch",
           "on_review", "on_rules"]


async def _rules(press: Press, data: RulesOf) -> None:
    """A button of the /rules menu: in a private chat the menu message becomes the
    rules (the menu stays under them); from a group the rules go to the presser's
    private chat, or he gets the link to open it."""
    if not is_variant(data.variant):
        await press.forged()
        return
    lang = press.lang
    await _page(press, rules_text(lang, data.variant), rules_keyboard(lang), None,
                payload=f"rules-{data.variant}", start_key="ans.rules_start",
                sent_key="ans.rules_sent")


async def _help(press: Press, data: HelpPage) -> None:
    """A button under /help: in a private chat the help message becomes that page;
    from a group the page goes to the presser's private chat (the group sees nothing
    more), or he gets the link to open it."""
    text, markup = help_page(press.lang, data.page)
    await _page(press, text, markup, markup, payload=f"help-{data.page}",
                start_key="ans.help_start", sent_key="ans.help_sent")


async def _page(press: Press, text: str, markup: InlineKeyboardMarkup | None,
                sent_markup: InlineKeyboardMarkup | None, *, payload: str, start_key: str,
                sent_key: str) -> None:
    """A long text a button asks for: in a private chat the pressed message becomes it
    (under ``markup``); from a group it goes to the presser's private chat (under
    ``sent_markup``) with the toast ``sent_key``, or, that chat not open, the toast
    ``start_key`` with the link that opens it and sends ``/start payload``."""
    message, ui, lang, answer = press.query.message, press.ui, press.lang, press.answer
    if message is not None and message.chat.type == "private":
        await answer()
        ui.edit_text(message.chat.id, message.message_id, text, markup)
        return
    user_id = press.user.id
    known = await press.state.service.user(user_id)
    if known is None or not known.has_private_chat or known.blocked:
        await answer(tr(lang, start_key), url=ui.start_link(payload))
        return
    await answer(tr(lang, sent_key))
    ui.say(user_id, text, sent_markup)


async def _review(press: Press, data: ReviewGame) -> None:
    """The review button under a finished game's result (bot/handlers/review.py)."""
    app = press.context.application
    text = await review_button(app, press.query, data)
    if text is None:  # his private chat is not open: the link opens it
        await press.answer(tr(press.lang, "review.start_first"),
                           url=start_link(app, data.game_id))
    else:
        await press.answer(text)


# why a rematch press is refused -> the presser's toast
REMATCH_REFUSALS: dict[type[ServiceError], str] = {
    NotInGameError: "rematch.not_player", ActiveGameExistsError: "rematch.busy",
    AlreadyStartedError: "rematch.done"}


async def _rematch(press: Press, data: Rematch) -> None:
    """🔁 under a finished game's result: the presser asks for the same table again
    (same seats, variant and options; its computers stay seated). Each person of the
    game presses; the last one's press starts it. The button counts the asks."""
    state, ui, lang, answer = press.state, press.ui, press.lang, press.answer
    try:
        ask = await state.service.ask_rematch(data.game_id, press.user.id)
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
    message = press.query.message
    if message is not None:
        ui.show_final_buttons(await state.service.game(data.game_id), message.chat.id,
                              message.message_id)


async def _agree_to_cancel(press: Press, data: CancelAgree) -> None:
    """A press on the button under a player's /cancel: the presser agrees (a person
    seated in the game, else refused); the button counts the agreements, and when
    every person agreed the game is cancelled and the message says so (an edit: no
    new message in the group)."""
    state, ui, lang, answer = press.state, press.ui, press.lang, press.answer
    try:
        agreement = await state.service.agree_to_cancel(data.game_id, press.user.id)
    except ServiceError as exc:
        await answer(error_text(lang, exc))
        return
    game = agreement.game
    message = press.query.message if isinstance(press.query.message, Message) else None
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


async def _play_solo(press: Press, data: PlaySolo) -> None:
    """🤖 under the private greeting: a solo table of that variant in the presser's
    private chat, as ``/newgame`` there opens (one at a time)."""
    user = press.user
    if not is_variant(data.variant) or press.chat_id != user.id:
        await press.forged()
        return
    try:
        game = await press.state.service.open_lobby(
            user.id, player_of(user), data.variant, computers=solo_computers(data.variant))
    except ActiveGameExistsError:
        await press.answer(tr(press.lang, "solo.exists"))
        return
    except ServiceError as exc:
        await press.answer(error_text(press.lang, exc))
        return
    await press.answer()
    press.ui.show_lobby(game, resend=True)


on_rules = on_press((RulesOf,), _rules)
on_play_solo = on_press((PlaySolo,), _play_solo)
on_help = on_press((HelpPage,), _help)
on_review = on_press((ReviewGame,), _review)
on_rematch = on_press((Rematch,), _rematch)
on_cancel_agree = on_press((CancelAgree,), _agree_to_cancel)
