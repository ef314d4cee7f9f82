"""Pairing a tournament's rounds: pure functions of player numbers, no I/O.

* `round_robin`: the circle method. Player 1 stays, the others turn one place a
  round; with an odd number a placeholder (``None``) joins the circle, and whoever
  meets it has the round's bye. ``n`` players (``n`` even) play ``n - 1`` rounds,
  (``n`` odd) ``n`` rounds, and every two players meet exactly once.
* `swiss_round`: one round of a Swiss tournament. The players come ranked (best
  first); each is paired with the nearest in the ranking he has not met, by a search
  that backs up when a lower pairing would be left impossible, so no two players
  meet twice while such a round exists. With an odd number, the bye goes to the
  lowest ranked player who has not had one.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

__all__ = ["Pairing", "round_robin", "round_robin_rounds", "swiss_round", "swiss_rounds"]

# two players by number; the second None: the first has the round's bye
Pairing = tuple[int, int | None]


def round_robin_rounds(players: int) -> int:
    """How many rounds a round-robin of ``players`` has."""
    return players - 1 if players % 2 == 0 else players


def round_robin(players: Sequence[int]) -> list[list[Pairing]]:
    """Every round of a round-robin of ``players`` (in their order), each a list of
    pairings; the bye of an odd number last in its round."""
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice")
    if len(players) < 2:
        return []
    circle: list[int | None] = list(players)
    if len(circle) % 2:
        circle.append(None)
    n = len(circle)
    rounds: list[list[Pairing]] = []
    for r in range(n - 1):
        pairs: list[Pairing] = []
        bye: list[Pairing] = []
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            if i == 0 and r % 2:  # the fixed player alternates sides
                a, b = b, a
            if a is None or b is None:
                alone = a if b is None else b
                assert alone is not None
                bye.append((alone, None))
            else:
                pairs.append((a, b))
        rounds.append(pairs + bye)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def swiss_rounds(players: int) -> int:
    """How many rounds a Swiss tournament of ``players`` has: enough for a single
    winner of an elimination (the ceiling of log2), three at least, and fewer than
    the players (nobody would have anyone left to meet)."""
    rounds = max(3, (players - 1).bit_length())
    return max(1, min(rounds, players - 1))


def _pairs(ranked: list[int], met: Collection[frozenset[int]]) -> list[Pairing] | None:
    """A pairing of every player of ``ranked`` with nobody he met, the top free player
    with the nearest below him first; None when there is none."""
    if not ranked:
        return []
    top, rest = ranked[0], ranked[1:]
    for i, other in enumerate(rest):
        if frozenset((top, other)) in met:
            continue
        below = _pairs(rest[:i] + rest[i + 1:], met)
        if below is not None:
            return [(top, other), *below]
    return None


def swiss_round(ranked: Sequence[int], met: Collection[frozenset[int]],
                had_bye: Collection[int] = ()) -> list[Pairing]:
    """The next Swiss round of the ``ranked`` players (best first), none paired with
    one of ``met`` again while a round without rematches exists; with an odd number,
    the bye (last) to the lowest ranked of those not in ``had_bye`` that leaves such
    a round. When no round avoids every rematch, the ranking's order pairs them."""
    players = list(ranked)
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice")
    if not players:
        return []
    if len(players) % 2 == 0:
        found = _pairs(players, met)
        if found is not None:
            return found
        return [(players[i], players[i + 1]) for i in range(0, len(players), 2)]
    candidates = [p for p in reversed(players) if p not in had_bye] or list(reversed(players))
    for bye in candidates:
        rest = [p for p in players if p != bye]
        found = _pairs(rest, met)
        if found is not None:
            return [*found, (bye, None)]
    bye = candidates[0]
    rest = [p for p in players if p != bye]
    return [*((rest[i], rest[i + 1]) for i in range(0, len(rest), 2)), (bye, None)]
