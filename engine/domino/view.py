"""What one seat may know of a domino game: :class:`DominoView`, the common
:class:`engine.core.view.SeatView` and the domino turn machine's public facts."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.core.results import PublicEvent
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.domino.table import Placed, TableSnapshot

if TYPE_CHECKING:
    from engine.domino.game import Game

__all__ = ["DominoView", "domino_view", "seat_view"]


@dataclass(frozen=True, slots=True)
class DominoView(SeatView):
    """What one seat of a domino game may know: its own hand, and only public facts
    besides (the table, the history, the lead it must make ...)."""

    hand: tuple[Tile, ...]
    table: TableSnapshot
    carry: int
    forced_lead: Tile | None
    history: tuple[PublicEvent, ...]
    set_max: int
    # Turns of several placements and semerka's takes (docs/rules.md 3, 4.7-4.17);
    # empty/0 elsewhere.
    turn_placements: tuple[Placed, ...] = ()  # placed so far in the turn in progress
    pending_take: int = 0  # tiles the seat on turn takes now (semerka)

    @property
    def table_empty(self) -> bool:
        """Nothing played yet in the round."""
        return self.table.lead is None


def domino_view(view: SeatView) -> DominoView:
    """``view`` as a domino game's view (TypeError for a view of another kind)."""
    if not isinstance(view, DominoView):
        raise TypeError(f"a view of {view.variant} is not a domino game's")
    return view


def seat_view(game: Game, seat: int | None) -> DominoView:
    """What ``seat`` may know now; ``None`` gives the public view (no hand)."""
    rnd = game.round
    on_turn = game.current_seat
    legal = tuple(game.legal_moves()) if on_turn == seat and seat is not None else ()
    undealt = len(rnd.deal.boneyard)
    history = tuple(rnd.events)
    if any(ev.kind == "take" for ev in history):
        history = tuple(
            replace(ev, tiles=()) if ev.kind == "take" and seat not in (ev.seat, ev.source)
            else ev for ev in history)
    return DominoView(
        seat=seat,
        variant=game.variant.name,
        players=game.players,
        sides=game.variant.sides,
        hand=tuple(rnd.hands[seat]) if seat is not None else (),
        hand_sizes=tuple(len(h) for h in rnd.hands),
        boneyard_left=rnd.boneyard_left,
        boneyard_unseen=undealt - rnd.drawn,
        table=rnd.table.snapshot(),
        totals=tuple(game.totals),
        round_points=tuple(rnd.points),
        carry=game.carry,
        round_index=len(game.rounds) - 1,
        turn=on_turn,
        turn_number=rnd.turn_number,
        leader=rnd.deal.leader,
        forced_lead=rnd.deal.forced if rnd.table.lead is None else None,
        legal=legal,
        history=history,
        set_max=game.variant.options.set,
        outcome=game.outcome,
        turn_placements=tuple(rnd.turn_placed),
        pending_take=rnd.pending_take,
    )


def as_domino_view(view: SeatView) -> DominoView | None:
    """``view`` as a domino game's view; None for a view of another kind."""
    return view if isinstance(view, DominoView) else None
