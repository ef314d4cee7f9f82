"""Worked examples of `capicua` (docs/rules.md 4.24) and its properties over random
games: the pase de salida and pase corrido in play, the domino with its capicúa and
chuchazo, the three tranque rules and eggs, the hand bonus, the lead of later hands,
the game's end and the presets."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.errors import IllegalMoveError, OptionsError
from engine.core.moves import PASS, Pass, Place
from engine.core.results import EndKind, GameEndReason, RoundEnd
from engine.core.tiles import Tile, full_set
from engine.domino.ai import Budget, make_player
from engine.domino.capicua import (
    COUNT_OPPONENTS,
    LEAD_ROTATE,
    PRESETS,
    TRANQUE_BLOCKER,
    TRANQUE_INDIVIDUAL,
    Capicua,
)
from engine.domino.game import Game
from engine.domino.hints import placement_hints
from engine.domino.record import replay, replay_summary, to_record
from engine.domino.variant import as_domino
from engine.variants import VARIANTS, make_variant, register, unregister

from .helpers import deal, play, play1

# The Puerto Rico "500" preset's options, as L-E4's record writes them.
PR500: dict[str, Any] = {"target": 500, "capicua": 100, "chuchazo": 100,
                         "pase_salida": False, "pase_corrido": 0, "hand_bonus": True}


@pytest.fixture(autouse=True)
def _capicua_registered() -> Iterator[None]:
    """The variant registered for these tests (the registry may already hold it)."""
    own = "capicua" not in VARIANTS
    if own:
        register(Capicua)
    try:
        yield
    finally:
        if own:
            unregister(Capicua)


def with_options(record: dict[str, Any], **options: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    out["options"] = {**out["options"], **options}
    return out


def move_points(game: Game, hand: int = 0) -> list[int]:
    """Each entry's points in a hand of the game, in the record's order."""
    return [p for _, _, p in game.rounds[hand].actions()]


def first_game(record: dict[str, Any]) -> Game:
    """The record's first hand as a live game (checked play from its deal)."""
    rnd = record["rounds"][0]
    d = deal([" ".join(h) for h in rnd["hands"]], leader=rnd["leader"],
             forced="6-6")
    v = as_domino(make_variant("capicua", 4, {"teams": True, **record["options"]}))
    return Game(v, deals=[d])


L_E1: dict[str, Any] = {
    "format": "domino-record/1", "variant": "capicua", "options": {},
    "players": ["Anna", "Boris", "Vera", "Gleb"],
    "rounds": [
        {
            "hands": [
                ["0-5", "1-6", "2-6", "3-4", "3-6", "5-6", "6-6"],
                ["0-0", "0-1", "0-3", "1-1", "1-5", "2-2", "4-4"],
                ["0-4", "1-4", "2-3", "2-4", "3-5", "4-5", "4-6"],
                ["0-2", "0-6", "1-2", "1-3", "2-5", "3-3", "5-5"],
            ],
            "boneyard": [], "leader": 0,
            "moves": [
                "6-6", "pass", "6-4:E", "6-0:W", "4-3:E", "0-3:W", "3-5:W", "3-1:E",
                "5-0:W", "1-5:E", "0-4:W", "5-5:E", "5-6:E", "4-4:W", "4-5:W", "5-2:W",
                "2-6:W", "pass", "pass", "pass", "6-3:E", "pass", "3-2:E", "2-1:E",
                "1-6:E",
            ],
        },
    ],
}

L_E2: dict[str, Any] = {
    "format": "domino-record/1", "variant": "capicua", "options": {},
    "players": ["Anna", "Boris", "Vera", "Gleb"],
    "rounds": [
        {
            "hands": [
                ["0-1", "0-3", "1-2", "1-6", "2-4", "2-6", "5-5"],
                ["0-2", "1-4", "1-5", "3-5", "4-4", "5-6", "6-6"],
                ["0-0", "0-4", "2-2", "2-3", "3-4", "3-6", "4-5"],
                ["0-5", "0-6", "1-1", "1-3", "2-5", "3-3", "4-6"],
            ],
            "boneyard": [], "leader": 1,
            "moves": [
                "6-6", "6-3:W", "3-1:W", "1-6:W", "6-5:E", "5-4:E", "4-6:E", "6-2:W",
                "2-0:W", "0-0:W", "0-6:W",
            ],
        },
    ],
}

