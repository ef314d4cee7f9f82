"""Forum topics end to end: the real bot against the emulator's forum
supergroups. Each topic holds its own game; everything a game sends lands in its
topic; commands and lobby buttons in a topic act on that topic's game only; a
deleted topic cancels its game without stopping anything else; a restart brings a
topic's table back into that topic."""

from __future__ import annotations

import datetime
import random
from pathlib import Path

from telegram import Chat as TgChat
from telegram import Message as TgMessage

from bot.texts import tr
from bot.transport.topics import topic_of
from service import GameInfo
from tests.bot.emulator import Chat, Message, TelegramEmulator, User
from tests.bot.harness import Bot, admin_deletes, choose, running_bot


def test_only_a_topic_message_is_in_a_topic() -> None:
    """A reply in a group that is no forum carries a ``message_thread_id`` (its reply
    thread) but is in no topic; a forum's General topic has none."""
    chat = TgChat(-100, "supergroup", is_forum=True)
    when = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)

    def message(thread: int | None, is_topic: bool | None) -> TgMessage:
        return TgMessage(1, when, chat, message_thread_id=thread, is_topic_message=is_topic)

    assert topic_of(message(7, True)) == 7
    assert topic_of(message(7, None)) is None  # a reply thread
    assert topic_of(message(None, None)) is None  # General
    assert topic_of(None) is None


def _lobby_in(bot: Bot, chat: Chat, thread: int | None) -> Message:
    for m in reversed(bot.emu.topic_messages(chat, thread)):
        if m.from_bot and any(d.startswith("l:") for d in m.callback_datas()):
            return m
    raise AssertionError(f"no lobby in topic {thread}")


def _tables_in(bot: Bot, chat: Chat, thread: int | None) -> list[Message]:
    return [m for m in bot.emu.topic_messages(chat, thread) if m.from_bot and m.photo]


async def _say(bot: Bot, user: User, chat: Chat, text: str, thread: int | None) -> None:
    await bot.emu.user_sends(user, chat, text, topic=thread)
    await bot.settle()


async def _lobby_press(bot: Bot, user: User, chat: Chat, thread: int | None,
                       action: str) -> str | None:
    msg = _lobby_in(bot, chat, thread)
    data = next(d for d in msg.callback_datas() if d.split(":", 2)[-1].startswith(action))
    return await bot.press(user, chat.id, msg.message_id, data)


async def _open(bot: Bot, chat: Chat, thread: int | None, opener: User, joiner: User,
                variant: str = "draw") -> GameInfo:
    await _say(bot, opener, chat, f"/newgame {variant}", thread)
    assert await _lobby_press(bot, joiner, chat, thread, "j") is not None
    await _lobby_press(bot, opener, chat, thread, "go")
    game = await bot.service.active_game(chat.id, topic=thread)
    assert game is not None and game.status == "playing" and game.topic == thread
    return game


async def _step(bot: Bot, players: list[User], rng: random.Random) -> bool:
    """The player of this game on turn presses a button of his hand; whether he could."""
    for u in players:
        games = [g for g in await bot.service.games_of_user(u.id) if g.status == "playing"]
        seat = games[0].seat_of(u.id) if games else None
        if seat is None or games[0].turn != seat.seat:
            continue
        msg = bot.hand(u)
        data = choose(msg.callback_datas(), rng) if msg is not None else None
        if msg is not None and data is not None:
            await bot.press(u, u.id, msg.message_id, data)
            return True
    return False


async def _forum(emu: TelegramEmulator, n: int = 4) -> tuple[Chat, list[User], int, int]:
    users = [emu.add_user(name) for name in ("Anna", "Boris", "Vera", "Gleb")[:n]]
    for u in users:
        await emu.user_starts_bot(u)
    forum = emu.add_group("Club", users, forum=True, bot_admin=True)
    first = await emu.create_topic(forum, "Table one", by=users[0])
    second = await emu.create_topic(forum, "Table two", by=users[0])
    return forum, users, first, second


