"""Words and numbers: seat names, scores, zero rounds, the counted open ends, results."""

from __future__ import annotations

import random
import re

import pytest

from bot.texts import tr, variant_name
from bot.ui.formatting import hand_text
from bot.ui.lobby_words import closed_lobby_text
from bot.ui.names import ends_text, score_text, seat_name
from bot.ui.result_words import (
    last_result_message,
    result_line,
    round_summary,
    round_summary_parts,
    zero_round_text,
)
from engine.core.moves import Place
from engine.core.results import EndKind, GameEndReason, RoundEnd
from engine.core.tiles import Tile
from engine.domino.game import Game
from engine.variants import make_variant
from service.types import GameInfo, SeatInfo

NAMES = ("Анна", "Борис", "AI 1", "AI 2")


def info(game: Game, status: str = "playing", names: tuple[str, ...] = NAMES) -> GameInfo:
    seats = tuple(SeatInfo(i, None if names[i].startswith("AI") else i + 1, names[i],
                           "easy" if names[i].startswith("AI") else None)
                  for i in range(game.players))
    return GameInfo(game_id=7, chat_id=-1, version=11, status=status,
                    variant=game.variant.name, options={}, creator_user_id=1, seats=seats,
                    min_players=2, max_players=4, view=game.view(None))


def test_computers_have_localised_names_and_people_their_own() -> None:
    ai = SeatInfo(3, None, "AI 2", "hard")
    assert seat_name("en", ai) == "🤖 Computer 2"
    assert seat_name("ru", ai) == "🤖 Компьютер 2"
    assert seat_name("ru", SeatInfo(0, 5, "AI 2 fan")) == "AI 2 fan"  # a person named so
    assert seat_name("en", SeatInfo(2, None, "robot", "easy")) == "🤖 Computer 3"


def test_scores_read_naturally() -> None:
    game = Game(make_variant("kozel", 4, {"teams": True}), seed=1)
    g = info(game)
    assert g.view is not None
    assert score_text("ru", g, g.view) == \
        "Анна и 🤖 Компьютер 1 — 0 · Борис и 🤖 Компьютер 2 — 0 (101 — проигрыш)"
    assert score_text("en", g, g.view) == \
        "Анна and 🤖 Computer 1 — 0 · Борис and 🤖 Computer 2 — 0 (101 loses)"
    assert "AI" not in hand_text("ru", g, g.seats[0], game.view(0))


def kozel_end(points: tuple[int, ...], kind: EndKind = EndKind.DOMINO, carry: int = 0,
              winner: int | None = 0) -> RoundEnd:
    return RoundEnd(kind, 0, (0, 5, 0, 6), (0, 11), winner, points, carry)


def test_a_zero_round_says_why() -> None:
    game = Game(make_variant("kozel", 4, {"teams": True}), seed=1)
    g = info(game)
    assert g.view is not None
    # kozel: a write under 13 is discarded (the engine's DISCARD_BELOW)
    why = zero_round_text("en", g, g.view, kozel_end((0, 0)))
    assert why == tr("en", "round.zero.discard", limit=13)
    summary = round_summary("ru", g, g.view, kozel_end((0, 0)), 2, [[], [], [], []], None)
    assert tr("ru", "round.zero.discard", limit=13) in summary
    assert "За раунд ничего не записано (101 — проигрыш)" in summary  # a penalty: no plus
    # eggs: what is carried to the next round
    eggs = kozel_end((0, 0), EndKind.EGGS, carry=22, winner=None)
    assert zero_round_text("ru", g, g.view, eggs) == tr("ru", "round.zero.eggs_carry", carry=22)
    # a round that wrote something needs no reason
    assert zero_round_text("en", g, g.view, kozel_end((0, 21))) is None
    # All Fives: eggs carry nothing; a winner whose opponents hold nothing scores 0
    fives = Game(make_variant("all_fives", 2, {}), seed=2)
    f = info(fives, names=("Anna", "Boris"))
    assert f.view is not None
    dry = RoundEnd(EndKind.EGGS, 0, (5, 5), (5, 5), None, (0, 0), 0)
    assert zero_round_text("en", f, f.view, dry) == tr("en", "round.zero.eggs")
    nil = RoundEnd(EndKind.DOMINO, 0, (0, 0), (0, 0), 0, (0, 0), 0)
    assert zero_round_text("en", f, f.view, nil) == tr("en", "round.zero.winner", name="Anna")
    assert zero_round_text("en", f, f.view, RoundEnd(
        EndKind.DOMINO, 0, (0, 9), (0, 9), 0, (9, 0), 0)) is None


