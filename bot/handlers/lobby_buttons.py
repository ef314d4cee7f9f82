"""The lobby's buttons (``l:<game>:<action>[:<arg>]``): in the group's lobby, or on
the settings panel in the private chat of the creator or an admin (its pages, the
settings, Start and Done only).

Each action is a small function of its own (:data:`ACTIONS`); a house option's
button is read through the option's declaration (bot/ui/callbacks.py
``lobby_option``), so an option declared anywhere needs nothing here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from telegram import Message

from bot.handlers.common import error_text, player_of, with_admin_fallback
from bot.handlers.presses import Press, on_press
from bot.texts import tr
from bot.transport.topics import topic_of
from bot.ui.callbacks import AI_CODES, LobbyAction, lobby_option
from bot.ui.keyboards import preset_values
from bot.ui.variant_names import is_variant
from service import GameInfo, MoveReport, ServiceError
from service.errors import NoPrivateChatError

__all__ = ["ACTIONS", "PANEL_ACTIONS", "on_lobby"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Lobby:
    """A lobby button pressed: the press, its data, the game it names and whether
    it came from the settings panel (the presser's private chat)."""

    press: Press
    data: LobbyAction
    game: GameInfo
    in_panel: bool

    @property
    def lang(self) -> str:
        return self.press.lang

    def admin_fallback(self, call: Callable[[bool], Awaitable[T]]) -> Awaitable[T]:
        """The call as the presser, then as a chat admin where he manages nothing."""
        return with_admin_fallback(self.press.context.bot, self.game.chat_id,
                                   self.press.user.id, call)

    async def managed(self, variant: str | None = None, /, **options: object) -> GameInfo:
        """The lobby's variant or house options changed by the presser."""
        service, game, user_id = self.press.state.service, self.game, self.press.user.id
        return await self.admin_fallback(
            lambda admin: service.change_settings(game.chat_id, user_id, variant=variant,
                                                  options=options or None, is_admin=admin,
                                                  topic=game.topic))


# What an action leaves: the game as changed and the presser's answer, for the lobby
# (and the panel) to show; None: the action answered and showed all it had to.
Changed = tuple[GameInfo, str | None] | None
Action = Callable[[Lobby], Awaitable[Changed]]


async def _join(lobby: Lobby) -> Changed:
    press, game = lobby.press, lobby.game
    service, user = press.state.service, press.user
    known = await service.user(user.id)
    if game.seat_of(user.id) is None and (
            known is None or not known.has_private_chat or known.blocked):
        await press.answer(tr(lobby.lang, "ans.deep_link"),
                           url=await press.ui.personal_link(game, user.id))
        return None
    player = player_of(user)  # remembered when the press came in (bot/handlers/presses.py)
    game = await service.join(game.chat_id, player, topic=game.topic)
    return game, tr(lobby.lang, "ans.joined")


async def _leave(lobby: Lobby) -> Changed:
    game = lobby.game
    game = await lobby.press.state.service.leave(game.chat_id, lobby.press.user.id,
                                                 topic=game.topic)
    return game, tr(lobby.lang, "ans.left")


async def _add_ai(lobby: Lobby) -> Changed:
    service, game, user_id = lobby.press.state.service, lobby.game, lobby.press.user.id
    level = AI_CODES[lobby.data.arg]
    game = await lobby.admin_fallback(
        lambda admin: service.add_ai(game.chat_id, user_id, level, is_admin=admin,
                                     topic=game.topic))
    return game, tr(lobby.lang, "ans.ai_added")


async def _remove_ai(lobby: Lobby) -> Changed:
    service, game, user_id = lobby.press.state.service, lobby.game, lobby.press.user.id
    game = await lobby.admin_fallback(
        lambda admin: service.remove_ai(game.chat_id, user_id, is_admin=admin,
                                        topic=game.topic))
    return game, tr(lobby.lang, "ans.ai_removed")


async def _settings(lobby: Lobby) -> Changed:
    """«Settings»: the panel opens in the presser's private chat (or he gets the link
    that opens that chat)."""
    press, lang = lobby.press, lobby.lang
    service, game, user_id = press.state.service, lobby.game, press.user.id
    game = await lobby.admin_fallback(
        lambda admin: service.check_manager(game.chat_id, user_id, is_admin=admin,
                                            topic=game.topic))
    known = await service.user(user_id)
    if known is None or not known.has_private_chat or known.blocked:
        await press.answer(tr(lang, "panel.open_private"), url=press.ui.settings_link(game))
        return None
    await press.answer(tr(lang, "panel.opened"))
    press.ui.open_panel(game, user_id)
    return None


async def _back(lobby: Lobby) -> Changed:
    press = lobby.press
    await press.answer()
    if lobby.in_panel:
        press.ui.close_panel(lobby.game, press.user.id)
    else:
        press.ui.show_lobby(lobby.game)  # an old keyboard in the group
    return None


async def _page(lobby: Lobby) -> Changed:
    press = lobby.press
    if not lobby.in_panel:  # the pages are the panel's, never the group lobby's
        await press.forged()
        return None
    await press.answer()
    press.ui.panel_page(lobby.game, press.user.id, variants=lobby.data.arg == "v")
    return None


async def _variant(lobby: Lobby) -> Changed:
    press, arg = lobby.press, lobby.data.arg
    if not is_variant(arg):
        await press.forged()
        return None
    game = await lobby.managed(arg)
    if lobby.in_panel:  # chosen: back to the options of the new variant
        press.ui.panel_page(game, press.user.id, variants=False)
    return game, tr(lobby.lang, "ans.settings")


async def _preset(lobby: Lobby) -> Changed:
    """A preset of the variant's options: every option it sets at its value (the
    rest at the variant's defaults)."""
    values = preset_values(lobby.game.variant, int(lobby.data.arg))
    if values is None:
        await lobby.press.forged()
        return None
    game = await lobby.managed(**values)
    return game, tr(lobby.lang, "ans.settings")


async def _start(lobby: Lobby) -> Changed:
    press, lang = lobby.press, lobby.lang
    service, game, user_id = press.state.service, lobby.game, press.user.id
    try:
        report: MoveReport = await lobby.admin_fallback(
            lambda admin: service.start(game.chat_id, user_id, is_admin=admin,
                                        topic=game.topic))
    except NoPrivateChatError as exc:
        # the game stays in its lobby; the lobby names them, a link button each
        await press.answer(error_text(lang, exc))
        press.ui.show_lobby(game)
        return None
    await press.answer(tr(lang, "ans.started"))
    press.state.pipeline.after(report)
    return None


async def _cancel(lobby: Lobby) -> Changed:
    press = lobby.press
    service, game, user_id = press.state.service, lobby.game, press.user.id
    game = await lobby.admin_fallback(
        lambda admin: service.cancel(game.chat_id, user_id, is_admin=admin, topic=game.topic))
    await press.answer(tr(lobby.lang, "ans.cancelled"))
    press.state.pipeline.cancelled(game)
    return None


# the lobby's own actions (bot/ui/callbacks.py LOBBY_ACTIONS); an option's code is read
# by _option
ACTIONS: dict[str, Action] = {
    "j": _join, "q": _leave, "a": _add_ai, "r": _remove_ai, "c": _settings, "b": _back,
    "pg": _page, "v": _variant, "pr": _preset, "go": _start, "x": _cancel,
}
# the lobby actions the settings panel sends from the presser's private chat: its
# pages, the variant, Start and Done (and every option's button)
PANEL_ACTIONS = frozenset({"pg", "v", "pr", "go", "b"})


async def _option(lobby: Lobby, name: str, value: object) -> Changed:
    """A house option's button: the option set to the value it carries (None, a
    number button's 0, drops it); the service refuses a value the variant does not
    offer."""
    return await lobby.managed(**{name: value}), tr(lobby.lang, "ans.settings")


async def _lobby(press: Press, data: LobbyAction) -> None:
    """A lobby button: in the group's lobby, or on the settings panel in the private
    chat of the creator or an admin (its pages, the settings and Start only)."""
    user, lang, ui, service = press.user, press.lang, press.ui, press.state.service
    try:
        game = await service.game(data.game_id)
    except ServiceError:
        await press.forged()
        return
    option = lobby_option(data)
    action = ACTIONS.get(data.action)
    chat_id = press.chat_id
    in_panel = chat_id != game.chat_id
    if in_panel and (chat_id != user.id
                     or (data.action not in PANEL_ACTIONS and option is None)):
        await press.forged()
        return
    message = press.query.message
    if not in_panel and topic_of(message if isinstance(message, Message) else None) \
            != game.topic:
        await press.forged()  # a lobby button of another topic's game
        return
    if game.status != "lobby":
        await press.answer(tr(lang, "panel.closed_answer" if in_panel else "btn.old_lobby"))
        if in_panel:
            ui.close_panel(game, user.id)
        return
    if message is not None and chat_id is not None:
        # the group's title, for turn pings (written if changed)
        await service.remember_chat_title(chat_id, message.chat.title)
    lobby = Lobby(press, data, game, in_panel)
    # The update processor holds the game's key (bot/transport/order.py): no lock here.
    try:
        if option is not None:
            changed = await _option(lobby, *option)
        elif action is not None:
            changed = await action(lobby)
        else:  # the codec decodes no other action
            await press.forged()
            return
    except ServiceError as exc:
        await press.answer(error_text(lang, exc))
        return
    if changed is None:
        return
    game, text = changed
    await press.answer(text)
    ui.show_lobby(game)
    if in_panel:
        ui.refresh_panel(game, user.id)


on_lobby = on_press((LobbyAction,), _lobby)
