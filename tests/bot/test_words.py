"""Plurals, /fish in words, refusals that say why, one button for
equivalent ends, the /rules and /help texts (pure functions, real engine positions)."""

from __future__ import annotations

import copy
import random

import pytest

from bot.texts import CATALOGS, join_words, plural, tr
from bot.ui.callbacks import PlayTile, RulesOf, decode, encode
from bot.ui.formatting import fish_text, refusal_text
from bot.ui.keyboards import distinct_ends, hand_keyboard, placements, rules_keyboard
from bot.ui.lobby_words import rules_text, variant_list
from bot.ui.variant_names import variant_names
from engine.core.moves import DRAW, PASS, End, Place
from engine.domino.game import Game
from engine.variants import make_variant
from service.types import FishClaim, GameInfo, SeatInfo
from tests.bot.test_keyboards import datas


def test_plural_forms() -> None:
    assert [plural("ru", n, "tile").split()[1] for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22,
                                                          25, 101, 111)] \
        == ["костяшек", "костяшка", "костяшки", "костяшки", "костяшек", "костяшек", "костяшек",
            "костяшек", "костяшка", "костяшки", "костяшек", "костяшка", "костяшек"]
    assert [plural("en", n, "tile") for n in (0, 1, 2, 21)] == ["0 tiles", "1 tile", "2 tiles",
                                                               "21 tiles"]
    assert plural("ru", 1, "tile") == "1 костяшка"
    assert plural("ru", 2, "tile") == "2 костяшки"
    assert plural("ru", 5, "tile") == "5 костяшек"
    assert plural("ru", 21, "tile") == "21 костяшка"
    assert plural("en", 1, "tile") == "1 tile"
    assert plural("en", 6, "tile") == "6 tiles"
    assert join_words("en", ["4-6"]) == "4-6"
    assert join_words("ru", ["4-6", "2-6"]) == "4-6 и 2-6"
    assert join_words("en", ["a", "b", "c"]) == "a, b and c"


def test_fish_in_words() -> None:
    claim = FishClaim(False, 6, {4: 3, 6: 2})
    assert fish_text("en", claim) == (
        "Not a fish yet: 6 tiles still in the boneyard. Open ends 4 and 6; still off the "
        "table: 3 tiles with a 4 and 2 tiles with a 6.")
    ru = fish_text("ru", claim)
    assert ru == ("Ещё не рыба: в базаре 6 костяшек. Открытые концы 4 и 6; ещё не на столе: "
                  "с числом 4 — 3 костяшки и с числом 6 — 2 костяшки.")
    assert "6 костяшек" in ru and "3 костяшки" in ru and "2 костяшки" in ru
    assert "0: " not in ru and "4 и 6" in ru
    one = fish_text("ru", FishClaim(False, 1, {5: 1}))
    assert "1 костяшка" in one and "Открытый конец 5" in one
    assert "базар пуст" in fish_text("ru", FishClaim(False, 0, {2: 5}))
    assert fish_text("en", FishClaim(True, 0)) == tr("en", "fish.yes")


def _playing(game: Game) -> GameInfo:
    seats = tuple(SeatInfo(i, i + 1, f"P{i}") for i in range(game.players))
    return GameInfo(game_id=7, chat_id=-1, version=11, status="playing",
                    variant=game.variant.name, options={}, creator_user_id=1, seats=seats,
                    min_players=2, max_players=4, view=game.view(None))


def test_refusals_name_the_fitting_tiles_of_the_asker_only() -> None:
    game = Game(make_variant("kozel", 2, {}), seed=1)
    game.play(game.legal_moves()[0])  # a lead: now the other seat is on turn
    seat = game.current_seat
    assert seat is not None
    info = _playing(game)
    view = game.view(seat)
    fits = sorted(placements(view), key=lambda t: (t.a, t.b))
    text = refusal_text("en", info, view, PASS)
    assert text is not None
    if fits:
        labels = [f"{t.a}-{t.b}" for t in fits]
        assert all(label in text for label in labels)
        assert text.endswith("you cannot pass.")
        assert ("fits:" in text) == (len(fits) == 1)
        ru = refusal_text("ru", info, view, DRAW)
        assert ru is not None and "брать из базара нельзя" in ru
        # in a group none of his tiles is named
        group = refusal_text("en", info, view, PASS, private=False)
        assert group is not None and not any(label in group for label in labels)
    # the other seat is told whose turn it is, and nothing of anyone's hand
    other = game.view(1 - seat)
    refused = refusal_text("ru", info, other, PASS)
    assert refused == f"Сейчас не ваш ход: ходит P{seat}."
    # a tile that fits no end: the open ends are named
    stuck = [t for t in view.hand if t not in placements(view)]
    for tile in stuck[:1]:
        text = refusal_text("en", info, view, Place(tile, End.E))
        ends = sorted(set(view.table.open_ends.values()))
        assert text is not None and "open ends show" in text
        assert all(str(p) in text for p in ends)


