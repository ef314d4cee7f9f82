"""chicken_foot's options through the service: double-six seats four of the eight a
double-nine table takes, so the lobby takes it for a table of up to four and then
seats no fifth player; a table of five cannot switch to it."""

from __future__ import annotations

import pytest

from service import GameService
from service import errors as e
from service.options import check_options, max_seats
from tests.service.helpers import ANNA, BORIS, DASHA, GLEB, VERA

CHAT = -100


def test_the_tables_an_option_set_fits() -> None:
    assert max_seats("chicken_foot", {}) == 8
    assert max_seats("chicken_foot", {"set": 6, "rounds": 2}) == 4
    check_options("chicken_foot", {"set": 6}, seated=4)
    with pytest.raises(e.BadSettingsError):
        check_options("chicken_foot", {"set": 6}, seated=5)
    with pytest.raises(e.BadSettingsError):
        check_options("chicken_foot", {"rounds": 4})  # not a value the lobby offers


async def test_double_six_seats_four(service: GameService) -> None:
    info = await service.open_lobby(CHAT, ANNA, "chicken_foot", {"set": 6, "root_arms": 6})
    assert info.options == {"set": 6, "root_arms": 6}
    for player in (BORIS, VERA, GLEB):
        await service.join(CHAT, player)
    with pytest.raises(e.LobbyFullError):
        await service.join(CHAT, DASHA)
    info = await service.change_settings(CHAT, ANNA.user_id, options={"set": 9})
    await service.join(CHAT, DASHA)
    with pytest.raises(e.BadSettingsError):
        await service.change_settings(CHAT, ANNA.user_id, options={"set": 6})
    info = await service.change_settings(CHAT, ANNA.user_id, options={"double_blank": 0})
    assert info.options == {"set": 9, "root_arms": 6, "double_blank": 0}
    assert len(info.seats) == 5
