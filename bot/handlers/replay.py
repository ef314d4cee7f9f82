"""A finished game's replay in a person's private chat, move by move.

``/replay N`` in private (``/replay`` alone: his latest finished games as buttons)
sends ONE photo: the table at a step with every hand under it (the game is over:
nothing is hidden any more), its caption the move just made and "Move k of n ·
round r of R", and the buttons ⏮ ◀ ▶ ⏭ (a round's start, one step, the next
round's start) and ✖ (close). Each press edits that message in place.

Who may see a game: whoever played in it; and, for a group's game, a member of that
group (Telegram's getChatMember says so at each press: the group saw the game's
table and may ``/export`` its complete record once it is over). Someone else's solo
table, an unfinished or cancelled game, a game whose moves retention deleted: refused,
with words saying why. A button carries only the game and the step (``y:<gid>:<step>``);
every press checks again that the presser may see that game and that the message is
in his own private chat, so a forged or forwarded button changes nothing. A step out
of range is clamped; a press that would show the step already shown (a double press,
◀ on the first step) edits nothing.

The step is replayed from the game's record and drawn in the render worker
(bot/kinds/registry.py ``replay_picture``), never on the event loop; the message is
sent and edited through the private chat's outbox, one slot per replay message, so
presses faster than the chat's pace show the latest step wanted and no frame between.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass, field

from telegram import InputMediaPhoto, Update
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.handlers.common import game_number, is_member, moves_deleted_text
from bot.handlers.presses import Press, on_press
from bot.kinds.registry import ReplayPicture
from bot.texts import tr
from bot.transport import tg
from bot.transport.outbox import Priority
from bot.ui.callbacks import REPLAY_CLOSE, REPLAY_OPEN, ReplayPress
from bot.ui.names import seat_names
from bot.ui.replay_words import replay_caption, replay_keyboard, replay_list_keyboard
from bot.ui.result_words import banner_texts
from bot.wiring.state import AnyApp, get_state
from service import GameInfo, ServiceError
from service.errors import MovesDeletedError, NoSuchGameError, NotInGameError
from service.review import NotFinishedError
from service.types import ReplayInput

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE

LISTED = 5  # /replay alone: his latest finished games, as buttons
KEPT = 512  # replay messages whose shown step is remembered (the latest)
_KEY = "domino_replays"


@dataclass
class Wanted:
    """What one replay message is to show: the game, its record, the step asked for
    (not yet clamped), and the step it shows (None: unknown, as after a restart)."""

    given: ReplayInput
    game: GameInfo
    lang: str
    step: int
    shown: int | None = None


@dataclass
class Replays:
    """This process's replay messages, by (chat, message id), the latest ``KEPT``."""

    messages: OrderedDict[tuple[int, int], Wanted] = field(default_factory=OrderedDict)

    def put(self, chat_id: int, message_id: int, wanted: Wanted) -> None:
        key = (chat_id, message_id)
        self.messages[key] = wanted
        self.messages.move_to_end(key)
        while len(self.messages) > KEPT:
            self.messages.popitem(last=False)


def _replays(app: AnyApp) -> Replays:
    found = app.bot_data.get(_KEY)
    if not isinstance(found, Replays):
        found = app.bot_data[_KEY] = Replays()
    return found



async def allowed(app: AnyApp, user_id: int, lang: str, game_id: int
                  ) -> tuple[ReplayInput, GameInfo] | str:
    """The replay's input and the game when ``user_id`` may see game ``game_id``, else
    the words of the refusal."""
    state = get_state(app)
    try:
        given = await state.service.replay_input(game_id, user_id)
    except NoSuchGameError:
        return tr(lang, "replay.no_game", game_id=game_id)
    except NotInGameError:
        return tr(lang, "replay.not_allowed", game_id=game_id)
    except NotFinishedError:
        return tr(lang, "replay.not_finished", game_id=game_id)
    except MovesDeletedError:
        return moves_deleted_text(lang, "replay.moves_deleted", state.settings.retain_moves_days)
    except ServiceError:
        return tr(lang, "replay.no_game", game_id=game_id)
    if not given.player and not await is_member(app.bot, given.chat_id, user_id):
        return tr(lang, "replay.not_allowed", game_id=game_id)
    return given, await state.service.game(game_id)


async def _picture(app: AnyApp, wanted: Wanted) -> tuple[ReplayPicture, str]:
    """The wanted step drawn in the render worker, and its caption."""
    game, lang = wanted.game, wanted.lang
    banner, detail = banner_texts(lang, game, game.view) if game.view is not None \
        else (None, None)
    picture = await get_state(app).workers.replay_picture(
        lang, wanted.given.record, seat_names(lang, game), wanted.step, banner, detail)
    caption = replay_caption(lang, game, picture.frame, picture.count, len(picture.starts))
    return picture, caption


