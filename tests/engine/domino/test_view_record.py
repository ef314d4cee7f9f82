"""The view record (``domino-view/1``): what one asker may know of a game, nothing more.

Random games of every variant are stopped at random points; each seat's view
record (and the public one) must name no tile outside what that seat may know,
computed here from the game's log independently of ``to_view_record``: his own
dealt hand, his own draws, the tiles placed on the table, the tiles of a take he
was party to, and the hands at the end of a round that ended. A finished game's
view record is the full record, and replays.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import RecordError
from engine.core.moves import Cut, Draw, ForcedDraw, Place, Take
from engine.core.tiles import Tile
from engine.domino.game import Game, RoundState
from engine.domino.record import VIEW_FORMAT, replay, replay_summary, to_record, to_view_record
from engine.simulate import play_random_game
from engine.variants import VARIANTS, make_variant

TILE = re.compile(r"(?<![0-9])([0-9]{1,2})-([0-9]{1,2})(?![0-9])")
CONFIGS = sorted((name, n) for name, cls in VARIANTS.items() if cls.kind == "domino"
                 for n in cls.players_allowed)


def tiles_named(obj: object) -> set[Tile]:
    return {Tile.parse(f"{a}-{b}") for a, b in TILE.findall(json.dumps(obj))}


def may_know(rnd: RoundState, seat: int | None) -> set[Tile]:
    """What ``seat`` (None: anyone) may know of one round, from its log alone."""
    known: set[Tile] = set()
    if seat is not None:
        known.update(rnd.deal.hands[seat])
    drawn = 0
    last_placer: int | None = None
    for s, move, _, _ in rnd.log:
        if isinstance(move, Draw | ForcedDraw):
            if s == seat:
                known.add(rnd.deal.boneyard[drawn])
            drawn += 1
        elif isinstance(move, Place | Cut):  # kolbasa's cut lays its tile face up
            known.add(move.tile)
            last_placer = s
        elif isinstance(move, Take) and seat is not None and seat in (s, last_placer):
            known.update(move.tiles)  # the taker, or the 7's player who gave them
    if rnd.end is not None:
        for hand in rnd.hands:
            known.update(hand)
    return known


def own_draws(rnd: RoundState, seat: int | None) -> list[str]:
    out, k = [], 0
    for s, move, _, _ in rnd.log:
        if isinstance(move, Draw | ForcedDraw):
            if s == seat:
                out.append(str(rnd.deal.boneyard[k]))
            k += 1
    return out


def check_view(game: Game, seat: int | None) -> None:
    view = to_view_record(game, seat, None)
    full = to_record(game, None)
    assert view["format"] == VIEW_FORMAT and view["viewer"] == seat
    assert view["variant"] == full["variant"] and view["options"] == full["options"]
    assert len(view["rounds"]) == len(game.rounds)
    for rnd, vr, fr in zip(game.rounds, view["rounds"], full["rounds"], strict=True):
        allowed = may_know(rnd, seat)
        leaked = tiles_named(vr) - allowed
        assert not leaked, f"seat {seat} is shown {sorted(leaked)}"
        assert "boneyard" not in vr and vr["boneyard_size"] == len(rnd.deal.boneyard)
        assert vr["hand_sizes"] == [len(h) for h in rnd.deal.hands]
        for i, hand in enumerate(vr["hands"]):
            assert hand == (fr["hands"][i] if i == seat else None)
        assert vr["drawn"] == own_draws(rnd, seat)
        assert len(vr["moves"]) == len(fr["moves"])
        for shown, real in zip(vr["moves"], fr["moves"], strict=True):
            if real.startswith("take:") and shown != real:
                assert shown == f"take:{real.count('+') + 1}"
            else:
                assert shown == real
        assert ("end_hands" in vr) == (rnd.end is not None)
    with pytest.raises(RecordError, match="cannot be replayed"):
        replay(view)


@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32),
       steps=st.integers(0, 160))
def test_a_view_record_names_only_what_its_seat_may_know(config: tuple[str, int], seed: int,
                                                          steps: int) -> None:
    name, players = config
    game = Game(make_variant(name, players), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.outcome is not None:
            break
        legal = game.legal_moves()
        if not legal:
            break
        game.apply(rng.choice(legal))
    if game.outcome is not None:
        return  # finished: covered below
    for seat in [None, *range(players)]:
        check_view(game, seat)


@settings(max_examples=15, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32))
def test_a_finished_games_view_record_is_the_full_record(config: tuple[str, int],
                                                        seed: int) -> None:
    name, players = config
    game = Game(make_variant(name, players), seed=seed)
    play_random_game(game, random.Random(seed))
    assert game.outcome is not None
    full = to_record(game, ["A", "B", "C", "D"][:players])
    for seat in [None, *range(players)]:
        assert to_view_record(game, seat, ["A", "B", "C", "D"][:players]) == full
    replayed, names = replay(json.loads(json.dumps(full)))
    assert names == ["A", "B", "C", "D"][:players]
    assert replay_summary(replayed)["totals"] == list(game.totals)


def test_a_take_is_shown_to_its_parties_only() -> None:
    """semerka: the tiles taken from the 7-player's hand are named to the taker and
    the giver; everyone else reads how many."""
    for seed in range(400):
        game = Game(make_variant("semerka", 3), seed=seed)
        rng = random.Random(seed)
        while game.outcome is None and not any(
                isinstance(m, Take) for r in game.rounds for _, m, _, _ in r.log):
            game.apply(rng.choice(game.legal_moves()))
        if game.outcome is not None:
            continue
        rnd = game.round
        at = next(i for i, (_, m, _, _) in enumerate(rnd.log) if isinstance(m, Take))
        taker, take = rnd.log[at][0], rnd.log[at][1]
        assert isinstance(take, Take)
        giver = next(s for s, m, _, _ in reversed(rnd.log[:at]) if isinstance(m, Place))
        written = "take:" + "+".join(str(t) for t in take.tiles)
        for seat in [None, 0, 1, 2]:
            moves = to_view_record(game, seat)["rounds"][-1]["moves"]
            if seat in (taker, giver):
                assert written in moves
            else:
                assert written not in moves and f"take:{len(take.tiles)}" in moves
        return
    pytest.fail("no take in 400 games of semerka")
