"""The ``trains`` game kind: Mexican Train behind the common contract, and the
properties every game of it keeps.

Tiles are conserved after every action; only legal moves are played, and a draw or
a pass only when nothing can be placed; a record replays to the same game; the
same seed deals the same game; a game rebuilt from its stored actions is the game;
no seat's view (nor view record) shows another seat's tiles or the boneyard; the
computer player decides from the view alone."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalMoveError, OptionsError
from engine.core.moves import DONE, DRAW, PASS, Place, TrainPlace
from engine.core.registry import make_variant
from engine.core.results import EndKind
from engine.core.tiles import Tile, full_set
from engine.trains.kind import TRAINS_KIND, MexicanTrain, TrainsMatch, TrainsView, variant_of
from engine.trains.record import replay, replay_summary
from engine.trains.rules import TrainsGame, make_options
from tests.engine.trains.test_trains_rules import E1, E2

KIND = TRAINS_KIND
NAMES = ["A", "B", "C", "D", "E", "F", "G", "H"]


def variant(players: int = 3, **options: int) -> MexicanTrain:
    return variant_of(make_options(players, options))


def conserved(game: TrainsGame) -> None:
    """Every tile of the set once: in a hand, in the boneyard or on the table."""
    rnd = game.current
    held = [t for h in rnd.hands for t in h] + rnd.boneyard + rnd.on_table()
    assert sorted(held) == sorted(full_set(game.options.set))


def checked_legal(game: TrainsGame) -> None:
    """A draw or a pass only when no tile can be placed; a pass only without a draw;
    placements only where the turn allows."""
    legal = game.legal_moves()
    places = [m for m in legal if isinstance(m, TrainPlace)]
    if DRAW in legal or PASS in legal:
        assert legal in ([DRAW], [PASS]) and not places
    if PASS in legal:
        assert game.current.drew or not game.current.boneyard
    rnd = game.current
    for m in places:
        assert m.tile in rnd.hands[rnd.turn] and m.tile.has(rnd.end_pip(m.train))
        if rnd.chaining:
            assert m.train == rnd.turn  # a first turn stays on one's own train
        elif rnd.owed:
            assert m.train == rnd.owed[0]  # the oldest owed double first
        elif m.train is not None and m.train != rnd.turn:
            assert rnd.markers[m.train]  # another's train only when open
    if not rnd.chaining and len(rnd.owed) > 1:
        assert rnd.placed == 0  # several owed only as the first round left them


def play_rules(game: TrainsGame, rng: random.Random) -> None:
    """Play ``game`` to its end by random legal actions, checking as it goes."""
    while not game.over:
        if game.current.over:
            game.start_round()
        conserved(game)
        checked_legal(game)
        legal = game.legal_moves()
        game.play(game.current.turn, rng.choice(legal))
    conserved(game)


def play_out(match: TrainsMatch, seed: int) -> list[str]:
    """Play ``match`` by the easy computer player from the views; the stored actions."""
    entries: list[str] = []
    while match.outcome is None:
        seat = match.current_seat
        assert seat is not None
        view = match.view(seat)
        hidden_from(match, view)
        move = KIND.decide("easy", seed, match.variant, view)
        assert move in match.legal_moves()
        _, entry = KIND.play(match, move)
        entries.append(entry)
    return entries


def hidden_from(match: TrainsMatch, view: TrainsView) -> None:
    """The view holds the seat's own hand, and no tile of another hand or the boneyard."""
    rnd = match.round
    seat = view.seat
    assert seat is not None
    assert sorted(view.hand) == sorted(rnd.hands[seat])
    text = json.dumps(dict(view.detail))
    for s, hand in enumerate(rnd.hands):
        if s != seat:
            for t in hand:
                assert f'"{t.a}-{t.b}"' not in text and f'"{t.b}-{t.a}"' not in text
    for t in rnd.boneyard:
        assert f'"{t.a}-{t.b}"' not in text and f'"{t.b}-{t.a}"' not in text
    assert view.hand_sizes == tuple(len(h) for h in rnd.hands)
    assert view.boneyard_left == len(rnd.boneyard)


def fingerprint(match: TrainsMatch) -> str:
    return json.dumps(KIND.to_record(match, NAMES[:match.players]), sort_keys=True)


# ------------------------------------------------------------------ the properties
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), tile_set=st.sampled_from([9, 12]),
       first_turn=st.sampled_from(["chain", "single"]), rounds=st.integers(1, 2),
       blank=st.sampled_from([0, 50]))
def test_random_games_keep_the_rules(seed: int, players: int, tile_set: int,
                                     first_turn: str, rounds: int, blank: int) -> None:
    options = make_options(players, {"set": tile_set, "first_turn": first_turn,
                                     "rounds": rounds, "double_blank": blank})
    game = TrainsGame(players, options, seed=seed)
    game.start_round()
    play_rules(game, random.Random(seed))
    assert len(game.rounds) == rounds and game.outcome is not None
    for i, rnd in enumerate(game.rounds):
        assert rnd.engine == options.engine(i)
        assert rnd.leader == (game.rounds[0].leader + i) % players
        assert rnd.end is not None and rnd.end.kind in (EndKind.DOMINO, EndKind.FISH)
        assert all(len(h) == options.hand_size for h in rnd.dealt)
    assert game.totals == [sum(r.end.points[s] for r in game.rounds if r.end)
                           for s in range(players)]
    rec = game.record()
    again = replay(json.loads(json.dumps(rec)))
    assert again.record() == rec and again.totals == game.totals
    assert replay_summary(again) == replay_summary(game)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), tile_set=st.sampled_from([9, 12]))
