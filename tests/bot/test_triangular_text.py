"""triangular's text table: within Telegram's 4096 characters (as Telegram counts
them after HTML parsing), names escaped, and read back to exactly the view's facts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.kinds.triangular_text import facts_of_view, parse_table_text, table_text
from bot.ui.text_table import TEXT_LIMIT
from engine.triangular.rules import TriangularGame
from tests.bot.emulator.formatting import parse_text, utf16_len

NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=0,
                max_size=64)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]),
       steps=st.integers(0, 200), lang=st.sampled_from(("en", "ru")),
       names=st.lists(NAMES, min_size=4, max_size=4))
def test_fits_and_round_trips(seed: int, players: int, steps: int, lang: str,
                              names: list[str]) -> None:
    game = TriangularGame(players, seed=seed)
    rng = random.Random(seed)
    game.start_round()
    for _ in range(steps):
        if game.current.over:
            break
        legal = game.legal_moves()
        game.apply(legal[int(rng.random() * len(legal))])
    view = game.view(None)
    text = table_text(lang, names[:players], view, last="Anna: 5-5-5 ▲0,0 +25",
                      mention=12345)
    shown, _ = parse_text(text, "HTML", None)
    assert utf16_len(shown) <= TEXT_LIMIT
    assert parse_table_text(lang, shown) == facts_of_view(view)
    for s in range(players):  # a seat's own view writes the same: no hand is written
        assert table_text(lang, names[:players], game.view(s)) == table_text(
            lang, names[:players], view)

def test_the_longest_round_fits() -> None:
    """Whole rounds with the longest names: every state fits."""
    long = ["W" * 64, "Ж" * 64, "🂡" * 32, "&<>" * 21]
    for seed in range(6):
        game = TriangularGame(4, seed=seed)
        game.start_round()
        rng = random.Random(seed)
        while not game.current.over:
            legal = game.legal_moves()
            game.apply(legal[int(rng.random() * len(legal))])
        for lang in ("en", "ru"):
            shown, _ = parse_text(table_text(lang, long, game.view(None)), "HTML", None)
            assert utf16_len(shown) <= TEXT_LIMIT
            assert parse_table_text(lang, shown) == facts_of_view(game.view(None))
