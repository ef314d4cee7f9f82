"""Inference on the other seats' hands from how they played, modelling each as the
greedy policy (:mod:`engine.domino.ai.policy`, the ``medium`` player).

- :class:`Likelihood` observes a sampled world's replay and adds up the
  log-likelihood of the other seats' placements under that model: a softmax of
  temperature ``tau`` over the greedy scores of the moves each had (with a small
  ``tau`` a world where the greedy player would have chosen otherwise is all but
  impossible).
- :class:`GreedyModel` gives the same log-likelihood for a sampled deal without
  building and replaying its game, and stops as soon as it falls below a floor:
  the cheap test of rejection sampling (``Budget.infer_factor``).
- :func:`greedy_bans` turns the placements into certain knowledge where the
  rest of the hand cannot matter: a greedy player who held a tile that would
  have scored more than the move he made, whatever his other tiles, would have
  placed it; so he did not hold it then. The sampler takes these bans like the
  voids of draws and passes (:func:`engine.domino.ai.world.with_bans`), so fewer
  sampled worlds are rejected.

All read only public facts and the sampled deal: what a placement would score
and the ends it would leave are the same in every world of a view.
"""

from __future__ import annotations

import math

from engine.core.moves import Cut, Move, Place
from engine.core.tiles import Tile
from engine.domino.ai.policy import Style, placement_points
from engine.domino.ai.search import distinct_moves
from engine.domino.ai.world import world_from_deal
from engine.domino.game import Game
from engine.domino.variant import Deal, DominoVariant
from engine.domino.view import DominoView

# What a move would score and the pips of the ends it would leave, per move.
Public = dict[Move, tuple[int, frozenset[int]]]


def hand_scores(game: Game, legal: list[Move], style: Style, public: Public) -> list[float]:
    """:func:`engine.domino.ai.policy.move_scores` of the seat on turn, each move's public part
    taken from (or put in) ``public``: equal values, by the same float operations."""
    rnd = game.round
    hand = rnd.hands[rnd.turn]
    count = [0] * 32
    for t in hand:
        count[t.a] += 1
        if not t.is_double:
            count[t.b] += 1
    covered = sum(1 for c in count if c)
    out: list[float] = []
    for move in legal:
        if not isinstance(move, (Place, Cut)):
            out.append(0.0)
            continue
        known = public.get(move)
        if known is None:
            if isinstance(move, Cut):
                assert move.end is not None and move.onto is not None
                after = rnd.table.copy()
                after.cut(move.tile, move.end, move.onto, rnd.turn)
                known = (0, frozenset(after.open_ends().values()))
            else:
                points, after = placement_points(game, move)
                known = (points, frozenset(after.open_ends().values()))
            public[move] = known
        points, pips = known
        tile = move.tile
        value = points * style.points + tile.pips * style.shed
        if tile.is_double:
            value += style.double
        if len(hand) == 1:
            value += style.out
        else:
            follow = sum(1 for t in hand if t is not tile and (t.a in pips or t.b in pips))
            value += style.follow * follow
            lost = (count[tile.a] == 1) + (not tile.is_double and count[tile.b] == 1)
            value += style.cover * (covered - lost)
        out.append(value)
    return out


def seen_index(game: Game, legal: list[Move], move: Place) -> int | None:
    """The index in ``legal`` of the placement ``move`` (on a line: or of the same tile
    on an end showing the same pip, which :func:`distinct_moves` keeps once)."""
    alike: int | None = None
    ends = game.round.table.open_ends()
    for i, m in enumerate(legal):
        if not isinstance(m, Place) or m.tile is not move.tile:
            continue
        if m.end == move.end:
            return i
        if alike is None and move.end is not None and m.end is not None \
                and ends[m.end] == ends[move.end]:
            alike = i
    return alike


