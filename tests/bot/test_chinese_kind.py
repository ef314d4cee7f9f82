"""The bot's part of chinese: found by the variant's kind; its group
texts and pictures never show a face-down tile, its private hand shows the seat's
own; its lobby options and explanations; its moves' wording."""

from __future__ import annotations

from bot.kinds.base import DOMINO, MakeMove, Refusal, Reselect
from bot.kinds.chinese import CHINESE, public_detail
from bot.kinds.registry import bot_kind, kind_of_data
from bot.texts import plural, tr
from bot.ui.keyboards import bool_options, rounds_value
from bot.ui.lobby_words import option_help, options_help
from bot.ui.move_words import move_text
from bot.ui.result_words import round_summary
from engine.chinese.kind import ChineseMatch, ChineseView
from engine.chinese.rules import Play
from engine.core.moves import PASS
from engine.core.results import MoveResult
from engine.games import kind_of
from engine.variants import make_variant
from renderer.chinese import layout
from service.types import GameInfo, SeatInfo

NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def _info(match: ChineseMatch, status: str = "playing") -> GameInfo:
    seats = tuple(SeatInfo(i, 100 + i, NAMES[i]) for i in range(match.players))
    return GameInfo(5, -1, 1, status, "chinese", {}, 100, seats, 2, 4, match.view(None))


def _with_a_face_down_play() -> tuple[ChineseMatch, int, Play]:
    match = ChineseMatch(make_variant("chinese", 4), 21)
    for _ in range(64):
        seat = match.current_seat
        assert seat is not None
        legal = match.legal_moves()
        down = [m for m in legal if isinstance(m, Play) and m.down]
        if down:
            match.play(down[0])
            return match, seat, down[0]
        match.play(legal[0])
    raise AssertionError("nobody could play face down")


def test_the_kind_is_found_by_variant_and_by_its_buttons() -> None:
    assert bot_kind("chinese") is CHINESE
    assert bot_kind("kozel") is DOMINO
    assert kind_of_data("cn:1:2:0:t0") is CHINESE
    assert kind_of_data("p:1:2:3:W") is None


def test_the_group_never_sees_a_face_down_tile() -> None:
    match, seat, down = _with_a_face_down_play()
    own = match.view(seat)  # his own view shows his face-down tiles ...
    assert isinstance(own, ChineseView)
    assert any(e["down"] and e["tiles"] for e in own.detail["trick"])
    detail = public_detail(own, NAMES)  # ... the picture's never does
    assert all(e["tiles"] is None for e in detail["trick"] if e["down"])
    assert detail["hand"] is None and detail["players"] == NAMES
    backs = [i for i in layout(detail) if i.kind in ("back", "smallback")]
    assert len(backs) >= down.size
    game = _info(match)
    for lang in ("en", "ru"):
        text = CHINESE.table_text(lang, game, match.view(None))
        assert tr(lang, "chinese.down", count=plural(lang, down.size, "tile")) in text
        public = match.view(None)
        trick_line = next(line for line in text.splitlines()
                          if line.startswith(tr(lang, "chinese.trick", plays="")))
        for entry in public.detail["trick"]:
            if not entry["down"]:
                assert " ".join(entry["tiles"]) in trick_line
        assert down.notation() not in text
        # the caption's wording of a face-down play names no tile
        said = move_text(lang, game, MoveResult(seat, down, down.notation()))
        assert not any(str(t) in said for t in down.tiles)
        # his own hand message names them
        hand = CHINESE.hand_text(lang, game, game.seats[seat], own)
        assert " ".join(str(t) for t in down.tiles) in hand


def test_presses_move_or_reselect_or_refuse() -> None:
    match = ChineseMatch(make_variant("chinese", 2, {"rounds": 4}), 4)
    seat = match.current_seat
    assert seat is not None
    view = match.view(seat)
    single = next(m for m in match.legal_moves() if isinstance(m, Play) and m.size == 1)
    index = view.hand.index(single.tiles[0])
    picked = CHINESE.press("en", f"cn:5:9:0:t{index}", 5, 9, view)
    assert isinstance(picked, Reselect)
    labels = [b.text for row in picked.markup.inline_keyboard for b in row]
    assert sum(label.startswith("✅") for label in labels) == 1
    assert tr("en", "chinese.play_up") in labels
    made = CHINESE.press("en", f"cn:5:9:{1 << index}:u", 5, 9, view)
    assert made == MakeMove(single)
    assert CHINESE.press("en", f"cn:5:8:{1 << index}:u", 5, 9, view) \
        == Refusal("chinese.stale")
    assert CHINESE.press("en", "cn:5:9:0:u", 5, 9, view) == Refusal("chinese.illegal")
    assert CHINESE.hand_keyboard("en", 5, 9, view, active=False) is None


def test_lobby_options_and_their_explanations() -> None:
    seats = (SeatInfo(0, 1, "Anna"), *(SeatInfo(i, None, f"AI {i}", "easy") for i in (1, 2, 3)))
    lobby = GameInfo(game_id=42, chat_id=-1, version=3, status="lobby", variant="chinese",
                     options={}, creator_user_id=1, seats=seats, min_players=2,
                     max_players=4)
    assert rounds_value(lobby) == 8
    assert bool_options(lobby) == [("mixed", "mx", True), ("early_death", "ed", True)]
    for lang in ("en", "ru"):
        assert option_help(lang, "rounds", "chinese") == tr(lang, "opt.chinese.rounds")
        assert option_help(lang, "rounds", "general_kozel") == tr(lang, "opt.rounds")
        rules = options_help(lang, "chinese")
        for key in ("opt.mixed", "opt.early_death", "opt.chinese.rounds"):
            assert tr(lang, key) in rules


def test_a_round_summary_of_tricks_names_the_winner() -> None:
    match = ChineseMatch(make_variant("chinese", 2, {"rounds": 4}), 6)
    while len(match.rounds) == 1:
        match.play(match.legal_moves()[0])
    end = match.rounds[0].end
    assert end is not None and end.winner is not None
    game = _info(match)
    view = kind_of("chinese").ended_views(match)[0]
    for lang in ("en", "ru"):
        text = round_summary(lang, game, view, end, 1, (), None)
        assert tr(lang, "round.tricks", round=1, name=NAMES[end.winner]) in text
    assert bot_kind("chinese").hand_keyboard("en", 5, 1, match.view(0), active=True) \
        is not None
    assert PASS not in match.legal_moves()