L_E3: dict[str, Any] = {
    "format": "domino-record/1", "variant": "capicua", "options": {},
    "players": ["Anna", "Boris", "Vera", "Gleb"],
    "rounds": [
        {
            "hands": [
                ["1-1", "1-6", "2-2", "2-3", "3-3", "3-6", "5-6"],
                ["0-0", "0-2", "0-3", "0-4", "0-5", "2-6", "4-5"],
                ["0-1", "0-6", "1-4", "2-5", "3-4", "4-6", "5-5"],
                ["1-2", "1-3", "1-5", "2-4", "3-5", "4-4", "6-6"],
            ],
            "boneyard": [], "leader": 3,
            "moves": [
                "6-6", "6-1:E", "6-2:W", "2-5:W", "1-5:E", "5-6:E", "5-4:W", "4-6:W",
                "pass", "6-3:E", "3-0:E", "0-6:E",
            ],
        },
    ],
}

L_E4: dict[str, Any] = {
    "format": "domino-record/1", "variant": "capicua", "options": PR500,
    "players": ["Anna", "Boris", "Vera", "Gleb"],
    "rounds": [
        {
            "hands": [
                ["0-1", "0-4", "0-6", "1-1", "1-5", "3-5", "3-6"],
                ["0-0", "1-4", "1-6", "2-3", "3-4", "4-5", "6-6"],
                ["0-2", "0-3", "0-5", "1-3", "2-4", "4-4", "5-6"],
                ["1-2", "2-2", "2-5", "2-6", "3-3", "4-6", "5-5"],
            ],
            "boneyard": [], "leader": 1,
            "moves": [
                "6-6", "6-5:E", "6-4:W", "4-0:W", "5-4:E", "0-5:W", "5-2:W", "pass",
                "4-3:E", "2-4:W", "3-3:E", "3-6:E", "4-1:W", "1-3:W", "6-2:E", "3-5:W",
                "2-3:E", "3-0:E", "5-5:W", "0-1:E", "1-6:E", "pass", "pass", "6-0:E",
                "0-0:E",
            ],
        },
    ],
}

L_E5: dict[str, Any] = {
    "format": "domino-record/1", "variant": "capicua", "options": {},
    "players": ["Anna", "Boris", "Vera", "Gleb"],
    "rounds": [
        {
            "hands": [
                ["0-1", "0-3", "1-2", "1-6", "2-4", "2-6", "5-5"],
                ["0-2", "1-4", "1-5", "3-5", "4-4", "5-6", "6-6"],
                ["0-0", "0-4", "2-2", "2-3", "3-4", "3-6", "4-5"],
                ["0-5", "0-6", "1-1", "1-3", "2-5", "3-3", "4-6"],
            ],
            "boneyard": [], "leader": 1,
            "moves": [
                "6-6", "6-3:W", "3-1:W", "1-6:W", "6-5:E", "5-4:E", "4-6:E", "6-2:W",
                "2-0:W", "0-0:W", "0-6:W",
            ],
        },
        {
            "hands": [
                ["0-0", "1-2", "1-4", "1-6", "2-5", "2-6", "3-4"],
                ["0-1", "0-2", "0-4", "0-5", "1-1", "5-5", "5-6"],
                ["0-3", "1-3", "2-3", "2-4", "3-3", "3-6", "4-6"],
                ["0-6", "1-5", "2-2", "3-5", "4-4", "4-5", "6-6"],
            ],
            "boneyard": [], "leader": 2,
            "moves": [
                "3-6", "6-0:E", "3-4:W", "4-0:W", "0-3:E", "3-5:E", "5-2:E", "0-1:W",
                "2-4:E", "4-5:E", "1-4:W", "5-5:E", "4-6:W", "6-6:W", "6-1:W", "5-0:E",
                "1-3:W", "pass", "0-0:E", "0-2:E", "2-3:E", "pass", "pass", "pass",
                "3-3:W",
            ],
        },
    ],
}


