"""A move's cost and its report; computer turns decided outside the transaction;
option values the variant does not offer."""

from __future__ import annotations

import asyncio
import pickle
import random

import pytest

from engine.core.moves import Move, Place
from engine.core.tiles import full_set
from engine.core.view import SeatView
from engine.variants import get_variant
from service import GameInfo, GameService, MoveReport
from service import errors as e
from service.ai import decide
from service.options import FREE_TARGETS, ROUNDS_CHOICES, accepted_options, allowed_values
from service.types import TAKEOVER_LEVEL
from storage import Database, Repositories
from tests.service.helpers import ANNA, BORIS, GLEB, VERA, forced_moves_off

CHAT = -100
MAX_STATEMENTS_PER_MOVE = 8


async def _humans(service: GameService, variant: str = "kozel", *players: object) -> GameInfo:
    await service.open_lobby(CHAT, ANNA, variant)
    for p in players or (BORIS,):
        await service.join(CHAT, p)  # type: ignore[arg-type]
    return (await service.start(CHAT, ANNA.user_id)).game


async def _human_move(service: GameService, info: GameInfo, rng: random.Random
                      ) -> tuple[int, Move]:
    seat = info.seats[info.turn]  # type: ignore[index]
    assert seat.user_id is not None
    _, _, view = await service.seat_view(info.game_id, seat.user_id)
    return seat.user_id, rng.choice(view.legal)


async def test_a_human_move_costs_a_few_statements_however_long_the_game(
        db: Database, service: GameService) -> None:
    info = await _humans(service, "general_kozel", BORIS, VERA, GLEB)
    await forced_moves_off(service, CHAT)  # one move a command (forced ones: test_forced.py)
    rng = random.Random(1)
    counts: list[int] = []
    sizes: list[int] = []
    for _ in range(150):
        user, move = await _human_move(service, info, rng)
        statements: list[str] = []
        await db.set_trace(statements.append)
        try:
            report = await service.move(info.game_id, user, info.version, move)
        finally:
            await db.set_trace(None)
        counts.append(len(statements))
        sizes.append(sum(map(len, statements)))
        info = report.game
        assert info.status == "playing"
    # BEGIN, the game with its seats, INSERT the move, UPDATE the version, COMMIT
    assert max(counts) <= MAX_STATEMENTS_PER_MOVE
    assert set(counts) == {5}
    # and what they write does not grow with the game (the record is not rewritten)
    assert max(sizes) - min(sizes) < 40


async def test_the_report_carries_the_views_of_the_seats_to_refresh(
        service: GameService) -> None:
    info = await _humans(service, "kozel", BORIS, VERA)
    start = await service.game(info.game_id)
    assert start.version == info.version
    rng = random.Random(2)
    round_end: MoveReport | None = None
    for _ in range(400):
        user, move = await _human_move(service, info, rng)
        report = await service.move(info.game_id, user, info.version, move)
        assert set(report.views) == set(report.refresh_seats)
        for seat, view in report.views.items():
            owner = report.game.seats[seat].user_id
            assert owner is not None
            _, _, fresh = await service.seat_view(info.game_id, owner)
            assert view == fresh
        info = report.game
        if report.round_ends:
            round_end = report
            break
    assert round_end is not None and round_end.refresh_seats == {0, 1, 2}
    ended = await service.ended_rounds(info.game_id)
    assert ended == [(round_end.round_ends[0], round_end.final_hands[0])]


async def test_a_double_press_is_refused_as_stale_without_locks(service: GameService) -> None:
    info = await _humans(service)
    user, move = await _human_move(service, info, random.Random(3))
    results = await asyncio.gather(
        *(service.move(info.game_id, user, info.version, move) for _ in range(5)),
        return_exceptions=True)
    assert sum(isinstance(r, MoveReport) for r in results) == 1
    assert sum(isinstance(r, e.StaleCommandError) for r in results) == 4
    done = next(r for r in results if isinstance(r, MoveReport))
    assert len((await service.record(info.game_id))["rounds"][0]["moves"]) == len(done.results)


async def _with_computer(service: GameService, level: str = "easy") -> GameInfo:
    await service.open_lobby(CHAT, ANNA, "kozel")
    await service.add_ai(CHAT, ANNA.user_id, level)
    info = (await service.start(CHAT, ANNA.user_id)).game
    rng = random.Random(4)
    while info.status == "playing" and info.seats[info.turn].user_id is not None:  # type: ignore[index]
        user, move = await _human_move(service, info, rng)
        info = (await service.move(info.game_id, user, info.version, move)).game
    return info


async def test_a_computer_turn_is_read_then_decided_outside_then_applied(
        db: Database, service: GameService) -> None:
    info = await _with_computer(service, "medium")
    statements: list[str] = []
    await db.set_trace(statements.append)
    turn = await service.ai_turn(info.game_id)
    await db.set_trace(None)
    assert not any(s.startswith("BEGIN") for s in statements)  # no transaction
    assert turn is not None
    assert (turn.game_id, turn.version, turn.seat, turn.level) == (
        info.game_id, info.version, info.turn, "medium")
    assert turn.view.seat == turn.seat and turn.view.hand  # its own view, with its hand
    copy = pickle.loads(pickle.dumps(turn))  # it crosses to a worker process
    move = decide(copy)
    assert move == decide(turn) and move in turn.view.legal
    report = await service.ai_move(info.game_id, turn.version, move)
    assert report.game.version == info.version + 1 and report.results[0].move == move
    # the same decision again is stale
    with pytest.raises(e.StaleCommandError):
        await service.ai_move(info.game_id, turn.version, move)


