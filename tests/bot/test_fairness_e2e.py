"""The deals' commitment through the emulator: the lobby's edit at the start shows
it; while the game goes on no /export (group or private) holds the secret; the
finished game's /export holds it, and it verifies (docs/fairness.md)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from engine.fairness import commitment, short_commitment, verify
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import open_table, play_to_end, running_bot
from tests.bot.test_hidden_e2e import document_json, last_document


def _stored_secret(db_path: Path, game_id: int) -> int:
    """The game's secret as the database keeps it ("0x" + hex)."""
    with sqlite3.connect(db_path) as conn:
        (seed,) = conn.execute("SELECT seed FROM games WHERE game_id = ?",
                               (game_id,)).fetchone()
    assert isinstance(seed, str) and seed.startswith("0x")
    return int(seed, 16)


async def test_the_start_commits_and_only_the_finished_export_reveals(
        emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="ru")
    group = emu.add_group("Club", [anna, boris]).id
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group, [anna, boris], "draw")
        await bot.lobby_press(anna, group, "go")
        await bot.settle()
        info = await bot.game_in(group)
        assert info is not None and info.status == "playing"
        gid = info.game_id
        secret = _stored_secret(db_path, gid)
        assert secret.bit_length() > 64
        shown = short_commitment(secret, "draw")
        assert info.commitment == shown
        # the lobby's edit at the start carries it: no message of its own
        lobby = [m for m in emu.bot_messages(group) if shown in (m.text or "")]
        assert len(lobby) == 1 and "🔒" in (lobby[0].text or "")

        await play_to_end(bot, group, [anna, boris], random.Random(1), stop_after=4)
        info = await bot.game_in(group)
        assert info is not None and info.status == "playing"
        secret_hex = f"{secret:x}"
        for asker, chat in ((anna, group), (anna, anna.id), (boris, boris.id)):
            await bot.send(asker, chat, "/export")
            doc = last_document(emu, chat)
            assert doc is not None and doc.document is not None
            raw = emu.files[doc.document.file_id].data
            text = raw.decode() if isinstance(raw, bytes) else str(raw)
            assert secret_hex not in text and '"deal"' not in text
            assert "deal" not in document_json(emu, doc)

        await play_to_end(bot, group, [anna, boris], random.Random(1))
        info = await bot.game_in(group)
        assert info is not None and info.status == "finished"
        for asker, chat in ((anna, group), (boris, boris.id)):
            await bot.send(asker, chat, "/export")
            doc = last_document(emu, chat)
            assert doc is not None
            record = document_json(emu, doc)
            assert record["deal"] == {"secret": secret_hex,
                                      "commitment": commitment(secret, "draw")}
            found = verify(record)
            assert found.mismatch is None and found.rounds == len(record["rounds"])
        # the lobby still shows the same commitment at the end
        assert any(shown in (m.text or "") for m in emu.bot_messages(group))
