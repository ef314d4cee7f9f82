"""The buttons of a player's hand, in his private chat: a move (``p:``, ``d:``,
``s:``, ``e:``, ``o:``), a tile that cannot go now (``t:``), a signal to the partner
(``g:``), and the buttons of a game kind of its own (its prefix: ``cn:``, ``tri:``)."""

from __future__ import annotations

from bot.handlers.common import error_text, move_refusal
from bot.handlers.presses import Press, on_press, on_query
from bot.kinds.base import MakeMove, Refusal, Reselect
from bot.kinds.registry import kind_of_data
from bot.showing.timers import came_back
from bot.texts import tr
from bot.transport import tg
from bot.ui.callbacks import (
    DrawTile,
    EndTurn,
    HandPress,
    OpenEnd,
    PassTurn,
    PlayTile,
    Signal,
    TileInfo,
    move_of,
)
from bot.ui.formatting import no_fit_text
from bot.ui.keyboards import tile_label
from bot.ui.names import seat_name, seat_names
from engine.domino.view import as_domino_view
from engine.variants import get_variant
from service import ServiceError

__all__ = ["HAND_MOVES", "is_kind_press", "on_kind_press", "on_move", "on_signal",
           "on_tile_info"]

HAND_MOVES = (PlayTile, DrawTile, PassTurn, OpenEnd, EndTurn)


async def _on_own_hand(press: Press, game_id: int) -> bool:
    """Whether the press came from the presser's own private chat (else it is
    answered as forged); a press there ends his being away."""
    user = press.user
    if press.chat_id != user.id:  # a hand's button, pressed anywhere but on his own hand
        await press.forged()
        return False
    if press.ui.maybe_away(game_id, user.id):
        await came_back(press.context.application, game_id, user.id)  # a press ends it
    return True


async def _move(press: Press, data: HandPress) -> None:
    """A move from the hand's buttons, made at the version the keyboard shows."""
    if not await _on_own_hand(press, data.game_id):
        return
    state, lang, user_id = press.state, press.lang, press.user.id
    move = move_of(data)
    try:
        report = await state.service.move(data.game_id, user_id, data.version, move)
    except ServiceError as exc:  # the answer is his alone: it may name his tiles
        await press.answer(await move_refusal(state.service, lang, exc, data.game_id,
                                              user_id, move))
        return
    drawn = report.results[0].drawn if report.results else None
    if drawn is not None:
        await press.answer(tr(lang, "ans.drew", tile=tile_label(drawn)))
    elif isinstance(data, PassTurn):
        await press.answer(tr(lang, "ans.passed"))
    else:
        await press.answer()
    state.pipeline.after(report)


async def _tile_info(press: Press, data: TileInfo) -> None:
    """A tile that cannot be placed now: why (to the presser alone)."""
    if not await _on_own_hand(press, data.game_id):
        return
    state, lang, user_id, answer = press.state, press.lang, press.user.id, press.answer
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
        domino = as_domino_view(view)
        await answer(no_fit_text(lang, data.tile, domino)
                     if domino is not None and data.tile in domino.hand
                     else tr(lang, "btn.forged"))


async def _signal(press: Press, data: Signal) -> None:
    """A variant with signals (general_kozel): a player tells the table (and his
    partner) what he holds, maybe a bluff; the bot does not check it. Once per turn
    of the game per player."""
    if not await _on_own_hand(press, data.game_id):
        return
    state, ui, lang, answer = press.state, press.ui, press.lang, press.answer
    try:
        game = await state.service.game(data.game_id)
    except ServiceError as exc:
        await answer(error_text(lang, exc))
        return
    seat = game.seat_of(press.user.id)
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


def is_kind_press(data: object) -> bool:
    """Whether callback data is a game kind's own (its prefix): the pattern of
    :data:`on_kind_press`."""
    return isinstance(data, str) and kind_of_data(data) is not None


async def _kind_press(press: Press) -> None:
    """A press on a kind's own hand buttons: read against the presser's own seat view
    at the game's version now (an old keyboard is stale, a forged one refused), it
    changes the choice on his buttons or makes the move it completes."""
    query, state, ui, lang, answer = press.query, press.state, press.ui, press.lang, press.answer
    data = query.data or ""
    kind = kind_of_data(data)
    user = press.user
    game_id = kind.game_of(data) if kind is not None else None
    message = query.message
    if kind is None or game_id is None or message is None or message.chat.id != user.id:
        await press.forged()  # not from a hand in his own private chat
        return
    if ui.maybe_away(game_id, user.id):
        await came_back(press.context.application, game_id, user.id)  # a press ends it
    try:
        game, _, view = await state.service.seat_view(game_id, user.id)
    except ServiceError as exc:
        await answer(error_text(lang, exc))
        return
    if game.status != "playing":
        await answer(tr(lang, "err.game_over" if game.status == "finished" else "btn.old_lobby"))
        return
    outcome = kind.press(lang, data, game_id, game.version, view, seat_names(lang, game))
    if isinstance(outcome, Refusal):
        await answer(tr(lang, outcome.key))
        return
    if isinstance(outcome, Reselect):
        seat = view.seat if view.seat is not None else -1
        if not await ui.is_hand(game_id, seat, user.id, message.message_id):
            await answer(tr(lang, "err.stale"))  # an older hand message: never edited
            return
        await answer()
        await tg.quietly(query.edit_message_reply_markup(reply_markup=outcome.markup),
                         "choosing tiles")
        return
    assert isinstance(outcome, MakeMove)
    try:
        report = await state.service.move(game_id, user.id, game.version, outcome.move)
    except ServiceError as exc:
        await answer(error_text(lang, exc))
        return
    await answer()
    state.pipeline.after(report)


on_move = on_press(HAND_MOVES, _move)
on_tile_info = on_press((TileInfo,), _tile_info)
on_signal = on_press((Signal,), _signal)
on_kind_press = on_query(_kind_press)
