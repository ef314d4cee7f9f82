"""Solo tables through the emulator: one person against the computer in his private
chat. ``/newgame`` there (or the greeting's 🤖 button) opens a lobby with computer
players seated; the game is ONE message, the table picture with the hand's buttons
under it, edited in place; a run of computer moves is one edit; round results and the
game's end are new messages as in a group. The record replays to the result."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.texts import tr
from engine.games import replay
from service import GameInfo
from service.errors import SoloGameError
from service.types import PlayerInfo
from tests.bot.emulator import TelegramEmulator, User
from tests.bot.emulator.models import Message
from tests.bot.harness import Bot, choose, play_to_end, running_bot
from tests.bot.test_review_e2e import REVIEW_TIMEOUT
from tests.bot.test_triangular_e2e import play_alone_against_computers
from tests.service.test_privacy import _traces


async def solo_lobby(bot: Bot, user: User, command: str) -> GameInfo:
    """``command`` (a /newgame) sent in his private chat; the solo lobby it opened."""
    if bot.emu.private_chat(user) is None:
        await bot.emu.user_starts_bot(user)
    await bot.send(user, user.id, command)
    game = await bot.game_in(user.id)
    assert game is not None and game.status == "lobby" and game.solo
    return game


async def replays_to_its_result(bot: Bot, game_id: int) -> None:
    game = await bot.service.game(game_id)
    assert game.status == "finished" and game.view is not None
    replayed, names = replay(await bot.service.record(game_id))
    assert names == [s.name for s in game.seats]
    assert list(replayed.totals) == list(game.view.totals)
    assert replayed.outcome == game.view.outcome


def live_messages(bot: Bot, user: User) -> list[Message]:
    """His private chat's messages that carry a move button (his hand)."""
    return [m for m in bot.emu.bot_messages(user.id)
            if any(d[:2] in ("p:", "d:", "s:", "t:") for d in m.callback_datas())]


