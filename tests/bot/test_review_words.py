"""The review in plain words, through the emulator: a scripted blunder's decision says
"about N points" with N the engine's loss rounded, and the costly decisions come as one
album, each picture with the tile played marked red and the better one green."""

from __future__ import annotations

import dataclasses
import functools
import io
import random
from pathlib import Path

from PIL import Image

from bot.handlers.review import decision_text
from bot.showing.workers import Workers
from bot.texts import plural, tr
from engine.core.moves import Place
from engine.domino.ai.review import DecisionReview, review_range, summarize
from engine.domino.record import to_record
from engine.variants import make_variant
from renderer import BETTER_MARK, PLAYED_MARK
from service.review import ReviewInput
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import open_table, play_to_end, running_bot
from tests.engine.domino.test_review import _blunder_game

REVIEW_TIMEOUT = 240.0


@functools.cache
def _computed() -> tuple[DecisionReview | None, ...]:
    return tuple(_script())


def _scripted() -> list[DecisionReview | None]:
    return list(_computed())


def _script() -> list[DecisionReview | None]:
    """The engine's reviews of the scripted all-fives blunder, and of two more decisions
    of that game taken as if seat 0 had played its worst candidate there (the engine's
    own expected points: the loss is best less worst), so there are several costly
    decisions to show, each with two different tiles."""
    game, _, _, loss = _blunder_game()
    _, reviews = review_range(to_record(game), 0, seed=5)
    out: list[DecisionReview | None] = list(reviews)
    swapped = 0
    for i, r in enumerate(reviews):
        if r is None or swapped == 2 or r.lost > 0:
            continue
        worst = r.candidates[-1]
        if not (isinstance(worst.move, Place) and isinstance(r.best, Place)) \
                or worst.move.tile == r.best.tile:
            continue
        lost = r.best_points - worst.points
        if 3 <= lost < loss:  # costlier than sampling noise, below the blunder
            out[i] = dataclasses.replace(r, chosen=worst.move, lost=lost)
            swapped += 1
    assert swapped == 2, "the scripted game has no two decisions to swap"
    return out


class Scripted:
    """A review chunk (in the worker thread) that hands out the scripted reviews."""

    def __init__(self, reviews: list[DecisionReview | None]) -> None:
        self.reviews = reviews

    def __call__(self, given: ReviewInput, start: int, count: int
                 ) -> tuple[int, list[DecisionReview | None]]:
        return len(self.reviews), self.reviews[start:start + count]


def _share(img: Image.Image, colour: tuple[int, int, int]) -> int:
    """Pixels of the picture's lower part (his hand) close to ``colour``."""
    w, h = img.size
    crop = img.crop((0, h - 230, w, h))
    raw = crop.tobytes()
    return sum(1 for i in range(0, len(raw), 3)
               if sum(abs(a - b) for a, b in zip(raw[i:i + 3], colour, strict=True)) < 60)


async def test_a_blunder_reads_about_n_points_and_comes_in_one_album(
        emu: TelegramEmulator, db_path: Path) -> None:
    reviews = _scripted()
    summary = summarize(reviews, make_variant("all_fives", 2))
    assert len(summary.costliest) == 3
    blunder = summary.costliest[0]
    n = round(blunder.lost)  # the engine's value, rounded: the number the words say
    assert n >= 10
    workers = Workers(0, 0, reviewer=Scripted(reviews))
    anna = emu.add_user("Anna", language_code="en")
    group = emu.add_group("Domino club", [anna])
    await emu.user_starts_bot(anna)
    async with running_bot(emu, db_path, workers=workers) as bot:
        await open_table(bot, group.id, [anna], "all_fives", ai=1, target=100)
        await bot.lobby_press(anna, group.id, "go")
        await play_to_end(bot, group.id, [anna], random.Random(15))
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"

        sends = emu.call_count("sendPhoto", anna.id)
        await emu.user_sends(anna, anna.id, f"/review {game.game_id}")
        await bot.settle(timeout=REVIEW_TIMEOUT)

        # the summary: costly moves and whole points, said to be no score
        text = next(m.text for m in emu.bot_messages(anna.id)
                    if (m.text or "").startswith(f"🔍 Game {game.game_id}"))
        assert text is not None
        assert text.startswith(tr("en", "review.summary", game_id=game.game_id,
                                  variant="All Fives",
                                  costly=plural("en", summary.costly, "costly"),
                                  points=plural("en", round(summary.lost), "point")))
        assert "not points taken off your score" in text
        assert "expected" not in text and "accuracy" not in text

        # one album (one call) of three photos, the blunder first, nothing else sent
        assert emu.call_count("sendMediaGroup", anna.id) == 1
        assert emu.call_count("sendPhoto", anna.id) == sends
        albums = emu.albums(anna.id)
        assert len(albums) == 1 and len(albums[0]) == 3
        captions = [m.caption or "" for m in albums[0]]
        assert captions[0].startswith("#1 · round ")
        assert f"would have scored about {n} points more on average." in captions[0]
        assert "expected" not in captions[0]
        for rank, (m, r) in enumerate(zip(albums[0], summary.costliest, strict=True), 1):
            assert captions[rank - 1].startswith(f"#{rank} · round {r.round_index + 1}, ")
            assert f"about {plural('en', round(r.lost), 'point')} more" in captions[rank - 1]
            assert not m.keyboard()  # an album has no buttons
        # each picture of a swapped decision: the played tile red, the better one green
        # (the blunder played and would better have played the same tile: green)
        for m in albums[0][1:]:
            assert m.photo_bytes is not None
            img = Image.open(io.BytesIO(m.photo_bytes)).convert("RGB")
            assert _share(img, PLAYED_MARK) > 100 and _share(img, BETTER_MARK) > 100
        # one notification for the album
        notified = [h for h in emu.history(anna.id)
                    if h.method == "sendMediaGroup" and h.notifies]
        assert len(notified) == 1


def test_the_russian_words_of_a_decision() -> None:
    reviews = _scripted()
    worst = summarize(reviews, make_variant("all_fives", 2)).costliest[1]
    assert isinstance(worst.chosen, Place) and isinstance(worst.best, Place)
    n = round(worst.lost)
    ru = decision_text("ru", 2, worst)
    assert f"принесла бы в среднем примерно на {plural('ru', n, 'point')} больше." in ru
    assert ru.startswith(f"№2 · раунд {worst.round_index + 1}, ход ")
    assert "ожидание" not in ru and "⬅" not in ru  # two different tiles: no ends named
