"""A learnt prior over the other seats' hands: which hidden tile a seat likely holds,
given how it played this round.

The sampler (:mod:`engine.domino.ai.world`) draws worlds uniformly among those the
public facts allow (what a seat could not follow it does not hold). Players also
reveal their hands softly: a player tends to leave open the pips he holds, to shed
heavy tiles and doubles early, to keep the suit he leads. :func:`features` turns
one seat's public play into a few numbers per (seat, hidden tile); a logistic model
over them, fitted offline on logged games between the computer players
(``python -m scripts.fit_prior``, weights in :mod:`engine.domino.ai.prior_weights`),
gives each (seat, tile) a log-odds of holding. A sampled world is then weighted by
the sum of the log-odds of the tiles it puts in the other hands: the importance
weight of the model's distribution against the uniform sampler's.

Everything here reads public facts only: the table's placements (who placed which
tile, onto which pip, leaving which ends), the events and the seat's own hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.tiles import Tile, full_set
from engine.domino.variant import Deal
from engine.domino.view import DominoView

# The names of the features, in order (the weights' order too).
FEATURES = (
    "bias",
    "left_open",  # placements by the seat after which a pip of the tile was open
    "played_on",  # placements by the seat onto a pip of the tile
    "shares",  # tiles the seat placed sharing a pip with the tile
    "double",  # the tile is a double
    "double_late",  # a double, times the seat's placements (doubles go early)
    "heavy",  # the tile's pips over the set's heaviest
    "heavy_late",  # heavy, times the seat's placements (heavy tiles go early)
    "led_suit",  # the seat led the round with a tile sharing a pip with this one
    "drew",  # draws by the seat this round (a drawn tile is any tile)
)


@dataclass(frozen=True, slots=True)
class SeatPlay:
    """What one seat's play of this round shows (counts per pip)."""

    left_open: tuple[int, ...]
    played_on: tuple[int, ...]
    shares: tuple[int, ...]
    placements: int
    led: Tile | None
    drew: int


def seat_plays(view: DominoView) -> tuple[SeatPlay, ...]:
    """Each seat's :class:`SeatPlay`, from the table and the round's events."""
    pips = view.set_max + 1
    n = view.players
    left = [[0] * pips for _ in range(n)]
    onto = [[0] * pips for _ in range(n)]
    shares = [[0] * pips for _ in range(n)]
    count = [0] * n
    drew = [0] * n
    table = view.table
    led: list[Tile | None] = [None] * n
    arm_of: dict[int, object] = {}
    for end, arm in table.arms.items():
        for p in arm:
            arm_of[p.order] = end
    ends: dict[object, int] = {}
    for p in table.tiles:
        s = p.seat
        t = p.tile
        count[s] += 1
        shares[s][t.a] += 1
        if not t.is_double:
            shares[s][t.b] += 1
        if table.lead is not None and p.order == table.lead.order:
            led[s] = t
            ends = {"w": p.inner, "e": p.outer}
        else:
            onto[s][p.inner] += 1
            ends[arm_of.get(p.order, "e")] = p.outer
        for pip in set(ends.values()):
            left[s][pip] += 1
    for ev in view.history:
        if ev.kind in ("draw", "forced_draw"):
            drew[ev.seat] += 1
    return tuple(SeatPlay(tuple(left[s]), tuple(onto[s]), tuple(shares[s]), count[s], led[s],
                          drew[s]) for s in range(n))


def features(play: SeatPlay, tile: Tile, set_max: int) -> tuple[float, ...]:
    """The features of ``tile`` being in the hand of the seat that played ``play``."""
    a, b = tile.a, tile.b
    double = tile.is_double
    left = play.left_open[a] + (0 if double else play.left_open[b])
    onto = play.played_on[a] + (0 if double else play.played_on[b])
    shares = play.shares[a] + (0 if double else play.shares[b])
    heavy = tile.pips / (2 * set_max)
    led = play.led
    led_suit = 1.0 if led is not None and led != tile and (
        a in (led.a, led.b) or b in (led.a, led.b)) else 0.0
    d = 1.0 if double else 0.0
    k = float(play.placements)
    return (1.0, float(left), float(onto), float(shares), d, d * k, heavy, heavy * k, led_suit,
            float(play.drew))


class Prior:
    """The log-odds of each (seat, hidden tile) for one view, and a world's log weight."""

    __slots__ = ("_logodds",)

    def __init__(self, view: DominoView, weights: Sequence[float]) -> None:
        seen = set(view.hand) | {p.tile for p in view.table.tiles}
        hidden = [t for t in full_set(view.set_max) if t not in seen]
        plays = seat_plays(view)
        self._logodds: list[dict[Tile, float]] = []
        for s in range(view.players):
            if s == view.seat:
                self._logodds.append({})
                continue
            play = plays[s]
            self._logodds.append({
                t: sum(w * f for w, f in zip(weights, features(play, t, view.set_max),
                                             strict=True))
                for t in hidden})

    def log_weight(self, hands: Sequence[Sequence[Tile]]) -> float:
        """The log weight of a world with these hands (against uniform sampling)."""
        total = 0.0
        for s, hand in enumerate(hands):
            odds = self._logodds[s]
            if odds:
                for t in hand:
                    total += odds.get(t, 0.0)
        return total


def current_hands(view: DominoView, deal: Deal, draws: Sequence[int]) -> list[list[Tile]]:
    """The hands a sampled ``deal`` gives now: dealt, plus each draw's tile (the
    boneyard in draw order, ``draws`` the draw events' indices), less what was placed."""
    hands = [list(h) for h in deal.hands]
    for i, k in enumerate(draws):
        hands[view.history[k].seat].append(deal.boneyard[i])
    placed = {p.tile for p in view.table.tiles}
    return [[t for t in h if t not in placed] for h in hands]