# ============================================================== the facts
def test_capicua_is_four_in_partnerships_double_six_all_dealt() -> None:
    """[L2] [L3]: four players, 0+2 against 1+3, double-six, 7 each, no boneyard."""
    v = as_domino(make_variant("capicua", 4))
    assert v.sides == ((0, 2), (1, 3)) and v.hand_size() == 7 and not v.draws
    assert v.target == 200
    with pytest.raises(OptionsError):
        make_variant("capicua", 2)
    with pytest.raises(OptionsError):
        make_variant("capicua", 4, {"teams": False})
    game = Game(v, seed=3)
    assert game.round.deal.boneyard == () and all(len(h) == 7 for h in game.round.hands)
    assert game.round.deal.forced == Tile(6, 6)
    assert Tile(6, 6) in game.round.hands[game.round.deal.leader]


# ==================================================================== L-E1
def test_l_e1_capicua_pase_de_salida_pase_corrido() -> None:
    """L-E1: 25 for the pase de salida on the 6-6, 25 for the pase corrido at move 17,
    then 7 + 11 + 8 = 26 and the capicúa 25: [101, 0]; Anna leads hand 2."""
    game, _ = replay(L_E1)
    points = move_points(game)
    assert points[0] == 25 and points[16] == 25
    assert sum(points) == 50 and points.count(0) == len(points) - 2
    end = game.rounds[0].end
    assert end is not None and end.kind is EndKind.DOMINO and end.seat == 0
    assert end.pips == (0, 7, 11, 8)
    assert game.rounds[0].points == [101, 0] and game.totals == [101, 0]
    assert game.outcome is None
    assert game.variant.next_lead(game, game.rounds[0]) == (0, None)
    summary = replay_summary(game)
    assert summary["rounds"][0]["round_points"] == [101, 0]
    assert summary["rounds"][0]["end"] == {"kind": "domino", "seat": 0}


def test_l_e1_other_counts_and_the_puerto_rico_500() -> None:
    """L-E1 with count opponents: 15 + 25 + 50 = [90, 0]; Puerto Rico "500": no pase
    points, 26 + capicú 100 + first-hand bonus 100 = [226, 0]."""
    game, _ = replay(with_options(L_E1, count=COUNT_OPPONENTS))
    assert game.rounds[0].points == [90, 0]
    game, _ = replay(with_options(L_E1, **PR500))
    assert move_points(game) == [0] * 25
    assert game.rounds[0].points == [226, 0]


def test_l_e1_refused_moves() -> None:
    """L-E1: 6-4 without END at move 3, a pass at move 3 (Vera holds 4-6) and a first
    lead other than 6-6 are refused."""
    game = first_game(L_E1)
    with pytest.raises(IllegalMoveError):
        play1(game, "5-6")  # Anna must lead 6-6
    play(game, "6-6", "pass")
    with pytest.raises(IllegalMoveError):
        game.play(Place(Tile(4, 6), None, None))  # fits both ends: END required
    with pytest.raises(IllegalMoveError):
        game.play(PASS)  # Vera can place
    result = play1(game, "6-4:E")
    assert result.points == 0


def test_l_e1_live_play_credits_the_pase_points_on_their_moves() -> None:
    """L-E1 played move by move: the lead and move 17 carry 25 each; the three passes
    after the pase corrido and the single pass at move 22 score nothing."""
    game = first_game(L_E1)
    results = play(game, *L_E1["rounds"][0]["moves"])
    assert [r.points for r in results if r.points] == [25, 25]
    assert results[0].points == 25 and results[16].points == 25
    assert all(isinstance(r.move, Pass) and r.points == 0 for r in results[17:20])
    assert results[21].points == 0
    assert game.totals == [101, 0]


# ==================================================================== L-E2
def test_l_e2_tranque_by_team() -> None:
    """L-E2: Gleb blocks; 43 against 47: Anna's side scores all 90 ([90, 0]); Vera
    (20, fewer than Anna's 23) leads hand 2; count opponents: [47, 0]."""
    game, _ = replay(L_E2)
    end = game.rounds[0].end
    assert end is not None and end.kind is EndKind.FISH and end.seat == 3
    assert end.pips == (23, 27, 20, 20) and end.side_pips == (43, 47)
    assert game.rounds[0].points == [90, 0]
    assert move_points(game) == [0] * 11
    assert game.variant.next_lead(game, game.rounds[0]) == (2, None)
    game, _ = replay(with_options(L_E2, count=COUNT_OPPONENTS))
    assert game.rounds[0].points == [47, 0]


