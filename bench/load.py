"""Load benchmark: many groups playing at once against the real bot, over HTTP.

    python -m bench.load --groups 10,30,60 --seconds 30
    python -m bench.load --groups 10,30 --seconds 60 --strict
    python -m bench.load --groups 30 --seconds 30 --flood
    python -m bench.load --groups 30 --seconds 60 --strict --spam 1

The bot runs as its own process (``python -m bot``, its real settings: the
per-chat limiter paces a group at 20 messages a minute) against the Bot API
emulator of tests/bot/emulator served over HTTP by this process. Each group
seats two people and two medium computer players (``block``, teams); when a
game ends the group opens the next. The people press as fast as the bot lets
them: the player on turn presses a move as soon as his hand shows one (after
``--think`` seconds). With ``--flood`` the player not on turn presses a tile of
his meanwhile (the bot answers "wait for your turn"), so the bot always has
updates waiting: that measures how many updates it handles a second at most.

Each group has a third member who watches: every ``--ask-every`` seconds he
sends ``/score`` and the time until its answer reaches the group is the
command-reply latency of a group that plays at its full pace. With ``--spam N``
the members of the first N groups (the players and the watcher) send commands
(``/stats``, ``/fish``, ``/export``, ``/rules``, ``/score`` in turn) as fast as
``--spam-rate`` a second each: the other groups' numbers should stay as without
it, and the flooded groups' game should still move.

Without ``--strict`` the emulator enforces no rate limits (it answers every
call at once); with ``--strict`` it answers 429 as Telegram does (20 a minute
per group, 1 a second per private chat, 30 a second in all).

Printed, one JSON object per group count: updates handled a second (presses
answered in the measured window), press ->
answer and press -> group edit (p50/p95/p99 ms), group calls per move, moves a
second, 429s met, and CPU: the bot's (its process and its worker processes) and
this process's (the emulator, its HTTP server and the simulated players share the
machine's two cores with the bot).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.texts import CATALOGS
from tests.bot.emulator import EmulatorHttpServer, RateLimits, TelegramEmulator, User

ROOT = Path(__file__).resolve().parents[1]
GROUP_METHODS = {"sendMessage", "sendPhoto", "editMessageText", "editMessageMedia",
                 "editMessageCaption", "editMessageReplyMarkup", "sendDocument"}
TABLE_METHODS = ("editMessageMedia", "sendPhoto")


def _percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p95": None, "p99": None, "n": 0}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)

    return {"p50": at(0.50), "p95": at(0.95), "p99": at(0.99), "n": len(ordered)}


def _cpu_seconds(root_pid: int) -> float:
    """User + system CPU of a process and its children (the worker pools), in seconds."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    parents: dict[int, int] = {}
    stats: dict[int, list[str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                raw = f.read()
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2:].split()
        pid = int(entry)
        parents[pid] = int(fields[1])
        stats[pid] = fields
    for pid, fields in stats.items():
        p = pid
        while p not in (0, 1) and p != root_pid:
            p = parents.get(p, 0)
        if p == root_pid:
            total += int(fields[11]) + int(fields[12])
    return total / tick


@dataclass
class Group:
    chat_id: int
    people: list[User]
    presses: int = 0
    moves_pressed: int = 0
    games: int = 0
    answer: list[float] = field(default_factory=list)
    to_edit: list[float] = field(default_factory=list)
    # per user: the keyboard he pressed last and when (no pressing the same one again)
    pressed: dict[int, tuple[frozenset[str], float]] = field(default_factory=dict)
    watcher: User | None = None  # a member who asks /score now and then
    spam: bool = False  # its members flood it with commands
    reply: list[float] = field(default_factory=list)  # /score -> its answer, seconds
    commands: int = 0  # commands sent by its members in the measured window
    versions0: int = 0  # the game versions of the group when the window opened

SPAM = ("/stats", "/fish", "/export", "/rules", "/score")
# the starts of /score's answers, in every language (the text before its first value)
SCORE_ANSWERS = tuple(CATALOGS[lang][key].split("{")[0] for lang in CATALOGS
                      for key in ("score.title", "score.none"))


class Load:
    def __init__(self, groups: int, seconds: float, strict: bool, ai_delay: float,
                 workdir: Path, *, flood: bool = False, think: float = 0.0,
                 spam: int = 0, spam_rate: float = 5.0, ask_every: float = 10.0) -> None:
        limits = RateLimits() if strict else None
        self.emu = TelegramEmulator(enforce_rate_limits=strict, rate_limits=limits)
        self.server = EmulatorHttpServer(self.emu)
        self.groups_wanted = groups
        self.seconds = seconds
        self.strict = strict
        self.ai_delay = ai_delay
        self.db = workdir / "load.sqlite3"
        self.workdir = workdir
        self.proc: asyncio.subprocess.Process | None = None
        self.groups: list[Group] = []
        self.rng = random.Random(7)
        self.stop_at = 0.0
        self.flood = flood
        self.think = think
        self.spam = spam
        self.spam_rate = spam_rate
        self.ask_every = ask_every
        self._hand_ids: dict[int, int] = {}
        self.status: dict[int, str] = {}  # each group's last game's status (the database's)
        self._watchers: set[asyncio.Future[None]] = set()

    # ------------------------------------------------------------------ the bot process
    async def start_bot(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "BOT_TOKEN": self.emu.token,
               "TELEGRAM_API_BASE_URL": self.server.base_url, "DATABASE_PATH": str(self.db),
               "AI_DELAY": str(self.ai_delay), "LOG_LEVEL": "WARNING"}
        with open(self.workdir / "bot.log", "w") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=self.workdir, env=env,
                stdout=asyncio.subprocess.DEVNULL, stderr=log)
        for _ in range(600):
            if self.emu.call_count("setMyCommands") >= 2:
                return
            await asyncio.sleep(0.05)
        raise TimeoutError("the bot did not start")

    async def stop_bot(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.proc.wait(), 10)
            if self.proc.returncode is None:
                self.proc.kill()
                await self.proc.wait()

    # ------------------------------------------------------------------ a group's life
    def _lobby_button(self, chat_id: int, suffix: str) -> tuple[int, str] | None:
        for m in reversed(self.emu.bot_messages(chat_id)):
            datas = m.callback_datas()
            if any(d.startswith("l:") for d in datas):
                for d in datas:
                    if d.endswith(suffix):
                        return m.message_id, d
                return None
        return None

    async def _press_lobby(self, g: Group, user: User, suffix: str) -> None:
        for _ in range(2000):
            found = self._lobby_button(g.chat_id, suffix)
            if found is not None:
                await self.emu.press(user, g.chat_id, found[0], found[1])
                await asyncio.sleep(0.05)
                return
            await asyncio.sleep(0.01)
        raise TimeoutError(f"no lobby button {suffix} in {g.chat_id}")

    async def _open_game(self, g: Group) -> None:
        anna, boris = g.people
        await self.emu.user_sends(anna, g.chat_id, "/newgame block")
        await self._press_lobby(g, boris, ":j")
        for _ in range(2):
            await self._press_lobby(g, anna, ":a:m")
        await self._press_lobby(g, anna, ":go")
        g.games += 1

    def _hand(self, user: User) -> tuple[int, set[str]] | None:
        """His hand message (the id remembered: a lookup, not a scan, while it lives)."""
        mid = self._hand_ids.get(user.id)
        if mid is not None:
            msg = self.emu.message(user.id, mid)
            if msg is not None:
                return mid, msg.callback_datas()
        for m in reversed(self.emu.bot_messages(user.id)):
            datas = m.callback_datas()
            if any(d[:2] in ("p:", "d:", "s:", "t:") for d in datas):
                self._hand_ids[user.id] = m.message_id
                return m.message_id, datas
        return None

    async def _play(self, g: Group) -> None:
        await self._open_game(g)
        while time.monotonic() < self.stop_at:
            pressed = False
            for user in g.people:
                hand = self._hand(user)
                if hand is None:
                    continue
                mid, datas = hand
                last = g.pressed.get(user.id)
                if last is not None and last[0] == datas \
                        and time.monotonic() - last[1] < 5.0:
                    continue  # he waits for his hand to be redrawn
                moves = [d for d in datas if d[:2] in ("p:", "d:", "s:")]
                infos = [d for d in datas if d.startswith("t:")] if self.flood else []
                data = self.rng.choice(moves) if moves else (
                    self.rng.choice(infos) if infos else None)
                if data is None:
                    continue
                if moves and self.think > 0:
                    await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
                if moves:
                    g.pressed[user.id] = (frozenset(datas), time.monotonic())
                await self._press(g, user, mid, data, is_move=bool(moves))
                pressed = True
            if self._status(g) == "finished":
                await self._open_game(g)
            elif not pressed:
                await asyncio.sleep(0.02)

    async def _ask(self, g: Group) -> None:
        """The watcher asks for the score now and then: how long until it is answered."""
        assert g.watcher is not None
        while time.monotonic() < self.stop_at:
            await asyncio.sleep(self.ask_every * self.rng.uniform(0.75, 1.25))
            t0 = time.monotonic()
            await self.emu.user_sends(g.watcher, g.chat_id, "/score")
            task = asyncio.ensure_future(self._reply_after(g, t0))
            self._watchers.add(task)
            task.add_done_callback(self._watchers.discard)

    async def _reply_after(self, g: Group, t0: float) -> None:
        while time.monotonic() < self.stop_at + 30:
            for call in reversed(self.emu.calls):
                if call.arrived < t0:
                    break
                if call.chat_id == g.chat_id and call.method == "sendMessage" and call.ok \
                        and call.params.get("text", "").startswith(SCORE_ANSWERS):
                    g.reply.append(call.answered - t0)
                    return
            await asyncio.sleep(0.05)

    async def _flood(self, g: Group) -> None:
        """Every member sends commands as fast as ``spam_rate`` a second."""
        members = [*g.people, *([g.watcher] if g.watcher else [])]

        async def one(user: User, offset: int) -> None:
            i = offset
            while time.monotonic() < self.stop_at:
                await self.emu.user_sends(user, g.chat_id, SPAM[i % len(SPAM)])
                g.commands += 1
                i += 1
                await asyncio.sleep(1.0 / self.spam_rate)

        await asyncio.gather(*(one(u, n) for n, u in enumerate(members)))

    def _status(self, g: Group) -> str | None:
        return self.status.get(g.chat_id)

    async def _press(self, g: Group, user: User, mid: int, data: str, *, is_move: bool) -> None:
        t0 = time.monotonic()
        qid = await self.emu.press(user, user.id, mid, data)
        g.presses += 1
        for _ in range(3000):
            timing = self.emu.press_times.get(qid)
            if timing is not None and timing.answered is not None:
                g.answer.append(timing.answered - t0)
                break
            await asyncio.sleep(0.002)
        answer = self.emu.callback_answers.get(qid)
        if is_move and answer is not None and answer.text in (None, "") \
                and not data.startswith("t:"):
            g.moves_pressed += 1
            task = asyncio.ensure_future(self._edit_after(g, t0))
            self._watchers.add(task)
            task.add_done_callback(self._watchers.discard)

    async def _edit_after(self, g: Group, t0: float) -> None:
        while time.monotonic() < self.stop_at + 10:
            call = self.emu.first_call_after(g.chat_id, t0, TABLE_METHODS)
            if call is not None:
                g.to_edit.append(call.answered - t0)
                return
            await asyncio.sleep(0.05)

    # ------------------------------------------------------------------ the database
    def _versions(self, chats: set[int] | None = None) -> int:
        with contextlib.closing(sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)) as db:
            rows = db.execute("SELECT chat_id, version FROM games"
                              " WHERE status IN ('playing', 'finished')").fetchall()
        return sum(int(v) for c, v in rows if chats is None or int(c) in chats)

    async def _watch_status(self) -> None:
        while time.monotonic() < self.stop_at + 1:
            with contextlib.closing(sqlite3.connect(f"file:{self.db}?mode=ro",
                                                    uri=True)) as db:
                rows = db.execute("SELECT chat_id, status FROM games g WHERE game_id ="
                                  " (SELECT MAX(game_id) FROM games WHERE chat_id = g.chat_id)"
                                  ).fetchall()
            self.status = {int(c): str(s) for c, s in rows}
            await asyncio.sleep(0.2)

    # ------------------------------------------------------------------ the run
    async def run(self) -> dict[str, object]:
        await self.server.start()
        self.status = {}
        try:
            await self.start_bot()
            for i in range(self.groups_wanted):
                people = [self.emu.add_user(f"A{i}"), self.emu.add_user(f"B{i}")]
                asker = self.emu.add_user(f"W{i}")
                chat = self.emu.add_group(f"Table {i}", members=[*people, asker])
                for u in people:
                    await self.emu.user_starts_bot(u)
                self.groups.append(Group(chat.id, people, watcher=asker, spam=i < self.spam))
            await asyncio.sleep(1.0)
            self.stop_at = time.monotonic() + self.seconds + 3600
            watcher = asyncio.ensure_future(self._watch_status())
            tasks = [asyncio.ensure_future(self._play(g)) for g in self.groups]
            await asyncio.sleep(3.0)  # the lobbies fill and the games start
            spammed = {g.chat_id for g in self.groups if g.spam}
            versions0, calls0 = self._versions(), len(self.emu.calls)
            flooded0 = self._versions(spammed)
            cpu0, t0 = _cpu_seconds(self.proc.pid), time.monotonic()  # type: ignore[union-attr]
            own0 = time.process_time()
            for g in self.groups:
                g.answer.clear()
                g.to_edit.clear()
                g.presses = g.moves_pressed = 0
            self.stop_at = t0 + self.seconds
            tasks += [asyncio.ensure_future(self._ask(g)) for g in self.groups if not g.spam]
            tasks += [asyncio.ensure_future(self._flood(g)) for g in self.groups if g.spam]
            await asyncio.gather(*tasks)
            elapsed = time.monotonic() - t0
            cpu = _cpu_seconds(self.proc.pid) - cpu0  # type: ignore[union-attr]
            own = time.process_time() - own0
            t1 = t0 + elapsed
            updates = sum(1 for p in self.emu.press_times.values()
                          if p.answered is not None and t0 <= p.answered <= t1)
            await asyncio.sleep(1.0)
            moves = self._versions() - versions0
            flooded_moves = self._versions(spammed) - flooded0
            watcher.cancel()
            calls = self.emu.calls[calls0:]
            group_ids = {g.chat_id for g in self.groups}
            group_calls = sum(1 for c in calls if c.chat_id in group_ids
                              and c.method in GROUP_METHODS)
            too_many = sum(1 for c in calls if c.error_code == 429)
            calm = [g for g in self.groups if not g.spam]
            answers = [x for g in calm for x in g.answer]
            edits = [x for g in calm for x in g.to_edit]
            replies = [x for g in calm for x in g.reply]
            flooded_replies = sum(1 for c in calls if c.chat_id in spammed and c.ok
                                  and c.method in ("sendMessage", "sendDocument", "sendPhoto"))
            return {
                "groups": self.groups_wanted, "strict_limits": self.strict,
                "flood": self.flood, "think_seconds": self.think,
                "seconds": round(elapsed, 1),
                "updates_handled_per_second": round(updates / elapsed, 1),
                "presses": sum(g.presses for g in self.groups),
                "moves": moves - flooded_moves,
                "moves_per_second": round((moves - flooded_moves) / elapsed, 1),
                "press_to_answer_ms": _percentiles(answers),
                "command_to_reply_ms": _percentiles(replies),
                "press_to_group_edit_ms": _percentiles(edits),
                "group_calls_per_move": round(group_calls / moves, 3) if moves else None,
                "too_many_requests": too_many,
                "bot_cpu_percent": round(100 * cpu / elapsed, 1),
                "emulator_and_players_cpu_percent": round(100 * own / elapsed, 1),
                "games_started": sum(g.games for g in self.groups),
                **({"flooded_groups": self.spam,
                    "flood_commands_sent": sum(g.commands for g in self.groups if g.spam),
                    "flood_messages_to_flooded_groups": flooded_replies,
                    "flooded_groups_moves": flooded_moves} if self.spam else {}),
            }
        finally:
            await self.stop_bot()
            self.emu.close()
            await self.server.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--groups", default="10,30,60", help="group counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--strict", action="store_true", help="Telegram's rate limits")
    parser.add_argument("--ai-delay", type=float, default=0.5,
                        help="seconds a computer player waits before moving")
    parser.add_argument("--flood", action="store_true",
                        help="players not on turn press too (the most updates a second)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a person takes for a move (0.5x-1.5x at random)")
    parser.add_argument("--spam", type=int, default=0,
                        help="groups whose members flood them with commands")
    parser.add_argument("--spam-rate", type=float, default=5.0,
                        help="commands a second each flooding member sends")
    parser.add_argument("--ask-every", type=float, default=10.0,
                        help="seconds between two /score of a group's watcher")
    args = parser.parse_args(argv)
    for n in (int(x) for x in args.groups.split(",") if x.strip()):
        with tempfile.TemporaryDirectory() as tmp:
            result = asyncio.run(Load(n, args.seconds, args.strict, args.ai_delay,
                                      Path(tmp), flood=args.flood, think=args.think,
                                      spam=args.spam, spam_rate=args.spam_rate,
                                      ask_every=args.ask_every).run())
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
