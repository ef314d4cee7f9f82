"""Nothing hidden ever leaves a game: every path that shows tiles, for every kind of asker.

The askers: a player (on turn or not), a group member who does not play, and an
outsider writing in private. What each may know at a moment is derived from the
game itself (its complete record, replayed): his own dealt hand and draws, the
tiles placed on the table, the tiles of a take he was party to, and the hands at
the end of every round that ended (the group's round summary shows them). A
finished game hides nothing.

Paths covered: ``/export`` in the group and in private (the JSON file parsed),
``/hand`` in the group, round summaries, table captions, hands, callback answers
(forged presses included), the table picture (the renderer is handed the public
view only) and the log at INFO level. Everything a user is shown is read from
the emulator, which shows a user only his own private chat and the groups he is
in, at the moment it is sent or edited (the emulator's observer).
"""

from __future__ import annotations

import json
import logging
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.showing.workers import Workers
from bot.ui.callbacks import PlayTile, TileInfo, encode
from engine.core.moves import End, Place
from engine.core.tiles import Tile, full_set
from engine.core.view import SeatView
from engine.domino.game import Game
from engine.domino.record import FORMAT, VIEW_FORMAT, replay, replay_summary
from service import GameInfo
from tests.bot.emulator import HistoryEntry, Message, TelegramEmulator, User
from tests.bot.harness import Bot, on_turn, open_table, play_to_end, running_bot
from tests.engine.domino.test_view_record import may_know

# a tile as the bot writes it: "6-3" (not part of a longer number or a date)
TILE = re.compile(r"(?<![0-9-])([0-9]{1,2})-([0-9]{1,2})(?![0-9])")


def tiles_in(text: str, set_max: int) -> set[Tile]:
    out = set()
    for a, b in TILE.findall(text):
        if int(a) <= set_max and int(b) <= set_max:
            out.add(Tile.parse(f"{a}-{b}"))
    return out


class PublicOnlyWorkers(Workers):
    """The real workers (threads), checking that a table picture is only ever drawn
    from the public view."""

    def __init__(self) -> None:
        super().__init__(ai_workers=0, render_workers=0)
        self.pictures = 0

    async def table_picture(self, lang: str, view: SeatView, names: Sequence[str],
                            banner: str | None = None, banner_detail: str | None = None
                            ) -> tuple[bytes, str]:
        assert view.seat is None and view.hand == () and view.legal == (), \
            "the renderer was given a seat's view"
        assert all(not ev.tiles for ev in view.history), "a take's tiles reach the picture"
        self.pictures += 1
        return await super().table_picture(lang, view, names, banner, banner_detail)


async def replayed(bot: Bot, game_id: int) -> Game:
    game, _ = replay(await bot.service.record(game_id))
    return game


def knowledge(game: Game, seat: int | None) -> set[Tile]:
    """Every tile ``seat`` (None: anyone) may know now; a finished game hides nothing."""
    if game.outcome is not None:
        return set(full_set(game.variant.options.set))
    known: set[Tile] = set()
    for rnd in game.rounds:
        known |= may_know(rnd, seat)
    return known


def document_json(emu: TelegramEmulator, msg: Message) -> dict[str, Any]:
    assert msg.document is not None
    data: dict[str, Any] = json.loads(emu.files[msg.document.file_id].data)
    return data


