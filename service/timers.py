"""Turn timers, take-overs and long-game housekeeping, without Telegram.

Settings (per chat, in ``chats.settings``; changed with ``/settings`` by a chat
admin only, since they bind the games of every topic of the chat):

=============  ==========================================  =========
key            values                                      default
=============  ==========================================  =========
``turn``       30s, 1m, 2m, 5m, 1h, 24h, off               off
``timeout``    skip, ai                                    skip
``takeover``   1-10 time-outs in a row, off                3
``lobby``      a lobby that never starts closes after      24h
``idle``       a game without a move closes after          7d
``forced``     on, off: forced passes and draws are made   on
=============  ==========================================  =========

(``forced`` is read by the service itself, `service.play`: a person present whose
only legal action is a pass or a draw gets it made in the transaction of the
command before.)

The turn timer is off by default: most groups play casual games at the table,
and a clock nobody asked for would push the slow reader out. A group turns it on.

What a time-out does
--------------------
The seat on turn gets exactly one automatic *turn*:

* while it has exactly one legal action it is played (the forced move: a draw
  while he must draw, a pass when he must pass, the one tile that fits) and
  this repeats as long as the same seat is on turn with one legal action;
* when it really has a choice, the setting decides: ``ai`` lets the medium
  computer player choose; ``skip`` cannot simply skip, since the rules never
  allow passing while a tile can be placed, so the least harmful automatic move
  is made: the easy computer player's (it places the heaviest tile it can, no
  look-ahead, so a time-out never plays better than a careless player would).

Each time-out counts for the seat; a move of his own resets the count. After
``takeover`` time-outs in a row the seat is marked *away*: the medium computer
player moves for him (no more timers for the seat) until he comes back.

Deadlines are absolute epoch seconds in the ``deadlines`` table with the game
version they were set for; a time-out applies only while the game is still at
that version (the move goes through the service's versioned command, so a race
with a real move is refused as stale), and the deadline is cleared in the same
transaction, so a restart or a second firing never applies it twice.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from service.display import DISPLAY_NAMES, parse_display
from service.errors import (
    NoSuchGameError,
    ServiceError,
    StaleCommandError,
)
from service.people import require_chat_admin
from service.play import FORCED_KEY
from service.types import TAKEOVER_LEVEL, GameInfo, MoveReport, TurnDeadline
from storage import Deadline, Transaction
from storage import errors as st

if TYPE_CHECKING:
    from service.service import GameService

__all__ = [
    "DEFAULTS",
    "SLOW_TURN",
    "TURN_CHOICES",
    "ArmResult",
    "BadTimerSettingError",
    "Clock",
    "Expired",
    "ManualClock",
    "Reminder",
    "SystemClock",
    "TimeoutOutcome",
    "TimerSettings",
    "TurnTimers",
    "changed_settings",
    "format_duration",
    "merge_reports",
    "parse_duration",
    "parse_settings_args",
]


# ------------------------------------------------------------------ clocks


class Clock(Protocol):
    def now(self) -> float:
        """The current time in UTC epoch seconds."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock that moves only when told (tests)."""

    def __init__(self, start: float | None = None) -> None:
        self.t = time.time() if start is None else float(start)

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> float:
        self.t += seconds
        return self.t


# ------------------------------------------------------------------ settings

MINUTE, HOUR, DAY = 60, 3600, 86400
TURN_CHOICES: dict[str, int] = {"30s": 30, "1m": MINUTE, "2m": 2 * MINUTE, "5m": 5 * MINUTE,
                                "1h": HOUR, "24h": DAY}
TIMEOUT_ACTIONS = ("skip", "ai")
SLOW_TURN = HOUR  # from this turn time on, a turn begins with a "your turn" notice
MAX_TAKEOVER = 10
LOBBY_RANGE = (10 * MINUTE, 7 * DAY)
IDLE_RANGE = (HOUR, 60 * DAY)
MIN_REMIND_LEAD = 5.0  # the reminder comes at least this many seconds before the time-out
MAX_STEPS = 60  # forced actions in one time-out (draws from a boneyard), a safety bound

# stored keys in chats.settings (0 stands for "off")
_KEYS = {"turn": "turn_seconds", "timeout": "timeout_action", "takeover": "takeover_after",
         "lobby": "lobby_expiry", "idle": "idle_expiry", "forced": FORCED_KEY}


