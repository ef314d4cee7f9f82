"""Skill ratings per player and variant family, their history, and take-overs.

* ``ratings(player, family, user_id, mu, sigma, games, updated_at)``: the current
  openskill (Plackett-Luce) rating of a player in a family. ``player`` is
  ``user:<id>`` for a person (``user_id`` set, for joins with ``users``) or
  ``ai:<level>`` for a computer player (``user_id`` NULL); ``family`` is the
  value of the variant's ``engine.domino.variant.Family`` (``goat``, ``fives``, ...).
  ``games`` counts the games that rated him in that family.
* ``rating_history(player, family, game_id, ...)``: one row per player rated by a
  finished game -- the rating before and after it and when the game finished --
  so a chart can be drawn and this migration checked.
* ``seat_timers.taken_over``: 1 once a computer player has moved for the person of
  that seat (he was away, or his turn timed out); such a person is not rated by
  the game. Set in the transaction of that move. (In
  ``seat_timers``, the seats' side table, because ``game_seats`` rows are
  inserted by position; a missing row means 0, as for its other columns.)

The games finished before this migration are rated here, in the order they
finished (``finished_at``, then ``game_id``), as the bot of its day rated a game.
Nothing recorded take-overs before; a seat whose person was still away, or had
time-outs in a row, when the game ended is counted as taken over (the best the
stored data tells). A finished game whose record or result cannot be read, or
whose variant is not one of its day, is left unrated.

Frozen: this migration imports nothing of the engine or of the rating code that
may change. It holds its own copy of what it needs as it was when it was
released: each variant of its day with its family, its scoring direction, its
numbers of players and its teams (`_VARIANTS`), and the rating computation
(openskill's Plackett-Luce, mu 25, sigma 25/3; the ranks from the result). A
later rule change, a new family or a new rating rule cannot change what it does.
The options of a stored game other than ``teams`` were checked when its lobby was
set; they decide neither the family, nor the sides, nor the scoring direction,
and are not read here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from openskill.models import PlackettLuce

from storage.transaction import Transaction

VERSION = 6

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE ratings (
        player     TEXT    NOT NULL,
        family     TEXT    NOT NULL,
        user_id    INTEGER,
        mu         REAL    NOT NULL,
        sigma      REAL    NOT NULL CHECK (sigma > 0),
        games      INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
        updated_at REAL    NOT NULL,
        PRIMARY KEY (player, family)
    )
    """,
    "CREATE INDEX ratings_by_family ON ratings (family, (mu - 3 * sigma) DESC)",
    "CREATE INDEX ratings_by_user ON ratings (user_id) WHERE user_id IS NOT NULL",
    """
    CREATE TABLE rating_history (
        player       TEXT    NOT NULL,
        family       TEXT    NOT NULL,
        game_id      INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
        finished_at  REAL    NOT NULL,
        mu_before    REAL    NOT NULL,
        sigma_before REAL    NOT NULL,
        mu           REAL    NOT NULL,
        sigma        REAL    NOT NULL,
        games        INTEGER NOT NULL CHECK (games >= 1),
        PRIMARY KEY (player, family, game_id)
    )
    """,
    "CREATE INDEX rating_history_by_game ON rating_history (game_id)",
    "CREATE INDEX rating_history_by_player ON rating_history (player, finished_at)",
    "ALTER TABLE seat_timers ADD COLUMN taken_over INTEGER NOT NULL DEFAULT 0"
    " CHECK (taken_over IN (0, 1))",
)


# ------------------------------------------------------------------ frozen: the variants
@dataclass(frozen=True, slots=True)
class _Variant:
    """A variant as the bot knew it when this migration was released."""

    family: str
    penalty: bool  # its totals are penalties: lower is better
    players: tuple[int, ...]  # the numbers of players it is played by
    teams: bool  # it offers teams (with four players)
    teams_with_four: bool  # teams are on by default with four players