def decision_log(game: Game, move: Place, style: Style, tau: float, public: Public) -> float:
    """The log-likelihood that the seat on turn of ``game`` makes the placement ``move``,
    playing the greedy policy with a softmax of temperature ``tau``.

    The placement seen is the tile on its end; on a line, an end showing the same
    pip is the same move. Placements of the same tile that score as much as the
    one seen are counted with it (a tie the greedy player breaks by the order of
    the ends tells nothing of his hand), so a placement that was the greedy
    player's only best move has likelihood near 1 for a small ``tau``.

    A lead tells something only where the leader chooses it (drawn by lot, any
    tile); elsewhere the rules may have forced it, which a view no longer says."""
    if move.end is None and not game.variant.lead_by_lot:
        return 0.0
    legal = distinct_moves(game, game.legal_moves())
    if len(legal) < 2:
        return 0.0
    seen = seen_index(game, legal, move)
    if seen is None:  # pragma: no cover - the replay applies only legal moves
        return 0.0
    scores = hand_scores(game, legal, style, public)
    top = max(scores)
    mine = scores[seen]
    z = 0.0
    hit = 0.0
    for m, x in zip(legal, scores, strict=True):
        e = math.exp((x - top) / tau)
        z += e
        if isinstance(m, Place) and m.tile is move.tile and abs(x - mine) < 1e-9:
            hit += e
    return math.log(hit / z)


class Likelihood:
    """Observer of a world's replay (:func:`engine.domino.ai.world.world_from_deal`): the
    log-likelihood of the other seats' placements (:func:`decision_log`).

    One instance serves the worlds of one view: the public part of each
    placement's alternatives is kept per observed placement."""

    def __init__(self, style: Style, tau: float) -> None:
        self.style = style
        self.tau = tau
        self.log = 0.0
        self._game: Game | None = None
        self._k = 0  # the observed placement's number in the replay
        self._public: dict[int, Public] = {}

    def __call__(self, game: Game, move: Place) -> None:
        if game is not self._game:  # a new world is being replayed
            self._game = game
            self.log = 0.0
            self._k = 0
        public = self._public.setdefault(self._k, {})
        self._k += 1
        self.log += decision_log(game, move, self.style, self.tau, public)

    def log_of(self, world: Game) -> float:
        """The log-likelihood of ``world``, the last world replayed (0 when none of
        its placements had an alternative)."""
        return self.log if world is self._game else 0.0


class Snapshots:
    """Observer of one replay: a copy of the game before each observed placement."""

    def __init__(self) -> None:
        self.games: list[tuple[Game, Place]] = []

    def __call__(self, game: Game, move: Place) -> None:
        self.games.append((game.copy(), move))


class GreedyModel:
    """The log-likelihood of a sampled deal of ``view`` (:func:`decision_log` over the
    other seats' placements), from the snapshots of one replay of the view's round
    (:class:`Snapshots`): each seat's hand at each placement follows from the deal
    and the public draws and placements, and is put in the snapshot in place of
    the replayed one. A round with other events than placements, draws and
    passes is replayed instead."""

    def __init__(self, view: DominoView, variant: DominoVariant, style: Style, tau: float,
                 snapshots: list[tuple[Game, Place]]) -> None:
        self.view = view
        self.variant = variant
        self.style = style
        self.tau = tau
        self._snapshots = snapshots
        self._public: list[Public] = [{} for _ in snapshots]
        observed = sum(1 for ev in view.history if ev.kind == "place" and ev.seat != view.seat)
        self.fast = observed == len(snapshots) and all(
            ev.kind in ("place", "draw", "pass") for ev in view.history)
        self._likely = Likelihood(style, tau)

    def log_likelihood(self, deal: Deal, floor: float = -math.inf) -> float:
        """The log-likelihood of ``deal``; -inf once it is known to be below ``floor``
        (or when the deal does not reproduce the view)."""
        if not self.fast:
            world = world_from_deal(self.view, self.variant, deal, self._likely)
            return -math.inf if world is None else self._likely.log_of(world)
        me = self.view.seat
        hands = [list(h) for h in deal.hands]
        drawn = 0
        k = 0
        log = 0.0
        for ev in self.view.history:
            seat = ev.seat
            if ev.kind == "draw":
                hands[seat].append(deal.boneyard[drawn])
                drawn += 1
            elif ev.kind == "place":
                tile = ev.tile
                hand = hands[seat]
                if seat != me:
                    game, move = self._snapshots[k]
                    rnd = game.round
                    held = rnd.hands[seat]
                    rnd.hands[seat] = hand
                    try:
                        log += decision_log(game, move, self.style, self.tau, self._public[k])
                    finally:
                        rnd.hands[seat] = held
                    k += 1
                    if log < floor:
                        return -math.inf
                if tile not in hand:
                    return -math.inf  # a sampled hand lacks a tile it placed
                hand.remove(tile)
        return log


