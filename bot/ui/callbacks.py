"""The callback data codec: short, typed button payloads (Telegram allows 1-64 bytes).

Formats (``gid`` the game id, ``ver`` the game version the keyboard was drawn for)::

    p:<gid>:<ver>:<tile index>:<end>   place a tile; end W, E, N, S, or L for the lead
    p:<gid>:<ver>:<tile index>:<end>#  place a double face down (a closer: osel, checheve)
    o:<gid>:<ver>:<end>                reopen one's own closer on that end
    e:<gid>:<ver>                      end a turn of several placements (done)
    g:<gid>:<ver>:<6|0>                general_kozel's signal to the partner: 6-6 or 0-0
    d:<gid>:<ver>                      draw from the boneyard
    s:<gid>:<ver>                      pass
    t:<gid>:<ver>:<tile index>         a tile that cannot be placed now (explains why)
    l:<gid>:<action>[:<arg>]           a lobby button (LOBBY_ACTIONS, or an option's code)
    r:<variant>                        the /rules menu: show that variant's rules
    v:<gid>                            the post-game review of that game (under its result)
    m:<gid>                            a rematch of that finished game (under its result)
    c:<gid>                            call me for the next game of that game's group
                                       (under a finished game's result)
    j:<gid>                            join that lobby (under a call's private message)
    k:<gid>                            agree to cancel that started game
    h:<page>                           a /help button: r rules, s settings, c commands, v review
    f:<y|n>:<ms>                       /forget's answer: delete or keep; ms: when it was asked
    n:<variant>                        open a solo table of that variant (in private)
    u:<tid>:<j|q|go|x>                 a tournament's registration: join, leave, start, cancel
    y:<gid>:<step|n|c>                 a finished game's replay: show that step, open it
                                       anew (n) or close it (c)

Anything else, or anything out of range, decodes to None: a forged payload.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.core.moves import DONE, DRAW, PASS, Cut, Done, Draw, End, Move, Open, Pass, Place
from engine.core.options import (
    Declared,
    OptionKind,
    OptionValue,
    declared_option,
    option_of_code,
)
from engine.core.tiles import MAX_SET, Tile, full_set

MAX_BYTES = 64
_MAX_ID = 10**15
_TILES: dict[int, Tile] = {t.index: t for t in full_set(MAX_SET)}

LEAD = "L"
AI_CODES = {"e": "easy", "m": "medium", "h": "hard", "x": "expert"}
AI_LETTER = {level: code for code, level in AI_CODES.items()}
# action -> the pattern of its argument ("" when it takes none): the lobby's own
# actions; a house option's button has its declared code as action, the pattern of
# its argument following its record type (option_pattern)
LOBBY_ACTIONS: dict[str, str] = {
    "j": "",                   # join
    "q": "",                   # leave
    "a": "[emhx]",             # add a computer player: easy, medium, hard, expert
    "r": "",                   # remove the last computer player
    "c": "",                   # show the settings
    "b": "",                   # back from the settings
    "pg": "[mv]",              # the settings panel's page: m its options, v the variants
    "v": "[a-z_]{1,20}",       # choose the variant
    "pr": "[0-9]",             # a preset of the variant's options, by its number
    "go": "",                  # start
    "x": "",                   # cancel
}


@dataclass(frozen=True, slots=True)
class PlayTile:
    game_id: int
    version: int
    tile: Tile
    end: End | None  # None: the lead
    face_down: bool = False  # a closer
    cut: bool = False  # kolbasa: the tile cuts the sausage (written with an "x")
    low_west: bool = False  # kolbasa: a lead with its lower pip west (written with an "r")

    def text(self) -> str:
        end = LEAD if self.end is None else self.end.value
        if self.face_down and (self.end is None or not self.tile.is_double):
            raise ValueError("only a double placed on an end goes face down")
        if self.cut and (self.end is None or self.face_down):
            raise ValueError("a cut is made from a line's end, face up")
        if self.low_west and (self.end is not None or self.tile.is_double):
            raise ValueError("only a lead that is not a double is turned round")
        return f"p:{self.game_id}:{self.version}:{self.tile.index}:{end}" \
            + ("#" if self.face_down else "") + ("x" if self.cut else "") \
            + ("r" if self.low_west else "")


@dataclass(frozen=True, slots=True)
class DrawTile:
    game_id: int
    version: int

    def text(self) -> str:
        return f"d:{self.game_id}:{self.version}"


@dataclass(frozen=True, slots=True)
class PassTurn:
    game_id: int
    version: int

    def text(self) -> str:
        return f"s:{self.game_id}:{self.version}"


@dataclass(frozen=True, slots=True)
class TileInfo:
    game_id: int
    version: int
    tile: Tile

    def text(self) -> str:
        return f"t:{self.game_id}:{self.version}:{self.tile.index}"


@dataclass(frozen=True, slots=True)
class LobbyAction:
    game_id: int
    action: str
    arg: str = ""

    def text(self) -> str:
        if lobby_pattern(self.action) is None:
            raise ValueError(f"unknown lobby action {self.action!r}")
        return f"l:{self.game_id}:{self.action}" + (f":{self.arg}" if self.arg else "")


@dataclass(frozen=True, slots=True)
class OpenEnd:
    game_id: int
    version: int
    end: End

    def text(self) -> str:
        return f"o:{self.game_id}:{self.version}:{self.end.value}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    game_id: int
    version: int

    def text(self) -> str:
        return f"e:{self.game_id}:{self.version}"


SIGNALS = ("6", "0")  # general_kozel: "I hold 6-6" (a wink), "I hold 0-0" (a puffed cheek)


@dataclass(frozen=True, slots=True)
class Signal:
    game_id: int
    version: int
    kind: str  # one of SIGNALS

    def text(self) -> str:
        if self.kind not in SIGNALS:
            raise ValueError(f"unknown signal {self.kind!r}")
        return f"g:{self.game_id}:{self.version}:{self.kind}"


@dataclass(frozen=True, slots=True)
class RulesOf:
    """A button of the /rules menu (the handler checks the variant is one it offers)."""

    variant: str

    def text(self) -> str:
        if not re.fullmatch(r"[a-z_]{1,20}", self.variant):
            raise ValueError(f"not a variant name: {self.variant!r}")
        return f"r:{self.variant}"


@dataclass(frozen=True, slots=True)
class ReviewGame:
    """The review button under a finished game's result (bot/handlers/review.py)."""

    game_id: int

    def text(self) -> str:
        return f"v:{self.game_id}"


