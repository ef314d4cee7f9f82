"""The post-game review (engine.domino.ai.review): a known blunder named with its loss, every
variant reviewed, and nothing read but the reviewed seat's views."""

from __future__ import annotations

import inspect
import random
from dataclasses import replace

import pytest

from engine.core.moves import Move, Place
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.domino.ai import Budget, make_player
from engine.domino.ai.policy import placement_points, style_of
from engine.domino.ai.review import (
    COSTLIEST,
    Decision,
    decisions,
    evaluate,
    review_budget,
    review_decision,
    review_range,
    summarize,
)
from engine.domino.ai.search import distinct_moves
from engine.domino.game import Game
from engine.domino.record import to_record
from engine.domino.view import DominoView
from engine.variants import VARIANTS, Deal, Variant, make_variant

# A small search, so whole games of every variant are reviewed in seconds.
SMALL = Budget(rollouts=8, min_worlds=2, max_worlds=2, exact_tiles=8, node_limit=300)


def _finish(game: Game, choose: dict[int, object], seed: int) -> Game:
    players = [make_player("medium", seed + s, game.variant) for s in range(game.players)]
    for _ in range(20000):
        seat = game.current_seat
        if seat is None:
            break
        view = game.view(seat)
        pick = choose.get(seat)
        move = pick(game, view) if callable(pick) else players[seat](view)
        game.play(move)
    assert game.outcome is not None
    return game


# ------------------------------------------------------------------ a known blunder


def _blunder_game() -> tuple[Game, int, int, float]:
    """An all-fives game of two where seat 0, with one tile left that fits both ends,
    once dominoes on the end that scores nothing instead of the one that scores 10 or
    more (both go out, so the round's end scores the same): the game, the round and
    action index of that placement, and the points it threw away. Seat 0 plays the
    hard computer otherwise, on a small budget (a sensible play is all it takes, and
    the game is found in a second), so this is the game's costliest decision."""
    variant = make_variant("all_fives", 2)
    quick = replace(review_budget(variant), rollouts=40, min_worlds=4, max_worlds=12,
                    exact_tiles=6)
    for seed in range(200):
        hard = make_player("hard", seed, variant, quick)
        found: list[tuple[int, int, float]] = []

        def pick(game: Game, view: SeatView, hard: object = hard,
                 found: list[tuple[int, int, float]] = found) -> Move:
            legal = distinct_moves(game, game.legal_moves())
            if not found and len(view.hand) == 1 and len(legal) == 2 \
                    and all(isinstance(m, Place) for m in legal):
                pts = [placement_points(game, m)[0] for m in legal if isinstance(m, Place)]
                lo, hi = min(pts), max(pts)
                after = []
                for m in legal:
                    g = game.copy()
                    g.apply(m)
                    after.append(g.outcome)
                if hi - lo >= 10 and lo == 0 and after == [None, None]:
                    found.append((len(game.rounds) - 1, len(game.round.log), float(hi - lo)))
                    return legal[pts.index(lo)]
            assert callable(hard)
            move = hard(view)
            assert isinstance(move, Move)
            return move

        game = _finish(make_game(variant, seed), {0: pick}, seed)
        if found:
            r, a, loss = found[0]
            return game, r, a, loss
    raise AssertionError("no seed gives the scripted blunder")  # pragma: no cover


def make_game(variant: Variant, seed: int) -> Game:
    return Game(variant, seed=seed)


