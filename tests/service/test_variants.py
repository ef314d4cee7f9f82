"""The variants of docs/rules.md 4.7-4.17 through the service: their own house options
(``Variant.option_specs``), and restarts in the middle of a turn of several placements
or after semerka's takes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from service import GameInfo, GameService
from service import errors as e
from storage import Database
from tests.service.helpers import ANNA, BORIS, GLEB, VERA, play_some

CHAT = -100


@pytest.mark.parametrize(("variant", "options"), [
    ("vsem_po_pyat", {"set": 6, "locked": True, "extra_turn": True, "no_double_out": True,
                      "target": 150, "teams": True}),
    ("general_kozel", {"rounds": 1}),
    ("general_kozel", {"teams": True, "rounds": 3}),
    ("sea_kozel", {"fish_point": True}),
    ("osel", {"fish_point": True}),
    ("checheve", {}),
    ("domiki", {"target": 50}),
    ("cuban", {"target": 150, "teams": False}),
    ("pyaterochka", {"target": 200}),
    ("muggins", {"teams": True}),
    ("sport", {"teams": True}),
    ("semerka", {}),
])
async def test_the_options_each_variant_takes(service: GameService, variant: str,
                                              options: dict[str, object]) -> None:
    info = await service.open_lobby(CHAT, ANNA, variant, options)
    assert info.options == options
    info = await service.change_settings(CHAT, ANNA.user_id, options=options)
    assert info.options == options


@pytest.mark.parametrize(("variant", "options"), [
    ("kozel", {"locked": True}),
    ("kozel", {"set": 9}),
    ("sea_kozel", {"teams": True}),
    ("osel", {"teams": True}),
    ("semerka", {"fish_point": True}),
    ("semerka", {"teams": True}),
    ("sport", {"teams": False}),
    ("general_kozel", {"teams": False}),
    ("general_kozel", {"target": 10}),
    ("muggins", {"target": 100}),
    ("vsem_po_pyat", {"set": 12}),
    ("vsem_po_pyat", {"rounds": 2}),
    ("domiki", {"teams": True}),
])
async def test_options_a_variant_does_not_take_are_refused(
        service: GameService, variant: str, options: dict[str, object]) -> None:
    with pytest.raises(e.BadSettingsError):
        await service.open_lobby(CHAT, ANNA, variant, options)
    await service.open_lobby(CHAT, ANNA, variant)
    with pytest.raises(e.BadSettingsError):
        await service.change_settings(CHAT, ANNA.user_id, options=options)


async def _start(path: Path, variant: str, options: dict[str, object]
                 ) -> tuple[Database, GameInfo]:
    db = await Database.open(path)
    service = GameService(db, seeds=lambda: 77)
    await service.open_lobby(CHAT, ANNA, variant, options)
    players = {"general_kozel": [BORIS, VERA, GLEB], "semerka": [BORIS]}.get(variant,
                                                                         [BORIS, VERA])
    for p in players:
        await service.join(CHAT, p)
    return db, (await service.start(CHAT, ANNA.user_id)).game


async def _into_a_turn(service: GameService, info: GameInfo, rng: random.Random,
                       variant: str) -> GameInfo:
    """Play on until a turn of several placements is under way (where there are such)."""
    for _ in range(300):
        if info.status != "playing" or variant not in ("osel", "domiki", "checheve"):
            break
        seat = info.seats[info.turn]  # type: ignore[index]
        assert seat.user_id is not None
        _, _, view = await service.seat_view(info.game_id, seat.user_id)
        if view.turn_placements:
            break
        info, _ = await play_some(service, info, rng, max_moves=1)
    return info


@pytest.mark.parametrize(("variant", "options"), [
    ("osel", {}), ("checheve", {}), ("domiki", {"target": 100}), ("semerka", {}),
    ("general_kozel", {"rounds": 3}), ("vsem_po_pyat", {"extra_turn": True, "target": 150}),
])
async def test_a_restart_mid_turn_gives_the_same_game(tmp_path: Path, variant: str,
                                                      options: dict[str, object]) -> None:
    db, info = await _start(tmp_path / "straight.sqlite3", variant, options)
    info, _ = await play_some(GameService(db), info, random.Random(3))
    assert info.status == "finished"
    straight = await GameService(db).record(info.game_id)
    await db.close()

    choices = random.Random(3)
    db, info = await _start(tmp_path / "restarted.sqlite3", variant, options)
    service = GameService(db)
    info, _ = await play_some(service, info, choices, max_moves=25)
    info = await _into_a_turn(service, info, choices, variant)
    await db.close()
    db = await Database.open(tmp_path / "restarted.sqlite3")
    service = GameService(db, seeds=lambda: 1)
    info = await service.game(info.game_id)
    if variant in ("osel", "domiki", "checheve") and info.status == "playing":
        seat = info.seats[info.turn]  # type: ignore[index]
        assert seat.user_id is not None
        _, _, view = await service.seat_view(info.game_id, seat.user_id)
        assert view.turn_placements  # the turn goes on after the restart
    info, _ = await play_some(service, info, choices)
    resumed = await service.record(info.game_id)
    await db.close()
    assert info.status == "finished"
    assert resumed == straight
    if variant == "semerka":
        assert any(m.startswith("take:") for r in resumed["rounds"] for m in r["moves"])
