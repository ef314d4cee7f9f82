"""The learnt prior over hidden hands (engine/domino/ai/prior.py) and its fitter."""

from __future__ import annotations

import math
import random
from dataclasses import replace

from engine.domino.ai.players import HardPlayer, default_budget
from engine.domino.ai.prior import FEATURES, Prior, current_hands, features, seat_plays
from engine.domino.ai.prior_weights import WEIGHTS
from engine.domino.ai.world import analyze, sample_world
from engine.domino.game import Game
from engine.domino.variant import Deal, as_domino
from engine.variants import make_variant
from scripts.fit_prior import fit


def _midround(variant: str, players: int, seed: int, moves: int) -> Game:
    game = Game(as_domino(make_variant(variant, players)), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if game.current_seat is None or len(game.rounds) > 1:
            break
        game.play(rng.choice(legal))
    return game


def test_the_true_deal_gives_the_true_hands() -> None:
    for seed in range(20):
        game = _midround("draw", 2, seed, 14)
        if len(game.rounds) > 1 or game.current_seat is None:
            continue
        rnd = game.round
        view = game.view(rnd.turn)
        know = analyze(view)
        deal = Deal(rnd.deal.hands, rnd.deal.boneyard, rnd.deal.leader, rnd.deal.forced)
        assert current_hands(view, deal, know.draws) == [list(h) for h in rnd.hands] or \
            [sorted(h) for h in current_hands(view, deal, know.draws)] == \
            [sorted(h) for h in rnd.hands]


def test_the_prior_reads_only_public_facts() -> None:
    """Two games alike in public facts but not in the hidden hands give one prior."""
    game = _midround("block", 4, 3, 9)
    view = game.view(game.round.turn)
    world = sample_world(view, game.variant, random.Random(5))  # other hidden hands
    assert world.round.hands != game.round.hands
    other = world.view(view.seat)
    a = Prior(view, WEIGHTS["block_draw"])
    b = Prior(other, WEIGHTS["block_draw"])
    hands = [list(h) for h in game.round.hands]
    assert a.log_weight(hands) == b.log_weight(hands)
    assert a.log_weight(world.round.hands) == b.log_weight(world.round.hands)
    plays = seat_plays(view)
    assert sum(p.placements for p in plays) == len(view.table.tiles)
    for s, play in enumerate(plays):
        for t in hands[s]:
            assert len(features(play, t, view.set_max)) == len(FEATURES)


def test_the_hard_player_with_the_prior_is_legal_and_reproducible() -> None:
    v = as_domino(make_variant("threes", 3))
    budget = replace(default_budget(v), prior=1.0, prior_factor=3, rollouts=60, max_worlds=12)
    for seed in range(3):
        game = _midround("threes", 3, seed, 5)
        if game.current_seat is None:
            continue
        view = game.view(game.current_seat)
        first = HardPlayer(seed, v, budget)(view)
        assert first in view.legal
        assert HardPlayer(seed, v, budget)(view) == first


def test_the_fitter_recovers_known_weights() -> None:
    rng = random.Random(1)
    true = [0.5, -1.0] + [0.0] * (len(FEATURES) - 2)
    data = []
    for _ in range(6000):
        x = tuple([1.0, rng.uniform(-2, 2)] + [0.0] * (len(FEATURES) - 2))
        offset = rng.uniform(-1, 1)
        z = offset + sum(w * f for w, f in zip(true, x, strict=True))
        y = int(rng.random() < 1 / (1 + math.exp(-z)))
        data.append((x, y, offset))
    w = fit(data)
    assert abs(w[0] - 0.5) < 0.15 and abs(w[1] + 1.0) < 0.15
