"""The scoring hints of a hand and the chat's display settings,
read for the presenter (the settings themselves: service/display.py)."""

from __future__ import annotations

from bot.texts import tr
from engine.core.errors import EngineError
from engine.core.moves import End
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.domino.hints import placement_hints
from engine.domino.variant import as_domino
from engine.domino.view import as_domino_view
from engine.variants import Variant, get_variant, make_variant
from service import GameInfo, GameService
from service.display import DisplaySettings, chat_display

Hints = dict[tuple[Tile, End | None], int]


def game_variant(game: GameInfo) -> Variant | None:
    """The variant a started game plays, with its options (as the service starts it:
    teams only at a table of four); None if the engine refuses them."""
    options = dict(game.options)
    if options.get("teams") and len(game.seats) != 4:
        options.pop("teams")
    try:
        return make_variant(game.variant, len(game.seats), options)
    except EngineError:
        return None


def hand_hints(game: GameInfo, view: SeatView) -> Hints:
    """What each placement of the seat on turn scores now, by (tile, end): the engine's
    number (engine/domino/hints.py), from the seat's own view only. Empty where the variant
    never scores in play, or it is not his turn."""
    if game.status != "playing" or view.seat is None or view.turn != view.seat \
            or not get_variant(game.variant).scores_in_play:
        return {}
    variant = game_variant(game)
    domino = as_domino_view(view)
    if variant is None or domino is None:
        return {}
    hints = placement_hints(as_domino(variant), domino)
    return {(m.tile, m.end): points for m, points in hints.items()}


async def display_of(service: GameService, chat_id: int) -> DisplaySettings:
    return await chat_display(service, chat_id)


async def display_summary(service: GameService, chat_id: int, lang: str) -> str:
    """The /settings lines of the display settings (appended to the timers' summary)."""
    cfg = await display_of(service, chat_id)
    return "\n\n" + tr(lang, "display.summary",
                         hints=tr(lang, "timer.on" if cfg.hints else "timer.off"),
                         table=tr(lang, f"display.table.{cfg.table}"))


__all__ = ["Hints", "display_of", "display_summary", "game_variant", "hand_hints"]
