"""A tournament's standings and their tie-breaks: pure functions, no I/O.

Each decided pairing gives each side a score: 1 a win, ½ a draw, 0 a loss (a
forfeit is a loss for the side that withdrew and a win for the other; a bye is a
win with no opponent; a cancelled game is lost by both). The standings order the
players by

1. points (the sum of their scores);
2. head-to-head: the points they scored in their games against the players they
   are tied with;
3. Sonneborn-Berger: the points of each opponent beaten, and half those of each
   opponent drawn with (a bye adds nothing);
4. wins;
5. the earlier registration.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from storage.models import TournamentGameRow, TournamentPlayerRow

__all__ = ["Decided", "Entrant", "Standing", "standings", "standings_of"]


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of the tournament: his number (registration order), name, and
    whether he withdrew."""

    seq: int
    name: str
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class Decided:
    """A decided pairing: the players by number (``b`` None: a bye of ``a``), their
    scores, and how it was decided (``game``, ``bye``, ``forfeit``, ``cancelled``)."""

    a: int
    b: int | None
    score_a: float
    score_b: float | None
    how: str = "game"


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings."""

    place: int
    seq: int
    name: str
    points: float
    played: int
    wins: int
    draws: int
    losses: int
    head_to_head: float
    sonneborn_berger: float
    withdrawn: bool = False


def _sides(d: Decided) -> list[tuple[int, int | None, float]]:
    out: list[tuple[int, int | None, float]] = [(d.a, d.b, d.score_a)]
    if d.b is not None:
        assert d.score_b is not None
        out.append((d.b, d.a, d.score_b))
    return out


def standings(entrants: Sequence[Entrant], results: Sequence[Decided]) -> list[Standing]:
    """The standings after ``results``, best first (the order in the module's text)."""
    points: dict[int, float] = defaultdict(float)
    wins: dict[int, int] = defaultdict(int)
    draws: dict[int, int] = defaultdict(int)
    losses: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    for d in results:
        for me, _, score in _sides(d):
            points[me] += score
            played[me] += 1
            if score == 1:
                wins[me] += 1
            elif score == 0.5:
                draws[me] += 1
            else:
                losses[me] += 1
    sb: dict[int, float] = defaultdict(float)
    for d in results:
        for me, other, score in _sides(d):
            if other is not None:
                sb[me] += score * points[other]
    tied: dict[float, set[int]] = defaultdict(set)
    for e in entrants:
        tied[points[e.seq]].add(e.seq)
    h2h: dict[int, float] = defaultdict(float)
    for d in results:
        for me, other, score in _sides(d):
            if other is not None and other in tied[points[me]]:
                h2h[me] += score
    order = sorted(entrants, key=lambda e: (-points[e.seq], -h2h[e.seq], -sb[e.seq],
                                            -wins[e.seq], e.seq))
    return [Standing(i, e.seq, e.name, points[e.seq], played[e.seq], wins[e.seq],
                     draws[e.seq], losses[e.seq], h2h[e.seq], sb[e.seq], e.withdrawn)
            for i, e in enumerate(order, start=1)]


def standings_of(players: Sequence[TournamentPlayerRow], games: Sequence[TournamentGameRow]
                 ) -> list[Standing]:
    """The standings of a tournament as stored: its players and its pairings."""
    entrants = [Entrant(p.seq, p.name, p.withdrawn) for p in players]
    decided = [Decided(g.player_a, g.player_b, g.score_a, g.score_b, g.decided)
               for g in games if g.decided is not None and g.score_a is not None]
    return standings(entrants, decided)
