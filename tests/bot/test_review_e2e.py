"""The post-game review through the emulator: a whole game played, the «Review» button
under its result, /review in private with its progress edits, the summary and the
costliest decisions' pictures in one album; refusals for non-players, garbage, a second review at
once, a review in a group; a player who blocked the bot."""

from __future__ import annotations

import io
import random
import re

from PIL import Image

from bot.texts import tr
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import Bot, open_table, play_to_end

REVIEW_TIMEOUT = 240.0  # a whole game's review in the worker process, on a loaded machine


def _texts(emu: TelegramEmulator, chat_id: int, start: int = 0) -> list[str]:
    """The texts (or captions) of the bot's messages sent or edited, in order."""
    return [str(h.snapshot.get("text") or h.snapshot.get("caption") or "")
            for h in emu.history(chat_id)[start:]
            if h.snapshot is not None and (h.snapshot.get("from") or {}).get("is_bot")]


async def _finished_game(bot: Bot, emu: TelegramEmulator) -> tuple[object, object, object, int]:
    anna = emu.add_user("Anna", language_code="en")
    boris = emu.add_user("Boris", language_code="en")
    group = emu.add_group("Domino club", [anna, boris])
    await emu.user_starts_bot(boris)
    await open_table(bot, group.id, [anna], "all_fives", ai=1, target=100)
    await bot.lobby_press(anna, group.id, "go")
    await play_to_end(bot, group.id, [anna], random.Random(15))
    await bot.settle()
    game = await bot.game_in(group.id)
    assert game is not None and game.status == "finished"
    return anna, boris, group, game.game_id


