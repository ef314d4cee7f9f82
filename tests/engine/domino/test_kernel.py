"""The compiled greedy rollout (engine.domino._kernel through engine.domino.ai.fast), on a
line and around a spinner, plays exactly the pure Python rollout
(engine.domino.ai.fast.pure_rollout): the same moves and the same game, on random
positions of every variant whose rounds qualify, on the sampled worlds the hard player
values, and over whole games of the hard player."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.moves import DRAW, PASS, PLACES, End, Move, Place
from engine.core.results import EndKind
from engine.core.tiles import full_set
from engine.domino import compiled
from engine.domino.ai import Budget, fast, make_player
from engine.domino.ai.fast import pure_rollout
from engine.domino.ai.policy import Style, style_of
from engine.domino.ai.search import rollout
from engine.domino.ai.world import sample_world
from engine.domino.game import Game
from engine.domino.record import to_record
from engine.domino.round_state import RoundState
from engine.domino.table import Layout
from engine.domino.turn_rules import TurnRules
from engine.domino.variant import DominoVariant
from engine.variants import VARIANTS, get_variant, make_variant

get_variant("block")  # loads the built-in variants


def domino(name: str, players: int) -> DominoVariant:
    v = make_variant(name, players)
    assert isinstance(v, DominoVariant)
    return v


def kernel_plays(name: str, players: int) -> bool:
    """The kernel's rounds: simple turn rules (a line, one placement a turn, nothing
    owed nor extra) and nothing scored in play."""
    v = domino(name, players)
    return TurnRules.of(v).simple and not v.scores_in_play


CONFIGS = [(name, players) for name in sorted(VARIANTS) if VARIANTS[name].kind == "domino"
           for players in sorted(get_variant(name).players_allowed)
           if kernel_plays(name, players)]


def spinner_plays(name: str, players: int) -> bool:
    """The spinner kernel's rounds (engine.domino.ai.fast.spinner_rules)."""
    v = domino(name, players)
    return fast.spinner_rules(v) is not None and not TurnRules.of(v).simple


SPINNER_CONFIGS = [(name, players) for name in sorted(VARIANTS)
                   if VARIANTS[name].kind == "domino"
                   for players in sorted(get_variant(name).players_allowed)
                   if spinner_plays(name, players)]


needs_kernel = pytest.mark.skipif(compiled.kernel is None,
                                  reason="engine.domino._kernel was not built (no C compiler)")


@pytest.fixture
def pure() -> Iterator[None]:
    """greedy_rollout without the kernel, as under DOMINO_PURE_PYTHON=1."""
    saved = compiled.use_kernel
    compiled.use_kernel = False
    try:
        yield
    finally:
        compiled.use_kernel = saved


def test_the_kernels_variants_are_the_simple_line_games() -> None:
    names = {name for name, _ in CONFIGS}
    assert {"block", "draw", "kozel"} <= names
    for name in ("muggins", "all_fives", "osel", "semerka", "telephone", "kolbasa"):
        assert name not in names


def test_the_move_codes_are_the_interned_moves() -> None:
    assert compiled.LINE_MOVES[0] is DRAW and compiled.LINE_MOVES[1] is PASS
    for t in full_set(12):
        assert compiled.LINE_MOVES[2 + 2 * t.index] is PLACES[t.index][End.W]
        assert compiled.LINE_MOVES[3 + 2 * t.index] is PLACES[t.index][End.E]


def kernel_fits(game: Game, rnd: RoundState) -> bool:
    """Whether one of the kernels may play the rest of ``rnd``."""
    if game.turn_rules.simple:
        return fast.qualifies(game, rnd)
    return fast.spinner_rules(game.variant) is not None and fast.spinner_qualifies(game, rnd)


