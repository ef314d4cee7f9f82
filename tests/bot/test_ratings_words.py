"""Ratings that welcome, through the emulator: after one game /stats shows the games
and wins and how far calibration is, no number and no chart; from `CHART_FROM_GAMES`
rated games on the chart comes, and past calibration the rating itself; /top ranks
persons only, the computer players apart. Counts read right in both languages."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.texts import plural, tr
from bot.ui.ratings import CHART_FROM_GAMES, rating_number, stats_text
from service import StatsLine
from service.ratings import PROVISIONAL_GAMES
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import Bot, open_table, play_to_end, running_bot


def _sent(emu: TelegramEmulator, chat_id: int, since: int) -> list[Any]:
    return [h for h in emu.history(chat_id)[since:]
            if h.action == "send" and h.method.startswith("send")]


def _last_text(emu: TelegramEmulator, chat_id: int) -> str:
    return emu.bot_messages(chat_id)[-1].text or ""


async def _stats(bot: Bot, user: Any, chat_id: int) -> tuple[list[str], str]:
    """/stats sent: the methods the bot answered with, and its text."""
    since = len(bot.emu.history(chat_id))
    await bot.send(user, chat_id, "/stats")
    await bot.settle()
    return [h.method for h in _sent(bot.emu, chat_id, since)], _last_text(bot.emu, chat_id)


async def _play(bot: Bot, group_id: int, humans: list[Any], seed: int) -> None:
    await open_table(bot, group_id, humans, "draw", ai=1, level="e")
    await bot.lobby_press(humans[0], group_id, "go")
    await play_to_end(bot, group_id, humans, random.Random(seed))
    await bot.settle()
    game = await bot.game_in(group_id)
    assert game is not None and game.status == "finished"


def _no_marks(text: str) -> None:
    """Nothing of the formula, no "?" marks, no hyphen-minus before a number."""
    assert "μ" not in text and "σ" not in text and "?" not in text
    assert not any(text[i] == "-" and text[i + 1].isdigit() for i in range(len(text) - 1))


async def test_ratings_welcome_new_players(emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="ru")
    group = emu.add_group("Domino club", [anna, boris])
    async with running_bot(emu, db_path) as bot:
        await _play(bot, group.id, [anna, boris], 15)

        # one game: games and wins first, calibration instead of a number, no chart
        methods, text = await _stats(bot, anna, group.id)
        assert methods == ["sendMessage"]
        assert text.startswith(tr("en", "stats.title", name="Anna"))
        assert "1 game, " in text and (" 1 win, " in text or " 0 wins, " in text)
        assert "Block and draw: calibrating: 1 of 10 games" in text
        assert tr("en", "rating.meaning") in text
        assert text.index("1 game") < text.index(tr("en", "rating.stats.title"))
        _no_marks(text)
        methods, text = await _stats(bot, boris, boris.id)  # in private, in Russian
        assert methods == ["sendMessage"]
        assert "1 игра, " in text and "калибровка: 1 из 10 партий" in text
        assert "рейтинговых игр" not in text
        _no_marks(text)

        # /top: nobody ranked yet, both persons calibrating, the computer apart
        await bot.send(anna, group.id, "/top")
        text = _last_text(emu, group.id)
        lines = text.split("\n")
        assert lines[0] == tr("en", "rating.top.title", family="Block and draw",
                              scope=tr("en", "rating.scope.chat"))
        assert lines[1].startswith("Still calibrating: ")
        assert "Anna (1 of 10 games)" in lines[1] and "Boris (1 of 10 games)" in lines[1]
        assert lines[2] == "🤖 Computer players, not ranked: easy — calibrating: 1 of 10 games"
        assert lines[3] == tr("en", "rating.meaning")
        _no_marks(text)

        # from a few games on the chart comes; past calibration, the number
        for seed in range(1, PROVISIONAL_GAMES):
            await _play(bot, group.id, [anna, boris], 100 + seed)
            played = seed + 1
            if played not in (CHART_FROM_GAMES - 1, CHART_FROM_GAMES, PROVISIONAL_GAMES):
                continue
            methods, text = await _stats(bot, anna, group.id)
            chart = played >= CHART_FROM_GAMES
            assert methods == (["sendPhoto", "sendMessage"] if chart else ["sendMessage"])
            if chart:
                photo = next(m for m in reversed(emu.bot_messages(group.id)) if m.has_media)
                assert photo.photo_bytes is not None
                img = Image.open(io.BytesIO(photo.photo_bytes))
                assert img.format == "PNG" and img.size == (800, 450)
                assert len(img.convert("RGB").getcolors(maxcolors=1 << 20) or []) > 50
                assert photo.caption == tr("en", "rating.chart.caption", name="Anna",
                                           games=f"{played} rated games")
            if played < PROVISIONAL_GAMES:
                assert f"calibrating: {played} of 10 games" in text
        mine = next(line for line in await bot.service.ratings.of_user(anna.id))
        assert mine.games == PROVISIONAL_GAMES and not mine.provisional
        assert f"Block and draw: {rating_number('en', mine.conservative)} (10 games)" in text
        assert "calibrating" not in text
        _no_marks(text)
        _, text = await _stats(bot, boris, boris.id)
        assert "Блок и базар: " in text and " (10 партий)" in text and "калибровка" not in text
        assert rating_number("ru", 1.5) == "1,5"

        # /top (the group speaks English): the two persons ranked, the computer still
        # apart, never among them
        await bot.send(boris, group.id, "/top")
        lines = _last_text(emu, group.id).split("\n")
        board = await bot.service.ratings.leaderboard("block_draw", group.id)
        assert [line.user_id for line in board.ranked] in ([anna.id, boris.id],
                                                            [boris.id, anna.id])
        names = {anna.id: "Anna", boris.id: "Boris"}
        for rank, line in enumerate(board.ranked, 1):
            assert lines[rank] == (f"{rank}. {names[line.user_id or 0]} — "
                                   f"{rating_number('en', line.conservative)} (10 games)")
        computer = board.computers[0]
        assert lines[3] == ("🤖 Computer players, not ranked: easy — "
                            f"{rating_number('en', computer.conservative)} (10 games)")
        assert lines[4] == tr("en", "rating.meaning") and len(lines) == 5
        assert not any("easy" in line for line in lines[:3])
        await bot.send(boris, boris.id, "/top")  # in private, in Russian
        text = _last_text(emu, boris.id)
        assert "Компьютеры вне зачёта: лёгкий — " in text and "(10 партий)" in text
        _no_marks(text)


@pytest.mark.parametrize(("lang", "n", "words"), [
    ("en", 1, ["1 game", "of 1 game", "1 rated game", "1 win", "1 point", "1 fish",
               "goat 1 time"]),
    ("en", 2, ["2 games", "of 2 games", "2 rated games", "2 wins", "2 points", "2 fish",
               "goat 2 times"]),
    ("en", 5, ["5 games", "of 5 games", "5 rated games", "5 wins", "5 points", "5 fish",
               "goat 5 times"]),
    ("en", 11, ["11 games", "of 11 games", "11 rated games", "11 wins", "11 points",
                "11 fish", "goat 11 times"]),
    ("en", 21, ["21 games", "of 21 games", "21 rated games", "21 wins", "21 points",
                "21 fish", "goat 21 times"]),
    ("ru", 1, ["1 партия", "из 1 партии", "последнюю 1 партию", "1 победа", "1 очко", "1 рыба",
               "1 раз козлом"]),
    ("ru", 2, ["2 партии", "из 2 партий", "последние 2 партии", "2 победы", "2 очка", "2 рыбы",
               "2 раза козлом"]),
    ("ru", 5, ["5 партий", "из 5 партий", "последние 5 партий", "5 побед", "5 очков", "5 рыб",
               "5 раз козлом"]),
    ("ru", 11, ["11 партий", "из 11 партий", "последние 11 партий", "11 побед", "11 очков",
                "11 рыб", "11 раз козлом"]),
    ("ru", 21, ["21 партия", "из 21 партии", "последнюю 21 партию", "21 победа", "21 очко",
                "21 рыба", "21 раз козлом"]),
])
def test_rating_counts_in_words(lang: str, n: int, words: list[str]) -> None:
    nouns = ["rating_game", "rating_of", "rating_last", "stats_win", "stats_point",
             "stats_fish", "stats_goat"]
    assert [plural(lang, n, noun) for noun in nouns] == words


@pytest.mark.parametrize(("lang", "n", "games"), [
    ("en", 1, "1 game"), ("en", 2, "2 games"), ("en", 5, "5 games"), ("en", 11, "11 games"),
    ("en", 21, "21 games"), ("ru", 1, "1 игра"), ("ru", 2, "2 игры"), ("ru", 5, "5 игр"),
    ("ru", 11, "11 игр"), ("ru", 21, "21 игра"),
])
def test_stats_line_counts(lang: str, n: int, games: str) -> None:
    row = StatsLine(1, None, "kozel", n, n, n, n, n)
    line = stats_text(lang, "Anna", [row], []).split("\n")[1]
    assert line.split(": ", 1)[1].startswith(f"{games}, ")
    assert line.endswith(plural(lang, n, "stats_goat"))


def test_rating_numbers_read_right() -> None:
    assert rating_number("en", -1.5) == "−1.5"
    assert rating_number("ru", -1.54) == "−1,5"
    assert rating_number("en", -0.04) == "0.0"  # never "−0.0"
    assert rating_number("ru", 24.25) in ("24,2", "24,3")