def send_replay(app: AnyApp, chat_id: int, wanted: Wanted) -> None:
    """A new replay message at the wanted step, in the chat's order."""
    state = get_state(app)

    async def run() -> None:
        try:
            picture, caption = await _picture(app, wanted)
        except Exception:
            log.exception("the replay of game %s failed", wanted.given.game_id)
            await tg.quietly(app.bot.send_message(chat_id, tr(wanted.lang, "replay.failed")),
                             "replay failed")
            return
        markup = replay_keyboard(wanted.lang, wanted.given.game_id, picture.index,
                                 picture.count, picture.starts)
        try:
            sent = await app.bot.send_photo(chat_id, picture.photo, caption=caption,
                                            filename=picture.filename, reply_markup=markup)
        except TelegramError as exc:
            log.warning("the replay for %s was not sent: %s", chat_id, exc.message)
            return
        wanted.step = wanted.shown = picture.index
        _replays(app).put(chat_id, sent.message_id, wanted)

    state.outbox.send(chat_id, run)


def show_step(app: AnyApp, chat_id: int, message_id: int) -> None:
    """Bring the replay message to the step it is wanted at: one slot a message, so
    the latest press wins; a step already shown is not edited again."""

    async def run(_: bool) -> None:
        wanted = _replays(app).messages.get((chat_id, message_id))
        if wanted is None:
            return
        try:
            picture, caption = await _picture(app, wanted)
        except Exception:
            log.exception("the replay of game %s failed", wanted.given.game_id)
            return
        if picture.index == wanted.shown:
            return  # nothing would change ("message is not modified")
        markup = replay_keyboard(wanted.lang, wanted.given.game_id, picture.index,
                                 picture.count, picture.starts)
        media = InputMediaPhoto(picture.photo, caption=caption, filename=picture.filename)
        try:
            await tg.edit(lambda: app.bot.edit_message_media(
                media, chat_id=chat_id, message_id=message_id, reply_markup=markup))
        except TelegramError as exc:
            if tg.message_gone(exc):
                _replays(app).messages.pop((chat_id, message_id), None)
                return
            raise
        wanted.shown = picture.index  # the step wanted may have moved on meanwhile

    get_state(app).outbox.put(chat_id, ("replay", message_id), run, priority=Priority.NOW)


def close_replay(app: AnyApp, chat_id: int, message_id: int) -> None:
    """✖: the replay message deleted (in the chat's order, after its waiting edit)."""
    _replays(app).messages.pop((chat_id, message_id), None)

    async def run() -> None:
        await tg.quietly(app.bot.delete_message(chat_id, message_id), "closing a replay")

    get_state(app).outbox.send(chat_id, run)


async def cmd_replay(update: Update, context: Context) -> None:
    """/replay N in private: game N's replay; /replay alone: his latest finished games."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    state = get_state(context)
    ui = state.presenter
    private = chat.type == ChatType.PRIVATE
    lang = await ui.chat_language(chat.id, user.language_code, private=private)
    if not private:
        ui.say(chat.id, tr(lang, "replay.private_only"), thread=_thread(update))
        return
    args = list(context.args or [])
    number = game_number(args[0]) if len(args) == 1 else None
    if args and number is None:
        ui.say(chat.id, tr(lang, "usage.replay"))
        return
    if number is None:
        games = [g for g in await state.service.started_games_of_user(user.id, limit=20)
                 if g.status == "finished"][:LISTED]
        if not games:
            ui.say(chat.id, tr(lang, "replay.none"))
            return
        ui.say(chat.id, tr(lang, "replay.choose"), replay_list_keyboard(lang, games))
        return
    found = await allowed(context.application, user.id, lang, number)
    if isinstance(found, str):
        ui.say(chat.id, found)
        return
    given, game = found
    send_replay(context.application, chat.id, Wanted(given, game, lang, 0))


def _replay_message(message: object) -> bool:
    """Whether the pressed message carries replay buttons (a replay, or /replay's
    list): no other message of his is ever edited or deleted by a replay button."""
    markup = getattr(message, "reply_markup", None)
    rows = getattr(markup, "inline_keyboard", None) or ()
    return any(isinstance(b.callback_data, str) and b.callback_data.startswith("y:")
               for row in rows for b in row)


def _thread(update: Update) -> int | None:
    message = update.effective_message
    if message is None or not message.is_topic_message:
        return None
    return message.message_thread_id


async def _on_replay(press: Press, data: ReplayPress) -> None:
    """A replay button: re-checked at every press (his own private chat, a game he
    may see); then the step shown, the replay sent anew, or closed."""
    chat_id, user = press.chat_id, press.user
    message = press.query.message
    if chat_id != user.id or not _replay_message(message):  # his own chat, a replay's
        await press.forged()
        return
    assert message is not None
    app = press.context.application
    if data.action == REPLAY_CLOSE:
        close_replay(app, chat_id, message.message_id)
        return
    found = await allowed(app, user.id, press.lang, data.game_id)
    if isinstance(found, str):
        await press.answer(found)
        return
    given, game = found
    if data.action == REPLAY_OPEN:
        send_replay(app, chat_id, Wanted(given, game, press.lang, 0))
        return
    replays = _replays(app)
    wanted = replays.messages.get((chat_id, message.message_id))
    if wanted is not None and wanted.given.game_id == data.game_id:
        # the same replay: the step it shows stays known (an edit under way sets it)
        wanted.given, wanted.game, wanted.lang, wanted.step = given, game, press.lang, data.step
    else:
        wanted = Wanted(given, game, press.lang, data.step)
    replays.put(chat_id, message.message_id, wanted)
    show_step(app, chat_id, message.message_id)


on_replay = on_press((ReplayPress,), _on_replay)

__all__ = ["allowed", "cmd_replay", "on_replay"]