class Watcher:
    """The users' eyes. Every message the bot sends or edits is looked at the moment
    the emulator stores it (``emu.observe``), against what each user who can see
    that chat may know at that moment (from the live game the service holds, which
    is at least as far on as anything shown); callback answers and the log are
    looked at after each step."""

    def __init__(self, bot: Bot, users: list[User], caplog: pytest.LogCaptureFixture) -> None:
        self.bot = bot
        self.emu = bot.emu
        self.users = users
        self.caplog = caplog
        self.seats: dict[int, int | None] = {u.id: None for u in users}
        self.game: Game | None = None
        self.violations: list[str] = []
        self.answers_seen: dict[int, int] = {}
        self.logs_seen = 0
        self.checked = 0
        self.emu.observe(self.on_message)

    def sit(self, info: GameInfo) -> None:
        for user in self.users:
            seat = info.seat_of(user.id)
            self.seats[user.id] = seat.seat if seat is not None else None

    def live_game(self) -> Game | None:
        # the game the service holds in memory (its cache, read without awaiting: the
        # observer runs inside the emulator's call); the last one seen when it is out
        lives = list(self.bot.service._cache.values())
        if len(lives) == 1:
            self.game = lives[0].game
        return self.game

    def texts_of(self, snap: dict[str, Any]) -> list[str]:
        out = [snap.get("text") or "", snap.get("caption") or ""]
        markup = snap.get("reply_markup") or {}
        for row in markup.get("inline_keyboard", []):
            out.extend(b.get("text", "") for b in row)
        doc = snap.get("document")
        if doc is not None:
            out.append(self.emu.files[doc["file_id"]].data.decode())
        return out

    def on_message(self, entry: HistoryEntry) -> None:
        snap = entry.snapshot
        if snap is None or not snap["from"].get("is_bot"):
            return
        game = self.live_game()
        set_max = game.variant.options.set if game is not None else 6
        texts = self.texts_of(snap)
        for user in self.users:
            if not self.emu.can_see(user, entry.chat_id):
                continue
            allowed = knowledge(game, self.seats[user.id]) if game is not None else set()
            for text in texts:
                leaked = tiles_in(text, set_max) - allowed
                if leaked:
                    self.violations.append(
                        f"{user.first_name} was shown {sorted(leaked)} in {text!r}")
                self.checked += 1

    def new_logs(self) -> list[str]:
        records = [r for r in self.caplog.records if r.levelno >= logging.INFO]
        out = []
        for r in records[self.logs_seen:]:
            text = r.getMessage()
            if r.exc_text:
                text += "\n" + r.exc_text
            out.append(f"{r.name}: {text}")
        self.logs_seen = len(records)
        return out

    async def check(self, game_id: int) -> None:
        """Nobody was shown a tile he may not know; his callback answers and the log
        since the last look name none either."""
        assert not self.violations, self.violations[:3]
        game = await replayed(self.bot, game_id)
        set_max = game.variant.options.set
        for user in self.users:
            allowed = knowledge(game, self.seats[user.id])
            answers = self.emu.callback_answers_for(user)
            for a in answers[self.answers_seen.get(user.id, 0):]:
                leaked = tiles_in(a.text or "", set_max) - allowed
                assert not leaked, f"{user.first_name} was answered {a.text!r}"
            self.answers_seen[user.id] = len(answers)
        public = knowledge(game, None)
        for text in self.new_logs():
            leaked = tiles_in(text, set_max) - public
            assert not leaked, f"the log names {sorted(leaked)}: {text!r}"


def people(emu: TelegramEmulator) -> tuple[list[User], User, User, Any]:
    anna = emu.add_user("Anna", language_code="ru")
    boris = emu.add_user("Boris", language_code="en")
    carl = emu.add_user("Carl", language_code="en")  # in the group, not playing
    dora = emu.add_user("Dora", language_code="en")  # not in the group
    group = emu.add_group("Domino club", [anna, boris, carl])
    return [anna, boris], carl, dora, group


def last_document(emu: TelegramEmulator, chat_id: int) -> Message | None:
    msgs = emu.bot_messages(chat_id)
    return msgs[-1] if msgs and msgs[-1].document is not None else None


# all_fives to its highest target: eight presses never end it (100 did, now and then)
CASES = [("all_fives", 1, 250), ("kozel", 2, None)]


