"""The keyboard under a finished game's result (the post-game review, issue 15): a pure
function, as in bot/keyboards.py."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import ReviewGame, encode
from bot.texts import tr


def final_keyboard(lang: str, bot_username: str | None, game_id: int) -> InlineKeyboardMarkup:
    """Under a finished game's result: the review (in the presser's private chat), and
    the link to the private chat as under every table."""
    row = [InlineKeyboardButton(tr(lang, "btn.review"), callback_data=encode(ReviewGame(game_id)))]
    if bot_username:
        row.append(InlineKeyboardButton(tr(lang, "btn.open_hand"),
                                        url=f"https://t.me/{bot_username}"))
    return InlineKeyboardMarkup([row])
