"""Scoring hints (engine/domino/hints.py): for random positions of every variant that scores
in play, the hint of each legal placement equals the points the engine's real game
credits for it; the game a hint is computed on holds no tile the seat may not know."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.moves import Place
from engine.core.tiles import Tile
from engine.domino.game import Game
from engine.domino.hints import placement_hints, public_game
from engine.variants import VARIANTS, Deal, get_variant, make_variant

get_variant("block")  # loads the built-in variants
SCORING = sorted(name for name, cls in VARIANTS.items()
                 if cls.scores_in_play and cls.kind == "domino"
                 and getattr(cls, "public_points", True))


def _config_ok(name: str, players: int, options: dict[str, bool]) -> bool:
    if any(get_variant(name).option_spec(key) is None for key in options):
        return False
    try:
        make_variant(name, players, options)
    except ValueError:
        return False
    return True


CONFIGS = [(name, players, options) for name in SCORING
           for players in sorted(get_variant(name).players_allowed)
           for options in ({}, {"extra_turn": True}, {"teams": True})
           if _config_ok(name, players, options)]


def test_the_scoring_variants_are_the_declared_ones() -> None:
    assert {"all_fives", "telephone", "threes", "muggins", "pyaterochka", "vsem_po_pyat",
            "domiki"} <= set(SCORING)
    assert not {"kozel", "draw", "block", "cuban"} & set(SCORING)


@settings(max_examples=150, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_hints_are_the_engines_points(config: tuple[str, int, dict[str, bool]], seed: int,
                                      steps: int) -> None:
    name, players, options = config
    variant = make_variant(name, players, options)
    game = Game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_moves()))
    seat = game.current_seat
    if seat is None:
        return
    view = game.view(seat)
    hints = placement_hints(variant, view)
    places = [m for m in view.legal if isinstance(m, Place) and not m.face_down]
    assert set(hints) == set(places)
    for move, points in hints.items():
        real = game.copy()
        assert real.play(move).points == points, (move, points)
    for other in range(players):  # only the seat on turn gets hints
        if other != seat:
            assert placement_hints(variant, game.view(other)) == {}


def test_the_hint_game_knows_only_the_seats_own_tiles() -> None:
    variant = make_variant("all_fives", 3)
    game = Game(variant, seed=7)
    seat = game.current_seat
    assert seat is not None
    view = game.view(seat)
    shell = public_game(variant, view)
    rnd = shell.round
    assert rnd.deal.boneyard == () and rnd.drawable == 0
    assert [list(h) for i, h in enumerate(rnd.hands) if i != seat] == [[], []]
    assert sorted(rnd.hands[seat]) == sorted(view.hand)


def test_a_lead_of_five_five_scores_ten_in_all_fives() -> None:
    five = Tile(5, 5)
    hands = ((five, Tile(0, 1)), (Tile(2, 3), Tile(4, 4)))
    deal = Deal(hands, (Tile(6, 6),), 0, None)
    variant = make_variant("all_fives", 2)
    game = Game(variant, deals=[deal])
    hints = placement_hints(variant, game.view(0))
    assert {m.tile: p for m, p in hints.items()} == {five: 10, Tile(0, 1): 0}


def test_no_hints_where_nothing_scores_in_play() -> None:
    variant = make_variant("kozel", 2)
    game = Game(variant, seed=3)
    seat = game.current_seat
    assert seat is not None
    assert placement_hints(variant, game.view(seat)) == {}
