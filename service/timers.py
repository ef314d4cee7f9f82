"""Turn timers, take-overs and long-game housekeeping, without Telegram.

The settings they follow (per chat, ``/settings``) are `service.settings`.

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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from service.clock import Clock, ManualClock, SystemClock
from service.errors import (
    NoSuchGameError,
    ServiceError,
    StaleCommandError,
)
from service.people import require_chat_admin
from service.settings import (
    DEFAULTS,
    MAX_STEPS,
    MIN_REMIND_LEAD,
    SLOW_TURN,
    TURN_CHOICES,
    BadTimerSettingError,
    TimerSettings,
    changed_settings,
    format_duration,
    parse_duration,
    parse_settings_args,
)
from service.types import GameInfo, MoveReport, TurnDeadline
from storage import Deadline, Transaction
from storage import errors as st

if TYPE_CHECKING:
    from service.service import GameService

# the clocks and the settings are re-exported: the bot reads them from here
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
