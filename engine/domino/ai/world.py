"""Determinization: sample a whole world consistent with what one seat has seen.

A seat's view (``DominoView``) holds its hand, the table, the hand sizes, the
boneyard counts, the scores and the public events of the current round. This
module turns a view into a full :class:`~engine.domino.game.Game` whose hidden parts
(the other hands, which tiles were drawn when, the order of the boneyard) are
sampled, such that replaying the round's public events gives exactly the
view's table, hand sizes, scores and turn.

What a seat knows of the hidden tiles, from the events (docs/rules.md 3):

- a player who drew or passed with open pips X held no tile showing a pip of X
  at that moment;
- a draw followed by a placement of the same player drew exactly the tile he
  then placed (before the draw nothing fitted, and the ends did not change);
- a draw followed by another draw or a pass drew a tile showing no pip of X.

So every tile a player holds was acquired at the deal or at one of his draws,
and from its acquisition to its placement (or now) it shows no pip he was
seen unable to follow. The sampler assigns tiles to hands and draws under
those constraints; when it cannot satisfy them in a few tries it drops them
(the world is still consistent with the table, only less informed).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.core.errors import EngineError
from engine.core.moves import DONE, DRAW, PASS, Cut, End, Move, Open, Place
from engine.core.tiles import Tile, full_set
from engine.domino.game import Game
from engine.domino.variant import Deal, DominoVariant
from engine.domino.view import DominoView

MAX_TRIES = 30


@dataclass(frozen=True, slots=True)
class _Seat:
    """What the history says about one seat in the current round."""

    placed: tuple[tuple[int, Tile], ...]  # (event index, tile) not placed right after a draw
    hits: tuple[tuple[int, Tile], ...]  # (draw event index, tile drawn and placed at once)
    duds: tuple[tuple[int, bool], ...]  # (draw event index, constrained by its own ends)
    stops: tuple[tuple[int, frozenset[int]], ...]  # draw/pass events: (index, open pips)
    bans: tuple[tuple[int, Tile], ...] = ()  # (event index, a tile not held then)

    def void_from(self, k: int, inclusive: bool) -> frozenset[int]:
        """Pips a tile acquired at event ``k`` (-1: dealt) can never have shown."""
        out: set[int] = set()
        for e, pips in self.stops:
            if e > k or (inclusive and e == k):
                out |= pips
        return frozenset(out)

    def banned_from(self, k: int) -> frozenset[Tile]:
        """Tiles that a tile acquired at event ``k`` (-1: dealt) cannot be."""
        return frozenset(t for e, t in self.bans if e > k)

    def clash(self, tile: Tile, start: int, inclusive: bool, end: int) -> bool:
        """Would ``tile`` held from ``start`` to ``end`` contradict a stop or a ban?"""
        for e, pips in self.stops:
            if (e > start or (inclusive and e == start)) and e < end and (
                tile.a in pips or tile.b in pips
            ):
                return True
        return any(start < e < end and t == tile for e, t in self.bans)

    def last_clash(self, tile: Tile, end: int) -> int | None:
        """The last event before ``end`` at which ``tile`` was not held, if any."""
        last = max((e for e, pips in self.stops if e < end and (tile.a in pips or tile.b in pips)),
                   default=None)
        for e, t in self.bans:
            if e < end and t == tile and (last is None or e > last):
                last = e
        return last


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Everything the sampler derives from a view, computed once per decision."""

    seats: tuple[_Seat, ...]
    unknown: tuple[Tile, ...]  # tiles in other hands or the undrawn boneyard
    draws: tuple[int, ...]  # event indices of every draw, in order


class WorldError(EngineError):
    """No sampled world reproduces this view (e.g. tiles taken unseen in semerka)."""


def with_bans(know: Knowledge, bans: dict[int, list[tuple[int, Tile]]]) -> Knowledge:
    """``know`` with more knowledge: ``bans[seat]`` lists (event index, tile) pairs,
    the seat not holding the tile at that event (as a model of his play infers)."""
    if not any(bans.values()):
        return know
    seats = tuple(replace(info, bans=info.bans + tuple(bans.get(s, ())))
                  for s, info in enumerate(know.seats))
    return Knowledge(seats, know.unknown, know.draws)


def supported(view: DominoView) -> bool:
    """Whether the sampler models every event of the view's round."""
    return all(ev.kind != "take" for ev in view.history)


