"""The achievements' decider on real engine games: the capicúa hands of docs/rules.md
4.24 (L-E1, L-E5) played to a finished game, fish rounds, rounds won without drawing,
the computers beaten, and the tallies' thresholds."""

from __future__ import annotations

import random
from typing import Any

from engine.core.kind import PlayedGame
from engine.core.results import EndKind
from engine.games import kind_of, new_game, replay
from engine.variants import make_variant
from service.achievement_rules import (
    ACHIEVEMENTS,
    FAMILIES,
    TOURNAMENT_WON,
    SeatFacts,
    Tally,
    decide,
    earned,
    seat_facts,
    tournament_earned,
)
from tests.engine.domino.test_capicua import L_E1, L_E5, with_options

PEOPLE4: list[str | None] = [None, None, None, None]


def finished(record: dict[str, Any]) -> PlayedGame:
    game, _ = replay(record)
    assert game.outcome is not None
    return game


def random_game(variant: str, players: int, seed: int) -> PlayedGame:
    game = new_game(make_variant(variant, players, {}), seed)
    rng = random.Random(seed)
    kind = kind_of(game.variant)
    while game.outcome is None:
        kind.play(game, rng.choice(game.legal_moves()))
    return game


def test_l_e1_anna_goes_out_with_a_capicua() -> None:
    # L-E1 scores [101, 0]: with a target of 100 it is the game's last hand
    game = finished(with_options(L_E1, target=100))
    facts = seat_facts(game, PEOPLE4)
    assert facts[0].capicua and facts[0].won and facts[2].won
    assert not any(facts[s].capicua for s in (1, 2, 3))  # the capicúa is Anna's alone
    assert not facts[0].no_draw  # capicúa deals everything: nothing to draw
    assert not facts[0].double_out  # 1-6 is no double
    keys, tally = earned(facts[0], Tally())
    assert keys == {"first_game", "first_win", "capicua"}
    assert tally == Tally(1, 1, frozenset({"capicua"}))
    assert earned(facts[1], Tally())[0] == {"first_game"}


def test_l_e5_a_fish_won_and_a_double_that_fits_both_ends() -> None:
    # hand 1 a tranque Anna's side wins ([90, 0]); hand 2 Vera out with 3-3, which
    # fits both ends but is a double: no capicúa; totals [157, 0] end a game to 150
    game = finished(with_options(L_E5, target=150))
    assert game.rounds[0].end is not None and game.rounds[0].end.kind is EndKind.FISH
    facts = seat_facts(game, PEOPLE4)
    assert facts[0].fish and facts[2].fish
    assert not facts[1].fish and not facts[3].fish  # their side lost the tranque
    assert facts[2].double_out and not facts[2].capicua
    assert not facts[0].double_out  # Anna's side won, but Vera's double ended it
    assert earned(facts[2], Tally())[0] == {"first_game", "first_win", "fish", "double_out"}


def test_capicua_bonus_rounds_match_the_scored_bonus() -> None:
    """The capicúa the engine scores in play (its move's bonuses) is the decider's."""
    hits = 0
    for seed in range(40):
        game = new_game(make_variant("capicua", 4, {}), seed)
        rng = random.Random(seed)
        kind = kind_of(game.variant)
        scored: set[int] = set()
        while game.outcome is None:
            result, _ = kind.play(game, rng.choice(game.legal_moves()))
            if any(name == "capicua" for name, _ in result.bonuses):
                scored.add(result.seat)
        facts = seat_facts(game, PEOPLE4)
        assert {s for s, f in facts.items() if f.capicua} == scored
        hits += len(scored)
    assert hits > 0


def test_a_round_won_without_drawing_in_the_draw_game() -> None:
    with_draw = without = 0
    for seed in range(30):
        game = random_game("draw", 2, seed)
        summary = kind_of(game.variant).replay_summary(game)
        facts = seat_facts(game, [None, None])
        for seat in (0, 1):
            expected = any(
                r["end"] is not None and r["end"]["kind"] == "domino"
                and r["end"]["seat"] == seat
                and not any(m["seat"] == seat and m["move"] == "draw" for m in r["moves"])
                for r in summary["rounds"])
            assert facts[seat].no_draw == expected
            with_draw += expected
            without += not expected
    assert with_draw and without
    # a game dealt out (no boneyard) never earns it, however it is won
    for seed in range(10):
        game = random_game("block", 4, seed)
        assert not any(f.no_draw for f in seat_facts(game, PEOPLE4).values())


def test_the_computers_beaten_and_computer_seats_earn_nothing() -> None:
    for seed in range(20):
        game = random_game("block", 2, seed)
        outcome = game.outcome
        assert outcome is not None
        decided = decide(game, [None, "expert"], {})
        assert set(decided) == {0}  # the computer's seat earns nothing
        keys, _ = decided[0]
        won = 0 in outcome.winners
        assert ("beat_hard" in keys) == won and ("beat_expert" in keys) == won
        keys, _ = decide(game, [None, "hard"], {})[0]
        assert ("beat_hard" in keys) == won and "beat_expert" not in keys
        keys, _ = decide(game, [None, "medium"], {})[0]
        assert "beat_hard" not in keys
        if won:
            return
    raise AssertionError("no game won by seat 0")


def test_partners_computers_are_no_opponents() -> None:
    game = finished(with_options(L_E1, target=100))
    keys, _ = decide(game, [None, None, "expert", None], {})[0]  # Vera's seat a computer
    assert "beat_expert" not in keys
    keys, _ = decide(game, [None, "expert", None, None], {})[0]
    assert "beat_expert" in keys


def test_the_tallies_thresholds_and_every_family() -> None:
    win = SeatFacts(family="goat", won=True)
    loss = SeatFacts(family="goat")
    assert earned(loss, Tally(8, 0))[0] == {"first_game"}
    assert "games_10" in earned(loss, Tally(9, 0))[0]
    assert "games_100" not in earned(loss, Tally(98, 0))[0]
    assert {"games_10", "games_100"} <= earned(loss, Tally(99, 0))[0]
    assert "wins_10" not in earned(loss, Tally(20, 9))[0]
    assert "wins_10" in earned(win, Tally(20, 9))[0]
    others = FAMILIES - {"goat"}
    keys, after = earned(win, Tally(30, 10, frozenset(others)))
    assert "all_families" in keys and after.families == FAMILIES
    assert "all_families" not in earned(loss, Tally(30, 10, frozenset(others)))[0]
    assert after == Tally.of(31, 11, after.to_json())
    assert set(ACHIEVEMENTS) >= keys


def test_a_tournament_earns_its_winner_the_champion_and_nothing_else() -> None:
    assert tournament_earned((42,)) == [(42, [TOURNAMENT_WON])]
    assert tournament_earned((42, 43)) == [(42, [TOURNAMENT_WON]), (43, [TOURNAMENT_WON])]
    assert tournament_earned(()) == []  # the winner was forgotten since
    assert TOURNAMENT_WON in ACHIEVEMENTS
    # no game earns it: a won game, whatever its facts, never names the champion
    keys, _ = earned(SeatFacts("goat", won=True, fish=True, beat_expert=True), Tally())
    assert TOURNAMENT_WON not in keys
