"""After a move: one way, for every kind of move (a press, /pass, a computer, a time-out).

:meth:`Pipeline.after` queues what the move changes to be shown (the presenter
and its outbox: nothing waits for Telegram), sets the turn timer of the turn
that begins, schedules a computer move when a computer is on turn and the turn
ping of a person on turn (bot/showing/pings.py, removed by the next move). The
timer and computer parts are given to the pipeline when the bot is wired
(bot/wiring/app.py), so neither bot/showing/computer.py nor bot/showing/timers.py imports the other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.showing.presenter import Presenter
from service import GameInfo, MoveReport

GameHook = Callable[[GameInfo], None]


def _nothing(_: GameInfo) -> None:
    return None


@dataclass
class Pipeline:
    presenter: Presenter
    arm_timer: GameHook
    schedule_ai: GameHook
    cancel_jobs: GameHook
    arm_ping: GameHook = _nothing  # the turn ping of the turn that begins (bot/showing/pings.py)
    # a game ended or was cancelled: its chat's tournament moves on (bot/showing/tournaments.py)
    game_over: GameHook = _nothing

    def after(self, report: MoveReport) -> None:
        """Show what a move did; the timer and the computer player go on from it."""
        self.presenter.show_report(report)
        self.next_turn(report.game)

    def next_turn(self, game: GameInfo) -> None:
        """Whoever is on turn now: arm his timer, or let the computer move."""
        if game.status != "playing":
            self.cancel_jobs(game)
        if game.status in ("finished", "cancelled"):
            self.game_over(game)
        self.arm_timer(game)
        self.schedule_ai(game)
        self.arm_ping(game)

    def cancelled(self, game: GameInfo, key: str = "cancel.done", **values: object) -> None:
        """The game was cancelled: its jobs stop, the group is told in one message
        (``key``: the catalogue text that says why)."""
        self.cancel_jobs(game)
        self.presenter.show_cancelled(game, key, **values)
        self.game_over(game)
