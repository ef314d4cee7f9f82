"""mexican_train's hand buttons: a tile, then its train when it fits several; only
legal choices; every legal move reachable; stale, forged and out-of-turn presses
refused; data <= 64 bytes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.kinds.trains_keys import (
    MAX_DATA,
    Button,
    Refusal,
    Step,
    decode,
    hand_keyboard,
    handle,
    train_keyboard,
)
from engine.core.moves import DONE, Move, TrainPlace
from engine.trains.kind import TrainsMatch, TrainsView
from engine.variants import make_variant

GAME_ID = 987654321


def buttons(rows: list[list[Button]]) -> list[Button]:
    return [b for row in rows for b in row]


def reachable(view: TrainsView) -> set[Move]:
    """Every move the buttons lead to, following every step."""
    found: set[Move] = set()
    todo = buttons(hand_keyboard(GAME_ID, view))
    seen: set[str] = set()
    while todo:
        b = todo.pop()
        if b.data in seen:
            continue
        seen.add(b.data)
        assert len(b.data.encode()) <= MAX_DATA
        out = handle(GAME_ID, view, b.data)
        assert not isinstance(out, Refusal), (b, out)
        if isinstance(out, Step):
            todo.extend(buttons(out.keyboard))
        else:
            found.add(out)
    return found


def match(players: int, seed: int, **options: int) -> TrainsMatch:
    return TrainsMatch(make_variant("mexican_train", players, options), seed)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 4, 8]),
       first_turn=st.sampled_from([1, 2]))
def test_the_buttons_reach_exactly_the_legal_moves(seed: int, players: int,
                                                   first_turn: int) -> None:
    rng = random.Random(seed)
    game = match(players, seed, set=9, rounds=1, first_turn=first_turn)
    while not game.over:
        seat = game.current_seat
        assert seat is not None
        view = game.view(seat)
        assert reachable(view) == set(view.legal)
        other = game.view((seat + 1) % players)
        assert hand_keyboard(GAME_ID, other) == []
        for b in buttons(hand_keyboard(GAME_ID, view)):
            assert handle(GAME_ID, other, b.data) is Refusal.NOT_YOUR_TURN
        old = hand_keyboard(GAME_ID, view)
        legal = game.legal_moves()
        game.play(legal[int(rng.random() * len(legal))])
        if not game.over:
            fresh = game.view(game.current_seat)
            for b in buttons(old):  # a keyboard from before the move is stale
                assert handle(GAME_ID, fresh, b.data) is Refusal.STALE


def _a_tile_with_several_trains() -> tuple[TrainsMatch, TrainsView]:
    """A game at a turn where a tile fits more than one train (a single first turn:
    the own train and the Mexican train both end on the engine's pip)."""
    for seed in range(200):
        game = match(3, seed, set=9, first_turn=2)
        view = game.view(game.current_seat)
        places = [m for m in view.legal if isinstance(m, TrainPlace)]
        if any(sum(p.tile == m.tile for p in places) > 1 for m in places):
            return game, view
    raise AssertionError("no such deal in 200 seeds")


def test_a_tile_on_several_trains_asks_which_then_places_it() -> None:
    _game, view = _a_tile_with_several_trains()
    tiles = [b for b in buttons(hand_keyboard(GAME_ID, view)) if not b.text_key]
    assert [b.label for b in tiles] == sorted({str(m.tile) for m in view.legal
                                              if isinstance(m, TrainPlace)},
                                             key=lambda t: [str(x) for x in view.hand].index(t))
    several = next(b for b in tiles if isinstance(handle(GAME_ID, view, b.data), Step))
    step = handle(GAME_ID, view, several.data)
    assert isinstance(step, Step) and step.tile is not None
    choices = buttons(step.keyboard)
    keys = [b.label for b in choices if b.text_key]
    assert keys[0] == "mt.btn_mine" and "mt.btn_mexican" in keys and "mt.back" in keys
    for b in choices:
        out = handle(GAME_ID, view, b.data)
        if b.label == "mt.back":
            assert isinstance(out, Step) and buttons(out.keyboard)
            continue
        assert isinstance(out, TrainPlace) and out.tile == step.tile and out in view.legal
        assert dict(b.values)["pip"] == str(out.touch)
    # another seat's train is named by its owner, with a flag when it is open
    index = view.hand.index(step.tile)
    named = train_keyboard(GAME_ID, view, index, ["Anna", "Boris", "Vera"])
    assert all("·" in b.label or b.text_key for b in buttons(named))


def test_a_chain_offers_its_end_and_single_trains_place_at_once() -> None:
    for seed in range(100):
        game = match(2, seed, set=9, first_turn=1)
        view = game.view(game.current_seat)
        first = [b for b in buttons(hand_keyboard(GAME_ID, view)) if not b.text_key]
        if not first:
            continue
        out = handle(GAME_ID, view, first[0].data)
        assert isinstance(out, TrainPlace) and out.train == game.current_seat  # own train only
        game.play(out)
        if game.current_seat == out.train:  # the chain goes on: "End chain" is offered
            after = game.view(out.train)
            ends = [b for b in buttons(hand_keyboard(GAME_ID, after)) if b.label == "mt.btn_done"]
            assert len(ends) == 1 and handle(GAME_ID, after, ends[0].data) == DONE
            assert handle(GAME_ID, after, first[0].data) is Refusal.STALE  # the older keyboard
            return
    raise AssertionError("no chain in 100 seeds")


def test_forged_data_is_refused() -> None:
    game = match(3, 5, set=9)
    view = game.view(game.current_seat)
    good = buttons(hand_keyboard(GAME_ID, view))[0].data
    _prefix, gid, stamp, action = good.split(":")
    for forged in ("", "mt", "x:1:0.0.0:h", f"mt:{gid}:{stamp}:t99", f"mt:{gid}:{stamp}:z1",
                   f"mt:{gid}:{stamp}:p0.X", f"mt:{gid}:{stamp}:p0", f"mt:{gid}:-1.0.0:h",
                   f"mt:{gid}:{stamp}:t01", f"mt:{gid}:0.0:h", f"mt:{gid}:{stamp}:p99.M",
                   f"mt:{int(gid) + 1}:{stamp}:{action}", good + ":x"):
        assert handle(GAME_ID, view, forged) in (Refusal.FORGED, Refusal.STALE), forged
    assert decode(f"mt:{gid}:{stamp}:p0.M") is not None
    # a train the tile does not fit: refused, and the engine is never asked
    placeable = {m.tile for m in view.legal if isinstance(m, TrainPlace)}
    stuck = next(i for i, t in enumerate(view.hand) if t not in placeable)
    assert handle(GAME_ID, view, f"mt:{gid}:{stamp}:t{stuck}") is Refusal.ILLEGAL
    assert handle(GAME_ID, view, f"mt:{gid}:{stamp}:p{stuck}.M") is Refusal.ILLEGAL
    assert handle(GAME_ID, view, f"mt:{gid}:{stamp}:e") is Refusal.ILLEGAL  # no chain yet
