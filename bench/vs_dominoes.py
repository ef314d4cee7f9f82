"""Our computer players against the PyPI ``dominoes`` library's honest players.

The game is the library's: 2v2 block, double-six, seven tiles each, no boneyard;
the leader of a deal may lead any tile; a round ends when a player goes out or
nobody can follow (the "stuck" game: the team with fewer pips in hand wins it,
equal pips tie). The library's :class:`dominoes.Game` referees; the seats of
our team also run our engine's ``Game`` of ``block`` (4 players in teams),
built from the same deal (``Deal(hands, (), leader, None)``), in lockstep:
after every move the mirror is checked against the referee (seat on turn, hand
sizes, open ends, legal moves, end of the round). Our players get only
``game.view(seat)`` of the mirror; the library's players get the library's game
on turn, which they read only through its public parts (their own hand, the
moves and passes, and the tiles not yet seen), as its honest players do.

Each deal is played twice with the teams swapping seats. The result is our
team's share of the rounds (a tied stuck round counts one half), its 95% Wilson
interval and our players' decision times.

``--told`` is not honest, on purpose: our hard players are given the true deal
(every world they search is the mirror itself), which measures what the hidden
tiles cost them; it is an analysis, never a result against the library.

    pip install -e '.[bench]'
    python -m bench.vs_dominoes --rounds 200 --opponent probabilistic_alphabeta
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any

from engine.core.moves import End, Move, Pass, Place
from engine.core.tiles import Tile, full_set
from engine.domino.ai import Budget, default_budget, make_player
from engine.domino.ai.infer import Likelihood
from engine.domino.ai.players import HardPlayer
from engine.domino.ai.world import Knowledge
from engine.domino.game import Game
from engine.domino.variant import as_domino
from engine.domino.view import DominoView
from engine.simulate import wilson
from engine.variants import Deal, make_variant

# The library's players: a callable that reorders ``game.valid_moves`` (best
# first). ``omniscient`` looks at the hidden hands and is left out on purpose.
HONEST = ("probabilistic_alphabeta", "random", "bota_gorda", "double", "identity", "reverse")


def library_player(name: str, start_move: int, sample_size: int) -> Callable[[Any], None]:
    from dominoes import players

    if name == "probabilistic_alphabeta":
        return players.probabilistic_alphabeta(start_move=start_move, sample_size=sample_size)  # type: ignore[no-any-return]
    if name not in HONEST:
        raise SystemExit(f"unknown or dishonest opponent {name!r}; honest: {', '.join(HONEST)}")
    return getattr(players, name)  # type: ignore[no-any-return]


def _domino(tile: Tile, first: int | None = None) -> Any:
    from dominoes import Domino

    if first is None or first == tile.a:
        return Domino(tile.a, tile.b)
    return Domino(tile.b, tile.a)


def _tile(d: Any) -> Tile:
    return Tile(min(d.first, d.second), max(d.first, d.second))


def _ends(ref: Any) -> tuple[int, int] | None:
    if not ref.board:
        return None
    return ref.board.left_end(), ref.board.right_end()


def _lib_moves(ref: Any) -> set[tuple[Tile, bool | None]]:
    """The referee's legal moves as (tile, left), left None for the lead."""
    if not ref.board:
        return {(_tile(d), None) for d, _ in ref.valid_moves}
    return {(_tile(d), left) for d, left in ref.valid_moves}


def _our_moves(mirror: Game) -> set[tuple[Tile, bool | None]]:
    """Our legal moves in the referee's terms (two ends of equal pips are one move)."""
    rnd = mirror.round
    ends = rnd.table.open_ends()
    out: set[tuple[Tile, bool | None]] = set()
    for m in mirror.legal_moves():
        if not isinstance(m, Place):
            continue
        if m.end is None:
            out.add((m.tile, None))
        elif ends[End.W] == ends[End.E]:
            out.add((m.tile, True))
        else:
            out.add((m.tile, m.end is End.W))
    return out


def _skip_passes(mirror: Game) -> None:
    while mirror.current_seat is not None:
        legal = mirror.legal_moves()
        if len(legal) == 1 and isinstance(legal[0], Pass):
            mirror.apply(legal[0])
        else:
            return


