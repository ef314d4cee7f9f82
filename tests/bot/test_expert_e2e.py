"""A solo table against the expert computer player, through the emulator: Olga opens
a Chicken Foot table in her private chat, swaps the medium computer it seats for an
expert one with the lobby's buttons (🤖+ expert), starts, and plays her turns on the
table's buttons until the expert has decided a move and the game holds it; the lobby
and the stored seat name the level."""

from __future__ import annotations

import random
from pathlib import Path

from bot.kinds.chicken_keys import PREFIX, decode
from bot.showing.workers import Workers
from bot.texts import tr
from engine.core.moves import Move
from service.ai import decide
from service.types import AiTurn
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import running_bot
from tests.bot.kind_buttons import hand_message
from tests.bot.test_solo_e2e import solo_lobby

CK = f"{PREFIX}:"


def _action(data: str) -> str:
    press = decode(data)
    assert press is not None, data
    return press.action


async def test_a_solo_table_against_the_expert(emu: TelegramEmulator, db_path: Path) -> None:
    olga = emu.add_user("Olga", language_code="en")
    rng = random.Random(3)
    decided: list[tuple[str, Move]] = []

    def recording(turn: AiTurn) -> Move:  # the bot's own decision, seen (a thread)
        move = decide(turn)
        decided.append((turn.level, move))
        return move

    workers = Workers(ai_workers=0, render_workers=0, decider=recording)
    async with running_bot(emu, db_path, workers=workers) as bot:
        game = await solo_lobby(bot, olga, "/newgame chicken_foot")
        assert [s.ai_level for s in game.seats] == [None, "medium"]
        labels = {data: text for row in bot.lobby(olga.id).keyboard() for text, data in row
                  if data}
        expert = next(d for d in labels if d.endswith(":a:x"))
        assert labels[expert] == "🤖+ " + tr("en", "ai.expert") == "🤖+ expert"
        await bot.lobby_press(olga, olga.id, "r")
        await bot.press(olga, olga.id, bot.lobby(olga.id).message_id, expert)
        game = await bot.game_in(olga.id)  # type: ignore[assignment]
        assert game is not None and [s.ai_level for s in game.seats] == [None, "expert"]
        assert "(expert)" in (bot.lobby(olga.id).text or "")
        await bot.lobby_press(olga, olga.id, "go")
        for _ in range(60):
            await bot.settle()
            game = await bot.game_in(olga.id)  # type: ignore[assignment]
            assert game is not None and game.status == "playing"
            if decided:
                break
            assert game.turn == 0, "the computer is on turn and did not move"
            msg = hand_message(bot, olga, CK)
            assert msg is not None and msg.has_media  # her buttons under the table
            tiles = sorted(d for d in msg.callback_datas() if _action(d) == "t")
            await bot.press(olga, olga.id, msg.message_id,
                            rng.choice(tiles or sorted(msg.callback_datas())))
            edited = next(m for m in emu.bot_messages(olga.id)
                          if m.message_id == msg.message_id)
            ends = sorted(d for d in edited.callback_datas() if _action(d) == "e")
            after = await bot.game_in(olga.id)
            if ends and after is not None and after.version == game.version:
                await bot.press(olga, olga.id, msg.message_id, rng.choice(ends))
        else:
            raise AssertionError("the expert never moved")
        await bot.settle()
        # the expert decided, and its move is the game's: the record holds it
        assert {level for level, _ in decided} == {"expert"}
        record = await bot.service.record(game.game_id)
        assert sum(len(r["moves"]) for r in record["rounds"]) >= len(decided)
        after = await bot.game_in(olga.id)
        assert after is not None and after.seats[1].ai_level == "expert"
