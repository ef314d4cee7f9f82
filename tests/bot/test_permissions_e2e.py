"""Who may change what in a group, through the emulator: the chat's settings by its
admins only (one line per change confirms them), a started game cancelled by an
admin or by all its people agreeing on a button, seats for the group's members only,
nobody writing as the group or a channel, a non-seated admin starting the table, the
bot's removal from a group cancelling its games, and a seat rated whoever moved for it."""

from __future__ import annotations

import random
from pathlib import Path

from bot.showing.timers import fire_due, get_runtime
from bot.texts import tr
from bot.wiring.state import get_state
from service.timers import ManualClock, TimerSettings
from tests.bot.emulator import Failure, TelegramEmulator, bad_request
from tests.bot.emulator.models import Chat, Message, User
from tests.bot.harness import Bot, on_turn, open_table, play_to_end, running_bot, start_game

CHANNEL = {"id": -1009876543210, "type": "channel", "title": "Domino news"}


def club(emu: TelegramEmulator) -> tuple[User, list[User], Chat]:
    """Olga owns the group (its admin) and plays in none of its games; Anna, Boris and
    Vera are plain members."""
    olga = emu.add_user("Olga", language_code="en")
    people = [emu.add_user(name, language_code="en") for name in ("Anna", "Boris", "Vera")]
    return olga, people, emu.add_group("Club", [olga, *people])


def last_text(emu: TelegramEmulator, chat_id: int) -> str:
    return emu.bot_messages(chat_id)[-1].text or ""


def agreement(emu: TelegramEmulator, chat_id: int) -> Message:
    """The group's message with the button that agrees to cancel the game."""
    for m in reversed(emu.bot_messages(chat_id)):
        if any(d.startswith("k:") for d in m.callback_datas()):
            return m
    raise AssertionError("no agreement to cancel")


async def press_agree(bot: Bot, user: User, chat_id: int) -> str | None:
    msg = agreement(bot.emu, chat_id)
    data = next(d for d in msg.callback_datas() if d.startswith("k:"))
    return await bot.press(user, chat_id, msg.message_id, data)


async def test_the_chat_s_settings_are_its_admins(emu: TelegramEmulator, db_path: Path) -> None:
    olga, (anna, boris, _), group = club(emu)
    async with running_bot(emu, db_path, clock=ManualClock()) as bot:
        timers = get_runtime(bot.app).timers
        await open_table(bot, group.id, [anna, boris], "draw")
        # the lobby's creator is no admin: the chat's settings are not his
        await bot.send(anna, group.id, "/settings idle 1h")
        assert last_text(emu, group.id) == tr("en", "err.not_chat_admin")
        assert await timers.settings(group.id) == TimerSettings()
        await bot.send(anna, group.id, "/language ru")
        assert last_text(emu, group.id) == tr("en", "err.not_chat_admin")
        assert await bot.service.chat_language(group.id) == "en"
        # an admin's change is confirmed with a line per setting changed
        await bot.send(olga, group.id, "/settings idle 1h")
        assert last_text(emu, group.id) == "💤 A game without moves closes after: 1 h"
        assert (await timers.settings(group.id)).idle == 3600
        await bot.send(olga, group.id, "/settings turn 30s forced off hints off")
        assert last_text(emu, group.id) == (
            "⏱ Time per turn: 30 s\n⏩ A forced pass or draw plays itself: off\n"
            "💡 Points on the tile buttons: off")
        # the whole summary only on /settings alone (here by a member, who may read it)
        await bot.lobby_press(anna, group.id, "x")  # the creator cancels his lobby
        await bot.send(boris, group.id, "/settings")
        summary = last_text(emu, group.id)
        assert "Time per turn: 30 s" in summary and "A chat admin changes them:" in summary
        # Telegram cannot say whether he is an admin: refused, and told why
        emu.fail_next("getChatMember", error=Failure(error=bad_request("chat not found")))
        await bot.send(olga, group.id, "/settings idle 2h")
        assert last_text(emu, group.id) == tr("en", "err.admin_unknown")
        assert (await timers.settings(group.id)).idle == 3600
        # in his private chat the settings are his own (its solo tables'), not a group's
        await emu.user_starts_bot(olga)
        await bot.send(olga, olga.id, "/settings idle 2h")
        assert (await timers.settings(olga.id)).idle == 7200
        assert (await timers.settings(group.id)).idle == 3600


async def test_a_topic_s_creator_cannot_close_the_other_topics(emu: TelegramEmulator,
                                                              db_path: Path) -> None:
    olga, (anna, boris, vera), _ = club(emu)
    forum = emu.add_group("Forum", [olga, anna, boris, vera], forum=True)
    async with running_bot(emu, db_path, clock=ManualClock()) as bot:
        for user in (anna, boris, vera):
            await emu.user_starts_bot(user)
        topic = await emu.create_topic(forum, "Table 2", by=boris)
        await bot.send(boris, forum.id, "/newgame draw")
        await emu.user_sends(vera, forum.id, "/newgame draw", topic=topic)
        await bot.settle()
        await bot.send(boris, forum.id, "/settings idle 1h")  # General's creator
        assert emu.topic_messages(forum, None)[-1].text == tr("en", "err.not_chat_admin")
        timers = get_runtime(bot.app).timers
        assert await timers.settings(forum.id) == TimerSettings()
        assert await bot.service.active_game(forum.id, topic=topic) is not None


