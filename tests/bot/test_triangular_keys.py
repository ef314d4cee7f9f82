"""triangular's hand buttons: triangle, then cell, then turning, only legal choices;
every legal placement reachable; stale and forged presses refused; data <= 64 bytes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.kinds.triangular_keys import (
    MAX_DATA,
    Button,
    Refusal,
    Step,
    cell_label,
    decode,
    hand_keyboard,
    handle,
)
from engine.triangular.rules import Place, TriangularGame, TriangularView, TriMove

GAME_ID = 987654321


def buttons(rows: list[list[Button]]) -> list[Button]:
    return [b for row in rows for b in row]


def reachable(view: TriangularView) -> set[TriMove]:
    """Every move the buttons lead to, following every step."""
    found: set[TriMove] = set()
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


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_the_buttons_reach_exactly_the_legal_moves(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = TriangularGame(players, seed=seed)
    game.start_round()
    while not game.current.over:
        seat = game.current.turn
        view = game.view(seat)
        assert reachable(view) == set(view.legal)
        other = game.view((seat + 1) % players)
        assert hand_keyboard(GAME_ID, other) == []
        for b in buttons(hand_keyboard(GAME_ID, view)):
            assert handle(GAME_ID, other, b.data) is Refusal.NOT_YOUR_TURN
        legal = game.legal_moves()
        old = hand_keyboard(GAME_ID, view)
        game.play(seat, legal[int(rng.random() * len(legal))])
        if not game.current.over:
            fresh = game.view(game.current.turn)
            for b in buttons(old):  # a keyboard from before the move is stale
                assert handle(GAME_ID, fresh, b.data) is Refusal.STALE


def test_single_choices_are_taken_at_once_and_forgeries_refused() -> None:
    game = TriangularGame(2, seed=1)
    game.start_round()
    view = game.view(game.current.turn)
    lead = buttons(hand_keyboard(GAME_ID, view))
    tiles = [b for b in lead if not b.text_key]
    for b in tiles:
        out = handle(GAME_ID, view, b.data)
        tile = view.hand[int(b.data.rsplit(":", 1)[1][1:])]
        if tile.is_triple:  # one cell, one turning: placed at once
            assert out == Place(tile.numbers, (0, 0))
        else:  # the lead's cell is fixed; its turnings are offered
            assert isinstance(out, Step) and len(buttons(out.keyboard)) >= 3
    good = tiles[0].data
    _prefix, gid, rnd, moves, action = good.split(":")
    for forged in ("", "tri", "x:1:0:0:h", f"tri:{gid}:0:0:t99", f"tri:{gid}:0:0:z1",
                   f"tri:{gid}:0:0:p0.0.0.7", f"tri:{gid}:-1:0:h", f"tri:{gid}:0:0:t01",
                   f"tri:{int(gid) + 1}:{rnd}:{moves}:{action}", good + ":x"):
        assert handle(GAME_ID, view, forged) in (Refusal.FORGED, Refusal.STALE), forged
    assert decode(f"tri:{gid}:0:0:c0.5.7") is not None
    assert handle(GAME_ID, view, f"tri:{gid}:0:0:c0.5.7") is Refusal.ILLEGAL
    # docs/rules.md [T12] writes "▼ 1,-1", but by [T3] and T-E4 cell (1,-1) points up
    assert cell_label((2, 0)) == "▲ 2,0" and cell_label((1, -1)) == "▲ 1,-1"
    assert cell_label((1, 0)) == "▼ 1,0"