@pytest.mark.parametrize(("variant", "ai", "target"), CASES, ids=[c[0] for c in CASES])
async def test_export_mid_game_names_only_what_the_asker_may_know(
        emu: TelegramEmulator, db_path: Path, variant: str, ai: int,
        target: int | None) -> None:
    humans, carl, dora, group = people(emu)
    anna, boris = humans
    workers = PublicOnlyWorkers()
    async with running_bot(emu, db_path, workers=workers) as bot:
        await emu.user_starts_bot(carl)
        await emu.user_starts_bot(dora)
        await open_table(bot, group.id, humans, variant, ai=ai, target=target)
        await bot.lobby_press(anna, group.id, "go")
        await play_to_end(bot, group.id, humans, random.Random(variant), stop_after=8)
        info = await bot.game_in(group.id)
        assert info is not None and info.status == "playing"
        gid = info.game_id
        game = await replayed(bot, gid)
        set_max = game.variant.options.set
        public = knowledge(game, None)

        # in the group, whoever asks (a player too), the file holds nothing hidden
        for asker in (carl, anna):
            await bot.send(asker, group.id, "/export")
            doc = last_document(emu, group.id)
            assert doc is not None and doc.caption is not None and str(gid) in doc.caption
            record = document_json(emu, doc)
            assert record["format"] == VIEW_FORMAT and record["viewer"] is None
            assert all(h is None for r in record["rounds"] for h in r["hands"])
            assert all("boneyard" not in r and r["drawn"] == [] for r in record["rounds"])
            named = tiles_in(json.dumps(record), set_max)
            assert named <= public, sorted(named - public)
            assert len(record["rounds"]) == len(game.rounds)

        # in private, a player gets his own view: his hand, never another's
        for player in humans:
            seat = info.seat_of(player.id)
            assert seat is not None
            await bot.send(player, player.id, "/export")
            doc = last_document(emu, player.id)
            assert doc is not None and doc.caption is not None
            assert f"{gid}" in doc.caption
            record = document_json(emu, doc)
            assert record["format"] == VIEW_FORMAT and record["viewer"] == seat.seat
            mine = [str(t) for t in game.rounds[0].deal.hands[seat.seat]]
            assert record["rounds"][0]["hands"][seat.seat] == mine
            named = tiles_in(json.dumps(record), set_max)
            allowed = knowledge(game, seat.seat)
            assert named <= allowed, sorted(named - allowed)
            # the round under way names none of the tiles the others hold in it (tiles
            # come back every round: judged by this round's knowledge alone)
            now = record["rounds"][-1]
            named_now = tiles_in(json.dumps({k: v for k, v in now.items()
                                             if k != "end_hands"}), set_max)
            others = {t for s, hand in enumerate(game.round.hands) if s != seat.seat
                      for t in hand} - may_know(game.round, seat.seat)
            assert others or game.round.end is not None  # all public once it ended
            assert not (named_now & others), sorted(named_now & others)
            # /export N of his game: the same view
            await bot.send(player, player.id, f"/export {gid}")
            again = last_document(emu, player.id)
            assert again is not None and again.message_id != doc.message_id
            assert document_json(emu, again) == record

        # someone who did not play gets no record in private, whatever he names
        for outsider in (carl, dora):
            before = len(emu.bot_messages(outsider.id))
            await bot.send(outsider, outsider.id, "/export")
            await bot.send(outsider, outsider.id, f"/export {gid}")
            new = emu.bot_messages(outsider.id)[before:]
            assert len(new) == 2 and all(m.document is None for m in new)
            assert "no started games" in (new[0].text or "")
            assert f"did not play game {gid}" in (new[1].text or "")
        before = len(emu.bot_messages(anna.id))
        await bot.send(anna, anna.id, "/export seven")
        await bot.send(anna, anna.id, f"/export {gid + 1000}")
        new = emu.bot_messages(anna.id)[before:]
        assert [m.document for m in new] == [None, None]
        assert "/export N" in (new[0].text or "")
        assert f"{gid + 1000}" in (new[1].text or "")

        # forged presses tell nothing of where a tile is: a non-player's, and a player's
        # naming a tile of another's hand answer as for any tile he does not hold
        table = bot.table(group.id)
        assert table is not None
        info = await bot.game_in(group.id)
        assert info is not None
        game = await replayed(bot, gid)
        b_seat = info.seat_of(boris.id)
        ai_seat = next(s.seat for s in info.seats if s.ai_level is not None)
        assert b_seat is not None
        boris_tile = sorted(game.round.hands[b_seat.seat])[0]
        ai_tile = sorted(game.round.hands[ai_seat])[0]
        hand = bot.hand(anna)
        assert hand is not None
        for make in (lambda t: TileInfo(gid, info.version, t),
                     lambda t: PlayTile(gid, info.version, t, End.E)):
            for presser, chat_id, message_id in ((carl, group.id, table.message_id),
                                                 (anna, anna.id, hand.message_id)):
                answers = []
                for tile in (boris_tile, ai_tile):
                    answer = await bot.press(presser, chat_id, message_id,
                                             encode(make(tile)), forge=True)
                    assert answer is not None
                    answers.append(answer.replace(str(tile), "T"))
                assert answers[0] == answers[1], answers
        after = await bot.game_in(group.id)
        assert after is not None and after.version == info.version  # nothing changed

        # /hand in the group sends the hand privately, never to the group
        group_before = len(emu.history(group.id))
        await bot.send(anna, group.id, "/hand")
        a_seat = info.seat_of(anna.id)
        assert a_seat is not None
        anna_hand = set(game.round.hands[a_seat.seat]) - public
        for entry in emu.history(group.id)[group_before:]:
            snap = entry.snapshot or {}
            shown = tiles_in(json.dumps(snap, ensure_ascii=False), set_max)
            assert not (shown & anna_hand)

        # the game over, the record is complete, in the group and in private, and replays
        await play_to_end(bot, group.id, humans, random.Random(7))
        done = await bot.game_in(group.id)
        assert done is not None and done.status == "finished"
        full = await bot.service.record(gid)
        await bot.send(carl, group.id, "/export")
        doc = last_document(emu, group.id)
        assert doc is not None and document_json(emu, doc) == full
        assert full["format"] == FORMAT
        await bot.send(boris, boris.id, "/export")
        doc = last_document(emu, boris.id)
        assert doc is not None and document_json(emu, doc) == full
        assert doc.caption is not None and "complete record" in doc.caption
        finished, _ = replay(document_json(emu, doc))
        assert replay_summary(finished)["totals"] == list(done.view.totals)  # type: ignore[union-attr]
        assert workers.pictures > 0


