"""Whole games of ``mexican_train`` through the emulator: two people and a computer
seat; the people press the hand's buttons (a tile, then its train when it fits
several; end of chain; draw and pass) until the game is over, and the stored record
is the engine's replay of it. Forged, stale and out-of-turn presses are refused and
change nothing; the group never sees a hand; the lobby shows and changes the game's
own options."""

from __future__ import annotations

import random
import re
import zlib
from collections import Counter
from pathlib import Path

import pytest

from bot.kinds.trains_keys import PREFIX, decode
from bot.texts import tr
from bot.ui.lobby_words import rules_text
from engine.games import kind_of, replay
from engine.trains.kind import TrainsMatch, TrainsView
from tests.bot.emulator import TelegramEmulator, User
from tests.bot.emulator.models import Message
from tests.bot.harness import Bot, open_table, reviewed, running_bot
from tests.bot.kind_buttons import check_refusals, hand_message, no_hand_buttons_in

MT = f"{PREFIX}:"


def action(data: str) -> str:
    press = decode(data)
    assert press is not None, data
    return press.action


async def own_hand(bot: Bot, game_id: int, user: User) -> set[str]:
    _, _, view = await bot.service.seat_view(game_id, user.id)
    assert isinstance(view, TrainsView)
    return {str(t) for t in view.hand}


def no_hand_in_group(bot: Bot, group_id: int) -> None:
    """The group's messages carry no hand buttons and no hand line."""
    heads = {tr(lang, "mt.hand", count="\0", tiles="\0").split("\0")[0]
             for lang in ("en", "ru")}
    no_hand_buttons_in(bot, group_id, MT)
    for m in bot.emu.bot_messages(group_id):
        text = f"{m.text or ''}\n{m.caption or ''}"
        assert not any(h in text for h in heads), text