def test_l_e2_tranque_individual_and_blocker() -> None:
    """L-E2: individual: 20 is Vera's and Gleb's, both sides: the side that led
    (Boris's) wins, [0, 90]; blocker: Gleb 20 against Vera 20, equal: [0, 90]."""
    for rule in (TRANQUE_INDIVIDUAL, TRANQUE_BLOCKER):
        game, _ = replay(with_options(L_E2, tranque=rule))
        end = game.rounds[0].end
        assert end is not None and end.kind is EndKind.FISH and end.winner == 1
        assert game.rounds[0].points == [0, 90]


# ==================================================================== L-E3
def test_l_e3_eggs_by_team() -> None:
    """L-E3: 40 against 40 is eggs: [0, 0], seat 2 placed last; Gleb leads hand 2 with
    any tile."""
    game, _ = replay(L_E3)
    end = game.rounds[0].end
    assert end is not None and end.kind is EndKind.EGGS and end.seat == 2
    assert end.pips == (17, 11, 23, 29) and end.winner is None
    assert game.rounds[0].points == [0, 0] and game.carry == 0
    assert game.variant.next_lead(game, game.rounds[0]) == (3, None)
    assert replay_summary(game)["rounds"][0]["end"] == {"kind": "eggs", "seat": 2}


def test_l_e3_individual_and_blocker_are_no_eggs() -> None:
    """L-E3: individual: Boris's 11 is the lowest; blocker: Vera (23) loses to Boris
    (11): either way a fish scored [0, 80]."""
    for rule in (TRANQUE_INDIVIDUAL, TRANQUE_BLOCKER):
        game, _ = replay(with_options(L_E3, tranque=rule))
        end = game.rounds[0].end
        assert end is not None and end.kind is EndKind.FISH
        assert game.rounds[0].points == [0, 80]


def test_l_e3_eggs_use_up_the_first_hand_bonus() -> None:
    """L-E3 with hand_bonus: the first hand's 100 is lost; the next hand pays 75."""
    game, _ = replay(with_options(L_E3, hand_bonus=True))
    assert game.rounds[0].points == [0, 0]
    v = game.variant
    assert isinstance(v, Capicua)
    game.deal_from_seed(7)  # hand 2 dealt: its bonus is the second one
    assert len(game.rounds) == 2 and v.hand_bonus(game) == 75


# ==================================================================== L-E4
def test_l_e4_chuchazo_in_the_puerto_rico_500() -> None:
    """L-E4: Boris goes out with 0-0: 8 + 10 + 7 = 25, chuchazo 100, first-hand bonus
    100: [0, 225]; the 0-0 fits only E and is no capicúa. Default options: [0, 25]."""
    game, _ = replay(L_E4)
    end = game.rounds[0].end
    assert end is not None and end.kind is EndKind.DOMINO and end.seat == 1
    assert end.pips == (8, 0, 10, 7)
    assert game.rounds[0].points == [0, 225]
    default = {**L_E4, "options": {}}
    game, _ = replay(default)
    assert game.rounds[0].points == [0, 25]


# ==================================================================== L-E5
def test_l_e5_the_lead_after_a_tranque_and_a_double_out() -> None:
    """L-E5: hand 1 is L-E2 ([90, 0]); Vera leads hand 2, makes a pase corrido (25)
    and goes out with 3-3, a double: no capicúa; 11 + 13 + 18 = 42: [67, 0]; totals
    [157, 0], nobody has 200; Vera leads hand 3."""
    game, _ = replay(L_E5)
    assert game.rounds[1].deal.leader == 2 and game.rounds[1].deal.forced is None
    assert game.rounds[0].points == [90, 0]
    points = move_points(game, 1)
    assert points[20] == 25 and sum(points) == 25
    end = game.rounds[1].end
    assert end is not None and end.kind is EndKind.DOMINO and end.seat == 2
    assert end.pips == (11, 13, 0, 18)
    assert game.rounds[1].points == [67, 0] and game.totals == [157, 0]
    assert game.outcome is None and replay_summary(game)["winners"] is None
    assert game.variant.next_lead(game, game.rounds[1]) == (2, None)


