"""The review's button payload and its words in both languages."""

from __future__ import annotations

import pytest

from bot.callbacks import MAX_BYTES, ReviewGame, decode, encode
from bot.review import CHUNK, MAX_CHUNK, move_label, next_chunk, signed, summary_text
from bot.texts import LANGUAGES
from engine.ai.review import ReviewSummary
from engine.moves import DONE, DRAW, PASS, End, Open, Place
from engine.tiles import Tile
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


def test_signed_points() -> None:
    assert [signed(x) for x in (4.46, -8.14, 0.0, -0.04)] == ["+4.5", "−8.1", "0", "0"]
    assert signed(-14.4, 0) == "−14" and signed(9.6, 0) == "+10"


def test_move_labels() -> None:
    assert move_label("en", Place(Tile(2, 5), End.W)) == "2-5 ⬅W"
    assert move_label("en", Place(Tile(6, 6), None, 6)) == "6-6"
    for lang in LANGUAGES:
        labels = {move_label(lang, m) for m in (DRAW, PASS, DONE, Open(End.N))}
        assert len(labels) == 4 and all(labels)


def test_summary_words() -> None:
    given = ReviewInput(7, -1, 1, 0, "all_fives", 3, ("Anna", "Boris"), {})
    summary = ReviewSummary(decisions=30, accurate=26, costly=3, lost=14.4, costliest=(),
                            tolerance=1.2, threshold=12.0)
    text = summary_text("en", given, summary)
    assert text.startswith("🔍 Game 7 (All Fives), your play: accuracy 87%, 3 costly moves, "
                           "−14 points")
    assert "30 decisions had a choice" in text and "loses 12 or more" in text
    ru = summary_text("ru", given, summary)
    assert "точность 87%, 3 дорогих хода, −14 оч." in ru
    none = ReviewSummary(0, 0, 0, 0.0, (), 1.2, 12.0)
    for lang in LANGUAGES:
        assert "7" in summary_text(lang, given, none)


def test_chunks_take_about_a_second() -> None:
    assert next_chunk(4, 0.1) == MAX_CHUNK  # quick decisions: big chunks
    assert next_chunk(4, 2.0) == 2
    assert next_chunk(4, 40.0) == 1  # slow ones: one at a time
    assert next_chunk(0, 0.0) == CHUNK