def _fits(tile: Tile, pips: frozenset[int]) -> int:
    return 1 if tile.a in pips or tile.b in pips else 0


def greedy_bans(view: DominoView, unknown: tuple[Tile, ...], snapshots: list[tuple[Game, Place]],
                style: Style) -> dict[int, list[tuple[int, Tile]]]:
    """The tiles each other seat did not hold at his placements, were he the greedy
    player: per seat, (event index, tile) pairs. ``unknown``: the tiles the view
    does not see; ``snapshots``: a replay of the view's round (:class:`Snapshots`).

    A greedy player of ``h`` tiles placed ``m``; had he held ``t`` he could have
    placed it on an end ``e``. The greedy scores (:func:`engine.domino.ai.policy.move_scores`)
    of the two differ in their public parts (points, pips shed, double, the ends
    left) and in the rest of the hand: the other ``h - 2`` tiles fit the ends left
    by ``(t, e)`` at worst all less than those left by ``m`` (one ``follow`` each),
    and the rest keeps at worst ``|pips(t) - pips(m)|`` fewer pips covered. When
    ``(t, e)`` still scores more, he did not hold ``t``."""
    events = [i for i, ev in enumerate(view.history)
              if ev.kind == "place" and ev.seat != view.seat]
    bans: dict[int, list[tuple[int, Tile]]] = {}
    if len(events) != len(snapshots):
        return bans  # pragma: no cover - a replay that stopped early
    for i, (game, move) in zip(events, snapshots, strict=True):
        seat = view.history[i].seat
        rnd = game.round
        hand = rnd.hands[seat]
        h = len(hand)
        if h < 2 or (move.end is None and not game.variant.lead_by_lot):
            continue
        later = [ev.tile for ev in view.history[i + 1:]
                 if ev.seat == seat and ev.kind == "place" and ev.tile is not None]
        mine = move.tile
        points_m, after = placement_points(game, move)
        pips_m = frozenset(after.open_ends().values())
        base_m = points_m * style.points + mine.pips * style.shed + (
            style.double if mine.is_double else 0.0)
        m_pips = {mine.a, mine.b}
        for t in list(unknown) + later:
            if t == mine:
                continue
            rnd.hands[seat] = [mine, t]
            try:
                legal = game.legal_moves()
            finally:
                rnd.hands[seat] = hand
            worst = style.follow * (h - 2) + style.cover * len({t.a, t.b} - m_pips)
            for mt in legal:
                if not isinstance(mt, Place) or mt.tile != t:
                    continue
                points_t, after_t = placement_points(game, mt)
                pips_t = frozenset(after_t.open_ends().values())
                gain = (points_t * style.points + t.pips * style.shed
                        + (style.double if t.is_double else 0.0) - base_m
                        + style.follow * (_fits(mine, pips_t) - _fits(t, pips_m)) - worst)
                if gain > 1e-9:
                    bans.setdefault(seat, []).append((i, t))
                    break
    return bans
