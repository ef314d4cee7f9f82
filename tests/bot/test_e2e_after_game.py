"""After the game, through the emulator: whole games of kozel (2 people + 2 computers)
and All Fives; one notifying group message a round (its end), never an empty table
picture, the last picture carries the result, the lobby and the private message say how
it ended, /score shows it afterwards."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.texts import tr, variant_name
from bot.ui.names import seat_name, side_names
from bot.ui.result_words import result_line
from bot.wiring.state import get_state
from engine.core.results import GameEndReason
from renderer.draw import banner_box
from service import GameInfo, GameService
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import open_table, play_to_end, running_bot

CASES = [
    # variant, the users' client languages, computer seats, target, the deals' seed (None:
    # a fresh one each run)
    ("kozel", ("ru", "ru"), 2, None, None),
    ("all_fives", ("en", "en"), 0, 100, None),
    # this seed's game ends on the first move of its 6th round (Boris leads and reaches
    # the target): that round's table was never sent, so the group never saw the result
    ("all_fives", ("en", "en"), 0, 100, 61),
]


def _dark_share(data: bytes) -> float:
    """The share of very dark pixels where the result banner goes (a dark band)."""
    img = Image.open(io.BytesIO(data)).convert("L")
    values = img.crop(banner_box(img.size[1], True)).tobytes()
    return sum(1 for v in values if v < 50) / len(values)


@pytest.mark.parametrize(("variant", "langs", "ai", "target", "seed"), CASES,
                         ids=[c[0] if c[4] is None else f"{c[0]}-seed{c[4]}" for c in CASES])
async def test_after_the_game(emu: TelegramEmulator, db_path: Path, variant: str,
                              langs: tuple[str, str], ai: int, target: int | None,
                              seed: int | None) -> None:
    users = [emu.add_user(n, language_code=lc)
             for n, lc in zip(("Anna", "Boris"), langs, strict=True)]
    group = emu.add_group("Domino club", users)
    async with running_bot(emu, db_path) as bot:
        if seed is not None:
            get_state(bot.app).service._seeds = lambda: seed  # this game's deals
        await open_table(bot, group.id, users, variant, ai=ai, target=target)
        lang = await get_state(bot.app).presenter.chat_language(group.id)
        start = len(emu.history(group.id))
        await bot.lobby_press(users[0], group.id, "go")
        await play_to_end(bot, group.id, users, random.Random(variant))
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        view, outcome = game.view, game.outcome
        assert view is not None and outcome is not None
        ended = len(await bot.service.ended_rounds(game.game_id))
        rounds = view.round_index + 1  # the last may end in play (a target reached)
        assert ended in (rounds, rounds - 1)
        result = result_line(lang, game, view, outcome)
        sides = side_names(lang, game, view)

        # one notifying group message a round: its end (the round's last position with the
        # whole summary, a new photo), and the game's first table (sent with the first
        # move); the table of every later round is sent with its first move too, without
        # notification (the summary before it was the moment); no summary is split in two
        sent = [h for h in emu.history(group.id)[start:] if h.action == "send"]
        photos = [h for h in sent if h.method == "sendPhoto"]
        texts = [h for h in sent if h.method == "sendMessage"]
        assert not texts, [(h.snapshot or {}).get("text") for h in texts]
        moments = [h for h in photos if h.notifies]
        assert len(moments) == rounds + 1, (len(moments), rounds)
        live = [photos[0], *(h for h in photos if not h.notifies)]
        assert rounds - 1 <= len(live) <= rounds
        # never an empty table: every group picture, sent or edited, in every round
        # (round 1 included), shows a move already made (a live table names the last
        # move; a summary is its round's last position)
        pictures = [h for h in emu.history(group.id)[start:]
                    if h.method in ("sendPhoto", "editMessageMedia")]
        assert len(pictures) > len(photos)
        for h in pictures:
            caption = str((h.snapshot or {}).get("caption"))
            assert tr(lang, "table.last", move="") in caption or \
                re.search(r"(Round|Раунд) \d+:", caption.split("\n")[0]), caption
        # each round's new table, round 1's too, is sent with that round's first move
        for number, h in enumerate(live, start=1):
            caption = str((h.snapshot or {}).get("caption"))
            assert tr(lang, "table.last", move="") in caption, caption
            assert caption.split("\n")[0].endswith(f" {number}"), caption
        # the ended round's live table is deleted with its summary: one table a round
        assert sum(1 for h in emu.history(group.id)[start:] if h.action == "delete") \
            == len(live)
        tables = [m for m in emu.bot_messages(group.id) if m.has_media]
        assert len(tables) == rounds  # each round's last position with its summary
        for number, msg in enumerate(tables[:ended], start=1):
            assert msg.caption is not None and len(msg.caption) <= 1024
            head = {"ru": f"Раунд {number}:", "en": f"Round {number}:"}[lang]
            assert head in msg.caption or f" {number}:" in msg.caption.split("\n")[0]

        # the last picture: the result in its caption, the banner across the table
        final = tables[-1]
        assert final.caption is not None and result in final.caption
        if outcome.reason is GameEndReason.GOAT:
            for i in outcome.losers:
                assert f"{sides[i]}, " in final.caption.split("🐐")[-1]  # the goats named
        assert final.photo_bytes is not None and tables[0].photo_bytes is not None
        assert _dark_share(final.photo_bytes) > 0.35  # the dark band of the banner
        assert all(_dark_share(m.photo_bytes or b"") < 0.2 for m in tables[:-1])
        # computers are named in the group's language
        for s in game.seats:
            if s.ai_level is not None:
                assert seat_name(lang, s) in final.caption and "AI " not in final.caption

        # the lobby says the game is over and how it ended
        over = tr(lang, "lobby.over", result=result)
        lobby = next(m for m in emu.bot_messages(group.id) if over in (m.text or ""))
        assert lobby.text is not None
        assert lobby.text.startswith(tr(lang, "lobby.closed_title",
                                        variant=variant_name(lang, game.variant)))
        assert tr(lang, "lobby.title", variant="").split(":")[0] not in lobby.text
        assert tr(lang, "lobby.over", result=result) in lobby.text
        assert tr(lang, "lobby.started") not in lobby.text

        # each player's private message has the result
        for user in users:
            msgs = [m for m in emu.bot_messages(user.id) if m.text and "🁫" in m.text]
            assert msgs, f"{user.first_name} has no hand message"
            ulang = await get_state(bot.app).presenter.user_language(user.id)
            assert result_line(ulang, game, view, outcome) in (msgs[-1].text or "")

        # /score after the game: the result, in the group and in private
        await bot.send(users[1], group.id, "/score")
        answer = emu.last_message(group.id)
        assert answer is not None and answer.text is not None
        assert result in answer.text and tr(lang, "score.none") not in answer.text
        await bot.send(users[0], users[0].id, "/score")
        mine = emu.last_message(users[0].id)
        ulang = await get_state(bot.app).presenter.user_language(users[0].id)
        assert mine is not None and mine.text is not None
        assert result_line(ulang, game, view, outcome) in mine.text


async def test_score_with_no_game_ever(emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="en")
    group = emu.add_group("Empty club", [anna])
    async with running_bot(emu, db_path) as bot:
        await emu.user_starts_bot(anna)
        await bot.send(anna, group.id, "/score")
        assert (emu.last_message(group.id) or emu).text == tr("en", "score.none")  # type: ignore[union-attr]
        await bot.send(anna, anna.id, "/score")
        assert (emu.last_message(anna.id) or emu).text == tr("en", "score.none")  # type: ignore[union-attr]


async def test_a_result_not_told_before_a_stop_is_told_after_the_restart(
        emu: TelegramEmulator, db_path: Path) -> None:
    """The bot stops after the game's last move was stored but before the group was
    told the result (the database then says: result not told, the table showing an
    older version). The next start finds the game and tells it: the last picture is
    brought in line, and the stored state then says so."""
    users = [emu.add_user(n, language_code="en") for n in ("Anna", "Boris")]
    group = emu.add_group("Domino club", users)
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, users, "all_fives", ai=0, target=100)
        await bot.lobby_press(users[0], group.id, "go")
        await play_to_end(bot, group.id, users, random.Random(7))
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished" and game.view is not None
    # what the file holds when the bot died just before telling the group
    service = await GameService.open(db_path)
    try:
        rounds, _ = await service.announced(game.game_id)
        await service.set_announced(game.game_id, rounds, False)
        await service.mark_shown(game.game_id, "table", None, version=game.version - 1,
                                 digest="before the last move")
        assert [g.game_id for g in await service.untold_finished_games()] == [game.game_id]
    finally:
        await service.close()
    before = emu.call_count("editMessageMedia", chat_id=group.id) \
        + emu.call_count("sendPhoto", chat_id=group.id)
    async with running_bot(emu, db_path) as bot:
        await bot.settle()
        after = emu.call_count("editMessageMedia", chat_id=group.id) \
            + emu.call_count("sendPhoto", chat_id=group.id)
        assert after > before  # the last picture was shown again
        shown = [m for m in emu.bot_messages(group.id) if m.has_media]
        result = result_line("en", game, game.view, game.outcome) if game.outcome else "?"
        assert shown and result in (shown[-1].caption or "")
        assert _dark_share(shown[-1].photo_bytes or b"") > 0.35  # the banner
    assert await _untold(db_path) == []  # in line now: the next start has nothing to do


async def _untold(db_path: Path) -> list[GameInfo]:
    service = await GameService.open(db_path)
    try:
        return await service.untold_finished_games()
    finally:
        await service.close()