def test_played_by_the_kind(seed: int, players: int, tile_set: int) -> None:
    v = variant(players, set=tile_set, rounds=2)
    match = KIND.new_game(v, seed)
    assert isinstance(match, TrainsMatch)
    entries = play_out(match, seed)
    assert fingerprint(match) == fingerprint(KIND.rebuild(v, seed, entries))
    same = KIND.new_game(v, seed)
    assert isinstance(same, TrainsMatch)
    play_out(same, seed)
    assert fingerprint(same) == fingerprint(match)  # the same seed, the same game
    replayed, names = KIND.replay(KIND.to_record(match, NAMES[:players]))
    assert names == NAMES[:players] and replayed.totals == match.totals
    assert KIND.replay_summary(replayed) == KIND.replay_summary(match)
    views = KIND.ended_views(match)
    assert len(views) == 2 and views[-1].totals == tuple(match.totals)
    assert views[-1].outcome == match.outcome and all(not v.hand for v in views)


def test_seeds_deal_differently() -> None:
    v = variant(4)
    games = {fingerprint(m) for m in (TrainsMatch(v, s) for s in range(5))}
    assert len(games) == 5


# ------------------------------------------------------------------ views and records
def test_view_record_hides_other_hands() -> None:
    match = TrainsMatch(variant(3, set=9), 7)
    for _ in range(6):
        seat = match.current_seat
        assert seat is not None
        match.play(KIND.decide("easy", 7, match.variant, match.view(seat)))
    rec = KIND.to_view_record(match, 1, NAMES[:3])
    assert rec["format"] == "domino-view/1" and rec["viewer"] == 1
    r = rec["rounds"][0]
    assert r["hands"][1] == [str(t) for t in match.round.dealt[1]]
    assert all(set(h) == {"?"} for s, h in enumerate(r["hands"]) if s != 1)
    assert set(r["boneyard"]) == {"?"}
    spectator = match.view(None)
    assert spectator.hand == () and spectator.legal == ()
    off_turn = match.view((match.current_seat or 0) + 1 if match.current_seat != 2 else 0)
    assert off_turn.legal == ()


def test_the_whole_record_once_over() -> None:
    game, names = KIND.replay({**E1, "options": {"set": 9, "rounds": 1}})
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert KIND.to_view_record(game, 2, names) == KIND.to_record(game, names)


def test_fish_facts() -> None:
    blocked, _ = KIND.replay(E2)
    facts = KIND.fish(blocked)
    assert facts is not None and facts.is_fish
    match = TrainsMatch(variant(3, set=9), 1)
    facts = KIND.fish(match)
    assert facts is not None and not facts.is_fish
    assert facts.boneyard_left == 54 - 3 * 10 and facts.unplayed == ((9, 9),)


# ------------------------------------------------------------------ the contract
def test_moves_of_another_kind_refused() -> None:
    match = TrainsMatch(variant(2), 3)
    before = fingerprint(match)
    for move in (Place(Tile(1, 2)), DONE):
        with pytest.raises(IllegalMoveError):
            match.play(move)
    assert fingerprint(match) == before
    assert KIND.forced_move(match) is None or KIND.forced_move(match) in (DRAW, PASS)


def test_rebuild_refuses_a_bad_entry() -> None:
    v = variant(2)
    with pytest.raises(IllegalMoveError):
        KIND.rebuild(v, 3, ["7-2:X"])
    with pytest.raises(IllegalMoveError):
        KIND.rebuild(v, 3, ["pass"])


def test_variant_facts_in_the_registry() -> None:
    from engine import games
    v = make_variant("mexican_train", 3, {"set": 9})
    assert isinstance(v, MexicanTrain) and v.hand_size() == 10
    assert v.trains_options().rounds == 10 and v.penalty_scoring
    game, names = games.replay(E1)
    assert names == ["Anna", "Boris", "Vera"] and list(game.totals) == [0, 50, 26]
    assert games.kind_of(v) is KIND
    with pytest.raises(OptionsError):
        make_variant("mexican_train", 3, {"set": 6})
    with pytest.raises(OptionsError):
        make_variant("mexican_train", 3, {"set": 9, "rounds": 11})


def test_simulate() -> None:
    out = KIND.simulate(variant(3, set=9, rounds=2), 3, 5, ["easy"])
    assert out["games"] == 3 and sum(out["wins"]) >= 3 and len(out["mean_totals"]) == 3
    assert out["rounds"] == 6 and out["moves"] > 0 and out["ai"] == ["easy"] * 3
    with pytest.raises(OptionsError):
        KIND.simulate(variant(3), 1, 0, ["grandmaster"])