@dataclass(frozen=True, slots=True)
class Rematch:
    """The rematch button under a finished game's result: the presser wants the same
    table again (same seats, variant and options)."""

    game_id: int

    def text(self) -> str:
        return f"m:{self.game_id}"


@dataclass(frozen=True, slots=True)
class CallMe:
    """🔔 under a finished game's result: the presser wants a private message when
    the next game opens in that game's group."""

    game_id: int

    def text(self) -> str:
        return f"c:{self.game_id}"


@dataclass(frozen=True, slots=True)
class JoinCalled:
    """The Join button of a call's private message ("a game opens in …"): seats the
    presser in that lobby, through the lobby's own checks."""

    game_id: int

    def text(self) -> str:
        return f"j:{self.game_id}"


@dataclass(frozen=True, slots=True)
class CancelAgree:
    """A person of a started game agrees to cancel it (the button under /cancel)."""

    game_id: int

    def text(self) -> str:
        return f"k:{self.game_id}"


TOURNAMENT_ACTIONS = ("j", "q", "go", "x")  # join, leave, start, cancel


@dataclass(frozen=True, slots=True)
class TournamentAction:
    """A button of a tournament's registration message."""

    tournament_id: int
    action: str  # j join (a new team), q leave, go start, x cancel, t3 join team 3

    @property
    def team(self) -> int | None:
        """The team a ``t<number>`` press joins as its partner (None: another press)."""
        return int(self.action[1:]) if self.action.startswith("t") else None

    def text(self) -> str:
        return f"u:{self.tournament_id}:{self.action}"


