"""Pairing a tournament's rounds: the circle method and Swiss rounds without rematches."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from service.pairing import round_robin, round_robin_rounds, swiss_round, swiss_rounds


def _check_round_robin(n: int) -> None:
    players = list(range(1, n + 1))
    rounds = round_robin(players)
    assert len(rounds) == round_robin_rounds(n)
    met: list[frozenset[int]] = []
    byes: list[int] = []
    for pairings in rounds:
        seen = [p for pair in pairings for p in pair if p is not None]
        assert sorted(seen) == players  # everyone once a round
        for a, b in pairings:
            if b is None:
                byes.append(a)
            else:
                met.append(frozenset((a, b)))
    assert len(met) == len(set(met))  # every pair exactly once
    assert set(met) == {frozenset(c) for c in itertools.combinations(players, 2)}
    if n % 2:
        assert sorted(byes) == players  # each a bye once
    else:
        assert byes == []


def test_round_robin_every_pair_once() -> None:
    for n in range(2, 13):
        _check_round_robin(n)


def test_round_robin_of_four_worked() -> None:
    assert round_robin([1, 2, 3, 4]) == [[(1, 4), (2, 3)], [(3, 1), (4, 2)], [(1, 2), (3, 4)]]


def test_round_robin_of_three_has_a_bye_each_round() -> None:
    rounds = round_robin([1, 2, 3])
    assert [r[-1][1] for r in rounds] == [None, None, None]
    assert sorted(r[-1][0] for r in rounds) == [1, 2, 3]


def test_round_robin_refuses_a_player_twice() -> None:
    try:
        round_robin([1, 1, 2])
    except ValueError:
        return
    raise AssertionError("a player twice was accepted")


def _swiss(n: int, rounds: int, rng: random.Random) -> list[list[tuple[int, int | None]]]:
    """Play ``rounds`` Swiss rounds of ``n`` players, each game won by a random side
    (or drawn), the ranking by points then number."""
    points = dict.fromkeys(range(1, n + 1), 0.0)
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    played = []
    for _ in range(rounds):
        ranked = sorted(points, key=lambda p: (-points[p], p))
        pairings = swiss_round(ranked, met, had_bye)
        played.append(pairings)
        for a, b in pairings:
            if b is None:
                had_bye.add(a)
                points[a] += 1
                continue
            met.add(frozenset((a, b)))
            score = rng.choice((0.0, 0.5, 1.0))
            points[a] += score
            points[b] += 1 - score
    return played


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_swiss_six_players_never_meet_twice_in_three_rounds(seed: int) -> None:
    rounds = _swiss(6, 3, random.Random(seed))
    pairs = [frozenset(p) for r in rounds for p in r]
    assert len(pairs) == len(set(pairs)) == 9
    for r in rounds:
        assert sorted(p for pair in r for p in pair if p is not None) == [1, 2, 3, 4, 5, 6]


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=9, max_value=16), st.integers(min_value=0, max_value=2**32))
def test_swiss_no_rematch_and_one_bye_each(n: int, seed: int) -> None:
    rounds = _swiss(n, swiss_rounds(n), random.Random(seed))
    games = [frozenset(p) for r in rounds for p in r if p[1] is not None]
    assert len(games) == len(set(games))
    byes = [a for r in rounds for a, b in r if b is None]
    assert len(byes) == len(set(byes)) == (len(rounds) if n % 2 else 0)


def test_swiss_pairs_equal_scores_first() -> None:
    # 1 and 2 lead with a point each, 3 and 4 have none: the leaders meet
    assert swiss_round([1, 2, 3, 4], {frozenset((1, 3)), frozenset((2, 4))}) == [(1, 2), (3, 4)]
    # the leaders met already: each leader meets the nearest he has not met
    assert swiss_round([1, 2, 3, 4], {frozenset((1, 2)), frozenset((3, 4))}) == [(1, 3), (2, 4)]


def test_swiss_bye_to_the_lowest_without_one() -> None:
    assert swiss_round([1, 2, 3], set(), had_bye={3})[-1] == (2, None)
    assert swiss_rounds(9) == 4 and swiss_rounds(16) == 4 and swiss_rounds(4) == 3
