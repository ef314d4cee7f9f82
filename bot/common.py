"""Small helpers the handlers share."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from telegram import Bot, User
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from bot.formatting import refusal_text
from bot.texts import CATALOGS, tr
from engine.moves import Move
from service import GameService, PlayerInfo, ServiceError
from service.errors import (
    IllegalMoveError,
    NoPrivateChatError,
    NotAllowedError,
    NotManagerError,
    NotYourTurnError,
)

T = TypeVar("T")


def player_of(user: User) -> PlayerInfo:
    return PlayerInfo(user.id, user.full_name or str(user.id), user.language_code,
                      user.username)


def error_text(lang: str, exc: ServiceError) -> str:
    if isinstance(exc, NotManagerError):  # say who may
        if exc.creator is None:
            return tr(lang, "err.not_manager_admin")
        return tr(lang, "err.not_manager", name=exc.creator)
    if isinstance(exc, NoPrivateChatError):  # say who must open the private chat
        return _names_text(lang, "err.no_private_chat", exc.names)
    key = f"err.{exc.code}"
    return tr(lang, key if key in CATALOGS["en"] else "err.error")


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


async def is_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramError:
        return False
    return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


async def with_admin_fallback(bot: Bot, chat_id: int, user_id: int,
                              call: Callable[[bool], Awaitable[T]]) -> T:
    """Try as a plain player; only when refused, ask Telegram whether he is an admin
    (one getChatMember call, and only then)."""
    try:
        return await call(False)
    except NotAllowedError:
        if await is_admin(bot, chat_id, user_id):
            return await call(True)
        raise
