"""A whole game of ``triangular`` (Tri-Ominos) through the emulator: two
people press the hand's buttons (a triangle, then a cell, then a turning; draws
and passes) until the game is over; the stored record is the engine's replay of
it. Forged, stale and out-of-turn presses are refused and change nothing; no
keyboard, caption or picture in the group shows a hand or the pool."""

from __future__ import annotations

import random
import zlib
from collections import Counter
from pathlib import Path

import pytest

from bot.kinds.triangular_keys import PREFIX, decode
from bot.texts import tr
from bot.ui.lobby_words import rules_text
from engine.games import kind_of, replay
from engine.triangular.kind import TriangularMatch, TriangularSeatView
from engine.triangular.rules import Triangle
from tests.bot.emulator import TelegramEmulator, User
from tests.bot.emulator.models import Message
from tests.bot.harness import Bot, open_table, running_bot
from tests.bot.kind_buttons import check_refusals, hand_message, no_hand_buttons_in

TRI = f"{PREFIX}:"


async def play_alone_against_computers(bot: Bot, chat_id: int, person: User,
                                       rng: random.Random, *, on_table: bool = False
                                       ) -> None:
    """The one person at the table plays to the game's end, the computers between: on
    each of his turns a random button, then a random next choice on the same message
    (a triangle, a cell, a turning) until the move is made. ``on_table``: his buttons
    must be under the table picture (a solo table)."""
    for _ in range(3000):
        await bot.settle()
        game = await bot.game_in(chat_id)
        assert game is not None
        if game.status != "playing":
            return
        seat = game.seat_of(person.id)
        assert seat is not None and game.turn == seat.seat, "a computer did not move"
        msg = hand_message(bot, person, TRI)
        assert msg is not None and (msg.has_media or not on_table)
        data = rng.choice(sorted(msg.callback_datas()))
        while True:
            answer = await bot.press(person, person.id, msg.message_id, data)
            after = await bot.game_in(chat_id)
            assert after is not None
            if after.version != game.version or after.status != "playing":
                break
            edited = next(m for m in bot.emu.bot_messages(person.id)
                          if m.message_id == msg.message_id)
            step = sorted(edited.callback_datas())  # the next choice, or back
            assert step and answer is None, (data, answer)
            data = rng.choice(step)
    raise AssertionError("the game did not end")


def action(data: str) -> str:
    press = decode(data)
    assert press is not None, data
    return press.action


async def own_hand(bot: Bot, game_id: int, user: User) -> set[str]:
    _, _, view = await bot.service.seat_view(game_id, user.id)
    assert isinstance(view, TriangularSeatView)
    return {str(t) for t in view.grid_view.hand}