def _check(ref: Any, mirror: Game) -> None:
    """Assert that the mirror shows exactly the referee's position."""
    rnd = mirror.round
    assert [len(h) for h in rnd.hands] == [len(h) for h in ref.hands], "hand sizes differ"
    for seat in range(4):
        assert sorted(rnd.hands[seat]) == sorted(_tile(d) for d in ref.hands[seat])
    ends = rnd.table.open_ends()
    lib_ends = _ends(ref)
    if lib_ends is None:
        assert rnd.table.empty
    else:
        assert (ends[End.W], ends[End.E]) == lib_ends, f"ends {ends} vs {lib_ends}"
    if ref.result is not None:
        assert mirror.current_seat is None, "the referee ended the round, the mirror did not"
        return
    assert mirror.current_seat == ref.turn, f"turn {mirror.current_seat} vs {ref.turn}"
    assert _our_moves(mirror) == _lib_moves(ref), "legal moves differ"


def _to_library(move: Move, mirror: Game) -> tuple[Move, Any, bool]:
    """Our move as the referee's (domino, left), and the move the mirror applies:
    with both ends showing the same pip the referee offers only the left one, so
    the mirror places there too (the same position)."""
    assert isinstance(move, Place)
    if move.end is None:
        assert move.west is not None
        return move, _domino(move.tile, move.west), True
    ends = mirror.round.table.open_ends()
    if ends[End.W] == ends[End.E]:
        return Place(move.tile, End.W), _domino(move.tile), True
    return move, _domino(move.tile), move.end is End.W


def _to_ours(d: Any, left: bool, mirror: Game) -> Move:
    tile = _tile(d)
    if mirror.round.table.empty:
        return Place(tile, None, d.first)
    return Place(tile, End.W if left else End.E)


class Mirror:
    """The round being played, for :class:`ToldPlayer`."""

    game: Game | None = None


class ToldPlayer(HardPlayer):
    """The hard player told the true deal (``--told``): every world is the mirror."""

    def __init__(self, seed: int, variant: Any, budget: Budget | None, mirror: Mirror) -> None:
        super().__init__(seed, variant, budget)
        self._mirror = mirror

    def _sample(self, view: DominoView, variant: Any, rng: random.Random, know: Knowledge,
                likely: Likelihood | None) -> Game:
        assert self._mirror.game is not None
        return self._mirror.game.copy()


def make_deal(rng: random.Random) -> tuple[list[list[Tile]], int]:
    tiles = list(full_set(6))
    rng.shuffle(tiles)
    return [tiles[i * 7:(i + 1) * 7] for i in range(4)], rng.randrange(4)


def play_round(hands: list[list[Tile]], leader: int, ours: tuple[int, int],
               our_players: dict[int, Callable[[DominoView], Move]],
               theirs: Callable[[Any], None], times: list[float],
               mirror_of: Mirror | None = None) -> float:
    """Play one deal; return our team's result (1 won, 0.5 tied stuck game, 0 lost)."""
    import dominoes

    lib_hands = [dominoes.Hand([_domino(t) for t in h]) for h in hands]
    valid = tuple((d, True) for d in lib_hands[leader])
    ref = dominoes.Game(dominoes.Board(), lib_hands, [], leader, valid, leader, None)
    variant = as_domino(make_variant("block", 4, {"teams": True}))
    deal = Deal(tuple(tuple(h) for h in hands), (), leader, None)
    mirror = Game(variant, seed=0, deals=[deal])
    if mirror_of is not None:
        mirror_of.game = mirror
    _check(ref, mirror)
    while ref.result is None:
        seat = ref.turn
        if seat in ours:
            view = mirror.view(seat)
            t0 = time.perf_counter()
            move = our_players[seat](view)
            if len(view.legal) > 1:
                times.append(time.perf_counter() - t0)
            move, d, left = _to_library(move, mirror)
        else:
            # The library's players reorder the moves of the game they are given;
            # give them a copy so nothing they do touches the referee.
            probe = copy.deepcopy(ref)
            theirs(probe)
            d, left = probe.valid_moves[0]
            assert (d, left) in ref.valid_moves
            move = _to_ours(d, left, mirror)
        ref.make_move(d, left)
        mirror.apply(move)
        _skip_passes(mirror)
        _check(ref, mirror)
    points = ref.result.points  # > 0: seats 0 and 2 won
    if points == 0:
        return 0.5
    team02_won = points > 0
    return 1.0 if team02_won == (ours == (0, 2)) else 0.0


