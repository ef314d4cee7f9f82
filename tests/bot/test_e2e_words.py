"""Through the emulator: refusals that say why (and name tiles only
to the asker), /fish in words, the /rules menu, the private hint, /help, private /pass."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest

from bot.texts import join_words, tr
from bot.ui.callbacks import PassTurn, PlayTile, TileInfo, decode, encode
from bot.ui.keyboards import placements, tile_label
from bot.ui.lobby_words import rules_text
from bot.ui.variant_names import variant_names
from tests.bot.emulator import TelegramEmulator, User
from tests.bot.harness import Bot, open_table, running_bot


async def press(bot: Bot, user: User, chat_id: int, message_id: int, data: str,
                *, forge: bool = False) -> tuple[str | None, str | None]:
    """Press a button: the answer's text and url."""
    qid = await bot.emu.press(user, chat_id, message_id, data, forge=forge)
    await bot.settle()
    answer = bot.emu.callback_answers.get(qid)
    assert answer is not None
    return answer.text, answer.url


def texts(bot: Bot, chat_id: int) -> list[str]:
    return [m.text or m.caption or "" for m in bot.emu.bot_messages(chat_id)]


async def test_refusals_say_why_and_name_tiles_only_to_the_asker(
        emu: TelegramEmulator, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("service.context.secrets.randbits", lambda bits: zlib.crc32(b"words"))
    anna = emu.add_user("Anna", language_code="ru")
    boris = emu.add_user("Boris", language_code="en")
    group = emu.add_group("Domino club", [anna, boris])
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, [anna, boris], "kozel")
        await bot.lobby_press(anna, group.id, "go")
        game = await bot.game_in(group.id)
        assert game is not None and game.turn is not None
        by_seat = {s.seat: u for s in game.seats for u in (anna, boris) if u.id == s.user_id}
        leader = by_seat[game.turn]
        # the leader may not pass: he leads
        await bot.send(leader, leader.id, "/pass")
        lead_lang = "ru" if leader is anna else "en"
        assert texts(bot, leader.id)[-1] == tr(lead_lang, "refuse.pass_lead")
        # the leader leads; now the other is on turn
        hand = bot.hand(leader)
        assert hand is not None
        lead = next(d for d in hand.callback_datas() if d.startswith("p:"))
        assert await bot.press(leader, leader.id, hand.message_id, lead) is None
        game = await bot.game_in(group.id)
        assert game is not None and game.turn is not None
        mover = by_seat[game.turn]
        lang = "ru" if mover is anna else "en"
        other = leader
        _, _, view = await bot.service.seat_view(game.game_id, mover.id)
        fits = sorted(placements(view), key=lambda t: (t.a, t.b))
        assert fits, "this deal gives the second player a tile that fits"
        labels = [tile_label(t) for t in fits]
        mine = {tile_label(t) for t in view.hand}
        # /pass in the group: refused without naming any tile of his
        before = len(texts(bot, group.id))
        await bot.send(mover, group.id, "/pass")
        said = texts(bot, group.id)[before:]
        group_lang = "ru"  # Anna opened the game
        assert said == [tr(group_lang, "refuse.pass_group")]
        assert not any(label in said[0] for label in mine)
        key = "refuse.pass_fits.one" if len(labels) == 1 else "refuse.pass_fits.many"
        # ... and the reason, the fitting tiles, told to him alone in private
        assert texts(bot, mover.id)[-1] == tr(lang, key, tiles=join_words(lang, labels))
        # /pass in private: the fitting tiles named, to him alone
        await bot.send(mover, mover.id, "/pass")
        reply = texts(bot, mover.id)[-1]
        assert all(label in reply for label in labels)
        assert reply == tr(lang, key, tiles=join_words(lang, labels))
        # a pass press (an old or forged one) is answered to the presser only
        hand = bot.hand(mover)
        assert hand is not None
        forged = encode(PassTurn(game.game_id, game.version))
        text, _ = await press(bot, mover, mover.id, hand.message_id, forged, forge=True)
        assert text is not None and all(label in text for label in labels)
        # a tile that fits no end: the open ends are said
        stuck = [d for d in hand.callback_datas() if isinstance(decode(d), TileInfo)]
        assert stuck, "this deal leaves him a tile that fits nowhere"
        for data in stuck[:1]:
            text, _ = await press(bot, mover, mover.id, hand.message_id, data)
            ends = set(view.table.open_ends.values())
            assert text is not None and all(str(p) in text for p in ends)
        # not his turn: who is on turn is named, nothing of anyone's tiles
        other_lang = "ru" if other is anna else "en"
        await bot.send(other, other.id, "/pass")
        assert texts(bot, other.id)[-1] == tr(other_lang, "refuse.turn_of",
                                                 name=game.seats[game.turn].name)
        # nothing changed
        after = await bot.game_in(group.id)
        assert after is not None and after.version == game.version
        # /fish: in words, plurals right
        await bot.send(anna, group.id, "/fish")
        fish = texts(bot, group.id)[-1]
        assert fish.startswith("Ещё не рыба: в базаре ") and "костяш" in fish
        assert "Открыт" in fish and ": 0," not in fish
        # the hand says what З/В mean during the first lap; plural boneyard count
        hand_text = texts(bot, anna.id)
        assert any("З — запад ⬅" in t for t in hand_text)
        assert any("В базаре: " in t and "костяш" in t for t in hand_text)
        # every play button on a hand is one move: no two buttons for one tile and
        # ends that make the same move (kozel: both ends showing the same pip)
        for user in (anna, boris):
            msg = bot.hand(user)
            assert msg is not None
            plays = [decode(d) for d in msg.callback_datas()]
            tiles = [p.tile for p in plays if isinstance(p, PlayTile)]
            _, _, v = await bot.service.seat_view(game.game_id, user.id)
            ends = v.table.open_ends
            for t in set(tiles):
                fitting_pips = [ends[e] for e in placements(v).get(t, []) if e is not None]
                if len(fitting_pips) == 2 and fitting_pips[0] == fitting_pips[1]:
                    assert tiles.count(t) == 1


