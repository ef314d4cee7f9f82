"""chicken_foot's properties over seeded games: tiles are conserved, only legal moves
are played, the record replays to the same game, the same seed deals and plays the
same game, and no view shows a tile its seat may not see."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chicken.kind import CHICKEN_KIND, ChickenMatch, ChickenView, variant_of
from engine.chicken.record import replay, replay_summary
from engine.chicken.rules import ChickenFoot, ChickenGame, make_options
from engine.chicken.table import ENGINE, TOES
from engine.core.errors import IllegalMoveError
from engine.core.moves import BranchPlace
from engine.core.results import EndKind
from engine.core.tiles import Tile, full_set

TABLES: list[tuple[int, dict[str, Any]]] = [
    (2, {"set": 6}), (3, {"set": 6, "root_arms": 6}), (4, {"set": 6, "double_blank": 0}),
    (2, {"rounds": 3}), (4, {"rounds": 2}), (5, {"rounds": 2, "root_arms": 6}),
    (8, {"rounds": 2}),
]


def variant(players: int, options: dict[str, Any]) -> ChickenFoot:
    return variant_of(make_options(players, options))


def match_of(players: int, options: dict[str, Any], seed: int) -> ChickenMatch:
    """A match with the game's own options (root_arms, double_blank included)."""
    game = ChickenGame(make_options(players, options), seed)
    game.start_round()
    return ChickenMatch(variant(players, options), seed, game)


def conserved(game: ChickenGame) -> None:
    rnd = game.current
    tiles = [*rnd.table.tiles(), *rnd.yard_left, *(t for h in rnd.hands for t in h)]
    assert Counter(tiles) == Counter(full_set(game.options.set))


def tree_is_sound(game: ChickenGame) -> None:
    """Every branch's tiles chain from its root pip out; each foot has at most three
    toes, only one lacks any, and the engine has at most its arms."""
    table = game.current.table
    assert table.arms <= table.root_arms
    feet_short = 0
    for b in table.branches:
        if len(b.path) == 1:
            pip = table.pip
        else:
            parent = table.branch(".".join(map(str, b.path[:-1])))
            assert parent is not None and parent.foot
            pip = parent.end
        for t in b.tiles:
            assert t.has(pip)
            pip = t.other(pip)
        assert pip == b.end
        if b.foot:
            assert table.toes(b) <= TOES
            feet_short += table.toes(b) < TOES
    assert feet_short <= 1


def play_out(match: ChickenMatch, seed: int) -> list[str]:
    entries: list[str] = []
    while match.current_seat is not None:
        seat = match.current_seat
        view = match.view(seat)
        move = CHICKEN_KIND.decide("easy", seed, match.variant, view)
        assert move in match.legal_moves()
        assert set(view.legal) == set(match.legal_moves())
        _, entry = CHICKEN_KIND.play(match, move)
        entries.append(entry)
        if match.current_seat is not None:
            conserved(match.game)
            tree_is_sound(match.game)
    return entries


