"""Whole games of the eleven variants of docs/rules.md 4.7-4.17, played through the emulator:
emulated users press random legal buttons (several placements, closers, reopening, done)
next to computer players until the game is over; the final score is the engine's replay
of the stored record."""

from __future__ import annotations

import random
import time
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.texts import tr
from bot.ui.callbacks import Signal, decode, encode
from bot.ui.names import seat_name
from bot.wiring.state import get_state
from engine.domino.record import replay, replay_summary
from tests.bot.emulator import TelegramEmulator, User
from tests.bot.harness import Bot, open_table, running_bot

# variant, humans, computer seats, lobby presses after opening the settings
CASES: list[tuple[str, int, int, tuple[str, ...]]] = [
    ("sea_kozel", 2, 1, ()),
    ("general_kozel", 2, 2, ("rd",)),  # rounds 1
    ("osel", 2, 1, ()),
    ("checheve", 2, 1, ()),
    ("muggins", 2, 1, ()),
    ("pyaterochka", 2, 1, ("tg",)),  # target 200
    ("vsem_po_pyat", 2, 1, ("tg", "tg", "xt")),  # target 150, extra turn
    ("cuban", 2, 1, ()),
    ("domiki", 2, 1, ("tg", "tg", "tg")),  # target 50
    ("semerka", 2, 1, ()),
    ("sport", 2, 2, ()),
    ("kolbasa", 2, 0, ()),
]
STATS: dict[str, Counter[str]] = {}


def choose(datas: list[str], rng: random.Random) -> str | None:
    """A random legal action of an on-turn hand: a placement (face up or down), a
    reopening or the end of the turn; else draw; else pass."""
    moves = sorted(d for d in datas if d.startswith(("p:", "o:", "e:")))
    for options in (moves, [d for d in datas if d.startswith("d:")],
                    [d for d in datas if d.startswith("s:")]):
        if options:
            return rng.choice(options)
    return None


def kind_of(data: str) -> str:
    if data.startswith("p:"):
        if data.endswith("x"):
            return "cut"  # kolbasa
        return "closer" if data.endswith("#") else "place"
    return {"o": "open", "e": "done", "d": "draw", "s": "pass"}[data[0]]


async def play_through(bot: Bot, group_id: int, humans: list[User], rng: random.Random,
                       kinds: Counter[str], max_presses: int = 3000) -> None:
    for _ in range(max_presses):
        await bot.settle()
        game = await bot.game_in(group_id)
        assert game is not None
        if game.status != "playing":
            return
        assert game.turn is not None
        user = next((u for u in humans if (s := game.seat_of(u.id)) and s.seat == game.turn),
                    None)
        assert user is not None, "a computer player on turn did not move"
        msg = bot.hand(user)
        assert msg is not None
        data = choose(msg.callback_datas(), rng)
        assert data is not None, f"no move button in {msg.callback_datas()}"
        assert decode(data) is not None
        text = await bot.press(user, user.id, msg.message_id, data)
        assert text is None or "out of date" not in text, (data, text)
        kinds[kind_of(data)] += 1
    raise AssertionError("the game did not end")


async def setup(bot: Bot, group_id: int, users: list[User], variant: str, ai: int,
                settings: tuple[str, ...]) -> None:
    await open_table(bot, group_id, users, variant, ai=ai)
    if settings:
        await bot.settings(users[0], group_id, *settings)


@pytest.mark.parametrize(("variant", "humans", "ai", "settings"), CASES,
                         ids=[c[0] for c in CASES])