async def test_private_export_lists_the_players_other_games(emu: TelegramEmulator,
                                                            db_path: Path) -> None:
    humans, carl, _, group = people(emu)
    anna, _ = humans
    other = emu.add_group("Second club", [anna, carl])
    async with running_bot(emu, db_path, workers=PublicOnlyWorkers()) as bot:
        ids = []
        for chat in (group, other, group):
            await open_table(bot, chat.id, [anna], "block", ai=1)
            await bot.lobby_press(anna, chat.id, "go")
            info = await bot.game_in(chat.id)
            assert info is not None
            ids.append(info.game_id)
            if chat is not group or len(ids) == 1:
                await bot.send(anna, chat.id, "/cancel")
        # a lobby has no record yet
        await emu.user_starts_bot(carl)
        await bot.send(carl, other.id, "/newgame block")
        lobby = await bot.game_in(other.id)
        assert lobby is not None and lobby.status == "lobby"
        await bot.send(carl, carl.id, f"/export {lobby.game_id}")
        assert "has not started" in (emu.bot_messages(carl.id)[-1].text or "")
        # the newest first: the game being played, his view; the others as hints
        await bot.send(anna, anna.id, "/export")
        doc = last_document(emu, anna.id)
        assert doc is not None and doc.caption is not None
        assert document_json(emu, doc)["format"] == VIEW_FORMAT
        assert f"{ids[2]}" in doc.caption.splitlines()[0]
        assert f"/export {ids[1]}" in doc.caption and f"/export {ids[0]}" in doc.caption
        # the group's /export N names only the group's games
        await bot.send(carl, other.id, f"/export {ids[2]}")
        assert emu.bot_messages(other.id)[-1].document is None
        await bot.send(carl, other.id, f"/export {ids[1]}")
        doc = last_document(emu, other.id)
        assert doc is not None and document_json(emu, doc)["viewer"] is None


