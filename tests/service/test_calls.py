"""The calls for the next game through the service, against a real file: a group's
list is capped; a lobby that opens takes it whole, telling those the bot can write to
and dropping the others, its opener taken off untold; a solo table, a started game and
a private chat touch no list; a group that becomes a supergroup keeps its list, one
the bot leaves loses it; /forget takes a person off every list."""

from __future__ import annotations

import pytest

from service import GameService, PlayerInfo
from service import calls as service_calls
from service.types import CallsAnswered
from tests.service.helpers import ANNA, BORIS, DASHA, GLEB, VERA

CHAT = -500
SUPER = -1_000_000_000_500


async def _known(service: GameService, *people: PlayerInfo, private: bool = True) -> None:
    for person in people:
        await service.remember_user(person, private_chat=private)


async def test_a_lobby_takes_the_list_whole(service: GameService,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_calls, "CALLS_PER_CHAT", 4)
    await _known(service, ANNA, BORIS, VERA, GLEB)
    await _known(service, DASHA, private=False)  # never pressed Start
    await service.set_reachable(VERA.user_id, blocked=True)
    for person in (BORIS, VERA, DASHA, ANNA):
        assert await service.call_next_game(CHAT, person.user_id) == "added"
    assert await service.call_next_game(CHAT, BORIS.user_id) == "again"
    assert await service.call_next_game(CHAT, GLEB.user_id) == "full"  # capped at 4
    assert await service.calls_waiting(CHAT) == 4
    with pytest.raises(ValueError):  # a private chat has no list
        await service.call_next_game(ANNA.user_id, BORIS.user_id)

    # a solo table answers no call, nor does a group's game once started
    solo = await service.open_lobby(GLEB.user_id, GLEB, "draw", computers=1)
    assert await service.answer_calls(solo) == CallsAnswered(solo)
    assert await service.calls_waiting(CHAT) == 4

    # Anna opens a lobby: Boris is told; Vera (blocked) and Dasha (no private chat)
    # are dropped; Anna, seated, is taken off untold
    lobby = await service.open_lobby(CHAT, ANNA, "draw")
    answered = await service.answer_calls(lobby)
    assert answered.to_tell == (BORIS.user_id,)
    assert answered.dropped == (VERA.user_id, DASHA.user_id)
    assert await service.calls_waiting(CHAT) == 0
    assert await service.answer_calls(lobby) == CallsAnswered(lobby)  # nothing twice
    assert await service.calls_of(BORIS.user_id) == []

    await service.join(CHAT, BORIS)
    assert await service.call_next_game(CHAT, GLEB.user_id) == "added"
    started = (await service.start(CHAT, ANNA.user_id)).game
    assert await service.answer_calls(started) == CallsAnswered(started)
    assert await service.calls_waiting(CHAT) == 1


async def test_a_list_follows_its_group(service: GameService) -> None:
    await _known(service, ANNA, BORIS)
    await service.remember_chat_title(CHAT, "Club")
    await service.call_next_game(CHAT, ANNA.user_id)
    await service.call_next_game(CHAT, BORIS.user_id)
    (waiting,) = await service.calls_of(ANNA.user_id)
    assert (waiting.chat_id, waiting.title) == (CHAT, "Club")
    assert await service.cancel_call(CHAT, BORIS.user_id)
    assert not await service.cancel_call(CHAT, BORIS.user_id)
    await service.call_next_game(CHAT, BORIS.user_id)
    # the group becomes a supergroup: its list goes with it
    await service.migrate_chat(CHAT, SUPER)
    assert await service.calls_waiting(SUPER) == 2
    assert [c.chat_id for c in await service.calls_of(ANNA.user_id)] == [SUPER]
    # /forget: off every list
    await service.privacy.forget(BORIS.user_id)
    assert await service.calls_waiting(SUPER) == 1
    # the bot leaves the group: its list goes
    await service.close_chat(SUPER)
    assert await service.calls_waiting(SUPER) == 0
    assert await service.cancel_calls(ANNA.user_id) == 0
