"""A game's first table comes with its lead (never an empty table), through
the emulator: after /newgame and the start the group has the lobby naming who leads
and no picture; the lead sends exactly one table showing it; a restart before the
lead sends none either."""

from __future__ import annotations

from pathlib import Path

from bot.texts import tr
from bot.ui.callbacks import PlayTile, decode
from tests.bot.emulator import Message, TelegramEmulator, User
from tests.bot.harness import Bot, on_turn, open_table, running_bot


def _pictures(emu: TelegramEmulator, group: int) -> list[Message]:
    return [m for m in emu.bot_messages(group) if m.has_media]


def _picture_calls(emu: TelegramEmulator, group: int) -> int:
    return sum(emu.call_count(method, chat_id=group)
               for method in ("sendPhoto", "editMessageMedia"))


async def _start(bot: Bot, emu: TelegramEmulator) -> tuple[int, list[User]]:
    people = [emu.add_user("Anna", language_code="en"),
              emu.add_user("Boris", language_code="en")]
    group = emu.add_group("Club", people).id
    await open_table(bot, group, people, "draw")  # two people: a human leads
    await bot.lobby_press(people[0], group, "go")
    await bot.settle()
    return group, people


async def _check_waiting_for_the_lead(bot: Bot, emu: TelegramEmulator, group: int,
                                      people: list[User]) -> tuple[User, Message]:
    """No picture in the group; the closed lobby names the leader; his hand asks for
    the lead."""
    found = await on_turn(bot, people, group)
    assert found is not None
    leader, hand = found
    assert "Your lead" in (hand.text or "")
    assert _pictures(emu, group) == [] and _picture_calls(emu, group) == 0
    lobby = next(m for m in emu.bot_messages(group)
                 if tr("en", "lobby.started").rstrip(".") in (m.text or ""))
    assert tr("en", "lobby.started_by", name=leader.first_name) in (lobby.text or "")
    return leader, hand


async def _lead_and_check(bot: Bot, emu: TelegramEmulator, group: int, leader: User,
                          hand: Message) -> None:
    data = next(d for d in sorted(hand.callback_datas()) if d.startswith("p:"))
    move = decode(data)
    assert isinstance(move, PlayTile) and move.end is None
    await bot.press(leader, leader.id, hand.message_id, data)
    await bot.settle()
    # exactly one picture, sent (never edited from an empty one), showing the lead
    assert emu.call_count("sendPhoto", chat_id=group) == 1
    assert emu.call_count("editMessageMedia", chat_id=group) == 0
    pictures = _pictures(emu, group)
    assert len(pictures) == 1
    table = pictures[0]
    caption = table.caption or ""
    assert any(tr("en", "table.last", move=f"{leader.first_name} — {a}-{b}") in caption
               for a, b in ((move.tile.a, move.tile.b), (move.tile.b, move.tile.a))), caption
    game = await bot.game_in(group)
    assert game is not None and game.turn is not None
    assert f"Turn: {game.seats[game.turn].name}" in (table.caption or "")
    assert table.photo_bytes is not None

async def test_the_first_table_comes_with_the_lead(emu: TelegramEmulator,
                                                   db_path: Path) -> None:
    async with running_bot(emu, db_path) as bot:
        group, people = await _start(bot, emu)
        leader, hand = await _check_waiting_for_the_lead(bot, emu, group, people)
        await _lead_and_check(bot, emu, group, leader, hand)


async def test_a_restart_before_the_lead_sends_no_empty_table(emu: TelegramEmulator,
                                                              db_path: Path) -> None:
    async with running_bot(emu, db_path) as bot:
        group, people = await _start(bot, emu)
        await _check_waiting_for_the_lead(bot, emu, group, people)
    async with running_bot(emu, db_path) as bot:  # the restart reconciles every message
        await bot.settle()
        leader, hand = await _check_waiting_for_the_lead(bot, emu, group, people)
        await _lead_and_check(bot, emu, group, leader, hand)