async def test_ai_move_checks_seat_and_legality(service: GameService) -> None:
    info = await _with_computer(service)
    turn = await service.ai_turn(info.game_id)
    assert turn is not None
    illegal = Place(next(t for t in full_set(6) if t not in turn.view.hand))
    with pytest.raises(e.IllegalMoveError):
        await service.ai_move(info.game_id, info.version, illegal)
    report = await service.ai_move(info.game_id, info.version)  # decided inline
    info = report.game
    while info.seats[info.turn].is_ai:  # type: ignore[index]
        info = (await service.ai_move(info.game_id, info.version)).game
    assert await service.ai_turn(info.game_id) is None  # a person is on turn
    _, move = await _human_move(service, info, random.Random(5))
    with pytest.raises(e.NotYourTurnError):  # no computer moves for him
        await service.ai_move(info.game_id, info.version, move)
    with pytest.raises(e.NotYourTurnError):
        await service.ai_move(info.game_id, info.version)


async def test_an_away_person_is_played_by_the_take_over_level(db: Database) -> None:
    chosen: list[tuple[str, int]] = []

    def chooser(level: str, seed: int, view: SeatView) -> Move:
        chosen.append((level, seed))
        return view.legal[0]

    service = GameService(db, seeds=lambda: 99, ai_chooser=chooser)
    info = await _humans(service)
    assert info.turn is not None
    await Repositories.of(db).games.set_away(db, info.game_id, info.turn, True)
    turn = await service.ai_turn(info.game_id)
    assert turn is not None and turn.level == TAKEOVER_LEVEL and turn.seed == 99
    report = await service.ai_move(info.game_id, info.version)
    assert chosen == [(TAKEOVER_LEVEL, 99)]  # the injected chooser is honoured
    assert report.results[0].move == turn.view.legal[0]


async def test_ai_turn_of_games_not_being_played(service: GameService) -> None:
    assert await service.ai_turn(12345) is None
    lobby = await service.open_lobby(CHAT, ANNA)
    assert await service.ai_turn(lobby.game_id) is None


# ------------------------------------------------------------------ options


def test_allowed_values_per_variant() -> None:
    assert allowed_values("all_fives", "target") == (100, 150, 200, 250)
    assert allowed_values("domiki", "target") == FREE_TARGETS
    assert allowed_values("telephone", "target") == (51,)
    assert allowed_values("kozel", "target") is None  # kozel has no target to choose
    assert allowed_values("kozel", "fish_point") == (False, True)
    assert allowed_values("general_kozel", "rounds") == tuple(r for r in ROUNDS_CHOICES if r)
    assert allowed_values("vsem_po_pyat", "set") == get_variant("vsem_po_pyat").sets_allowed
    assert allowed_values("kozel", "set") is None
    assert allowed_values("kozel", "colour") is None
    assert accepted_options("semerka") == frozenset()
    assert "fish_point" in accepted_options("kozel") and "fish_point" not in accepted_options(
        "telephone")


@pytest.mark.parametrize(("variant", "options"), [
    ("all_fives", {"target": 9999}),
    ("draw", {"target": 9999}),
    ("domiki", {"target": 77}),
    ("general_kozel", {"rounds": 77}),
    ("general_kozel", {"rounds": 0}),
    ("vsem_po_pyat", {"set": 7}),
    ("vsem_po_pyat", {"locked": 1}),
    ("vsem_po_pyat", {"extra_turn": "yes"}),
    ("kozel", {"fish_point": "true"}),
    ("kozel", {"teams": 1}),
    ("all_fives", {"target": True}),
    ("all_fives", {"target": "100"}),
    ("kozel", {"target": 100}),
])
async def test_forged_option_values_are_refused(service: GameService, variant: str,
                                                options: dict[str, object]) -> None:
    with pytest.raises(e.BadSettingsError):
        await service.open_lobby(CHAT, ANNA, variant, options)
    info = await service.open_lobby(CHAT, ANNA, variant)
    with pytest.raises(e.BadSettingsError):
        await service.change_settings(CHAT, ANNA.user_id, options=options)
    assert (await service.game(info.game_id)).options == {}


async def test_every_offered_value_is_taken(service: GameService) -> None:
    await service.open_lobby(CHAT, ANNA, "domiki")
    for target in FREE_TARGETS:
        info = await service.change_settings(CHAT, ANNA.user_id, options={"target": target})
        assert info.options == {"target": target}
    info = await service.change_settings(CHAT, ANNA.user_id, variant="general_kozel")
    for rounds in ROUNDS_CHOICES[1:]:
        info = await service.change_settings(CHAT, ANNA.user_id, options={"rounds": rounds})
        assert info.options == {"rounds": rounds}
