"""The words of the points (a penalty written, a gain credited) and of the lead."""

from __future__ import annotations

from bot.formatting import hand_text, refusal_text, round_summary
from bot.keyboards import tile_label
from engine.game import Game
from engine.moves import Place
from engine.results import EndKind, RoundEnd
from engine.variants import make_variant
from tests.bot.test_formatting_after import info


def _end(points: tuple[int, ...], winner: int = 0) -> RoundEnd:
    return RoundEnd(EndKind.DOMINO, 0, (0,) * 4, (0,) * len(points), winner, points, 0)


def test_a_penalty_round_writes_and_a_scoring_round_credits() -> None:
    kozel = info(Game(make_variant("kozel", 4, {"teams": True}), seed=1))
    assert kozel.view is not None
    ru = round_summary("ru", kozel, kozel.view, _end((0, 45)), 1, [[]] * 4, None)
    en = round_summary("en", kozel, kozel.view, _end((0, 45)), 1, [[]] * 4, None)
    assert "Борис и 🤖 Компьютер 2: записано 45 (101 — проигрыш)" in ru and "+45" not in ru
    assert "45 written to Борис and 🤖 Computer 2 (101 loses)" in en and "+45" not in en
    fives = info(Game(make_variant("all_fives", 2, {}), seed=1))
    assert fives.view is not None
    text = round_summary("en", fives, fives.view, _end((15, 0)), 1, [[], []], None)
    assert "Анна — +15" in text and "written" not in text


def test_the_lead_names_the_tile_that_must_lead() -> None:
    game = Game(make_variant("all_fives", 2, {}), seed=3)
    view = game.view(game.round.turn)
    g = info(game)
    assert view.forced_lead is not None and view.turn is not None
    tile = tile_label(view.forced_lead)
    hand = hand_text("en", g, g.seats[view.turn], view)
    assert f"lead {tile}" in hand and "any marked" not in hand
    other = next(t for t in view.hand if t != view.forced_lead)
    refusal = refusal_text("ru", g, view, Place(other))
    assert refusal is not None and f"ходите {tile}" in refusal and "никуда" not in refusal
    threes = Game(make_variant("threes", 3, {}), seed=3)
    tv = threes.view(threes.round.turn)
    tg = info(threes)
    assert "Any tile may lead" in hand_text("en", tg, tg.seats[tv.turn or 0], tv)
