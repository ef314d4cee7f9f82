"""Privacy through the emulator: /privacy tells this host's retention (en, ru; a group
gets one line and the link); /forget is refused in a lobby and while playing, asks
first, keeps everything on Cancel, and on ✅ erases every trace of the person (the
schema-wide check of tests/service/test_privacy.py) while the other player's results
and ratings and the game's record (with "Player 1") stay; an old confirmation is
answered and changes nothing. The retention deletes an old finished game's moves at
the housekeeping (its /export says so), and nothing when it is off. /top in a group
lists that group's players; /top all names only those the asker played with."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from bot.handlers.privacy import privacy_text
from bot.showing.timers import housekeeping
from bot.texts import plural, tr
from bot.wiring.state import get_state
from engine.games import replay
from service.privacy import DAY
from service.timers import ManualClock
from tests.bot.emulator import Message, TelegramEmulator, User
from tests.bot.harness import Bot, open_table, play_to_end, running_bot, start_game
from tests.service.test_privacy import _snapshot, _traces


def _last(emu: TelegramEmulator, chat_id: int) -> Message:
    return emu.bot_messages(chat_id)[-1]


def _text(emu: TelegramEmulator, chat_id: int) -> str:
    return _last(emu, chat_id).text or ""


async def _play_game(bot: Bot, group_id: int, humans: list[User], seed: int = 15) -> int:
    await start_game(bot, group_id, humans, "draw")
    await play_to_end(bot, group_id, humans, random.Random(seed))
    await bot.settle()
    game = await bot.game_in(group_id)
    assert game is not None and game.status == "finished"
    return game.game_id


def _document(emu: TelegramEmulator, chat_id: int) -> dict[str, Any]:
    message = next(m for m in reversed(emu.bot_messages(chat_id)) if m.document is not None)
    assert message.document is not None
    record: dict[str, Any] = json.loads(emu.files[message.document.file_id].data)
    return record


async def test_privacy_tells_this_hosts_retention(emu: TelegramEmulator, db_path: Path
                                                  ) -> None:
    anna = emu.add_user("Anna", language_code="en")
    vera = emu.add_user("Вера", language_code="ru")
    group = emu.add_group("Club", [anna, vera])
    async with running_bot(emu, db_path, retain_moves_days=30, retain_pings_days=7) as bot:
        settings = get_state(bot.app).settings
        for user, lang, words in ((anna, "en", ("30 days", "7 days")),
                                  (vera, "ru", ("30 дней", "7 дней"))):
            await emu.user_starts_bot(user)
            await bot.send(user, user.id, "/privacy")
            text = _text(emu, user.id)
            assert text == privacy_text(lang, settings)
            assert all(word in text for word in words), text
            assert "/forget" in text
        await bot.send(anna, group.id, "/privacy")  # a group: one line and the link
        assert _text(emu, group.id).startswith(tr("en", "privacy.group", link="")[:30])
        assert "start=privacy" in _text(emu, group.id)
        await bot.send(anna, anna.id, "/start privacy")  # the link opens the full text
        assert _text(emu, anna.id) == privacy_text("en", settings)
    async with running_bot(emu, db_path) as bot:  # the default: kept for ever
        await bot.send(anna, anna.id, "/privacy")
        assert tr("en", "privacy.moves_forever") in _text(emu, anna.id)
        assert tr("en", "privacy.pings_forever") in _text(emu, anna.id)


def _buttons(message: Message) -> dict[str, str]:
    """/forget's buttons by their answer: y (delete), n (keep)."""
    return {data.split(":")[1]: data for data in message.callback_datas()
            if data.startswith("f:")}


async def test_forget(emu: TelegramEmulator, db_path: Path) -> None:
    anna, boris = emu.add_user("Anna", language_code="en"), emu.add_user("Boris",
                                                                          language_code="en")
    group = emu.add_group("Club", [anna, boris])
    async with running_bot(emu, db_path) as bot:
        db = bot.service.context.db
        await open_table(bot, group.id, [anna, boris], "draw")
        await bot.send(anna, anna.id, "/forget")  # in the lobby: leave it first
        assert _text(emu, anna.id) == tr("en", "forget.lobby")
        await bot.lobby_press(anna, group.id, "go")
        await bot.send(anna, anna.id, "/forget")  # playing: finish or /cancel
        assert _text(emu, anna.id) == tr("en", "forget.playing")
        await play_to_end(bot, group.id, [anna, boris], random.Random(15))
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        game_id = game.game_id
        await bot.send(anna, group.id, "/forget")  # a group: to the private chat
        assert "start=forget" in _text(emu, group.id)

        # Cancel: nothing changes
        await bot.send(anna, anna.id, "/forget")
        ask = _last(emu, anna.id)
        assert ask.text == tr("en", "forget.ask") and set(_buttons(ask)) == {"y", "n"}
        assert await bot.press(anna, anna.id, ask.message_id, _buttons(ask)["n"]) == tr(
            "en", "ans.forget_kept")
        assert emu.message(anna.id, ask.message_id).text == tr("en", "forget.kept")
        assert await bot.service.user(anna.id) is not None
        assert await _traces(db, anna.id, "Anna")

        # ✅: every trace goes; Boris keeps his results and ratings
        boris_before = await _snapshot(db, boris.id)
        assert boris_before
        await bot.send(anna, anna.id, "/forget")
        ask = _last(emu, anna.id)
        confirm = _buttons(ask)["y"]
        assert await bot.press(anna, anna.id, ask.message_id, confirm) == tr(
            "en", "ans.forget_done")
        assert emu.message(anna.id, ask.message_id).text == tr("en", "forget.done")
        assert await bot.service.user(anna.id) is None
        assert await _traces(db, anna.id, "Anna") == []
        assert await _snapshot(db, boris.id) == boris_before
        # the same confirmation again (a late double press): answered, nothing stored
        assert await bot.press(anna, anna.id, ask.message_id, confirm, forge=True) == tr(
            "en", "err.forget_stale")
        assert await _traces(db, anna.id, "Anna") == []
        # his buttons pressed anywhere but in his own private chat (forged into a
        # group's message) are refused and change nothing
        before = await _snapshot(db, boris.id)
        assert await bot.press(boris, group.id, _last(emu, group.id).message_id, confirm,
                               forge=True) == tr("en", "btn.forged")
        assert await bot.service.user(boris.id) is not None
        assert await _snapshot(db, boris.id) == before

        # the old game: Boris's /export names her "Player 1" and replays
        await bot.send(boris, boris.id, f"/export {game_id}")
        record = _document(emu, boris.id)
        assert record["players"] == ["Player 1", "Boris"]
        played, names = replay(record)
        assert played.outcome is not None and names == ["Player 1", "Boris"]
        await bot.send(boris, group.id, "/score")
        assert "Anna" not in _text(emu, group.id)
        assert tr("en", "seat.forgotten", number=1) in _text(emu, group.id)


