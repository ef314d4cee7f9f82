"""End to end through the emulator: scoring hints on the hand's
buttons in a game of All Fives (each hint is what the press then scores; none after
``/settings hints off``), ``/table text``, and the live table as text (edited as moves
are made, switched back to a picture mid-game, kept across a restart)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.showing import pings
from bot.texts import tr
from bot.ui.text_table import facts_of_view, parse_table_text
from service import GameService
from service.timers import ManualClock, TurnTimers
from tests.bot.emulator import Message, TelegramEmulator, User
from tests.bot.harness import (
    Bot,
    on_turn,
    open_table,
    play_lead,
    play_to_end,
    running_bot,
    start_game,
)

HINT = re.compile(r" \+(\d+)$")
HOUR = 3600


def _people(emu: TelegramEmulator) -> tuple[list[User], int]:
    users = [emu.add_user("Anna", language_code="en"), emu.add_user("Boris", language_code="en")]
    return users, emu.add_group("Club", users).id  # Anna owns the group: an admin


def _placements(msg: Message) -> list[tuple[str, str]]:
    """The hand's placement buttons: (label, callback data)."""
    return [(text, data) for row in msg.keyboard() for text, data in row
            if data is not None and data.startswith("p:")]


async def _press_and_check(bot: Bot, group: int, user: User, msg: Message, label: str,
                           data: str) -> None:
    """Press a placement; when its round goes on, the mover's side scored its hint."""
    game = await bot.game_in(group)
    assert game is not None and game.view is not None
    seat = game.seat_of(user.id)
    assert seat is not None
    side = game.view.sides.index(next(s for s in game.view.sides if seat.seat in s))
    before, round_index = game.view.totals[side], game.view.round_index
    match = HINT.search(label)
    hint = int(match[1]) if match else 0
    answer = await bot.press(user, user.id, msg.message_id, data)
    assert answer is None or "out of date" not in answer, answer
    after = await bot.game_in(group)
    assert after is not None and after.view is not None
    if after.status == "playing" and after.view.round_index == round_index:
        assert after.view.totals[side] - before == hint, (label, before, after.view.totals)


async def test_hints_are_what_the_press_scores_and_go_with_the_setting(
        emu: TelegramEmulator, db_path: Path) -> None:
    users, group = _people(emu)
    rng = random.Random(15)
    async with running_bot(emu, db_path) as bot:
        await start_game(bot, group, users, "all_fives")
        hinted = 0
        for _ in range(120):
            found = await on_turn(bot, users, group)
            if found is None:
                break
            user, msg = found
            buttons = _placements(msg)
            assert buttons, msg.keyboard()
            assert all(len(text) <= 32 for text, _ in buttons)
            scoring = [b for b in buttons if HINT.search(b[0])]
            label, data = rng.choice(scoring or buttons)
            hinted += bool(scoring)
            await _press_and_check(bot, group, user, msg, label, data)
            if hinted >= 3:
                break
        assert hinted >= 3, "no placement scored in 120 moves"

        await bot.send(users[0], group, "/settings hints off")
        text = emu.last_message(group).text or ""
        assert "Points on the tile buttons: off" in text
        for _ in range(12):
            found = await on_turn(bot, users, group)
            if found is None:
                break
            user, msg = found
            buttons = _placements(msg)
            assert buttons and not any(HINT.search(text) for text, _ in buttons), buttons
            _label, data = rng.choice(buttons)
            await bot.press(user, user.id, msg.message_id, data)

        await bot.send(users[1], group, "/settings hints on")  # no admin of the group
        assert "Only a group admin" in (emu.last_message(group).text or "")
        await bot.send(users[0], group, "/settings hints maybe")
        assert "nothing was changed" in (emu.last_message(group).text or "")


def _text_table(bot: Bot, group: int) -> Message | None:
    for m in reversed(bot.emu.bot_messages(group)):
        if m.text and "\nLead: " in m.text:
            return m
    return None


