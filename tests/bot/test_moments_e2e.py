"""Moments as messages, end to end: what people must notice is one new message (a
round's end, the game's end with its rematch, a cancel, a take-over told in private),
and a turn ping and a timer's notice never reach one person within a minute."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.showing import pings
from bot.showing.timers import fire_due
from bot.texts import plural, tr, variant_name
from bot.ui.result_words import round_caption, round_note
from service import GameService
from service.timers import ManualClock
from tests.bot.emulator import HistoryEntry, TelegramEmulator, User
from tests.bot.harness import (
    Bot,
    choose,
    on_turn,
    open_table,
    play_lead,
    play_to_end,
    running_bot,
    start_game,
)

pytestmark = pytest.mark.filterwarnings(
    "ignore:.*retry_after.*:telegram.warnings.PTBDeprecationWarning")

USERS_METHODS = ("user_message", "service", "user_edit")


def _people(emu: TelegramEmulator) -> tuple[list[User], int]:
    users = [emu.add_user("Anna", language_code="en"), emu.add_user("Boris", language_code="en")]
    return users, emu.add_group("Club", users).id


def _bot_calls(emu: TelegramEmulator, chat_id: int, since: int) -> list[HistoryEntry]:
    """What the bot did in the chat since history index ``since``: sends, edits, deletes."""
    return [h for h in emu.history(chat_id)[since:] if h.method not in USERS_METHODS]


def _hand_text(bot: Bot, user: User) -> str:
    """The text of his latest hand message (it lists his tiles)."""
    marker = tr("en", "hand.tiles", tiles="")
    for m in reversed(bot.emu.bot_messages(user.id)):
        if m.text and marker in m.text:
            return m.text
    raise AssertionError(f"{user.first_name} has no hand")


async def _play_until_a_round_ends(bot: Bot, group: int, users: list[User],
                                   rng: random.Random) -> int:
    """Press hand buttons until the first round ends; the group's history index just
    before the press that ended it."""
    game = await bot.game_in(group)
    assert game is not None
    for _ in range(500):
        if await bot.service.ended_rounds(game.game_id):
            raise AssertionError("the round ended before a press was watched")
        found = await on_turn(bot, users, group)
        assert found is not None, "nobody can move"
        user, hand = found
        data = choose(hand.callback_datas(), rng)
        assert data is not None
        before = len(bot.emu.history(group))
        await bot.press(user, user.id, hand.message_id, data)
        if await bot.service.ended_rounds(game.game_id):
            return before
    raise AssertionError("the round did not end")


async def test_a_round_end_is_one_new_group_message_and_a_line_in_every_hand(
        emu: TelegramEmulator, db_path: Path) -> None:
    users, group = _people(emu)
    async with running_bot(emu, db_path) as bot:
        game = await start_game(bot, group, users, "draw")
        await play_lead(bot, group, users)
        live = bot.table(group)
        assert live is not None
        before = await _play_until_a_round_ends(bot, group, users, random.Random(3))
        await bot.settle()
        calls = _bot_calls(emu, group, before)
        notifying = [h for h in calls if h.notifies]
        # exactly one new group message: the round's last position with its whole summary
        assert len(notifying) == 1, [(h.method, h.snapshot) for h in calls]
        moment = notifying[0]
        assert moment.method == "sendPhoto"
        assert not any(h.method == "sendMessage" for h in calls)  # the summary is not split
        (end, hands), = await bot.service.ended_rounds(game.game_id)
        final, = await bot.service.ended_round_views(game.game_id)
        game = await bot.game_in(group)
        assert game is not None and game.view is not None
        caption = round_caption("en", game, final, end, 1, hands, None)
        assert (moment.snapshot or {}).get("caption") == caption
        # the ended round's live table, out of date now, is gone
        assert emu.message(group, live.message_id) is None
        assert [h.action for h in calls if h.message_id == live.message_id][-1] == "delete"

        # every hand of the next round opens with the result line, until its own move
        for user in users:
            seat = game.seat_of(user.id)
            assert seat is not None
            note = round_note("en", game, game.view, seat.seat, end, 1)
            assert _hand_text(bot, user).startswith(note), _hand_text(bot, user)
        since = len(emu.history(group))
        leader, _ = await play_lead(bot, group, users)
        seat = game.seat_of(leader.id)
        assert seat is not None
        assert round_note("en", game, game.view, seat.seat, end, 1).split(" · ")[0] \
            not in _hand_text(bot, leader)
        # the next round's table came with its lead, without notification
        tables = [h for h in _bot_calls(emu, group, since) if h.method == "sendPhoto"]
        assert len(tables) == 1 and not tables[0].notifies


async def test_an_untold_round_is_told_once_after_a_restart(emu: TelegramEmulator,
                                                            db_path: Path) -> None:
    """The bot stops after a round's last move was stored: if its summary was sent but
    not counted as told, the restart sends nothing more; if it was not sent, the restart
    sends it, once."""
    users, group = _people(emu)
    async with running_bot(emu, db_path) as bot:
        game = await start_game(bot, group, users, "draw")
        await play_lead(bot, group, users)
        await _play_until_a_round_ends(bot, group, users, random.Random(5))
        await bot.settle()
        summary = bot.table(group)
        assert summary is not None

    async def untell(*, unsent: bool) -> None:
        service = await GameService.open(db_path)
        try:
            await service.set_announced(game.game_id, 0, False)
            if unsent:
                await service.mark_shown(game.game_id, "table", None, version=1,
                                         digest="a live table before the round's end")
        finally:
            await service.close()

    for unsent, expected in ((False, 0), (True, 1)):
        await untell(unsent=unsent)
        since = len(emu.history(group))
        async with running_bot(emu, db_path) as bot:
            await bot.settle()
            sent = [h for h in _bot_calls(emu, group, since) if h.notifies]
            assert len(sent) == expected, [(h.method, h.snapshot) for h in sent]
            assert all((h.snapshot or {}).get("caption") == summary.caption for h in sent)
            assert (await bot.service.announced(game.game_id))[0] == 1
        since = len(emu.history(group))
        async with running_bot(emu, db_path) as bot:  # told now: the next start is quiet
            await bot.settle()
            assert not [h for h in _bot_calls(emu, group, since) if h.notifies]


def _seating(game: Any) -> list[tuple[int, int | None, str, str | None]]:
    return [(s.seat, s.user_id, s.name, s.ai_level) for s in game.seats]


async def test_game_over_offers_a_rematch_that_starts_the_same_table(
        emu: TelegramEmulator, db_path: Path) -> None:
    users, group_id = _people(emu)
    carol = emu.add_user("Carol", language_code="en")
    emu.add_member(group_id, carol)
    anna, boris = users
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group_id, users, "kozel", ai=2)
        await bot.settings(anna, group_id, "fp")  # a house rule the rematch keeps
        await bot.lobby_press(anna, group_id, "go")
        await play_to_end(bot, group_id, users, random.Random(11))
        await bot.settle()
        old = await bot.game_in(group_id)
        assert old is not None and old.status == "finished" and old.options.get("fish_point")
        lang = "en"

        # the game's end: one new message, its result and the rematch and review buttons
        rematch, review = f"m:{old.game_id}", f"v:{old.game_id}"
        finals = [m for m in emu.bot_messages(group_id) if rematch in m.callback_datas()]
        assert len(finals) == 1
        final = finals[0]
        assert review in final.callback_datas()
        assert final.keyboard()[0][0][0] == tr(lang, "btn.rematch")

        # who did not play may not ask; a chat with a game has no rematch
        assert await bot.press(carol, group_id, final.message_id, rematch) \
            == tr("en", "rematch.not_player")
        await bot.send(anna, group_id, "/newgame")  # no variant: the last game's
        lobby = await bot.game_in(group_id)
        assert lobby is not None and lobby.status == "lobby" and lobby.variant == "kozel"
        assert await bot.press(anna, group_id, final.message_id, rematch) \
            == tr("en", "rematch.busy")
        await bot.send(anna, group_id, "/cancel")

        # each person presses; a double press changes nothing
        assert await bot.press(anna, group_id, final.message_id, rematch) \
            == tr("en", "rematch.asked", names="Boris")
        assert (emu.message(group_id, final.message_id) or final).keyboard()[0][0][0] \
            == tr(lang, "btn.rematch_count", done=1, all=2)
        assert await bot.press(anna, group_id, final.message_id, rematch) \
            == tr("en", "rematch.again", names="Boris")
        assert (await bot.game_in(group_id)).game_id == lobby.game_id  # nothing started
        assert await bot.press(boris, group_id, final.message_id, rematch) \
            == tr("en", "rematch.started")
        new = await bot.game_in(group_id)
        assert new is not None and new.game_id > lobby.game_id
        assert new.status in ("playing", "finished")
        assert (new.chat_id, new.topic, new.variant, dict(new.options)) \
            == (old.chat_id, old.topic, old.variant, dict(old.options))
        assert _seating(new) == _seating(old)
        assert (emu.message(group_id, final.message_id) or final).keyboard()[0][0][0] \
            == tr(lang, "btn.rematch_started")
        assert await bot.press(anna, group_id, final.message_id, rematch) \
            == tr("en", "rematch.done")
        # the people got their new hands
        for user in users:
            assert any(d.split(":")[1] == str(new.game_id)
                       for m in emu.bot_messages(user.id) for d in m.callback_datas()
                       if d.startswith(("p:", "t:", "d:", "s:"))), user.first_name


async def test_a_rematch_ask_outlives_a_restart(emu: TelegramEmulator, db_path: Path) -> None:
    users, group_id = _people(emu)
    anna, boris = users
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group_id, users, "draw")
        await bot.lobby_press(anna, group_id, "go")
        await play_to_end(bot, group_id, users, random.Random(5))
        await bot.settle()
        old = await bot.game_in(group_id)
        assert old is not None and old.status == "finished"
        rematch = f"m:{old.game_id}"
        final = next(m for m in emu.bot_messages(group_id) if rematch in m.callback_datas())
        assert await bot.press(anna, group_id, final.message_id, rematch) \
            == tr("en", "rematch.asked", names="Boris")
    async with running_bot(emu, db_path) as bot:  # a restart keeps Anna's ask
        assert await bot.press(anna, group_id, final.message_id, rematch) \
            == tr("en", "rematch.again", names="Boris")
        assert await bot.press(boris, group_id, final.message_id, rematch) \
            == tr("en", "rematch.started")
        new = await bot.game_in(group_id)
        assert new is not None and new.game_id != old.game_id and new.variant == "draw"
        assert await bot.press(boris, group_id, final.message_id, rematch) \
            == tr("en", "rematch.done")


async def test_cancel_is_one_group_message(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = _people(emu)
    async with running_bot(emu, db_path) as bot:
        # a game under way: one new message says it; the hands are edited to say it
        await start_game(bot, group, users, "draw")
        await play_lead(bot, group, users)
        since = len(emu.history(group))
        private = {u.id: len(emu.history(u.id)) for u in users}
        await bot.send(users[0], group, "/cancel")
        calls = _bot_calls(emu, group, since)
        assert [(h.action, h.method) for h in calls] == [("send", "sendMessage")]
        assert (calls[0].snapshot or {}).get("text") == tr("en", "cancel.done")
        for user in users:
            assert tr("en", "hand.cancelled") in _hand_text(bot, user)
            assert {h.action for h in _bot_calls(emu, user.id, private[user.id])} == {"edit"}

        # a lobby: its message, edited, is the one message
        await bot.send(users[0], group, "/newgame draw")
        lobby = bot.lobby(group)
        since = len(emu.history(group))
        await bot.send(users[0], group, "/cancel")
        calls = _bot_calls(emu, group, since)
        assert [(h.action, h.message_id) for h in calls] == [("edit", lobby.message_id)]
        assert tr("en", "lobby.cancelled") in ((calls[0].snapshot or {}).get("text") or "")


async def test_a_take_over_tells_the_player_how_to_come_back(emu: TelegramEmulator,
                                                             db_path: Path) -> None:
    users, group = _people(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock, ai_delay=60.0) as bot:
        await bot.send(users[0], group, "/settings turn 1m takeover 1")
        game = await start_game(bot, group, users, "draw")
        found = await on_turn(bot, users, group)
        assert found is not None
        late, _ = found
        since = len(emu.history(late.id))
        clock.advance(60)
        await fire_due(bot.app)
        await bot.settle()
        told = tr("en", "timer.took_over_private", count=plural("en", 1, "turn"),
                  variant=variant_name("en", game.variant), game_id=game.game_id)
        sent = [h for h in _bot_calls(emu, late.id, since)
                if h.action == "send" and (h.snapshot or {}).get("text") == told]
        assert len(sent) == 1 and sent[0].notifies
        assert "/back" in told
        await bot.send(late, late.id, "/back")
        game = await bot.game_in(group)
        assert game is not None and not any(s.away for s in game.seats)


def _nudges(bot: Bot, user: User, since: int) -> list[str]:
    """The pings (a hand sent anew under 🔔) and the timer notices he got since then."""
    notice = tr("en", "timer.reminder", left="\0", variant="\0", game_id="\0").split("\0")[0]
    your_turn = tr("en", "timer.your_turn", time="\0", variant="\0", game_id="\0")
    out = []
    for h in _bot_calls(bot.emu, user.id, since):
        text = str((h.snapshot or {}).get("text") or "")
        if h.action == "send" and (text.startswith(("🔔", notice))
                                   or text.startswith(your_turn.split("\0")[0])):
            out.append(text.split("\n")[0])
    return out


async def test_a_ping_and_a_timer_notice_are_a_minute_apart(emu: TelegramEmulator,
                                                            db_path: Path) -> None:
    users, group = _people(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        # a one-minute turn: the ping at 20 s; the reminder due at 46 s is skipped
        await bot.send(users[0], group, "/settings turn 1m")
        await start_game(bot, group, users, "draw")
        await play_lead(bot, group, users)
        found = await on_turn(bot, users, group)
        assert found is not None
        user, _ = found
        since = len(emu.history(user.id))
        clock.advance(21)
        await pings.fire_due(bot.app)
        await bot.settle()
        assert [t[0] for t in _nudges(bot, user, since)] == ["🔔"]
        clock.advance(25)
        await fire_due(bot.app)
        await bot.settle()
        assert len(_nudges(bot, user, since)) == 1  # the reminder 25 s after it: skipped

        # a slow game: the turn's notice comes first, its ping 20 s later is skipped,
        # the reminder an hour later goes out
        await bot.send(users[0], group, "/cancel")
        await bot.send(users[0], group, "/settings turn 24h")
        clock.advance(120)
        await start_game(bot, group, users, "draw")
        await play_lead(bot, group, users)
        found = await on_turn(bot, users, group)
        assert found is not None
        user, _ = found
        nudges = _nudges(bot, user, 0)
        since = len(emu.history(user.id))
        assert nudges and nudges[-1].startswith("🁫")  # the turn's notice
        clock.advance(21)
        await pings.fire_due(bot.app)
        await bot.settle()
        assert _nudges(bot, user, since) == []
        clock.advance(3600)
        await pings.fire_due(bot.app)
        await bot.settle()
        assert [t[0] for t in _nudges(bot, user, since)] == ["🔔"]
