"""Skill ratings: rating a finished game, and what the bot reads of them (leaderboards,
a player's ratings and history).

The ratings are written by the transaction that finishes a game (`rate_finished`,
computed by `service.skill`, stored by `storage.repositories.ratings`); the rest
is the reading side, in frozen values of its own. Families are the engine's (each
variant declares its ``family``): the list is read from the registry, never
written here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.variants import find_variant, variants_in_order
from service.context import Context
from service.skill import (
    PROVISIONAL_GAMES,
    Change,
    Skill,
    computer,
    finished_game,
    person,
    rate_game,
    user_of,
)
from storage import RatingEntry, Repositories, Transaction
from storage.models import RatingChange, conservative

__all__ = ["PROVISIONAL_GAMES", "Leaderboard", "RatingLine", "RatingPointInfo", "RatingService",
           "families", "family_of", "rate_finished"]


async def rate_finished(repos: Repositories, tx: Transaction, game_id: int) -> list[Change]:
    """Rate the game that ``tx`` has just finished (once: a game rated already, or
    one that cannot be rated, changes nothing); the changes made."""
    game = await repos.ratings.unrated(tx, game_id)
    if game is None:
        return []
    # every seat is rated, whoever moved for it (a person's time-outs, the computer
    # taking his seat over): a seat's result is its person's, as in online games
    seats = [(seat, user_id, ai_level, False) for seat, user_id, ai_level in game.seats]
    rated = finished_game(game.game_id, game.finished_at, game.record_json, game.result_json,
                          seats)
    if rated is None:
        return []
    players = sorted({s.player for s in rated.seats})
    current = {(r.player, rated.family): Skill(float(r.mu), float(r.sigma), int(r.games))
               for r in await repos.ratings.current(tx, rated.family, players)}
    changes = rate_game(rated, current)
    await repos.ratings.write(tx, [
        RatingChange(c.player, c.family, user_of(c.player), c.game_id, c.finished_at,
                     c.before.mu, c.before.sigma, c.after.mu, c.after.sigma, c.after.games)
        for c in changes])
    return changes


def families() -> tuple[str, ...]:
    """Every family a registered variant belongs to, in menu order of its first variant."""
    out: list[str] = []
    for cls in variants_in_order():
        if cls.family.value not in out:
            out.append(cls.family.value)
    return tuple(out)


def family_of(text: str) -> str | None:
    """The family ``text`` names: a family's own name (``goat``, ``block_draw``) or any
    name or alias of one of its variants; None if it names none."""
    word = text.strip().lower().replace("ё", "е").replace("-", "_").replace(" ", "_")
    if word in families():
        return word
    cls = find_variant(word)
    return cls.family.value if cls is not None else None


@dataclass(frozen=True, slots=True)
class RatingLine:
    """A player's rating in a family. A person has ``user_id`` (and the name the bot
    knows), a computer player ``level``."""

    family: str
    user_id: int | None
    level: str | None
    first_name: str | None
    last_name: str | None
    mu: float
    sigma: float
    games: int

    @property
    def conservative(self) -> float:
        """mu - 3 sigma: what leaderboards sort by."""
        return conservative(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        """Fewer than `PROVISIONAL_GAMES` rated games."""
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class RatingPointInfo:
    """A player's rating in ``family`` after one of his rated games."""

    family: str
    game_id: int
    finished_at: float
    conservative: float
    games: int


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """A family's leaderboard: persons past calibration ranked, persons still
    calibrating (fewer than `PROVISIONAL_GAMES` rated games), and the computer
    players, kept apart from the persons' ranking. Each best first."""

    ranked: tuple[RatingLine, ...]
    calibrating: tuple[RatingLine, ...]
    computers: tuple[RatingLine, ...]

    @property
    def empty(self) -> bool:
        return not (self.ranked or self.calibrating or self.computers)


def _line(entry: RatingEntry) -> RatingLine:
    kind, _, rest = entry.player.partition(":")
    return RatingLine(entry.family, entry.user_id, rest if kind == "ai" else None,
                      entry.first_name, entry.last_name, entry.mu, entry.sigma, entry.games)


class RatingService:
    """Reads the ratings (one instance per `GameService`, over its context)."""

    def __init__(self, ctx: Context) -> None:
        self._db = ctx.db
        self._repos = ctx.repos

    async def top(self, family: str, chat_id: int | None = None, limit: int = 10
                  ) -> list[RatingLine]:
        """The family's best by mu - 3 sigma: of a chat's games, or (None) of all."""
        rows = await self._repos.ratings.top(self._db, family, chat_id, limit)
        return [_line(r) for r in rows]

    async def leaderboard(self, family: str, chat_id: int | None = None, limit: int = 10
                          ) -> Leaderboard:
        """The family's leaderboard (of a chat's games, or of all): at most ``limit``
        persons ranked and ``limit`` calibrating, and every computer level rated."""
        ratings = self._repos.ratings
        ranked = await ratings.top(self._db, family, chat_id, limit, kind="user",
                                   min_games=PROVISIONAL_GAMES)
        calibrating = await ratings.top(self._db, family, chat_id, limit, kind="user",
                                        below_games=PROVISIONAL_GAMES)
        computers = await ratings.top(self._db, family, chat_id, limit, kind="ai")
        return Leaderboard(tuple(map(_line, ranked)), tuple(map(_line, calibrating)),
                           tuple(map(_line, computers)))

    async def of_user(self, user_id: int) -> list[RatingLine]:
        """The person's rating in each family he was rated in."""
        return [_line(r) for r in await self._repos.ratings.of_player(self._db, person(user_id))]

    async def of_computer(self, level: str) -> list[RatingLine]:
        """A computer level's rating in each family."""
        return [_line(r) for r in await self._repos.ratings.of_player(self._db, computer(level))]

    async def history(self, user_id: int, limit: int = 30) -> list[RatingPointInfo]:
        """The person's last ``limit`` rated games (every family), oldest first."""
        rows = await self._repos.ratings.history(self._db, person(user_id), limit)
        return [RatingPointInfo(r.family, r.game_id, r.finished_at, r.conservative, r.games)
                for r in rows]

    async def default_family(self, *, chat_id: int | None = None,
                             user_id: int | None = None) -> str | None:
        """The family a leaderboard shows when none is named: that of the latest rated
        game of the chat (or of the user's, or anyone's); None before any."""
        found = await self._repos.ratings.families_played(
            self._db, chat_id=chat_id, player=person(user_id) if user_id is not None else None)
        return found[0] if found else None