def kernel_moves(game: Game, style: Style) -> tuple[list[Move], int]:
    """The kernel's moves to the end of the game's round, and how it says it ends."""
    rnd = game.round
    if game.turn_rules.simple:
        codes, end = fast.kernel_round(rnd, style)
        return [compiled.LINE_MOVES[c] for c in codes], end
    rules = fast.spinner_rules(game.variant)
    assert rules is not None
    spinner_codes, end = fast.kernel_spinner_round(rnd, style, rules)
    return [fast.SPINNER_MOVES[c] for c in spinner_codes], end


def random_position(name: str, players: int, seed: int) -> Game | None:
    """A game of ``name`` played by random moves to a random point of a round in
    progress that a kernel may play (None if the game ended first)."""
    rng = random.Random(seed)
    game = Game(domino(name, players), seed=seed)
    for _ in range(rng.randrange(1, 60)):
        legal = game.legal_moves()
        if not legal:
            return None
        game.apply(rng.choice(legal))
    while game.current_seat is not None and not kernel_fits(game, game.round):
        game.apply(rng.choice(game.legal_moves()))  # past a new round's lead
    return game if game.current_seat is not None else None


def assert_same_game(a: Game, b: Game) -> None:
    assert to_record(a) == to_record(b)
    assert a.totals == b.totals and a.carry == b.carry and a.outcome == b.outcome
    assert len(a.rounds) == len(b.rounds)
    for x, y in zip(a.rounds, b.rounds, strict=True):  # every round's whole state
        assert x.holding == y.holding and x.hands == y.hands
        assert x.table.snapshot() == y.table.snapshot() and x.table.last == y.table.last
        assert x.log == y.log and x.turn_ids == y.turn_ids
        assert (x.turn, x.turn_number, x.drawn, x.last_placer, x.points, x.end) == (
            y.turn, y.turn_number, y.drawn, y.last_placer, y.points, y.end)


def check_rollout(game: Game, style: Style) -> None:
    """The kernel's moves are the pure rollout's to the round's end (or to the game's,
    when a target is reached in play), and the kernel's rollout leaves the game the
    pure one does."""
    rnd = game.round
    start = len(rnd.log)
    slow = game.copy()
    slow_round = slow.round
    pure_rollout(slow, style)
    moves, end = kernel_moves(game, style)
    played = [move for _, move, _, _ in slow_round.log[start:]]
    assert compiled.kernel is not None
    if slow_round.end is None:  # the game ended in play: the kernel goes on to the round's end
        assert slow.outcome is not None and moves[:len(played)] == played
    else:
        assert moves == played
        domino = slow_round.end.kind is EndKind.DOMINO
        assert end == (compiled.kernel.END_DOMINO if domino else compiled.kernel.END_FISH)
    quick = game.copy()
    fast.greedy_rollout(quick, style)
    assert_same_game(quick, slow)


@needs_kernel
@settings(max_examples=250, deadline=None)
@given(config=st.sampled_from(CONFIGS + SPINNER_CONFIGS), seed=st.integers(0, 2**40))
def test_the_kernel_rolls_out_random_positions_as_python(config: tuple[str, int],
                                                          seed: int) -> None:
    name, players = config
    game = random_position(name, players, seed)
    if game is None:
        return
    variant = game.variant
    check_rollout(game, style_of(variant))
    # Other weights too, ties included (whole weights tie often): the same argmax.
    rng = random.Random(seed)
    w = [rng.choice((0.0, 0.5, 1.0, 1.5, 2.0, 3.0, -1.0)) for _ in range(6)]
    check_rollout(game, Style(w[0], w[1], w[2], w[3], w[4], w[5], penalty=False, scale=1.0))


@needs_kernel
@pytest.mark.parametrize(("name", "players"), CONFIGS + SPINNER_CONFIGS, ids=lambda c: str(c))
def test_the_kernel_rolls_out_sampled_worlds_as_python(name: str, players: int) -> None:
    variant = domino(name, players)
    style = style_of(variant)
    checked = 0
    found = 0
    for seed in range(60):  # six positions (short games end before most random points)
        game = random_position(name, players, 1000 + seed)
        if game is None:
            continue
        found += 1
        if found > 6:
            break
        view = game.view(game.current_seat)
        rng = random.Random(seed)
        for _ in range(3):
            world = sample_world(view, variant, rng)  # one deal: the round's end is the game's
            for move in view.legal:
                w = world.copy()
                w.apply(move)
                if w.current_seat is None or not kernel_fits(w, w.round):
                    continue
                check_rollout(w, style)
                checked += 1
    assert checked