def test_l_e5_in_the_puerto_rico_500() -> None:
    """L-E5 under Puerto Rico "500": [190, 0] and [117, 0] (bonuses 100 and 75, no
    pase), totals [307, 0]."""
    game, _ = replay(with_options(L_E5, **PR500))
    assert [r.points for r in game.rounds] == [[190, 0], [117, 0]]
    assert game.totals == [307, 0] and game.outcome is None


def test_l_e5_refuses_a_lead_by_the_wrong_seat_or_a_forced_6_6() -> None:
    """L-E5: hand 2 is led by Vera, with any tile: a record naming another leader is
    refused."""
    bad = copy.deepcopy(L_E5)
    bad["rounds"][1]["leader"] = 3
    with pytest.raises(ValueError):
        replay(bad)


# ==================================================================== L-E6
def _hand_end(game: Game) -> RoundEnd:
    end = game.rounds[-1].end
    assert end is not None
    return end


def test_l_e6_the_game_end() -> None:
    """L-E6: [180, 198] plays on; [230, 198] wins for Anna's side; [220, 210]: both
    past 200, the higher wins; [205, 205]: equal, another hand is played."""
    game, _ = replay(L_E1)
    v = game.variant
    end = _hand_end(game)
    for totals, winner in (([180, 198], None), ([230, 198], 0), ([220, 210], 0),
                           ([205, 205], None), ([199, 240], 1)):
        game.totals = totals
        out = v.game_over_after_round(game, end)
        if winner is None:
            assert out is None
        else:
            assert out is not None and out.winners == (winner,)
            assert out.losers == (1 - winner,) and out.reason is GameEndReason.TARGET


def test_l_e6_pase_points_never_end_a_hand() -> None:
    """L-E6: a pase that crosses the target in play does not end the hand; the hand's
    end decides: from [190, 185] Anna's 25 on the lead makes [215, 185] and play goes
    on; Anna going out makes [291, 185] and her side wins."""
    game = first_game(L_E1)
    game.totals = [190, 185]
    moves = L_E1["rounds"][0]["moves"]
    play(game, moves[0])
    assert game.totals == [215, 185] and game.outcome is None
    assert game.current_seat == 1
    play(game, *moves[1:])
    assert game.totals == [291, 185]
    assert game.outcome is not None and game.outcome.winners == (0,)


def test_l_e6_equal_totals_past_the_target_play_another_hand() -> None:
    """L-E6: from [180, 205] Anna's side wins L-E2's tranque, scoring 90 ... and a
    game at equal totals past the target deals another hand."""
    game, _ = replay(L_E2)
    game.totals = [205, 205]
    assert game.variant.game_over_after_round(game, _hand_end(game)) is None
    game.outcome = None
    game.deal_from_seed(11)
    assert len(game.rounds) == 2 and game.current_seat is not None


# ==================================================================== leads
def test_the_lead_rotates_with_lead_rotate() -> None:
    """[L4]: with lead rotate, the seat after the last leader leads, whoever won."""
    game, _ = replay(with_options(L_E1, lead=LEAD_ROTATE))
    assert game.variant.next_lead(game, game.rounds[0]) == (1, None)
    game, _ = replay(with_options(L_E3, lead=LEAD_ROTATE))
    assert game.variant.next_lead(game, game.rounds[0]) == (0, None)


def _lead_points(hands: list[str], lead: str) -> int:
    v = as_domino(make_variant("capicua", 4, {"teams": True}))
    game = Game(v, deals=[deal(hands, leader=0)])
    return play1(game, lead).points


def test_pase_de_salida_double_or_not_and_with_a_corrido() -> None:
    """[L7]: an unanswered lead scores 25 if a double, 50 if not; when all three next
    seats pass it also scores the pase corrido (25 + 25)."""
    rest = "3-6 4-4 4-5 4-6 5-5 5-6 6-6"
    assert _lead_points(["1-1 0-0 0-2 0-3 0-4 0-5 0-6", "2-2 2-3 2-4 2-5 2-6 3-3 3-4",
                         "0-1 1-2 1-3 1-4 1-5 1-6 3-5", rest], "1-1") == 25
    assert _lead_points(["1-6 0-0 0-2 0-3 0-4 0-5 1-1", "2-2 2-3 2-4 2-5 3-5 3-3 3-4",
                         "0-1 1-2 1-3 1-4 1-5 0-6 2-6", rest], "1-6") == 50
    assert _lead_points(["1-1 1-2 1-3 1-4 1-5 1-6 0-1", "0-0 0-2 0-3 0-4 0-5 2-2 3-3",
                         "2-3 2-4 2-5 2-6 0-6 3-4 3-5", rest], "1-1") == 50
    # answered: no pase
    assert _lead_points(["1-6 0-0 0-2 0-3 0-4 0-5 1-1", "2-2 2-3 2-4 2-5 3-5 3-3 1-3",
                         "0-1 1-2 3-4 1-4 1-5 0-6 2-6", rest], "1-6") == 0


