"""``chinese`` (Tien Gow, docs/rules.md 4.20): the worked examples C-E1..C-E7 and the
properties (multiset conservation, legal plays only, record -> replay, hidden
face-down tiles, same seed same game)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chinese.record import replay, replay_summary
from engine.chinese.rules import (
    ChineseGame,
    ChineseMoveError,
    Reason,
    game_winners,
    make_options,
    round_points,
)
from engine.chinese.tiles import CHINESE_SET, Category, Play, classify
from engine.core.errors import RecordError
from engine.core.tiles import Tile


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def deal_with(wanted: list[str]) -> list[list[Tile]]:
    """Four hands holding the wanted tiles, filled up from the rest of the set."""
    rest = Counter(CHINESE_SET)
    hands = [tiles(w) for w in wanted] + [[] for _ in range(4 - len(wanted))]
    for h in hands:
        rest -= Counter(h)
    pool = sorted(rest.elements(), key=lambda t: (t.a, t.b))
    for h in hands:
        while len(h) < 8:
            h.append(pool.pop())
    return hands


def game_with(wanted: list[str], *, leader: int = 0, **opts: bool) -> ChineseGame:
    game = ChineseGame(["Anna", "Boris", "Vera", "Gleb"], make_options(4, opts))
    game.start_round(deal_with(wanted), [], leader)
    return game


def refused(game: ChineseGame, seat: int, text: str) -> Reason:
    before = json.dumps(game.record())
    with pytest.raises(ChineseMoveError) as info:
        game.play(seat, text)
    assert json.dumps(game.record()) == before
    return info.value.reason


def test_set_is_32_tiles_22_civil_10_military() -> None:
    counts = Counter(CHINESE_SET)
    assert len(CHINESE_SET) == 32
    assert sum(1 for t in counts if counts[t] == 2) == 11
    assert sum(1 for t in counts if counts[t] == 1) == 10
    assert all(t.a >= 1 for t in CHINESE_SET)


def test_c_e1_singles() -> None:
    game = game_with(["4-4", "1-1", "3-6", "6-6"])
    game.play(0, "4-4")
    game.play(1, "1-1")
    assert refused(game, 2, "3-6") is Reason.DOES_NOT_BEAT
    assert [p.notation() for p in game.legal_plays() if not p.down] == []
    game.play(2, "down:3-6")
    game.play(3, "6-6")
    assert game.current.tricks == [0, 0, 0, 1]
    assert game.current.turn == 3


def test_c_e2_equal_ranks_do_not_beat() -> None:
    game = game_with(["3-6", "4-5", "6-6", "6-6"])
    game.play(0, "3-6")
    assert refused(game, 1, "4-5") is Reason.DOES_NOT_BEAT
    game.play(1, "down:4-5")
    game.play(2, "down:6-6")
    game.play(3, "down:6-6")
    assert game.current.tricks == [1, 0, 0, 0]
    game2 = game_with(["6-6", "6-6"])
    game2.play(0, "6-6")
    assert refused(game2, 1, "6-6") is Reason.DOES_NOT_BEAT


def test_c_e3_pairs() -> None:
    game = game_with(["2-6 3-5", "3-6 4-5", "1-1 1-1", "1-2 2-4"])
    game.play(0, "2-6+3-5")
    game.play(1, "3-6+4-5")
    assert refused(game, 2, "1-1+1-1") is Reason.DOES_NOT_BEAT
    game.play(2, "down:1-1+1-1")
    assert refused(game, 3, "1-2+2-4") is Reason.DOES_NOT_BEAT
    game.play(3, "down:1-2+2-4")
    assert game.current.tricks == [0, 2, 0, 0]
    lead = game_with(["1-2 2-4", "6-6 6-6", "3-6 4-5"])
    lead.play(0, "1-2+2-4")
    assert all(p.down for p in lead.legal_plays())
    assert refused(lead, 1, "6-6+6-6") is Reason.DOES_NOT_BEAT
    for seat in (1, 2, 3):
        lead.play(seat, lead.legal_plays()[0].notation())
    assert lead.current.tricks == [2, 0, 0, 0]


def test_c_e4_mixed_pairs_triplets_quartets() -> None:
    game = game_with(["1-3 1-4", "4-4 2-5", "6-6 3-6", "1-1 1-1 6-6 4-5"])
    game.play(0, "1-3+1-4")
    game.play(1, "4-4+2-5")
    game.play(2, "6-6+3-6")
    assert refused(game, 3, "1-1+1-1") is Reason.DOES_NOT_BEAT
    assert refused(game, 3, "6-6+4-5") is Reason.DOES_NOT_BEAT
    assert classify(tiles("6-6 4-5")) == classify(tiles("6-6 3-6"))
    # Both Heavens are in one hand here, so 6-6+3-6+4-5 (the other category) is
    # checked by its kind: a triplet of two military never beats two civil.
    t = game_with(["1-1 1-1 3-5", "6-6 6-6 4-5"])
    t.play(0, "1-1+1-1+3-5")
    t.play(1, "6-6+6-6+4-5")
    assert classify(tiles("6-6 3-6 4-5")).category is Category.TRIPLET_MILITARY
    assert not classify(tiles("6-6 3-6 4-5")).beats(classify(tiles("1-1 1-1 3-5")))
    q = game_with(["4-4 4-4 2-5 3-4", "1-1 1-1 2-6 3-5"])
    q.play(0, "4-4+4-4+2-5+3-4")
    q.play(1, "1-1+1-1+2-6+3-5")
    assert q.current.best == 1
    for text in ("1-3+1-4", "4-4+2-5", "6-6+3-6", "1-1+1-1+3-5", "6-6+6-6+4-5",
                 "6-6+3-6+4-5", "4-4+4-4+2-5+3-4"):
        assert classify(Play.parse(text).tiles, mixed=True) is not None
        assert classify(Play.parse(text).tiles, mixed=False) is None
    off = game_with(["1-3 1-4"], mixed=False)
    assert refused(off, 0, "1-3+1-4") is Reason.NO_COMBINATION
    for text in ("6-6+2-2", "6-6+2-6", "2-4+1-4"):
        assert classify(Play.parse(text).tiles) is None


C_E5 = {
    "format": "domino-record/1",
    "variant": "chinese",
    "options": {},
    "players": ["Anna", "Boris", "Vera", "Gleb"],
    "rounds": [{
        "hands": [
            ["5-5", "5-5", "4-4", "2-4", "2-3", "2-6", "3-5", "1-5"],
            ["1-1", "1-1", "4-4", "3-6", "2-2", "2-5", "3-4", "1-2"],
            ["3-3", "3-3", "1-3", "4-5", "1-4", "1-6", "1-6", "4-6"],
            ["6-6", "6-6", "1-3", "2-2", "5-6", "5-6", "4-6", "1-5"],
        ],
        "boneyard": [],
        "leader": 0,
        "moves": [
            "5-5+5-5", "1-1+1-1", "down:3-3+3-3", "6-6+6-6",
            "1-3", "4-4", "down:4-4", "down:1-3",
            "2-4", "3-6", "down:4-5", "down:1-5",
            "2-2", "down:1-4", "down:2-2", "down:2-3",
            "2-5+3-4", "down:1-6+1-6", "down:5-6+4-6", "2-6+3-5",
            "1-5", "down:1-2", "down:4-6", "5-6",
        ],
    }],
}


def test_c_e5_whole_round() -> None:
    game = replay(C_E5)
    rnd = game.current
    assert rnd.tricks == [3, 2, 0, 3]
    assert [w for _, w in rnd.finished] == [3, 0, 1, 1, 0, 3]
    assert rnd.points == [-2, -2, -5, 9]
    summary = replay_summary(game)
    assert summary["rounds"][0]["end"] == {"kind": "tricks", "seat": 3}
    assert game.record() == C_E5
    # Early death: in trick 6 Vera's 4-6 face up is illegal.
    partial = json.loads(json.dumps(C_E5))
    partial["rounds"][0]["moves"] = partial["rounds"][0]["moves"][:22]
    g = replay(partial)
    assert refused(g, 2, "4-6") is Reason.EARLY_DEATH
    assert [p.notation() for p in g.legal_plays()] == ["down:4-6"]
    off = json.loads(json.dumps(partial))
    off["options"] = {"early_death": False}
    assert "4-6" in [p.notation() for p in replay(off).legal_plays()]
    # Gleb is the banker of round 2.
    game.start_round()
    assert game.current.banker == 3


def test_c_e6_payments() -> None:
    assert round_points([4, 1, 0, 3], 0, 0) == [18, -6, -10, -2]
    assert round_points([6, 0, 1, 1], 2, 0) == [4, -5, 4, -3]


def test_c_e7_game_end() -> None:
    assert game_winners([11, -7, 3, -7]) == [0]
    assert game_winners([6, 6, -5, -7]) == [0, 1]


def test_bad_record_refused() -> None:
    bad = json.loads(json.dumps(C_E5))
    bad["rounds"][0]["moves"][1] = "1-1"
    with pytest.raises(RecordError):
        replay(bad)
    bad = json.loads(json.dumps(C_E5))
    bad["rounds"][0]["hands"][0][0] = "6-6"
    with pytest.raises(RecordError):
        replay(bad)
    for rounds, reason in (([], "non-empty"), ([dict(C_E5["rounds"][0], moves="6-6")],
                                               "moves must be a list")):
        with pytest.raises(RecordError, match=reason):
            replay(dict(C_E5, rounds=rounds))
    # round 2's banker is round 1's winner, Gleb (seat 3), not Anna
    with pytest.raises(RecordError, match="banker"):
        replay(dict(C_E5, rounds=[C_E5["rounds"][0], dict(C_E5["rounds"][0], leader=0)]))


def test_not_your_turn_and_not_in_hand_change_nothing() -> None:
    game = game_with(["4-4", "1-1 1-1"])
    assert refused(game, 1, "1-1") is Reason.NOT_YOUR_TURN
    assert refused(game, 0, "1-1") is Reason.NOT_IN_HAND
    assert refused(game, 0, "down:4-4") is Reason.LEAD_FACE_DOWN
    game.play(0, "4-4")
    assert refused(game, 1, "1-1+1-1") is Reason.WRONG_COUNT


# -- properties --------------------------------------------------------------------


def play_random(seed: int, players: int, rounds: int = 4) -> ChineseGame:
    rng = random.Random(seed)
    game = ChineseGame(players, make_options(players, {"rounds": rounds,
                                                       "mixed": rng.random() < 0.8}),
                       seed=seed)
    while not game.over:
        game.start_round()
        while not game.current.over:
            plays = game.legal_plays()
            game.play(game.current.turn, rng.choice(plays))
            rnd = game.current
            total = Counter(t for h in rnd.hands for t in h) + Counter(rnd.boneyard)
            total += Counter(t for tp in rnd.trick for t in tp.play.tiles)
            total += Counter(t for plays_, _ in rnd.finished for tp in plays_
                             for t in tp.play.tiles)
            assert total == Counter(CHINESE_SET)
        assert sum(game.current.tricks) == 8
        assert sum(game.current.points or []) == 0
    return game


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))
def test_properties(seed: int, players: int) -> None:
    game = play_random(seed, players)
    # record -> replay equality
    again = replay(json.loads(json.dumps(game.record())))
    assert again.record() == game.record() and again.totals == game.totals
    # same seed, same game
    assert play_random(seed, players).record() == game.record()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_views_hide_face_down_tiles(seed: int) -> None:
    rng = random.Random(seed)
    game = ChineseGame(4, seed=seed)
    game.start_round()
    while not game.current.over:
        for seat in range(4):
            view = game.view(seat)
            others_hidden = {str(t) for s, h in enumerate(game.current.hands) if s != seat
                             for t in h}
            assert all(t not in json.dumps(view["counts"]) for t in others_hidden)
            for entry in view["trick"] + [p for f in view["finished"] for p in f["plays"]]:
                if entry["down"] and entry["seat"] != seat:
                    assert entry["tiles"] is None
            rec = game.record_for(seat)
            for s, h in enumerate(rec["rounds"][0]["hands"]):
                assert (h == ["?"] * 8) == (s != seat)
            mine = [tp.seat for plays, _ in game.current.finished for tp in plays]
            mine += [tp.seat for tp in game.current.trick]
            for who, move in zip(mine, rec["rounds"][0]["moves"], strict=True):
                if move.startswith("down:") and who != seat:
                    assert set(move[5:].split("+")) == {"?"}
        game.play(game.current.turn, rng.choice(game.legal_plays()))


def test_timeout_plays_are_legal() -> None:
    rng = random.Random(5)
    game = ChineseGame(4, seed=5)
    game.start_round()
    while not game.current.over:
        play = game.timeout_play() if rng.random() < 0.5 else rng.choice(game.legal_plays())
        game.play(game.current.turn, play)


def test_one_play_one_notation() -> None:
    assert Play.parse("3-4+2-5") == Play.parse("2-5+3-4")
    assert Play.parse("4-5+6-6+3-6").notation() == "6-6+3-6+4-5"
    assert Play.parse("down:2-3+1-4").notation() == "down:1-4+2-3"
