"""The review's button payload and its words in both languages."""

from __future__ import annotations

import pytest

from bot.handlers.review import CHUNK, MAX_CHUNK, next_chunk, summary_text
from bot.texts import LANGUAGES, plural
from bot.ui.callbacks import MAX_BYTES, ReviewGame, decode, encode
from bot.ui.move_words import move_words
from engine.core.moves import DONE, DRAW, PASS, End, Open, Place
from engine.core.tiles import Tile
from engine.domino.ai.review import ReviewSummary
from service.review import ReviewInput

BIG = 10**15 - 1


@pytest.mark.parametrize("data", [ReviewGame(1), ReviewGame(BIG)])
def test_the_review_button_round_trips(data: ReviewGame) -> None:
    text = encode(data)
    assert len(text.encode()) <= MAX_BYTES
    assert decode(text) == data


@pytest.mark.parametrize("text", ["v:", "v:x", "v:01", "v:-1", f"v:{10**15}", "v:1:2", "v1"])
def test_a_forged_review_button_is_rejected(text: str) -> None:
    assert decode(text) is None


def test_whole_points_with_their_noun() -> None:
    assert [plural("en", round(x), "point") for x in (14.4, 0.6, 7.5)] == [
        "14 points", "1 point", "8 points"]
    assert [plural("ru", round(x), "point") for x in (1.2, 3.0, 14.4, 21.0)] == [
        "1 очко", "3 очка", "14 очков", "21 очко"]


def test_move_labels() -> None:
    assert move_words(Place(Tile(2, 5), End.W), "en") == "2-5 ⬅W"
    assert move_words(Place(Tile(6, 6), None, 6), "en") == "6-6"
    for lang in LANGUAGES:
        labels = {move_words(m, lang) for m in (DRAW, PASS, DONE, Open(End.N))}
        assert len(labels) == 4 and all(labels)


def test_summary_words() -> None:
    given = ReviewInput(7, -1, 1, 0, "all_fives", 3, ("Anna", "Boris"), {})
    summary = ReviewSummary(decisions=30, accurate=26, costly=3, lost=14.4, costliest=(),
                            tolerance=1.2, threshold=12.0)
    text = summary_text("en", given, summary)
    assert text.startswith("🔍 Game 7 (All Fives): 3 costly moves; in all, your choices "
                           "cost about 14 points.")
    assert "26 of your 30 choices were as good as the computer's best" in text
    assert "not points taken off your score" in text and "−" not in text
    ru = summary_text("ru", given, summary)
    assert "3 дорогих хода; в сумме ваши решения стоили примерно 14 очков." in ru
    assert "не очки, снятые со счёта" in ru and "точность" not in ru
    one = ReviewSummary(30, 29, 1, 1.0, (), 1.2, 12.0)
    assert "1 costly move; in all, your choices cost about 1 point." in \
        summary_text("en", given, one)
    small = ReviewSummary(30, 27, 0, 4.4, (), 1.2, 12.0)
    assert "no costly moves; in all, your choices cost about 4 points." in \
        summary_text("en", given, small)
    clean = ReviewSummary(30, 30, 0, 0.2, (), 1.2, 12.0)
    assert "дорогих ходов нет; ваши решения не хуже" in summary_text("ru", given, clean)
    none = ReviewSummary(0, 0, 0, 0.0, (), 1.2, 12.0)
    for lang in LANGUAGES:
        assert "7" in summary_text(lang, given, none)


def test_chunks_take_about_a_second() -> None:
    assert next_chunk(4, 0.1) == MAX_CHUNK  # quick decisions: big chunks
    assert next_chunk(4, 2.0) == 2
    assert next_chunk(4, 40.0) == 1  # slow ones: one at a time
    assert next_chunk(0, 0.0) == CHUNK