@needs_kernel
def test_rollout_goes_through_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = 0
    real = fast.kernel_line_round

    def counting(rnd: RoundState, style: Style) -> tuple[object, ...]:
        nonlocal calls
        calls += 1
        return real(rnd, style)

    game = random_position("block", 4, 5)
    assert game is not None
    monkeypatch.setattr(fast, "kernel_line_round", counting)
    rollout(game, style_of(game.variant))
    assert calls >= 1


def test_the_pure_switch_plays_python(pure: None) -> None:
    """With the switch off (DOMINO_PURE_PYTHON=1) greedy_rollout is the pure rollout."""
    game = random_position("draw", 2, 11)
    assert game is not None
    style = style_of(game.variant)
    a, b = game.copy(), game.copy()
    fast.greedy_rollout(a, style)
    pure_rollout(b, style)
    assert_same_game(a, b)


def test_the_environment_variable_forces_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOMINO_PURE_PYTHON", "1")
    assert compiled.pure_python_forced()
    monkeypatch.setenv("DOMINO_PURE_PYTHON", "0")
    assert not compiled.pure_python_forced()
    monkeypatch.delenv("DOMINO_PURE_PYTHON")
    assert not compiled.pure_python_forced()


def test_positions_the_kernel_does_not_play_fall_back() -> None:
    game = Game(domino("block", 4), seed=3)  # nothing led yet
    assert not fast.qualifies(game, game.round)
    other = Game(domino("muggins", 4), seed=3)  # scored in play
    other.apply(other.legal_moves()[0])
    assert not fast.qualifies(other, other.round)
    a, b = other.copy(), other.copy()
    style = style_of(other.variant)
    fast.greedy_rollout(a, style)
    pure_rollout(b, style)
    assert_same_game(a, b)


HARD = Budget(rollouts=24, min_worlds=3, max_worlds=3, exact_tiles=0, seconds=60.0)


def hard_game(name: str, players: int, seed: int, moves: int) -> list[Move]:
    """The moves of a game between hard players (no exact search: every value a rollout)."""
    variant = domino(name, players)
    game = Game(variant, seed=seed)
    seats = [make_player("hard", seed + s, variant, HARD) for s in range(players)]
    played: list[Move] = []
    for _ in range(moves):
        seat = game.current_seat
        if seat is None:
            break
        move = seats[seat](game.view(seat))
        game.play(move)
        played.append(move)
    return played


@needs_kernel
@pytest.mark.parametrize(("name", "players", "seed"), [
    ("block", 4, 21), ("draw", 2, 21), ("kozel", 4, 21),
    ("telephone", 4, 33), ("all_fives", 2, 33), ("threes", 3, 33)])
def test_a_hard_players_game_is_the_same_with_and_without_the_kernel(
        name: str, players: int, seed: int) -> None:
    with_kernel = hard_game(name, players, seed, 40)
    saved = compiled.use_kernel
    compiled.use_kernel = False
    try:
        without = hard_game(name, players, seed, 40)
    finally:
        compiled.use_kernel = saved
    assert with_kernel == without
    assert any(isinstance(m, Place) for m in with_kernel)
    if domino(name, players).table_rules.layout is Layout.SPINNER:  # the spinner's arms too
        assert any(isinstance(m, Place) and m.end in (End.N, End.S) for m in with_kernel)