def analyze(view: DominoView) -> Knowledge:
    """Derive the sampler's knowledge from ``view`` (raise WorldError if unsupported)."""
    if not supported(view):
        raise WorldError("tiles were taken from a hand: the sampler does not model that yet")
    history = view.history
    n = view.players
    placed: list[list[tuple[int, Tile]]] = [[] for _ in range(n)]
    hits: list[list[tuple[int, Tile]]] = [[] for _ in range(n)]
    duds: list[list[tuple[int, bool]]] = [[] for _ in range(n)]
    stops: list[list[tuple[int, frozenset[int]]]] = [[] for _ in range(n)]
    hit_places: set[int] = set()
    draws: list[int] = []
    for i, ev in enumerate(history):
        if ev.kind in ("place", "cut"):  # kolbasa's cut places its tile too
            if i not in hit_places:
                assert ev.tile is not None
                placed[ev.seat].append((i, ev.tile))
            continue
        if ev.kind == "forced_draw":  # semerka's 7: drawn whatever the hand held
            draws.append(i)
            duds[ev.seat].append((i, False))
            continue
        if ev.kind not in ("draw", "pass"):  # open, done: nothing is learnt
            continue
        stops[ev.seat].append((i, frozenset(ev.ends)))
        if ev.kind != "draw":
            continue
        draws.append(i)
        nxt = history[i + 1] if i + 1 < len(history) else None
        if nxt is not None and nxt.kind == "place" and nxt.seat == ev.seat:
            assert nxt.tile is not None
            hits[ev.seat].append((i, nxt.tile))
            hit_places.add(i + 1)
        else:
            # Followed by a draw or a pass: the tile did not fit. Last event: unknown.
            duds[ev.seat].append((i, nxt is not None))
    seats = tuple(
        _Seat(tuple(placed[s]), tuple(hits[s]), tuple(duds[s]), tuple(stops[s]))
        for s in range(n)
    )
    seen = set(view.hand) | {p.tile for p in view.table.tiles}
    unknown = tuple(t for t in full_set(view.set_max) if t not in seen)
    return Knowledge(seats, unknown, tuple(draws))


@dataclass(slots=True)
class _Plan:
    """One seat's sampled acquisitions: draw event -> tile, and its hidden slots."""

    drawn: dict[int, Tile]
    slots: list[tuple[int, bool]]  # (acquired at event, inclusive); -1 = dealt
    slot_tiles: list[Tile]


def _plan_seat(seat: int, info: _Seat, view: DominoView, rng: random.Random,
               strict: bool) -> _Plan | None:
    drawn: dict[int, Tile] = dict(info.hits)
    free_duds = list(info.duds)
    owned: set[Tile] = set()  # placed tiles already tied to a draw
    # Placed tiles that showed a pip their player could not follow before: drawn later.
    must: list[tuple[int, Tile, list[tuple[int, bool]]]] = []
    for p, tile in info.placed:
        last = info.last_clash(tile, p)
        if last is None or not strict:
            continue
        cands = [(k, inc) for k, inc in free_duds
                 if last < k < p and not info.clash(tile, k, inc, p)]
        must.append((p, tile, cands))
    must.sort(key=lambda m: len(m[2]))
    for _p, tile, cands in must:
        options = [c for c in cands if c[0] not in drawn]
        if not options:
            return None
        k, inc = rng.choice(options)
        drawn[k] = tile
        owned.add(tile)
    free_duds = [d for d in free_duds if d[0] not in drawn]
    slots_left = len(view.hand) if seat == view.seat else view.hand_sizes[seat]
    slots: list[tuple[int, bool]] = []
    rng.shuffle(free_duds)
    for k, inc in free_duds:
        options_t = [t for p, t in info.placed
                     if p > k and t not in owned
                     and (not strict or not info.clash(t, k, inc, p))]
        weight = slots_left - len(slots)
        total = len(options_t) + weight
        if total <= 0:
            return None
        r = rng.randrange(total)
        if r < len(options_t):
            tile = options_t[r]
            drawn[k] = tile
            owned.add(tile)
        else:
            slots.append((k, inc))
    while len(slots) < slots_left:
        slots.append((-1, False))
    return _Plan(drawn, slots, [])


def sample_deal(view: DominoView, know: Knowledge, rng: random.Random) -> Deal:
    """A deal of the current round consistent with ``view`` (see the module doc)."""
    for attempt in range(MAX_TRIES + 1):
        deal = _try_sample(view, know, rng, strict=attempt < MAX_TRIES)
        if deal is not None:
            return deal
    raise WorldError("no world is consistent with this view")  # pragma: no cover