def test_pase_options_off_score_nothing() -> None:
    game, _ = replay(with_options(L_E1, pase_salida=False))
    assert move_points(game) == [0] * 16 + [25] + [0] * 8
    game, _ = replay(with_options(L_E1, pase_corrido=0))
    assert move_points(game) == [25] + [0] * 24
    game, _ = replay(with_options(L_E1, capicua=50))
    assert game.rounds[0].points == [126, 0]
    game, _ = replay(with_options(L_E1, capicua=0))
    assert game.rounds[0].points == [76, 0]


# ================================================================== presets
def test_presets_are_sets_of_the_variants_options() -> None:
    """The named presets (4.24's table): each is accepted by the variant, and the
    options of a game name their preset back."""
    names = [p.key for p in PRESETS]
    assert names == ["dominican", "puerto_rico_500", "puerto_rico_200", "partnership",
                     "spain"]
    for preset in PRESETS:
        options = dict(preset.options)
        v = make_variant("capicua", 4, {"teams": True, **options})
        assert Capicua.preset_now({**v.record_options(), **options}) == preset
    assert Capicua.preset_now({}) == PRESETS[0]
    assert Capicua.preset_now(PR500) == PRESETS[1]
    assert Capicua.preset_now({"capicua": 50}) is None
    pagat = dict(PRESETS[3].options)
    assert pagat == {"target": 100, "count": COUNT_OPPONENTS, "capicua": 0,
                     "pase_salida": False, "pase_corrido": 0, "lead": LEAD_ROTATE}


def test_record_writes_only_the_options_that_differ() -> None:
    """The record's options: the variant's defaults are left out."""
    v = make_variant("capicua", 4, {"teams": True, **PR500})
    assert v.record_options() == PR500
    assert make_variant("capicua", 4).record_options() == {}


# =============================================================== properties
CONFIGS: list[dict[str, Any]] = [
    {},
    PR500,
    {"tranque": TRANQUE_INDIVIDUAL, "count": COUNT_OPPONENTS},
    {"tranque": TRANQUE_BLOCKER, "lead": LEAD_ROTATE, "chuchazo": 30},
    dict(PRESETS[3].options),
]


def _table_tiles(game: Game) -> list[Tile]:
    snap = game.round.table.snapshot()
    return [p.tile for p in snap.tiles]


def _check_conservation(game: Game) -> None:
    rnd = game.round
    where = [t for h in rnd.hands for t in h] + _table_tiles(game)
    assert sorted(where) == sorted(full_set(6))


def _check_views(game: Game) -> None:
    rnd = game.round
    public = set(_table_tiles(game))
    if rnd.table.lead is None and rnd.deal.forced is not None:
        public.add(rnd.deal.forced)
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        own = set(rnd.hands[seat]) if seat is not None else set()
        assert view.hand == (tuple(rnd.hands[seat]) if seat is not None else ())
        text = repr(view)
        for s, hand in enumerate(rnd.hands):
            if s == seat:
                continue
            for t in hand:
                if t not in public and t not in own:
                    assert f"Tile(a={t.a}, b={t.b})" not in text, (seat, t)


