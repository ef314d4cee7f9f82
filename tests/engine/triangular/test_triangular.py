"""triangular (docs/rules.md 4.21): the worked examples T-E1..T-E8 and properties."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import MoveError, RecordError, TileError
from engine.core.results import EndKind
from engine.triangular.pieces import (
    DRAW,
    PASS,
    TRIANGLE_SET,
    Place,
    Triangle,
    corners,
    hexagon,
    neighbours,
    parse_move,
    points_up,
)
from engine.triangular.record import replay, replay_summary
from engine.triangular.rules import (
    Reason,
    TriangularGame,
    TriangularMoveError,
    lead_rule,
    make_options,
    play_random_game,
)
from engine.triangular.scoring import game_winners, round_end_points


def T(text: str) -> Triangle:
    return Triangle.parse(text)


def tiles(text: str) -> list[str]:
    return text.split()


def record(hands: list[list[str]], moves: list[str], pool_first: list[str] | None = None,
           options: dict[str, Any] | None = None, leader: int | None = None
           ) -> dict[str, Any]:
    """A one-round record; the pool is ``pool_first`` then the rest in canonical order."""
    used = {T(t) for h in hands for t in h} | {T(t) for t in pool_first or []}
    pool = list(pool_first or []) + [str(t) for t in TRIANGLE_SET if t not in used]
    rnd: dict[str, Any] = {"hands": hands, "boneyard": pool, "moves": moves}
    if leader is not None:
        rnd["leader"] = leader
    return {"format": "domino-record/1", "variant": "triangular", "options": options or {},
            "players": ["Anna", "Boris", "Vera", "Gleb"][:len(hands)], "rounds": [rnd]}


def points_of(rec: dict[str, Any]) -> list[int]:
    _game, outs = replay(rec)
    return [o.points for o in outs[0]]


# ---------------------------------------------------------------- T-E1 the set


def test_t_e1_the_set() -> None:
    t = T("1-2-4")
    assert t.turnings == ((1, 2, 4), (2, 4, 1), (4, 1, 2))
    assert T("2-4-1") is t and T("4-1-2") is t
    for mirrored in ("1-4-2", "4-2-1", "2-1-4"):
        with pytest.raises(TileError):
            T(mirrored)
    assert T("0-0-5") is T("0-5-0") is T("5-0-0")
    assert len(TRIANGLE_SET) == len(set(TRIANGLE_SET)) == 56
    kinds = [len({t.a, t.b, t.c}) for t in TRIANGLE_SET]
    assert (kinds.count(1), kinds.count(2), kinds.count(3)) == (6, 30, 20)
    assert [str(t) for t in TRIANGLE_SET[:3]] == ["0-0-0", "0-0-1", "0-0-2"]
    assert str(TRIANGLE_SET[-1]) == "5-5-5"
    assert all(str(T(str(t))) == str(t) for t in TRIANGLE_SET)
    with pytest.raises(MoveError):
        parse_move("3-2-0@1,-1")  # malformed: not a turning of a tile


# ------------------------------------------------------------ T-E2 geometry


def test_t_e2_geometry() -> None:
    assert points_up((0, 0)) and not points_up((1, 0))
    assert corners((0, 0)) == ((0, 1), (1, 0), (-1, 0))
    assert set(neighbours((0, 0))) == {(-1, 0), (1, 0), (0, -1)}
    assert corners((1, 0)) == ((1, 0), (0, 1), (2, 1))
    assert set(neighbours((1, 0))) == {(0, 0), (2, 0), (1, 1)}
    assert set(corners((0, 0))) & set(corners((1, 0))) == {(0, 1), (1, 0)}
    assert set(hexagon((1, 0))) == {(0, 0), (1, 0), (2, 0), (0, -1), (1, -1), (2, -1)}
    for cell in [(x, y) for x in range(-3, 4) for y in range(-3, 4)]:
        for n in neighbours(cell):  # neighbours share exactly one edge (two vertices)
            assert len(set(corners(cell)) & set(corners(n))) == 2
            assert cell in neighbours(n)
        for v in corners(cell):
            assert (v[0] + v[1]) % 2 == 1 and cell in hexagon(v)


# ---------------------------------------------------------------- T-E3 the lead


def _fill(hand: list[str], size: int, avoid: set[Triangle]) -> list[str]:
    out = list(hand)
    for t in TRIANGLE_SET:
        if len(out) == size:
            break
        if not t.is_triple and t not in avoid and str(t) not in out:
            out.append(str(t))
            avoid.add(t)
    return out


def test_t_e3_the_lead() -> None:
    hands = [["4-4-4", "0-0-0"], ["3-3-3"]]
    avoid = {T(t) for h in hands for t in h}
    hands = [_fill(h, 9, avoid) for h in hands]
    seat, lead = lead_rule([[T(t) for t in h] for h in hands])
    assert seat == 0 and lead == (T("4-4-4"), T("0-0-0"))
    assert points_of(record(hands, ["4-4-4@0,0"])) == [22]
    game, outs = replay(record(hands, ["0-0-0@0,0"]))
    assert [o.points for o in outs[0]] == [40]
    assert game.view(1).shown is T("4-4-4")  # shown to everyone
    with pytest.raises(RecordError):
        replay(record(hands, ["3-3-3@0,0"]))
    # without a triple: 3-5-5 and 4-4-5 are both 13; 5-5-3 reads before 5-4-4
    hands = [["3-5-5", "0-0-1"], ["4-4-5", "0-1-1"]]
    avoid = {T(t) for h in hands for t in h} | {t for t in TRIANGLE_SET
                                                 if t.value >= 13}
    hands = [_fill(h, 9, avoid) for h in hands]
    assert lead_rule([[T(t) for t in h] for h in hands]) == (0, (T("3-5-5"),))
    for lead in ("3-5-5@0,0", "5-5-3@0,0", "5-3-5@0,0"):
        assert points_of(record(hands, [lead])) == [13]
    with pytest.raises(RecordError):
        replay(record(hands, ["3-5-5@1,0"]))  # the lead goes on 0,0


# ---------------------------------------------------------- T-E4 a hexagon


T_E4 = record([tiles("4-4-4 4-5-5 2-4-5 0-0-1 0-1-2 0-1-3 0-2-2 1-1-2 1-2-3"),
               tiles("4-4-5 3-4-4 2-3-4 0-0-2 0-0-3 0-1-1 0-2-3 1-1-3 1-2-2")],
              ["4-4-4@0,0", "4-4-5@1,0", "5-5-4@2,0", "3-4-4@0,-1", "2-4-5@2,-1",
               "4-2-3@1,-1"])


def test_t_e4_hexagon() -> None:
    game, outs = replay(T_E4)
    assert [o.points for o in outs[0]] == [22, 13, 14, 11, 11, 59]
    last = outs[0][-1].scored
    assert last is not None and last.hexagons == 1 and not last.bridge
    assert game.totals == [47, 83]
    assert dict(game.view(0).vertices)[(1, 0)] == 4


# ------------------------------------------- T-E5 a bridge and a double hexagon


T_E5_HANDS = [tiles("2-2-2 1-1-2 0-0-2 0-4-5 0-2-3 1-3-5 2-4-5 1-1-4 3-4-5"),
              tiles("1-2-2 0-1-2 0-0-5 0-3-4 0-2-2 1-1-3 2-3-5 1-4-4 3-3-4")]
T_E5_MOVES = ["2-2-2@0,0", "2-1-2@-1,0", "1-2-1@-2,0", "0-1-2@-2,-1", "2-0-0@-1,-1",
              "5-0-0@-1,-2", "0-4-5@0,-2", "4-0-3@1,-2", "2-3-0@1,-1", "0-2-2@0,-1"]


def test_t_e5_bridge_and_two_hexagons() -> None:
    game, outs = replay(record(T_E5_HANDS, T_E5_MOVES))
    assert [o.points for o in outs[0]] == [16, 5, 4, 3, 2, 5, 9, 7, 45, 64]
    s9, s10 = outs[0][8].scored, outs[0][9].scored
    assert s9 is not None and s9.bridge and s9.hexagons == 0
    assert s10 is not None and s10.hexagons == 2 and not s10.bridge
    assert game.totals == [76, 84]
    assert dict(game.view(None).vertices) == {
        (0, 1): 2, (1, 0): 2, (-1, 0): 2, (-2, 1): 1, (-3, 0): 1, (-2, -1): 0, (0, -1): 0,
        (-1, -2): 5, (1, -2): 4, (2, -1): 3}


def test_t_e5_errors() -> None:
    game, _ = replay(record(T_E5_HANDS, T_E5_MOVES[:6]))
    with pytest.raises(TriangularMoveError) as err:
        game.play(0, "2-3-0@1,-1")  # both touched corners match, but no shared edge
    assert err.value.reason is Reason.NO_EDGE
    with pytest.raises(MoveError):
        game.play(0, "3-2-0@1,-1")
    assert game.record() == record(T_E5_HANDS, T_E5_MOVES[:6], leader=0)


# ------------------------------------------------------- T-E6 draws and passes


T_E6_HANDS = [tiles("5-5-5 0-0-1 0-1-1 0-0-3 0-1-3 1-1-3 0-3-3 1-3-3 0-1-4"),
              tiles("0-0-2 0-2-2 1-1-2 1-2-2 0-1-2 0-2-4 1-2-4 2-2-4 0-2-5")]


def test_t_e6_three_draws_then_place() -> None:
    pool = tiles("1-2-3 2-3-4 2-5-5")
    for place in ("5-5-2@1,0", "5-2-5@-1,0", "2-5-5@0,-1"):
        game, outs = replay(record(T_E6_HANDS, ["5-5-5@0,0", "draw", "draw", "draw", place],
                                   pool))
        assert [o.points for o in outs[0]] == [25, -5, -5, -5, 12]
        assert game.totals == [25, -3]
    game, _ = replay(record(T_E6_HANDS, ["5-5-5@0,0", "draw", "draw", "draw"], pool))
    legal = game.legal_moves()
    assert DRAW not in legal and PASS not in legal and len(legal) == 3


def test_t_e6_three_draws_then_pass() -> None:
    pool = tiles("1-2-3 2-3-4 3-4-4")
    game, outs = replay(record(T_E6_HANDS, ["5-5-5@0,0", "draw", "draw", "draw", "pass"],
                               pool))
    assert [o.points for o in outs[0]] == [25, -5, -5, -5, -10]
    assert game.totals == [25, -25] and game.current.turn == 0
    game, _ = replay(record(T_E6_HANDS, ["5-5-5@0,0", "draw"], pool))
    with pytest.raises(TriangularMoveError) as err:
        game.play(1, "pass")  # he may still draw
    assert err.value.reason is Reason.MUST_DRAW


def test_t_e6_voluntary_draw() -> None:
    pool = tiles("2-5-5 1-2-3")
    moves = ["5-5-5@0,0", "draw", "draw"]  # 2-5-5 fits after the first draw
    game, outs = replay(record(T_E6_HANDS, moves, pool))
    assert [o.points for o in outs[0]] == [25, -5, -5]
    with pytest.raises(RecordError):
        replay(record(T_E6_HANDS, moves, pool, {"voluntary_draw": False}))
    game, _ = replay(record(T_E6_HANDS, moves[:2], pool, {"voluntary_draw": False}))
    with pytest.raises(TriangularMoveError) as err:
        game.play(1, "draw")
    assert err.value.reason is Reason.MUST_PLACE
    assert game.record()["options"] == {"voluntary_draw": False}


# --------------------------------------------------------- T-E7 round scoring


def test_t_e7_round_scoring() -> None:
    # Vera (seat 2) went out; Anna keeps 4-4-5 0-0-1, Boris 2-3-5
    values = (T("4-4-5").value + T("0-0-1").value, T("2-3-5").value, 0)
    assert values == (14, 10, 0)
    assert round_end_points(EndKind.DOMINO, 2, values) == (2, (0, 0, 49))
    assert T("1-2-3").value == 6
    block = (T("0-1-4").value, T("2-3-5").value + T("0-0-1").value, T("3-3-5").value)
    assert block == (5, 11, 11)
    assert round_end_points(EndKind.FISH, 1, block) == (0, (17, 0, 0))
    assert round_end_points(EndKind.FISH, 1, (5, 5, 11)) == (None, (0, 0, 0))


# ------------------------------------------------------------- T-E8 game end


def test_t_e8_game_end() -> None:
    totals = (412, 405, 380)
    assert game_winners(totals, 400, 1) == (1,)
    assert game_winners(totals, 400, 2) == (0,)
    assert game_winners((412, 300, 380), 400, 1) == (0,)
    assert game_winners((412, 300, 380), 400, None) == (0,)
    assert game_winners((410, 410, 380), 400, 2) == (0, 1)
    assert game_winners((399, 300, 380), 400, 0) == ()


# ------------------------------------------------------------- more checks


def test_domino_ends_round_and_replay_summary() -> None:
    rng = random.Random(5)
    game = TriangularGame(["A", "B"], seed=11)
    play_random_game(game, rng)
    assert game.over and game.winners
    again, _ = replay(game.record())
    summary = replay_summary(again)
    assert summary["totals"] == game.totals and summary["winners"] == list(game.winners)
    for r, rs in zip(game.rounds, summary["rounds"], strict=True):
        assert r.result is not None and rs["end"]["kind"] == r.result.kind.value
    assert sum(sum(r["round_points"]) for r in summary["rounds"]) == sum(game.totals)


def test_options() -> None:
    assert make_options(3, {"target": 200}).target == 200
    for bad in ({"target": 0}, {"voluntary_draw": 1}, {"set": 9}):
        with pytest.raises(Exception):  # noqa: B017 - OptionsError
            make_options(2, bad)
    with pytest.raises(Exception):  # noqa: B017
        make_options(5)


def test_cli_replay(tmp_path: Any) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(T_E4))
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)],
                         capture_output=True, text=True, check=True)
    summary = json.loads(out.stdout)
    assert summary["totals"] == [47, 83]
    assert [m["points"] for m in summary["rounds"][0]["moves"]] == [22, 13, 14, 11, 11, 59]
    bad = dict(T_E4, rounds=[dict(T_E4["rounds"][0], moves=["4-4-4@1,0"])])
    path.write_text(json.dumps(bad))
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)],
                         capture_output=True, text=True)
    assert out.returncode == 1 and "move 0" in out.stderr


# ---------------------------------------------------------------- properties


def _visible(view: Any) -> set[Triangle]:
    """Every triangle a view names anywhere."""
    found: set[Triangle] = set()

    def walk(x: Any) -> None:
        if isinstance(x, Triangle):
            found.add(x)
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
        elif hasattr(x, "__dataclass_fields__"):
            for f in fields(x):
                walk(getattr(x, f.name))
            if hasattr(x, "tile"):
                walk(x.tile)

    walk(view)
    return found


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]),
       voluntary=st.booleans())
def test_properties_of_random_games(seed: int, players: int, voluntary: bool) -> None:
    rng = random.Random(seed)
    opts = make_options(players, {"voluntary_draw": voluntary, "target": 150})
    game = TriangularGame(players, opts, seed=seed)
    steps = 0
    while not game.over and steps < 3000:
        if not game.rounds or game.current.over:
            game.start_round()
        rnd = game.current
        # conservation: every triangle in exactly one of hands, pool, grid
        held = [t for h in rnd.hands for t in h] + list(rnd.pool_order[rnd.drawn:]) + [
            p.tile for p in rnd.grid.cells.values()]
        assert sorted(t.index for t in held) == list(range(56))
        # every touched vertex carries the number of every triangle touching it
        for p in rnd.grid.cells.values():
            for v, n in zip(corners(p.cell), p.numbers, strict=True):
                assert rnd.grid.vertices[v] == n
        # a view reveals no hidden triangle of another seat (nor the pool)
        public = {p.tile for p in rnd.grid.cells.values()} | (
            {rnd.shown} if rnd.shown else set())
        for s in range(players):
            view = game.view(s)
            assert _visible(view) <= public | set(rnd.hands[s])
            assert view.legal == (tuple(game.legal_moves()) if s == rnd.turn else ())
        assert _visible(game.view(None)) <= public
        legal = game.legal_moves()
        assert legal
        # a move not among the legal ones is refused and changes nothing
        bad = [Place(r, c) for t in rnd.hands[rnd.turn] for r in t.turnings
               for c in [(x, y) for x in range(-2, 3) for y in range(-2, 3)]
               if Place(r, c) not in legal][:5] + [m for m in (DRAW, PASS) if m not in legal]
        before = json.dumps(game.record())
        for m in bad:
            with pytest.raises(TriangularMoveError):
                game.play(rnd.turn, m)
        assert json.dumps(game.record()) == before
        move = legal[int(rng.random() * len(legal))]
        out = game.play(rnd.turn, move)
        if out.round_end is not None and out.round_end.kind is not EndKind.DOMINO:
            assert rnd.pool == 0 and not any(rnd.grid.can_place(h) for h in rnd.hands)
        steps += 1
    again, _ = replay(game.record())
    assert again.totals == game.totals and again.record() == game.record()
    twin = TriangularGame(players, opts, seed=seed)
    play_random_game(twin, random.Random(seed))
    first = TriangularGame(players, opts, seed=seed)
    play_random_game(first, random.Random(seed))
    assert twin.record() == first.record()