@dataclass(frozen=True, slots=True)
class ForgetChoice:
    """/forget's buttons: delete everything stored of the presser (``confirm``) or
    keep it. ``asked_at`` is when he was asked, in milliseconds of the service's
    clock: a confirmation older than his stored row is an old one
    (`service.privacy.Privacy.forget`)."""

    confirm: bool
    asked_at: int

    def text(self) -> str:
        if not 0 <= self.asked_at < _MAX_ID:
            raise ValueError(f"not a time: {self.asked_at!r}")
        return f"f:{'y' if self.confirm else 'n'}:{self.asked_at}"


# the pages a /help button opens: the rules menu, settings, commands, the review
HELP_PAGES = ("r", "s", "c", "v")


@dataclass(frozen=True, slots=True)
class HelpPage:
    """A button under /help: the longer text of one of HELP_PAGES."""

    page: str

    def text(self) -> str:
        if self.page not in HELP_PAGES:
            raise ValueError(f"not a help page: {self.page!r}")
        return f"h:{self.page}"


@dataclass(frozen=True, slots=True)
class PlaySolo:
    """"Play against the computer": a solo table of ``variant`` in the presser's
    private chat."""

    variant: str

    def text(self) -> str:
        return f"n:{self.variant}"


@dataclass(frozen=True, slots=True)
class ChooseLanguage:
    """A /language button: the language (a catalogue's code) the presser chooses, for
    himself in private, for the group in a group."""

    code: str

    def text(self) -> str:
        if not _LANGUAGE_CODE.fullmatch(self.code):
            raise ValueError(f"not a language code: {self.code!r}")
        return f"a:{self.code}"


REPLAY_OPEN = "n"  # a replay button that sends the replay anew, at its first step
REPLAY_CLOSE = "c"  # the replay's close button
MAX_STEP = 999_999


@dataclass(frozen=True, slots=True)
class ReplayPress:
    """A finished game's replay (bot/handlers/replay.py): show step ``step`` of game
    ``game_id`` (an out-of-range step is clamped), or ``action`` ``n`` (a new replay
    message at the first step) or ``c`` (close it). The presser's right to see the
    game is checked again at every press."""

    game_id: int
    step: int = 0
    action: str = ""

    def text(self) -> str:
        if self.action:
            if self.action not in (REPLAY_OPEN, REPLAY_CLOSE):
                raise ValueError(f"not a replay action: {self.action!r}")
            return f"y:{self.game_id}:{self.action}"
        if not 0 <= self.step <= MAX_STEP:
            raise ValueError(f"not a replay step: {self.step!r}")
        return f"y:{self.game_id}:{self.step}"


# ------------------------------------------------------------ the hand's moves
# The domino kind's hand buttons and the moves they make, both ways in one place.
HandPress = PlayTile | DrawTile | PassTurn | OpenEnd | EndTurn


def move_of(data: HandPress) -> Move:
    """The move a hand button makes (a kolbasa cut's arms come from the game)."""
    if isinstance(data, PlayTile):
        if data.cut:
            return Cut(data.tile)
        if data.low_west:  # kolbasa: the lead turned round, its lower pip west
            return Place(data.tile, None, data.tile.a)
        return Place(data.tile, data.end, None, data.face_down)
    if isinstance(data, OpenEnd):
        return Open(data.end)
    if isinstance(data, EndTurn):
        return DONE
    return DRAW if isinstance(data, DrawTile) else PASS


def press_of(game_id: int, version: int, move: Move) -> HandPress:
    """The hand button that makes ``move`` (the inverse of :func:`move_of`)."""
    if isinstance(move, Cut):
        return PlayTile(game_id, version, move.tile, move.end, cut=True)
    if isinstance(move, Place):
        turned = move.end is None and move.west is not None and not move.tile.is_double \
            and move.west == move.tile.a
        return PlayTile(game_id, version, move.tile, move.end, move.face_down,
                        low_west=turned)
    if isinstance(move, Open):
        return OpenEnd(game_id, version, move.end)
    if isinstance(move, Done):
        return EndTurn(game_id, version)
    if isinstance(move, Draw):
        return DrawTile(game_id, version)
    if isinstance(move, Pass):
        return PassTurn(game_id, version)
    raise ValueError(f"no hand button makes {move!r}")