@dataclass(frozen=True, slots=True)
class TimerSettings:
    turn: int | None = None  # seconds per turn; None: no turn timer
    timeout: str = "skip"
    takeover: int = 3  # time-outs in a row before a computer takes the seat; 0: never
    lobby: int | None = DAY
    idle: int | None = 7 * DAY
    forced: bool = True  # a person's forced pass or draw is made for him

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> TimerSettings:
        """Read from a chat's settings; a malformed stored value counts as its default."""
        d = cls()

        def seconds(key: str, default: int | None) -> int | None:
            value = settings.get(_KEYS[key])
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                return default
            return value or None

        timeout = settings.get(_KEYS["timeout"])
        takeover = settings.get(_KEYS["takeover"])
        if isinstance(takeover, bool) or not isinstance(takeover, int) \
                or not 0 <= takeover <= MAX_TAKEOVER:
            takeover = d.takeover
        forced = settings.get(_KEYS["forced"])
        return cls(turn=seconds("turn", d.turn),
                   timeout=timeout if timeout in TIMEOUT_ACTIONS else d.timeout,
                   takeover=takeover,
                   lobby=seconds("lobby", d.lobby), idle=seconds("idle", d.idle),
                   forced=forced if isinstance(forced, bool) else d.forced)

    @property
    def level(self) -> str:
        """The computer player that chooses when a timed-out player had a choice."""
        return TAKEOVER_LEVEL if self.timeout == "ai" else "easy"

    def remind_lead(self) -> float:
        """How long before the time-out the reminder comes: at 3/4 of the time,
        and at least a few seconds before."""
        if not self.turn:
            return MIN_REMIND_LEAD
        return max(MIN_REMIND_LEAD, self.turn / 4)


DEFAULTS = TimerSettings()


class BadTimerSettingError(ServiceError):
    """``/settings`` got something it does not understand; nothing was changed."""

    code = "bad_timer_setting"

    def __init__(self, name: str, value: str = "") -> None:
        super().__init__(f"{name} {value}".strip())
        self.name = name
        self.value = value


_DURATION = re.compile(r"(\d{1,6})\s*(s|sec|m|min|h|d)?")
_UNITS = {None: 1, "s": 1, "sec": 1, "m": MINUTE, "min": MINUTE, "h": HOUR, "d": DAY}
_OFF = ("off", "0", "no", "нет", "выкл")
_ON = ("on", "1", "yes", "да", "вкл")


def parse_duration(text: str) -> int | None:
    """``30s``, ``2m``, ``1h``, ``7d`` (a bare number is seconds) in seconds; None if not one."""
    m = _DURATION.fullmatch(text.strip().lower())
    if m is None:
        return None
    return int(m[1]) * _UNITS[m[2]]


def format_duration(seconds: float) -> str:
    """The shortest of ``7d``, ``24h``, ``2m``, ``30s`` that says it exactly (else rounded)."""
    s = round(seconds)
    for unit, size in (("d", DAY), ("h", HOUR), ("m", MINUTE)):
        if s >= size and s % size == 0 and not (unit == "d" and s == DAY):
            return f"{s // size}{unit}"
    if s >= HOUR:
        return f"{round(s / HOUR)}h"
    if s >= MINUTE:
        return f"{round(s / MINUTE)}m"
    return f"{s}s"


