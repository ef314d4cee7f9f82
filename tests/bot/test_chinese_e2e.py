"""A whole game of chinese (Tien Gow) through the emulator: two people and
two computer players; the people choose their plays by pressing their hand's
buttons (one tap per tile, then face up or face down) and the game ends with the
stored record equal to the engine's replay of it. Stale, forged and out-of-turn
presses are refused and change nothing; a private keyboard shows only its own
seat's tiles; the group never reads a face-down tile."""

from __future__ import annotations

import random
import zlib
from pathlib import Path

import pytest

from bot.texts import tr
from engine.chinese.kind import ChineseView
from engine.chinese.rules import Play
from engine.games import kind_of, replay
from service.types import GameInfo
from tests.bot.emulator import TelegramEmulator, User
from tests.bot.emulator.models import Message
from tests.bot.harness import Bot, open_table, running_bot

MARK = "✅"


def _labels(msg: Message) -> dict[str, str]:
    """The hand's buttons by their callback data."""
    return {data: text for row in msg.keyboard() for text, data in row if data is not None}


def _tile_button(msg: Message, index: int) -> str:
    return next(d for d in msg.callback_datas() if d.endswith(f":t{index}"))


async def _own_view(bot: Bot, game: GameInfo, user: User) -> ChineseView:
    _, _, view = await bot.service.seat_view(game.game_id, user.id)
    assert isinstance(view, ChineseView)
    return view


def _check_private_keyboard(msg: Message, view: ChineseView) -> None:
    """The hand's tile buttons are the seat's own tiles, nothing of another seat."""
    tiles = sorted(text.removeprefix(MARK) for data, text in _labels(msg).items()
                   if data.rsplit(":", 1)[-1].startswith("t"))
    assert tiles == sorted(str(t) for t in view.hand)


async def _game(bot: Bot, group_id: int) -> GameInfo:
    game = await bot.game_in(group_id)
    assert game is not None
    return game


async def _press_play(bot: Bot, group_id: int, user: User, play: Play, lang: str) -> None:
    """Choose ``play``'s tiles one tap each, then press face up or face down."""
    msg = bot.hand(user)
    assert msg is not None
    game = await _game(bot, group_id)
    view = await _own_view(bot, game, user)
    _check_private_keyboard(msg, view)
    used: set[int] = set()
    action_keys = {tr(lang, "chinese.play_up"): "u", tr(lang, "chinese.play_down"): "d"}
    for n, tile in enumerate(play.tiles):
        # no play button before the choice is a legal play
        actions = {a for a in _labels(msg).values() if a in action_keys}
        if n == 0:
            assert not actions
        index = next(i for i, t in enumerate(view.hand) if t is tile and i not in used)
        used.add(index)
        answer = await bot.press(user, user.id, msg.message_id, _tile_button(msg, index))
        assert answer is None, answer
        fresh = bot.emu.message(user.id, msg.message_id)
        assert fresh is not None
        msg = fresh
        chosen = [text for data, text in _labels(msg).items() if text.startswith(MARK)]
        assert len(chosen) == n + 1
    wanted = tr(lang, "chinese.play_down" if play.down else "chinese.play_up")
    data = next(d for d, text in _labels(msg).items() if text == wanted)
    before = (await _game(bot, group_id)).version
    answer = await bot.press(user, user.id, msg.message_id, data)
    assert answer is None, answer
    after = await _game(bot, group_id)
    assert after.version > before
    # the same press again (an old keyboard now) is refused and changes nothing
    if after.status == "playing":
        again = await bot.press(user, user.id, msg.message_id, data, forge=True)
        assert again is not None
        assert (await _game(bot, group_id)).version == after.version


async def _start(bot: Bot, group_id: int, users: list[User]) -> GameInfo:
    await open_table(bot, group_id, users, "китайское", ai=2)
    await bot.settings(users[0], group_id, "rd", "rd", "rd")  # 8 -> 12 -> 16 -> 4 rounds
    lobby = await bot.game_in(group_id)
    assert lobby is not None and lobby.variant == "chinese"
    assert dict(lobby.options) == {"rounds": 4}
    await bot.lobby_press(users[0], group_id, "go")
    game = await bot.game_in(group_id)
    assert game is not None and game.status == "playing"
    return game