_VARIANTS: Final[Mapping[str, _Variant]] = {
    "kozel": _Variant("goat", True, (2, 3, 4), True, True),
    "telephone": _Variant("telephone", False, (2, 4), True, True),
    "threes": _Variant("threes", False, (2, 3, 4), True, False),
    "all_fives": _Variant("fives", False, (2, 3, 4), True, False),
    "draw": _Variant("block_draw", False, (2, 3, 4), True, False),
    "block": _Variant("block_draw", False, (2, 3, 4), True, True),
    "sea_kozel": _Variant("goat", True, (2, 3, 4), False, False),
    "general_kozel": _Variant("goat", False, (4,), True, True),
    "osel": _Variant("goat", True, (2, 3, 4), False, False),
    "checheve": _Variant("goat", True, (2, 3, 4), False, False),
    "sport": _Variant("goat", False, (4,), True, True),
    "semerka": _Variant("goat", True, (2, 3, 4), False, False),
    "muggins": _Variant("fives", False, (2, 3, 4), True, False),
    "pyaterochka": _Variant("fives", False, (2, 3, 4), True, False),
    "vsem_po_pyat": _Variant("fives", False, (2, 3, 4), True, False),
    "cuban": _Variant("block_draw", False, (2, 3, 4), True, False),
    "domiki": _Variant("fives", False, (2, 3, 4), False, False),
}


def _side_of(variant: _Variant, players: int, options: Mapping[str, Any]) -> tuple[int, ...] | None:
    """Each seat's side: partners 0 and 2, 1 and 3 with teams, else each his own;
    None when the game cannot have been played so (a number of players or teams the
    variant did not take)."""
    if players not in variant.players:
        return None
    teams = options.get("teams", variant.teams_with_four and players == 4)
    if not isinstance(teams, bool) or (teams and not (variant.teams and players == 4)):
        return None
    return (0, 1, 0, 1) if teams else tuple(range(players))


# ------------------------------------------------------------------ frozen: the rating
_MU: Final = 25.0
_SIGMA: Final = 25.0 / 3.0
_MODEL: Final = PlackettLuce(mu=_MU, sigma=_SIGMA)


@dataclass(frozen=True, slots=True)
class _Skill:
    mu: float = _MU
    sigma: float = _SIGMA
    games: int = 0


@dataclass(frozen=True, slots=True)
class _Seat:
    player: str  # user:<id> or ai:<level>
    side: int
    rated: bool


@dataclass(frozen=True, slots=True)
class _Game:
    game_id: int
    finished_at: float
    family: str
    seats: tuple[_Seat, ...]
    ranks: tuple[int, ...]  # per side, lower is better, equal is a tie


@dataclass(frozen=True, slots=True)
class _Change:
    player: str
    family: str
    game_id: int
    finished_at: float
    before: _Skill
    after: _Skill


def _user_of(player: str) -> int | None:
    kind, _, rest = player.partition(":")
    return int(rest) if kind == "user" else None


def _ranks(winners: Sequence[int], losers: Sequence[int], totals: Sequence[int], *,
           penalty: bool) -> tuple[int, ...]:
    """Each side's rank (0 best, ties equal): winners, then neither, then losers;
    within each by the totals."""
    def key(side: int) -> tuple[int, int]:
        group = 0 if side in winners else 2 if side in losers else 1
        return group, totals[side] if penalty else -totals[side]

    keys = [key(side) for side in range(len(totals))]
    order = sorted(set(keys))
    return tuple(order.index(k) for k in keys)


def _finished_game(game_id: int, finished_at: float, head_json: str | None,
                   result_json: str | None, seats: list[tuple[int, int | None, str | None, bool]]
                   ) -> _Game | None:
    """A stored finished game as it is rated; None when it cannot be (no readable
    record head or result, a variant not of its day). ``seats`` are (seat, user_id,
    ai_level, taken_over)."""
    try:
        head: Any = json.loads(head_json or "")
        result: Any = json.loads(result_json or "")
        variant = _VARIANTS[str(head["variant"])]
        side_of = _side_of(variant, len(head["players"]), head.get("options") or {})
        winners = [int(s) for s in result["winners"]]
        losers = [int(s) for s in result["losers"]]
        totals = [int(t) for t in result["totals"]]
    except (ValueError, KeyError, TypeError):
        return None
    if side_of is None:
        return None
    players = len(side_of)
    if len(totals) != len(set(side_of)) or len(seats) != players:
        return None
    rated = []
    for seat, user_id, ai_level, taken_over in seats:
        if not 0 <= seat < players:
            return None
        player = f"user:{user_id}" if user_id is not None else f"ai:{ai_level}"
        rated.append(_Seat(player, side_of[seat], rated=user_id is None or not taken_over))
    return _Game(game_id, finished_at, variant.family, tuple(rated),
                 _ranks(winners, losers, totals, penalty=variant.penalty))