def _try_sample(view: DominoView, know: Knowledge, rng: random.Random,
                strict: bool) -> Deal | None:
    n = view.players
    plans: list[_Plan] = []
    for s in range(n):
        plan = _plan_seat(s, know.seats[s], view, rng, strict)
        if plan is None:
            return None
        plans.append(plan)
    # Own hand: the tiles are known; tie own free draws to own tiles.
    if view.seat is not None:
        me = plans[view.seat]
        mine = list(view.hand)
        rng.shuffle(mine)
        me.slot_tiles = []
        own = know.seats[view.seat]
        for k, inc in sorted(me.slots, key=lambda sl: -len(own.void_from(*sl))):
            void = own.void_from(k, inc) if strict else frozenset()
            pick = next((t for t in mine if t.a not in void and t.b not in void), None)
            if pick is None:
                return None
            mine.remove(pick)
            me.slot_tiles.append(pick)
            if k >= 0:
                me.drawn[k] = pick
    # Other hands and the boneyard from the unknown tiles, most constrained slot first.
    pool = list(know.unknown)
    rng.shuffle(pool)
    # (seat, slot index, void pips, banned tiles)
    jobs: list[tuple[int, int, frozenset[int], frozenset[Tile]]] = []
    for s in range(n):
        if s == view.seat:
            continue
        info = know.seats[s]
        for j, (k, inc) in enumerate(plans[s].slots):
            if strict:
                jobs.append((s, j, info.void_from(k, inc), info.banned_from(k)))
            else:
                jobs.append((s, j, frozenset(), frozenset()))
        plans[s].slot_tiles = [Tile(0, 0)] * len(plans[s].slots)
    if len(pool) < len(jobs) or len(pool) - len(jobs) != view.boneyard_unseen:
        strict = False  # counts disagree: should not happen with engine views
    jobs.sort(key=lambda j: (-len(j[2]), -len(j[3])))
    taken: set[Tile] = set()
    for s, j, void, banned in jobs:
        choice = None
        for t in pool:
            if t not in taken and t.a not in void and t.b not in void and t not in banned:
                choice = t
                break
        if choice is None:
            return None
        taken.add(choice)
        plans[s].slot_tiles[j] = choice
        k = plans[s].slots[j][0]
        if k >= 0:
            plans[s].drawn[k] = choice
    rest = [t for t in pool if t not in taken]
    # Initial hands: what is held now plus what was placed, minus what was drawn.
    hands: list[tuple[Tile, ...]] = []
    for s in range(n):
        info = know.seats[s]
        drawn_tiles = set(plans[s].drawn.values())
        held = list(plans[s].slot_tiles) + [t for _, t in info.placed] + [t for _, t in info.hits]
        hands.append(tuple(t for t in held if t not in drawn_tiles))
    drawn_order: list[Tile] = []
    for k in know.draws:
        seat = view.history[k].seat
        drawn_order.append(plans[seat].drawn[k])
    return Deal(tuple(hands), tuple(drawn_order + rest), view.leader, view.forced_lead)


Observer = Callable[[Game, Place], None]


def world_from_deal(view: DominoView, variant: DominoVariant, deal: Deal,
                    observe: Observer | None = None) -> Game | None:
    """Build the game of ``deal`` and replay the round's public events on it.

    None when the deal does not reproduce the view (a round that would have
    ended early as a fish with the sampled hands). ``observe(game, move)`` is
    called before each placement of another seat than the view's, on the game
    as it stood (to weigh the world by how likely that placement was).
    """
    game = Game(variant, seed=0, deals=[deal], autostart=False)
    game.totals = [t - r for t, r in zip(view.totals, view.round_points, strict=True)]
    game.carry = view.carry
    game.start_round(deal)
    rnd = game.round
    lead = view.table.lead
    for ev in view.history:
        if rnd.end is not None or game.outcome is not None:
            return None
        move: Move
        if ev.kind == "place":
            assert ev.tile is not None
            if ev.end is None:
                assert lead is not None
                move = Place(ev.tile, None, lead.inner, ev.face_down)
            else:
                move = Place(ev.tile, ev.end, None, ev.face_down)
        elif ev.kind == "cut":  # kolbasa: from the cutter's line onto the other
            assert ev.tile is not None and ev.end is not None
            move = Cut(ev.tile, ev.end, End.E if ev.end is End.W else End.W)
        elif ev.kind == "draw":
            move = DRAW
        elif ev.kind == "pass":
            move = PASS
        elif ev.kind == "open":
            assert ev.end is not None
            move = Open(ev.end)
        elif ev.kind == "done":
            move = DONE
        else:
            continue  # forced draws: the engine makes them by itself
        if observe is not None and isinstance(move, Place) and ev.seat != view.seat:
            observe(game, move)
        try:
            game.apply(move)
        except (ValueError, IndexError):
            return None  # a sampled hand lacks a tile it must place or give
    if game.current_seat != view.turn or [len(h) for h in rnd.hands] != list(view.hand_sizes):
        return None
    if view.seat is not None:
        # The same tiles in the view's order, so moves come in the view's order too.
        game.round.hands[view.seat] = list(view.hand)
    return game


def sample_world(view: DominoView, variant: DominoVariant, rng: random.Random,
                 know: Knowledge | None = None, observe: Observer | None = None) -> Game:
    """One determinized world for ``view``: the seat's own hand as it is, the
    other hands and the boneyard sampled, the round replayed up to now
    (``observe``: see :func:`world_from_deal`)."""
    if know is None:
        know = analyze(view)
    for _ in range(MAX_TRIES):
        world = world_from_deal(view, variant, sample_deal(view, know, rng), observe)
        if world is not None:
            return world
    raise WorldError("no sampled world reproduces this view")