async def test_a_whole_game_of_chinese_by_buttons(emu: TelegramEmulator, db_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("service.context.secrets.randbits",
                        lambda bits: zlib.crc32(b"chinese"))
    users = [emu.add_user(n, language_code=lc) for n, lc in (("Anna", "ru"), ("Boris", "en"))]
    langs = {users[0].id: "ru", users[1].id: "en"}
    group = emu.add_group("Domino club", users)
    rng = random.Random(14)
    downs = 0
    async with running_bot(emu, db_path) as bot:
        game = await _start(bot, group.id, users)
        for _ in range(400):
            await bot.settle()
            game = await bot.game_in(group.id)
            assert game is not None
            if game.status != "playing":
                break
            assert game.turn is not None
            user = next(u for u in users
                        if (s := game.seat_of(u.id)) is not None and s.seat == game.turn)
            view = await _own_view(bot, game, user)
            plays = [m for m in view.legal if isinstance(m, Play)]
            assert plays
            down = [p for p in plays if p.down]
            play = rng.choice(down if down and rng.random() < 0.3 else plays)
            downs += play.down
            await _press_play(bot, group.id, user, play, langs[user.id])
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        assert downs > 0
        record = await bot.service.record(game.game_id)
        replayed, names = replay(record)
        assert names == [s.name for s in game.seats]
        assert {**kind_of("chinese").to_record(replayed, names), "deal": record["deal"]} \
            == record
        assert game.view is not None and game.view.outcome is not None
        assert list(replayed.totals) == list(game.view.totals)
        assert replayed.outcome is not None
        assert replayed.outcome.winners == game.view.outcome.winners
        assert len(record["rounds"]) == 4
        # the group never read a face-down tile: its captions name face-down plays by
        # their count only ("Boris — 2 face down"); the notation never shows
        group_texts = [str(h.snapshot.get("caption") or h.snapshot.get("text") or "")
                       for h in emu.history(group.id) if h.snapshot is not None]
        assert any("🏆" in t for t in group_texts)
        assert any("рубашкой вверх" in t or "face down" in t for t in group_texts)
        for text in group_texts:
            assert "down:" not in text
            for line in text.splitlines():
                if "face down" in line or "рубашкой вверх" in line:
                    for part in line.split(" · "):
                        if "face down" in part or "рубашкой вверх" in part:
                            assert not any(ch == "-" for ch in part.split("—")[-1]), part
        # the final table's caption says the score
        table = bot.table(group.id)
        assert table is not None and table.caption is not None
        for total in game.view.totals:
            assert str(total) in table.caption
        # the computer review covers the line games only: the final table offers none,
        # and /review says why
        assert not any(d.startswith("v:") for d in table.callback_datas())
        await bot.send(users[1], users[1].id, f"/review {game.game_id}")
        last = emu.bot_messages(users[1].id)[-1]
        assert last.text == tr("en", "err.no_review")


async def test_stale_forged_and_out_of_turn_presses_change_nothing(
        emu: TelegramEmulator, db_path: Path) -> None:
    users = [emu.add_user(n, language_code="en") for n in ("Anna", "Boris")]
    group = emu.add_group("Domino club", users)
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, users, "tiengow", ai=2)
        await bot.lobby_press(users[0], group.id, "go")
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "playing" and game.turn is not None
        on = next((u for u in users if (s := game.seat_of(u.id)) is not None
                   and s.seat == game.turn), None)
        if on is None:  # a computer leads: wait until a person is on turn
            await bot.settle()
            game = await bot.game_in(group.id)
            assert game is not None and game.turn is not None
            on = next(u for u in users if (s := game.seat_of(u.id)) is not None
                      and s.seat == game.turn)
        off = next(u for u in users if u is not on)
        version = game.version
        mine = bot.hand(on)
        theirs = bot.hand(off)
        assert mine is not None and theirs is not None
        # out of turn: a tile of the other hand
        text = await bot.press(off, off.id, theirs.message_id,
                               sorted(theirs.callback_datas())[0])
        assert text == tr("en", "chinese.not_your_turn")
        # forged: another game's id, a mask over the hand, nonsense
        data = _tile_button(mine, 0)
        parts = data.split(":")
        for forged in (":".join([parts[0], "999999", *parts[2:]]),
                       ":".join([*parts[:3], "255", "t0"]),
                       "cn:1:2", "cn:x:y:z:u"):
            answer = await bot.press(on, on.id, mine.message_id, forged, forge=True)
            assert answer in (tr("en", "chinese.forged"), tr("en", "chinese.illegal"),
                              tr("en", "btn.forged"), tr("en", "err.not_in_game"),
                              tr("en", "err.no_game")), (forged, answer)
        # a hand's tile button pressed on a group message (the table, or the lobby while
        # a person leads), or on another message of his private chat: refused, and
        # neither message takes the hand's buttons
        shown = emu.bot_messages(group.id)[-1]
        before = shown.callback_datas()
        assert await bot.press(on, group.id, shown.message_id, data, forge=True) \
            == tr("en", "btn.forged")
        assert emu.message(group.id, shown.message_id).callback_datas() == before  # type: ignore[union-attr]
        other = next(m for m in emu.bot_messages(on.id) if m.message_id != mine.message_id)
        kept = other.callback_datas()
        assert await bot.press(on, on.id, other.message_id, data, forge=True) \
            == tr("en", "err.stale")
        assert emu.message(on.id, other.message_id).callback_datas() == kept  # type: ignore[union-attr]
        # a play button no choice made: refused
        up = ":".join([*parts[:3], "0", "u"])
        assert await bot.press(on, on.id, mine.message_id, up, forge=True) \
            == tr("en", "chinese.illegal")
        # an old version
        stale = ":".join([parts[0], parts[1], str(version - 1), *parts[3:]])
        assert await bot.press(on, on.id, mine.message_id, stale, forge=True) \
            == tr("en", "chinese.stale")
        after = await bot.game_in(group.id)
        assert after is not None and after.version == version
        # no pass either: the on-turn player is told to use his buttons
        await bot.send(on, group.id, "/pass")
        assert emu.bot_messages(group.id)[-1].text == tr("en", "refuse.buttons_only")
        # no fish in chinese; its rules in both languages, by any of its names
        await bot.send(on, group.id, "/fish")
        assert emu.bot_messages(group.id)[-1].text == tr("en", "err.no_fish")
        for word, lang in (("китайское", "ru"), ("tiengow", "en")):
            reader = emu.add_user(f"Reader {lang}", language_code=lang)
            await emu.user_starts_bot(reader)
            await bot.send(reader, reader.id, f"/rules {word}")
            text = emu.bot_messages(reader.id)[-1].text or ""
            assert tr(lang, "rules.chinese")[:60] in text
            assert tr(lang, "opt.early_death")[:30] in text
        after = await bot.game_in(group.id)
        assert after is not None and after.version == version
        # the table as text (/table text) in chinese's own form
        await bot.send(on, group.id, "/table text")
        text = emu.last_message(group.id)
        assert text is not None and text.text is not None
        assert tr("en", "chinese.tricks", tricks="").strip() in text.text
        assert tr("en", "chinese.banker_is", name="").strip() in text.text
        assert "down:" not in text.text
        # the private keyboards show each seat's own tiles only
        for user, msg in ((on, mine), (off, theirs)):
            view = await _own_view(bot, after, user)
            _check_private_keyboard(msg, view)