def test_the_kernel_refuses_a_bad_state() -> None:
    if compiled.kernel is None:
        pytest.skip("engine.domino._kernel was not built (no C compiler)")
    k = compiled.kernel
    w = (1.0,) * 6
    with pytest.raises(ValueError):
        k.greedy_round([[0]], 13, 0, [], 0, 0, 0, 1, 1, w)  # no such pip
    with pytest.raises(ValueError):
        k.greedy_round([[91]], 0, 0, [], 0, 0, 0, 1, 1, w)  # no such tile
    with pytest.raises(ValueError):
        k.greedy_round([[0], [1]], 0, 0, [], 0, 0, 2, 1, 1, w)  # no such seat
    with pytest.raises(ValueError):
        k.greedy_round([[0]], 0, 0, [1], 0, 2, 0, 1, 1, w)  # more drawable than the boneyard
    with pytest.raises(ValueError):
        k.greedy_round([[0]], 0, 5, [], 0, 0, 0, -1, 1, w)  # no such turn number
    with pytest.raises(ValueError):
        k.greedy_round([[0]], 0, 5, [], 0, 0, 0, 1, 200, w)  # no such placement order
    # 0-5 on, the ends 0 and 5: 0-0 (index 0) goes on W, a domino at turn 1
    codes, end, hands, holding, seats, seen, turns, west, east = k.greedy_round(
        [[0]], 0, 5, [], 0, 0, 0, 1, 1, w)
    assert (codes, end, hands, holding) == (bytes([2 + 0]), k.END_DOMINO, (b"",), bytes(13))
    assert (seats, seen, memoryview(turns).cast("I").tolist()) == (b"\0", b"\0", [1])
    assert west == (b"\0", b"\0", b"\0", b"\0", b"\1") and east == (b"",) * 5


def test_the_spinner_kernels_variants_score_by_the_count_or_not_at_all() -> None:
    names = {name for name, _ in SPINNER_CONFIGS}
    assert {"telephone", "threes", "all_fives", "pyaterochka"} <= names
    # several tiles a turn, closers, extra turns, a line: not the spinner kernel's
    for name in ("osel", "domiki", "muggins", "vsem_po_pyat", "block", "capicua"):
        assert name not in names


def test_the_spinner_move_codes_are_the_interned_moves() -> None:
    assert fast.SPINNER_MOVES[0] is DRAW and fast.SPINNER_MOVES[1] is PASS
    for t in full_set(12):
        for k, end in enumerate((End.W, End.E, End.N, End.S)):
            assert fast.SPINNER_MOVES[2 + 4 * t.index + k] is PLACES[t.index][end]


def test_the_spinner_kernel_refuses_a_bad_state() -> None:
    if compiled.kernel is None:
        pytest.skip("engine.domino._kernel was not built (no C compiler)")
    k = compiled.kernel
    w = (1.0,) * 6
    rules = (0, 1, 2, 5, 5, 1, 0, 0, 0, 0)
    table = (3, 4, 0, (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), -1, 0, 0, 0)
    with pytest.raises(ValueError):  # no such pip at the lead
        k.greedy_spinner_round([[0]], (13, 4, 0, *table[3:]), [], 0, 0, 0, 1, w, rules)
    with pytest.raises(ValueError):  # N and S open without a spinner
        k.greedy_spinner_round([[0]], (*table[:9], 1), [], 0, 0, 0, 1, w, rules)
    with pytest.raises(ValueError):  # no such spinner arm
        k.greedy_spinner_round([[0]], (*table[:6], 2, 0, 0, 0), [], 0, 0, 0, 1, w, rules)
    with pytest.raises(ValueError):  # no such seat
        k.greedy_spinner_round([[0], [1]], table, [], 0, 0, 2, 1, w, rules)
    with pytest.raises(ValueError):  # no such turn
        k.greedy_spinner_round([[0]], table, [], 0, 0, 0, -1, w, rules)
    # 3-4 led; 0-3 (index 6) goes on W: a domino, two bytes a move
    codes, end = k.greedy_spinner_round([[6]], table, [], 0, 0, 0, 1, w, rules)
    assert memoryview(codes).cast("H").tolist() == [2 + 4 * 6 + 0] and end == k.END_DOMINO