def test_the_review_names_the_known_blunder_with_its_loss() -> None:
    game, r, a, loss = _blunder_game()
    assert loss >= 10
    found = decisions(game, 0)
    blunder = next(d for d in found if (d.round_index, d.action_index) == (r, a))
    total, reviews = review_range(to_record(game), 0, seed=5)
    assert total == len(found)
    summary = summarize(reviews, game.variant)
    worst = summary.costliest[0]
    assert (worst.round_index, worst.action_index) == (r, a)
    assert worst.number == blunder.number
    assert worst.lost == pytest.approx(loss)
    assert worst.chosen == blunder.chosen
    assert worst.best != worst.chosen
    # the better placement is the other end, and it scores what the review says
    assert isinstance(worst.best, Place) and isinstance(worst.chosen, Place)
    assert worst.best.tile == worst.chosen.tile
    assert worst.best_points - worst.chosen_points == pytest.approx(loss)
    assert summary.costly >= 1
    assert summary.lost >= loss
    assert len(summary.costliest) <= COSTLIEST
    assert 0 < summary.accuracy < 1


# ------------------------------------------------------------------ every variant


SETUPS = [(name, 4 if 4 in VARIANTS[name].players_allowed else 2) for name in sorted(VARIANTS)
          if VARIANTS[name].kind == "domino"]


SHORT: dict[str, dict[str, object]] = {"general_kozel": {"rounds": 1}}  # else it runs long


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_every_variant_is_reviewed(name: str, players: int) -> None:
    variant = make_variant(name, players, SHORT.get(name, {}))
    game = _finish(Game(variant, seed=3), {}, 3)
    seat = 1
    total, reviews = review_range(to_record(game), seat, seed=3, budget=SMALL)
    assert total == len(decisions(game, seat)) == len(reviews)
    done = [r for r in reviews if r is not None]
    assert done or total == 0
    # A view no sampled world reproduces (semerka's unseen takes; a few positions of
    # the turns of several placements) is left out, as the hard player falls back then.
    assert len(done) >= 0.75 * total
    for r in done:
        assert r.lost >= 0
        assert len(r.candidates) >= 2
        assert r.candidates[0].points == max(c.points for c in r.candidates)
        assert r.chosen in [c.move for c in r.candidates]
        assert r.public.seat is None and r.public.hand == ()
    summary = summarize(reviews, variant)
    assert summary.decisions == len(done)
    assert summary.lost == pytest.approx(sum(r.lost for r in done))


def test_each_family_has_a_variant_reviewed() -> None:
    domino = {cls.family for cls in VARIANTS.values() if cls.kind == "domino"}
    assert {VARIANTS[name].family for name, _ in SETUPS} == domino


def test_penalty_points_keep_the_hard_players_sign() -> None:
    """In kozel more penalty is worse: a candidate's points are the penalty swing
    turned, so the best candidate is the one expected to give the fewest penalties."""
    variant = make_variant("kozel", 4)
    assert style_of(variant).penalty
    game = _finish(Game(variant, seed=8), {}, 8)
    d = decisions(game, 2)[0]
    r = review_decision(d, variant, 8, SMALL)
    assert r is not None
    assert [c.points for c in r.candidates] == sorted((c.points for c in r.candidates),
                                                      reverse=True)


# ------------------------------------------------------------------ determinism, inputs


def test_a_review_is_reproducible_and_chunks_add_up() -> None:
    variant = make_variant("block", 2)
    game = _finish(Game(variant, seed=4), {}, 4)
    record = to_record(game)
    total, whole = review_range(record, 0, seed=9, budget=SMALL)
    parts: list[object] = []
    for start in range(0, total, 4):
        n, chunk = review_range(record, 0, seed=9, start=start, count=4, budget=SMALL)
        assert n == total
        parts += chunk
    assert parts == whole


def test_the_evaluation_takes_views_only() -> None:
    params = inspect.signature(evaluate).parameters
    assert list(params)[:2] == ["view", "chosen"]
    assert params["view"].annotation in ("DominoView", DominoView)
    assert not any("Game" in str(p.annotation) for p in params.values())
    assert "Game" not in str(inspect.signature(review_decision).parameters["decision"].annotation)
    assert {f for f in Decision.__dataclass_fields__} == {
        "number", "round_index", "action_index", "view", "public", "chosen"}