async def test_retention_deletes_old_moves_at_the_housekeeping(emu: TelegramEmulator,
                                                                db_path: Path) -> None:
    anna, boris = emu.add_user("Anna", language_code="en"), emu.add_user("Boris",
                                                                          language_code="en")
    group = emu.add_group("Club", [anna, boris])
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:  # off by default
        db = bot.service.context.db
        game_id = await _play_game(bot, group.id, [anna, boris])
        async with db.reading() as ex:
            moves = (await ex.fetchone("SELECT COUNT(*) FROM game_moves"))[0]
        assert moves > 0
        clock.advance(400 * DAY)
        await housekeeping(bot.app)
        async with db.reading() as ex:
            assert (await ex.fetchone("SELECT COUNT(*) FROM game_moves"))[0] == moves
        await bot.send(anna, group.id, f"/export {game_id}")
        assert _document(emu, group.id)["players"] == ["Anna", "Boris"]
    async with running_bot(emu, db_path, clock=clock, retain_moves_days=30,
                           retain_pings_days=30) as bot:
        db = bot.service.context.db
        stats = await _snapshot(db, anna.id)
        await housekeeping(bot.app)
        async with db.reading() as ex:
            assert (await ex.fetchone("SELECT COUNT(*) FROM game_moves"))[0] == 0
            assert (await ex.fetchone("SELECT COUNT(*) FROM turn_pings"))[0] == 0
        assert await _snapshot(db, anna.id) == stats  # results, statistics, ratings stay
        game = await bot.service.game(game_id)
        assert game.status == "finished"
        await bot.send(anna, group.id, f"/export {game_id}")
        assert _text(emu, group.id) == tr("en", "export.moves_deleted", game_id=game_id,
                                          days=plural("en", 30, "day"))
        await bot.send(anna, anna.id, "/export")  # in private too
        assert _text(emu, anna.id) == tr("en", "export.moves_deleted", game_id=game_id,
                                         days=plural("en", 30, "day"))
        await bot.send(anna, anna.id, "/review")
        assert tr("en", "review.moves_deleted", days=plural("en", 30, "day")) in _text(
            emu, anna.id)
        await bot.send(anna, group.id, "/top")  # the ratings stay
        assert "Anna" in _text(emu, group.id)


async def test_top_names_only_whom_it_should(emu: TelegramEmulator, db_path: Path) -> None:
    anna, boris = emu.add_user("Anna", language_code="en"), emu.add_user("Boris",
                                                                          language_code="en")
    vera, gleb = emu.add_user("Vera", language_code="en"), emu.add_user("Gleb",
                                                                         language_code="en")
    ours = emu.add_group("Ours", [anna, boris])
    theirs = emu.add_group("Theirs", [vera, gleb])
    async with running_bot(emu, db_path) as bot:
        await _play_game(bot, ours.id, [anna, boris])
        await _play_game(bot, theirs.id, [vera, gleb], seed=16)
        await bot.send(anna, ours.id, "/top")  # the group's own players only
        text = _text(emu, ours.id)
        assert "Anna" in text and "Boris" in text
        assert "Vera" not in text and "Gleb" not in text
        assert tr("en", "rating.hidden") not in text
        hidden = tr("en", "rating.hidden")
        for chat in (ours.id, anna.id):  # every chat's: strangers counted, not named
            await bot.send(anna, chat, "/top all" if chat == ours.id else "/top")
            text = _text(emu, chat)
            assert "Anna" in text and "Boris" in text, text
            assert "Vera" not in text and "Gleb" not in text, text
            assert text.count(hidden) == 2, text
        await bot.send(vera, vera.id, "/top")
        text = _text(emu, vera.id)
        assert "Vera" in text and "Gleb" in text and "Anna" not in text
