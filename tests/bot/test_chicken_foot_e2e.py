"""A whole game of ``chicken_foot`` through the emulator: two people and a computer
player, double-six, two rounds, six engine arms and 0-0 counting nothing, chosen
in the lobby's settings. The people press their hands' buttons (a tile, and its end
when it fits several) until the game is over; the stored record is the engine's
replay of it. An old keyboard, a press off turn and forged data are refused and
change nothing; no message in the group carries a hand's buttons."""

from __future__ import annotations

import random
import re
import zlib
from collections import Counter
from pathlib import Path

import pytest

from bot.kinds.chicken_keys import PREFIX, decode
from bot.kinds.chicken_text import need_line
from bot.texts import tr
from bot.ui.lobby_words import rules_text
from engine.chicken.kind import ChickenMatch, ChickenView
from engine.games import kind_of, replay
from tests.bot.emulator import TelegramEmulator, User
from tests.bot.emulator.models import Message
from tests.bot.harness import Bot, open_table, reviewed, running_bot
from tests.bot.kind_buttons import check_refusals, hand_message

CK = f"{PREFIX}:"


def action(data: str) -> str:
    press = decode(data)
    assert press is not None, data
    return press.action


async def own_hand(bot: Bot, game_id: int, user: User) -> set[str]:
    _, _, view = await bot.service.seat_view(game_id, user.id)
    assert isinstance(view, ChickenView)
    return {str(t) for t in view.hand}


async def change_options(bot: Bot, group_id: int, user: User) -> None:
    """In the settings panel: double-six, two rounds, six arms, 0-0 counting 0; the
    lobby then says so."""
    await bot.lobby_press(user, group_id, "c")
    for _ in range(3):
        game = await bot.game_in(group_id)
        assert game is not None
        if game.options.get("set") == 6:
            break
        await bot.panel_press(user, "st")
    for _ in range(12):
        game = await bot.game_in(group_id)
        assert game is not None
        if game.options.get("rounds") == 2:
            break
        await bot.panel_press(user, "rd")
    await bot.panel_press(user, "ra")
    await bot.panel_press(user, "db")
    await bot.panel_press(user, "b")
    game = await bot.game_in(group_id)
    assert game is not None
    assert (game.options.get("set"), game.options.get("rounds")) == (6, 2)
    assert (game.options.get("root_arms"), game.options.get("double_blank")) == (6, 0)