@settings(max_examples=12, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
def test_random_games_conserve_tiles_and_replay(table: tuple[int, dict[str, Any]],
                                                seed: int) -> None:
    players, options = table
    match = match_of(players, options, seed)
    play_out(match, seed)
    assert match.outcome is not None
    assert len(match.game.rounds) == match.game.options.rounds
    for rnd in match.game.rounds:
        assert rnd.end is not None
        if rnd.end.kind is EndKind.DOMINO:
            assert not rnd.hands[rnd.end.seat]
        assert [r.index for r in match.game.rounds] == list(range(len(match.game.rounds)))
    assert sum(sum(r.end.points) for r in match.game.rounds
               if r.end is not None) == sum(match.totals)
    record = CHICKEN_KIND.to_record(match, [f"P{i}" for i in range(players)])
    assert json.loads(json.dumps(record)) == record
    game, names = replay(record)
    assert names == [f"P{i}" for i in range(players)]
    assert game.totals == match.game.totals and game.outcome == match.outcome
    assert game.record(names) == record
    again, _ = CHICKEN_KIND.replay(record)
    assert CHICKEN_KIND.replay_summary(again) == replay_summary(match.game)


@pytest.mark.parametrize(("players", "options"), [(2, {"set": 6}), (4, {"rounds": 2})])
def test_the_same_seed_the_same_game(players: int, options: dict[str, Any]) -> None:
    v = variant(players, options)
    one = ChickenMatch(v, 99)
    entries = play_out(one, 3)
    two = ChickenMatch(v, 99)
    assert play_out(two, 3) == entries
    assert one.record(["a"] * players) == two.record(["a"] * players)
    rebuilt_match = ChickenMatch.rebuilt(v, 99, entries)
    assert rebuilt_match.record(["a"] * players) == one.record(["a"] * players)
    other = ChickenMatch(v, 100)
    assert other.game.rounds[0].dealt != one.game.rounds[0].dealt


def test_the_deal() -> None:
    for players, size in ((2, 21), (3, 14), (4, 11), (5, 8), (6, 7), (7, 6), (8, 5)):
        game = ChickenGame(make_options(players), seed=players)
        rnd = game.start_round()
        assert [len(h) for h in rnd.dealt] == [size] * players
        assert len(rnd.yard) == 54 - players * size
        assert 10 <= len(rnd.yard) <= 14
        assert rnd.table.engine == Tile(9, 9)
    game = ChickenGame(make_options(3, {"set": 6}), seed=1)
    rnd = game.start_round()
    assert [len(h) for h in rnd.dealt] == [5, 5, 5] and len(rnd.yard) == 12
    assert rnd.table.engine == Tile(6, 6)


def test_leaders_rotate_and_engines_descend() -> None:
    match = match_of(3, {"set": 6}, 4)
    play_out(match, 1)
    rounds = match.game.rounds
    assert [r.table.engine for r in rounds] == [Tile(6 - i, 6 - i) for i in range(7)]
    first = rounds[0].leader
    assert [r.leader for r in rounds] == [(first + i) % 3 for i in range(7)]


def hidden_from(view: ChickenView, match: ChickenMatch) -> set[Tile]:
    """The tiles ``view``'s seat may not see: the others' hands and the yard."""
    rnd = match.game.rounds[view.round_index]
    hidden = set(rnd.yard_left)
    for s, hand in enumerate(rnd.hands):
        if s != view.seat:
            hidden |= set(hand)
    return hidden


def shown(view: ChickenView) -> set[Tile]:
    tiles = set(view.hand)
    for b in view.branches:
        tiles |= set(b.tiles)
    for h in view.end_hands:
        tiles |= set(h)
    text = json.dumps([str(m) for m in view.legal] + list(view.moves))
    return tiles | {t for t in full_set(9) if f'"{t.a}-{t.b}' in text
                    or f'"{t.b}-{t.a}' in text}


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))
def test_no_view_shows_a_hidden_tile(seed: int, players: int) -> None:
    match = match_of(players, {"set": 6, "rounds": 2}, seed)
    names = [f"P{i}" for i in range(players)]
    while match.current_seat is not None:
        for seat in [None, *range(players)]:
            view = match.view(seat)
            if view.result is None:
                assert not shown(view) & hidden_from(view, match)
            assert view.hand_sizes == tuple(len(h) for h in match.game.current.hands)
            assert bool(view.legal) == (seat is not None and seat == match.current_seat)
            rec = CHICKEN_KIND.to_view_record(match, seat, names)
            for i, r in enumerate(rec["rounds"]):
                for s, h in enumerate(r["hands"]):
                    assert (h is None) == (s != seat)
                rnd = match.game.rounds[i]
                own = [str(t) for t in rnd.yard[:rnd.drawn]]
                assert set(r["drawn"]) <= set(own)
        move = CHICKEN_KIND.decide("easy", seed, match.variant,
                                   match.view(match.current_seat))
        match.play(move)
    assert CHICKEN_KIND.to_view_record(match, 0, names) == match.record(names)


def test_ended_views_are_public_and_add_up() -> None:
    match = match_of(2, {"set": 6, "rounds": 3}, 8)
    play_out(match, 2)
    views = CHICKEN_KIND.ended_views(match)
    assert len(views) == 3
    assert all(isinstance(v, ChickenView) and v.seat is None and not v.legal
               and not v.hand for v in views)
    assert views[-1].totals == tuple(match.totals)
    assert views[-1].outcome == match.outcome and views[0].outcome is None
    assert all(not v.table_empty for v in views)


def test_refusals_change_nothing() -> None:
    match = match_of(2, {"set": 6}, 5)
    rnd = match.game.current
    seat = rnd.turn
    before = match.record(["a", "b"])
    others = [t for t in full_set(6) if t not in rnd.hands[seat] and t != Tile(6, 6)]
    for move in [BranchPlace(others[0], others[0].a, ENGINE),
                 BranchPlace(Tile(6, 6), 6, ENGINE), BranchPlace(Tile(0, 1), 0, "1.2")]:
        with pytest.raises(IllegalMoveError):
            match.play(move)
    assert match.record(["a", "b"]) == before