def test_a_long_summary_keeps_the_points_in_the_caption() -> None:
    game = Game(make_variant("kozel", 4, {"teams": True}), seed=1)
    long_names = tuple("Ж" * 120 + str(i) for i in range(4))
    g = info(game, names=long_names)
    assert g.view is not None
    hands = [[Tile(a, b) for a in range(7) for b in range(a, 7)][:7 * i + 7][-7:]
             for i in range(4)]
    end = kozel_end((0, 40))
    caption, rest = round_summary_parts("en", g, g.view, end, 3, hands, None)
    assert len(caption) <= 1024 and rest
    assert "40 written to ЖЖ" in caption and "(101 loses)" in caption  # a penalty written
    assert tr("en", "round.hands") in rest and "ЖЖ" in rest
    short, nothing = round_summary_parts("en", info(game), g.view, end, 3, [[]] * 4, None)
    assert nothing == "" and short == round_summary("en", info(game), g.view, end, 3,
                                                     [[]] * 4, None)


def _ends_sum(text: str) -> tuple[list[int], int]:
    """The values shown for each counted end and the sum shown."""
    *parts, total = text.split(" · ")
    values = []
    for part in parts:
        m = re.search(r"\((\d+)\)$", part)
        values.append(int(m.group(1)) if m else int(part.split()[-1]))
    assert total.startswith("= ")
    return values, int(total[2:])


@pytest.mark.parametrize(("variant", "players"), [("all_fives", 2), ("all_fives", 4),
                                                  ("muggins", 2), ("pyaterochka", 3)])
def test_open_ends_show_what_the_engine_counts(variant: str, players: int) -> None:
    rng = random.Random(variant + str(players))
    checked = scored = 0
    for seed in range(25):
        game = Game(make_variant(variant, players, {}), seed=seed)
        for _ in range(60):
            legal = game.legal_moves()
            if not legal or game.outcome is not None:
                break
            result = game.play(rng.choice(legal))
            view = game.view(None)
            if view.table.lead is None:
                continue
            values, total = _ends_sum(ends_text("en", view))
            assert total == sum(values) == view.table.count  # the engine's count
            assert len(values) == view.table.counted_ends
            # a placement that scored shows the sum it scored from
            if isinstance(result.move, Place) and result.points and not result.new_round \
                    and result.round_end is None:
                per = 5 if variant == "muggins" else 1
                assert result.points * per == total
                scored += 1
            checked += 1
    assert checked > 300 and scored > 10


def test_open_ends_of_a_double_and_a_plain_variant() -> None:
    game = Game(make_variant("all_fives", 2, {}), seed=0)
    for _ in range(200):
        view = game.view(None)
        if any(c.double and c.end is not None for c in view.table.counted):
            text = ends_text("en", view)
            double = next(c for c in view.table.counted if c.double and c.end is not None)
            assert f"{double.pip}-{double.pip} ({double.value})" in text
            break
        game.play(game.legal_moves()[0])
    else:
        pytest.fail("no double at an end")
    kozel = Game(make_variant("kozel", 2, {}), seed=0)
    kozel.play(kozel.legal_moves()[0])
    text = ends_text("en", kozel.view(None))
    assert "=" not in text and "⬅W" in text and "➡E" in text


def test_results_in_the_lobby_score_and_hand() -> None:
    game = Game(make_variant("kozel", 4, {"teams": True}), seed=1)
    for _ in range(3000):
        if game.outcome is not None:
            break
        game.play(game.legal_moves()[0])
    assert game.outcome is not None
    g = info(game, status="finished")
    assert g.view is not None and g.outcome is not None
    lobby = closed_lobby_text("ru", g)
    assert "🏁 Игра окончена. Победа:" in lobby and tr("ru", "lobby.started") not in lobby
    assert lobby.startswith("🁫 Игра: Козёл\n") and "Новая игра" not in lobby
    winners = g.outcome.winners
    assert all(f"записано {g.view.totals[i]} оч" in lobby for i in winners)
    if g.outcome.reason is GameEndReason.GOAT:
        assert "🐐 Козлы — " in lobby  # a pair: plural
    score = last_result_message("en", g)
    assert score is not None
    assert score.startswith(tr("en", "score.last", variant=variant_name("en", "kozel")))
    assert result_line("en", g, g.view, g.outcome) in score
    hand = hand_text("en", g, g.seats[0], game.view(0))
    assert tr("en", "hand.over") in hand and "Won: Борис and 🤖 Computer 2 (" in hand
    assert last_result_message("en", info(Game(make_variant("kozel", 2, {}), seed=1),
                                          names=("A", "B"))) is None
    cancelled = closed_lobby_text("en", info(game, status="cancelled"))
    assert tr("en", "lobby.cancelled") in cancelled and "won" not in cancelled
