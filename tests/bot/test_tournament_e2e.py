"""Tournaments end to end: the real Application through the Telegram emulator, a
ManualClock for the games' deadlines, a restart in the middle."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.showing.tournaments import fire_due
from bot.texts import tr
from bot.ui.achievements import achievement_name
from bot.ui.tournament_words import (
    pairings_text,
    results_caption,
    standings_picture,
    standings_text,
    winner_caption,
)
from renderer.standings import standings_height
from service.timers import ManualClock
from service.tournament_types import TournamentInfo
from service.tournaments import DAY
from tests.bot.emulator import Message, TelegramEmulator
from tests.bot.harness import Bot, running_bot

pytestmark = pytest.mark.filterwarnings(
    "ignore:.*retry_after.*:telegram.warnings.PTBDeprecationWarning")


def _registration(bot: Bot, chat_id: int) -> Message:
    for m in reversed(bot.emu.bot_messages(chat_id)):
        if any(d.startswith("u:") for d in m.callback_datas()):
            return m
    raise AssertionError("no registration message")


def _data(msg: Message, action: str) -> str:
    return next(d for d in msg.callback_datas() if d.endswith(f":{action}"))


def _texts(bot: Bot, chat_id: int) -> list[str]:
    return [m.text or "" for m in bot.emu.bot_messages(chat_id)]


def _standings(messages: list[Message]) -> list[Message]:
    """The standings pictures among ``messages``."""
    return [m for m in messages if m.photo]


def _shows(photo: Message, t: TournamentInfo) -> bool:
    """The picture is of these standings: a PNG as tall as their rows make it."""
    assert photo.photo is not None
    img = Image.open(io.BytesIO(photo.photo[-1].data))
    return img.format == "PNG" and img.height == standings_height(
        standings_picture("en", t))


async def _people(emu: TelegramEmulator, names: list[str]) -> tuple[list, object]:
    users = [emu.add_user(n, language_code="en") for n in names]
    group = emu.add_group("Club", users)  # the first owns it: an admin
    for u in users:
        await emu.user_starts_bot(u)
    return users, group


async def _play_out_by_deadline(bot: Bot, clock: ManualClock, group_id: int) -> None:
    """The game being played passes its deadline: the computer finishes it, and the
    tournament moves on (the next game opened, the standings posted)."""
    clock.advance(DAY + 1)
    await fire_due(bot.app)
    await bot.settle(timeout=300)


async def test_round_robin_of_four_to_its_end_with_a_restart(emu: TelegramEmulator,
                                                             db_path: Path) -> None:
    (anna, boris, clara, dan), group = await _people(emu, ["Anna", "Boris", "Clara", "Dan"])
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        # a non-admin is refused, and nothing opens
        await bot.send(boris, group.id, "/tournament draw 1")
        assert emu.last_message(group.id).text == tr("en", "tournament.admin_only")
        assert await bot.service.tournaments.tournament_in(group.id) is None
        for garbage in ("/tournament nosuchgame", "/tournament draw 99", "/tournament draw -1"):
            await bot.send(anna, group.id, garbage)
            assert emu.last_message(group.id).text.startswith("/tournament <variant>")
        await bot.send(anna, group.id, "/tournament kolbasa teams=on")  # two only: refused
        assert await bot.service.tournaments.tournament_in(group.id) is None
        # house options: unreadable ones get the usage, ones the games cannot play the
        # variant's list; nothing opens
        for garbage in ("/tournament draw 1 nosuch=1", "/tournament draw 1 target=",
                        "/tournament draw 1 fish_point=maybe", "/tournament draw 1 =3"):
            await bot.send(anna, group.id, garbage)
            assert emu.last_message(group.id).text.startswith("/tournament <variant>")
        for refused in ("target=7", "fish_point=on"):
            await bot.send(anna, group.id, f"/tournament draw 1 {refused}")
            reply = emu.last_message(group.id).text or ""
            assert reply.startswith(tr("en", "tournament.bad_options", variant="Draw"))
            assert "• target=100|150|200|250 — Target" in reply
        assert await bot.service.tournaments.tournament_in(group.id) is None
        await bot.send(anna, group.id, "/tournament draw 1 target=100")
        reg = _registration(bot, group.id)
        assert "Tournament: Draw" in (reg.text or "") and "nobody yet" in (reg.text or "")
        assert tr("en", "tournament.options", options="Target: 100") in (reg.text or "")
        tid = (await bot.service.tournaments.tournament_in(group.id)).tournament_id
        # forged presses: another tournament, an unknown action, garbage
        for data in (f"u:{tid + 5}:j", f"u:{tid}:zz", "u:x:j", f"u:{tid}:j:1"):
            answer = await bot.press(boris, group.id, reg.message_id, data, forge=True)
            assert answer == tr("en", "btn.forged")
        assert (await bot.service.tournaments.tournament(tid)).players == ()
        for u in (anna, boris, clara):
            assert await bot.press(u, group.id, reg.message_id, _data(reg, "j")) \
                == tr("en", "tournament.joined")
        assert await bot.press(boris, group.id, reg.message_id, _data(reg, "j")) \
            == tr("en", "err.already_joined")
        # a non-admin cannot start it
        assert await bot.press(boris, group.id, reg.message_id, _data(reg, "go")) \
            == tr("en", "tournament.admin_only_short")
        assert await bot.press(dan, group.id, reg.message_id, _data(reg, "j")) \
            == tr("en", "tournament.joined")
        reg = _registration(bot, group.id)
        assert "1. Anna, 2. Boris, 3. Clara, 4. Dan" in (reg.text or "")
        await bot.press(anna, group.id, reg.message_id, _data(reg, "go"))
        t = await bot.service.tournaments.tournament(tid)
        assert t.status == "running" and t.rounds == 3
        # the registration message lost its buttons; round 1's pairings were posted
        closed = next(m for m in emu.bot_messages(group.id) if m.message_id == reg.message_id)
        assert closed.callback_datas() == set() or not closed.callback_datas()
        assert pairings_text("en", t, 1) in _texts(bot, group.id)
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "playing"
        assert [s.name for s in game.seats] == ["Anna", "Dan"]
        assert game.options.get("target") == 100  # the tournament's options
        for step in range(3):
            await _play_out_by_deadline(bot, clock, group.id)
            t = await bot.service.tournaments.tournament(tid)
            assert len(t.decided) == step + 1
            assert sum(s.points for s in t.standings) == step + 1
            # the result, over a picture of the standings as they are now
            photo = _standings(bot.emu.bot_messages(group.id))[-1]
            assert photo.caption == results_caption("en", t, t.decided[-1:])
            assert _shows(photo, t)
        middle = t
    # a restart in the middle: the standings and the game being played are back
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.settle()
        t = await bot.service.tournaments.tournament(tid)
        assert t.standings == middle.standings and t.pairings == middle.pairings
        await bot.send(clara, group.id, "/tournament")
        assert emu.last_message(group.id).text == (
            pairings_text("en", t, t.round) + "\n\n" + standings_text("en", t))
        assert not [m for m in _standings(bot.emu.bot_messages(group.id))
                    if (m.caption or "").startswith("🥇")]
        for step in range(3, 6):
            await _play_out_by_deadline(bot, clock, group.id)
            t = await bot.service.tournaments.tournament(tid)
            assert len(t.decided) == step + 1
            assert sum(s.points for s in t.standings) == step + 1
        assert t.status == "finished"
        winner = t.winner
        assert winner is not None
        won = [m for m in _standings(bot.emu.bot_messages(group.id))
               if (m.caption or "").startswith("🥇")]
        # one picture of the final standings: the winner, then the last result
        assert len(won) == 1 and won[0].caption == winner_caption("en", t, t.decided[-1:])
        assert winner.name in (won[0].caption or "") and _shows(won[0], t)
        assert won[0] is _standings(bot.emu.bot_messages(group.id))[-1]
        # every pair met once, in six ordinary, finished games of the group
        assert len({frozenset((p.a.seq, p.b.seq)) for p in t.pairings if p.b}) == 6
        for p in t.pairings:
            assert p.game_id is not None
            assert (await bot.service.game(p.game_id)).status == "finished"
        assert all(s.played == 3 for s in t.standings)
        # the winner, alone, is told in private that he is a champion, once
        champion = next(u for u in (anna, boris, clara, dan) if u.first_name == winner.name)
        assert len(_champion_messages(bot, champion.id)) == 1
        for other in (anna, boris, clara, dan):
            if other is not champion:
                assert not _champion_messages(bot, other.id)
        assert not _champion_messages(bot, group.id)
        await bot.send(champion, champion.id, "/stats")
        assert achievement_name("en", "champion") in (
            emu.last_message(champion.id).text or "")
    # once more: nothing is told twice after a restart
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.settle()
        assert len([m for m in _standings(bot.emu.bot_messages(group.id))
                    if (m.caption or "").startswith("🥇")]) == 1
        assert len(_champion_messages(bot, champion.id)) == 1


def _champion_messages(bot: Bot, chat_id: int) -> list[str]:
    """The messages in ``chat_id`` telling of the Champion earned."""
    name = f"• {achievement_name('en', 'champion')} —"
    return [m.text or "" for m in bot.emu.bot_messages(chat_id)
            if (m.text or "").startswith(tr("en", "achievement.earned")) and name in (m.text or "")]


async def test_withdrawal_and_cancel(emu: TelegramEmulator, db_path: Path) -> None:
    (anna, boris, clara, dan), group = await _people(emu, ["Anna", "Boris", "Clara", "Dan"])
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        await bot.send(anna, group.id, "/tournament draw")  # the admin does not play
        reg = _registration(bot, group.id)
        for u in (boris, clara, dan):
            await bot.press(u, group.id, reg.message_id, _data(reg, "j"))
        await bot.press(clara, group.id, reg.message_id, _data(reg, "q"))
        assert "Clara" not in (_registration(bot, group.id).text or "")
        await bot.press(clara, group.id, reg.message_id, _data(reg, "j"))
        await bot.press(anna, group.id, reg.message_id, _data(reg, "go"))
        t = await bot.service.tournaments.tournament_in(group.id)
        assert t is not None and t.current is not None and t.current.b is not None
        playing = t.current
        # a player may not withdraw another one; an admin may
        other = next(u for u in (boris, clara, dan) if u.id not in (playing.a.user_id,
                                                                playing.b.user_id))
        await bot.send(other, group.id, f"/tournament withdraw {playing.a.seq}")
        assert emu.last_message(group.id).text == tr("en", "tournament.admin_only")
        await bot.send(other, group.id, "/tournament withdraw zz")
        assert emu.last_message(group.id).text.startswith("/tournament <variant>")
        await bot.send(anna, group.id, f"/tournament withdraw {playing.b.seq}")
        t = await bot.service.tournaments.tournament(t.tournament_id)
        first = next(p for p in t.pairings if p.game_id == playing.game_id)
        assert first.decided == "forfeit" and (first.score_a, first.score_b) == (1, 0)
        assert (await bot.service.game(playing.game_id)).status == "cancelled"
        assert any(playing.b.name in x and "withdrew" in x for x in _texts(bot, group.id))
        assert next(p for p in t.players if p.seq == playing.b.seq).withdrawn
        # a player not in it cannot cancel it; an admin can
        await bot.send(other, group.id, "/tournament cancel")
        assert emu.last_message(group.id).text == tr("en", "tournament.admin_only")
        await bot.send(anna, group.id, "/tournament cancel")
        assert (await bot.service.tournaments.tournament(t.tournament_id)).status == "cancelled"
        # in private: refused
        await bot.send(anna, anna.id, "/tournament draw")
        assert emu.last_message(anna.id).text == tr("en", "tournament.group_only")


async def test_a_tournament_in_a_forum_topic_plays_there(emu: TelegramEmulator,
                                                         db_path: Path) -> None:
    users = [emu.add_user(n, language_code="en") for n in ("Anna", "Boris", "Clara")]
    for u in users:
        await emu.user_starts_bot(u)
    forum = emu.add_group("Club", users, forum=True, bot_admin=True)
    topic = await emu.create_topic(forum, "Cup", by=users[0])
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        await emu.user_sends(users[0], forum, "/tournament draw 1", topic=topic)
        await bot.settle()
        reg = next(m for m in reversed(emu.topic_messages(forum, topic))
                   if any(d.startswith("u:") for d in m.callback_datas()))
        for u in users:
            await bot.press(u, forum.id, reg.message_id, _data(reg, "j"))
        await bot.press(users[0], forum.id, reg.message_id, _data(reg, "go"))
        t = await bot.service.tournaments.tournament_in(forum.id, topic)
        assert t is not None and t.topic == topic and t.status == "running"
        game = await bot.service.active_game(forum.id, topic=topic)
        assert game is not None and game.status == "playing" and game.topic == topic
        assert await bot.service.active_game(forum.id) is None  # not in General
        assert any(pairings_text("en", t, 1) == (m.text or "")
                   for m in emu.topic_messages(forum, topic))
        await _play_out_by_deadline(bot, clock, forum.id)
        t = await bot.service.tournaments.tournament(t.tournament_id)
        # round 1's bye and game, and round 2's bye (decided as the round is paired)
        assert len(t.decided) == 3 and t.round == 2
        pictures = _standings(emu.topic_messages(forum, topic))
        assert pictures and _shows(pictures[-1], t)
        assert not _standings(emu.topic_messages(forum, None))  # nothing in General
        assert any(pairings_text("en", t, 2) == (m.text or "")
                   for m in emu.topic_messages(forum, topic))
        game = await bot.service.active_game(forum.id, topic=topic)
        assert game is not None and game.topic == topic and game.status == "playing"
