"""Worked examples of `vsem_po_pyat` (docs/rules.md 4.13)."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import OptionsError
from engine.core.results import EndKind, GameEndReason
from engine.core.tiles import Tile, full_set
from engine.domino.game import Game

from .helpers import deal, tiles, variant
from .turn_helpers import game, legal, turn


def test_double_nine_by_default_five_tiles_each_set_option() -> None:
    """4.13: 5 tiles each whatever the players; double-nine (option set: double-six)."""
    for n in (2, 3, 4):
        g = Game(variant("vsem_po_pyat", n), seed=n)
        assert [len(h) for h in g.round.deal.hands] == [5] * n
        assert len(g.round.deal.boneyard) == 55 - 5 * n == g.round.drawable
    v = variant("vsem_po_pyat", 2, set=6)
    assert v.options.set == 6 and v.record_options() == {"set": 6}
    with pytest.raises(OptionsError):
        variant("vsem_po_pyat", 2, set=12)


@pytest.mark.parametrize(("pips", "points"), [
    (0, 0), (1, 0), (2, 0), (3, 5), (5, 5), (7, 5), (8, 10), (10, 10), (12, 10), (13, 15),
    (15, 15), (17, 15), (18, 20)])
def test_every_tile_scores_its_pips_rounded_to_nearest_5(pips: int, points: int) -> None:
    """4.13: 1-2 pips: 0; 3-7: 5; 8-12: 10; 13-17: 15; 18: 20 - the placed tile itself."""
    for tile in (t for t in full_set(9) if t.pips == pips):
        g = game("vsem_po_pyat", 2, [str(tile), "1-1" if tile == Tile(0, 0) else "0-0"])
        turn(g, str(tile))  # the lead scores too; it is a domino, which adds nothing
        assert g.totals == [points, 0], tile


def test_heaviest_tile_holder_leads_any_tile_every_round() -> None:
    """4.13: in every round the holder of the heaviest tile leads, with any tile."""
    v = variant("vsem_po_pyat", 3)
    hands = [tiles("1-1 0-9"), tiles("9-9 0-0"), tiles("8-9 2-3")]
    assert v.first_lead(hands, random.Random(0)) == (1, None)
    g = game("vsem_po_pyat", 2, ["1-2", "3-4"])
    turn(g, "1-2")
    assert v.round_lead(g, g.round, hands) == (1, None)
    g = Game(variant("vsem_po_pyat", 2), seed=5)
    assert g.round.deal.forced is None and len(legal(g)) == 5


def test_domino_adds_nothing_but_teams_lose_the_partners_pips_fish_per_opponent() -> None:
    """4.13: a domino scores nothing more (with teams the partner's pips are taken off);
    a fish: the fewest scores each opponent's pips minus his own."""
    g = game("vsem_po_pyat", 2, ["0-1", "9-9"])
    turn(g, "0-1")
    end = g.round.end
    assert end is not None and end.kind is EndKind.DOMINO and end.points == (0, 0)
    g = game("vsem_po_pyat", 4, ["0-1", "9-9", "3-4", "5-6"], options={"teams": True})
    turn(g, "0-1")  # the lead scores 0; partner seat 2 keeps 3-4: -7
    assert g.round.end is not None and g.totals == [-7, 0]
    g = game("vsem_po_pyat", 3, ["0-0 1-2", "9-9", "5-6"])
    turn(g, "0-0")
    end = g.round.end
    assert end is not None and end.kind is EndKind.FISH
    assert end.points == ((18 - 3) + (11 - 3), 0, 0)


def test_game_ends_at_a_rounds_end_and_a_tie_plays_one_more_round_per_player() -> None:
    """4.13: the target is checked at the end of a round (not in play); an exact tie
    at or over it plays as many more rounds as there are players, then the highest."""
    d = ["4-3 0-2", "3-5 1-1"]  # +5 and +10 in play, then eggs (2 = 2): nothing at the end
    more = [deal(d), deal(d)]
    g = game("vsem_po_pyat", 2, d, more=more)
    g.totals = [195, 190]
    turn(g, "4-3")
    assert g.totals == [200, 190] and g.outcome is None and g.round.end is None
    turn(g, "3-5:E")
    assert g.rounds[0].end is not None and g.rounds[0].end.kind is EndKind.EGGS
    assert g.totals == [200, 200] and g.outcome is None
    turn(g, "4-3", "3-5:E")
    assert g.totals == [205, 210] and g.outcome is None  # one tie-break round of two
    turn(g, "4-3", "3-5:E")
    assert g.outcome is not None and g.outcome.winners == (1,)
    assert g.outcome.reason is GameEndReason.TARGET
    g = game("vsem_po_pyat", 2, d)
    g.totals = [195, 180]
    turn(g, "4-3", "3-5:E")
    assert g.outcome is not None and g.outcome.winners == (0,)  # 200 against 190


def test_locked_tiles_are_never_drawn() -> None:
    """4.13 option locked: the last 2 boneyard tiles with 2 players, 1 with 3."""
    for n, locked in ((2, 2), (3, 1), (4, 0)):
        g = Game(variant("vsem_po_pyat", n, locked=True), seed=1)
        assert g.round.drawable == len(g.round.deal.boneyard) - locked


def test_extra_turn_after_a_score_or_a_double() -> None:
    """4.13 option extra_turn: a player who scores or places a double plays again; in
    the extra turn he draws if he cannot place."""
    g = game("vsem_po_pyat", 2, ["4-3 3-0 0-0 6-6", "3-5 8-8 7-2"], boneyard="1-9 0-7",
             options={"extra_turn": True})
    turn(g, "4-3")  # 7 pips: 5 points: again
    assert g.current_seat == 0
    turn(g, "3-0:E")  # 3 pips: 5 points: again
    assert g.current_seat == 0
    turn(g, "0-0:E")  # a double (0 points): again
    assert g.current_seat == 0 and legal(g) == {"draw"}
    turn(g, "draw")
    assert g.current_seat == 0 and legal(g) == {"draw"}
    turn(g, "draw", "0-7:E")  # 7: 5 points: again; nothing fits, nothing to draw: pass
    assert g.current_seat == 0 and legal(g) == {"pass"}
    turn(g, "pass")
    assert g.current_seat == 1


def test_no_double_out_and_no_scoring_tile_out() -> None:
    """4.13 option no_double_out: the last tile may not be a double or a scoring tile
    (3 pips or more): the player draws instead, and passes when the boneyard is empty."""
    opts = {"no_double_out": True}
    g = game("vsem_po_pyat", 2, ["4-4 0-3", "4-0 5-5 1-7"], boneyard="9-9 1-6", options=opts)
    turn(g, "4-4", "4-0:E")
    assert legal(g) == {"draw"}  # 0-3 fits E but would go out scoring 5
    turn(g, "draw")  # 9-9: now 0-3 is not his last tile
    assert legal(g) == {"0-3:E"}
    g = game("vsem_po_pyat", 2, ["4-4 0-1", "4-0 5-5"], options=opts)
    turn(g, "4-4", "4-0:E", "0-1:E")  # 1 pip, not a double: he may go out
    assert g.round.end is not None and g.round.end.kind is EndKind.DOMINO


def test_no_double_out_fish_when_only_forbidden_tiles_fit() -> None:
    """Decision: a fish is declared when no player holds a tile he may place: here
    0-0 fits E but may not be the last tile, and 5-5 fits nowhere."""
    g = game("vsem_po_pyat", 2, ["4-4 0-0", "4-0 5-5"], options={"no_double_out": True})
    turn(g, "4-4", "4-0:E")
    end = g.rounds[0].end
    assert end is not None and end.kind is EndKind.FISH and end.winner == 0
    g = game("vsem_po_pyat", 2, ["4-4 0-0", "4-0 5-5"])
    turn(g, "4-4", "4-0:E")
    assert g.rounds[0].end is None and legal(g) == {"0-0:E"}
