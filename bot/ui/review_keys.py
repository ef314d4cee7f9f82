"""The keyboard under a finished game's result (the post-game review, the rematch and
the call for the next game): a pure function, as in bot/ui/keyboards.py."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.texts import tr
from bot.ui.callbacks import CallMe, Rematch, ReviewGame, encode


def final_keyboard(lang: str, bot_username: str | None, game_id: int, *, review: bool = True,
                   votes: tuple[int, int] | None = None, rematched: bool = False,
                   call: bool = False) -> InlineKeyboardMarkup:
    """Under a finished game's result: the rematch (``votes``: how many of its people
    asked for it, of how many; ``rematched``: it has started), the review (in the
    presser's private chat; ``review`` False: the kind has none), and the link to the
    private chat as under every table; ``call``: a row of its own for the call for the
    next game of the group (a group's game, not a solo table)."""
    if rematched:
        label = tr(lang, "btn.rematch_started")
    elif votes is not None and votes[0]:
        label = tr(lang, "btn.rematch_count", done=votes[0], all=votes[1])
    else:
        label = tr(lang, "btn.rematch")
    row = [InlineKeyboardButton(label, callback_data=encode(Rematch(game_id)))]
    if review:
        row.append(InlineKeyboardButton(tr(lang, "btn.review"),
                                        callback_data=encode(ReviewGame(game_id))))
    if bot_username:
        row.append(InlineKeyboardButton(tr(lang, "btn.open_hand"),
                                        url=f"https://t.me/{bot_username}"))
    rows = [row]
    if call:
        rows.append([InlineKeyboardButton(tr(lang, "btn.call_me"),
                                          callback_data=encode(CallMe(game_id)))])
    return InlineKeyboardMarkup(rows)
