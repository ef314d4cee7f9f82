"""A team tournament end to end (the real Application through the Telegram emulator):
teams of two register with the buttons, it starts once each has its partner, every
game seats two teams, the standings and the winner name the teams, and the winning
team's two are told in private that they are champions."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.texts import tr
from bot.ui.tournament_words import pairings_text, registration_text, winner_caption
from service.timers import ManualClock
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import running_bot
from tests.bot.test_tournament_e2e import (
    _champion_messages,
    _data,
    _people,
    _play_out_by_deadline,
    _registration,
    _shows,
    _standings,
)

pytestmark = pytest.mark.filterwarnings(
    "ignore:.*retry_after.*:telegram.warnings.PTBDeprecationWarning")


async def test_a_team_tournament_to_its_end(emu: TelegramEmulator, db_path: Path) -> None:
    users, group = await _people(emu, ["Anna", "Boris", "Clara", "Dan", "Eva", "Fay", "Gil"])
    anna, boris, clara, dan, eva, fay, gil = users
    clock = ManualClock()
    async with running_bot(emu, db_path, clock=clock) as bot:
        # Генеральский козёл is played in teams only: the tournament is of teams
        await bot.send(anna, group.id, "/tournament general_kozel 1 rounds=1")
        reg = _registration(bot, group.id)
        t = await bot.service.tournaments.tournament_in(group.id)
        assert t is not None and t.teams
        assert (reg.text or "").startswith("🏆 Team tournament: ")
        assert tr("en", "tournament.options", options="Rounds: 1") in (reg.text or "")
        tid = t.tournament_id
        joined = tr("en", "tournament.joined")
        assert await bot.press(anna, group.id, reg.message_id, _data(reg, "j")) == joined
        reg = _registration(bot, group.id)
        assert "1. Anna (looking for a partner)" in (reg.text or "")
        join_anna = _data(reg, "t1")
        assert [b["text"] for row in (reg.reply_markup or {})["inline_keyboard"] for b in row
                if b["callback_data"] == join_anna] == ["🤝 Join Anna"]
        assert await bot.press(boris, group.id, reg.message_id, join_anna) == joined
        # one team a person; a team, one partner
        assert await bot.press(anna, group.id, reg.message_id, _data(reg, "j")) \
            == tr("en", "err.already_joined")
        assert await bot.press(gil, group.id, reg.message_id, join_anna, forge=True) \
            == tr("en", "err.team_full")
        for data in (f"u:{tid}:t0", f"u:{tid}:t100", f"u:{tid}:tx"):
            assert await bot.press(gil, group.id, reg.message_id, data, forge=True) \
                == tr("en", "btn.forged")
        assert await bot.press(clara, group.id, reg.message_id, _data(reg, "j")) == joined
        reg = _registration(bot, group.id)
        assert await bot.press(dan, group.id, reg.message_id, _data(reg, "t2")) == joined
        assert await bot.press(eva, group.id, reg.message_id, _data(reg, "j")) == joined
        # Eva's team has no partner: it cannot start, and nothing changes
        assert await bot.press(anna, group.id, reg.message_id, _data(reg, "go")) \
            == tr("en", "err.team_waiting", names="Eva")
        assert (await bot.service.tournaments.tournament(tid)).status == "registration"
        reg = _registration(bot, group.id)
        assert await bot.press(fay, group.id, reg.message_id, _data(reg, "t3")) == joined
        reg = _registration(bot, group.id)
        t = await bot.service.tournaments.tournament(tid)
        assert reg.text == registration_text("en", t)
        assert "1. Anna & Boris, 2. Clara & Dan, 3. Eva & Fay" in (reg.text or "")
        assert not [d for d in reg.callback_datas() if d.endswith((":t1", ":t2", ":t3"))]
        await bot.press(anna, group.id, reg.message_id, _data(reg, "go"))
        t = await bot.service.tournaments.tournament(tid)
        assert t.status == "running" and t.rounds == 3
        posted = [m.text or "" for m in emu.bot_messages(group.id)]
        assert pairings_text("en", t, 1) in posted
        assert any(" & " in line for line in pairings_text("en", t, 1).split("\n")[1:])
        names = {p.seq: (p.name, p.partner) for p in t.players}
        for _ in range(3):
            current = t.current
            assert current is not None and current.b is not None
            game = await bot.game_in(group.id)
            assert game is not None and game.status == "playing"
            (a1, a2), (b1, b2) = names[current.a.seq], names[current.b.seq]
            assert [s.name for s in game.seats] == [a1, b1, a2, b2]  # partners face
            await _play_out_by_deadline(bot, clock, group.id)
            t = await bot.service.tournaments.tournament(tid)
        assert t.status == "finished"
        winner = t.winner
        assert winner is not None
        won = [m for m in _standings(emu.bot_messages(group.id))
               if (m.caption or "").startswith("🥇")]
        team = names[winner.seq]
        assert len(won) == 1 and (won[0].caption or "").startswith(
            f"🥇 {team[0]} & {team[1]} win the tournament")
        assert (won[0].caption or "").split("\n")[0] == winner_caption("en", t)
        assert _shows(won[0], t)
        # both of the winning team, and they alone, are told they are champions
        for u in users:
            told = _champion_messages(bot, u.id)
            assert len(told) == (1 if u.first_name in team else 0), u.first_name
        assert not _champion_messages(bot, group.id)