async def test_two_topics_play_two_games_at_once(bot: Bot) -> None:
    emu = bot.emu
    forum, (anna, boris, vera, gleb), t1, t2 = await _forum(emu)
    await bot.settle()
    one = await _open(bot, forum, t1, anna, boris)
    two = await _open(bot, forum, t2, vera, gleb)
    assert one.game_id != two.game_id
    rng = random.Random(15)
    games = {t1: (one.game_id, [anna, boris]), t2: (two.game_id, [vera, gleb])}
    presses = 0
    while presses < 2000:
        states = {t: await bot.service.game(gid) for t, (gid, _) in games.items()}
        live = [t for t, g in states.items() if g.status == "playing"]
        if not live:
            break
        topic = live[presses % len(live)]
        other = t2 if topic == t1 else t1
        other_before = states[other].version
        other_history = [e for e in emu.history(forum)
                         if (e.snapshot or {}).get("message_thread_id") == other]
        assert await _step(bot, games[topic][1], rng), f"nobody moves in topic {topic}"
        presses += 1
        # a move in one topic changes nothing of the other's game or messages
        assert (await bot.service.game(games[other][0])).version == other_before
        assert [e for e in emu.history(forum)
                if (e.snapshot or {}).get("message_thread_id") == other] == other_history
    for gid, _ in games.values():
        assert (await bot.service.game(gid)).status == "finished"

    # every message the bot sent in the forum went to one of the two topics
    sent = [e for e in emu.history(forum) if e.action == "send" and e.snapshot is not None
            and e.snapshot["from"]["id"] == emu.bot.id]
    assert sent and all(e.snapshot is not None and e.snapshot.get("message_thread_id")
                        in (t1, t2) for e in sent)
    # each topic's lobby and tables are its own game's
    for thread, names, others in ((t1, ("Anna", "Boris"), ("Vera", "Gleb")),
                                  (t2, ("Vera", "Gleb"), ("Anna", "Boris"))):
        gid = games[thread][0]
        lobby = next(e.snapshot for e in sent
                     if e.snapshot is not None and e.snapshot["message_thread_id"] == thread)
        buttons = [b.get("callback_data", "") for row in lobby["reply_markup"]["inline_keyboard"]
                   for b in row]
        assert buttons and all(d.startswith(f"l:{gid}:") for d in buttons)
        tables = _tables_in(bot, forum, thread)
        assert tables
        for table in tables:
            caption = table.caption or ""
            assert any(n in caption for n in names), caption
            assert not any(n in caption for n in others), caption
    assert _tables_in(bot, forum, None) == []


async def test_commands_and_buttons_act_on_their_topic(bot: Bot) -> None:
    emu = bot.emu
    forum, (anna, boris, vera, gleb), t1, t2 = await _forum(emu)
    await bot.settle()
    one = await _open(bot, forum, t1, anna, boris)
    await _say(bot, vera, forum, "/newgame block", t2)  # a lobby in the second topic
    two_lobby = _lobby_in(bot, forum, t2)
    two = await bot.service.active_game(forum.id, topic=t2)
    assert two is not None and two.status == "lobby"

    # a lobby button of topic two's game pressed on a message of topic one: forged
    one_message = emu.topic_messages(forum, t1)[-1]
    join_two = next(d for d in two_lobby.callback_datas() if d.endswith(":j"))
    answer = await bot.press(gleb, forum.id, one_message.message_id, join_two, forge=True)
    assert answer == tr("en", "btn.forged")
    after = await bot.service.game(two.game_id)
    assert after.version == two.version and after.seat_of(gleb.id) is None
    # the same button on its own lobby works
    assert await bot.press(gleb, forum.id, two_lobby.message_id, join_two) is not None
    assert (await bot.service.game(two.game_id)).seat_of(gleb.id) is not None

    # /table in topic one: its table, sent anew in topic one
    tables_before = len(_tables_in(bot, forum, t1))
    await _say(bot, boris, forum, "/table", t1)
    assert len(_tables_in(bot, forum, t1)) >= max(tables_before, 1)
    assert _tables_in(bot, forum, t2) == [] and _tables_in(bot, forum, None) == []
    # /table in topic two (a lobby there): "no game" answered in topic two
    await _say(bot, gleb, forum, "/table", t2)
    assert emu.topic_messages(forum, t2)[-1].text == tr("en", "no_game_here")
    # /score in topic one answers there; in the General topic: no game
    await _say(bot, anna, forum, "/score", t1)
    assert emu.topic_messages(forum, t1)[-1].from_bot
    await _say(bot, anna, forum, "/cancel", None)
    assert emu.topic_messages(forum, None)[-1].text == tr("en", "no_game_here")

    # /cancel in topic one cancels that game only; the topic can start a new one
    await _say(bot, anna, forum, "/cancel", t1)
    assert (await bot.service.game(one.game_id)).status == "cancelled"
    assert (await bot.service.game(two.game_id)).status == "lobby"
    assert emu.topic_messages(forum, t1)[-1].text == tr("en", "cancel.done")
    await _say(bot, anna, forum, "/newgame draw", t1)
    new = await bot.service.active_game(forum.id, topic=t1)
    assert new is not None and new.game_id not in (one.game_id, two.game_id)
    assert _lobby_in(bot, forum, t1).message_id > one_message.message_id


