"""The text table (bot/ui/text_table.py): for random games of every registered variant and
player count, the message stays within Telegram's 4096 characters (counted as
Telegram counts them, after the emulator's real HTML parsing), names whatever they
hold are escaped, and the text read back gives exactly the public view's facts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.texts import tr
from bot.ui.text_table import TEXT_LIMIT, facts_of_view, parse_table_text, table_text
from engine.domino.game import Game
from engine.variants import VARIANTS, get_variant, make_variant
from service.types import GameInfo, SeatInfo
from tests.bot.emulator.formatting import parse_text, utf16_len

get_variant("block")  # loads the built-in variants
CONFIGS = [(name, players) for name in sorted(VARIANTS) if VARIANTS[name].kind == "domino"
           for players in sorted(get_variant(name).players_allowed)]
NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=0,
                max_size=64)


def _info(game: Game, names: list[str], status: str = "playing") -> GameInfo:
    seats = tuple(SeatInfo(i, 100 + i, names[i]) for i in range(game.players))
    return GameInfo(1, -1, 1, status, game.variant.name, {}, 100, seats, 2, 4,
                    game.view(None))


def _shown(html_text: str) -> str:
    plain, _ = parse_text(html_text, "HTML", None)
    return plain


@settings(max_examples=120, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32),
       steps=st.integers(0, 400), lang=st.sampled_from(("en", "ru")),
       names=st.lists(NAMES, min_size=4, max_size=4))
def test_the_text_table_fits_and_round_trips(config: tuple[str, int], seed: int, steps: int,
                                             lang: str, names: list[str]) -> None:
    name, players = config
    game = Game(make_variant(name, players), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_moves()))
    info = _info(game, names)
    view = game.view(None)
    text = table_text(lang, info, view)
    shown = _shown(text)
    assert utf16_len(shown) <= TEXT_LIMIT
    assert parse_table_text(lang, shown) == facts_of_view(view)


def test_the_longest_tables_fit() -> None:
    """Whole games of the double-nine variants with the longest names: every state."""
    longest = "W" * 64
    for name, players in (("cuban", 2), ("vsem_po_pyat", 2), ("domiki", 2)):
        game = Game(make_variant(name, players), seed=5)
        rng = random.Random(5)
        worst = 0
        while not game.over:
            game.apply(rng.choice(game.legal_moves()))
            info = _info(game, [longest] * 4)
            shown = _shown(table_text("ru", info, game.view(None)))
            worst = max(worst, utf16_len(shown))
            assert parse_table_text("ru", shown) == facts_of_view(game.view(None))
        assert 0 < worst <= TEXT_LIMIT


def test_a_spinner_table_reads_as_expected() -> None:
    game = Game(make_variant("all_fives", 2), seed=11)
    rng = random.Random(3)
    while game.view(None).table.spinner is None or len(game.view(None).table.tiles) < 5:
        game.apply(rng.choice(game.legal_moves()))
        assert not game.over
    view = game.view(None)
    shown = _shown(table_text("en", _info(game, ["Anna <b>", "Boris & Co"]), view))
    lines = shown.split("\n")
    assert lines[0].startswith("🁫 All Fives")
    assert any(line.startswith("Spinner: [") for line in lines)
    assert sum(line.count("*") for line in lines if line[:3] in ("W: ", "E: ", "N: ", "S: ")
               or line.startswith("Lead: ")) == 1
    assert "1. Anna <b> — " in shown and "2. Boris & Co — " in shown
    seat = view.turn
    assert seat is not None
    assert tr("en", "ttable.turn", seat=seat + 1, name=("Anna <b>", "Boris & Co")[seat]) in lines
    for hand in (game.round.hands[0], game.round.hands[1]):  # no tile of any hand is named
        for tile in hand:
            assert f"[{tile.a}|{tile.b}]" not in shown and f"[{tile.b}|{tile.a}]" not in shown
    facts = parse_table_text("en", shown)
    assert facts.hand_counts == tuple(len(h) for h in game.round.hands)
    assert facts == facts_of_view(view)
    # in Russian the arms are named З, В, С, Ю, and the text still reads back
    shown = _shown(table_text("ru", _info(game, ["Anna <b>", "Boris & Co"]), view))
    heads = [line[:3] for line in shown.split("\n") if line[1:3] == ": "]
    assert set(heads) == {"З: ", "В: ", "С: ", "Ю: "}
    assert parse_table_text("ru", shown) == facts_of_view(view)


def test_kolbasa_names_whose_line_is_which() -> None:
    """docs/rules.md 4.19: the text table says which line is whose (W: the leader's) and
    still reads back to the view's facts."""
    from engine.domino.record import replay
    from tests.engine.test_kolbasa import KE1, ke1_record

    game, _ = replay(ke1_record(KE1[:8]))
    info = _info(game, ["Anna", "Boris"])
    view = game.view(None)
    for lang, line in (("en", "Lines: W — Anna's, E — Boris's"),
                       ("ru", "Линии: З — Anna, В — Boris")):
        shown = _shown(table_text(lang, info, view))
        assert line in shown.split("\n")
        assert parse_table_text(lang, shown) == facts_of_view(view)
