"""Ratings as players read them: /top's leaderboard, /stats' statistics, rating lines
and chart.

A rating's number shows only once it is past calibration (`PROVISIONAL_GAMES` rated
games in its family); before that the player reads how far calibration is. /top ranks
persons only: those still calibrating follow on one line, the computer players on
another, apart. The chart comes from `CHART_FROM_GAMES` rated games on.

/top's arguments: none (the chat's leaderboard; in private, everyone's), ``all``
(everyone's: by name only the asker and those who played with him, the others as
"a player"), and a family or any variant's name (the leaderboard of its family),
in either order. The family shown when none is named is that of the latest rated
game of the chat (in private: of the user's, else anyone's); before any, the
family of the first variant of the menu. Anything else gets the usage and
changes nothing.

The replies of /top and /stats, which read the service and draw the chart in the
render worker pool, are in bot/showing/ratings.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.texts import join_words, plural, tr, variant_name, variant_text
from renderer.chart import ChartSeries, RatingChart
from service import StatsLine
from service.ratings import (
    PROVISIONAL_GAMES,
    Leaderboard,
    RatingLine,
    RatingPointInfo,
    families,
    family_of,
)
from service.types import AI_LEVELS

CHART_FROM_GAMES = 5  # fewer rated games than this: no chart yet (a dot or two says nothing)
TOP_SIZE = 10
_ALL = ("all", "все", "всё")


def family_name(lang: str, family: str) -> str:
    """A family's name in the language (its code name if the catalogue lacks it)."""
    return variant_text(lang, f"family.{family}", family)


@dataclass(frozen=True, slots=True)
class TopQuery:
    """What /top was asked: every chat or the one it was sent in, and a family (None:
    the default)."""

    everyone: bool
    family: str | None


def parse_top(args: Sequence[str]) -> TopQuery | None:
    """/top's arguments read; None when they are not /top's."""
    everyone, family = False, None
    for arg in args:
        word = arg.strip().lower()
        if word in _ALL and not everyone:
            everyone = True
        elif family is None and (found := family_of(word)) is not None:
            family = found
        else:
            return None
    return TopQuery(everyone, family)


def usage(lang: str) -> str:
    return tr(lang, "rating.usage",
              families=join_words(lang, [f"{family_name(lang, f)} ({f})" for f in families()]))


def player_name(lang: str, line: RatingLine, visible: frozenset[int] | None = None) -> str:
    """A person's name as the bot knows it (``visible`` given: only if he is in it,
    else "a player"); a computer player's level in words."""
    if line.level is None and visible is not None and line.user_id not in visible:
        return tr(lang, "rating.hidden")
    if line.level is not None:
        return tr(lang, f"ai.{line.level}") if line.level in AI_LEVELS else line.level
    return " ".join(p for p in (line.first_name, line.last_name) if p) or str(line.user_id)


def rating_number(lang: str, value: float) -> str:
    """A rating to one decimal, with the language's decimal point and a true minus sign
    (never "-0.0")."""
    text = f"{abs(value):.1f}".replace(".", tr(lang, "rating.decimal_point"))
    return f"−{text}" if round(value, 1) < 0 else text


def calibrating(lang: str, games: int) -> str:
    """How far a rating's calibration is: "calibrating: 3 of 10 games"."""
    return tr(lang, "rating.calibrating", done=games,
              of_total=plural(lang, PROVISIONAL_GAMES, "rating_of"))


def rating_value(lang: str, line: RatingLine) -> str:
    """The rating with its games ("24.3 (12 games)"), or while calibrating how far."""
    if line.provisional:
        return calibrating(lang, line.games)
    return tr(lang, "rating.value", rating=rating_number(lang, line.conservative),
              games=plural(lang, line.games, "rating_game"))


def top_text(lang: str, family: str, board: Leaderboard, *, everyone: bool,
             visible: frozenset[int] | None = None) -> str:
    """The leaderboard: persons past calibration best first, those still calibrating
    on a line, the computer players apart on another, and what the rating means.
    ``visible``: the persons whose names the reader may see (None: all; the others
    are "a player", their rank kept)."""
    scope = tr(lang, "rating.scope.all" if everyone else "rating.scope.chat")
    name = family_name(lang, family)
    if board.empty:
        return tr(lang, "rating.top.none", family=name, scope=scope)
    out = [tr(lang, "rating.top.title", family=name, scope=scope)]
    for rank, line in enumerate(board.ranked, 1):
        out.append(tr(lang, "rating.top.line", rank=rank, name=player_name(lang, line, visible),
                      value=rating_value(lang, line)))
    if board.calibrating:
        out.append(tr(lang, "rating.top.calibrating", players=", ".join(
            tr(lang, "rating.top.calibrating_player", name=player_name(lang, line, visible),
               done=line.games, of_total=plural(lang, PROVISIONAL_GAMES, "rating_of"))
            for line in board.calibrating)))
    if board.computers:
        out.append(tr(lang, "rating.top.computers", players="; ".join(
            tr(lang, "rating.computer", level=player_name(lang, line),
               value=rating_value(lang, line))
            for line in board.computers)))
    out.append(tr(lang, "rating.meaning"))
    return "\n".join(out)


def stats_lines(lang: str, lines: Sequence[RatingLine]) -> list[str]:
    """/stats' rating part: one line per family he is rated in, the number only past
    calibration, and what the rating means (none rated: nothing)."""
    if not lines:
        return []
    out = [tr(lang, "rating.stats.title")]
    for line in lines:
        out.append(tr(lang, "rating.stats.line", family=family_name(lang, line.family),
                      value=rating_value(lang, line)))
    out.append(tr(lang, "rating.meaning"))
    return out


def stats_text(lang: str, name: str, rows: Sequence[StatsLine], rating: Sequence[str],
               solo: Sequence[StatsLine] = ()) -> str:
    """/stats' message: games, wins, points, fish and goats per variant first, how many
    of them were solo tables (``solo``: his private chat's lines), then the ratings."""
    out = [tr(lang, "stats.title", name=name)]
    for r in rows:
        out.append(tr(lang, "stats.line", variant=variant_name(lang, r.variant or ""),
                      games=plural(lang, r.games, "stats_game"),
                      wins=plural(lang, r.wins, "stats_win"),
                      points=plural(lang, r.points, "stats_point"),
                      fish=plural(lang, r.fish, "stats_fish"),
                      goats=plural(lang, r.goats, "stats_goat")))
    if solo:
        out.append(tr(lang, "stats.solo",
                      games=plural(lang, sum(r.games for r in solo), "stats_game"),
                      wins=plural(lang, sum(r.wins for r in solo), "stats_win")))
    return "\n".join([*out, *rating])


def chart_of(lang: str, name: str, points: Sequence[RatingPointInfo]) -> RatingChart:
    """The chart of his last games: one line per family, each point over its game."""
    order = [f for f in families() if any(p.family == f for p in points)]
    order += sorted({p.family for p in points} - set(order))
    series = tuple(
        ChartSeries(family_name(lang, family),
                    tuple(p.conservative if p.family == family else None for p in points))
        for family in order)
    return RatingChart(tr(lang, "rating.chart.title", name=name), series,
                       subtitle=tr(lang, "rating.chart.subtitle",
                                   games=plural(lang, len(points), "rating_last")))
