"""Properties over many random games of every variant and player count.

Every game is seeded (deal and moves), so a failure names its seed and replays.
Set ``ENGINE_GAMES`` to play more games per configuration (default sized so the
whole file runs in well under half a minute on a small machine).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalMoveError
from engine.core.moves import DRAW, PASS, Draw, Pass, Place
from engine.core.results import EndKind, GameEndReason
from engine.core.tiles import Tile, full_set
from engine.domino.game import Game, RoundState
from engine.domino.record import replay, replay_summary, to_record

from .helpers import variant

SCALE = int(os.environ.get("ENGINE_GAMES", "1"))

# (variant, players, options, games with every check incl. views and replay,
#  games on the fast path with conservation and round-end checks after every move)
CONFIGS: list[tuple[str, int, dict[str, Any], int, int]] = [
    ("telephone", 2, {}, 10, 300),
    ("telephone", 4, {}, 8, 300),
    ("threes", 2, {}, 60, 500),
    ("threes", 3, {}, 60, 500),
    ("threes", 4, {}, 40, 400),
    ("threes", 4, {"teams": True}, 20, 300),
    ("threes", 3, {"target": 40}, 10, 200),
    ("kozel", 2, {}, 8, 150),
    ("kozel", 3, {}, 8, 150),
    ("kozel", 4, {}, 6, 150),
    ("kozel", 4, {"teams": False}, 4, 80),
    ("kozel", 3, {"fish_point": True}, 4, 100),
    ("all_fives", 2, {}, 12, 300),
    ("all_fives", 3, {}, 10, 250),
    ("all_fives", 4, {}, 6, 200),
    ("all_fives", 4, {"teams": True}, 8, 200),
    ("draw", 2, {}, 8, 250),
    ("draw", 3, {}, 8, 250),
    ("draw", 4, {"teams": True}, 8, 250),
    ("block", 2, {}, 8, 200),
    ("block", 3, {}, 6, 200),
    ("block", 4, {}, 8, 200),
    ("block", 4, {"teams": False}, 8, 200),
]

Config = tuple[str, int, dict[str, Any], int, int]


def _id(c: Config) -> str:
    return f"{c[0]}-{c[1]}" + "".join(f"-{k}={v}" for k, v in c[2].items())


_FIELDS: dict[type, tuple[str, ...]] = {}
_LEAVES = (int, str, bool, float, type(None))


def _tiles_in(obj: Any, out: set[Tile]) -> set[Tile]:
    """Every Tile anywhere inside a view (dataclasses, tuples, dicts, sets)."""
    if isinstance(obj, _LEAVES):
        return out
    if isinstance(obj, Tile):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _tiles_in(k, out)
            _tiles_in(v, out)
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for x in obj:
            _tiles_in(x, out)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        names = _FIELDS.get(type(obj))
        if names is None:
            names = _FIELDS[type(obj)] = tuple(f.name for f in dataclasses.fields(obj))
        for name in names:
            _tiles_in(getattr(obj, name), out)
    return out


def _table_tiles(rnd: RoundState) -> list[Tile]:
    t = rnd.table
    out = [] if t.lead is None else [t.lead.tile]
    for arm in t.arms.values():
        out.extend(p.tile for p in arm)
    return out


def check_conservation(game: Game) -> None:
    """3: every tile of the set is in exactly one of the hands, the boneyard not yet
    drawn, or the table."""
    rnd = game.round
    where = [t for h in rnd.hands for t in h] + list(rnd.deal.boneyard[rnd.drawn:])
    where += _table_tiles(rnd)
    want = full_set(game.variant.options.set)
    assert len(where) == len(want) and set(where) == set(want)


def check_legal_moves(game: Game, legal: list[Any]) -> None:
    """3: place if you can; else draw while the boneyard gives; else pass."""
    rnd = game.round
    assert legal, "a live round always has a legal move"
    places = [m for m in legal if isinstance(m, Place)]
    if places:
        assert len(places) == len(legal)
        assert len(set(places)) == len(places)
        hand = rnd.hands[rnd.turn]
        assert all(m.tile in hand for m in places)
        if rnd.table.lead is not None:
            for bad in (DRAW, PASS):
                with pytest.raises(IllegalMoveError):
                    game.resolve(bad)
    elif rnd.drawn < rnd.drawable:
        assert legal == [DRAW]
        with pytest.raises(IllegalMoveError):
            game.resolve(PASS)
    else:
        assert legal == [PASS]
        with pytest.raises(IllegalMoveError):
            game.resolve(DRAW)
    for m in legal:  # the checked path accepts every legal move
        game.resolve(m)


def check_views(game: Game) -> None:
    """DESIGN: a seat's view holds its own hand and public facts only: no other
    seat's tile, no undrawn boneyard tile, and draws in the history hide their tile."""
    rnd = game.round
    public = set(_table_tiles(rnd))
    if rnd.table.lead is None and rnd.deal.forced is not None:
        public.add(rnd.deal.forced)  # who must lead what is public
    for seat in range(game.players):
        v = game.view(seat)
        assert v.hand == tuple(rnd.hands[seat])
        assert _tiles_in(v, set()) <= public | set(v.hand)
        assert v.hand_sizes == tuple(len(h) for h in rnd.hands)
        assert v.boneyard_left == rnd.drawable - rnd.drawn
        assert v.boneyard_unseen == len(rnd.deal.boneyard) - rnd.drawn
        if rnd.deal.boneyard:
            for name in _FIELDS.get(type(v), ()):
                assert getattr(v, name) != rnd.deal.boneyard
        for e in v.history:
            if e.kind != "place":
                assert e.tile is None
        assert (v.legal != ()) == (game.current_seat == seat)


