"""The callback data codec: short, typed button payloads (Telegram allows 1-64 bytes).

Formats (``gid`` the game id, ``ver`` the game version the keyboard was drawn for)::

    p:<gid>:<ver>:<tile index>:<end>   place a tile; end W, E, N, S, or L for the lead
    d:<gid>:<ver>                      draw from the boneyard
    s:<gid>:<ver>                      pass
    t:<gid>:<ver>:<tile index>         a tile that cannot be placed now (explains why)
    l:<gid>:<action>[:<arg>]           a lobby button (see LOBBY_ACTIONS)

Anything else, or anything out of range, decodes to None: a forged payload.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.moves import End
from engine.tiles import MAX_SET, Tile, full_set

MAX_BYTES = 64
_MAX_ID = 10**15
_TILES: dict[int, Tile] = {t.index: t for t in full_set(MAX_SET)}

LEAD = "L"
AI_CODES = {"e": "easy", "m": "medium", "h": "hard"}
AI_LETTER = {level: code for code, level in AI_CODES.items()}
# action -> the pattern of its argument ("" when it takes none)
LOBBY_ACTIONS: dict[str, str] = {
    "j": "",                   # join
    "q": "",                   # leave
    "a": "[emh]",              # add a computer player: easy, medium, hard
    "r": "",                   # remove the last computer player
    "c": "",                   # show the settings
    "b": "",                   # back from the settings
    "v": "[a-z_]{1,20}",       # choose the variant
    "tm": "[01]",              # teams off / on
    "tg": "[0-9]{1,4}",        # target (0: the variant's default)
    "fp": "[01]",              # kozel's fish point off / on
    "go": "",                  # start
    "x": "",                   # cancel
}


@dataclass(frozen=True, slots=True)
class PlayTile:
    game_id: int
    version: int
    tile: Tile
    end: End | None  # None: the lead


@dataclass(frozen=True, slots=True)
class DrawTile:
    game_id: int
    version: int


@dataclass(frozen=True, slots=True)
class PassTurn:
    game_id: int
    version: int


@dataclass(frozen=True, slots=True)
class TileInfo:
    game_id: int
    version: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class LobbyAction:
    game_id: int
    action: str
    arg: str = ""


CallbackData = PlayTile | DrawTile | PassTurn | TileInfo | LobbyAction

_NUM = r"(0|[1-9][0-9]{0,14})"
_PLAY = re.compile(rf"p:{_NUM}:{_NUM}:([0-9]{{1,2}}):([WENSL])")
_DRAW = re.compile(rf"([ds]):{_NUM}:{_NUM}")
_INFO = re.compile(rf"t:{_NUM}:{_NUM}:([0-9]{{1,2}})")
_LOBBY = re.compile(rf"l:{_NUM}:([a-z]{{1,2}})(?::([a-z0-9_]{{1,20}}))?")


def encode(data: CallbackData) -> str:
    if isinstance(data, PlayTile):
        end = LEAD if data.end is None else data.end.value
        text = f"p:{data.game_id}:{data.version}:{data.tile.index}:{end}"
    elif isinstance(data, DrawTile):
        text = f"d:{data.game_id}:{data.version}"
    elif isinstance(data, PassTurn):
        text = f"s:{data.game_id}:{data.version}"
    elif isinstance(data, TileInfo):
        text = f"t:{data.game_id}:{data.version}:{data.tile.index}"
    else:
        if data.action not in LOBBY_ACTIONS:
            raise ValueError(f"unknown lobby action {data.action!r}")
        text = f"l:{data.game_id}:{data.action}" + (f":{data.arg}" if data.arg else "")
    if len(text.encode()) > MAX_BYTES:
        raise ValueError(f"callback data too long: {text!r}")
    return text


def _ids(*texts: str) -> tuple[int, ...] | None:
    values = tuple(int(t) for t in texts)
    return values if all(v < _MAX_ID for v in values) else None


def decode(text: str | None) -> CallbackData | None:
    """The payload of a button, or None when it is not one of ours."""
    if not text or len(text.encode()) > MAX_BYTES:
        return None
    if m := _PLAY.fullmatch(text):
        ids = _ids(m[1], m[2])
        tile = _TILES.get(int(m[3]))
        if ids is None or tile is None:
            return None
        end = None if m[4] == LEAD else End(m[4])
        return PlayTile(ids[0], ids[1], tile, end)
    if m := _DRAW.fullmatch(text):
        ids = _ids(m[2], m[3])
        if ids is None:
            return None
        return DrawTile(*ids) if m[1] == "d" else PassTurn(*ids)
    if m := _INFO.fullmatch(text):
        ids = _ids(m[1], m[2])
        tile = _TILES.get(int(m[3]))
        if ids is None or tile is None:
            return None
        return TileInfo(ids[0], ids[1], tile)
    if m := _LOBBY.fullmatch(text):
        ids = _ids(m[1])
        action, arg = m[2], m[3] or ""
        pattern = LOBBY_ACTIONS.get(action)
        if ids is None or pattern is None:
            return None
        if (pattern == "") != (arg == "") or (pattern and not re.fullmatch(pattern, arg)):
            return None
        return LobbyAction(ids[0], action, arg)
    return None
