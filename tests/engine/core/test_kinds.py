"""Game kinds: every variant's games reached through engine.games, the
domino turn machine and chinese alike: a game dealt from its seed, played, stored
as entries, rebuilt from them, written as a record and replayed, views hiding what
a seat may not know, the computer players deciding from a view only."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chinese.kind import ChineseMatch, ChineseView
from engine.chinese.rules import Play
from engine.core.errors import EngineError, IllegalMoveError, OptionsError, RecordError
from engine.core.kind import GameKind, PlayedGame
from engine.core.moves import DRAW, PASS, SetPlay
from engine.domino.game import Game
from engine.domino.kind import DOMINO
from engine.games import kind_named, kind_of, new_game, rebuild, register_kind, replay
from engine.variants import make_variant


def _play_out(kind: GameKind, game: PlayedGame, level: str = "easy",
              limit: int = 2000) -> list[str]:
    """Play ``game`` to its end with ``level`` computer players; the stored entries."""
    entries: list[str] = []
    for _ in range(limit):
        seat = game.current_seat
        if game.outcome is not None or seat is None:
            break
        move = kind.decide(level, 7, game.variant, game.view(seat))
        assert move in game.legal_moves()
        _, entry = kind.play(game, move)
        entries.append(entry)
    assert game.outcome is not None
    return entries


def test_kinds_are_found_by_name_and_by_variant() -> None:
    assert kind_named("domino") is DOMINO
    assert kind_of("kozel") is DOMINO
    chinese = kind_of("chinese")
    assert chinese.name == "chinese" and kind_named("chinese") is chinese
    assert kind_of(make_variant("chinese", 4)) is chinese
    with pytest.raises(OptionsError):
        kind_named("no_such_kind")
    with pytest.raises(ValueError):
        register_kind(type(chinese)())  # a second kind of the same name


def test_new_game_is_of_the_variants_kind() -> None:
    assert isinstance(new_game(make_variant("kozel", 4), 1), Game)
    match = new_game(make_variant("chinese", 3, {"rounds": 4}), 1)
    assert isinstance(match, ChineseMatch)
    assert match.players == 3 and match.current_seat is not None
    assert all(isinstance(m, SetPlay) for m in match.legal_moves())


@pytest.mark.parametrize(("variant", "players", "options"), [
    ("kozel", 4, {}), ("block", 2, {}), ("chinese", 4, {"rounds": 4}),
    ("chinese", 2, {"rounds": 4, "mixed": False, "early_death": False}),
    ("triangular", 2, {"target": 100}), ("triangular", 4, {"target": 100, "voluntary_draw": False}),
])
def test_entries_rebuild_and_the_record_replays(variant: str, players: int,
                                                options: dict[str, object]) -> None:
    v = make_variant(variant, players, options)
    kind = kind_of(v)
    game = kind.new_game(v, 12345)
    names = [f"N{i}" for i in range(players)]
    head = kind.head_json(game, names)
    entries = _play_out(kind, game)
    rebuilt, rebuilt_names = rebuild(head, 12345, entries)
    assert rebuilt_names == names
    record = kind.to_record(game, names)
    assert kind.to_record(rebuilt, names) == record
    assert json.loads(json.dumps(record)) == record
    replayed, replay_names = replay(record)
    assert replay_names == names
    assert list(replayed.totals) == list(game.totals)
    assert replayed.outcome == game.outcome
    assert kind.to_record(replayed, names) == record
    # once over, the view record is the whole truth
    assert kind.to_view_record(game, 0, names) == record
    ended = kind.ended_views(game)
    assert len(ended) == sum(1 for r in game.rounds if r.end is not None)
    assert list(ended[-1].totals) == list(game.totals)
    assert ended[-1].outcome == game.outcome


def test_chinese_views_hide_face_down_tiles_and_other_hands() -> None:
    v = make_variant("chinese", 4)
    kind = kind_of(v)
    game = kind.new_game(v, 99)
    assert isinstance(game, ChineseMatch)
    # play until some follower plays face down
    downs: list[tuple[int, Play]] = []
    for _ in range(200):
        seat = game.current_seat
        assert seat is not None
        legal = game.legal_moves()
        down = [m for m in legal if isinstance(m, Play) and m.down]
        move = down[0] if down else legal[0]
        kind.play(game, move)
        if isinstance(move, Play) and move.down:
            downs.append((seat, move))
            break
    assert downs
    seat, played = downs[0]
    text = played.notation()
    hands = [game.round.hands[s] for s in range(4)]
    for viewer in (None, *range(4)):
        view = game.view(viewer)
        assert isinstance(view, ChineseView)
        shown = [*view.detail["trick"],
                 *(p for f in view.detail["finished"] for p in f["plays"])]
        mine = [e for e in shown if e["down"] and e["seat"] == seat]
        assert len(mine) == 1
        assert (mine[0]["tiles"] is not None) == (viewer == seat)
        assert sorted(map(str, view.hand)) == sorted(
            map(str, hands[viewer] if viewer is not None else []))
        assert (view.detail["hand"] is None) == (viewer is None)
        names = ["a", "b", "c", "d"]
        rec = kind.to_view_record(game, viewer, names)
        moves = [m for r in rec["rounds"] for m in r["moves"]]
        assert (text in moves) == (viewer == seat)
        for s, hand in enumerate(rec["rounds"][0]["hands"]):
            assert (s == viewer) == ("?" not in hand)


def test_chinese_refuses_other_moves_and_illegal_plays_change_nothing() -> None:
    v = make_variant("chinese", 2, {"rounds": 4})
    game = new_game(v, 3)
    before = kind_of(v).to_record(game, ["a", "b"])
    for move in (PASS, DRAW):
        with pytest.raises(IllegalMoveError):
            game.play(move)
    seat = game.current_seat
    assert seat is not None
    other = game.view(1 - seat).hand
    with pytest.raises(EngineError):
        game.play(Play((other[0],)) if other[0] not in game.view(seat).hand
                  else Play(tuple(game.view(seat).hand[:1]), True))
    assert kind_of(v).to_record(game, ["a", "b"]) == before


def test_chinese_computer_players_decide_from_the_view_only() -> None:
    v = make_variant("chinese", 3, {"rounds": 4})
    kind = kind_of(v)
    for level in ("easy", "medium"):
        game = kind.new_game(v, 5)
        _play_out(kind, game, level)
        assert game.outcome is not None
        assert sum(game.totals) == 0  # what one pays another wins


def test_a_record_of_no_known_kind_is_refused() -> None:
    with pytest.raises(RecordError):
        replay({"variant": "chess"})
    with pytest.raises(RecordError):
        replay([])


def test_the_timeout_move_is_legal_and_chinese_has_no_fish() -> None:
    v = make_variant("chinese", 4, {"rounds": 4})
    kind = kind_of(v)
    game = kind.new_game(v, 8)
    assert kind.fish(game) is None
    domino = make_variant("kozel", 4)
    facts = DOMINO.fish(DOMINO.new_game(domino, 8))
    assert facts is not None and not facts.is_fish and facts.boneyard_left == 0
    for _ in range(40):  # leads and follows alike
        move = kind.timeout_move(game)
        assert move is not None and move in game.legal_moves()
        assert kind.forced_move(game) is None
        if game.view(None).detail["trick"]:
            assert isinstance(move, Play) and move.down
        kind.play(game, move)
    domino = Game(make_variant("kozel", 4), seed=1)
    assert DOMINO.timeout_move(domino) is None
    assert DOMINO.forced_move(domino) in (None, PASS, DRAW)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from((2, 3, 4)),
       picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=80))
def test_chinese_through_the_contract_property(seed: int, players: int,
                                               picks: list[int]) -> None:
    """Any legal plays: the stored entries rebuild the same game, and no seat's view
    (nor the public one) holds another seat's hand or face-down tiles."""
    v = make_variant("chinese", players, {"rounds": 4})
    kind = kind_of(v)
    game = kind.new_game(v, seed)
    names = [f"N{i}" for i in range(players)]
    head = kind.head_json(game, names)
    entries = []
    for pick in picks:
        legal = game.legal_moves()
        if not legal:
            break
        _, entry = kind.play(game, legal[pick % len(legal)])
        entries.append(entry)
    rebuilt, _ = rebuild(head, seed, entries)
    assert kind.to_record(rebuilt, names) == kind.to_record(game, names)
    assert isinstance(game, ChineseMatch)
    hands = game.round.hands
    for viewer in (None, *range(players)):
        view = game.view(viewer)
        assert isinstance(view, ChineseView)
        assert view.hand_sizes == tuple(len(h) for h in hands)
        assert (viewer is None and view.hand == ()) or (
            viewer is not None and sorted(map(str, view.hand)) == sorted(map(str, hands[viewer])))
        assert view.legal == () or viewer == game.current_seat
        plays = [*view.detail["trick"],
                 *(p for f in view.detail["finished"] for p in f["plays"])]
        for entry in plays:
            assert (entry["tiles"] is None) == (entry["down"] and entry["seat"] != viewer)
