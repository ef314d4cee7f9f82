"""Calls for the next game through the emulator: ``/nextgame`` in a group, then a lobby
opening there brings each caller ONE private message with a Join button that seats him
through the lobby's own checks; the list is used up by it, so a later lobby sends
nothing. ``/nextgame off``, the list in private, a caller who blocked the bot (known,
or met as Telegram's 403), the 🔔 button under a finished game's result (a toast, no
group message), and forged or old buttons, each answered and changing nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.handlers.calls import CALL_PAYLOAD
from bot.texts import tr, variant_name
from tests.bot.emulator import Message, TelegramEmulator, User
from tests.bot.harness import Bot, play_to_end, running_bot, start_game

pytestmark = pytest.mark.filterwarnings(
    "ignore:.*retry_after.*:telegram.warnings.PTBDeprecationWarning")


def calls_of(bot: Bot, user: User) -> list[Message]:
    """The call messages in his private chat: those sent with a call's Join button (as
    they are now: a Join that seated him is gone from its message)."""
    sent = {h.message_id for h in bot.emu.history(user.id) if h.action == "send"
            and '"j:' in json.dumps(h.snapshot or {})}
    return [m for m in bot.emu.bot_messages(user.id) if m.message_id in sent]


def last_text(bot: Bot, chat_id: int) -> str:
    msg = bot.emu.bot_messages(chat_id)[-1]
    return msg.text or ""


async def open_lobby(bot: Bot, opener: User, group_id: int, variant: str = "draw") -> int:
    await bot.send(opener, group_id, f"/newgame {variant}")
    game = await bot.game_in(group_id)
    assert game is not None and game.status == "lobby"
    return int(game.game_id)


async def test_two_callers_get_one_message_each_and_join_from_it(
        bot: Bot, emu: TelegramEmulator) -> None:
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="ru")
    vera, zoe = emu.add_user("Vera", language_code="en"), emu.add_user("Zoe", language_code="en")
    group = emu.add_group("Club", [anna, boris, vera, zoe])
    for user in (anna, boris, vera, zoe):
        await emu.user_starts_bot(user)
    await bot.settle()
    await bot.send(anna, group.id, "/language en")  # the group's language (its admin)

    # two people call; each gets one short answer in the group
    await bot.send(anna, group.id, "/nextgame")
    assert last_text(bot, group.id) == tr("en", "call.added", name="Anna")
    await bot.send(boris, group.id, "/nextgame")
    assert last_text(bot, group.id) == tr("en", "call.added", name="Boris")
    await bot.send(anna, group.id, "/nextgame")  # again: on the list once
    assert last_text(bot, group.id) == tr("en", "call.again", name="Anna")
    assert await bot.service.calls_waiting(group.id) == 2
    await bot.send(anna, group.id, "/nextgame later")  # garbage: the usage, nothing changes
    assert last_text(bot, group.id) == tr("en", "call.usage")
    assert await bot.service.calls_waiting(group.id) == 2
    # in private, /nextgame lists the groups where he waits
    await bot.send(anna, anna.id, "/nextgame")
    assert last_text(bot, anna.id) == tr("en", "call.private_list", groups="• Club")
    assert calls_of(bot, anna) == calls_of(bot, boris) == []

    # a third opens a lobby: each caller gets exactly one private message, in his language
    group_before = len(emu.bot_messages(group.id))
    game_id = await open_lobby(bot, zoe, group.id)
    assert len(emu.bot_messages(group.id)) == group_before + 1  # the lobby only
    for user, lang in ((anna, "en"), (boris, "ru")):
        (call,) = calls_of(bot, user)
        assert call.text == tr(lang, "call.opens", variant=variant_name(lang, "draw"),
                               title="Club", name="Zoe")
        assert call.callback_datas() == {f"j:{game_id}"}
    assert calls_of(bot, vera) == calls_of(bot, zoe) == []
    assert await bot.service.calls_waiting(group.id) == 0  # one call, one message

    # Join in the message seats him in the lobby, which the group sees
    (call,) = calls_of(bot, anna)
    assert call.callback_datas() == {f"j:{game_id}"}
    assert await bot.press(anna, anna.id, call.message_id, f"j:{game_id}") \
        == tr("en", "ans.joined")
    game = await bot.service.game(game_id)
    assert game.seat_of(anna.id) is not None
    assert "Anna" in (bot.lobby(group.id).text or "")
    joined = emu.message(anna.id, call.message_id)
    assert joined is not None and joined.callback_datas() == set()  # its button is done
    assert tr("en", "start.joined", variant="Draw") in (joined.text or "")
    # a second press of that (now gone) button: answered, nothing changes
    assert await bot.press(anna, anna.id, call.message_id, f"j:{game_id}", forge=True) \
        == tr("en", "err.already_joined")
    assert len((await bot.service.game(game_id)).seats) == 2

    # the lobby is cancelled and a new one opens: nobody is called again
    await bot.lobby_press(zoe, group.id, "x")
    second = await open_lobby(bot, zoe, group.id)
    assert len(calls_of(bot, anna)) == 1 and len(calls_of(bot, boris)) == 1
    # Boris's old Join (its lobby cancelled) is answered and seats him nowhere
    (old,) = calls_of(bot, boris)
    assert await bot.press(boris, boris.id, old.message_id, f"j:{game_id}") \
        == tr("ru", "call.closed")
    assert (await bot.service.game(second)).seat_of(boris.id) is None
    # forged: a game that is not, a call button pressed in the group, a solo table's
    assert await bot.press(boris, boris.id, old.message_id, "j:999999", forge=True) \
        == tr("ru", "btn.forged")
    lobby = bot.lobby(group.id)
    assert await bot.press(vera, group.id, lobby.message_id, f"j:{second}", forge=True) \
        == tr("en", "btn.forged")
    await bot.send(vera, vera.id, "/newgame draw")  # a solo table of her own
    solo = await bot.game_in(vera.id)
    assert solo is not None and solo.solo
    assert await bot.press(boris, boris.id, old.message_id, f"j:{solo.game_id}", forge=True) \
        == tr("ru", "btn.forged")
    assert (await bot.service.game(solo.game_id)).seat_of(boris.id) is None
    assert (await bot.service.game(second)).seat_of(vera.id) is None


async def test_off_the_list_and_a_caller_who_blocked_the_bot(
        bot: Bot, emu: TelegramEmulator) -> None:
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="en")
    vera, zoe = emu.add_user("Vera", language_code="en"), emu.add_user("Zoe", language_code="en")
    group = emu.add_group("Club", [anna, boris, vera, zoe])
    for user in (anna, boris, vera, zoe):
        await emu.user_starts_bot(user)
    await bot.settle()

    # /nextgame off takes him off; off again says he was not on it
    await bot.send(anna, group.id, "/nextgame")
    await bot.send(anna, group.id, "/nextgame off")
    assert last_text(bot, group.id) == tr("en", "call.off", name="Anna")
    await bot.send(anna, group.id, "/nextgame off")
    assert last_text(bot, group.id) == tr("en", "call.not_on", name="Anna")
    await bot.send(anna, anna.id, "/nextgame")
    assert last_text(bot, anna.id) == tr("en", "call.private_none")

    # Boris calls, then blocks the bot (Telegram tells it): he is dropped, untold.
    # Vera calls and blocks it unseen (the update is missed): Telegram's 403 drops her.
    await bot.send(boris, group.id, "/nextgame")
    await bot.send(vera, group.id, "/nextgame")
    await emu.block_bot(boris)
    await bot.settle()
    emu.chats[vera.id].blocked = True  # as if the bot was down when she blocked it
    assert not (await bot.service.user(vera.id)).blocked
    sends_to_boris = emu.call_count("sendMessage", boris.id)
    game_id = await open_lobby(bot, zoe, group.id)
    assert emu.call_count("sendMessage", boris.id) == sends_to_boris  # not even tried
    assert emu.call_count("sendMessage", vera.id, ok=False) == 1  # tried once, refused
    assert (await bot.service.user(vera.id)).blocked  # and known now
    assert await bot.service.calls_waiting(group.id) == 0
    assert calls_of(bot, boris) == calls_of(bot, vera) == []
    # nothing else broke: the lobby plays on, the group got its lobby and nothing more
    assert await bot.lobby_press(anna, group.id, "j") == tr("en", "ans.joined")
    assert (await bot.service.game(game_id)).seat_of(anna.id) is not None
    assert not any("blocked" in (m.text or "") for m in emu.bot_messages(group.id))

    # in private, /nextgame off takes him off every group's list
    other = emu.add_group("Second", [anna, zoe])
    await bot.send(anna, other.id, "/nextgame")
    await bot.send(zoe, group.id, "/cancel")
    await bot.send(anna, group.id, "/nextgame")
    await bot.send(anna, anna.id, "/nextgame")
    assert last_text(bot, anna.id) == tr("en", "call.private_list",
                                         groups="• Second\n• Club")
    await bot.send(anna, anna.id, "/nextgame off")
    assert last_text(bot, anna.id) == tr("en", "call.private_off")
    assert await bot.service.calls_waiting(group.id) == 0
    assert await bot.service.calls_waiting(other.id) == 0
    await bot.send(anna, anna.id, "/nextgame off")
    assert last_text(bot, anna.id) == tr("en", "call.private_off_none")


async def test_a_caller_without_a_private_chat_gets_the_link(
        bot: Bot, emu: TelegramEmulator) -> None:
    gleb, zoe = emu.add_user("Gleb", language_code="en"), emu.add_user("Zoe", language_code="en")
    group = emu.add_group("Club", [gleb, zoe])
    await emu.user_starts_bot(zoe)
    await bot.settle()
    await bot.send(gleb, group.id, "/nextgame")
    reply = emu.bot_messages(group.id)[-1]
    assert reply.text == tr("en", "call.added", name="Gleb") + "\n\n" \
        + tr("en", "call.start_first")
    [[(label, url)]] = reply.keyboard()
    assert label == tr("en", "btn.open_private", name="Gleb")
    assert url is not None and url.endswith(f"?start={CALL_PAYLOAD}")
    # he opens the chat through it: told it worked, and where he waits
    await emu.user_starts_bot(gleb, CALL_PAYLOAD)
    await bot.settle()
    texts = [m.text for m in emu.bot_messages(gleb.id)]
    assert texts[-2:] == [tr("en", "call.started"),
                          tr("en", "call.private_list", groups="• Club")]
    await open_lobby(bot, zoe, group.id)
    assert len(calls_of(bot, gleb)) == 1


async def test_the_button_under_a_finished_game(bot: Bot, emu: TelegramEmulator) -> None:
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="en")
    carol = emu.add_user("Carol", language_code="en")  # in the group, no private chat
    group = emu.add_group("Club", [anna, boris, carol])
    old = await start_game(bot, group.id, [anna, boris], "draw")
    await play_to_end(bot, group.id, [anna, boris], random.Random(3))
    await bot.settle()
    call = f"c:{old.game_id}"
    (final,) = [m for m in emu.bot_messages(group.id) if call in m.callback_datas()]
    assert final.keyboard()[1] == [(tr("en", "btn.call_me"), call)]
    group_before = len(emu.history(group.id))
    assert await bot.press(anna, group.id, final.message_id, call) == tr("en", "call.ans_added")
    assert await bot.press(anna, group.id, final.message_id, call) == tr("en", "call.ans_again")
    # who has no private chat is put on the list too, and given the link that opens it
    qid = await emu.press(carol, group.id, final.message_id, call)
    await bot.settle()
    answer = emu.callback_answers[qid]
    assert answer.text == tr("en", "call.ans_start")
    assert answer.url is not None and answer.url.endswith(f"?start={CALL_PAYLOAD}")
    assert len(emu.history(group.id)) == group_before  # no group message for any of it
    assert await bot.service.calls_waiting(group.id) == 2
    # forged: a game that is not, or pressed in another chat
    assert await bot.press(anna, group.id, final.message_id, "c:999999", forge=True) \
        == tr("en", "btn.forged")
    assert await bot.press(anna, anna.id, bot.emu.bot_messages(anna.id)[-1].message_id,
                           call, forge=True) == tr("en", "btn.forged")
    assert await bot.service.calls_waiting(group.id) == 2
    # the next lobby calls Anna (Carol cannot be written to: she is dropped, untold)
    await emu.user_starts_bot(carol)
    await emu.block_bot(carol)
    await bot.settle()
    game_id = await open_lobby(bot, boris, group.id)
    (message,) = calls_of(bot, anna)
    assert message.callback_datas() == {f"j:{game_id}"}
    assert calls_of(bot, carol) == []
    assert await bot.service.calls_waiting(group.id) == 0


async def test_nextgame_spends_the_command_budgets(emu: TelegramEmulator,
                                                   db_path: Path) -> None:
    """A flood of /nextgame is one more command: over the sender's budget he is told
    once, and the list holds him once."""
    anna = emu.add_user("Anna", language_code="en")
    group = emu.add_group("Club", [anna])
    async with running_bot(emu, db_path, user_commands=4, chat_commands=20) as bot:
        bot.app.bot_data["domino_processor"].budgets.clock = lambda: 50.0
        await emu.user_starts_bot(anna)
        await bot.settle()
        before = len(emu.bot_messages(group.id))
        for _ in range(6):
            await emu.user_sends(anna, group.id, "/nextgame")
        await bot.settle()
        texts = [m.text or "" for m in emu.bot_messages(group.id)[before:]]
        # a burst of two, the /start spent one: one /nextgame is answered, the next is
        # told to slow down, the rest get nothing
        assert sorted(texts) == sorted([tr("en", "call.added", name="Anna"),
                                        tr("en", "flood.slow", name="Anna")]), texts
        assert await bot.service.calls_waiting(group.id) == 1


async def test_a_forum_has_one_list_for_its_topics(bot: Bot, emu: TelegramEmulator) -> None:
    anna = emu.add_user("Anna", language_code="en")
    zoe = emu.add_user("Zoe", language_code="en")
    forum = emu.add_group("Club", [anna, zoe], forum=True)
    for user in (anna, zoe):
        await emu.user_starts_bot(user)
    first = await emu.create_topic(forum, "Kozel", by=anna)
    second = await emu.create_topic(forum, "Draw", by=zoe)
    await bot.settle()
    await emu.user_sends(anna, forum.id, "/nextgame", topic=first)
    await bot.settle()
    reply = emu.bot_messages(forum.id)[-1]
    assert reply.text == tr("en", "call.added", name="Anna")
    assert reply.message_thread_id == first  # answered in its topic
    await emu.user_sends(zoe, forum.id, "/newgame draw", topic=second)
    await bot.settle()
    game = await bot.service.active_game(forum.id, topic=second)
    assert game is not None and game.status == "lobby"
    (call,) = calls_of(bot, anna)
    assert await bot.press(anna, anna.id, call.message_id, f"j:{game.game_id}") \
        == tr("en", "ans.joined")
    game = await bot.service.game(game.game_id)
    assert game.seat_of(anna.id) is not None and game.topic == second
