"""Skill ratings: openskill's Plackett-Luce, one rating per player per variant family.

Pure: values in, values out (no SQL, no I/O); the engine's registry says each
variant's family, sides and whether its totals are penalties. The transaction that
finishes a game rates it with this (`service.ratings.rate_finished`). The migration
that rated the games finished before ratings existed (``m0006_ratings``) holds its
own frozen copy of this computation as it was then.

Who is rated
------------
A player is an identity string: ``user:<id>`` for a person, ``ai:<level>`` for a
computer player (one identity per level, so beating ``ai:hard`` counts). Ratings
are kept per family (``engine.core.catalogue.Family``'s value, ``goat``, ``fives``,
...): a game's family is whatever its variant declares, never a list kept here.

A person is rated by every game he sat in to its end, whoever moved for his seat:
when his turn timed out or the computer took his seat over, the seat's result is
still his, as in online games (else a losing player could escape his rating by
letting his clock run out). A seat ``rated`` False (`RatedSeat`) still sits in its
side with its rating as it was, rated against by the others but left unchanged:
the games finished before ratings existed were rated so (``m0006_ratings``) for a
person away, or timed out, at their end. A computer level that sat on several
sides of one game (it played against itself) is not rated by that game either; on
one side only (two ``ai:hard`` partners) it is rated once.

Ranks
-----
Each side (a team of two, or one player) gets a rank from the final result,
lower better, ties allowed: the winners first, then those neither won nor lost,
then the losers; within each group by the totals (higher better, lower better
in the variants whose totals are penalties, like ``kozel``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from openskill.models import PlackettLuce

from engine.core.errors import EngineError
from engine.variants import get_variant, make_variant
from storage.models import conservative

__all__ = [
    "DEFAULT_MU",
    "DEFAULT_SIGMA",
    "PROVISIONAL_GAMES",
    "Change",
    "RatedGame",
    "RatedSeat",
    "Ratings",
    "Skill",
    "computer",
    "finished_game",
    "person",
    "ranks_of",
    "rate_game",
    "rate_games",
    "user_of",
]

DEFAULT_MU: Final = 25.0
DEFAULT_SIGMA: Final = 25.0 / 3.0
# fewer rated games than this: a provisional rating, still calibrating (players see
# how many games are left, not the number)
PROVISIONAL_GAMES: Final = 10
_MODEL: Final = PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)

Key = tuple[str, str]  # (player, family)


def person(user_id: int) -> str:
    """The identity of a person."""
    return f"user:{user_id}"


def computer(level: str) -> str:
    """The identity of a computer player of ``level`` (easy, medium, hard, expert)."""
    return f"ai:{level}"


def user_of(player: str) -> int | None:
    """The person's user id of an identity (None for a computer player)."""
    kind, _, rest = player.partition(":")
    return int(rest) if kind == "user" else None


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating: the mean and the uncertainty, and how many games made it."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    games: int = 0

    @property
    def conservative(self) -> float:
        """mu - 3 sigma: what the leaderboard sorts by."""
        return conservative(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """A seat of a finished game: who sat there, on which side, whether he is rated
    (False: a computer moved for this person at some point)."""

    player: str
    side: int
    rated: bool = True


@dataclass(frozen=True, slots=True)
class RatedGame:
    """What rating a finished game needs: its family, seats and each side's rank."""

    game_id: int
    finished_at: float
    family: str
    seats: tuple[RatedSeat, ...]
    ranks: tuple[int, ...]  # per side, lower is better, equal is a tie


@dataclass(frozen=True, slots=True)
class Change:
    """One player's rating moved by one game (a row of the rating history)."""

    player: str
    family: str
    game_id: int
    finished_at: float
    before: Skill
    after: Skill


@dataclass(frozen=True, slots=True)
class Ratings:
    """Everyone's rating per family after some games, and every change in order."""

    skills: Mapping[Key, Skill] = field(hash=False)
    history: tuple[Change, ...]


def ranks_of(winners: Sequence[int], losers: Sequence[int], totals: Sequence[int], *,
             penalty: bool) -> tuple[int, ...]:
    """Each side's rank (0 best, ties equal) from a game's result."""
    def key(side: int) -> tuple[int, int]:
        group = 0 if side in winners else 2 if side in losers else 1
        return group, totals[side] if penalty else -totals[side]

    keys = [key(side) for side in range(len(totals))]
    order = sorted(set(keys))
    return tuple(order.index(k) for k in keys)


def rate_game(game: RatedGame, current: Mapping[Key, Skill]) -> list[Change]:
    """The changes one game makes to the ratings ``current`` (a player missing there
    starts at the default); nothing when fewer than two sides are present or when
    nobody in it is rated."""
    sides = sorted({s.side for s in game.seats})
    if len(sides) < 2 or any(not 0 <= side < len(game.ranks) for side in sides):
        return []
    sides_of: dict[str, set[int]] = {}
    for seat in game.seats:
        sides_of.setdefault(seat.player, set()).add(seat.side)
    rated = {seat.player for seat in game.seats
             if seat.rated and len(sides_of[seat.player]) == 1}
    # a player rated only if every seat he holds is rated (a person holds one)
    rated -= {seat.player for seat in game.seats if not seat.rated}
    if not rated:
        return []

    def skill(player: str) -> Skill:
        return current.get((player, game.family), Skill())

    teams = [[seat for seat in game.seats if seat.side == side] for side in sides]
    result = _MODEL.rate(
        [[_MODEL.rating(mu=skill(s.player).mu, sigma=skill(s.player).sigma) for s in team]
         for team in teams],
        ranks=[float(game.ranks[side]) for side in sides])
    changes: list[Change] = []
    done: set[str] = set()
    for team, new in zip(teams, result, strict=True):
        for seat, rating in zip(team, new, strict=True):
            if seat.player not in rated or seat.player in done:
                continue
            done.add(seat.player)
            before = skill(seat.player)
            after = Skill(float(rating.mu), float(rating.sigma), before.games + 1)
            changes.append(Change(seat.player, game.family, game.game_id, game.finished_at,
                                  before, after))
    return changes


def rate_games(games: Iterable[RatedGame],
               start: Mapping[Key, Skill] | None = None) -> Ratings:
    """Rate ``games`` one after another in the order they finished (``finished_at``,
    then ``game_id``: sorted here, so the order they are given in does not matter),
    from the ratings ``start`` (default: nobody rated yet)."""
    skills: dict[Key, Skill] = dict(start or {})
    history: list[Change] = []
    for game in sorted(games, key=lambda g: (g.finished_at, g.game_id)):
        for change in rate_game(game, skills):
            skills[(change.player, change.family)] = change.after
            history.append(change)
    return Ratings(skills, tuple(history))


def finished_game(game_id: int, finished_at: float, head_json: str | None,
                  result_json: str | None, seats: list[tuple[int, int | None, str | None, bool]]
                  ) -> RatedGame | None:
    """A stored finished game as it is rated; None when it cannot be
    rated (no readable record head or result, an unknown variant). ``seats`` are
    (seat, user_id, ai_level, taken_over)."""
    try:
        head: Any = json.loads(head_json or "")
        result: Any = json.loads(result_json or "")
        cls = get_variant(str(head["variant"]))
        variant = make_variant(cls.name, len(head["players"]), head.get("options") or {})
        winners = [int(s) for s in result["winners"]]
        losers = [int(s) for s in result["losers"]]
        totals = [int(t) for t in result["totals"]]
    except (ValueError, KeyError, TypeError, EngineError):
        return None
    if len(totals) != len(variant.sides) or len(seats) != variant.players:
        return None
    rated_seats = []
    for seat, user_id, ai_level, taken_over in seats:
        if not 0 <= seat < variant.players:
            return None
        player = person(user_id) if user_id is not None else computer(str(ai_level))
        rated_seats.append(RatedSeat(player, variant.side_of[seat],
                                     rated=user_id is None or not taken_over))
    return RatedGame(game_id, finished_at, cls.family.value, tuple(rated_seats),
                     ranks_of(winners, losers, totals, penalty=cls.penalty_scoring))