def _other_deal(game: Game, d: Decision, rng: random.Random) -> Deal:
    """Round 0's deal with the tiles seat 0 cannot know redistributed: every other
    seat keeps the tiles it placed before ``d`` (they are on the table), the rest of
    the other hands and the boneyard are shuffled among them, the sizes kept."""
    dealt = game.rounds[0].deal
    placed = {s: {m.tile for s2, m, _, _ in game.rounds[0].log[:d.action_index]
                  if s2 == s and isinstance(m, Place)} for s in range(game.players)}
    pool = [t for s, h in enumerate(dealt.hands) if s != 0 for t in h if t not in placed[s]]
    pool += list(dealt.boneyard)
    rng.shuffle(pool)
    hands: list[tuple[Tile, ...]] = []
    for s, h in enumerate(dealt.hands):
        if s == 0:
            hands.append(h)
            continue
        k = len(h) - len(placed[s])
        hands.append(tuple(sorted(placed[s])) + tuple(pool[:k]))
        pool = pool[k:]
    return Deal(tuple(hands), tuple(pool), dealt.leader, dealt.forced)


@pytest.mark.parametrize(("name", "players"), [("all_fives", 2), ("kozel", 4), ("draw", 2)])
def test_the_review_does_not_depend_on_the_others_hidden_tiles(name: str, players: int
                                                                 ) -> None:
    """A decision of seat 0 and the same decision in a game whose other hands and
    boneyard hold other tiles, dealt so that every move before it is the same (so seat
    0 sees exactly the same): the same review. It reads only what seat 0 could see."""
    variant = make_variant(name, players)
    rng = random.Random(1)
    checked = 0
    for seed in range(60):
        game = _finish(Game(variant, seed=seed), {}, seed)
        log = game.rounds[0].log
        for d in decisions(game, 0):
            if d.round_index != 0 or d.action_index < players:
                continue
            if any(not isinstance(m, Place) for _, m, _, _ in log[:d.action_index]):
                break  # a draw or a pass before it: keep to placements only
            for _ in range(10):
                other_deal = _other_deal(game, d, rng)
                other = Game(variant, seed=seed, deals=[other_deal])
                try:
                    for _, m, _, _ in log[:d.action_index]:
                        other.play(m)
                except ValueError:
                    continue  # a tile went where it cannot be played that way
                break
            else:
                break
            assert other.view(0) == d.view  # the same from seat 0's seat
            assert other.round.hands != game.rounds[0].hands  # not the same hidden tiles
            again = Decision(d.number, 0, d.action_index, other.view(0), other.view(None),
                             d.chosen)
            first = review_decision(d, variant, seed, SMALL)
            second = review_decision(again, variant, seed, SMALL)
            assert first is not None and first == second
            checked += 1
            break
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize(("name", "players"), [("kozel", 4), ("all_fives", 2), ("threes", 3)])
def test_the_review_points_are_the_hard_players_value_without_the_game(name: str,
                                                                        players: int) -> None:
    """The hard player's value is the review's points over the variant's typical swing,
    plus the won (lost) game: one function of the end of a line of play for both."""
    from engine.domino.ai.search import WIN_VALUE, outcome_points, outcome_value

    variant = make_variant(name, players)
    style = style_of(variant)
    game = _finish(Game(variant, seed=2), {}, 2)
    root = (0,) * len(variant.sides)
    assert game.outcome is not None
    for side in range(len(variant.sides)):
        points = outcome_points(game, root, side, style)
        won = side in game.outcome.winners
        bonus = WIN_VALUE / len(game.outcome.winners) if won else -WIN_VALUE
        assert outcome_value(game, root, side, style) == pytest.approx(points / style.scale
                                                                       + bonus)
        totals = game.totals
        others = [totals[i] for i in range(len(totals)) if i != side]
        diff = totals[side] - sum(others) / len(others)
        assert points == pytest.approx(-diff if style.penalty else diff)
