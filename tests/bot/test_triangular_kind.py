"""bot/kinds/triangular.py: triangular's bot part behind the bot's game kinds. The
group's picture and text table are drawn from the public view (no hand, no legal
moves); the hand's buttons are the seat's own and only on its turn; a press is
read against the presser's own view (stale, forged, not his turn refused)."""

from __future__ import annotations

import random

from bot.kinds.base import MakeMove, Refusal, Reselect
from bot.kinds.registry import bot_kind, kind_of_data
from bot.kinds.triangular import TRIANGULAR, public_grid
from bot.kinds.triangular_keys import PREFIX, decode
from bot.texts import tr
from engine.core.moves import DRAW, GridPlace
from engine.games import kind_of
from engine.triangular.kind import TriangularMatch
from engine.variants import make_variant
from service.types import GameInfo, SeatInfo

GAME_ID = 77


def _match(seed: int = 3, moves: int = 8) -> TriangularMatch:
    v = make_variant("triangular", 3)
    kind = kind_of(v)
    match = kind.new_game(v, seed)
    assert isinstance(match, TriangularMatch)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = match.legal_moves()
        kind.play(match, legal[rng.randrange(len(legal))])
    while not any(isinstance(m, GridPlace) for m in match.legal_moves()):
        kind.play(match, match.legal_moves()[0])  # on to a turn with a placement
    return match


def _info(match: TriangularMatch) -> GameInfo:
    seats = tuple(SeatInfo(seat=s, user_id=100 + s, name=n, ai_level=None)
                  for s, n in enumerate(("Anna", "Boris", "Vera")))
    return GameInfo(game_id=GAME_ID, chat_id=-1, version=5, status="playing",
                    variant="triangular", options={}, creator_user_id=100, seats=seats,
                    min_players=2, max_players=4, view=match.view(None))


def _datas(markup: object) -> list[str]:
    rows = getattr(markup, "inline_keyboard", ())
    return [b.callback_data for row in rows for b in row]


def test_found_by_kind_and_by_its_data() -> None:
    assert bot_kind("triangular") is TRIANGULAR
    assert kind_of_data(f"{PREFIX}:1:0:0:h") is TRIANGULAR
    assert TRIANGULAR.game_of(f"{PREFIX}:12:0:3:d") == 12
    assert TRIANGULAR.game_of("p:12:3:6-6:W") is None


def test_public_grid_has_no_hand() -> None:
    match = _match()
    seat = match.current_seat
    assert seat is not None
    view = match.view(seat)
    public = public_grid(view, ["A", "B", "C"])
    assert public is not None
    assert public.hand == () and public.legal == () and public.seat is None
    assert public.players == ("A", "B", "C")
    assert public.placed == view.grid_view.placed


def test_keyboard_only_on_turn_and_own_triangles() -> None:
    match = _match()
    turn = match.current_seat
    assert turn is not None
    for seat in range(3):
        view = match.view(seat)
        markup = TRIANGULAR.hand_keyboard("en", GAME_ID, 5, view)
        if seat != turn:
            assert markup is None or not _datas(markup)
            continue
        assert markup is not None
        own = {str(t) for t in view.grid_view.hand}
        labels = {b.text for row in markup.inline_keyboard for b in row
                  if b.callback_data and decode(b.callback_data).action == "t"}  # type: ignore[union-attr]
        assert labels and labels <= own
        assert all(len(d.encode()) <= 64 for d in _datas(markup))


def test_presses_read_against_the_view() -> None:
    match = _match()
    turn = match.current_seat
    assert turn is not None
    view = match.view(turn)
    markup = TRIANGULAR.hand_keyboard("en", GAME_ID, 5, view)
    datas = _datas(markup)
    tri = [d for d in datas if decode(d).action == "t"]  # type: ignore[union-attr]
    press = TRIANGULAR.press("en", tri[0], GAME_ID, 5, view)
    while isinstance(press, Reselect):
        nxt = [d for d in _datas(press.markup)
               if decode(d).action in ("c", "p")]  # type: ignore[union-attr]
        press = TRIANGULAR.press("en", nxt[0], GAME_ID, 5, view)
    assert isinstance(press, MakeMove) and isinstance(press.move, GridPlace)
    assert press.move in view.legal
    # the same data read by another seat: not his turn; another game: forged
    other = match.view((turn + 1) % 3)
    assert TRIANGULAR.press("en", tri[0], GAME_ID, 5, other) == Refusal("tri.not_your_turn")
    assert TRIANGULAR.press("en", tri[0], GAME_ID + 1, 5, view) == Refusal("tri.forged")
    # after a move, the old keyboard is stale
    kind_of("triangular").play(match, press.move)
    later = match.view(turn)
    assert TRIANGULAR.press("en", tri[0], GAME_ID, 6, later) == Refusal("tri.stale")
    for key in ("tri.not_your_turn", "tri.forged", "tri.stale"):
        assert tr("ru", key) and tr("en", key)


def test_table_text_and_picture_name_no_hidden_triangle() -> None:
    match = _match(moves=15)
    info = _info(match)
    placed = {str(p.tile) for p in match.round.grid.cells.values()}
    hidden = {str(t) for h in match.round.hands for t in h} - placed
    text = TRIANGULAR.table_text("en", info, match.view(0))
    assert tr("en", "ttable.tri_grid") in text
    lines = [line for line in text.splitlines() if "▲" in line or "▼" in line]
    assert len(lines) == len(match.round.grid.cells)
    shown = {"-".join(sorted(line.split()[-1].split("-"))) for line in lines}
    assert not shown & {"-".join(sorted(t.split("-"))) for t in hidden}
    data, name = TRIANGULAR.table_picture("ru", match.view(0), ["Анна", "Борис", "Вера"])
    assert name == "table.jpg" and data[:2] == b"\xff\xd8"


def test_hand_text_names_own_triangles_only() -> None:
    match = _match()
    info = _info(match)
    for seat in range(3):
        text = TRIANGULAR.hand_text("en", info, info.seats[seat], match.view(seat))
        own = " ".join(str(t) for t in match.view(seat).grid_view.hand)
        assert own in text
        shown = match.round.shown
        others = {str(t) for o in range(3) if o != seat for t in match.round.hands[o]
                  if t is not shown}
        assert not [t for t in others if t in text], text


def test_hand_text_says_what_the_turn_allows() -> None:
    v = make_variant("triangular", 2)
    kind = kind_of(v)
    match = kind.new_game(v, 9)
    assert isinstance(match, TriangularMatch)
    info = _info_of(match)
    said: set[str] = set()
    rng = random.Random(9)
    while match.outcome is None and len(said) < 3:
        seat = match.current_seat
        assert seat is not None
        view = match.view(seat)
        text = TRIANGULAR.hand_text("en", info, info.seats[seat], view)
        places = any(isinstance(m, GridPlace) for m in view.legal)
        key = "tri.choose_tile" if places else (
            "tri.must_draw" if DRAW in view.legal else "tri.must_pass")
        assert tr("en", key) in text
        said.add(key)
        kind.play(match, view.legal[rng.randrange(len(view.legal))])
    assert "tri.choose_tile" in said and len(said) >= 2


def _info_of(match: TriangularMatch) -> GameInfo:
    seats = tuple(SeatInfo(seat=s, user_id=100 + s, name=f"P{s}", ai_level=None)
                  for s in range(match.players))
    return GameInfo(game_id=GAME_ID, chat_id=-1, version=5, status="playing",
                    variant="triangular", options={}, creator_user_id=100, seats=seats,
                    min_players=2, max_players=4, view=match.view(None))