async def _matches_view(bot: Bot, group: int, msg: Message) -> None:
    game = await bot.game_in(group)
    assert game is not None and game.view is not None and msg.text is not None
    assert parse_table_text("en", msg.text) == facts_of_view(game.view)


async def test_table_text_sends_the_table_once(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = _people(emu)
    async with running_bot(emu, db_path) as bot:
        await start_game(bot, group, users, "all_fives")
        await play_lead(bot, group, users)
        live = bot.table(group)
        assert live is not None
        await bot.send(users[1], group, "/table text")
        msg = bot.emu.last_message(group)
        assert msg is not None and msg.text is not None and "\nLead: [" in msg.text
        assert msg.entities and any(e["type"] == "pre" for e in msg.entities)
        assert not msg.keyboard()  # not the live table: no link, never edited
        await _matches_view(bot, group, msg)
        assert bot.table(group) is live  # the live picture stays
        # switched mid-game: the live picture is replaced by a live text table
        await bot.send(users[0], group, "/settings table text")
        assert bot.table(group) is None
        live_text = _text_table(bot, group)
        assert live_text is not None and live_text.message_id != msg.message_id
        assert any(row for row in live_text.keyboard())  # the link to the hands, as before
        await _matches_view(bot, group, live_text)
        await bot.send(users[1], group, "/table garbage")
        assert "/table text" in (emu.last_message(group).text or "")
        # in private /table is about his solo table there, and he has none
        await bot.send(users[1], users[1].id, "/table text")
        assert emu.last_message(users[1].id).text == tr("en", "no_game_private")


async def _play(bot: Bot, group: int, users: list[User], rng: random.Random,
                presses: int) -> None:
    for _ in range(presses):
        found = await on_turn(bot, users, group)
        if found is None:
            return
        user, msg = found
        _label, data = rng.choice(_placements(msg))
        await bot.press(user, user.id, msg.message_id, data)


async def test_the_live_table_as_text(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = _people(emu)
    rng = random.Random(4)
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group, users, "all_fives")
        await bot.send(users[0], group, "/settings table text")
        assert "The live table: text" in (emu.last_message(group).text or "")
        await bot.lobby_press(users[0], group, "go")
        await _play(bot, group, users, rng, 1)  # the lead: the table comes with it
        assert bot.table(group) is None  # no picture: the table is text
        first = _text_table(bot, group)
        assert first is not None
        await _matches_view(bot, group, first)
        edits_before = sum(1 for h in emu.history(group) if h.method == "editMessageText")
        await _play(bot, group, users, rng, 4)
        live = _text_table(bot, group)
        assert live is not None and live.message_id == first.message_id  # edited in place
        assert sum(1 for h in emu.history(group) if h.method == "editMessageText") \
            > edits_before
        await _matches_view(bot, group, live)
        game = await bot.game_in(group)
        assert game is not None
        ref = await bot.service.shown_one(game.game_id, "table")
        assert ref is not None and ref.message_id == live.message_id

    async with running_bot(emu, db_path) as bot:  # a restart keeps the text table live
        await bot.settle()
        await _play(bot, group, users, rng, 2)
        again = _text_table(bot, group)
        assert again is not None and again.message_id == first.message_id
        await _matches_view(bot, group, again)

        await bot.send(users[0], group, "/settings table picture")  # back to the picture
        await bot.settle()
        assert _text_table(bot, group) is None  # the text table was replaced...
        picture = bot.table(group)
        assert picture is not None  # ...by a live picture
        await _play(bot, group, users, rng, 2)
        now = bot.table(group)
        assert now is not None and now.message_id == picture.message_id  # edited in place


async def test_a_whole_game_with_a_text_table(emu: TelegramEmulator, db_path: Path) -> None:
    """Every round's table and summary as text, the game's result in the last one; no
    picture is ever sent to the group."""
    users, group = _people(emu)
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group, users, "all_fives", target=100)
        await bot.send(users[0], group, "/settings table text")
        start = len(emu.history(group))
        await bot.lobby_press(users[0], group, "go")
        await play_to_end(bot, group, users, random.Random(9))
        await bot.settle()
        game = await bot.game_in(group)
        assert game is not None and game.status == "finished" and game.view is not None
        history = emu.history(group)[start:]
        assert not [h for h in history if h.method in ("sendPhoto", "editMessageMedia")]
        tables = [h for h in history if h.method in ("sendMessage", "editMessageText")
                  and "\nLead: [" in str((h.snapshot or {}).get("text"))]
        rounds = game.view.round_index + 1
        # notifying: the first table, then one new message at each round's end (and at
        # the game's); each later round's table is sent silently, edited as it goes
        moments = {h.message_id for h in tables if h.method == "sendMessage" and h.notifies}
        assert len(moments) == rounds + 1
        live = {h.message_id for h in tables if h.method == "sendMessage" and not h.notifies}
        assert rounds - 2 <= len(live) <= rounds - 1
        last = str((tables[-1].snapshot or {}).get("text"))
        # each ended round's last position, its summary under it (as a picture's caption)
        summaries = {h.message_id for h in tables
                     if re.search(r"\n\n\S+ Round 1:", str((h.snapshot or {}).get("text")))
                     and tr("en", "round.hands") in str((h.snapshot or {}).get("text"))}
        assert len(summaries) == 1
        assert "Game over" in last or "won" in last
        assert all(len(str((h.snapshot or {}).get("text"))) <= 4096 for h in tables)


