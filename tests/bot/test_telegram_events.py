"""Telegram's other events: a group that becomes a supergroup keeps its game, an edited
command is not run again, a player's language follows his Telegram client until he
chooses one, a round summary the group could not get is sent when it can."""

from __future__ import annotations

from pathlib import Path

from tests.bot.emulator import TelegramEmulator, User, forbidden
from tests.bot.harness import Bot, on_turn, play_lead, play_to_end, start_game


async def _move(bot: Bot, people: list[User], group: int) -> str | None:
    found = await on_turn(bot, people, group)
    assert found is not None
    user, msg = found
    data = next(d for d in sorted(msg.callback_datas()) if d[:2] in ("p:", "d:", "s:"))
    return await bot.press(user, user.id, msg.message_id, data)


async def test_a_group_that_becomes_a_supergroup_keeps_its_game(bot: Bot) -> None:
    emu = bot.emu
    people = [emu.add_user("Anna"), emu.add_user("Boris")]
    old = emu.add_group("Table", members=people).id
    game = await start_game(bot, old, people, "draw")
    new = await emu.migrate_group(old)
    await bot.settle()
    assert new != old
    moved = await bot.game_in(new)
    assert moved is not None and moved.game_id == game.game_id and moved.chat_id == new
    assert await bot.game_in(old) is None
    await _move(bot, people, new)
    after = await bot.game_in(new)
    assert after is not None and after.version > game.version  # once, with forced moves
    table = bot.table(new)
    assert table is not None and after.seats[after.turn].name in (table.caption or "")  # type: ignore[index]
    await bot.send(people[0], new, "/score")
    assert "Anna" in (emu.last_message(new).text or "")  # type: ignore[union-attr]


async def test_an_edited_command_is_not_run_again(bot: Bot) -> None:
    emu = bot.emu
    anna = emu.add_user("Anna")
    group = emu.add_group("Table", members=[anna]).id
    await emu.user_starts_bot(anna)
    await bot.send(anna, group, "/help")
    sent = [m for m in emu.messages(group) if not m.from_bot][-1]
    before = len(emu.bot_messages(group))
    await emu.user_edits(anna, group, sent.message_id, "/newgame draw")
    await bot.settle()
    assert len(emu.bot_messages(group)) == before
    assert await bot.game_in(group) is None


async def test_language_follows_telegram_until_chosen(bot: Bot) -> None:
    emu = bot.emu
    ivan = emu.add_user("Ivan", language_code="ru")
    await emu.user_starts_bot(ivan)
    await bot.settle()
    await bot.send(ivan, ivan.id, "/help")
    ru = emu.last_message(ivan.id)
    assert ru is not None and any("а" <= ch <= "я" for ch in (ru.text or "").lower())
    await bot.send(ivan, ivan.id, "/language en")
    await bot.send(ivan, ivan.id, "/help")
    en = emu.last_message(ivan.id)
    assert en is not None and not any("а" <= ch <= "я" for ch in (en.text or "").lower()[:200])


async def test_a_round_summary_the_group_missed_is_sent_when_it_can(emu: TelegramEmulator,
                                                                    db_path: Path) -> None:
    from random import Random

    from tests.bot.harness import running_bot

    async with running_bot(emu, db_path) as bot:
        people = [emu.add_user("Anna"), emu.add_user("Boris")]
        group = emu.add_group("Table", members=people).id
        await start_game(bot, group, people, "draw")
        state = bot.app.bot_data["domino_state"]
        state.outbox.retry_delays = (0.05, 0.05, 0.05)
        # the group refuses the summary for a while (the bot was removed and added back)
        gate = emu.hold("sendPhoto", chat_id=group, count=1,
                        where=lambda p: "Round 1:" in str(p.get("caption") or ""))
        rng = Random(3)
        game = await bot.game_in(group)
        assert game is not None
        while game.view is not None and game.view.round_index == 0 \
                and game.status == "playing":
            if gate.total:
                gate.fail(forbidden("bot was kicked from the group chat"))
            await play_to_end(bot, group, people, rng, stop_after=1)
            game = await bot.game_in(group)
            assert game is not None
        await gate.wait_reached(timeout=20)
        gate.fail(forbidden("bot was kicked from the group chat"))
        await bot.settle(timeout=20)
        captions = [m.caption or "" for m in emu.bot_messages(group) if m.has_media]
        assert any("Round 1:" in c for c in captions), captions[-3:]
        told, _ = await state.service.announced(game.game_id)
        assert told >= 1


async def test_housekeeping_brings_back_what_the_outbox_gave_up_on(bot: Bot) -> None:
    from bot.showing.timers import housekeeping
    from tests.bot.emulator import Failure

    emu = bot.emu
    people = [emu.add_user("Anna"), emu.add_user("Boris")]
    group = emu.add_group("Table", members=people).id
    await start_game(bot, group, people, "draw")
    await play_lead(bot, group, people)  # the table comes with the lead; then it is edited
    bot.app.bot_data["domino_state"].outbox.retry_delays = ()  # no more tries of its own
    emu.fail_next("editMessageMedia", count=1, chat_id=group,
                  error=Failure.api(500, "Internal Server Error: emulated"))
    await _move(bot, people, group)
    game = await bot.game_in(group)
    assert game is not None and game.turn is not None
    table = bot.table(group)
    assert table is not None
    assert f"Turn: {game.seats[game.turn].name}" not in (table.caption or "")  # old frame
    await housekeeping(bot.app)
    await bot.settle()
    table = bot.table(group)
    assert table is not None
    assert f"Turn: {game.seats[game.turn].name}" in (table.caption or "")


async def test_housekeeping_brings_back_a_first_table_the_outbox_gave_up_on(bot: Bot) -> None:
    """The round's first table is sent with the lead; if that send is given up on, the
    housekeeping sends it (a round begun always gets its table)."""
    from bot.showing.timers import housekeeping
    from tests.bot.emulator import Failure

    emu = bot.emu
    people = [emu.add_user("Anna"), emu.add_user("Boris")]
    group = emu.add_group("Table", members=people).id
    await start_game(bot, group, people, "draw")
    await bot.settle()
    assert bot.table(group) is None  # no table before the lead
    bot.app.bot_data["domino_state"].outbox.retry_delays = ()  # no more tries of its own
    emu.fail_next("sendPhoto", count=1, chat_id=group,
                  error=Failure.api(500, "Internal Server Error: emulated"))
    await _move(bot, people, group)  # the lead
    await bot.settle()
    assert bot.table(group) is None and emu.call_count("sendPhoto", chat_id=group) == 1
    await housekeeping(bot.app)
    await bot.settle()
    table = bot.table(group)
    game = await bot.game_in(group)
    assert table is not None and game is not None and game.turn is not None
    assert "Last:" in (table.caption or "")
    assert f"Turn: {game.seats[game.turn].name}" in (table.caption or "")
    assert len([m for m in emu.bot_messages(group) if m.has_media]) == 1