def _same_outcome(game: Game, a: Place, b: Place) -> bool:
    """Whether two placements leave the same game, as far as play and scores go."""
    one, two = copy.deepcopy(game), copy.deepcopy(game)
    ra, rb = one.play(a), two.play(b)
    va, vb = one.view(None), two.view(None)
    return (ra.points == rb.points and va.totals == vb.totals
            and sorted(va.table.open_ends.values()) == sorted(vb.table.open_ends.values())
            and va.table.count == vb.table.count and va.turn == vb.turn)


@pytest.mark.parametrize(("variant", "players"), [("kozel", 2), ("kozel", 4),
                                                  ("all_fives", 2), ("all_fives", 3)])
def test_equivalent_ends_get_one_button(variant: str, players: int) -> None:
    """Real games: whenever a tile's two ends are merged into one button, placing it on
    either gives the same points, open pips and count; when they are kept apart on ends
    showing the same pip, the placements differ (or cannot be proved the same)."""
    merged = 0
    rng = random.Random(variant)
    for seed in range(12):
        game = Game(make_variant(variant, players, {}), seed=seed)
        while game.outcome is None and game.round.turn_number < 400:
            seat = game.current_seat
            assert seat is not None
            view = game.view(seat)
            for tile, ends in placements(view).items():
                kept = distinct_ends(view, tile, ends)
                assert kept and set(kept) <= set(ends)
                for end in ends:
                    if end in kept or end is None:
                        continue
                    merged += 1
                    assert any(_same_outcome(game, Place(tile, end), Place(tile, k))
                               for k in kept if k is not None)
                buttons = [d for d in map(decode, datas(hand_keyboard("en", 7, 11, view)))
                           if isinstance(d, PlayTile) and d.tile == tile and not d.face_down]
                assert len(buttons) == len(kept)
            game.play(rng.choice(game.legal_moves()))
    assert merged > 0  # the positions came up


def test_kozel_double_lead_gives_one_button() -> None:
    """Kozel: 3-3 led, both ends show 3; a 3-5 in hand is one button, not two."""
    game = Game(make_variant("kozel", 2, {}), seed=1)
    while True:
        view = game.view(game.current_seat)
        ends = view.table.open_ends
        if len(ends) == 2 and len(set(ends.values())) == 1:
            fitting = {t: e for t, e in placements(view).items() if len(e) == 2}
            if fitting:
                break
        game.play(game.legal_moves()[0])
        assert game.outcome is None
    for tile in fitting:
        buttons = [d for d in map(decode, datas(hand_keyboard("ru", 7, 11, view)))
                   if isinstance(d, PlayTile) and d.tile == tile]
        assert len(buttons) == 1


def test_same_pip_ends_that_score_differently_stay_apart() -> None:
    """All Fives: ends showing the same pip are not always the same move (a double at
    an end counts twice, a spinner's arms): such ends keep a button each."""
    apart = 0
    rng = random.Random(5)
    for seed in range(12):
        game = Game(make_variant("all_fives", 2, {}), seed=seed)
        while game.outcome is None and game.round.turn_number < 400:
            view = game.view(game.current_seat)
            for tile, ends in placements(view).items():
                kept = [e for e in distinct_ends(view, tile, ends) if e is not None]
                for i, a in enumerate(kept):
                    for b in kept[i + 1:]:
                        if view.table.open_ends[a] == view.table.open_ends[b] and \
                                not _same_outcome(game, Place(tile, a), Place(tile, b)):
                            apart += 1
            game.play(rng.choice(game.legal_moves()))
    assert apart > 0


def test_rules_menu_and_texts() -> None:
    markup = rules_keyboard("ru")
    payloads = [b.callback_data for row in markup.inline_keyboard for b in row]
    assert len(payloads) == len(variant_names())
    assert all(isinstance(p, str) and len(p.encode()) <= 64 for p in payloads)
    assert [decode(p) for p in payloads] == [RulesOf(v) for v in variant_names()]
    assert encode(RulesOf("osel")) == "r:osel"
    assert decode("r:Osel") is None and decode("r:") is None and decode("r:a:b") is None
    for lang in CATALOGS:
        for v in variant_names():
            text = rules_text(lang, v)
            assert tr(lang, f"rules.{v}") in text and len(text) < 4096
            assert f"{tr(lang, 'end.W')} " in text and "⬅" in text  # the picture's sides explained


def test_help_is_short_and_its_pages_tell_the_rest() -> None:
    for lang in CATALOGS:
        assert len(tr(lang, "help").splitlines()) <= 10
        pages = tr(lang, "help.s") + tr(lang, "help.c")
        assert len(tr(lang, "help.s")) < 4096 and len(tr(lang, "help.c")) < 4096
        # the issue-12 behaviour is told: forced moves, pings, the private settings panel,
        # the /rules menu, /export's two views, /score's last result
        for told in ("/settings forced off", "/notify off", "/notify on", "/rules",
                     "/export [N]", "/score", "/back", tr(lang, "btn.settings")):
            assert told in pages, (lang, told)
    assert "• Osel (Donkey) — /newgame osel" in variant_list("en")
    assert "• Осёл — /newgame osel" in variant_list("ru")