# ------------------------------------------------------------ house options
def option_pattern(option: Declared) -> str:
    """The pattern of an option button's argument: 0 or 1 for on/off, a number of at
    most the declared digits (0: none, the variant's default), or one of the values."""
    if option.kind is OptionKind.BOOL:
        return "[01]"
    if option.kind is OptionKind.CHOICE:
        return "(" + "|".join(map(str, option.values)) + ")"
    return f"[0-9]{{1,{option.digits}}}"


def option_arg(option: Declared, value: OptionValue) -> str:
    """The argument of the button that sets ``option`` to ``value`` (None: 0)."""
    if option.kind is OptionKind.BOOL:
        return "1" if value else "0"
    return str(value or 0)


def option_value(option: Declared, arg: str) -> OptionValue:
    """The value an option button's (decoded, so well-formed) argument sets: on/off,
    or a number (0: None, which drops the option; but 0 itself where a choice offers
    it: a bonus turned off)."""
    if option.kind is OptionKind.BOOL:
        return arg == "1"
    if option.kind is OptionKind.CHOICE and 0 in option.values:
        return int(arg)
    return int(arg) or None


def option_button(game_id: int, option: str, value: OptionValue) -> LobbyAction:
    """The lobby button that sets a declared option to ``value``."""
    declared = declared_option(option)
    if declared is None:
        raise ValueError(f"no option is named {option!r}")
    return LobbyAction(game_id, declared.code, option_arg(declared, value))


def lobby_option(data: LobbyAction) -> tuple[str, OptionValue] | None:
    """The option a lobby button sets and its value (None: not an option's button)."""
    declared = option_of_code(data.action)
    if declared is None or data.action in LOBBY_ACTIONS:
        return None
    return declared.name, option_value(declared, data.arg)


def lobby_pattern(action: str) -> str | None:
    """The pattern of a lobby action's argument ("": none; None: no such action)."""
    if action in LOBBY_ACTIONS:
        return LOBBY_ACTIONS[action]
    declared = option_of_code(action)
    return option_pattern(declared) if declared is not None else None


CallbackData = (PlayTile | DrawTile | PassTurn | TileInfo | LobbyAction | OpenEnd | EndTurn
                | Signal | RulesOf | ReviewGame | Rematch | CancelAgree | HelpPage
                | ForgetChoice | PlaySolo | ChooseLanguage | CallMe | JoinCalled
                | ReplayPress | TournamentAction)

# The letter each payload's data starts with: the handlers are registered by it
# (bot/wiring/app.py, one CallbackQueryHandler a prefix).
PREFIXES: dict[type[CallbackData], str] = {
    PlayTile: "p", DrawTile: "d", PassTurn: "s", EndTurn: "e", OpenEnd: "o", Signal: "g",
    TileInfo: "t", LobbyAction: "l", RulesOf: "r", ReviewGame: "v", Rematch: "m",
    CancelAgree: "k", HelpPage: "h", ForgetChoice: "f", PlaySolo: "n",
    ChooseLanguage: "a", CallMe: "c", JoinCalled: "j", ReplayPress: "y",
    TournamentAction: "u",
}


def pattern_of(*types: type[CallbackData]) -> str:
    """The pattern of the callback data of these payloads (a handler's ``pattern``)."""
    return "^(" + "|".join(PREFIXES[t] for t in types) + "):"


_NUM = r"(0|[1-9][0-9]{0,14})"
_PLAY = re.compile(rf"p:{_NUM}:{_NUM}:([0-9]{{1,2}}):([WENSL])([#xr]?)")
_DRAW = re.compile(rf"([dse]):{_NUM}:{_NUM}")
_OPEN = re.compile(rf"o:{_NUM}:{_NUM}:([WENS])")
_SIGNAL = re.compile(rf"g:{_NUM}:{_NUM}:([60])")
_INFO = re.compile(rf"t:{_NUM}:{_NUM}:([0-9]{{1,2}})")
_RULES = re.compile(r"r:([a-z_]{1,20})")
_REVIEW = re.compile(rf"v:{_NUM}")
_REMATCH = re.compile(rf"m:{_NUM}")
_AGREE = re.compile(rf"k:{_NUM}")
_TOURNAMENT = re.compile(rf"u:{_NUM}:(j|q|go|x|t[1-9][0-9]?)")  # t3: join team 3
_CALL = re.compile(rf"([cj]):{_NUM}")
_HELP = re.compile(r"h:([a-z])")
_FORGET = re.compile(rf"f:([yn]):{_NUM}")
_SOLO = re.compile(r"n:([a-z_]{1,20})")
_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:_[A-Z]{2})?")
_LANGUAGE = re.compile(r"a:([a-z]{2,3}(?:_[A-Z]{2})?)")
_REPLAY = re.compile(rf"y:{_NUM}:([nc]|0|[1-9][0-9]{{0,5}})")
_LOBBY = re.compile(rf"l:{_NUM}:([a-z]{{1,2}})(?::([a-z0-9_]{{1,20}}))?")