async def test_whole_chicken_foot_game_through_the_buttons(
        emu: TelegramEmulator, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("service.context.secrets.randbits",
                        lambda bits: zlib.crc32(b"chicken_foot"))
    users = [emu.add_user(n, language_code=lc) for n, lc in (("Anna", "ru"), ("Boris", "en"))]
    group = emu.add_group("Domino club", users)
    rng = random.Random(5)
    presses: Counter[str] = Counter()
    answers: list[str] = []
    async with running_bot(emu, db_path) as bot:
        lobby = await open_table(bot, group.id, users, "chicken_foot", ai=1, level="m")
        assert lobby.variant == "chicken_foot"
        await change_options(bot, group.id, users[0])
        lang = "ru"  # the group speaks its first player's language
        shown = bot.lobby(group.id).text or ""
        assert tr(lang, "variant.chicken_foot") in shown
        assert tr(lang, "lobby.root_arms", value=6) in shown, shown
        assert tr(lang, "lobby.double_blank_off") in shown, shown
        await bot.lobby_press(users[0], group.id, "go")
        old: tuple[User, Message, str] | None = None
        refusals_checked = 0
        for _ in range(3000):
            await bot.settle()
            game = await bot.game_in(group.id)
            assert game is not None
            if game.status != "playing":
                break
            assert game.turn is not None
            user = next((u for u in users
                         if (s := game.seat_of(u.id)) is not None and s.seat == game.turn),
                        None)
            assert user is not None, "the computer player did not move"
            msg = hand_message(bot, user, CK)
            assert msg is not None, "no hand buttons for the player on turn"
            datas = sorted(msg.callback_datas())
            assert all(len(d.encode()) <= 64 for d in datas)
            # the message says what the table needs now; the buttons show his own tiles
            _, _, view = await bot.service.seat_view(game.game_id, user.id)
            assert isinstance(view, ChickenView)
            user_lang = user.language_code or "en"
            assert need_line(user_lang, view) in (msg.text or msg.caption or ""), msg.text
            mine = await own_hand(bot, game.game_id, user)
            labels = {text.removeprefix("✅") for row in msg.keyboard() for text, data in row
                      if data is not None and action(data) in ("t", "x")}
            assert labels <= mine, (labels, mine)
            if refusals_checked < 3 and presses["t"] > 4 * refusals_checked:
                answers += await check_refusals(bot, group.id, users, user, msg, old, CK,
                                                "0:0:t-1")
                refusals_checked += 1
            choices = [d for d in datas if action(d) == "t"]
            if choices:
                data = rng.choice(choices)
            else:  # forced draws and passes are made for him: a tile must fit
                raise AssertionError(f"no tile to press: {datas}")
            while True:
                presses[action(data)] += 1
                answer = await bot.press(user, user.id, msg.message_id, data)
                after = await bot.game_in(group.id)
                assert after is not None
                if after.version != game.version or after.status != "playing":
                    assert answer is None or "old" not in answer, (data, answer)
                    break
                # a tile that fits several ends: the same message now offers them
                edited = next(m for m in bot.emu.bot_messages(user.id)
                              if m.message_id == msg.message_id)
                step = sorted(d for d in edited.callback_datas() if action(d) == "e")
                assert step and answer is None, (data, answer, edited.callback_datas())
                data = rng.choice(step)
            old = (user, msg, datas[0])
        else:
            raise AssertionError("the game did not end")
        for m in emu.bot_messages(group.id):  # the group never sees a hand's buttons
            assert not any(d.startswith(CK) for d in m.callback_datas()), m.text
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        assert game.view is not None and game.view.outcome is not None
        # the stored record is the engine's replay
        record = await bot.service.record(game.game_id)
        assert record["variant"] == "chicken_foot"
        assert record["options"] == {"set": 6, "rounds": 2, "root_arms": 6, "double_blank": 0}
        replayed, names = replay(record)
        assert isinstance(replayed, ChickenMatch)
        assert list(replayed.totals) == list(game.view.totals)
        assert replayed.outcome == game.view.outcome
        assert {**kind_of("chicken_foot").to_record(replayed, names),
                **{k: v for k, v in record.items() if k not in ("format", "variant", "options",
                                                                 "players", "rounds")}
                } == record
        assert len(record["rounds"]) == 2
        moves = [m for r in record["rounds"] for m in r["moves"]]
        assert sum(1 for m in moves if m.endswith(":R")) >= 6  # six arms each round
        # the group saw the result under its last picture
        table = bot.table(group.id)
        assert table is not None and table.caption is not None and "🏆" in table.caption
        # the post-game review: the computer's valuation of Boris's placements, in private
        summary = await reviewed(bot, emu, group.id, users[1], game.game_id)
        assert re.search(r"\d+ of your \d+ choices were as good as the computer's best",
                         summary) or "never had a real choice" in summary, summary
        # ratings: the people rated in Chicken Foot's own family
        lines = await bot.service.ratings.top("chicken", group.id)
        assert {u.id for u in users} <= {line.user_id for line in lines}
        # /rules in both languages, in private, by a name typed in another language
        for user, lang_of in ((users[0], "ru"), (users[1], "en")):
            await bot.send(user, user.id, "/rules pata de gallina")
            assert emu.bot_messages(user.id)[-1].text == rules_text(lang_of, "chicken_foot")
    print(f"\nchicken_foot: {len(moves)} moves, presses {dict(presses)}, "
          f"refusal checks {refusals_checked}")
    assert refusals_checked >= 2
    texts = " | ".join(answers).lower()
    assert "ход" in texts or "turn" in texts  # not his turn
    assert presses["t"] > 0 and "draw" in moves and "pass" in moves


async def test_a_game_as_text_with_the_computer(emu: TelegramEmulator, db_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """One person and an easy computer player, the table as text: each text table
    names the open ends or the foot waiting, the last one the result; no hand."""
    monkeypatch.setattr("service.context.secrets.randbits", lambda bits: 77)
    anna = emu.add_user("Anna", language_code="en")
    group = emu.add_group("Domino club", [anna])
    rng = random.Random(8)
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, [anna], "chicken_foot", ai=1, level="e")
        await bot.lobby_press(anna, group.id, "c")
        await bot.panel_press(anna, "st")  # double-six
        for _ in range(12):
            game = await bot.game_in(group.id)
            assert game is not None
            if game.options.get("rounds") == 1:
                break
            await bot.panel_press(anna, "rd")
        await bot.panel_press(anna, "b")
        await bot.send(anna, group.id, "/settings table text")
        await bot.lobby_press(anna, group.id, "go")
        for _ in range(500):
            await bot.settle()
            game = await bot.game_in(group.id)
            assert game is not None
            if game.status != "playing":
                break
            msg = hand_message(bot, anna, CK)
            assert msg is not None
            data = rng.choice(sorted(d for d in msg.callback_datas() if action(d) == "t"))
            await bot.press(anna, anna.id, msg.message_id, data)
            edited = next(m for m in emu.bot_messages(anna.id) if m.message_id == msg.message_id)
            step = sorted(d for d in edited.callback_datas() if action(d) == "e")
            after = await bot.game_in(group.id)
            if step and after is not None and after.version == game.version:
                await bot.press(anna, anna.id, msg.message_id, rng.choice(step))
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        record = await bot.service.record(game.game_id)
        assert record["options"] == {"set": 6, "rounds": 1}
        texts = [m.text or "" for m in emu.bot_messages(group.id)]
        tables = [t for t in texts if tr("en", "ttable.ck_yard", count="").rstrip() in t]
        assert tables and "🏆" in "\n".join(texts)
        placed = [m.split(":")[0] for m in record["rounds"][0]["moves"] if ":" in m]
        assert placed[-1] in tables[-1] or placed[-1] in "\n".join(tables)
        for m in emu.bot_messages(group.id):
            assert not any(d.startswith(CK) for d in m.callback_datas())
