"""Inference on the other hands from greedy play (engine.domino.ai.infer) and its use by the
hard player (rejection sampling, bans for the sampler)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from engine.core.tiles import Tile, full_set
from engine.core.view import SeatView
from engine.domino.ai import Budget, make_player
from engine.domino.ai import players as players_module
from engine.domino.ai.infer import (
    GreedyModel,
    Likelihood,
    Snapshots,
    greedy_bans,
    hand_scores,
)
from engine.domino.ai.policy import greedy_move, move_scores, style_of
from engine.domino.ai.world import analyze, sample_deal, sample_world, with_bans, world_from_deal
from engine.domino.game import Game
from engine.variants import Deal, Variant, make_variant

# A small search that resamples (the threes default does it with more worlds).
RESAMPLE = Budget(rollouts=12, min_worlds=3, max_worlds=4, exact_tiles=8, node_limit=300,
                  infer_tau=0.02, infer_factor=10, infer_bans=True)


def _tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


# Threes, all greedy. Seat 1 placed 1-2 on W for no points (event 4) when 0-3, among
# others, would have made the count a multiple of 3 (6 points): a greedy player
# holding 0-3 would have placed it. Seat 1 kept 4-4 in his hand.
HANDS = ("0-2 5-5 2-5 0-5 0-0 3-6", "1-2 1-3 4-4 1-5 4-5 2-6", "2-4 3-5 0-4 3-4 1-6 5-6")
MISSED = ("1-1", "0-3", "3-3", "1-4", "0-6")


def _deal(hands: tuple[str, ...]) -> Deal:
    held = [_tiles(h) for h in hands]
    used = {t for h in held for t in h}
    return Deal(tuple(held), tuple(t for t in full_set() if t not in used), 0, None)


def _worked() -> tuple[Variant, Game, SeatView]:
    variant = make_variant("threes", 3)
    style = style_of(variant)
    game = Game(variant, deals=[_deal(HANDS)])
    for _ in range(6):
        game.play(greedy_move(game, style))
    view = game.view(0)
    assert [(ev.seat, str(ev.tile), ev.points) for ev in view.history] == [
        (0, "5-5", 2), (1, "1-5", 0), (2, "3-5", 6), (0, "0-5", 6), (1, "1-2", 0), (2, "2-4", 6)]
    return variant, game, view


def _model(view: SeatView, variant: Variant, deal: Deal, tau: float = 0.02) -> GreedyModel:
    snaps = Snapshots()
    assert world_from_deal(view, variant, deal, snaps) is not None
    return GreedyModel(view, variant, style_of(variant), tau, snaps.games)


def test_a_missed_score_makes_a_world_impossible() -> None:
    variant, game, view = _worked()
    real = game.round.deal
    # The same deal, but seat 1 was dealt 0-3 instead of 4-4 (left in the boneyard).
    swap = {Tile.parse("4-4"): Tile.parse("0-3"), Tile.parse("0-3"): Tile.parse("4-4")}
    other = Deal(tuple(tuple(swap.get(t, t) for t in h) if s == 1 else h
                       for s, h in enumerate(real.hands)),
                 tuple(swap.get(t, t) for t in real.boneyard), 0, None)
    model = _model(view, variant, real)
    assert model.fast
    assert -0.05 < model.log_likelihood(real) <= 0.0  # near-ties only
    assert model.log_likelihood(other) < -100
    # The replay's observer agrees (a softmax: a very small weight, not -inf).
    for deal, expect_small in ((real, False), (other, True)):
        likely = Likelihood(style_of(variant), 0.02)
        world = world_from_deal(view, variant, deal, likely)
        assert world is not None
        log = likely.log_of(world)
        if expect_small:
            assert log < -100
        else:
            assert log == pytest.approx(model.log_likelihood(deal), abs=1e-9)
    # Below a floor the answer is -inf: the test stops early.
    assert model.log_likelihood(other, floor=-1.0) == -math.inf


def test_greedy_bans_worked_example() -> None:
    variant, _game, view = _worked()
    know = analyze(view)
    snaps = Snapshots()
    world_from_deal(view, variant, sample_world(view, variant, random.Random(0)).round.deal,
                    snaps)
    bans = greedy_bans(view, know.unknown, snaps.games, style_of(variant))
    assert sorted(str(t) for e, t in bans[1] if e == 4) == sorted(MISSED)
    # Seat 1 has not drawn since: the sampler never gives him a banned tile now.
    informed = with_bans(know, bans)
    rng = random.Random(1)
    for _ in range(40):
        world = world_from_deal(view, variant, sample_deal(view, informed, rng))
        assert world is not None
        assert replace(world.view(0), round_index=view.round_index) == view
        assert not {str(t) for t in world.round.hands[1]} & set(MISSED)


def _greedy_views(name: str, players: int, games: int) -> list[tuple[Game, SeatView]]:
    """Views of seat 0 (with a choice) in games of greedy players, with the true game."""
    variant = make_variant(name, players)
    style = style_of(variant)
    out = []
    for seed in range(games):
        game = Game(variant, seed=seed)
        start = len(game.rounds)
        while game.outcome is None and len(game.rounds) == start:
            if game.current_seat == 0 and len(game.legal_moves()) > 1:
                out.append((game.copy(), game.view(0)))
            game.apply(greedy_move(game, style))
    return out


@pytest.mark.parametrize(("name", "players"), [("threes", 3), ("all_fives", 2),
                                               ("block", 4), ("kolbasa", 2)])
def test_the_true_deal_is_likely_and_obeys_the_bans(name: str, players: int) -> None:
    """Against greedy players the bans are never wrong, and the true deal has the
    likelihood of its ties only (the fast test and the replay agree on sampled deals)."""
    variant = make_variant(name, players)
    style = style_of(variant)
    rng = random.Random(3)
    checked = 0
    for game, view in _greedy_views(name, players, 3):
        deal = game.round.deal
        model = _model(view, variant, deal, tau=0.02)
        assert model.log_likelihood(deal) > -3.0
        snaps = Snapshots()
        world_from_deal(view, variant, deal, snaps)
        events = [i for i, ev in enumerate(view.history)
                  if ev.kind == "place" and ev.seat != view.seat]
        at = dict(zip(events, (g for g, _ in snaps.games), strict=True))
        for seat, bans in greedy_bans(view, analyze(view).unknown, snaps.games, style).items():
            for i, tile in bans:
                assert tile not in at[i].round.hands[seat]
                checked += 1
        know = analyze(view)
        for _ in range(2):
            other = sample_deal(view, know, rng)
            likely = Likelihood(style, 0.5)
            world = world_from_deal(view, variant, other, likely)
            if world is not None:
                fast = _model(view, variant, deal, tau=0.5).log_likelihood(other)
                assert fast == pytest.approx(likely.log_of(world), abs=1e-9)
    assert checked > 0 or name == "kolbasa"


@pytest.mark.parametrize(("name", "players"), [("threes", 3), ("all_fives", 2), ("kozel", 4),
                                               ("kolbasa", 2), ("telephone", 4)])
def test_hand_scores_are_the_greedy_scores(name: str, players: int) -> None:
    variant = make_variant(name, players)
    style = style_of(variant)
    rng = random.Random(5)
    seen = 0
    for seed in range(3):
        game = Game(variant, seed=seed)
        for _ in range(40):
            if game.outcome is not None:
                break
            legal = game.legal_moves()
            if len(legal) > 1:
                assert hand_scores(game, legal, style, {}) == move_scores(game, legal, style)
                seen += 1
            game.apply(rng.choice(legal))
    assert seen > 10


@pytest.mark.parametrize(("name", "players", "others"), [
    ("threes", 3, "medium"), ("threes", 3, "easy"), ("all_fives", 2, "medium"),
    ("kolbasa", 2, "medium")])
def test_resampling_decides_legally_and_reproducibly(name: str, players: int,
                                                     others: str) -> None:
    """Rejection sampling, against greedy players and against random ones (whose play
    the greedy model does not explain: the decision falls back on plain worlds)."""
    variant = make_variant(name, players)
    game = Game(variant, seed=11)
    seats = [make_player("hard" if s == 0 else others, 20 + s, variant, RESAMPLE)
             for s in range(players)]
    decided = 0
    for _ in range(40):
        if game.outcome is not None:
            break
        seat = game.current_seat
        assert seat is not None
        view = game.view(seat)
        move = seats[seat](view)
        assert move in view.legal
        if seat == 0 and len(view.legal) > 1:
            assert make_player("hard", 20, variant, RESAMPLE)(view) == move
            decided += 1
        game.play(move)
    assert decided > 0


def test_resampling_evaluates_only_kept_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the worked example every evaluated world has seat 1 without the tiles he
    would have scored with: the rejected ones are never rolled out."""
    variant, _game, view = _worked()
    held: list[set[str]] = []
    real = players_module.world_value

    def spy(world: Game, *args: object, **kwargs: object) -> float:
        held.append({str(t) for t in world.round.hands[1]})
        return real(world, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(players_module, "world_value", spy)
    # No bans: the sampler proposes such worlds and the likelihood rejects them. One
    # kept world is enough (min_worlds): no fallback on worlds sampled without the model.
    budget = replace(RESAMPLE, infer_bans=False, min_worlds=1, max_worlds=6, rollouts=600,
                     infer_factor=20)
    move = make_player("hard", 1, variant, budget)(view)
    assert move in view.legal
    assert len(held) >= 2 * min(len(view.legal), budget.max_candidates)  # two worlds or more
    assert all(not h & set(MISSED) for h in held)