async def test_after_the_start_all_its_people_cancel_together(emu: TelegramEmulator,
                                                              db_path: Path) -> None:
    _, (anna, boris, vera), group = club(emu)
    dasha = emu.add_user("Dasha", language_code="en")
    emu.add_member(group, dasha)
    async with running_bot(emu, db_path) as bot:
        game = await start_game(bot, group.id, [anna, boris, vera], "draw")
        await bot.send(anna, group.id, "/cancel")  # the creator only asks the others
        assert (await bot.game_in(group.id) or game).status == "playing"
        msg = agreement(emu, group.id)
        assert msg.text == tr("en", "cancel.ask", name="Anna")
        assert [t for row in msg.keyboard() for t, _ in row] == ["✅ Cancel the game (1/3)"]
        assert await press_agree(bot, dasha, group.id) == tr("en", "err.not_in_game")
        assert await press_agree(bot, anna, group.id) == tr("en", "ans.cancel_already",
                                                            agreed=1, needed=3)
        assert await press_agree(bot, boris, group.id) == tr("en", "ans.cancel_agreed",
                                                             agreed=2, needed=3)
        msg = agreement(emu, group.id)
        assert [t for row in msg.keyboard() for t, _ in row] == ["✅ Cancel the game (2/3)"]
        assert (await bot.game_in(group.id) or game).status == "playing"
        assert await press_agree(bot, vera, group.id) == tr("en", "ans.cancelled")
        assert (await bot.game_in(group.id) or game).status == "cancelled"
        done = emu.message(group.id, msg.message_id)
        assert done is not None and done.text == tr("en", "cancel.done")
        assert done.callback_datas() == set()


async def test_an_admin_cancels_a_started_game_at_once(emu: TelegramEmulator,
                                                       db_path: Path) -> None:
    olga, (anna, boris, _), group = club(emu)
    async with running_bot(emu, db_path) as bot:
        await start_game(bot, group.id, [anna, boris], "draw")
        await bot.send(olga, group.id, "/cancel")  # an admin, not seated
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "cancelled"
        assert tr("en", "cancel.done") in [m.text for m in emu.bot_messages(group.id)]


async def test_only_members_join_by_the_link(emu: TelegramEmulator, db_path: Path) -> None:
    _, (anna, boris, vera), group = club(emu)
    stranger = emu.add_user("Stranger", language_code="en")
    async with running_bot(emu, db_path) as bot:
        game = await open_table(bot, group.id, [anna], "draw")
        link = await get_state(bot.app).presenter.game_link(game)
        token = link.split("start=", 1)[1]
        # a link that left the group seats nobody, and names no game of it
        await emu.user_starts_bot(stranger, token)
        await bot.settle()
        assert last_text(emu, stranger.id) == tr("en", "err.not_member")
        emu.ban(group, boris)
        await emu.user_starts_bot(boris, token)
        await bot.settle()
        assert last_text(emu, boris.id) == tr("en", "err.not_member")
        # Telegram cannot say: he is not seated, and told why
        emu.fail_next("getChatMember", error=Failure(error=bad_request("chat not found")))
        await emu.user_starts_bot(vera, token)
        await bot.settle()
        assert last_text(emu, vera.id) == tr("en", "start.member_unknown")
        lobby = await bot.game_in(group.id)
        assert lobby is not None and [s.user_id for s in lobby.seats] == [anna.id]
        # a restricted member is a member still
        emu.restrict(group, vera)
        await emu.user_starts_bot(vera, token)
        await bot.settle()
        assert last_text(emu, vera.id) == tr("en", "start.joined",
                                             variant=tr("en", "variant.draw"))
        lobby = await bot.game_in(group.id)
        assert lobby is not None and [s.user_id for s in lobby.seats] == [anna.id, vera.id]


async def test_nobody_plays_as_the_group_or_a_channel(emu: TelegramEmulator,
                                                      db_path: Path) -> None:
    olga, (anna, boris, _), group = club(emu)
    async with running_bot(emu, db_path) as bot:
        await emu.anonymous_admin_sends(group, "/newgame draw", olga)
        await bot.settle()
        assert last_text(emu, group.id) == tr("en", "sender.impersonal")
        assert await bot.game_in(group.id) is None
        await emu.channel_sends(group, "/newgame", CHANNEL)
        await bot.settle()
        assert last_text(emu, group.id) == tr("en", "sender.impersonal")
        assert await bot.game_in(group.id) is None
        # nor changes a game or the chat's settings
        await start_game(bot, group.id, [anna, boris], "draw")
        for text in ("/cancel", "/settings idle 1h", "/language ru"):
            await emu.anonymous_admin_sends(group, text, olga)
            await bot.settle()
            assert last_text(emu, group.id) == tr("en", "sender.impersonal")
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "playing"
        assert await bot.service.chat_language(group.id) == "en"
        assert (await get_runtime(bot.app).timers.settings(group.id)) == TimerSettings()
        assert {s.user_id for s in game.seats} == {anna.id, boris.id}