def parse_settings_args(args: Sequence[str]) -> dict[str, Any]:
    """``turn 2m timeout ai ...`` -> the changes to store (``name value`` pairs, also
    ``name=value``). Raises BadTimerSettingError on anything else; then nothing changes."""
    words: list[str] = []
    for arg in args:
        words.extend(w for w in arg.replace("=", " ").split() if w)
    if not words or len(words) % 2:
        raise BadTimerSettingError(words[-1] if words else "", "")
    changes: dict[str, Any] = {}
    for name, value in zip(words[::2], words[1::2], strict=True):
        name, value = name.lower(), value.lower()
        off = value in _OFF
        if name == "turn":
            secs = 0 if off else parse_duration(value)
            if secs is None or (secs and secs not in TURN_CHOICES.values()):
                raise BadTimerSettingError(name, value)
        elif name == "timeout":
            if value not in TIMEOUT_ACTIONS:
                raise BadTimerSettingError(name, value)
            changes[_KEYS[name]] = value
            continue
        elif name == "forced":
            if value not in _ON and not off:
                raise BadTimerSettingError(name, value)
            changes[_KEYS[name]] = not off
            continue
        elif name == "takeover":
            secs = 0 if off else (int(value) if value.isdigit() else None)
            if secs is None or not 0 <= secs <= MAX_TAKEOVER:
                raise BadTimerSettingError(name, value)
        elif name in ("lobby", "idle"):
            low, high = LOBBY_RANGE if name == "lobby" else IDLE_RANGE
            secs = 0 if off else parse_duration(value)
            if secs is None or (secs and not low <= secs <= high):
                raise BadTimerSettingError(name, value)
        elif name in DISPLAY_NAMES:  # the display settings: hints on|off, table picture|text
            display = parse_display(name, value)
            if display is None:
                raise BadTimerSettingError(name, value)
            changes[display[0]] = display[1]
            continue
        else:
            raise BadTimerSettingError(name, value)
        changes[_KEYS[name]] = secs
    return changes


# the stored key of each setting -> its /settings name
_NAMES: dict[str, str] = {key: name for name, key in (*_KEYS.items(), *DISPLAY_NAMES.items())}


def changed_settings(args: Sequence[str]) -> tuple[str, ...]:
    """The names (``turn``, ``idle``, ``hints``, ...) of the settings ``/settings``
    arguments change, in the order first given, each once; BadTimerSettingError as
    `parse_settings_args`."""
    return tuple(_NAMES[key] for key in parse_settings_args(args))


# ------------------------------------------------------------------ results


@dataclass(frozen=True, slots=True)
class ArmResult:
    """The game's timer after a move: ``deadline`` None when no timer runs;
    ``new`` when this call set it; ``new_turn`` when it is for another seat than
    the timer before (a draw or an extra turn of the same seat is no new turn)."""

    game: GameInfo | None
    deadline: TurnDeadline | None = None
    new: bool = False
    settings: TimerSettings = DEFAULTS
    new_turn: bool = False


@dataclass(frozen=True, slots=True)
class TimeoutOutcome:
    """What one time-out did: the moves (merged in one report), the seat's
    time-outs in a row, whether a computer took the seat, whether only forced
    actions were played."""

    report: MoveReport
    seat: int
    user_id: int | None
    timeouts: int
    took_over: bool
    forced_only: bool


@dataclass(frozen=True, slots=True)
class Reminder:
    game: GameInfo
    seat: int
    user_id: int
    seconds_left: float


@dataclass(frozen=True, slots=True)
class Expired:
    """A lobby that never started or a game idle too long, now cancelled."""

    game: GameInfo
    reason: str  # "lobby" or "idle"
    after: int  # the setting, seconds


def merge_reports(reports: Sequence[MoveReport]) -> MoveReport:
    """Several reports of consecutive moves as one (the game after the last; each
    seat's latest view -- `TurnTimers.expire` reads them anew at the last version)."""
    if len(reports) == 1:
        return reports[0]
    last = reports[-1]
    return MoveReport(
        last.game,
        tuple(r for rep in reports for r in rep.results),
        frozenset(s for rep in reports for s in rep.refresh_seats),
        tuple(e for rep in reports for e in rep.round_ends),
        tuple(h for rep in reports for h in rep.final_hands),
        started=any(rep.started for rep in reports),
        views={seat: view for rep in reports for seat, view in rep.views.items()},
        auto=tuple(rep.is_auto(i) for rep in reports for i in range(len(rep.results))),
    )


# ------------------------------------------------------------------ the timers


def _turn_deadline(row: Deadline, chat_id: int | None = None) -> TurnDeadline:
    chat = row.chat_id if row.chat_id is not None else chat_id
    assert chat is not None
    return TurnDeadline(row.game_id, chat, row.seat, row.turn_version, row.due_at, row.reminded)


