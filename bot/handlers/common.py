"""Small helpers the handlers share."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Final, TypeVar

from telegram import Bot, ChatMember, ChatMemberRestricted, Message, User
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from bot.texts import has_text, plural, tr
from bot.ui.formatting import refusal_text
from engine.core.moves import Move
from engine.variants import get_variant
from service import GameInfo, GameService, PlayerInfo, ServiceError
from service.errors import (
    AdminUnknownError,
    AgreementNeededError,
    IllegalMoveError,
    NoPrivateChatError,
    NotAllowedError,
    NotManagerError,
    NotYourTurnError,
    TeamWaitingError,
)

log = logging.getLogger(__name__)
T = TypeVar("T")


def player_of(user: User) -> PlayerInfo:
    return PlayerInfo(user.id, user.full_name or str(user.id), user.language_code,
                      user.username)


def game_number(arg: str) -> int | None:
    """A game's number as a person types it after a command (``12`` or ``#12``), or None
    for anything else."""
    text = arg.removeprefix("#")
    if text.isascii() and text.isdigit() and 0 < len(text) <= 15:
        return int(text)
    return None


def moves_deleted_text(lang: str, key: str, days: int, **values: object) -> str:
    """What /export or /review answers for a finished game whose moves the host's
    retention deleted: after how many days (``days``: RETAIN_MOVES_DAYS; the generic
    line should the retention be off now)."""
    if days <= 0:
        return tr(lang, "err.moves_deleted")
    return tr(lang, key, days=plural(lang, days, "day"), **values)


def error_text(lang: str, exc: ServiceError) -> str:
    if isinstance(exc, NotManagerError):  # say who may
        if exc.creator is None:
            return tr(lang, "err.not_manager_admin")
        return tr(lang, "err.not_manager", name=exc.creator)
    if isinstance(exc, NoPrivateChatError):  # say who must open the private chat
        return _names_text(lang, "err.no_private_chat", exc.names)
    if isinstance(exc, TeamWaitingError):  # say whose teams wait for a partner
        return _names_text(lang, "err.team_waiting", exc.names)
    key = f"err.{exc.code}"
    return tr(lang, key if has_text(key) else "err.error")


ANSWER_LIMIT = 200  # characters of a callback answer (Telegram's limit)


def _names_text(lang: str, key: str, names: tuple[str, ...]) -> str:
    """The text naming these people, as many as fit a callback answer (then "…")."""
    shown = list(names)
    text = tr(lang, key, names=", ".join(shown))
    while len(text) > ANSWER_LIMIT and len(shown) > 1:
        shown.pop()
        text = tr(lang, key, names=", ".join(shown) + ", …")
    return text


async def move_refusal(service: GameService, lang: str, exc: ServiceError, game_id: int,
                       user_id: int, move: Move, *, private: bool = True) -> str:
    """The words for a refused move: why, read from the asker's own seat view (never
    another seat's); ``private`` False names none of his tiles. Other refusals keep
    their own text."""
    if isinstance(exc, IllegalMoveError | NotYourTurnError):
        try:
            game, _, view = await service.seat_view(game_id, user_id)
        except ServiceError:
            return error_text(lang, exc)
        text = refusal_text(lang, game, view, move, private=private)
        if text is not None:
            return text
    return error_text(lang, exc)


# The service users Telegram writes as: an anonymous admin's posts come "from"
# GroupAnonymousBot, those of a channel (a linked one, or a user posting as his
# channel) from Channel_Bot; either way ``sender_chat`` names the chat, not a person.
GROUP_ANONYMOUS_BOT: Final = 1087968824
CHANNEL_BOT: Final = 136817688
_ADMINS: Final = (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
_MEMBERS: Final = (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR,
                   ChatMemberStatus.MEMBER)


def impersonal(message: Message | None) -> bool:
    """A message written as a chat (an anonymous admin, a channel), not as a person:
    such a sender can neither play nor own a game."""
    if message is None:
        return False
    sender = message.from_user
    return message.sender_chat is not None or (
        sender is not None and sender.id in (GROUP_ANONYMOUS_BOT, CHANNEL_BOT))


async def chat_member(bot: Bot, chat_id: int, user_id: int) -> ChatMember | None:
    """What Telegram says of the user in the group (getChatMember); None when it could
    not say (the call failed)."""
    try:
        return await bot.get_chat_member(chat_id, user_id)
    except TelegramError as exc:
        log.warning("getChatMember(%s, %s) failed: %s", chat_id, user_id, exc.message)
        return None


async def is_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the user is an admin (or the owner) of the group. When Telegram cannot
    say, nobody is taken for an admin: `AdminUnknownError` refuses what only an admin
    may do, with words saying why (rather than a guess either way)."""
    member = await chat_member(bot, chat_id, user_id)
    if member is None:
        raise AdminUnknownError("getChatMember failed")
    return member.status in _ADMINS


async def is_member(bot: Bot, chat_id: int, user_id: int) -> bool | None:
    """Whether the user is a member of the group: its owner, an admin, a member, or a
    restricted one still in it (``is_member``); None when Telegram cannot say."""
    member = await chat_member(bot, chat_id, user_id)
    if member is None:
        return None
    if isinstance(member, ChatMemberRestricted):
        return member.is_member
    return member.status in _MEMBERS


async def with_admin_fallback(bot: Bot, chat_id: int, user_id: int,
                              call: Callable[[bool], Awaitable[T]]) -> T:
    """Try as a plain player; only when refused, ask Telegram whether he is an admin
    (one getChatMember call, and only then)."""
    try:
        return await call(False)
    except AgreementNeededError:
        # a player may still ask the others to agree when Telegram cannot say more
        with contextlib.suppress(AdminUnknownError):
            if await is_admin(bot, chat_id, user_id):
                return await call(True)
        raise
    except NotAllowedError:
        if await is_admin(bot, chat_id, user_id):
            return await call(True)
        raise


def solo_computers(variant: str) -> int:
    """How many computer players a new solo table of ``variant`` seats, as a group would
    sit down to it: three for a game of partners at four (Козёл), else as many as it
    needs at least, one at least. The person adds or removes some before he starts."""
    cls = get_variant(variant)
    if 4 in cls.players_allowed and cls.default_teams(4):
        return 3
    return max(1, min(cls.players_allowed) - 1)


async def join_from_private(service: GameService, bot: Bot, user: User, lang: str,
                            game: GameInfo) -> tuple[str | None, GameInfo | None]:
    """Seat the user in the lobby ``game`` from his private chat (a join link, the Join
    button of a call for the next game), through the lobby's own checks: only a member
    of its group takes a seat (a link or a button may travel outside it), and the
    service's (the lobby full or started, he seated already, a solo table). The lobby
    he joined, or why not (then nothing changed); the caller shows the lobby."""
    member = await is_member(bot, game.chat_id, user.id)
    if member is None:
        return tr(lang, "start.member_unknown"), None
    try:
        joined = await service.join(game.chat_id, player_of(user), topic=game.topic,
                                    member=member)
    except ServiceError as exc:
        return error_text(lang, exc), None
    return None, joined
