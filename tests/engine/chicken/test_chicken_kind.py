"""chicken_foot's game kind through the layers' own calls, the variant registered
for the test only: a game from its seed, stored as entries, rebuilt from its head
and entries, recorded and replayed; the forced moves; the simulation."""

from __future__ import annotations

import json

import pytest

from engine.chicken.kind import CHICKEN_KIND, ChickenMatch
from engine.chicken.rules import NAME, ChickenFoot
from engine.core.errors import IllegalMoveError, OptionsError
from engine.core.moves import DRAW, PASS, BranchPlace, SetPlay
from engine.core.tiles import Tile
from engine.games import kind_of, new_game, rebuild, replay
from engine.variants import make_variant


@pytest.mark.parametrize(("players", "options"), [(2, {"set": 6}), (4, {"rounds": 2}),
                                                  (3, {"set": 6, "rounds": 3})])
def test_entries_rebuild_and_the_record_replays(players: int,
                                                options: dict[str, object]) -> None:
    v = make_variant(NAME, players, options)
    assert kind_of(v) is CHICKEN_KIND
    game = new_game(v, 2024)
    assert isinstance(game, ChickenMatch)
    names = [f"N{i}" for i in range(players)]
    head = CHICKEN_KIND.head_json(game, names)
    assert json.loads(head)["options"] == v.record_options()
    entries: list[str] = []
    while game.current_seat is not None:
        forced = CHICKEN_KIND.forced_move(game)
        move = forced or CHICKEN_KIND.decide("easy", 1, v, game.view(game.current_seat))
        result, entry = CHICKEN_KIND.play(game, move)
        assert result.notation == entry
        entries.append(entry)
    again, again_names = rebuild(head, 2024, entries)
    assert again_names == names
    record = CHICKEN_KIND.to_record(game, names)
    assert CHICKEN_KIND.to_record(again, names) == record
    replayed, replay_names = replay(record)
    assert replay_names == names
    assert CHICKEN_KIND.to_record(replayed, names) == record
    assert replayed.totals == game.totals and replayed.outcome == game.outcome
    assert [r.points for r in replayed.rounds] == [r.points for r in game.rounds]


def test_the_variant_and_its_options() -> None:
    assert make_variant(NAME, 8).players == 8
    v = make_variant(NAME, 2, {"set": 6, "rounds": 3})
    assert isinstance(v, ChickenFoot)
    assert v.chicken.rounds == 3 and v.chicken.set == 6 and v.hand_size() == 5
    assert v.record_options() == {"set": 6, "rounds": 3}
    with pytest.raises(OptionsError):
        make_variant(NAME, 5, {"set": 6})
    with pytest.raises(OptionsError):
        make_variant(NAME, 9)
    with pytest.raises(OptionsError):
        make_variant(NAME, 2, {"rounds": 11})
    with pytest.raises(OptionsError):
        make_variant(NAME, 2, {"teams": True})


def test_forced_moves_and_foreign_moves() -> None:
    v = make_variant(NAME, 2, {"set": 6})
    game = CHICKEN_KIND.new_game(v, 3)
    assert isinstance(game, ChickenMatch)
    with pytest.raises(IllegalMoveError):
        game.play(SetPlay((Tile(1, 2),)))
    for _ in range(200):
        legal = game.legal_moves()
        forced = CHICKEN_KIND.forced_move(game)
        if legal in ([DRAW], [PASS]):
            assert forced == legal[0]
        else:
            assert forced is None
            assert all(isinstance(m, BranchPlace) for m in legal)
        if game.current_seat is None:
            break
        game.play(legal[0])


def test_simulate() -> None:
    v = make_variant(NAME, 3, {"set": 6})
    out = CHICKEN_KIND.simulate(v, 3, 1, ["easy"])
    assert out["games"] == 3 and out["wins"]["easy"] >= 3
    with pytest.raises(OptionsError):
        CHICKEN_KIND.simulate(v, 1, 1, ["grandmaster"])
    with pytest.raises(ValueError):
        CHICKEN_KIND.decide("grandmaster", 1, v, CHICKEN_KIND.new_game(v, 1).view(0))


def test_medium_sheds_weight_and_beats_easy() -> None:
    v = make_variant(NAME, 2, {"set": 6})
    out = CHICKEN_KIND.simulate(v, 20, 5, ["medium", "easy"])
    assert out["mean_total"]["medium"] < out["mean_total"]["easy"]
    game = CHICKEN_KIND.new_game(v, 11)
    while game.current_seat is not None:
        view = game.view(game.current_seat)
        move = CHICKEN_KIND.decide("medium", 2, v, view)
        assert move in game.legal_moves()
        places = [m for m in view.legal if isinstance(m, BranchPlace)]
        if places and isinstance(move, BranchPlace):
            heaviest = max(50 if m.tile == Tile(0, 0) else m.tile.pips for m in places)
            assert (50 if move.tile == Tile(0, 0) else move.tile.pips) == heaviest
        game.play(move)
