"""The pure rating code (service/skill.py): which way ratings move, who is rated, and
that rating a set of games does not depend on the order they are given in."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from service.skill import (
    DEFAULT_MU,
    RatedGame,
    RatedSeat,
    Skill,
    computer,
    finished_game,
    person,
    ranks_of,
    rate_game,
    rate_games,
    user_of,
)

A, B, C, D = (person(n) for n in (1, 2, 3, 4))


def _game(seats: list[tuple[str, int]], ranks: tuple[int, ...], *, game_id: int = 1,
          family: str = "goat", unrated: frozenset[str] = frozenset()) -> RatedGame:
    return RatedGame(game_id, float(game_id), family,
                     tuple(RatedSeat(p, side, rated=p not in unrated) for p, side in seats),
                     ranks)


def _after(changes: list, player: str) -> Skill:  # type: ignore[type-arg]
    return next(c.after for c in changes if c.player == player)


def test_identities() -> None:
    assert person(42) == "user:42" and user_of("user:42") == 42
    assert computer("hard") == "ai:hard" and user_of("ai:hard") is None


def test_a_win_raises_the_winner_and_lowers_the_loser() -> None:
    changes = rate_game(_game([(A, 0), (B, 1)], (0, 1)), {})
    win, loss = _after(changes, A), _after(changes, B)
    assert win.mu > DEFAULT_MU > loss.mu
    assert win.games == loss.games == 1
    assert win.sigma < Skill().sigma and loss.sigma < Skill().sigma  # both better known
    assert win.conservative > loss.conservative


def test_beating_a_stronger_player_gains_more() -> None:
    strong = {(B, "goat"): Skill(35.0, 3.0, 40)}
    upset = _after(rate_game(_game([(A, 0), (B, 1)], (0, 1)), strong), A).mu
    usual = _after(rate_game(_game([(A, 0), (B, 1)], (0, 1)), {}), A).mu
    assert upset > usual > DEFAULT_MU


def test_a_team_game_moves_both_partners_together() -> None:
    changes = rate_game(_game([(A, 0), (B, 1), (C, 0), (D, 1)], (0, 1)), {})
    assert len(changes) == 4
    for winner in (A, C):
        assert _after(changes, winner).mu > DEFAULT_MU
    for loser in (B, D):
        assert _after(changes, loser).mu < DEFAULT_MU
    assert _after(changes, A) == _after(changes, C)


def test_three_and_four_players_each_for_himself_by_rank() -> None:
    three = rate_game(_game([(A, 0), (B, 1), (C, 2)], (1, 0, 2)), {})
    assert _after(three, B).mu > _after(three, A).mu > _after(three, C).mu
    assert _after(three, B).mu > DEFAULT_MU > _after(three, C).mu
    four = rate_game(_game([(A, 0), (B, 1), (C, 2), (D, 3)], (3, 2, 1, 0)), {})
    mus = [_after(four, p).mu for p in (D, C, B, A)]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == 4


def test_ties_share_a_rank() -> None:
    tie = rate_game(_game([(A, 0), (B, 1)], (0, 0)), {})
    assert abs(_after(tie, A).mu - _after(tie, B).mu) < 1e-9
    three = rate_game(_game([(A, 0), (B, 1), (C, 2)], (0, 0, 1)), {})
    assert abs(_after(three, A).mu - _after(three, B).mu) < 1e-9
    assert _after(three, A).mu > DEFAULT_MU > _after(three, C).mu


def test_a_taken_over_person_is_not_rated_and_the_others_are() -> None:
    start = {(A, "goat"): Skill(30.0, 4.0, 12)}
    changes = rate_game(_game([(A, 0), (B, 1), (C, 0), (D, 1)], (1, 0),
                              unrated=frozenset({A})), start)
    assert {c.player for c in changes} == {B, C, D}
    assert _after(changes, C).mu < DEFAULT_MU  # his partner lost with him
    ratings = rate_games([_game([(A, 0), (B, 1)], (0, 1), unrated=frozenset({A}))], start)
    assert ratings.skills[(A, "goat")] == Skill(30.0, 4.0, 12)  # untouched
    assert ratings.skills[(B, "goat")].games == 1
    assert rate_game(_game([(A, 0), (B, 1)], (0, 1), unrated=frozenset({A, B})), {}) == []


def test_computer_players_are_rated_per_level() -> None:
    hard, easy = computer("hard"), computer("easy")
    changes = rate_game(_game([(A, 0), (hard, 1), (easy, 2)], (0, 1, 2)), {})
    assert _after(changes, hard).mu > _after(changes, easy).mu
    # one level on both sides plays itself: not rated; on one side: rated once
    both = rate_game(_game([(A, 0), (hard, 1), (B, 0), (hard, 1)], (0, 1)), {})
    assert [c.player for c in both].count(hard) == 1 and _after(both, hard).games == 1
    itself = rate_game(_game([(hard, 0), (hard, 1), (A, 2)], (0, 1, 2)), {})
    assert {c.player for c in itself} == {A}


def test_ranks_from_the_result() -> None:
    # points: higher is better among the non-winners; the winners first
    assert ranks_of([1], [0, 2], [40, 100, 60], penalty=False) == (2, 0, 1)
    # penalties (kozel): the goat last, the winners by fewer points
    assert ranks_of([0, 2], [1], [30, 101, 12], penalty=True) == (1, 2, 0)
    assert ranks_of([0, 1], [], [50, 50], penalty=False) == (0, 0)


def test_a_stored_game_is_read_with_its_sides_and_family() -> None:
    head = json.dumps({"format": "domino-record/1", "variant": "kozel",
                       "options": {"teams": True}, "players": ["A", "B", "C", "D"]})
    result = json.dumps({"winners": [1], "losers": [0], "reason": "goat",
                         "totals": [104, 20]})
    seats = [(0, 1, None, False), (1, 2, None, True), (2, None, "hard", False),
             (3, 4, None, False)]
    game = finished_game(7, 5.0, head, result, seats)
    assert game is not None and game.family == "goat" and game.ranks == (1, 0)
    assert [(s.player, s.side, s.rated) for s in game.seats] == [
        (A, 0, True), (B, 1, False), ("ai:hard", 0, True), (D, 1, True)]
    assert finished_game(7, 5.0, head, "not json", seats) is None
    assert finished_game(7, 5.0, head.replace("kozel", "no_such_game"), result, seats) is None
    assert finished_game(7, 5.0, head, result, seats[:3]) is None


def _random_games(seed: int, count: int) -> list[RatedGame]:
    rng = random.Random(seed)
    people = [person(n) for n in range(6)] + [computer("easy"), computer("hard")]
    games = []
    for game_id in range(1, count + 1):
        n = rng.choice((2, 3, 4))
        players = rng.sample(people, n)
        teams = n == 4 and rng.random() < 0.5
        sides = [s % 2 for s in range(4)] if teams else list(range(n))
        ranks = tuple(rng.randrange(2 if teams else n) for _ in range(2 if teams else n))
        games.append(RatedGame(
            game_id, float(rng.randrange(20)), rng.choice(("goat", "fives")),
            tuple(RatedSeat(p, side, rated=rng.random() > 0.1)
                  for p, side in zip(players, sides, strict=True)), ranks))
    return games


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
def test_the_order_games_are_given_in_does_not_matter(seed: int, rng: random.Random) -> None:
    games = _random_games(seed, 12)
    shuffled = list(games)
    rng.shuffle(shuffled)
    first, second = rate_games(games), rate_games(shuffled)
    assert first.skills == second.skills
    assert first.history == second.history
    # and the order is finished_at, then game_id
    order = [(c.finished_at, c.game_id) for c in first.history]
    assert order == sorted(order)