async def test_a_deleted_topic_cancels_its_game_and_nothing_else(bot: Bot) -> None:
    emu = bot.emu
    forum, (anna, boris, vera, gleb), t1, t2 = await _forum(emu)
    await bot.settle()
    doomed = await _open(bot, forum, t1, anna, boris)
    kept = await _open(bot, forum, t2, vera, gleb)
    rng = random.Random(3)
    assert await _step(bot, [anna, boris], rng)  # the lead: topic one has its table
    assert _tables_in(bot, forum, t1)

    await emu.delete_topic(forum, t1)
    # the next move's table cannot go anywhere: the game is cancelled
    assert await _step(bot, [anna, boris], rng)
    await bot.settle()
    assert (await bot.service.game(doomed.game_id)).status == "cancelled"
    lost = tr("en", "topic.lost", game_id=doomed.game_id, variant=tr("en", "variant.draw"))
    for u in (anna, boris):
        assert any(m.text == lost for m in emu.bot_messages(u.id)), u.first_name
        hand = emu.bot_messages(u.id)
        assert not any(d.startswith(("p:", "d:", "s:")) for m in hand
                       for d in m.callback_datas())  # no move buttons left
    assert [m.text for m in emu.topic_messages(forum, None) if m.from_bot] == [lost]
    assert emu.topic_messages(forum, t1) == []
    # the table's edit found no message, its send anew no topic: once, never retried
    failures = [(c.method, c.description or "") for c in emu.calls if not c.ok]
    assert [m for m, d in failures if "thread not found" in d] == ["sendPhoto"]
    assert all("thread not found" in d or "to edit not found" in d for _, d in failures)

    # the other topic plays on, and the forum can open a new topic and game
    before = await bot.service.game(kept.game_id)
    assert await _step(bot, [vera, gleb], rng)
    assert (await bot.service.game(kept.game_id)).version > before.version
    assert _tables_in(bot, forum, t2)
    t3 = await emu.create_topic(forum, "Table three", by=anna)
    await bot.settle()
    three = await _open(bot, forum, t3, anna, boris)
    assert three.topic == t3 and any(m.from_bot for m in emu.topic_messages(forum, t3))


async def test_restart_brings_a_topics_table_back_into_its_topic(
        emu: TelegramEmulator, db_path: Path) -> None:
    forum, (anna, boris, _vera, _gleb), t1, t2 = await _forum(emu)
    async with running_bot(emu, db_path) as bot:
        await bot.settle()
        game = await _open(bot, forum, t1, anna, boris)
        # the table never reaches the group before the bot stops
        emu.fail_next_error("sendPhoto", 502, "Bad Gateway", count=50)
        assert await _step(bot, [anna, boris], random.Random(1))
        assert _tables_in(bot, forum, t1) == []
    emu.clear_failures()
    async with running_bot(emu, db_path) as bot:
        await bot.settle()  # reconciled at start: the table, in its topic
        (table,) = _tables_in(bot, forum, t1)
        assert _tables_in(bot, forum, None) == [] and _tables_in(bot, forum, t2) == []
        # the live table is edited in place in its topic as the game goes on
        assert await _step(bot, [anna, boris], random.Random(2))
        again = await bot.service.game(game.game_id)
        assert again.topic == t1 and again.version > game.version + 1
        (edited,) = _tables_in(bot, forum, t1)
        assert edited.message_id == table.message_id and edited.edit_date is not None
        assert not any(m.from_bot for m in emu.topic_messages(forum, None))
    admin_deletes(emu, forum.id, table.message_id)  # deleted while the bot is down
    async with running_bot(emu, db_path) as bot:
        await bot.settle()
        assert await _step(bot, [anna, boris], random.Random(3))
        (anew,) = _tables_in(bot, forum, t1)  # sent anew, into the same topic
        assert anew.message_id > table.message_id
        assert _tables_in(bot, forum, None) == []
