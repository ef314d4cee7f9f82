"""Which game an update is about, in the bot's own words, for the update processor
(bot/transport/order.py keys every update by its game): the game a button press names
(the common codec's buttons, or a game kind's own), and the commands that act on the
one game their sender plays when sent in his private chat."""

from __future__ import annotations

from bot.kinds.registry import kind_of_data
from bot.transport.order import UpdateGames
from bot.ui.callbacks import (
    ChooseLanguage,
    ForgetChoice,
    HelpPage,
    PlaySolo,
    RulesOf,
    TournamentAction,
    decode,
)

# Commands that act on the one game a user plays when sent in his private chat; the
# others there (/stats, /rules, /top, /review ...) only read, and keep to his own key
# (a player asking for his statistics again and again never holds his group).
PRIVATE_GAME_COMMANDS = frozenset({"start", "pass", "hand", "back", "notify"})


def game_of_press(data: str | None) -> int | None:
    """The game a press names: a move, a lobby button, a kind's own hand button."""
    decoded = decode(data)
    if decoded is not None:
        # pages, /forget, a new solo table, a language: no game, the presser's key
        return None if isinstance(decoded, RulesOf | HelpPage | ForgetChoice | PlaySolo
                                          | ChooseLanguage | TournamentAction) \
            else decoded.game_id
    kind = kind_of_data(data or "")
    return kind.game_of(data or "") if kind is not None else None


UPDATE_GAMES = UpdateGames(game_of_press, PRIVATE_GAME_COMMANDS.__contains__)

__all__ = ["PRIVATE_GAME_COMMANDS", "UPDATE_GAMES", "game_of_press"]