class TurnTimers:
    """Deadlines, time-outs, reminders, take-overs and expiry over the service
    (``TurnTimers(service, clock)``); the database is the service's."""

    def __init__(self, service: GameService, clock: Clock | None = None) -> None:
        self.service = service
        self.clock: Clock = clock if clock is not None else SystemClock()
        self._db = service.context.db  # the service's own storage, shared by its parts
        self._repos = service.context.repos

    # ---------------------------------------------------------- settings
    async def settings(self, chat_id: int) -> TimerSettings:
        row = await self._repos.chats.get(self._db, chat_id)
        return TimerSettings.of(row.settings) if row is not None else DEFAULTS

    async def change_settings(self, chat_id: int, user_id: int, args: Sequence[str], *,
                              is_admin: bool = False, topic: int | None = None
                              ) -> TimerSettings:
        """Apply ``/settings`` arguments: all of them, or (on a bad one) none. The
        settings are the chat's, binding the games of every topic: only a chat admin
        changes them (`NotChatAdminError`), whoever opened a game. ``user_id`` and
        ``topic`` say who asked and where (the bot's answer goes there)."""
        require_chat_admin(is_admin)
        changes = parse_settings_args(args)
        async with self._db.transaction() as tx:
            stored = await self._repos.chats.update_settings(tx, chat_id, changes)
        self.service.note_chat_settings(chat_id, stored)
        return TimerSettings.of(stored)

    # ---------------------------------------------------------- timers
    async def deadlines(self) -> list[TurnDeadline]:
        """Every turn timer, soonest first (to schedule them after a restart)."""
        return [_turn_deadline(d) for d in await self._repos.deadlines.list_all(self._db)]

    async def deadline(self, game_id: int) -> TurnDeadline | None:
        """The game's turn timer, if one runs."""
        row = await self._repos.deadlines.get(self._db, game_id)
        return _turn_deadline(row) if row is not None else None

    # ---------------------------------------------------------- a turn begins
    async def arm(self, game_id: int) -> ArmResult:
        """Set the timer of the turn now being played, keeping one already set for
        this very turn (so a restart or a second call neither resets nor doubles it);
        clear it when no person who is present is on turn or the chat has no timer."""
        try:
            game = await self.service.game(game_id)
        except NoSuchGameError:
            return ArmResult(None)
        cfg = await self.settings(game.chat_id)
        seat = game.seats[game.turn] if game.turn is not None else None
        if game.status != "playing" or seat is None or seat.is_ai or seat.user_id is None \
                or not cfg.turn:
            if await self._repos.deadlines.get(self._db, game_id) is not None:
                await self._repos.deadlines.clear(self._db, game_id)  # no write on every move
            return ArmResult(game, settings=cfg)
        async with self._db.transaction() as tx:
            row = await self._repos.games.get(tx, game_id)
            existing = await self._repos.deadlines.get(tx, game_id)
            current = _turn_deadline(existing, game.chat_id) if existing is not None else None
            if row is None or row.version != game.version:
                # the game moved on meanwhile: the call for the newer version sets it
                return ArmResult(game, current, settings=cfg)
            if current is not None and current.turn_version == game.version \
                    and current.seat == seat.seat:
                return ArmResult(game, current, settings=cfg)
            deadline = await self._repos.deadlines.save(
                tx, game_id, seat=seat.seat, turn_version=game.version,
                due_at=self.clock.now() + cfg.turn)
        new_turn = current is None or current.seat != seat.seat
        return ArmResult(game, _turn_deadline(deadline, game.chat_id), new=True, settings=cfg,
                         new_turn=new_turn)

    # ---------------------------------------------------------- the reminder
    async def remind_at(self, deadline: TurnDeadline, chat_id: int | None = None) -> float:
        """When the reminder of this timer is due (epoch seconds)."""
        cfg = await self.settings(deadline.chat_id if chat_id is None else chat_id)
        return deadline.due_at - cfg.remind_lead()

    async def reminder(self, game_id: int) -> Reminder | None:
        """The reminder due now for this game's turn, marked as sent (so it goes out
        once); None when none is due, it went out already, or it is too late for one."""
        d = await self.deadline(game_id)
        if d is None or d.reminded:
            return None
        try:
            game = await self.service.game(game_id)
        except NoSuchGameError:
            return None
        now = self.clock.now()
        if now < await self.remind_at(d):
            return None
        if game.status != "playing" or game.version != d.turn_version or game.turn != d.seat:
            return None
        user_id = game.seats[d.seat].user_id
        if not await self._repos.deadlines.mark_reminded(self._db, game_id, d.turn_version):
            return None
        if user_id is None or d.due_at - now < MIN_REMIND_LEAD / 2:
            return None  # too late to be of use (the bot was down): marked, not sent
        return Reminder(game, d.seat, user_id, d.due_at - now)

    # ---------------------------------------------------------- the time-out
    async def expire(self, game_id: int) -> TimeoutOutcome | None:
        """Apply the time-out of this game if it is due; None if it is not due, is
        stale (the game moved on), or was applied already."""
        d = await self.deadline(game_id)
        if d is None or d.due_at > self.clock.now():
            return None
        try:
            game = await self.service.game(game_id)
        except NoSuchGameError:
            await self._repos.deadlines.clear(self._db, game_id)
            return None
        seat = game.seats[d.seat] if d.seat < len(game.seats) else None
        if game.status != "playing" or game.version != d.turn_version or game.turn != d.seat \
                or seat is None or seat.is_ai:
            await self._repos.deadlines.clear(self._db, game_id, turn_version=d.turn_version)
            return None
        cfg = await self.settings(game.chat_id)
        count = 0
        took_over = False

        async def first(tx: Transaction) -> None:
            nonlocal count, took_over
            if not await self._repos.deadlines.clear(tx, game_id, turn_version=d.turn_version):
                raise StaleCommandError("the time-out was applied already")
            count = await self._repos.games.add_timeout(tx, game_id, d.seat)
            if cfg.takeover and count >= cfg.takeover:
                took_over = await self._repos.games.set_away(tx, game_id, d.seat, True)

        reports: list[MoveReport] = []
        forced_only = True
        version = d.turn_version
        for _ in range(MAX_STEPS):
            try:
                report, forced = await self.service.act_for(
                    game_id, version, d.seat, cfg.level, in_tx=first if not reports else None)
            except (ServiceError, st.StaleVersionError):
                break  # a real move won the race (or the game ended): nothing more to do
            reports.append(report)
            forced_only = forced_only and forced
            after = report.game
            if not forced or took_over or after.status != "playing" or after.turn != d.seat \
                    or any(r.round_end is not None for r in report.results):
                break
            version = after.version
        if not reports:
            return None
        merged = merge_reports(reports)
        if len(reports) > 1:  # a view from an earlier report shows an older table
            game, views = await self.service.seat_views(game_id, merged.refresh_seats)
            if game.version == merged.game.version:
                merged = dataclasses.replace(merged, views=views)
        return TimeoutOutcome(merged, d.seat, seat.user_id, count, took_over, forced_only)

    # ---------------------------------------------------------- coming back
    async def come_back(self, game_id: int, user_id: int) -> GameInfo | None:
        """The player is back in this game (his seat was away); the game, else None."""
        seat = await self._repos.games.set_user_back(self._db, game_id, user_id)
        if seat is None:
            return None
        return await self.service.game(game_id)

    async def come_back_everywhere(self, user_id: int) -> list[GameInfo]:
        back = []
        for row in await self._repos.games.list_active_for_user(self._db, user_id):
            game = await self.come_back(row.game_id, user_id)
            if game is not None:
                back.append(game)
        return back

    # ---------------------------------------------------------- housekeeping
    async def expire_stale_games(self) -> list[Expired]:
        """Close (cancel) lobbies that never started and games idle too long."""
        now = self.clock.now()
        out = []
        for row in await self._repos.games.list_active(self._db):
            cfg = await self.settings(row.chat_id)
            if row.status == "lobby" and cfg.lobby and row.created_at + cfg.lobby <= now:
                reason, after = "lobby", cfg.lobby
            elif row.status == "playing" and cfg.idle and row.updated_at + cfg.idle <= now:
                reason, after = "idle", cfg.idle
            else:
                continue
            try:
                async with self._db.transaction() as tx:
                    await self._repos.games.set_status(tx, row.game_id, "cancelled",
                                                      expected_version=row.version)
                    await self._repos.deadlines.clear(tx, row.game_id)
            except st.StorageError:  # it moved meanwhile: look again next time
                continue
            out.append(Expired(await self.service.game(row.game_id), reason, after))
        return out
