"""Ratings as players read them: /top's leaderboard, /stats' rating lines and chart.

/top's arguments: none (the chat's leaderboard; in private, everyone's), ``all``
(everyone's), and a family or any variant's name (the leaderboard of its family),
in either order. The family shown when none is named is that of the latest rated
game of the chat (in private: of the user's, else anyone's); before any, the
family of the first variant of the menu. Anything else gets the usage and
changes nothing.

The chart is drawn in the render worker pool (`bot.workers`), never on the loop.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from telegram import Bot

from bot import tg
from bot.outbox import Outbox
from bot.texts import join_words, tr, variant_text
from bot.workers import Workers
from renderer.chart import ChartSeries, RatingChart, chart_png
from service import GameService
from service.ratings import (
    PROVISIONAL_GAMES,
    RatingLine,
    RatingPointInfo,
    families,
    family_of,
)

log = logging.getLogger(__name__)

CHART_GAMES = 30  # the chart shows the player's last this many rated games
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


def player_name(lang: str, line: RatingLine) -> str:
    if line.level is not None:
        return tr(lang, "rating.computer", level=tr(lang, f"ai.{line.level}")
                  if line.level in ("easy", "medium", "hard") else line.level)
    return " ".join(p for p in (line.first_name, line.last_name) if p) or str(line.user_id)


def _rating(value: float) -> str:
    return f"{value:.1f}"


def top_text(lang: str, family: str, lines: Sequence[RatingLine], *, everyone: bool) -> str:
    """The leaderboard, best first, provisional ratings marked "?"."""
    scope = tr(lang, "rating.scope.all" if everyone else "rating.scope.chat")
    name = family_name(lang, family)
    if not lines:
        return tr(lang, "rating.top.none", family=name, scope=scope)
    out = [tr(lang, "rating.top.title", family=name, scope=scope)]
    for rank, line in enumerate(lines, 1):
        out.append(tr(lang, "rating.top.line", rank=rank, name=player_name(lang, line),
                      rating=_rating(line.conservative), games=line.games,
                      mark="?" if line.provisional else ""))
    if any(line.provisional for line in lines):
        out.append(tr(lang, "rating.provisional", count=PROVISIONAL_GAMES))
    return "\n".join(out)


def stats_lines(lang: str, lines: Sequence[RatingLine]) -> list[str]:
    """/stats' rating part: one line per family he is rated in (none: nothing)."""
    if not lines:
        return []
    out = [tr(lang, "rating.stats.title")]
    for line in lines:
        out.append(tr(lang, "rating.stats.line", family=family_name(lang, line.family),
                      rating=_rating(line.conservative), games=line.games,
                      mark="?" if line.provisional else ""))
    if any(line.provisional for line in lines):
        out.append(tr(lang, "rating.provisional", count=PROVISIONAL_GAMES))
    return out


def chart_of(lang: str, name: str, points: Sequence[RatingPointInfo]) -> RatingChart:
    """The chart of his last games: one line per family, each point over its game."""
    order = [f for f in families() if any(p.family == f for p in points)]
    order += sorted({p.family for p in points} - set(order))
    series = tuple(
        ChartSeries(family_name(lang, family),
                    tuple(p.conservative if p.family == family else None for p in points))
        for family in order)
    return RatingChart(tr(lang, "rating.chart.title", name=name), series,
                       subtitle=tr(lang, "rating.chart.subtitle", count=len(points)))


# ------------------------------------------------------------ the commands' replies


async def top_reply(service: GameService, lang: str, args: Sequence[str], *,
                    chat_id: int | None, user_id: int) -> str:
    """/top's answer: a leaderboard, or the usage for arguments that are not /top's.
    ``chat_id`` None: a private chat (everyone's leaderboard)."""
    query = parse_top(args)
    if query is None:
        return usage(lang)
    everyone = query.everyone or chat_id is None
    family = query.family
    if family is None:
        family = await service.ratings.default_family(chat_id=chat_id) if chat_id is not None \
            else await service.ratings.default_family(user_id=user_id)
        family = family or await service.ratings.default_family() or families()[0]
    lines = await service.ratings.top(family, None if everyone else chat_id, TOP_SIZE)
    return top_text(lang, family, lines, everyone=everyone)


async def stats_part(service: GameService, workers: Workers, lang: str, user_id: int,
                     name: str) -> tuple[list[str], bytes | None, str]:
    """/stats' rating lines, and his chart (drawn in the render pool; None before any
    rated game) with its caption."""
    lines = stats_lines(lang, await service.ratings.of_user(user_id))
    points = await service.ratings.history(user_id, CHART_GAMES)
    if not points:
        return lines, None, ""
    try:
        png = await workers.render.run(chart_png, chart_of(lang, name, points))
    except Exception:  # a picture must never stop the command: the text goes alone
        log.exception("drawing the rating chart of user %s failed", user_id)
        return lines, None, ""
    return lines, png, tr(lang, "rating.chart.caption", name=name, count=len(points))


async def send_chart(bot: Bot, outbox: Outbox, chat_id: int, png: bytes, caption: str, *,
                     thread: int | None = None) -> None:
    """Queue the chart in the chat's order, in the forum topic ``thread`` if one (a
    failure is logged, never raised)."""
    async def run() -> None:
        await tg.quietly(bot.send_photo(chat_id, png, caption=caption, filename="rating.png",
                                        message_thread_id=thread),
                         f"rating chart to {chat_id}")

    outbox.send(chat_id, run)
