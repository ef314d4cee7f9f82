"""mexican_train's text table: within Telegram's 4096 characters (as Telegram counts
them after HTML parsing), names escaped, every train's newest tiles, end and marker
as the view has them, the owed double named; the same text whichever seat's view it
is written from (no hand in it)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.kinds.trains_text import SHOWN, parse_train_lines, table_text
from bot.texts import tr
from bot.ui.text_table import TEXT_LIMIT
from engine.trains.kind import TrainsMatch
from engine.variants import make_variant
from tests.bot.emulator.formatting import parse_text, utf16_len

NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1,
                max_size=64)


def played(players: int, set_: int, seed: int, steps: int) -> TrainsMatch:
    game = TrainsMatch(make_variant("mexican_train", players, {"set": set_}), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        legal = game.legal_moves()
        game.play(legal[int(rng.random() * len(legal))])
    return game


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 4, 8]),
       set_=st.sampled_from([9, 12]), steps=st.integers(0, 150),
       lang=st.sampled_from(("en", "ru", "uk")),
       names=st.lists(NAMES, min_size=8, max_size=8))
def test_fits_and_states_the_trains(seed: int, players: int, set_: int, steps: int,
                                    lang: str, names: list[str]) -> None:
    game = played(players, set_, seed, steps)
    view = game.view(None)
    texts = {table_text(lang, names[:players], game.view(s)) for s in (None, 0, 1)}
    assert len(texts) == 1  # the table is public: every seat's view writes the same
    text = texts.pop()
    plain, _entities = parse_text(text, "HTML", None)
    assert utf16_len(plain) <= TEXT_LIMIT
    trains = parse_train_lines(plain)
    detail = view.detail
    keys = [*(f"T{s}" for s in range(players)), "M"]
    assert len(trains) == players + 1, plain
    for key, (_label, is_open, folded, shown, end) in zip(keys, trains, strict=True):
        tiles = detail["trains"][key]
        assert end == detail["ends"][key]
        assert shown == tuple(tiles[-SHOWN:]) and folded == len(tiles) - len(shown)
        assert is_open == (key == "M" or detail["markers"][int(key[1:])])
    owed = detail["owed"]
    line = tr(lang, "mt.owed", train="\0", tile="\0").split("\0")[-1]
    assert (line in plain) == bool(owed and not detail["first_round"])


def test_an_owed_double_is_named_and_names_escaped() -> None:
    def owed_now(game: TrainsMatch) -> bool:
        detail = game.view(None).detail
        return bool(detail["owed"]) and not detail["first_round"] and not game.over

    for seed in range(300):
        game = TrainsMatch(make_variant("mexican_train", 2, {}), seed)
        rng = random.Random(seed)
        while not game.over and not owed_now(game):
            legal = game.legal_moves()
            game.play(legal[int(rng.random() * len(legal))])
        if owed_now(game):
            break
    else:
        raise AssertionError("no owed double in 300 games")
    view = game.view(None)
    text = table_text("en", ["Anna <b>", "Boris"], view)
    assert "Anna &lt;b&gt;" in text
    key = view.detail["owed"][0]
    pip = view.detail["ends"][key]
    owner = "Mexican train" if key == "M" else ["Anna <b>", "Boris"][int(key[1:])]
    plain, _ = parse_text(text, "HTML", None)
    assert f"{owner}: a double is owed ({pip}-{pip}). Cover it first." in plain
    assert tr("en", "mt.engine", tile=view.detail["engine"]) in plain
