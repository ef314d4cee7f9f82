"""Inline keyboards as pure functions of the game (no I/O, no state)."""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import (
    AI_LETTER,
    DrawTile,
    LobbyAction,
    PassTurn,
    PlayTile,
    TileInfo,
    encode,
)
from bot.texts import tr
from engine.game import SeatView
from engine.moves import Draw, End, Pass, Place
from engine.tiles import Tile
from engine.variants import get_variant
from service.types import AI_LEVELS, GameInfo

TILES_PER_ROW = 4
END_ARROWS = {End.W: "⬅", End.E: "➡", End.N: "⬆", End.S: "⬇"}
# The variants the bot offers (each has names and rules in the catalogs; the engine has
# more, e.g. ones with several placements a turn, which the hand keyboard cannot play yet).
VARIANT_ORDER = ("kozel", "telephone", "threes", "all_fives", "draw", "block")
MARK = "✅"


def _button(text: str, data: object) -> InlineKeyboardButton:
    return InlineKeyboardButton(text, callback_data=encode(data))  # type: ignore[arg-type]


def tile_label(tile: Tile) -> str:
    return f"{tile.a}-{tile.b}"


def end_label(end: End) -> str:
    return f"{END_ARROWS[end]}{end.value}"


def placements(view: SeatView) -> dict[Tile, list[End | None]]:
    """The ends each tile of the hand may go on now (None: the lead), in hand order."""
    out: dict[Tile, list[End | None]] = {}
    if view.turn != view.seat:
        return out
    for move in view.legal:
        if isinstance(move, Place):
            out.setdefault(move.tile, [])
            if move.end not in out[move.tile]:
                out[move.tile].append(move.end)
    return out


def hand_keyboard(lang: str, game_id: int, version: int, view: SeatView,
                  *, active: bool = True) -> InlineKeyboardMarkup | None:
    """The seat's tiles as buttons: placeable ones marked (one button per end when a
    tile fits several), then draw / pass when those are the moves. ``active`` False
    (the game is over) gives no keyboard."""
    if not active:
        return None
    fits = placements(view)
    rows: list[list[InlineKeyboardButton]] = []
    for tile, ends in fits.items():
        if len(ends) > 1:
            rows.append([
                _button(f"{MARK}{tile_label(tile)} {end_label(e)}",
                        PlayTile(game_id, version, tile, e))
                for e in ends if e is not None
            ])
    singles = [
        _button(f"{MARK}{tile_label(tile)}", PlayTile(game_id, version, tile, ends[0]))
        for tile, ends in fits.items() if len(ends) == 1
    ]
    others = [
        _button(tile_label(tile), TileInfo(game_id, version, tile))
        for tile in sorted(view.hand, key=lambda t: (t.a, t.b)) if tile not in fits
    ]
    plain = singles + others
    rows.extend(plain[i:i + TILES_PER_ROW] for i in range(0, len(plain), TILES_PER_ROW))
    if view.turn == view.seat:
        extra = []
        if any(isinstance(m, Draw) for m in view.legal):
            extra.append(_button(tr(lang, "btn.draw"), DrawTile(game_id, version)))
        if any(isinstance(m, Pass) for m in view.legal):
            extra.append(_button(tr(lang, "btn.pass"), PassTurn(game_id, version)))
        if extra:
            rows.append(extra)
    return InlineKeyboardMarkup(rows) if rows else None


def _on_off(lang: str, value: bool) -> str:
    return tr(lang, "yes" if value else "no")


def lobby_keyboard(lang: str, game: GameInfo) -> InlineKeyboardMarkup:
    gid = game.game_id
    ai_row = [_button(tr(lang, "btn.add_ai", level=tr(lang, f"ai.{level}")),
                      LobbyAction(gid, "a", AI_LETTER[level])) for level in AI_LEVELS]
    rows = [
        [_button(tr(lang, "btn.join"), LobbyAction(gid, "j")),
         _button(tr(lang, "btn.leave"), LobbyAction(gid, "q"))],
        ai_row,
        [_button(tr(lang, "btn.remove_ai"), LobbyAction(gid, "r")),
         _button(tr(lang, "btn.settings"), LobbyAction(gid, "c"))],
        [_button(tr(lang, "btn.start"), LobbyAction(gid, "go")),
         _button(tr(lang, "btn.cancel"), LobbyAction(gid, "x"))],
    ]
    return InlineKeyboardMarkup(rows)


def teams_value(game: GameInfo) -> bool:
    cls = get_variant(game.variant)
    value = game.options.get("teams")
    return bool(cls.default_teams(4) if value is None else value)


def target_value(game: GameInfo) -> int | None:
    value = game.options.get("target")
    return int(value) if value is not None else get_variant(game.variant).default_target


def next_target(game: GameInfo) -> int | None:
    """The target the target button switches to (None: the variant has one target)."""
    allowed: Sequence[int] = get_variant(game.variant).targets_allowed
    if len(allowed) < 2:
        return None
    current = target_value(game)
    i = allowed.index(current) if current in allowed else -1
    return allowed[(i + 1) % len(allowed)]


def settings_keyboard(lang: str, game: GameInfo) -> InlineKeyboardMarkup:
    gid = game.game_id
    variants = [
        _button(("• " if v == game.variant else "") + tr(lang, f"variant.{v}"),
                LobbyAction(gid, "v", v))
        for v in VARIANT_ORDER
    ]
    rows = [variants[i:i + 2] for i in range(0, len(variants), 2)]
    cls = get_variant(game.variant)
    options = []
    if 4 in cls.players_allowed:
        teams = teams_value(game)
        options.append(_button(tr(lang, "btn.teams", value=_on_off(lang, teams)),
                               LobbyAction(gid, "tm", "0" if teams else "1")))
    target = next_target(game)
    if target is not None:
        options.append(_button(tr(lang, "btn.target", value=target),
                               LobbyAction(gid, "tg", str(target))))
    if game.variant == "kozel":
        fish = bool(game.options.get("fish_point", False))
        options.append(_button(tr(lang, "btn.fish_point", value=_on_off(lang, fish)),
                               LobbyAction(gid, "fp", "0" if fish else "1")))
    if options:
        rows.append(options)
    rows.append([_button(tr(lang, "btn.back"), LobbyAction(gid, "b"))])
    return InlineKeyboardMarkup(rows)


def table_keyboard(lang: str, bot_username: str | None) -> InlineKeyboardMarkup | None:
    """A link to the private chat where the hands are."""
    if not bot_username:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(tr(lang, "btn.open_hand"), url=f"https://t.me/{bot_username}")]])