def _play_random(options: dict[str, Any], seed: int, checks: bool) -> Game:
    v = as_domino(make_variant("capicua", 4, {"teams": True, **options}))
    game = Game(v, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while game.outcome is None:
        legal = game.legal_moves()
        assert legal
        places = [m for m in legal if isinstance(m, Place)]
        assert places or legal == [PASS]  # must place if able, else pass
        if checks:
            _check_conservation(game)
            if moves % 5 == 0:
                _check_views(game)
        rnd = game.round
        before = list(game.totals)
        result = game.play(rng.choice(legal))
        moves += 1
        if result.round_end is None:
            side = v.side_of[result.seat]
            assert [t - b for t, b in zip(game.totals, before, strict=True)] == [
                result.points if i == side else 0 for i in (0, 1)]
        else:
            end = result.round_end
            if end.kind is EndKind.DOMINO:
                assert rnd.hands[end.seat] == []
            else:
                pips = set(rnd.table.open_ends().values())
                assert not any(t.a in pips or t.b in pips for h in rnd.hands for t in h)
        assert moves < 3000
    out = game.outcome
    assert out.reason is GameEndReason.TARGET
    assert game.totals[out.winners[0]] > game.totals[out.losers[0]]
    assert game.totals[out.winners[0]] >= (v.target or 0)
    assert game.totals == [sum(r.points[i] for r in game.rounds) for i in (0, 1)]
    return game


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: json.dumps(o, sort_keys=True))
def test_random_games_keep_the_invariants_and_replay(options: dict[str, Any]) -> None:
    """Tile conservation, legal moves only, no view shows a hidden tile, the game ends
    by the target, and the record, dumped and read, replays to the same game."""
    for seed in range(3):
        game = _play_random(options, seed, checks=True)
        record = json.loads(json.dumps(to_record(game)))
        again, _ = replay(record)
        assert replay_summary(again) == replay_summary(game)
        assert again.totals == game.totals and again.outcome == game.outcome


def test_same_seed_same_game() -> None:
    for seed in (1, 99):
        a = to_record(_play_random({}, seed, checks=False))
        b = to_record(_play_random({}, seed, checks=False))
        assert a == b
    v = as_domino(make_variant("capicua", 4))
    assert to_record(Game(v, seed=5)) != to_record(Game(v, seed=6))


def test_later_hands_are_led_by_the_winner_with_any_tile() -> None:
    """[L4] over a seeded game: every later hand's leader is next_lead's, no forced tile."""
    game = _play_random({}, 4, checks=False)
    v = game.variant
    for before, rnd in zip(game.rounds, game.rounds[1:], strict=False):
        assert rnd.deal.forced is None
        assert rnd.deal.leader == v.next_lead(game, before)[0]


# ========================================================= computer players
@pytest.mark.parametrize("levels", [("easy", "medium"), ("hard", "easy")])
def test_the_computer_players_play_it_legally_to_the_end(levels: tuple[str, str]) -> None:
    """The domino computer players play the partnership game from their views only."""
    budget = Budget(rollouts=8, min_worlds=2, max_worlds=2, exact_tiles=8, node_limit=300,
                    infer_tau=1.5)
    v = as_domino(make_variant("capicua", 4))
    game = Game(v, seed=17)
    players = [make_player(levels[s % 2], 17 + s, v, budget) for s in range(4)]
    for _ in range(3000):
        if game.outcome is not None:
            break
        seat = game.current_seat
        assert seat is not None
        view = game.view(seat)
        move = players[seat](view)
        assert move in view.legal
        game.play(move)
    assert game.outcome is not None and game.outcome.reason is GameEndReason.TARGET


def test_the_move_results_name_the_bonuses() -> None:
    """The captions' bonuses: L-E1's pase de salida, pase corrido and capicúa; L-E4's
    chuchazo and first-hand bonus under Puerto Rico "500"."""
    game = first_game(L_E1)
    results = play(game, *L_E1["rounds"][0]["moves"])
    named = {i: r.bonuses for i, r in enumerate(results) if r.bonuses}
    assert named == {0: (("pase_salida", 25),), 16: (("pase_corrido", 25),),
                     24: (("capicua", 25),)}
    rnd = L_E4["rounds"][0]
    d = deal([" ".join(h) for h in rnd["hands"]], leader=1, forced="6-6")
    game = Game(as_domino(make_variant("capicua", 4, {"teams": True, **PR500})), deals=[d])
    results = play(game, *rnd["moves"])
    assert results[-1].bonuses == (("chuchazo", 100), ("hand_bonus", 100))
    assert all(not r.bonuses for r in results[:-1])


def test_no_scoring_hints_since_a_pase_depends_on_hidden_hands() -> None:
    """A hint would tell the mover whether the next seats can answer: none is shown."""
    game = first_game(L_E1)
    v = game.variant
    assert placement_hints(v, game.view(0)) == {}
