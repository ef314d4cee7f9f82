"""The achievements as people read them: the private message of a finished game's new
ones, and /stats' part. Values in, text out; the names and descriptions are the
catalogues' (``achievement.<key>.name``, ``achievement.<key>.about``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts import tr
from service.achievement_rules import ACHIEVEMENTS

__all__ = ["achievement_name", "earned_text", "stats_achievements"]


def achievement_name(lang: str, key: str) -> str:
    return tr(lang, f"achievement.{key}.name")


def earned_text(lang: str, keys: Sequence[str]) -> str:
    """The one private message of a finished game: what he newly earned, each with
    its description."""
    lines = [tr(lang, "achievement.earned")]
    lines += [tr(lang, "achievement.line", name=achievement_name(lang, key),
                 about=tr(lang, f"achievement.{key}.about")) for key in keys]
    return "\n".join(lines)


def stats_achievements(lang: str, held: Sequence[str]) -> str:
    """/stats' line of achievements: how many of all, and their names (none: a hint)."""
    if not held:
        return tr(lang, "stats.achievements_none", total=len(ACHIEVEMENTS))
    return tr(lang, "stats.achievements", count=len(held), total=len(ACHIEVEMENTS),
              names=", ".join(achievement_name(lang, k) for k in held))