async def test_whole_game_with_a_computer_through_the_buttons(
        emu: TelegramEmulator, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("service.context.secrets.randbits",
                        lambda bits: zlib.crc32(b"mexican_train"))
    users = [emu.add_user(n, language_code=lc) for n, lc in (("Anna", "ru"), ("Boris", "en"))]
    group = emu.add_group("Domino club", users)
    rng = random.Random(5)
    presses: Counter[str] = Counter()
    answers: list[str] = []
    async with running_bot(emu, db_path) as bot:
        lobby = await open_table(bot, group.id, users, "mexican_train", ai=1, level="e")
        assert lobby.variant == "mexican_train"
        text = bot.lobby(group.id).text or ""  # Anna created it: the lobby speaks Russian
        assert tr("ru", "lobby.first_turn", value=tr("ru", "optval.first_turn_chain")) in text
        # the game's own options in the settings panel: double-nine, one round, the
        # first turn one tile then a chain again, a 0-0 worth 50
        assert tr("ru", "lobby.mexican_train.rounds_off") in text  # one per double
        await bot.lobby_press(users[0], group.id, "c")
        labels = {label for row in bot.panel(users[0]).keyboard() for label, _ in row}
        assert tr("ru", "btn.mexican_train.rounds_off") in labels
        assert tr("ru", "opt.mexican_train.rounds") in (bot.panel(users[0]).text or "")
        for code in ("st", "rd", "ft", "db"):
            assert await bot.panel_press(users[0], code)
        game = await bot.game_in(group.id)
        assert game is not None
        assert dict(game.options) == {"set": 9, "rounds": 1, "first_turn": 2,
                                      "double_blank": 50}
        lobby_text = bot.lobby(group.id).text or ""
        assert tr("ru", "lobby.double_blank", value=50) in lobby_text
        await bot.panel_press(users[0], "ft")  # back to the chain
        game = await bot.game_in(group.id)
        assert game is not None and game.options.get("first_turn", 1) == 1
        assert bot.lobby(group.id).text != lobby_text
        await bot.panel_press(users[0], "b")
        # a sole pass or draw is pressed too (the service would make it by itself)
        await bot.send(users[0], group.id, "/settings forced off")
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
            user = next((u for u in users if (s := game.seat_of(u.id)) is not None
                         and s.seat == game.turn), None)
            assert user is not None, "the computer did not move"
            msg = hand_message(bot, user, MT)
            assert msg is not None, "no hand buttons for the player on turn"
            datas = sorted(msg.callback_datas())
            assert all(len(d.encode()) <= 64 for d in datas)
            mine = await own_hand(bot, game.game_id, user)
            labels = {text for row in msg.keyboard() for text, data in row
                      if data is not None and action(data) == "t"}
            assert labels <= mine, (labels, mine)  # his own tiles only
            if refusals_checked < 3 and presses["t"] > 4 * refusals_checked:
                answers += await check_refusals(bot, group.id, users, user, msg, old, MT,
                                                "0.0.0:t-1")
                refusals_checked += 1
            tiles = [d for d in datas if action(d) == "t"]
            ends = [d for d in datas if action(d) == "e"]
            if tiles and (not ends or rng.random() < 0.6):
                data = rng.choice(tiles)
            else:
                data = next(d for d in datas if action(d) in "eds")
            while True:
                presses[action(data)] += 1
                answer = await bot.press(user, user.id, msg.message_id, data)
                assert answer is None, (data, answer)
                after = await bot.game_in(group.id)
                assert after is not None
                if after.version != game.version or after.status != "playing":
                    break
                # a tile on several trains: the same message now offers the trains
                edited = next(m for m in bot.emu.bot_messages(user.id)
                              if m.message_id == msg.message_id)
                step = sorted(d for d in edited.callback_datas() if action(d) == "p")
                assert step, (data, edited.callback_datas())
                data = rng.choice(step)
            old = (user, msg, datas[0])
        else:
            raise AssertionError("the game did not end")
        no_hand_in_group(bot, group.id)
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        assert game.view is not None and game.view.outcome is not None
        # the stored record is the engine's replay
        record = await bot.service.record(game.game_id)
        assert record["variant"] == "mexican_train"
        assert record["options"] == {"set": 9, "rounds": 1, "double_blank": 50}
        replayed, names = replay(record)
        assert isinstance(replayed, TrainsMatch)
        assert list(replayed.totals) == list(game.view.totals)
        assert replayed.outcome == game.view.outcome
        assert {**kind_of("mexican_train").to_record(replayed, names),
                "deal": record["deal"]} == record
        moves = [m for r in record["rounds"] for m in r["moves"]]
        # the group saw the result under the last picture
        table = bot.table(group.id)
        assert table is not None and table.caption is not None and "🏆" in table.caption
        # the post-game review: the computer's valuation of Boris's placements, in private
        summary = await reviewed(bot, emu, group.id, users[1], game.game_id)
        assert re.search(r"\d+ of your \d+ choices were as good as the computer's best",
                         summary) or "never had a real choice" in summary, summary
        # /rules in both languages, in private, by a name typed in any language
        for user, lang, name in ((users[0], "ru", "мексиканский поезд"),
                                 (users[1], "en", "trem mexicano")):
            await bot.send(user, user.id, f"/rules {name}")
            assert emu.bot_messages(user.id)[-1].text == rules_text(lang, "mexican_train")
    print(f"\nmexican_train: {len(moves)} entries, presses {dict(presses)}, "
          f"refusal checks {refusals_checked}")
    assert refusals_checked >= 2
    texts = " | ".join(answers).lower()
    assert "turn" in texts or "ход" in texts
    assert "old" in texts or "устарел" in texts
    assert presses["t"] > 0 and presses["p"] > 0 and presses["e"] > 0, presses
    assert presses["d"] > 0, presses
    assert any("+" in m for m in moves)  # a chain, or a double and its cover


async def test_forced_draws_are_made_and_the_drawn_tile_is_offered(
        emu: TelegramEmulator, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the forced moves on (the default), a sole draw or pass is made for the
    person on turn; after a draw whose tile fits, it is his choice again: the game
    waits for his press and offers the drawn tile."""
    monkeypatch.setattr("service.context.secrets.randbits", lambda bits: 77)
    users = [emu.add_user(n, language_code="en") for n in ("Anna", "Boris")]
    group = emu.add_group("Domino club", users)
    rng = random.Random(7)
    seen_drawn_offered = False
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, users, "mexican_train")
        await bot.lobby_press(users[0], group.id, "c")
        for code in ("st", "rd", "ft"):  # double-nine, one round, a single first turn
            await bot.panel_press(users[0], code)
        await bot.panel_press(users[0], "b")
        await bot.lobby_press(users[0], group.id, "go")
        for _ in range(1000):
            await bot.settle()
            game = await bot.game_in(group.id)
            assert game is not None
            if game.status != "playing":
                break
            user = next(u for u in users
                        if (s := game.seat_of(u.id)) is not None and s.seat == game.turn)
            _, _, view = await bot.service.seat_view(game.game_id, user.id)
            assert isinstance(view, TrainsView)
            if view.detail["drew"]:  # drawn for him: the tile fits, his press is awaited
                seen_drawn_offered = True
            msg = hand_message(bot, user, MT)
            assert msg is not None
            datas = sorted(msg.callback_datas())
            assert not any(action(d) in "ds" for d in datas)  # made for him, never offered
            data = rng.choice(datas)
            while True:
                assert await bot.press(user, user.id, msg.message_id, data) is None
                after = await bot.game_in(group.id)
                assert after is not None
                if after.version != game.version:
                    break
                edited = next(m for m in bot.emu.bot_messages(user.id)
                              if m.message_id == msg.message_id)
                data = rng.choice(sorted(d for d in edited.callback_datas()
                                         if action(d) == "p"))
        else:
            raise AssertionError("the game did not end")
        no_hand_in_group(bot, group.id)
        record = await bot.service.record(game.game_id)
        replayed, _ = replay(record)
        game = await bot.game_in(group.id)
        assert game is not None and game.view is not None
        assert list(replayed.totals) == list(game.view.totals)
        moves = record["rounds"][0]["moves"]
        assert "draw" in moves
    assert seen_drawn_offered


async def test_newgame_by_its_names_and_the_text_table(emu: TelegramEmulator,
                                                       db_path: Path) -> None:
    users = [emu.add_user("Anna", language_code="uk")]
    group = emu.add_group("Domino club", users)
    other = emu.add_group("Second club", users)
    async with running_bot(emu, db_path) as bot:
        await bot.emu.user_starts_bot(users[0])
        await bot.send(users[0], group.id, "/newgame мексиканський потяг")
        game = await bot.game_in(group.id)
        assert game is not None and game.variant == "mexican_train"
        assert "Мексиканський потяг" in (bot.lobby(group.id).text or "")
        await bot.send(users[0], other.id, "/newgame tren mexicano")
        game = await bot.game_in(other.id)
        assert game is not None and game.variant == "mexican_train"
        await bot.send(users[0], other.id, "/settings table text")
        await bot.lobby_press(users[0], other.id, "a:e")
        await bot.lobby_press(users[0], other.id, "go")
        for _ in range(20):  # the table is shown from the first tile on
            await bot.settle()
            game = await bot.game_in(other.id)
            assert game is not None and game.view is not None
            if any(game.view.detail["trains"].values()):  # type: ignore[attr-defined]
                break
            msg = hand_message(bot, users[0], MT)
            assert msg is not None
            data = sorted(msg.callback_datas())[0]
            await bot.press(users[0], users[0].id, msg.message_id, data)
            edited = next(m for m in emu.bot_messages(users[0].id)
                          if m.message_id == msg.message_id)
            step = sorted(d for d in edited.callback_datas() if action(d) == "p")
            if step and (await bot.game_in(other.id)) == game:
                await bot.press(users[0], users[0].id, msg.message_id, step[0])
        await bot.settle()
        texts = [m.text or "" for m in emu.bot_messages(other.id)]
        table = [t for t in texts if tr("uk", "mt.tt_trains") in t]
        assert table, texts[-3:]
        assert tr("uk", "mt.mexican") in table[-1]
        no_hand_in_group(bot, other.id)


async def test_alone_against_the_computer(emu: TelegramEmulator, db_path: Path) -> None:
    """A solo table in his private chat: his buttons are under the table picture, a
    tile on several trains an edit of that one message; the computer's moves between."""
    vera = emu.add_user("Vera", language_code="es")
    rng = random.Random(9)
    async with running_bot(emu, db_path) as bot:
        await emu.user_starts_bot(vera)
        await bot.send(vera, vera.id, "/newgame tren mexicano")
        game = await bot.game_in(vera.id)
        assert game is not None and game.solo and game.variant == "mexican_train"
        while len(game.seats) > 1:  # the computers he wants: one easy one
            await bot.lobby_press(vera, vera.id, "r")
            after = await bot.game_in(vera.id)
            assert after is not None and len(after.seats) < len(game.seats)
            game = after
        await bot.lobby_press(vera, vera.id, "a:e")
        game = await bot.game_in(vera.id)
        assert game is not None and [s.ai_level for s in game.seats] == [None, "easy"]
        await bot.lobby_press(vera, vera.id, "c")
        for code in ("st", "rd"):  # double-nine, one round
            await bot.panel_press(vera, code)
        await bot.panel_press(vera, "b")
        await bot.lobby_press(vera, vera.id, "go")
        for _ in range(500):
            await bot.settle()
            game = await bot.game_in(vera.id)
            assert game is not None
            if game.status != "playing":
                break
            assert game.turn == 0, "the computer did not move"
            msg = hand_message(bot, vera, MT)
            assert msg is not None and msg.has_media  # under the table picture
            data = rng.choice(sorted(msg.callback_datas()))
            while True:
                assert await bot.press(vera, vera.id, msg.message_id, data) is None
                after = await bot.game_in(vera.id)
                assert after is not None
                if after.version != game.version:
                    break
                edited = next(m for m in emu.bot_messages(vera.id)
                              if m.message_id == msg.message_id)
                data = rng.choice(sorted(d for d in edited.callback_datas()
                                         if action(d) == "p"))
        else:
            raise AssertionError("the game did not end")
        record = await bot.service.record(game.game_id)
        replayed, _ = replay(record)
        assert game.view is not None and list(replayed.totals) == list(game.view.totals)