async def test_a_time_out_plays_the_rules_own_move(emu: TelegramEmulator,
                                                   db_path: Path) -> None:
    """[C12] through the timers: the late player's lowest tile is led for him, or his
    lowest tiles go face down; the group is told a move was made for him."""
    from bot.showing.timers import fire_due
    from service.timers import ManualClock

    users = [emu.add_user(n, language_code="en") for n in ("Anna", "Boris")]
    group = emu.add_group("Club", users)
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.send(users[0], group.id, "/settings turn 1m")
        await open_table(bot, group.id, users, "chinese", ai=2)
        await bot.lobby_press(users[0], group.id, "go")
        await bot.settle()
        game = await _game(bot, group.id)
        assert game.status == "playing" and game.turn is not None
        late = next(u for u in users
                    if (s := game.seat_of(u.id)) is not None and s.seat == game.turn)
        played, _ = replay(await bot.service.record(game.game_id))
        expected = kind_of("chinese").timeout_move(played)
        assert isinstance(expected, Play)
        clock.advance(61)
        await fire_due(bot.app)
        await bot.settle()
        after = await _game(bot, group.id)
        assert after.version > game.version
        record = await bot.service.record(game.game_id)
        moves = [m for r in record["rounds"] for m in r["moves"]]
        assert moves[len(moves) - (after.version - game.version)] == expected.notation()
        name = next(s.name for s in after.seats if s.user_id == late.id)
        told = tr("en", "timer.timed_out", name=name)
        texts = [str(h.snapshot.get("text") or h.snapshot.get("caption") or "")
                 for h in emu.history(group.id) if h.snapshot is not None]
        assert any(told in t for t in texts)