ORACLE = [("draw", 1, 2), ("kozel", 2, 3)]


@pytest.mark.parametrize(("variant", "ai", "seed"), ORACLE, ids=[c[0] for c in ORACLE])
async def test_nobody_is_ever_shown_a_tile_he_may_not_know(
        emu: TelegramEmulator, db_path: Path, caplog: pytest.LogCaptureFixture,
        variant: str, ai: int, seed: int) -> None:
    """The knowledge oracle over a whole game, for each user and the INFO log."""
    caplog.set_level(logging.INFO)
    humans, carl, dora, group = people(emu)
    anna, boris = humans
    rng = random.Random(seed)
    async with running_bot(emu, db_path, workers=PublicOnlyWorkers()) as bot:
        watcher = Watcher(bot, [anna, boris, carl, dora], caplog)
        await emu.user_starts_bot(carl)
        await emu.user_starts_bot(dora)
        watcher.sit(await open_table(bot, group.id, humans, variant, ai=ai))
        await bot.lobby_press(anna, group.id, "go")
        info = await bot.game_in(group.id)
        assert info is not None
        gid = info.game_id
        await watcher.check(gid)
        step = 0
        while info.status == "playing":
            await play_to_end(bot, group.id, humans, rng, stop_after=1)
            step += 1
            if step % 7 == 0:  # the others look too, now and then
                asker = (carl, anna, boris, dora)[step // 7 % 4]
                if asker is not dora:
                    await bot.send(asker, group.id, rng.choice(["/export", "/hand", "/table"]))
                await bot.send(asker, asker.id, rng.choice(["/export", f"/export {gid}",
                                                            "/hand"]))
            await watcher.check(gid)
            info = await bot.game_in(group.id)
            assert info is not None
        assert info.status == "finished" and step > 5
        assert watcher.checked > 50


async def test_a_tile_info_press_speaks_only_of_the_pressers_own_tiles(
        emu: TelegramEmulator, db_path: Path) -> None:
    """The ``t:`` button explains why a tile of his hand cannot be placed; a forged one
    naming a tile he does not hold is refused like any forged button."""
    humans, _, _, group = people(emu)
    anna, boris = humans
    async with running_bot(emu, db_path, workers=PublicOnlyWorkers()) as bot:
        await open_table(bot, group.id, [boris, anna], "block", ai=1)
        await bot.lobby_press(boris, group.id, "go")
        rng = random.Random(5)
        for _ in range(40):
            found = await on_turn(bot, [boris], group.id)
            if found is not None:
                break
            await play_to_end(bot, group.id, [anna], rng, stop_after=1)
        else:
            pytest.fail("Boris never came on turn")
        _, hand = found
        info = await bot.game_in(group.id)
        assert info is not None
        _, _, view = await bot.service.seat_view(info.game_id, boris.id)
        not_his = sorted(set(full_set(6)) - set(view.hand))
        for tile in not_his:
            answer = await bot.press(boris, boris.id, hand.message_id,
                                     encode(TileInfo(info.game_id, info.version, tile)),
                                     forge=True)
            assert answer == "This button is not valid.", (tile, answer)
        fits = {m.tile for m in view.legal if isinstance(m, Place)}
        for tile in set(view.hand) - fits:
            answer = await bot.press(boris, boris.id, hand.message_id,
                                     encode(TileInfo(info.game_id, info.version, tile)),
                                     forge=True)
            assert answer is not None and answer.startswith(f"{tile} fits no open end"), answer
        after = await bot.game_in(group.id)
        assert after is not None and after.version == info.version
