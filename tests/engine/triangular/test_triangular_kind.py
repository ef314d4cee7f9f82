"""The ``triangular`` game kind: Tri-Ominos behind the common contract.

A game rebuilt from its stored entries is the game; its record replays to the
same game; a seat's view (and view record) never shows another seat's triangles
or the pool; the computer players decide from the view alone; moves of another
kind are refused with nothing changed."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalMoveError, OptionsError, RecordError
from engine.core.moves import DONE, DRAW, PASS, Cut, Draw, GridPlace, Pass
from engine.core.results import EndKind, GameEndReason
from engine.core.tiles import Tile
from engine.triangular.kind import (
    TRIANGULAR_KIND,
    TriangularMatch,
    TriangularSeatView,
    as_tri_move,
)
from engine.triangular.rules import Place, Reason, Triangle, Triangular, TriangularMoveError
from engine.variants import find_variant, make_variant

KIND = TRIANGULAR_KIND


def variant(players: int = 2, **options: object) -> Triangular:
    v = make_variant("triangular", players, options)
    assert isinstance(v, Triangular)
    return v


def play_out(match: TriangularMatch, seed: int, level: str = "easy",
             max_moves: int = 4000) -> list[str]:
    """Play ``match`` by the computer players from their views; the stored entries."""
    entries: list[str] = []
    while match.outcome is None and len(entries) < max_moves:
        seat = match.current_seat
        assert seat is not None
        move = KIND.decide(level, seed, match.variant, match.view(seat))
        _, entry = KIND.play(match, move)
        entries.append(entry)
    return entries


def fingerprint(match: TriangularMatch) -> str:
    return json.dumps(KIND.to_record(match, ["A", "B", "C", "D"][:match.players]),
                      sort_keys=True)


# ------------------------------------------------------------------- the variant
def test_registered_by_name_and_aliases() -> None:
    for alias in ("triangular", "треугольное", "триомино", "triominos", "tri_ominos"):
        assert find_variant(alias) is Triangular
    assert Triangular.kind == "triangular" and Triangular.order == 200
    v = variant(3, target=200, voluntary_draw=False)
    assert v.hand_size() == 7 and variant(2).hand_size() == 9
    opts = v.triangular_options()
    assert (opts.players, opts.target, opts.voluntary_draw) == (3, 200, False)
    assert variant(4).triangular_options().target == 400
    assert v.option_spec("target") is not None and 100 in v.option_spec("target").offered


@pytest.mark.parametrize("players, options", [
    (5, {}), (1, {}), (4, {"teams": True}), (2, {"free_lines": True}), (2, {"target": 0}),
    (2, {"voluntary_draw": "no"}),
])
def test_options_refused(players: int, options: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        make_variant("triangular", players, options)


# ------------------------------------------------------------------- moves
def test_moves_carried_by_engine_moves() -> None:
    place = Place((5, 5, 2), (1, 0))
    assert isinstance(place, GridPlace)
    assert as_tri_move(GridPlace((5, 5, 2), (1, 0))) == place
    assert as_tri_move(DRAW) is DRAW and as_tri_move(PASS) is PASS  # the core's own
    assert isinstance(as_tri_move(Draw()), Draw)
    assert isinstance(as_tri_move(Pass()), Pass)
    for bad in (Cut(Tile(1, 2)), GridPlace((1, 4, 2), (0, 0)), GridPlace((1, 2, 4), (0,)),
                GridPlace((1, 2, 9), (0, 0)), DONE):
        with pytest.raises(IllegalMoveError):
            as_tri_move(bad)  # type: ignore[arg-type]


def test_refused_moves_change_nothing() -> None:
    match = KIND.new_game(variant(2), 11)
    before = fingerprint(match)
    lead = match.legal_moves()[0]
    assert isinstance(lead, GridPlace) and lead.cell == (0, 0)
    with pytest.raises(TriangularMoveError) as info:
        KIND.play(match, DRAW)  # the round begins with the lead
    assert info.value.reason is Reason.MUST_PLACE
    with pytest.raises(TriangularMoveError) as info:
        KIND.play(match, GridPlace(lead.numbers, (1, 0)))
    assert info.value.reason is Reason.LEAD_CELL
    with pytest.raises(IllegalMoveError):
        KIND.play(match, Cut(Tile(6, 6)))
    assert fingerprint(match) == before
    result, entry = KIND.play(match, lead)
    assert entry == result.notation == f"{'-'.join(map(str, lead.numbers))}@0,0"
    assert result.points >= 0 and result.round_end is None


# ------------------------------------------------------------------- rebuild and record
@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_rebuild_and_replay_equal_the_game(players: int, seed: int) -> None:
    match = KIND.new_game(variant(players, target=100), seed)
    entries = play_out(match, seed)
    assert match.outcome is not None and match.outcome.reason is GameEndReason.TARGET
    assert entries == match.entries()
    assert max(match.totals) >= 100
    again = KIND.rebuild(variant(players, target=100), seed, entries)
    assert fingerprint(again) == fingerprint(match)
    record = KIND.to_record(match, ["A", "B", "C", "D"][:players])
    replayed, names = KIND.replay(json.loads(json.dumps(record)))
    assert names == ["A", "B", "C", "D"][:players]
    assert isinstance(replayed, TriangularMatch)
    assert replayed.totals == match.totals and replayed.outcome == match.outcome
    assert KIND.to_record(replayed, names) == record
    # each round wrote its points: the totals are their sum
    rounds = match.rounds
    assert all(r.end is not None for r in rounds)
    assert [sum(r.points[s] for r in rounds) for s in range(players)] == match.totals
    assert {r.end.kind for r in rounds if r.end} <= {EndKind.DOMINO, EndKind.FISH,
                                                      EndKind.EGGS}


def test_rebuild_mid_game_and_refused_entries() -> None:
    match = KIND.new_game(variant(2), 5)
    for _ in range(9):
        seat = match.current_seat
        assert seat is not None
        KIND.play(match, KIND.decide("medium", 5, match.variant, match.view(seat)))
    again = KIND.rebuild(variant(2), 5, match.entries())
    assert fingerprint(again) == fingerprint(match)
    assert again.view(0) == match.view(0) and again.current_seat == match.current_seat
    with pytest.raises(IllegalMoveError):
        KIND.rebuild(variant(2), 5, ["pass"])  # the round begins with the lead
    with pytest.raises(IllegalMoveError):
        KIND.rebuild(variant(2), 5, ["1-4-2@0,0"])  # no tile of the set


def test_replay_refuses_bad_records() -> None:
    match = KIND.new_game(variant(2), 8)
    record = KIND.to_record(match, ["A", "B"])
    bad = dict(record, options={"voluntary_draw": 3})
    with pytest.raises(RecordError):
        KIND.replay(bad)
    bad = dict(record, rounds=[dict(record["rounds"][0], moves=["draw"])])
    with pytest.raises(RecordError):
        KIND.replay(bad)


def test_head_options_round_trip() -> None:
    v = variant(3, target=300, voluntary_draw=False)
    match = KIND.new_game(v, 4)
    record = KIND.to_record(match, ["A", "B", "C"])
    assert record["options"] == {"target": 300, "voluntary_draw": False}
    assert make_variant("triangular", 3, record["options"]).triangular_options() == \
        v.triangular_options()


# ------------------------------------------------------------------- what a seat sees
def _strings(obj: object) -> set[str]:
    out: set[str] = set()
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            out |= _strings(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            out |= _strings(v)
    return out


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.integers(0, 60))
def test_views_never_show_hidden_triangles(seed: int, players: int, steps: int) -> None:
    match = KIND.new_game(variant(players), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.outcome is not None:
            break
        moves = match.legal_moves()
        KIND.play(match, moves[rng.randrange(len(moves))])
    if match.outcome is not None:
        return
    rnd = match.round
    placed = {p.tile for p in rnd.grid.cells.values()}
    pool_left = set(rnd.pool_order[rnd.drawn:])
    for seat in [None, *range(players)]:
        view = match.view(seat)
        assert isinstance(view, TriangularSeatView)
        detail = view.grid_view
        assert not hasattr(view, "hand") and view.hand_sizes == tuple(len(h) for h in rnd.hands)
        assert view.boneyard_left == rnd.pool
        own = set(rnd.hands[seat]) if seat is not None else set()
        assert set(detail.hand) == own
        others = {t for s, h in enumerate(rnd.hands) if s != seat for t in h}
        shown = {p.tile for p in detail.placed}
        assert shown == placed and not (shown & others) and not (shown & pool_left)
        # the view record: own hand and own draws only
        vrec = KIND.to_view_record(match, seat, ["A", "B", "C", "D"][:players])
        assert vrec["format"] == "domino-view/1" and vrec["viewer"] == seat
        current = vrec["rounds"][-1]  # earlier rounds' hands are public at their end
        assert [h is None for h in current["hands"]] == [s != seat for s in range(players)]
        texts = _strings(current)
        public = own | placed | ({rnd.shown} if rnd.shown is not None else set())
        hidden = {str(t) for t in others | pool_left} - {str(t) for t in public}
        # a hidden triangle appears in the record only inside a move (placed since)
        moves_text = " ".join(current["moves"])
        leaked = {t for t in hidden if t in texts or f"{t}@" in moves_text}
        assert not leaked
        legal = view.legal
        assert (seat is not None and seat == match.current_seat) == bool(legal)


def test_decide_uses_the_view_only() -> None:
    match = KIND.new_game(variant(3), 21)
    for _ in range(12):
        seat = match.current_seat
        assert seat is not None
        view = match.view(seat)
        for level in ("easy", "medium", "hard"):
            move = KIND.decide(level, 21, match.variant, view)
            assert move in view.legal
            assert KIND.decide(level, 21, match.variant, view) == move  # reproducible
        KIND.play(match, KIND.decide("hard", 21, match.variant, view))
    with pytest.raises(ValueError):
        KIND.decide("easy", 1, match.variant, match.view(None))


def test_ended_views_give_each_round_its_totals() -> None:
    match = KIND.new_game(variant(2, target=150), 33)
    play_out(match, 33, "medium")
    ended = KIND.ended_views(match)
    rounds = match.rounds
    assert len(ended) == len(rounds) and len(rounds) >= 1
    running = [0, 0]
    for view, rnd in zip(ended, rounds, strict=True):
        running = [t + p for t, p in zip(running, rnd.points, strict=True)]
        assert list(view.totals) == running
        assert view.seat is None and view.turn is None and view.legal == ()
        assert view.grid_view.result is not None and view.grid_view.hand == ()
        assert list(view.round_points) == list(rnd.points)
    assert ended[-1].outcome == match.outcome is not None
    assert all(view.outcome is None for view in ended[:-1])
    assert list(ended[-1].totals) == match.totals


def test_every_triangle_is_a_triangle() -> None:
    match = KIND.new_game(variant(2), 2)
    assert all(isinstance(t, Triangle) for h in match.rounds[0].hands for t in h)
    assert sum(len(h) for h in match.rounds[0].hands) == 18
