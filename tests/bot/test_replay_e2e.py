"""A finished game's replay through the emulator: ``/replay N`` in private sends ONE
photo (the table at a step with every hand under it), edited in place by ◀ ▶ ⏮ ⏭;
each caption is checked against the game's record, each picture opened with Pillow.
A stranger, a forged button, an unfinished game are refused and change nothing."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from PIL import Image

from bot.texts import tr
from bot.ui.names import seat_names
from engine.steps import Step, replay_steps, round_starts
from tests.bot.emulator import TelegramEmulator, User
from tests.bot.emulator.models import Message
from tests.bot.harness import Bot, open_table, play_to_end, running_bot
from tests.bot.test_solo_e2e import solo_lobby
from tests.bot.test_triangular_e2e import play_alone_against_computers

LANG = "en"


def replay_message(bot: Bot, user: User) -> Message:
    """His latest replay message (a photo with the replay's buttons)."""
    for m in reversed(bot.emu.bot_messages(user.id)):
        if m.has_media and any(d.startswith("y:") for d in m.callback_datas()):
            return m
    raise AssertionError("no replay message")


def button(msg: Message, label: str) -> str:
    assert msg.reply_markup is not None
    for row in msg.reply_markup["inline_keyboard"]:
        for b in row:
            if b["text"] == label:
                return str(b["callback_data"])
    raise AssertionError(f"no button {label!r}")


def picture_ok(msg: Message) -> tuple[int, int]:
    assert msg.photo
    with Image.open(io.BytesIO(msg.photo[-1].data)) as img:
        img.load()
        return img.size


def check_caption(caption: str, step: Step, steps: list[Step], names: list[str]) -> None:
    """The caption names the step as the record has it: the position, the mover, the
    tile (either way round), a draw or a pass, a round's deal."""
    rounds = len(round_starts(steps))
    where = tr(LANG, "replay.position", move=step.number, moves=len(steps) - rounds,
               round=step.round_index + 1, rounds=rounds)
    assert where in caption, (where, caption)
    name = names[step.seat]
    if step.deal:
        assert tr(LANG, "replay.deal", round=step.round_index + 1, name=name) in caption
        return
    assert name in caption, (name, caption)
    if step.move == "draw":
        assert tr(LANG, "move.draw", name=name) in caption or "draws" in caption, caption
    elif step.move == "pass":
        assert "pass" in caption.lower(), caption
    else:
        for tile in re.findall(r"(\d+)-(\d+)", step.move)[:1]:
            a, b = tile
            assert f"{a}-{b}" in caption or f"{b}-{a}" in caption, (step.move, caption)
    if step.end is not None:  # the round's end with its points and the score
        assert tr(LANG, "round.score", score="\0").split("\0")[0] in caption, caption


async def walk(bot: Bot, user: User, game_id: int) -> None:
    """/replay N, then ▶ through every step and ◀ back to the first, each caption
    against the record and each picture a real image; ⏭ and ⏮ jump round starts."""
    record = await bot.service.record(game_id)
    steps = list(replay_steps(record))
    names = seat_names(LANG, await bot.service.game(game_id))
    await bot.send(user, user.id, f"/replay {game_id}")
    msg = replay_message(bot, user)
    before = len(bot.emu.bot_messages(user.id))
    mid = msg.message_id
    assert msg.caption is not None
    check_caption(msg.caption, steps[0], steps, names)
    picture_ok(msg)
    edits = bot.emu.call_count("editMessageMedia", user.id)
    for i in range(1, len(steps)):
        await bot.press(user, user.id, mid, button(msg, "▶"))
        msg = replay_message(bot, user)
        assert msg.message_id == mid  # one message, edited in place
        assert msg.caption is not None
        check_caption(msg.caption, steps[i], steps, names)
        picture_ok(msg)
    assert bot.emu.call_count("editMessageMedia", user.id) - edits == len(steps) - 1
    # ▶ on the last step: nothing changes, no edit
    edits = bot.emu.call_count("editMessageMedia", user.id)
    await bot.press(user, user.id, mid, button(msg, "▶"))
    assert bot.emu.call_count("editMessageMedia", user.id) == edits
    last = msg.caption
    for i in range(len(steps) - 2, -1, -1):
        await bot.press(user, user.id, mid, button(msg, "◀"))
        msg = replay_message(bot, user)
        assert msg.caption is not None and msg.caption != last
        check_caption(msg.caption, steps[i], steps, names)
        last = msg.caption
    # ⏭ from each round's start to the next; ⏮ back
    starts = round_starts(steps)
    for start in starts[1:]:
        await bot.press(user, user.id, mid, button(msg, "⏭"))
        msg = replay_message(bot, user)
        assert msg.caption is not None
        check_caption(msg.caption, steps[start], steps, names)
    for start in reversed(starts[:-1]):
        await bot.press(user, user.id, mid, button(msg, "⏮"))
        msg = replay_message(bot, user)
        assert msg.caption is not None
        check_caption(msg.caption, steps[start], steps, names)
    # a double press (the second from the keyboard as it was): the second changes nothing
    data = button(msg, "▶")
    await bot.press(user, user.id, mid, data)
    edits = bot.emu.call_count("editMessageMedia", user.id)
    await bot.press(user, user.id, mid, data, forge=True)
    assert bot.emu.call_count("editMessageMedia", user.id) == edits
    # a step out of range (an old or forged button) is clamped to the last
    await bot.press(user, user.id, mid, f"y:{game_id}:999999", forge=True)
    msg = replay_message(bot, user)
    assert msg.caption is not None
    check_caption(msg.caption, steps[-1], steps, names)
    assert len(bot.emu.bot_messages(user.id)) == before  # never a second message


async def group_game(bot: Bot, group_id: int, person: User, variant: str, *, ai: int = 1,
                     presses: tuple[str, ...] = ()) -> int:
    """A group game of ``person`` against ``ai`` easy computers, the lobby's settings
    ``presses`` pressed, played to its end (his hand in his private chat); its id."""
    await open_table(bot, group_id, [person], variant, ai=ai)
    if presses:
        await bot.lobby_press(person, group_id, "c")
        for data in presses:
            await bot.panel_press(person, data)
        await bot.panel_press(person, "b")
    await bot.lobby_press(person, group_id, "go")
    await play_to_end(bot, group_id, [person], random.Random(5))
    await bot.settle()
    game = await bot.game_in(group_id)
    assert game is not None and game.status == "finished"
    return game.game_id


async def test_replay_of_a_group_game_of_the_line_family(emu: TelegramEmulator,
                                                         db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    vera = emu.add_user("Vera", language_code="en")
    boris = emu.add_user("Boris", language_code="en")
    group = emu.add_group("Club", [anna, vera], admins=[anna])
    async with running_bot(emu, db_path) as bot:
        # three rounds of Генеральский козёл: a whole game of the line family, short
        # enough to walk step by step (a game of Block to 100 is ~320 steps)
        game_id = await group_game(bot, group.id, anna, "general_kozel", ai=3,
                                   presses=("rd", "rd"))
        game = await bot.service.game(game_id)
        assert game.options.get("rounds") == 3
        # Vera is a member of the group: the group's game is hers to see
        await emu.user_starts_bot(vera)
        await walk(bot, vera, game_id)
        # Boris is not: refused, nothing sent but the refusal
        await emu.user_starts_bot(boris)
        await bot.send(boris, boris.id, f"/replay {game_id}")
        last = emu.bot_messages(boris.id)[-1]
        assert last.text == tr(LANG, "replay.not_allowed", game_id=game_id)
        assert not last.has_media
        # a forged replay button pressed in his own chat: refused, nothing sent
        count = len(emu.bot_messages(boris.id))
        for data in (f"y:{game_id}:3", f"y:{game_id}:n"):
            answer = await bot.press(boris, boris.id, last.message_id, data, forge=True)
            assert answer == tr(LANG, "btn.forged")
        assert len(emu.bot_messages(boris.id)) == count
        await bot.send(boris, boris.id, "/replay")
        assert emu.bot_messages(boris.id)[-1].text == tr(LANG, "replay.none")
        # Vera leaves the group: her old buttons now refuse
        emu.remove_member(group, vera)
        mine = replay_message(bot, vera)
        caption = mine.caption
        answer = await bot.press(vera, vera.id, mine.message_id, button(mine, "◀"))
        assert answer == tr(LANG, "replay.not_allowed", game_id=game_id)
        assert replay_message(bot, vera).caption == caption
        # ✖ closes (deletes) the replay
        emu.add_member(group, vera)
        await bot.press(vera, vera.id, mine.message_id, button(mine, tr(LANG,
                                                                        "btn.replay_close")))
        assert all(m.message_id != mine.message_id for m in emu.bot_messages(vera.id))


async def test_replay_of_his_solo_game_and_of_an_unfinished_one(emu: TelegramEmulator,
                                                                db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="en")
    async with running_bot(emu, db_path) as bot:
        game = await solo_lobby(bot, anna, "/newgame block")
        while len(game.seats) > 2:
            await bot.lobby_press(anna, anna.id, "r")
            after = await bot.game_in(anna.id)
            assert after is not None
            game = after
        await bot.lobby_press(anna, anna.id, "go")
        await play_to_end(bot, anna.id, [anna], random.Random(3))
        finished = await bot.game_in(anna.id)
        assert finished is not None and finished.status == "finished"
        # /replay alone: his finished games as buttons; one opens the replay
        await bot.send(anna, anna.id, "/replay")
        listed = emu.bot_messages(anna.id)[-1]
        assert listed.text == tr(LANG, "replay.choose")
        await bot.press(anna, anna.id, listed.message_id, f"y:{finished.game_id}:n")
        # his own solo game replays (the whole walk is the group test's): ▶ once
        steps = list(replay_steps(await bot.service.record(finished.game_id)))
        names = seat_names(LANG, await bot.service.game(finished.game_id))
        shown = replay_message(bot, anna)
        assert shown.caption is not None
        check_caption(shown.caption, steps[0], steps, names)
        await bot.press(anna, anna.id, shown.message_id, button(shown, "▶"))
        shown = replay_message(bot, anna)
        assert shown.caption is not None
        check_caption(shown.caption, steps[1], steps, names)
        picture_ok(shown)
        # someone else's solo table: refused
        await emu.user_starts_bot(boris)
        await bot.send(boris, boris.id, f"/replay {finished.game_id}")
        assert emu.bot_messages(boris.id)[-1].text == tr(
            LANG, "replay.not_allowed", game_id=finished.game_id)
        # a game not over: refused, no hand shown
        running = await solo_lobby(bot, boris, "/newgame block")
        await bot.lobby_press(boris, boris.id, "go")
        await bot.send(boris, boris.id, f"/replay {running.game_id}")
        last = emu.bot_messages(boris.id)[-1]
        assert last.text == tr(LANG, "replay.not_finished", game_id=running.game_id)
        # garbage and a group
        await bot.send(anna, anna.id, "/replay twelve")
        assert emu.bot_messages(anna.id)[-1].text == tr(LANG, "usage.replay")
        await bot.send(anna, anna.id, "/replay 987654")
        assert emu.bot_messages(anna.id)[-1].text == tr(LANG, "replay.no_game",
                                                        game_id=987654)


async def test_replay_of_triangular_dominoes(emu: TelegramEmulator, db_path: Path) -> None:
    """Another family replays step by step too: Tri-Ominos, its pieces written on
    chips under the grid."""
    anna = emu.add_user("Anna", language_code="en")
    group = emu.add_group("Club", [anna], admins=[anna])
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, [anna], "triangular", ai=1, level="e", target=100)
        await bot.lobby_press(anna, group.id, "go")
        await play_alone_against_computers(bot, group.id, anna, random.Random(2))
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        await walk(bot, anna, game.game_id)