async def test_rules_menu_private_delivery(emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="ru")
    carl = emu.add_user("Carl", language_code="en")  # never opened the bot
    group = emu.add_group("Domino club", [anna, carl])
    async with running_bot(emu, db_path) as bot:
        await emu.user_starts_bot(anna)
        await bot.settle()
        await bot.send(anna, group.id, "/rules")
        menu = emu.bot_messages(group.id)[-1]
        assert menu.text == tr("ru", "rules.menu")
        datas = menu.callback_datas()
        assert len(datas) == len(variant_names()) and all(len(d) <= 64 for d in datas)
        group_count = len(emu.bot_messages(group.id))
        # a press in the group: the rules go to the presser's private chat
        text, url = await press(bot, anna, group.id, menu.message_id, "r:osel")
        assert text == tr("ru", "ans.rules_sent") and url is None
        assert texts(bot, anna.id)[-1] == rules_text("ru", "osel")
        assert len(emu.bot_messages(group.id)) == group_count  # nothing long in the group
        # Carl has no private chat: the press gets the link that opens it
        text, url = await press(bot, carl, group.id, menu.message_id, "r:all_fives")
        assert text == tr("en", "ans.rules_start")
        assert url is not None and url.endswith("?start=rules-all_fives")
        await emu.user_starts_bot(carl, "rules-all_fives")
        await bot.settle()
        assert texts(bot, carl.id)[-1] == rules_text("en", "all_fives")
        # a forged press is refused and changes nothing
        text, _ = await press(bot, anna, group.id, menu.message_id, "r:chess", forge=True)
        assert text == tr("ru", "btn.forged")
        assert len(emu.bot_messages(group.id)) == group_count
        # in private: the menu, a press shows the rules in place
        await bot.send(anna, anna.id, "/rules")
        menu = emu.bot_messages(anna.id)[-1]
        assert menu.text == tr("ru", "rules.menu")
        count = len(emu.bot_messages(anna.id))
        text, _ = await press(bot, anna, anna.id, menu.message_id, "r:kozel")
        assert len(emu.bot_messages(anna.id)) == count
        edited = emu.bot_messages(anna.id)[-1]
        assert edited.message_id == menu.message_id
        assert edited.text == rules_text("ru", "kozel") and edited.callback_datas()
        # /rules <variant>: in private directly; in a group privately
        await bot.send(anna, anna.id, "/rules осёл")
        assert texts(bot, anna.id)[-1] == rules_text("ru", "osel")
        await bot.send(anna, group.id, "/rules sport")
        assert texts(bot, anna.id)[-1] == rules_text("ru", "sport")
        # the group gets one line saying where the rules went
        assert texts(bot, group.id)[group_count:] == [
            tr("ru", "note.sent_private", name="Anna")]
        # Carl blocked nothing but a user with no private chat gets a one-line note
        dora = emu.add_user("Dora", language_code="en")
        emu.world.chat(group.id).members.add(dora.id)
        await bot.send(dora, group.id, "/rules sport")
        note = texts(bot, group.id)[-1]
        assert "?start=rules-sport" in note and len(note) < 300


async def test_private_hint_help_and_no_game(emu: TelegramEmulator, db_path: Path) -> None:
    anna = emu.add_user("Anna", language_code="ru")
    boris = emu.add_user("Boris", language_code="en")
    group = emu.add_group("Domino club", [anna, boris])
    async with running_bot(emu, db_path) as bot:
        await emu.user_starts_bot(anna)
        await emu.user_starts_bot(boris)
        await bot.settle()
        before = len(emu.bot_messages(anna.id))
        for i in range(10):
            await emu.user_sends(anna, anna.id, f"привет {i}")
        await bot.settle()
        said = texts(bot, anna.id)[before:]
        assert said == [tr("ru", "private.hint")]
        # text in a group gets no hint
        before_group = len(emu.bot_messages(group.id))
        await bot.send(boris, group.id, "hello there")
        assert len(emu.bot_messages(group.id)) == before_group
        # /help: a few lines, in both languages (tests/bot/test_help_e2e.py: its buttons)
        await bot.send(boris, boris.id, "/help")
        assert texts(bot, boris.id)[-1] == tr("en", "help")
        await bot.send(anna, anna.id, "/help")
        assert texts(bot, anna.id)[-1] == tr("ru", "help")
        # private /pass, /hand, /fish with no game: no /newgame that would then refuse
        for command in ("/pass", "/hand", "/fish"):
            await bot.send(boris, boris.id, command)
            assert texts(bot, boris.id)[-1] == tr("en", "no_game_private")
        await bot.send(anna, anna.id, "/pass")
        assert texts(bot, anna.id)[-1] == (
            "Сейчас вы не играете. Откройте игру в группе командой /newgame или сыграйте "
            "здесь с компьютером: /newgame.")