def encode(data: CallbackData) -> str:
    """The callback data of a button: each payload writes itself (its ``text``, the
    inverse of :func:`decode`), within Telegram's 64 bytes."""
    text = data.text()
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
        face_down = m[5] == "#"
        if face_down and (end is None or not tile.is_double):
            return None
        cut = m[5] == "x"
        if cut and end is None:
            return None
        low_west = m[5] == "r"
        if low_west and (end is not None or tile.is_double):
            return None
        return PlayTile(ids[0], ids[1], tile, end, face_down, cut, low_west)
    if m := _DRAW.fullmatch(text):
        ids = _ids(m[2], m[3])
        if ids is None:
            return None
        if m[1] == "e":
            return EndTurn(*ids)
        return DrawTile(*ids) if m[1] == "d" else PassTurn(*ids)
    if m := _OPEN.fullmatch(text):
        ids = _ids(m[1], m[2])
        return None if ids is None else OpenEnd(ids[0], ids[1], End(m[3]))
    if m := _SIGNAL.fullmatch(text):
        ids = _ids(m[1], m[2])
        return None if ids is None else Signal(ids[0], ids[1], m[3])
    if m := _INFO.fullmatch(text):
        ids = _ids(m[1], m[2])
        tile = _TILES.get(int(m[3]))
        if ids is None or tile is None:
            return None
        return TileInfo(ids[0], ids[1], tile)
    if m := _RULES.fullmatch(text):
        return RulesOf(m[1])
    if m := _REVIEW.fullmatch(text):
        ids = _ids(m[1])
        return None if ids is None else ReviewGame(ids[0])
    if m := _REMATCH.fullmatch(text):
        ids = _ids(m[1])
        return None if ids is None else Rematch(ids[0])
    if m := _TOURNAMENT.fullmatch(text):
        ids = _ids(m[1])
        return None if ids is None else TournamentAction(ids[0], m[2])
    if m := _AGREE.fullmatch(text):
        ids = _ids(m[1])
        return None if ids is None else CancelAgree(ids[0])
    if m := _CALL.fullmatch(text):
        ids = _ids(m[2])
        if ids is None:
            return None
        return CallMe(ids[0]) if m[1] == "c" else JoinCalled(ids[0])
    if m := _FORGET.fullmatch(text):
        ids = _ids(m[2])
        return None if ids is None else ForgetChoice(m[1] == "y", ids[0])
    if m := _HELP.fullmatch(text):
        return HelpPage(m[1]) if m[1] in HELP_PAGES else None
    if m := _SOLO.fullmatch(text):
        return PlaySolo(m[1])
    if m := _LANGUAGE.fullmatch(text):
        return ChooseLanguage(m[1])
    if m := _REPLAY.fullmatch(text):
        ids = _ids(m[1])
        if ids is None:
            return None
        if m[2] in (REPLAY_OPEN, REPLAY_CLOSE):
            return ReplayPress(ids[0], action=m[2])
        return ReplayPress(ids[0], int(m[2]))
    if m := _LOBBY.fullmatch(text):
        ids = _ids(m[1])
        action, arg = m[2], m[3] or ""
        pattern = lobby_pattern(action)
        if ids is None or pattern is None:
            return None
        if (pattern == "") != (arg == "") or (pattern and not re.fullmatch(pattern, arg)):
            return None
        return LobbyAction(ids[0], action, arg)
    return None