async def test_whole_game_of_a_new_variant(emu: TelegramEmulator, db_path: Path, variant: str,
                                           humans: int, ai: int, settings: tuple[str, ...],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    t0 = time.perf_counter()
    # the same deal every run (the service draws a game's seed from secrets.randbits)
    monkeypatch.setattr("service.context.secrets.randbits",
                        lambda bits: zlib.crc32(variant.encode()))
    users = [emu.add_user(n, language_code=lc)
             for n, lc in (("Anna", "ru"), ("Boris", "en"))][:humans]
    group = emu.add_group("Domino club", users)
    async with running_bot(emu, db_path) as bot:
        await setup(bot, group.id, users, variant, ai, settings)
        lobby = await bot.game_in(group.id)
        assert lobby is not None and lobby.variant == variant
        expected: dict[str, Any] = {
            "general_kozel": {"rounds": 1}, "pyaterochka": {"target": 200},
            "vsem_po_pyat": {"target": 150, "extra_turn": True}, "domiki": {"target": 50},
        }.get(variant, {})
        assert dict(lobby.options) == expected
        await bot.lobby_press(users[0], group.id, "go")
        kinds: Counter[str] = Counter()
        await play_through(bot, group.id, users, random.Random(variant), kinds)
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        record = await bot.service.record(game.game_id)
        for key, value in expected.items():
            assert record["options"].get(key) == value
        replayed, _ = replay(record)
        summary = replay_summary(replayed)
        assert game.view is not None and game.view.outcome is not None
        assert summary["totals"] == list(game.view.totals)
        assert summary["winners"] == list(game.view.outcome.winners)
        # the group saw the final score and who won
        table = bot.table(group.id)
        assert table is not None and table.caption is not None
        lang = await get_state(bot.app).presenter.chat_language(group.id)
        names = [seat_name(lang, s) for s in game.seats]
        joiner = tr(lang, "names.and")
        for side, total in zip(replayed.variant.sides, summary["totals"], strict=True):
            assert f"{joiner.join(names[s] for s in side)} — {total}" in table.caption
        assert "🏆" in table.caption  # the last picture's caption says who won
        moves = sum(len(r["moves"]) for r in summary["rounds"])
        kinds["take"] = sum(m.startswith("take:") for r in record["rounds"] for m in r["moves"])
        kinds["turns of several"] = sum("+" in m and not m.startswith("take:")
                                        for r in record["rounds"] for m in r["moves"])
        STATS[variant] = kinds
        print(f"\n{variant}: {moves} record moves, {len(summary['rounds'])} rounds, "
              f"presses {dict(kinds)}, {time.perf_counter() - t0:.1f}s")


def test_closers_reopening_and_several_placements_were_pressed() -> None:
    """The random games above went through every new kind of button (run them first)."""
    if len(STATS) < len(CASES):
        pytest.skip("not every game ran")
    for variant in ("osel", "checheve"):
        assert STATS[variant]["closer"] > 0, variant
    assert sum(STATS[v]["open"] for v in ("osel", "checheve")) > 0
    assert STATS["domiki"]["done"] + STATS["osel"]["done"] + STATS["checheve"]["done"] > 0
    assert STATS["kolbasa"]["cut"] > 0  # the ✂ button
    assert STATS["domiki"]["turns of several"] > 0
    assert STATS["semerka"]["take"] > 0  # chance took tiles by itself, nobody pressed


async def test_general_kozel_signal(emu: TelegramEmulator, db_path: Path) -> None:
    """A partner's signal goes to the group as an emoji line, once per turn per player;
    forged or foreign signals are refused."""
    users = [emu.add_user(n) for n in ("Anna", "Boris", "Vera", "Gleb")]
    stranger = emu.add_user("Zoe")
    group = emu.add_group("Domino club", [*users, stranger])
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, users, "general_kozel")
        await bot.lobby_press(users[0], group.id, "go")
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "playing"
        waiting = next(u for u in users if game.seat_of(u.id).seat != game.turn)  # type: ignore[union-attr]
        msg = bot.hand(waiting)
        assert msg is not None
        signals = [d for d in msg.callback_datas() if d.startswith("g:")]
        assert len(signals) == 2
        six = next(d for d in signals if d.endswith(":6"))
        before = len(emu.bot_messages(group.id))
        assert await bot.press(waiting, waiting.id, msg.message_id, six) == \
            "Signal sent to the table."
        lines = [m.text for m in emu.bot_messages(group.id)[before:]]
        assert lines == [f"{waiting.first_name}: 😉 (holds 6-6?)"]
        # once per turn
        again = await bot.press(waiting, waiting.id, msg.message_id, six)
        assert again == "You already signalled this turn."
        # a future version, or a player from outside the game
        future = encode(Signal(game.game_id, game.version + 5, "0"))
        assert await bot.press(waiting, waiting.id, msg.message_id, future, forge=True) == \
            "This button is not valid."
        # (a table comes only with the lead: the stranger presses on the closed lobby; a
        # hand's button anywhere but in the presser's own private chat is not valid)
        lobby = next(m for m in emu.bot_messages(group.id)
                     if "The game has started" in (m.text or ""))
        assert await bot.press(stranger, group.id, lobby.message_id, six, forge=True) == \
            "This button is not valid."
        await emu.user_starts_bot(stranger)
        await bot.settle()
        greeting = emu.bot_messages(stranger.id)[-1]
        assert await bot.press(stranger, stranger.id, greeting.message_id, six, forge=True) == \
            "You are not in this game."
        assert len(emu.bot_messages(group.id)) == before + 1
