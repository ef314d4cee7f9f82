"""Properties of the variants of docs/rules.md 4.7-4.17 over random games.

For every variant and player count: tile conservation after every move (hands,
the undrawn boneyard and the table hold the whole set), every move played is
legal (the checked path accepts it, and it was offered by ``legal_moves``),
views hide the other hands and the boneyard order, record -> JSON -> replay
gives the same summary, the same seed gives the same game, and random legal
players always finish (something is legal while the game is not over).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core.tiles import Tile, full_set
from engine.domino.game import Game
from engine.domino.record import replay, replay_summary, to_record
from engine.variants import make_variant

CASES: list[tuple[str, int, dict[str, Any]]] = [
    (name, n, {}) for name in ("muggins", "pyaterochka", "cuban", "vsem_po_pyat", "domiki",
                               "sea_kozel", "osel", "checheve", "semerka")
    for n in (2, 3, 4)
] + [
    ("muggins", 4, {"teams": True}),
    ("pyaterochka", 4, {"teams": True}),
    ("cuban", 4, {"teams": True}),
    ("vsem_po_pyat", 4, {"teams": True}),
    ("vsem_po_pyat", 2, {"set": 6, "locked": True, "extra_turn": True, "no_double_out": True}),
    ("vsem_po_pyat", 3, {"locked": True, "extra_turn": True, "no_double_out": True}),
    ("sea_kozel", 3, {"fish_point": True}),
    ("sport", 4, {}),
    ("general_kozel", 4, {"rounds": 3}),
    ("kolbasa", 2, {}),
    ("kolbasa", 2, {"free_lines": True}),
]
WHOLE_GAMES = 4  # whole games per case, every move checked, replayed, twinned
ROUND_GAMES = 200  # first rounds per case, conservation and legality after every move
CHECKED_EVERY = 10  # of those, every tenth on the checked path, with views and replay


def _ids(case: tuple[str, int, dict[str, Any]]) -> str:
    name, n, opts = case
    return f"{name}-{n}" + "".join(f"-{k}" for k in opts)


def _conserved(game: Game) -> bool:
    rnd = game.round
    whole = full_set(game.variant.options.set)
    everything = [t for h in rnd.hands for t in h]
    everything += rnd.deal.boneyard[rnd.drawn:]
    everything += [p.tile for p in rnd.table.snapshot().tiles]
    return len(everything) == len(whole) and set(everything) == set(whole)


def _tiles_in(obj: Any, out: set[Tile]) -> None:
    if isinstance(obj, Tile):
        out.add(obj)
    elif isinstance(obj, tuple | list | frozenset | set):
        for x in obj:
            _tiles_in(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            _tiles_in(x, out)
    elif hasattr(obj, "__slots__") or hasattr(obj, "_fields"):
        for name in getattr(obj, "_fields", None) or getattr(obj, "__slots__", ()):
            _tiles_in(getattr(obj, name, None), out)


def _check_view(game: Game, seat: int, known: set[Tile]) -> None:
    view = game.view(seat)
    rnd = game.round
    assert list(view.hand) == rnd.hands[seat]
    assert view.hand_sizes == tuple(len(h) for h in rnd.hands)
    assert view.boneyard_left == rnd.drawable - rnd.drawn
    seen: set[Tile] = set()
    _tiles_in(view, seen)
    table = {p.tile for p in rnd.table.snapshot().tiles}
    # Only its own tiles (now or before a take), the table's, and nothing else.
    assert seen <= set(view.hand) | table | known, (seen - set(view.hand) - table - known)
    for ev in view.history:
        if ev.kind == "take" and seat not in (ev.seat, ev.source):
            assert ev.tiles == () and ev.count > 0


def _play(game: Game, rng: random.Random, checked: bool, rounds: int = 10**9) -> int:
    """Play to the end of the game (or of ``rounds`` rounds); return the moves played.
    Checks conservation after every move, and views now and then when ``checked``."""
    steps = 0
    known: dict[int, set[Tile]] = {}
    round_index = -1
    while game.outcome is None:
        if len(game.rounds) - 1 != round_index:
            round_index = len(game.rounds) - 1
            if round_index >= rounds:
                break
            known = {s: set(game.round.hands[s]) for s in range(game.players)}
        legal = game.legal_moves()
        assert legal, "nothing is legal but the game is not over"
        move = rng.choice(legal)
        seat = game.current_seat
        assert seat is not None
        if checked:
            if steps % 5 == 0:
                _check_view(game, seat, known[seat])
            game.play(move)
        else:
            game.apply(move)
        steps += 1
        assert steps < 200_000
        if len(game.rounds) - 1 == round_index:
            for s in range(game.players):
                known[s] |= set(game.round.hands[s])
        assert _conserved(game)
    return steps


def _replays(game: Game) -> None:
    again, _ = replay(json.loads(json.dumps(to_record(game))))
    assert replay_summary(again) == replay_summary(game)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_random_games_conserve_tiles_play_legally_hide_and_replay(
        case: tuple[str, int, dict[str, Any]]) -> None:
    name, players, options = case
    variant = make_variant(name, players, options)
    rng = random.Random(f"{name}/{players}/{sorted(options)}")
    for _ in range(WHOLE_GAMES):
        seed = rng.getrandbits(32)
        game = Game(variant, seed=seed)
        _play(game, random.Random(seed), checked=True)
        _replays(game)
        twin = Game(variant, seed=seed)  # the same seed and moves: the same game
        _play(twin, random.Random(seed), checked=False)
        assert to_record(twin) == to_record(game)
    for g in range(ROUND_GAMES):
        seed = rng.getrandbits(32)
        game = Game(variant, seed=seed)
        checked = g % CHECKED_EVERY == 0
        _play(game, random.Random(seed), checked=checked, rounds=1)
        if checked:
            _replays(game)


@pytest.mark.parametrize("name", ["osel", "domiki", "semerka"])
def test_views_through_a_replayed_game_stay_consistent(name: str) -> None:
    """A record replayed and then dealt on from the seed goes on exactly like the
    live game (the service restarts games this way), takes included."""
    variant = make_variant(name, 3)
    for seed in range(15):
        live = Game(variant, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if live.outcome is not None:
                break
            live.apply(rng.choice(live.legal_moves()))
        copy, _ = replay(json.loads(json.dumps(to_record(live))))
        copy.deal_from_seed(seed)
        for _ in range(400):
            if live.outcome is not None:
                break
            move = rng.choice(live.legal_moves())
            assert copy.legal_moves() == live.legal_moves()
            live.apply(move)
            copy.apply(move)
        assert replay_summary(copy) == replay_summary(live)