async def test_review_after_a_game(bot: Bot, emu: TelegramEmulator) -> None:
    anna, boris, group, game_id = await _finished_game(bot, emu)
    en = "en"

    # the result in the group carries the review's button
    button = f"v:{game_id}"
    finals = [m for m in emu.bot_messages(group.id) if button in m.callback_datas()]
    assert len(finals) == 1 and finals[0].has_media

    # a group member who did not play is refused in the button's answer, nothing sent
    before = len(emu.history(boris.id))
    answer = await bot.press(boris, group.id, finals[0].message_id, button)
    assert answer == tr(en, "review.not_player_answer")
    assert len(emu.history(boris.id)) == before
    # a forged review button
    assert await bot.press(boris, group.id, finals[0].message_id, "v:x", forge=True) \
        == tr(en, "btn.forged")

    # /review N of a game he did not play, garbage, a game that does not exist, a group
    await bot.send(boris, boris.id, f"/review {game_id}")
    await bot.send(boris, boris.id, "/review tomorrow please")
    await bot.send(boris, boris.id, f"/review {game_id + 50}")
    await bot.send(boris, boris.id, "/review")
    await bot.send(anna, group.id, "/review")
    said = _texts(emu, boris.id, before)
    assert said[-4:] == [tr(en, "review.not_player", game_id=game_id), tr(en, "usage.review"),
                         tr(en, "review.no_game", game_id=game_id + 50), tr(en, "review.none")]
    assert _texts(emu, group.id)[-1] == tr(en, "review.private_only")

    # Anna: /review twice at once -> one review, the second refused politely
    start = len(emu.history(anna.id))
    await emu.user_sends(anna, anna.id, "/review")
    await emu.user_sends(anna, anna.id, f"/review {game_id}")
    await bot.settle(timeout=REVIEW_TIMEOUT)
    history = emu.history(anna.id)[start:]
    assert tr(en, "review.busy") in _texts(emu, anna.id, start)
    progress = [h for h in history if h.method == "sendMessage"
                and "Reviewing game" in str((h.snapshot or {}).get("text"))]
    assert len(progress) == 1  # one review only
    mid = progress[0].message_id
    edits = [str((h.snapshot or {}).get("text")) for h in history
             if h.action == "edit" and h.message_id == mid]
    counts = [re.search(r"… (\d+)/(\d+)$", t) for t in edits]
    steps = [(int(m[1]), int(m[2])) for m in counts if m is not None]
    assert len(steps) >= 1 and len(edits) == len(steps) + 1, edits  # progress, then summary
    assert [d for d, _ in steps] == sorted(d for d, _ in steps)
    total = steps[0][1]
    assert all(t == total for _, t in steps) and total > 8
    summary = edits[-1]
    found = re.match(rf"🔍 Game {game_id} \(All Fives\): (?:(\d+) costly moves?|no costly "
                     r"moves); (?:in all, your choices cost about (\d+) points?\.|your "
                     r"choices were as good as the computer's\.)", summary)
    assert found is not None, summary
    assert f"of your {total} choices were as good as the computer's best" in summary
    assert "not points taken off your score" in summary and "−" not in summary

    # the costliest decisions: one picture each (the table with his hand), one album,
    # or a single photo when there is one
    photos = [h for h in history if h.method in ("sendPhoto", "sendMediaGroup")]
    albums = [h for h in history if h.method == "sendMediaGroup"]
    costliest = summary.endswith(tr(en, "review.costliest"))
    assert costliest == bool(photos)
    assert len(photos) <= 3
    assert len({(h.snapshot or {}).get("media_group_id") for h in albums}) <= 1
    assert emu.call_count("sendMediaGroup", anna.id) == (1 if len(photos) > 1 else 0)
    for rank, h in enumerate(photos, 1):
        caption = str((h.snapshot or {}).get("caption"))
        assert caption.startswith(f"#{rank} · round ")
        assert "more on average." in caption and " about " in caption
        msg = emu.message(anna.id, h.message_id)
        assert msg is not None and msg.photo_bytes is not None
        assert Image.open(io.BytesIO(msg.photo_bytes)).size[0] >= 320
    # nothing of the review reached the group or Boris
    assert not any("Reviewing" in t for t in _texts(emu, group.id))
    assert not any("Reviewing" in t for t in _texts(emu, boris.id))

    # the button under the result, pressed by Anna: the review comes in private
    start = len(emu.history(anna.id))
    qid = await emu.press(anna, group.id, finals[0].message_id, button)
    await bot.settle(timeout=REVIEW_TIMEOUT)
    assert emu.callback_answers[qid].text == tr(en, "review.sent")
    again = _texts(emu, anna.id, start)
    assert again[-1] == summary or summary in again  # the same review: reproducible


async def test_review_for_a_player_who_blocked_the_bot(bot: Bot, emu: TelegramEmulator
                                                       ) -> None:
    anna, _, group, game_id = await _finished_game(bot, emu)
    # blocked while his review runs: it stops, nothing breaks
    await emu.user_sends(anna, anna.id, "/review")
    await emu.block_bot(anna)
    await bot.settle(timeout=REVIEW_TIMEOUT)
    user = await bot.service.user(anna.id)
    assert user is not None and user.blocked
    # the group's button now answers with the link that opens the private chat
    final = next(m for m in emu.bot_messages(group.id) if f"v:{game_id}" in m.callback_datas())
    qid = await emu.press(anna, group.id, final.message_id, f"v:{game_id}")
    await bot.settle()
    answered = emu.callback_answers[qid]
    assert answered.text == tr("en", "review.start_first")
    assert answered.url is not None and answered.url.endswith(f"start=review-{game_id}")
    # he presses Start with that link: the review comes
    start = len(emu.history(anna.id))
    await emu.user_starts_bot(anna, f"review-{game_id}")
    await bot.settle(timeout=REVIEW_TIMEOUT)
    texts = _texts(emu, anna.id, start)
    assert any(t.startswith(f"🔍 Game {game_id} (All Fives): ") for t in texts), texts
    # a forged link
    await emu.user_starts_bot(anna, "review-abc")
    await bot.settle()
    assert _texts(emu, anna.id)[-1] == tr("en", "start.bad_token")