def parse_budget(text: str | None, variant: Any) -> Budget | None:
    """``--budget rollouts=240,exact_tiles=18``: the variant's default budget with
    those fields changed (None: the default itself)."""
    if not text:
        return None
    changes: dict[str, Any] = {}
    names = {f.name: f for f in fields(Budget)}
    for part in text.split(","):
        key, _, value = part.partition("=")
        key = key.strip()
        if key not in names:
            raise SystemExit(f"--budget: unknown field {key!r}; known: {', '.join(names)}")
        kind = str(names[key].type)  # "int", "float", "float | None", "bool"
        changes[key] = (None if value == "none"
                        else value.lower() in ("1", "true", "yes") if kind == "bool"
                        else float(value) if "float" in kind else int(value))
    return replace(default_budget(variant), **changes)


def run(rounds: int, opponent: str, level: str, seed: int, start_move: int,
        sample_size: int, budget_text: str | None = None, told: bool = False
        ) -> dict[str, Any]:
    rng = random.Random(seed)
    random.seed(seed)  # the library's players draw from the global random module
    theirs = library_player(opponent, start_move, sample_size)
    variant = as_domino(make_variant("block", 4, {"teams": True}))
    budget = parse_budget(budget_text, variant)
    score = 0.0
    played = 0
    times: list[float] = []
    start = time.perf_counter()
    deal_index = 0
    mirror = Mirror()
    if told and level != "hard":
        raise SystemExit("--told is for the hard player")
    while played < rounds:
        hands, leader = make_deal(rng)
        for ours in ((0, 2), (1, 3)):
            if played >= rounds:
                break
            seeds = {s: seed * 1_000_003 + deal_index * 4 + s for s in ours}
            our_players = {s: (ToldPlayer(seeds[s], variant, budget, mirror) if told
                               else make_player(level, seeds[s], variant, budget))
                           for s in ours}
            score += play_round(hands, leader, ours, our_players, theirs, times, mirror)
            played += 1
        deal_index += 1
    lo, hi = wilson(score, played)
    return {
        "game": "block 2v2, double-six, 7 tiles each, the dominoes 6.1.0 library refereeing",
        "ours": level,
        "opponent": opponent,
        "opponent_options": ({"start_move": start_move, "sample_size": sample_size}
                             if opponent == "probabilistic_alphabeta" else {}),
        "budget": budget_text or "default",
        "told_the_deal": told,
        "rounds": played,
        "deals": deal_index,
        "seed": seed,
        "score": score,
        "rate": round(score / played, 4) if played else None,
        "ci95": [round(lo, 4), round(hi, 4)],
        "our_decisions": len(times),
        "our_median_ms": round(1000 * statistics.median(times), 2) if times else None,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--opponent", default="probabilistic_alphabeta",
                        help=f"the library's player: {', '.join(HONEST)}")
    parser.add_argument("--ours", default="hard", help="our level: easy, medium or hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start-move", type=int, default=7,
                        help="probabilistic_alphabeta: the move it starts searching at")
    parser.add_argument("--sample-size", type=int, default=32,
                        help="probabilistic_alphabeta: sampled hands per decision")
    parser.add_argument("--budget", default=None,
                        help="hard: budget fields changed from the default, e.g. "
                             "rollouts=240,exact_tiles=18")
    parser.add_argument("--told", action="store_true",
                        help="not honest: hard is told the true deal (what hidden tiles cost)")
    args = parser.parse_args()
    print(json.dumps(run(args.rounds, args.opponent, args.ours, args.seed, args.start_move,
                         args.sample_size, args.budget, args.told)))


if __name__ == "__main__":
    main()
