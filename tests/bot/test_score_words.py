"""The words of the points (a penalty written, a gain credited) and of the lead."""

from __future__ import annotations

import random

from bot.texts import plural
from bot.ui.formatting import hand_text, refusal_text
from bot.ui.keyboards import tile_label
from bot.ui.names import side_names
from bot.ui.result_words import round_summary
from bot.ui.scoring_words import goat_text, result_text
from engine.core.moves import Place
from engine.core.results import EndKind, GameEndReason, RoundEnd
from engine.domino.game import Game
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


def _finished(variant: str, players: int, options: dict[str, object], seed: int) -> Game:
    game = Game(make_variant(variant, players, options), seed=seed)
    rng = random.Random(seed)
    while game.outcome is None:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_the_game_s_result_names_winners_and_goats_in_each_family() -> None:
    """Whole games played out: a penalty game in teams names its winners with what is
    written to them and the goats with their total; a scoring game of two the score,
    the winner's first; a game of three the winners each with his total."""
    kozel = _finished("kozel", 4, {"teams": True}, 2)
    g = info(kozel, "finished")
    assert g.view is not None and kozel.outcome is not None
    outcome, totals = kozel.outcome, kozel.view(None).totals
    names = side_names("en", g, g.view)
    won = result_text("en", g, g.view, names, outcome)
    assert won.startswith("Won: ") and all(names[i] in won for i in outcome.winners)
    assert all(f"({plural('en', totals[i], 'point')} written)" in won for i in outcome.winners)
    goats = goat_text("ru", g, g.view, side_names("ru", g, g.view), outcome)
    assert outcome.reason is GameEndReason.GOAT and outcome.losers  # (this seed's end)
    assert goats is not None and goats.startswith("🐐 Козлы — ")  # a pair: plural
    assert plural("ru", totals[outcome.losers[0]], "point") in goats
    assert "+" not in won and "+" not in goats
    fives = _finished("all_fives", 2, {}, 4)
    f = info(fives, "finished")
    assert f.view is not None and fives.outcome is not None
    totals = fives.view(None).totals
    winner = fives.outcome.winners[0]
    text = result_text("ru", f, f.view, side_names("ru", f, f.view), fives.outcome)
    assert text == f"Победа: {side_names('ru', f, f.view)[winner]}, " \
        f"{totals[winner]} — {totals[1 - winner]}"
    threes = _finished("threes", 3, {}, 5)
    t = info(threes, "finished")
    assert t.view is not None and threes.outcome is not None
    names = side_names("en", t, t.view)
    text = result_text("en", t, t.view, names, threes.outcome)
    totals = threes.view(None).totals
    assert text.endswith(" won") and all(f"{names[i]} ({totals[i]})" in text
                                         for i in threes.outcome.winners)


def test_the_lead_rules_of_telephone_and_kolbasa_name_their_tile() -> None:
    for variant, players, words in (("telephone", 4, "two-three"), ("kolbasa", 2, "1-1")):
        for seed in range(20):
            game = Game(make_variant(variant, players, {}), seed=seed)
            view = game.view(game.round.turn)
            if view.forced_lead is None or view.turn is None:
                continue
            g = info(game)
            hand = hand_text("en", g, g.seats[view.turn], view)
            assert f"lead {tile_label(view.forced_lead)}" in hand and words in hand, hand
            break
        else:
            raise AssertionError(f"{variant}: no forced lead in 20 deals")