def _rate_game(game: _Game, current: Mapping[tuple[str, str], _Skill]) -> list[_Change]:
    """The changes one game makes to the ratings ``current``; nothing when fewer than
    two sides are present or nobody in it is rated. A player holding seats on
    several sides, or a seat not rated, is not rated."""
    sides = sorted({s.side for s in game.seats})
    if len(sides) < 2 or any(not 0 <= side < len(game.ranks) for side in sides):
        return []
    sides_of: dict[str, set[int]] = {}
    for seat in game.seats:
        sides_of.setdefault(seat.player, set()).add(seat.side)
    rated = {seat.player for seat in game.seats
             if seat.rated and len(sides_of[seat.player]) == 1}
    rated -= {seat.player for seat in game.seats if not seat.rated}
    if not rated:
        return []

    def skill(player: str) -> _Skill:
        return current.get((player, game.family), _Skill())

    teams = [[seat for seat in game.seats if seat.side == side] for side in sides]
    result = _MODEL.rate(
        [[_MODEL.rating(mu=skill(s.player).mu, sigma=skill(s.player).sigma) for s in team]
         for team in teams],
        ranks=[float(game.ranks[side]) for side in sides])
    changes: list[_Change] = []
    done: set[str] = set()
    for team, new in zip(teams, result, strict=True):
        for seat, rating in zip(team, new, strict=True):
            if seat.player not in rated or seat.player in done:
                continue
            done.add(seat.player)
            before = skill(seat.player)
            after = _Skill(float(rating.mu), float(rating.sigma), before.games + 1)
            changes.append(_Change(seat.player, game.family, game.game_id, game.finished_at,
                                   before, after))
    return changes


def _rate_games(games: Iterable[_Game]
                ) -> tuple[dict[tuple[str, str], _Skill], list[_Change]]:
    """Everyone's rating per family after ``games`` rated in the order they finished,
    and every change in that order."""
    skills: dict[tuple[str, str], _Skill] = {}
    history: list[_Change] = []
    for game in sorted(games, key=lambda g: (g.finished_at, g.game_id)):
        for change in _rate_game(game, skills):
            skills[(change.player, change.family)] = change.after
            history.append(change)
    return skills, history


async def _rate_finished(conn: Transaction) -> None:
    games = await conn.fetchall(
        "SELECT game_id, finished_at, record_json, result_json FROM games"
        " WHERE status = 'finished' AND finished_at IS NOT NULL")
    seats: dict[int, list[tuple[int, int | None, str | None, bool]]] = {}
    for row in await conn.fetchall(
            "SELECT s.game_id, s.seat, s.user_id, s.ai_level,"
            " (COALESCE(t.away, 0) OR COALESCE(t.timeouts, 0) > 0) AS taken_over"
            " FROM game_seats AS s JOIN games AS g ON g.game_id = s.game_id"
            " LEFT JOIN seat_timers AS t ON t.game_id = s.game_id AND t.seat = s.seat"
            " WHERE g.status = 'finished' ORDER BY s.game_id, s.seat"):
        seats.setdefault(int(row["game_id"]), []).append(
            (int(row["seat"]), row["user_id"], row["ai_level"], bool(row["taken_over"])))
    rated = [game for row in games
             if (game := _finished_game(int(row["game_id"]), float(row["finished_at"]),
                                       row["record_json"], row["result_json"],
                                       seats.get(int(row["game_id"]), []))) is not None]
    taken = [(gid, seat) for gid, rows in seats.items() for seat, _, _, t in rows if t]
    await conn.executemany(
        "UPDATE seat_timers SET taken_over = 1 WHERE game_id = ? AND seat = ?", taken)
    skills, history = _rate_games(rated)
    await conn.executemany(
        "INSERT INTO rating_history (player, family, game_id, finished_at, mu_before,"
        " sigma_before, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(c.player, c.family, c.game_id, c.finished_at, c.before.mu, c.before.sigma,
          c.after.mu, c.after.sigma, c.after.games) for c in history])
    last = {(c.player, c.family): c.finished_at for c in history}
    await conn.executemany(
        "INSERT INTO ratings (player, family, user_id, mu, sigma, games, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(player, family, _user_of(player), s.mu, s.sigma, s.games, last[(player, family)])
         for (player, family), s in sorted(skills.items())])


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
    await _rate_finished(conn)
