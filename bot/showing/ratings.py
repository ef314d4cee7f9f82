"""The replies of /top and /stats that read the service: the leaderboard, and a
player's rating lines with his chart, drawn in the render worker pool
(bot/showing/workers.py), never on the loop, and queued in the chat's order. Their
words are in bot/ui/ratings.py."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from telegram import Bot

from bot.showing.workers import Workers
from bot.texts import plural, tr
from bot.transport import tg
from bot.transport.outbox import Outbox
from bot.ui.ratings import (
    CHART_FROM_GAMES,
    TOP_SIZE,
    chart_of,
    parse_top,
    stats_lines,
    top_text,
    usage,
)
from renderer.chart import chart_png
from service import GameService
from service.ratings import families

log = logging.getLogger(__name__)

CHART_GAMES = 30  # the chart shows the player's last this many rated games


async def top_reply(service: GameService, lang: str, args: Sequence[str], *,
                    chat_id: int | None, user_id: int) -> str:
    """/top's answer: a leaderboard, or the usage for arguments that are not /top's.
    ``chat_id`` None: a private chat (everyone's leaderboard). Names on a leaderboard of
    every chat: `service.privacy.Privacy.visible_names`."""
    query = parse_top(args)
    if query is None:
        return usage(lang)
    everyone = query.everyone or chat_id is None
    family = query.family
    if family is None:
        family = await service.ratings.default_family(chat_id=chat_id) if chat_id is not None \
            else await service.ratings.default_family(user_id=user_id)
        family = family or await service.ratings.default_family() or families()[0]
    board = await service.ratings.leaderboard(family, None if everyone else chat_id, TOP_SIZE)
    # a group's own leaderboard names its players; that of every chat names only the
    # asker and those who played with him, the others are "a player"
    visible = await service.visible_names(user_id, [
        line.user_id for line in (*board.ranked, *board.calibrating)
        if line.user_id is not None]) if everyone else None
    return top_text(lang, family, board, everyone=everyone, visible=visible)


async def stats_part(service: GameService, workers: Workers, lang: str, user_id: int,
                     name: str) -> tuple[list[str], bytes | None, str]:
    """/stats' rating lines, and his chart (drawn in the render pool; None before
    `CHART_FROM_GAMES` rated games) with its caption."""
    lines = stats_lines(lang, await service.ratings.of_user(user_id))
    points = await service.ratings.history(user_id, CHART_GAMES)
    if len(points) < CHART_FROM_GAMES:
        return lines, None, ""
    try:
        png = await workers.render.run(chart_png, chart_of(lang, name, points))
    except Exception:  # a picture must never stop the command: the text goes alone
        log.exception("drawing the rating chart of user %s failed", user_id)
        return lines, None, ""
    return lines, png, tr(lang, "rating.chart.caption", name=name,
                           games=plural(lang, len(points), "rating_last"))


async def send_chart(bot: Bot, outbox: Outbox, chat_id: int, png: bytes, caption: str, *,
                     thread: int | None = None) -> None:
    """Queue the chart in the chat's order, in the forum topic ``thread`` if one (a
    failure is logged, never raised)."""
    async def run() -> None:
        await tg.quietly(bot.send_photo(chat_id, png, caption=caption, filename="rating.png",
                                        message_thread_id=thread),
                         f"rating chart to {chat_id}")

    outbox.send(chat_id, run)


__all__ = ["CHART_GAMES", "send_chart", "stats_part", "top_reply"]