async def test_a_restart_brings_the_table_to_the_chats_form(emu: TelegramEmulator,
                                                            db_path: Path) -> None:
    """The setting stored but the bot gone before it replaced the live table (a crash):
    the next start shows the table in the chat's form."""
    users, group = _people(emu)
    async with running_bot(emu, db_path) as bot:
        await start_game(bot, group, users, "all_fives")
        await play_lead(bot, group, users)
        picture = bot.table(group)
        assert picture is not None
    service = await GameService.open(db_path)
    try:
        await TurnTimers(service).change_settings(group, users[0].id, ["table", "text"],
                                                  is_admin=True)
    finally:
        await service.close()
    async with running_bot(emu, db_path) as bot:
        await bot.settle()
        assert bot.table(group) is None  # the picture was replaced
        live = _text_table(bot, group)
        assert live is not None
        await _matches_view(bot, group, live)


async def test_a_stalled_turn_mentions_the_player_on_a_text_table(emu: TelegramEmulator,
                                                                  db_path: Path) -> None:
    """The turn pings' first reminder sends the group's table anew mentioning the
    player on turn: with a text table, his name on the turn line is the mention."""
    users, group = _people(emu)
    clock = ManualClock()
    rng = random.Random(2)
    async with running_bot(emu, db_path, clock=clock) as bot:
        await open_table(bot, group, users, "draw")
        await bot.send(users[0], group, "/settings table text")
        await bot.lobby_press(users[0], group, "go")
        await _play(bot, group, users, rng, 1)
        found = await on_turn(bot, users, group)
        assert found is not None
        user = found[0]
        first = _text_table(bot, group)
        assert first is not None and not [e for e in first.entities
                                          if e["type"] == "text_link"]
        for step in (21, HOUR):
            clock.advance(step)
            await pings.fire_due(bot.app)
            await bot.settle()
        resent = _text_table(bot, group)
        assert resent is not None and resent.message_id != first.message_id
        assert resent.text is not None
        links = [e for e in resent.entities if e["type"] == "text_link"]
        assert [e["url"] for e in links] == [f"tg://user?id={user.id}"]
        line = next(t for t in resent.text.split("\n") if t.startswith("Turn: "))
        assert line.endswith(user.first_name)
        await _matches_view(bot, group, resent)
        assert len([m for m in emu.bot_messages(group) if m.text and "\nLead: " in m.text]) == 1
