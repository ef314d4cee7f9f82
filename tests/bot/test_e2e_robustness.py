"""What must hold: bad presses, restarts, deep links, blocked users, Telegram failures."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.ui.callbacks import decode
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import (
    Bot,
    admin_deletes,
    choose,
    on_turn,
    open_table,
    play_lead,
    play_to_end,
    running_bot,
    start_game,
)

# PTB 22 warns when it builds a RetryAfter from an int; not the bot's business.
pytestmark = pytest.mark.filterwarnings(
    "ignore:.*retry_after.*:telegram.warnings.PTBDeprecationWarning")


def two_players(emu: TelegramEmulator) -> tuple[list, object]:
    users = [emu.add_user("Anna", language_code="en"), emu.add_user("Boris", language_code="en")]
    return users, emu.add_group("Club", users)


async def test_bad_presses_are_answered_and_change_nothing(bot: Bot,
                                                           emu: TelegramEmulator) -> None:
    users, group = two_players(emu)
    outsider = emu.add_user("Olga")
    await emu.user_starts_bot(outsider)
    game = await start_game(bot, group.id, users, "draw", ai=1)
    turn = await on_turn(bot, users, group.id)
    assert turn is not None
    mover, hand = turn
    other = users[1] if mover is users[0] else users[0]
    data = choose(hand.callback_datas(), random.Random(1))
    assert data is not None
    game = await bot.game_in(group.id)
    assert game is not None
    version = game.version

    # forged payloads: garbage, an unknown tile, a wrong end letter
    greeting = emu.bot_messages(outsider.id)[-1]
    for forged in ("zzz", "p:1:1:99:W", "p:x:1:1:W", "l:1:zz", "p:1:1:1:Q"):
        text = await bot.press(outsider, outsider.id, greeting.message_id, forged, forge=True)
        assert text == "This button is not valid."
    # someone not in the game
    assert await bot.press(outsider, outsider.id, greeting.message_id, data, forge=True) \
        == "You are not in this game."
    # a player not on turn
    other_hand = bot.hand(other)
    assert other_hand is not None
    on_turn_name = next(s.name for s in game.seats if s.user_id == mover.id)
    assert await bot.press(other, other.id, other_hand.message_id, data, forge=True) \
        == f"It is not your turn: it is {on_turn_name}'s turn."
    # a tile that does not fit / not your turn, through the plain tile buttons
    infos = [d for d in other_hand.callback_datas() if d.startswith("t:")]
    assert await bot.press(other, other.id, other_hand.message_id, infos[0]) \
        == "Wait for your turn."
    game = await bot.game_in(group.id)
    assert game is not None and game.version == version

    # a double press: both presses reach the bot before it answers the first
    q1 = await emu.press(mover, mover.id, hand.message_id, data)
    q2 = await emu.press(mover, mover.id, hand.message_id, data)
    await bot.settle()
    answers = [emu.callback_answers[q1].text, emu.callback_answers[q2].text]
    assert "These buttons are out of date." in answers
    game = await bot.game_in(group.id)
    assert game is not None
    record = await bot.service.record(game.game_id)
    placed = sum(len(r["moves"]) for r in record["rounds"])
    # an old keyboard (stale version)
    assert await bot.press(mover, mover.id, hand.message_id, data, forge=True) \
        == "These buttons are out of date."
    record = await bot.service.record(game.game_id)
    assert sum(len(r["moves"]) for r in record["rounds"]) == placed
    # every press was answered exactly once (the emulator refuses a second answer)
    assert emu.call_count("answerCallbackQuery", ok=False) == 0


async def test_restart_in_the_middle(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = two_players(emu)
    rng = random.Random(7)
    # a long pause: the computer's move is still waiting when the bot stops
    async with running_bot(emu, db_path, ai_delay=60.0) as bot:
        game = await start_game(bot, group.id, users, "draw", ai=1)
        for _ in range(40):
            turn = await on_turn(bot, users, group.id)
            if turn is None:
                break
            user, hand = turn
            data = choose(hand.callback_datas(), rng)
            assert data is not None
            await bot.press(user, user.id, hand.message_id, data)
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "playing"
        assert game.turn is not None and game.seats[game.turn].is_ai
        version = game.version
    async with running_bot(emu, db_path) as bot:
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None and game.version > version  # the computer moved
        await play_to_end(bot, group.id, users, rng)
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"


async def test_deep_link_join(bot: Bot, emu: TelegramEmulator) -> None:
    anna = emu.add_user("Anna")
    boris = emu.add_user("Boris")  # never opened a chat with the bot
    group = emu.add_group("Club", [anna, boris])
    await emu.user_starts_bot(anna)
    await bot.settle()
    await bot.send(anna, group.id, "/newgame kozel")
    mid, join = bot.lobby_button(group.id, "j")
    qid = await emu.press(boris, group.id, mid, join)
    await bot.settle()
    answer = emu.callback_answers[qid]
    assert answer.url is not None and answer.url.startswith("https://t.me/domino_test_bot?start=")
    game = await bot.game_in(group.id)
    assert game is not None and game.seat_of(boris.id) is None
    token = answer.url.split("start=", 1)[1]
    await emu.user_starts_bot(boris, token)
    await bot.settle()
    game = await bot.game_in(group.id)
    assert game is not None and game.seat_of(boris.id) is not None
    assert "Boris" in (bot.lobby(group.id).text or "")
    # the link works once
    await emu.user_starts_bot(boris, token)
    await bot.settle()
    assert "no longer valid" in (emu.bot_messages(boris.id)[-1].text or "")
    # and the game starts with hands for both
    await bot.lobby_press(anna, group.id, "go")
    assert bot.hand(anna) is not None and bot.hand(boris) is not None


async def test_creator_without_private_chat_gets_a_link(bot: Bot,
                                                        emu: TelegramEmulator) -> None:
    anna = emu.add_user("Anna")
    boris = emu.add_user("Boris")
    group = emu.add_group("Club", [anna, boris])
    await emu.user_starts_bot(boris)
    await bot.settle()
    await bot.send(anna, group.id, "/newgame draw")  # Anna never pressed Start
    lobby = bot.lobby(group.id)
    assert "?start=" not in (lobby.text or "") and "Anna" in (lobby.text or "")
    links = {text: url for row in lobby.keyboard() for text, url in row
             if url is not None and url.startswith("https://")}
    assert list(links) == ["🔓 Anna: open the private chat"]
    await bot.lobby_press(boris, group.id, "j")
    answer = await bot.lobby_press(anna, group.id, "go")
    assert answer is not None and "Anna" in answer  # refused: she would get no tiles
    game = await bot.game_in(group.id)
    assert game is not None and game.status == "lobby"
    token = next(iter(links.values())).split("start=", 1)[1]
    await emu.user_starts_bot(anna, token)
    await bot.settle()
    assert not any(url.startswith("https://") for url in bot.lobby(group.id).callback_datas())
    await bot.lobby_press(anna, group.id, "go")
    assert bot.hand(anna) is not None and bot.hand(boris) is not None


async def test_blocked_user_does_not_stop_the_game(bot: Bot, emu: TelegramEmulator) -> None:
    users, group = two_players(emu)
    anna, boris = users
    rng = random.Random(3)
    game = await start_game(bot, group.id, users, "block", ai=1)
    await emu.block_bot(boris)
    await bot.settle()
    row = await bot.service.user(boris.id)
    assert row is not None and row.blocked
    # Anna and the computer play on until Boris is on turn; the group is told once
    for _ in range(30):
        turn = await on_turn(bot, [anna], group.id)
        game = await bot.game_in(group.id)
        assert game is not None
        if game.status != "playing" or game.turn == game.seat_of(boris.id).seat:  # type: ignore[union-attr]
            break
        assert turn is not None
        data = choose(turn[1].callback_datas(), rng)
        assert data is not None
        await bot.press(anna, anna.id, turn[1].message_id, data)
    told = [m for m in emu.bot_messages(group.id) if "Boris" in (m.text or "")
            and "blocked" in (m.text or "")]
    assert len(told) == 1
    # he unblocks and presses Start: his hand comes back and the game goes on
    await emu.user_starts_bot(boris)
    await bot.settle()
    assert bot.hand(boris) is not None
    await play_to_end(bot, group.id, users, rng)
    game = await bot.game_in(group.id)
    assert game is not None and game.status == "finished"


async def test_deleted_table_is_sent_anew(bot: Bot, emu: TelegramEmulator) -> None:
    users, group = two_players(emu)
    await start_game(bot, group.id, users, "draw", ai=1)
    await bot.settle()
    if bot.table(group.id) is None:  # the table comes with the lead (the computer's or ours)
        await play_lead(bot, group.id, users)
    table = bot.table(group.id)
    assert table is not None
    admin_deletes(emu, group.id, table.message_id)
    turn = await on_turn(bot, users, group.id)
    assert turn is not None
    data = choose(turn[1].callback_datas(), random.Random(1))
    assert data is not None
    await bot.press(turn[0], turn[0].id, turn[1].message_id, data)
    new_table = bot.table(group.id)
    assert new_table is not None and new_table.message_id != table.message_id
    # and later moves edit the new one
    turn = await on_turn(bot, users, group.id)
    assert turn is not None
    data = choose(turn[1].callback_datas(), random.Random(1))
    assert data is not None
    await bot.press(turn[0], turn[0].id, turn[1].message_id, data)
    latest = bot.table(group.id)
    assert latest is not None and latest.message_id == new_table.message_id


async def test_burst_of_429_is_waited_out(bot: Bot, emu: TelegramEmulator) -> None:
    users, group = two_players(emu)
    await start_game(bot, group.id, users, "draw", ai=1)
    turn = await on_turn(bot, users, group.id)
    assert turn is not None
    user, hand = turn
    data = choose(hand.callback_datas(), random.Random(1))
    assert data is not None
    emu.fail_next_retry_after("*", seconds=1, count=2)
    await bot.press(user, user.id, hand.message_id, data)
    await bot.settle()
    assert emu.call_count(ok=False) == 2
    game = await bot.game_in(group.id)
    assert game is not None
    table = bot.table(group.id)
    assert table is not None and table.caption is not None
    # the caption shows the move just made: nothing was lost
    move = decode(data)
    assert move is not None
    assert "Last:" in table.caption


async def test_timeout_never_applies_a_move_twice(bot: Bot, emu: TelegramEmulator) -> None:
    users, group = two_players(emu)
    game = await start_game(bot, group.id, users, "draw")  # two people, no computer
    await play_lead(bot, group.id, users)  # the table is sent with the lead, then edited
    turn = await on_turn(bot, users, group.id)
    assert turn is not None
    user, hand = turn
    data = choose(hand.callback_datas(), random.Random(1))
    assert data is not None
    record = await bot.service.record(game.game_id)
    before = sum(len(r["moves"]) for r in record["rounds"])
    emu.reset_calls()
    # the answer times out, and so does the table edit (which Telegram did apply)
    emu.fail_next_timeout("answerCallbackQuery")
    emu.fail_next_timeout("editMessageMedia", apply=True)
    await emu.press(user, user.id, hand.message_id, data)
    await bot.settle()
    # the user, seeing a spinner, presses the same button again
    assert await bot.press(user, user.id, hand.message_id, data, forge=True) \
        == "These buttons are out of date."
    record = await bot.service.record(game.game_id)
    added = [m for r in record["rounds"] for m in r["moves"]][before:]
    # his move once, then only the forced draws or passes made for the next player
    assert added and all(m in ("draw", "pass") for m in added[1:]), added
    # the bot never repeated the move or the answer by itself; the edit was retried once
    assert emu.call_count("answerCallbackQuery") == 2
    assert emu.call_count("editMessageMedia") == 2
    table = bot.table(group.id)
    assert table is not None and "Last:" in (table.caption or "")


async def test_garbage_arguments_change_nothing(bot: Bot, emu: TelegramEmulator) -> None:
    users, group = two_players(emu)
    anna = users[0]
    await emu.user_starts_bot(anna)
    await bot.settle()
    for text, expect in (("/newgame chess", "Unknown variant"),
                         ("/newgame draw block", "Unknown variant"),
                         ("/rules poker", "Unknown variant"),
                         ("/language xx", "no such language"),
                         ("/pass now", "takes no arguments"),
                         ("/cancel all", "takes no arguments")):
        await bot.send(anna, group.id, text)
        assert expect in (emu.bot_messages(group.id)[-1].text or ""), text
    assert await bot.game_in(group.id) is None


async def test_hands_are_private(bot: Bot, emu: TelegramEmulator) -> None:
    users, group = two_players(emu)
    game = await start_game(bot, group.id, users, "draw", ai=1)
    rng = random.Random(5)
    for _ in range(25):
        turn = await on_turn(bot, users, group.id)
        if turn is None:
            break
        data = choose(turn[1].callback_datas(), rng)
        assert data is not None
        await bot.press(turn[0], turn[0].id, turn[1].message_id, data)
        now = await bot.game_in(group.id)
        if now is None or now.status != "playing":
            break  # the deal (random) ended the game: the hands have no buttons any more
        for u in users:
            _, _, view = await bot.service.seat_view(game.game_id, u.id)
            mine = {f"{t.a}-{t.b}" for t in view.hand}
            others: set[str] = set()
            for o in users:
                if o is not u:
                    _, _, ov = await bot.service.seat_view(game.game_id, o.id)
                    others |= {f"{t.a}-{t.b}" for t in ov.hand}
            private = [m for m in emu.visible_to(u) if m.chat_id > 0]
            assert all(m.chat_id == u.id for m in private)
            hand = bot.hand(u)
            assert hand is not None
            labels = {lbl.lstrip("✅").split(" ")[0] for row in hand.keyboard()
                      for lbl, d in row if d and d.startswith(("p:", "t:"))}
            assert labels == mine
            assert not (labels & others)


async def test_commands(bot: Bot, emu: TelegramEmulator) -> None:
    users, group = two_players(emu)
    anna, boris = users
    await open_table(bot, group.id, users, "threes", ai=1)
    await bot.send(anna, group.id, "/settings")  # the panel opens in her private chat
    assert any(d.endswith(":b") for d in bot.panel(anna).callback_datas())
    assert any(d.endswith(":j") for d in bot.lobby(group.id).callback_datas())
    await bot.panel_press(anna, "b")
    await bot.lobby_press(anna, group.id, "go")
    for cmd, expect in (("/score", "Score (Threes"), ("/fish", "Not a fish"),
                        ("/rules", "Rules: choose a variant"), ("/help", "/newgame"),
                        ("/stats", "No finished games")):
        await bot.send(anna, group.id, cmd)
        assert expect in (emu.bot_messages(group.id)[-1].text or ""), cmd
    await bot.send(anna, group.id, "/rules threes")  # the long text: in private
    assert "Threes" in (emu.bot_messages(anna.id)[-1].text or "")
    if bot.table(group.id) is None:  # the table comes with the lead (the computer's or ours)
        await play_lead(bot, group.id, users)
    old_table = bot.table(group.id)
    await bot.send(anna, group.id, "/table")
    new_table = bot.table(group.id)
    assert old_table is not None and new_table is not None
    assert new_table.message_id != old_table.message_id
    assert emu.message(group.id, old_table.message_id) is None
    old_hand = bot.hand(boris)
    await bot.send(boris, group.id, "/hand")
    assert bot.hand(boris).message_id != old_hand.message_id  # type: ignore[union-attr]
    await play_to_end(bot, group.id, users, random.Random(2))
    await bot.send(anna, group.id, "/export")
    doc = emu.bot_messages(group.id)[-1]
    assert doc.document is not None
    record = json.loads(emu.files[doc.document.file_id].data)  # type: ignore[attr-defined]
    assert record["variant"] == "threes"
    await bot.send(anna, group.id, "/top")
    assert "Top players" in (emu.bot_messages(group.id)[-1].text or "")
    await bot.send(anna, group.id, "/language ru")
    assert emu.bot_messages(group.id)[-1].text == "Язык: русский."
    await bot.send(anna, group.id, "/stats")
    assert "статистика" in (emu.bot_messages(group.id)[-1].text or "")


async def test_lobby_buttons_and_cancel(bot: Bot, emu: TelegramEmulator) -> None:
    users, group = two_players(emu)
    anna, boris = users
    await open_table(bot, group.id, users, "all_fives", ai=2, level="m")
    game = await bot.game_in(group.id)
    assert game is not None and len(game.seats) == 4
    assert await bot.lobby_press(anna, group.id, "a:e") == "The game is full."
    await bot.lobby_press(anna, group.id, "r")
    # Boris is not the creator nor an admin: he may not change the settings
    assert (await bot.lobby_press(boris, group.id, "c") or "").startswith("Only Anna")
    await bot.lobby_press(anna, group.id, "c")
    await bot.panel_press(anna, "v:kozel")
    await bot.panel_press(anna, "fp:1")
    game = await bot.game_in(group.id)
    assert game is not None and game.variant == "kozel" and game.options.get("fish_point")
    await bot.panel_press(anna, "b")
    await bot.lobby_press(boris, group.id, "q")
    await bot.send(anna, group.id, "/newgame")
    assert "already open" in (emu.bot_messages(group.id)[-1].text or "")
    await bot.send(anna, group.id, "/cancel")
    game = await bot.game_in(group.id)
    assert game is not None and game.status == "cancelled"
    # the cancel of a lobby is its one message: the lobby, edited to say so
    assert "already open" in (emu.bot_messages(group.id)[-1].text or "")
    assert any("cancelled" in (m.text or "") and m.edit_date is not None
               for m in emu.bot_messages(group.id))


async def test_commands_are_registered_in_both_languages(bot: Bot,
                                                         emu: TelegramEmulator) -> None:
    ru = emu.add_user("Ivan", language_code="ru")
    en = emu.add_user("John", language_code="en")
    group = emu.add_group("G", [ru, en])
    ru_cmds = {c["command"]: c["description"] for c in emu.commands_for(ru, group)}
    en_cmds = {c["command"]: c["description"] for c in emu.commands_for(en, group)}
    assert set(ru_cmds) == set(en_cmds) and "newgame" in ru_cmds
    assert ru_cmds["newgame"] != en_cmds["newgame"]


async def test_a_game_over_real_http(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = two_players(emu)
    async with running_bot(emu, db_path, http=True) as bot:
        await start_game(bot, group.id, users, "threes", ai=1)
        await play_to_end(bot, group.id, users, random.Random(4))
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        assert bot.server is not None and bot.server.requests > 10