def check_round_end(game: Game, rnd: RoundState) -> None:
    """3: a round ends on a domino (empty hand) or a fish (nobody can place or draw)."""
    end = rnd.end
    assert end is not None
    if end.kind is EndKind.DOMINO:
        assert rnd.hands[end.seat] == []
    else:
        assert rnd.drawn == rnd.drawable
        pips = set(rnd.table.open_ends().values())
        assert not any(t.a in pips or t.b in pips for h in rnd.hands for t in h)
        sides = end.side_pips
        assert (end.kind is EndKind.EGGS) == (sides.count(min(sides)) > 1) or (
            game.outcome is not None and game.outcome.reason is GameEndReason.FOUR_FIVES)
    assert end.pips == tuple(game.variant.hand_value(h) for h in rnd.hands)


def check_outcome(game: Game) -> None:
    out = game.outcome
    assert out is not None
    assert sorted(out.winners + out.losers) == list(range(len(game.variant.sides)))
    name = game.variant.name
    if out.reason is GameEndReason.GOAT:
        assert all(game.totals[s] >= 101 for s in out.losers)
        assert all(game.totals[s] < 101 for s in out.winners)
    elif out.reason is GameEndReason.TARGET:
        target = game.variant.target
        assert target is not None
        assert all(game.totals[s] == max(game.totals) >= target for s in out.winners)
    elif out.reason is GameEndReason.FOUR_FIVES:
        assert name == "telephone"
        assert game.round.table.four_ends() == (5, 5, 5, 5)
    else:
        assert name == "threes" and len(game.rounds) == 1


def play_checked_game(name: str, players: int, options: dict[str, Any], seed: int) -> Game:
    v = variant(name, players, **options)
    game = Game(v, seed=seed)
    rng = random.Random(seed)
    check_conservation(game)
    moves = 0
    while game.outcome is None:
        legal = game.legal_moves()
        check_legal_moves(game, legal)
        if moves % 4 == 0:
            check_views(game)
        rnd = game.round
        before = list(game.totals)
        move = rng.choice(legal)
        result = game.play(move)
        moves += 1
        side = v.side_of[result.seat]
        if result.round_end is None:
            assert [t - b for t, b in zip(game.totals, before, strict=True)] == [
                result.points if i == side else 0 for i in range(len(before))]
        if isinstance(move, Draw):
            assert result.drawn is not None and result.drawn in rnd.hands[result.seat]
        if isinstance(move, (Draw, Pass)):
            assert result.points == 0
        if result.round_end is not None:
            assert rnd.end is result.round_end
            check_round_end(game, rnd)
        if game.outcome is None:
            check_conservation(game)
        assert moves < 5000
    check_outcome(game)
    assert game.legal_moves() == []
    for i, s in enumerate(v.sides):
        assert game.totals[i] == sum(r.points[i] for r in game.rounds), s
    return game


@pytest.mark.parametrize("config", CONFIGS, ids=[_id(c) for c in CONFIGS])
def test_random_games_keep_every_invariant_and_replay(
        config: Config) -> None:
    """Tile conservation after every move; every played move was legal and accepted
    by the checked path; views leak nothing; the record written, dumped and read
    replays to the same summary; round ends are true dominoes or fishes."""
    name, players, options, games, _ = config
    for seed in range(games * SCALE):
        game = play_checked_game(name, players, options, seed)
        rec = json.loads(json.dumps(to_record(game)))
        again, _ = replay(rec)
        assert replay_summary(again) == replay_summary(game), (name, players, seed)
        assert again.outcome == game.outcome and again.totals == game.totals


@pytest.mark.parametrize("config", CONFIGS, ids=[_id(c) for c in CONFIGS])
def test_many_fast_games_conserve_tiles_at_every_round_end(
        config: Config) -> None:
    """Thousands of games on the fast path (apply, moves drawn from legal_moves):
    every tile accounted for after every move; every round end is a genuine domino
    or fish; every game ends by its variant's rule."""
    name, players, options, _, games = config
    v = variant(name, players, **options)
    rng = random.Random(f"{name}{players}{options}")
    for _ in range(games * SCALE):
        game = Game(v, seed=rng.getrandbits(40))
        while game.outcome is None:
            rnd = game.round
            game.apply(rng.choice(game.legal_moves()))
            if game.outcome is None:
                check_conservation(game)
            if rnd.end is not None:
                check_round_end(game, rnd)
        check_outcome(game)


@pytest.mark.parametrize("config", CONFIGS[::3], ids=[_id(c) for c in CONFIGS[::3]])
def test_same_seed_same_game(config: Config) -> None:
    """DESIGN: randomness is injected: the same seed and the same moves give the same game."""
    name, players, options, _, _ = config
    v = variant(name, players, **options)
    for seed in (1, 99, 2024):
        records = []
        for _ in range(2):
            game = Game(v, seed=seed)
            rng = random.Random(seed)
            while game.outcome is None:
                game.play(rng.choice(game.legal_moves()))
            records.append(to_record(game))
        assert records[0] == records[1]
    assert to_record(Game(v, seed=5)) != to_record(Game(v, seed=6))


@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**48))
def test_hypothesis_seeds_deal_identically_and_replay(
        config: Config, seed: int) -> None:
    """Any seed: two games from it deal the same rounds; the game replays from its record."""
    name, players, options, _, _ = config
    v = variant(name, players, **options)
    a, b = Game(v, seed=seed), Game(v, seed=seed)
    assert a.round.deal == b.round.deal
    rng = random.Random(seed)
    while a.outcome is None and len(a.rounds) < 3:
        m = rng.choice(a.legal_moves())
        a.play(m)
        b.play(m)
    assert to_record(a) == to_record(b)
    again, _ = replay(json.loads(json.dumps(to_record(a))))
    assert replay_summary(again) == replay_summary(a)