async def test_an_admin_who_does_not_sit_may_start(emu: TelegramEmulator,
                                                   db_path: Path) -> None:
    olga, (anna, boris, vera), group = club(emu)
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, [anna, boris], "draw")
        assert await bot.lobby_press(vera, group.id, "go") == tr("en", "err.not_in_game")
        assert await bot.lobby_press(olga, group.id, "go") == tr("en", "ans.started")
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "playing"
        assert {s.user_id for s in game.seats} == {anna.id, boris.id}


def _told_once_each(emu: TelegramEmulator, game_id: int, users: tuple[User, ...]) -> None:
    """Each person of the draw game was told once, in private, that it was cancelled."""
    told = tr("en", "removed.cancelled", game_id=game_id, variant=tr("en", "variant.draw"))
    for user in users:
        assert [m.text for m in emu.bot_messages(user.id)].count(told) == 1


async def test_removed_from_the_group_the_bot_stops_its_game(emu: TelegramEmulator,
                                                             db_path: Path) -> None:
    olga, (anna, boris, _), group = club(emu)
    async with running_bot(emu, db_path) as bot:
        game = await start_game(bot, group.id, [anna, boris], "draw")
        # the table of the lead is on its way to the group when the bot is removed
        turn = await on_turn(bot, [anna, boris], group.id)
        assert turn is not None
        leader, hand = turn
        gate = emu.hold(None, group.id)
        lead = next(d for d in sorted(hand.callback_datas()) if d.startswith("p:"))
        await emu.press(leader, leader.id, hand.message_id, lead)
        await gate.reached()
        before = len(emu.calls_for(group.id))
        await emu.kick_bot(group, by=olga)
        await emu.wait_idle(bot.app)
        gate.fail(Failure.timed_out())  # it fails: what would be tried again is not
        await bot.settle()
        stopped = await bot.service.game(game.game_id)
        assert stopped.status == "cancelled"
        _told_once_each(emu, game.game_id, (anna, boris))
        # nothing more went to the group but the call held then; nor goes later
        assert len(emu.calls_for(group.id)) == before + 1
        await emu.user_sends(anna, anna.id, "/hand")
        await bot.settle()
        assert len(emu.calls_for(group.id)) == before + 1


async def test_a_group_that_says_the_bot_was_kicked_stops_its_game(
        emu: TelegramEmulator, db_path: Path) -> None:
    """The removal's my_chat_member update was missed (the bot was down, say): the
    first send there answers "bot was kicked", and that stops the game just the same."""
    _, (anna, boris, _), group = club(emu)
    async with running_bot(emu, db_path) as bot:
        game = await start_game(bot, group.id, [anna, boris], "draw")
        chat = emu.world.chat(group.id)
        chat.bot_member, chat.bot_kicked = False, True  # removed, and no update for it
        turn = await on_turn(bot, [anna, boris], group.id)
        assert turn is not None
        leader, hand = turn
        lead = next(d for d in sorted(hand.callback_datas()) if d.startswith("p:"))
        await bot.press(leader, leader.id, hand.message_id, lead)  # its table: refused
        await bot.settle()
        stopped = await bot.service.game(game.game_id)
        assert stopped.status == "cancelled"
        _told_once_each(emu, game.game_id, (anna, boris))
        refused = emu.call_count(chat_id=group.id, ok=False)
        await emu.user_sends(anna, anna.id, "/hand")
        await bot.settle()
        assert emu.call_count(chat_id=group.id, ok=False) == refused  # nothing tried again


async def test_a_seat_taken_over_is_still_rated(emu: TelegramEmulator, db_path: Path) -> None:
    olga, (anna, boris, _), group = club(emu)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.send(olga, group.id, "/settings turn 30s takeover 1")
        await start_game(bot, group.id, [anna, boris], "draw")
        turn = await on_turn(bot, [anna, boris], group.id)
        assert turn is not None
        late, _ = turn
        clock.advance(30)
        await fire_due(bot.app)
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None
        late_seat = game.seat_of(late.id)
        assert late_seat is not None and late_seat.away  # the computer plays for him
        other = boris if late is anna else anna
        await play_to_end(bot, group.id, [other], random.Random(4))
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        rated = {line.user_id for line in await bot.service.ratings.top("block_draw",
                                                                         group.id)}
        assert rated == {anna.id, boris.id}