async def test_kozel_one_person_and_three_computers(emu: TelegramEmulator,
                                                    db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    async with running_bot(emu, db_path) as bot:
        game = await solo_lobby(bot, anna, "/newgame kozel")
        # a game of partners at four: three medium computers, nobody else to wait for
        assert [s.ai_level for s in game.seats] == [None, "medium", "medium", "medium"]
        lobby = bot.lobby(anna.id)
        assert not any(d.endswith((":j", ":q")) for d in lobby.callback_datas())
        assert tr("en", "lobby.solo_hint", min=2, max=4) in (lobby.text or "")
        await bot.lobby_press(anna, anna.id, "go")
        await bot.settle()
        # one live message: the table picture, his hand's buttons under it
        hands = live_messages(bot, anna)
        assert len(hands) == 1 and hands[0].has_media
        edits = emu.call_count("editMessageMedia", anna.id)
        sends = emu.call_count("sendPhoto", anna.id)
        presses = await play_to_end(bot, anna.id, [anna], random.Random(7))
        await bot.settle()
        edits = emu.call_count("editMessageMedia", anna.id) - edits
        sends = emu.call_count("sendPhoto", anna.id) - sends
        finished = await bot.game_in(anna.id)
        assert finished is not None and finished.status == "finished"
        rounds = len((await bot.service.record(finished.game_id))["rounds"])
        # one edit for each of his moves, one more for each run of computer moves
        # (each round: a new summary and a new table, which need no edit)
        print(f"solo kozel: {presses} presses, {rounds} rounds, {edits} edits, "
              f"{sends} pictures sent: {(edits + sends) / presses:.2f} calls per move")
        assert edits <= 2 * presses
        assert sends <= 2 * rounds + 1
        # the game's end as in a group: a new message with rematch and review (then the
        # one message of the achievements the game earned her, after it)
        earned = tr("en", "achievement.earned")
        mine = emu.bot_messages(anna.id)
        assert (mine[-1].text or "").startswith(earned)
        last = [m for m in mine if not (m.text or "").startswith(earned)][-1]
        assert {"m:", "v:"} <= {d[:2] for d in last.callback_datas()}
        assert not live_messages(bot, anna) or all(
            not any(d.startswith("p:") for d in m.callback_datas())
            for m in live_messages(bot, anna)[-1:])
        await replays_to_its_result(bot, finished.game_id)


async def test_all_fives_one_against_one(emu: TelegramEmulator, db_path: Path) -> None:
    boris = emu.add_user("Boris", language_code="ru")
    async with running_bot(emu, db_path) as bot:
        game = await solo_lobby(bot, boris, "/newgame all_fives")
        while len(game.seats) > 2:  # the table he wants: him and one computer
            await bot.lobby_press(boris, boris.id, "r")
            after = await bot.game_in(boris.id)
            assert after is not None
            game = after
        assert len(game.seats) == 2 and game.seats[1].ai_level == "medium"
        await bot.lobby_press(boris, boris.id, "go")
        await play_to_end(bot, boris.id, [boris], random.Random(11))
        finished = await bot.game_in(boris.id)
        assert finished is not None
        await replays_to_its_result(bot, finished.game_id)
        # /stats says which of his games were solo, and that the ratings count them
        await bot.send(boris, boris.id, "/stats")
        stats = emu.bot_messages(boris.id)[-1].text or ""
        assert "🤖 Из них с компьютером один на один: 1 игра" in stats
        assert "Рейтинг" in stats or "рейтинг" in stats
        # /forget: his solo tables (kept in his own chat, whose id is his) keep no trace
        await bot.send(boris, boris.id, "/forget")
        ask = emu.bot_messages(boris.id)[-1]
        confirm = next(d for d in ask.callback_datas() if d.startswith("f:y"))
        assert await bot.press(boris, boris.id, ask.message_id, confirm) == tr(
            "ru", "ans.forget_done")
        assert await _traces(bot.service.context.db, boris.id, "Boris") == []
        replay(await bot.service.record(finished.game_id))  # the game itself stays


async def test_tri_ominos_alone(emu: TelegramEmulator, db_path: Path) -> None:
    """Tri-Ominos: a triangle, then a cell, then a turning, each choice an edit of the
    one message's buttons; the computer's moves between."""
    vera = emu.add_user("Vera", language_code="en")
    rng = random.Random(5)
    async with running_bot(emu, db_path) as bot:
        await solo_lobby(bot, vera, "/newgame triangular")
        await bot.lobby_press(vera, vera.id, "go")
        await play_alone_against_computers(bot, vera.id, vera, rng, on_table=True)
        game = await bot.game_in(vera.id)
        assert game is not None
        await replays_to_its_result(bot, game.game_id)


async def test_a_solo_game_and_a_group_game_at_once(emu: TelegramEmulator,
                                                    db_path: Path) -> None:
    """His private chat holds his solo table and his hand of a group game: each one's
    buttons act on their own game."""
    anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
    group = emu.add_group("Club", [anna, boris])
    rng = random.Random(3)
    async with running_bot(emu, db_path) as bot:
        for u in (anna, boris):
            await emu.user_starts_bot(u)
        await bot.send(anna, group.id, "/newgame draw")
        await bot.lobby_press(boris, group.id, "j")
        await bot.lobby_press(anna, group.id, "go")
        solo = await solo_lobby(bot, anna, "/newgame draw")
        await bot.lobby_press(anna, anna.id, "go")
        await bot.settle()
        group_game = await bot.game_in(group.id)
        assert group_game is not None and group_game.status == "playing"
        assert group_game.game_id != solo.game_id
        for _ in range(12):
            moved = False
            for game_id in (solo.game_id, group_game.game_id):
                game = await bot.service.game(game_id)
                if game.status != "playing" or game.turn is None:
                    continue
                on_turn = next(u for u in (anna, boris)
                               if (s := game.seat_of(u.id)) is not None
                               and s.seat == game.turn)
                hand = next(m for m in reversed(emu.bot_messages(on_turn.id))
                            if any(d.split(":")[1:2] == [str(game_id)]
                                   for d in m.callback_datas() if d[:2] in ("p:", "d:", "s:")))
                data = choose(hand.callback_datas(), rng)
                assert data is not None
                other = await bot.service.game(
                    group_game.game_id if game_id == solo.game_id else solo.game_id)
                await bot.press(on_turn, on_turn.id, hand.message_id, data)
                await bot.settle()
                after = await bot.service.game(game_id)
                assert after.version > game.version  # this game moved
                untouched = await bot.service.game(other.game_id)
                # the other game moved only if a computer was on turn there
                assert untouched.version == other.version or any(
                    s.is_ai for s in untouched.seats)
                moved = True
            if not moved:
                break
        # the group's hand and the solo table are different messages of his chat
        def of_game(game_id: int) -> set[int]:  # "p:<game>:<version>:…"
            return {m.message_id for m in live_messages(bot, anna)
                    if any(d.split(":")[1] == str(game_id) for d in m.callback_datas())}

        solo_msgs, group_msgs = of_game(solo.game_id), of_game(group_game.game_id)
        assert solo_msgs and group_msgs and not solo_msgs & group_msgs


async def test_commands_and_refusals_at_a_solo_table(emu: TelegramEmulator,
                                                     db_path: Path) -> None:
    anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
    async with running_bot(emu, db_path) as bot:
        await emu.user_starts_bot(anna)
        await bot.settle()
        greeting = emu.bot_messages(anna.id)[-1]
        solo_button = next(d for d in greeting.callback_datas() if d.startswith("n:"))
        assert await bot.press(anna, anna.id, greeting.message_id, solo_button) is None
        game = await bot.game_in(anna.id)
        assert game is not None and game.solo and game.status == "lobby"
        # one solo table at a time
        await bot.send(anna, anna.id, "/newgame threes")
        assert emu.last_message(anna.id).text == tr("en", "solo.exists")
        # nobody else sits at it
        with pytest.raises(SoloGameError):
            await bot.service.join(anna.id, PlayerInfo(boris.id, "Boris"))
        await bot.lobby_press(anna, anna.id, "go")
        await bot.settle()
        await bot.send(anna, anna.id, "/score")
        assert "Score" in (emu.last_message(anna.id).text or "")
        before = live_messages(bot, anna)
        assert len(before) == 1
        await bot.send(anna, anna.id, "/hand")  # the table, with its buttons, anew
        await bot.settle()
        after = live_messages(bot, anna)
        assert len(after) == 1 and after[0].message_id > before[0].message_id
        assert after[0].has_media and emu.bot_messages(anna.id)[-1] is after[0]
        # a forged press of another game's number changes nothing
        hand = live_messages(bot, anna)[-1]
        data = next(iter(hand.callback_datas()))
        forged = data.replace(f":{game.game_id}:", f":{game.game_id + 50}:", 1)
        assert await bot.press(anna, anna.id, hand.message_id, forged, forge=True)
        # /cancel in private ends his solo table at once (nobody else to agree)
        await bot.send(anna, anna.id, "/cancel")
        await bot.settle()
        cancelled = await bot.game_in(anna.id)
        assert cancelled is not None and cancelled.status == "cancelled"
        assert not any(any(d.startswith("p:") for d in m.callback_datas())
                       for m in live_messages(bot, anna))
        # and a new one may open
        await bot.send(anna, anna.id, "/newgame draw")
        again = await bot.game_in(anna.id)
        assert again is not None and again.status == "lobby"


async def test_the_private_pace_is_kept(db_path: Path) -> None:
    """Telegram's own limits enforced (about one message a second in a private chat)
    and the bot's real pace: a few moves of a solo game meet no 429."""
    emu = TelegramEmulator(enforce_rate_limits=True)
    anna = emu.add_user("Anna")
    async with running_bot(emu, db_path, private_interval=1.0) as bot:
        await solo_lobby(bot, anna, "/newgame draw")
        await bot.lobby_press(anna, anna.id, "go")
        await play_to_end(bot, anna.id, [anna], random.Random(2), stop_after=4)
        await bot.settle()
        refused = [c for c in emu.calls_for(anna.id) if c.error_code == 429]
        assert refused == []


async def test_text_table_export_and_review_alone(emu: TelegramEmulator, db_path: Path) -> None:
    """His private chat's own settings: the live table as text, still with his hand's
    buttons; after the game, /export sends the complete record and /review runs."""
    dan = emu.add_user("Dan", language_code="en")
    async with running_bot(emu, db_path) as bot:
        await emu.user_starts_bot(dan)
        await bot.send(dan, dan.id, "/settings table text")
        await solo_lobby(bot, dan, "/newgame draw")
        await bot.lobby_press(dan, dan.id, "go")
        await bot.settle()
        hands = live_messages(bot, dan)
        assert len(hands) == 1 and not hands[0].has_media and hands[0].text
        await play_to_end(bot, dan.id, [dan], random.Random(9))
        game = await bot.game_in(dan.id)
        assert game is not None and game.status == "finished"
        assert not any(m.has_media for m in emu.bot_messages(dan.id))  # text all along
        await bot.send(dan, dan.id, "/export")
        await bot.settle()
        document = next(m for m in reversed(emu.bot_messages(dan.id))
                        if m.document is not None)
        assert document.document is not None
        exported = json.loads(emu.files[document.document.file_id].data)
        assert exported["format"] == "domino-record/1" and "deal" in exported
        await emu.user_sends(dan, dan.id, f"/review {game.game_id}")
        await bot.settle(timeout=REVIEW_TIMEOUT)  # the review runs in the worker
        assert any(f"🔍 Game {game.game_id}" in (m.text or "")
                   for m in emu.bot_messages(dan.id))


async def test_settings_panel_and_rematch_alone(emu: TelegramEmulator, db_path: Path) -> None:
    """The lobby's ⚙ opens the same settings panel in his chat; 🔁 under the game's end
    starts the same solo table again at once (nobody else to ask)."""
    eve = emu.add_user("Eve", language_code="en")
    async with running_bot(emu, db_path) as bot:
        game = await solo_lobby(bot, eve, "/newgame all_fives")
        await bot.lobby_press(eve, eve.id, "c")
        panel = bot.panel(eve)
        assert panel.chat_id == eve.id and any(d.endswith(":b") for d in panel.callback_datas())
        await bot.panel_press(eve, "b")
        await bot.lobby_press(eve, eve.id, "go")
        await play_to_end(bot, eve.id, [eve], random.Random(13))
        await bot.settle()
        end = next(m for m in reversed(emu.bot_messages(eve.id))
                   if any(d.startswith("m:") for d in m.callback_datas()))
        rematch = next(d for d in end.callback_datas() if d.startswith("m:"))
        await bot.press(eve, eve.id, end.message_id, rematch)
        await bot.settle()
        again = await bot.game_in(eve.id)
        assert again is not None and again.game_id != game.game_id
        assert again.status == "playing" and again.solo
        assert [s.ai_level for s in again.seats] == [s.ai_level for s in game.seats]
        assert len(live_messages(bot, eve)) >= 1