async def test_whole_triangular_game_through_the_buttons(
        emu: TelegramEmulator, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("service.context.secrets.randbits",
                        lambda bits: zlib.crc32(b"triangular"))
    users = [emu.add_user(n, language_code=lc) for n, lc in (("Anna", "ru"), ("Boris", "en"))]
    group = emu.add_group("Domino club", users)
    rng = random.Random(2)
    presses: Counter[str] = Counter()
    async with running_bot(emu, db_path) as bot:
        lobby = await open_table(bot, group.id, users, "triangular", target=200)
        assert lobby.variant == "triangular" and dict(lobby.options) == {"target": 200}
        # a sole pass or draw is pressed too (the service would make it by itself)
        await bot.send(users[0], group.id, "/settings forced off")
        await bot.lobby_press(users[0], group.id, "go")
        old: tuple[User, Message, str] | None = None
        refusals_checked = 0
        for _ in range(4000):
            await bot.settle()
            game = await bot.game_in(group.id)
            assert game is not None
            if game.status != "playing":
                break
            assert game.turn is not None
            user = next(u for u in users
                        if (s := game.seat_of(u.id)) is not None and s.seat == game.turn)
            msg = hand_message(bot, user, TRI)
            assert msg is not None, "no hand buttons for the player on turn"
            datas = sorted(msg.callback_datas())
            assert all(len(d.encode()) <= 64 for d in datas)
            # the buttons show his own triangles only
            mine = await own_hand(bot, game.game_id, user)
            labels = {text for row in msg.keyboard() for text, data in row
                      if data is not None and action(data) == "t"}
            assert labels <= mine, (labels, mine)
            if refusals_checked < 3 and presses["t"] > 3 * refusals_checked:
                answers = await check_refusals(bot, group.id, users, user, msg, old, TRI,
                                               "0:0:t-1")
                assert "turn" in " ".join(answers).lower() or "ход" in " ".join(answers).lower()
                refusals_checked += 1
            choices = [d for d in datas if action(d) == "t"]
            # drawing often empties the pool: passes come after it
            if choices and (not any(action(d) == "d" for d in datas) or rng.random() < 0.4):
                data = rng.choice(choices)
            elif any(action(d) == "d" for d in datas):
                data = next(d for d in datas if action(d) == "d")
            else:
                data = next(d for d in datas if action(d) == "s")
            while True:
                presses[action(data)] += 1
                answer = await bot.press(user, user.id, msg.message_id, data)
                assert answer is None or "old" not in answer, (data, answer)
                after = await bot.game_in(group.id)
                assert after is not None
                if after.version != game.version or after.status != "playing":
                    break
                # a step: the same message now offers the next choice
                edited = next(m for m in bot.emu.bot_messages(user.id)
                              if m.message_id == msg.message_id)
                step = sorted(d for d in edited.callback_datas()
                              if action(d) in ("c", "p"))
                assert step, (data, edited.callback_datas())
                data = rng.choice(step)
            old = (user, msg, datas[0])
        else:
            raise AssertionError("the game did not end")
        no_hand_buttons_in(bot, group.id, TRI)
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        assert game.view is not None and game.view.outcome is not None
        # the stored record is the engine's replay
        record = await bot.service.record(game.game_id)
        assert record["variant"] == "triangular" and record["options"] == {"target": 200}
        replayed, names = replay(record)
        assert isinstance(replayed, TriangularMatch)
        assert list(replayed.totals) == list(game.view.totals)
        assert replayed.outcome == game.view.outcome
        assert {**kind_of("triangular").to_record(replayed, names),
                "deal": record["deal"]} == record
        assert max(replayed.totals) >= 200
        moves = [m for r in record["rounds"] for m in r["moves"]]
        assert any("@" in m for m in moves)
        # the group saw the result, its picture and the captions name no hidden triangle
        table = bot.table(group.id)
        assert table is not None and table.caption is not None and "🏆" in table.caption
        # ratings: both players rated in triangular's own family
        lines = await bot.service.ratings.top("triangular", group.id)
        assert {line.user_id for line in lines} == {u.id for u in users}
        # the review covers games on a line of tiles: no review button under the result,
        # and a clear answer to the command
        labels = [b.get("text") for m in emu.bot_messages(group.id) if m.reply_markup
                  for row in m.reply_markup.get("inline_keyboard", []) for b in row]
        assert tr("ru", "btn.rematch") in labels and tr("ru", "btn.review") not in labels
        await bot.send(users[1], users[1].id, "/review")
        assert emu.bot_messages(users[1].id)[-1].text == tr("en", "err.no_review")
        # /rules in both languages, in private
        for user, lang in ((users[0], "ru"), (users[1], "en")):
            await bot.send(user, user.id, "/rules triominos")
            assert emu.bot_messages(user.id)[-1].text == rules_text(lang, "triangular")
    print(f"\ntriangular: {len(moves)} moves, {len(record['rounds'])} rounds, "
          f"presses {dict(presses)}, refusal checks {refusals_checked}")
    assert presses["t"] > 0 and presses["c"] + presses["p"] > 0, presses
    assert presses["d"] > 0 and presses["s"] > 0, presses
    assert "pass" in moves and "draw" in moves


async def test_a_game_with_computer_players(emu: TelegramEmulator, db_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """One person and two computer players (their moves decided from their views in
    the AI worker): the game ends, its record replays to its result."""
    monkeypatch.setattr("service.context.secrets.randbits", lambda bits: 2024)
    anna = emu.add_user("Anna", language_code="en")
    group = emu.add_group("Domino club", [anna])
    rng = random.Random(3)
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, [anna], "triangular", ai=2, level="m", target=100)
        await bot.send(anna, group.id, "/settings table text")  # the table as text
        await bot.lobby_press(anna, group.id, "go")
        await play_alone_against_computers(bot, group.id, anna, rng)
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished" and game.view is not None
        record = await bot.service.record(game.game_id)
        replayed, _ = replay(record)
        assert list(replayed.totals) == list(game.view.totals)
        assert replayed.outcome == game.view.outcome
        no_hand_buttons_in(bot, group.id, TRI)
        # the text table: one line per triangle, the last one with the result
        texts = [m.text or "" for m in emu.bot_messages(group.id)]
        tables = [t for t in texts if tr("en", "ttable.tri_grid") in t]
        assert tables and "🏆" in "\n".join(texts)
        placed = [f"{m.split('@')[0]}" for r in record["rounds"] for m in r["moves"]
                  if "@" in m]
        assert placed[-1] in "\n".join(tables)


async def test_newgame_aliases(emu: TelegramEmulator, db_path: Path) -> None:
    users = [emu.add_user("Anna", language_code="ru")]
    group = emu.add_group("Domino club", users)
    other = emu.add_group("Second club", users)
    async with running_bot(emu, db_path) as bot:
        await bot.emu.user_starts_bot(users[0])
        await bot.send(users[0], group.id, "/newgame треугольное")
        game = await bot.game_in(group.id)
        assert game is not None and game.variant == "triangular"
        await bot.send(users[0], other.id, "/newgame triominos")
        game = await bot.game_in(other.id)
        assert game is not None and game.variant == "triangular"
        lobby = bot.lobby(other.id)
        assert "Триомино" in (lobby.text or ""), lobby.text  # Anna reads Russian


def test_triangle_labels_are_tiles() -> None:
    assert str(Triangle.parse("2-4-1")) == "1-2-4"


def _seed_without_a_triple() -> int:
    """A game seed whose first deal gives nobody a triple: the lead is then the
    highest-valued triangle, turned as its holder likes (docs/rules.md 4.21 [T11])."""
    from engine.variants import make_variant
    variant = make_variant("triangular", 2, {"target": 200})
    for seed in range(1, 500):
        match = TriangularMatch(variant, seed)
        if not any(len(set(t.numbers)) == 1 for hand in match.round.hands for t in hand):
            return seed
    raise AssertionError("no deal without a triple in 500 seeds")


async def test_a_lead_without_a_triple_is_turned_by_its_buttons(
        emu: TelegramEmulator, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The leader presses his triangle; its one cell is taken at once and the
    buttons offer the three turnings, only those; the one pressed is the one
    placed, and the group's table shows it."""
    seed = _seed_without_a_triple()
    monkeypatch.setattr("service.context.secrets.randbits", lambda bits: seed)
    users = [emu.add_user(n, language_code="en") for n in ("Anna", "Boris")]
    group = emu.add_group("Domino club", users)
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, users, "triangular", target=200)
        await bot.lobby_press(users[0], group.id, "go")
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "playing" and game.turn is not None
        leader = next(u for u in users
                      if (s := game.seat_of(u.id)) is not None and s.seat == game.turn)
        _, _, view = await bot.service.seat_view(game.game_id, leader.id)
        assert isinstance(view, TriangularSeatView)
        lead_moves = view.grid_view.legal
        assert len(lead_moves) == 3  # one triangle, one cell, three turnings
        msg = hand_message(bot, leader, TRI)
        assert msg is not None
        triangles = [d for d in msg.callback_datas() if action(d) == "t"]
        assert len(triangles) == 1  # the rules name the triangle that leads
        assert await bot.press(leader, leader.id, msg.message_id, triangles[0]) is None
        edited = next(m for m in emu.bot_messages(leader.id) if m.message_id == msg.message_id)
        turnings = sorted(d for d in edited.callback_datas() if action(d) == "p")
        assert [decode(d).turning for d in turnings if decode(d)] == [0, 1, 2]
        assert {decode(d).cell for d in turnings if decode(d)} == {(0, 0)}
        after = await bot.game_in(group.id)
        assert after is not None and after.version == game.version  # a step, no move yet
        chosen = decode(turnings[2])
        assert chosen is not None
        await bot.press(leader, leader.id, msg.message_id, turnings[2])
        await bot.settle()
        after = await bot.game_in(group.id)
        assert after is not None and after.version > game.version
        record = await bot.service.record(game.game_id)
        first = record["rounds"][0]["moves"][0]
        placed = [m for m in lead_moves if m.notation() == first]
        assert placed, (first, [m.notation() for m in lead_moves])
        tile = view.grid_view.hand[chosen.tile]
        assert placed[0].numbers == tile.turnings[2]
        # a press on the turning keyboard again is stale now
        answer = await bot.press(leader, leader.id, msg.message_id, turnings[0], forge=True)
        assert answer
        again = await bot.game_in(group.id)
        assert again is not None and again.version == after.version
