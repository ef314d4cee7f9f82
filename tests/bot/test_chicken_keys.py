"""chicken_foot's hand buttons: a tile that fits one end is placed at once, one that
fits several turns the keyboard into its ends named as the picture names them;
every legal move reachable, nothing else; stale, forged and out-of-turn presses
refused; data <= 64 bytes."""

from __future__ import annotations

import random

from bot.kinds.chicken_keys import (
    MARK,
    MAX_DATA,
    Button,
    Refusal,
    Step,
    decode,
    end_label,
    hand_keyboard,
    handle,
)
from engine.chicken.kind import ChickenMatch, ChickenView
from engine.core.moves import DRAW, PASS, BranchPlace, Move
from engine.core.tiles import Tile
from engine.variants import make_variant

GAME_ID = 9876543210


def buttons(rows: list[list[Button]]) -> list[Button]:
    return [b for row in rows for b in row]


def reachable(view: ChickenView) -> tuple[set[Move], int]:
    """Every move the buttons lead to, following every step, and how many presses
    turned the keyboard into end choices."""
    found: set[Move] = set()
    steps = 0
    for b in buttons(hand_keyboard(GAME_ID, view)):
        assert len(b.data.encode()) <= MAX_DATA
        out = handle(GAME_ID, view, b.data)
        if b.label.startswith(MARK) or b.text_key:
            assert not isinstance(out, Refusal), (b, out)
        else:  # a tile that fits no end
            assert out is Refusal.NO_FIT, (b, out)
            continue
        if isinstance(out, Step):
            steps += 1
            ends = [e for e in buttons(out.keyboard) if not e.text_key]
            assert len(ends) > 1
            for e in ends:
                assert len(e.data.encode()) <= MAX_DATA
                move = handle(GAME_ID, view, e.data)
                assert isinstance(move, BranchPlace), (e, move)
                assert e.label.endswith(end_label(view, move.branch, move.touching))
                found.add(move)
            back = [e for e in buttons(out.keyboard) if e.text_key]
            assert [e.label for e in back] == ["ck.back"]
            assert isinstance(handle(GAME_ID, view, back[0].data), Step)
        else:
            assert not isinstance(out, Refusal)
            found.add(out)
    return found, steps


def games(seeds: range, players: int, options: dict[str, object]) -> list[ChickenMatch]:
    return [ChickenMatch(make_variant("chicken_foot", players, options), s) for s in seeds]


def test_the_buttons_reach_exactly_the_legal_moves() -> None:
    steps = 0
    kinds: set[str] = set()
    for players, options in ((2, {"set": 6, "rounds": 2}), (4, {"rounds": 1}),
                             (3, {"set": 6, "root_arms": 6, "rounds": 1})):
        for match in games(range(3), players, options):
            rng = random.Random(match.seed)
            while not match.over:
                seat = match.current_seat
                assert seat is not None
                view = match.view(seat)
                found, n = reachable(view)
                steps += n
                assert found == set(view.legal)
                kinds.update(type(m).__name__ for m in found)
                other = match.view((seat + 1) % players)
                assert hand_keyboard(GAME_ID, other) == []
                match.play(rng.choice(sorted(view.legal, key=str)))
    assert steps > 0  # some tile fitted two ends
    assert kinds == {"BranchPlace", "Draw", "Pass"}


def _first_view() -> tuple[ChickenMatch, ChickenView]:
    """A new game whose first player has a tile for the engine."""
    for match in games(range(20), 2, {"set": 6}):
        view = match.view(match.current_seat)
        if any(isinstance(m, BranchPlace) for m in view.legal):
            return match, view
    raise AssertionError("no first hand with a 6 in 20 deals")


def test_the_engine_s_phase_places_a_tile_at_once() -> None:
    _, view = _first_view()
    assert [t for t, _ in view.ends] == ["R"]
    rows = hand_keyboard(GAME_ID, view)
    marked = [b for b in buttons(rows) if b.label.startswith(MARK)]
    assert marked and all("6" in b.label for b in marked)
    move = handle(GAME_ID, view, marked[0].data)
    assert isinstance(move, BranchPlace) and move.branch == "R" and move.touching == 6
    assert end_label(view, "R", 6) == "6-6"


def test_stale_forged_and_out_of_turn_presses_are_refused() -> None:
    match, view = _first_view()
    data = next(b.data for b in buttons(hand_keyboard(GAME_ID, view))
                if b.label.startswith(MARK))
    assert handle(GAME_ID + 1, view, data) is Refusal.FORGED  # another game's
    for forged in ("ck:1:0:0", "ck:x:0:0:t1", f"ck:{GAME_ID}:0:0:t-1",
                   f"ck:{GAME_ID}:0:0:t01", f"ck:{GAME_ID}:0:0:q1", f"ck:{GAME_ID}:0:0:e1",
                   f"tri:{GAME_ID}:0:0:t1", "", f"ck:{GAME_ID}:0:0:t1:x"):
        assert handle(GAME_ID, view, forged) is Refusal.FORGED, forged
    assert handle(GAME_ID, view, f"ck:{GAME_ID}:0:0:t99") is Refusal.FORGED
    assert handle(GAME_ID, view, f"ck:{GAME_ID}:0:0:e0.9") is Refusal.FORGED
    move = handle(GAME_ID, view, data)
    assert isinstance(move, BranchPlace)
    seat = view.seat
    match.play(move)
    after = match.view(seat)
    assert handle(GAME_ID, after, data) is Refusal.NOT_YOUR_TURN
    on_turn = match.view(match.current_seat)
    assert handle(GAME_ID, on_turn, data) is Refusal.STALE  # an old keyboard
    assert decode(data) is not None and decode(data.replace("ck:", "tri:")) is None


def test_draw_and_pass_only_when_legal() -> None:
    for match in games(range(6), 2, {"set": 6, "rounds": 1}):
        rng = random.Random(match.seed)
        while not match.over:
            view = match.view(match.current_seat)
            texts = {b.label for b in buttons(hand_keyboard(GAME_ID, view)) if b.text_key}
            assert ("btn.draw" in texts) == (DRAW in view.legal)
            assert ("btn.pass" in texts) == (PASS in view.legal)
            if DRAW not in view.legal:
                d = f"ck:{GAME_ID}:{view.round_index}:{len(view.moves)}:d"
                assert handle(GAME_ID, view, d) is Refusal.ILLEGAL
            match.play(rng.choice(sorted(view.legal, key=str)))


def test_a_tile_that_fits_nowhere_says_so() -> None:
    for match in games(range(10), 2, {"set": 6}):
        view = match.view(match.current_seat)
        plain = [b for b in buttons(hand_keyboard(GAME_ID, view))
                 if not b.text_key and not b.label.startswith(MARK)]
        if plain:
            tile = Tile.parse(plain[0].label)
            assert tile in view.hand
            assert not any(isinstance(m, BranchPlace) and m.tile == tile for m in view.legal)
            assert handle(GAME_ID, view, plain[0].data) is Refusal.NO_FIT
            return
    raise AssertionError("every hand fitted the engine")
