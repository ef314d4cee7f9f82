"""Solo tables benchmark: people playing alone against the computer in their private
chats, against the real bot over HTTP with Telegram's rate limits.

    python -m bench.solo --people 1,10 --seconds 60
    python -m bench.solo --people 5 --seconds 60 --variant kozel --think 0

The bot runs as its own process (``python -m bot``, its real settings: a private chat
gets about one message a second, a computer waits SOLO_AI_DELAY before it moves) against
the Bot API emulator of tests/bot/emulator, which answers 429 as Telegram does. Each
person opens a solo table of ``--variant`` (its computers as the bot seats them) and
presses a move ``--think`` seconds after his table shows it (0.5x-1.5x at random; 0:
at once, which makes his picture wait for the chat's pace of one a second); a finished
game is followed by the next.

Printed, one JSON object per number of people: press -> answer and press -> picture
(the first picture sent or edited in his chat after his move) p50/p95/p99 in ms, the
private chat's calls per person move (pictures sent or edited, and all calls), moves
of his a second, and 429s met.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.load import Load, _percentiles
from tests.bot.emulator import User

PICTURES = ("editMessageMedia", "sendPhoto")


@dataclass
class Person:
    user: User
    moves: int = 0
    games: int = 0
    answer: list[float] = field(default_factory=list)
    to_picture: list[float] = field(default_factory=list)


class Solo(Load):
    """The load benchmark's bot process and emulator, with solo players."""

    def __init__(self, people: int, seconds: float, variant: str, think: float,
                 workdir: Path) -> None:
        super().__init__(0, seconds, True, 1.5, workdir, think=think)
        self.people_wanted = people
        self.variant = variant
        self.people: list[Person] = []
        self.rng = random.Random(11)

    def _live(self, user: User) -> tuple[int, set[str]] | None:
        for m in reversed(self.emu.bot_messages(user.id)):
            datas = m.callback_datas()
            if any(d[:2] in ("p:", "d:", "s:") for d in datas):
                return m.message_id, datas
            if any(d.startswith(("l:", "m:")) for d in datas):
                return None  # his lobby, or a finished game's end: no move to press
        return None

    async def _open(self, p: Person) -> None:
        await self.emu.user_sends(p.user, p.user.id, f"/newgame {self.variant}")
        for _ in range(2000):
            for m in reversed(self.emu.bot_messages(p.user.id)):
                go = next((d for d in m.callback_datas() if d.startswith("l:")
                           and d.endswith(":go")), None)
                if go is not None:
                    await self.emu.press(p.user, p.user.id, m.message_id, go)
                    p.games += 1
                    return
            await asyncio.sleep(0.02)
        raise TimeoutError("no solo lobby")

    async def _play_solo(self, p: Person) -> None:
        await self._open(p)
        pressed: tuple[int, frozenset[str]] | None = None
        while time.monotonic() < self.stop_at:
            live = self._live(p.user)
            last = self.emu.bot_messages(p.user.id)[-1] if self.emu.bot_messages(
                p.user.id) else None
            if live is None:
                if last is not None and any(d.startswith("m:") for d in last.callback_datas()):
                    await self._open(p)  # the game is over: the next one
                await asyncio.sleep(0.05)
                continue
            mid, datas = live
            if pressed == (mid, frozenset(datas)):
                await asyncio.sleep(0.02)  # his table has not changed since his press
                continue
            moves = sorted(d for d in datas if d[:2] in ("p:", "d:", "s:"))
            pressed = (mid, frozenset(datas))
            if self.think > 0:
                await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
            t0 = time.monotonic()
            qid = await self.emu.press(p.user, p.user.id, mid, self.rng.choice(moves))
            for _ in range(3000):
                timing = self.emu.press_times.get(qid)
                if timing is not None and timing.answered is not None:
                    p.answer.append(timing.answered - t0)
                    break
                await asyncio.sleep(0.002)
            answer = self.emu.callback_answers.get(qid)
            if answer is not None and not answer.text:
                p.moves += 1
                for _ in range(1000):
                    call = self.emu.first_call_after(p.user.id, t0, PICTURES)
                    if call is not None:
                        p.to_picture.append(call.answered - t0)
                        break
                    await asyncio.sleep(0.01)

    async def run(self) -> dict[str, object]:
        await self.server.start()
        try:
            await self.start_bot()
            for i in range(self.people_wanted):
                user = self.emu.add_user(f"S{i}")
                await self.emu.user_starts_bot(user)
                self.people.append(Person(user))
            await asyncio.sleep(1.5)
            self.stop_at = time.monotonic() + self.seconds
            calls0 = len(self.emu.calls)
            t0 = time.monotonic()
            await asyncio.gather(*(self._play_solo(p) for p in self.people))
            elapsed = time.monotonic() - t0
            await asyncio.sleep(2.0)
            calls = self.emu.calls[calls0:]
            chats = {p.user.id for p in self.people}
            mine = [c for c in calls if c.chat_id in chats]
            moves = sum(p.moves for p in self.people)
            pictures = sum(1 for c in mine if c.method in PICTURES and c.ok)
            return {
                "people": self.people_wanted, "variant": self.variant,
                "think_seconds": self.think,
                "seconds": round(elapsed, 1), "person_moves": moves,
                "person_moves_per_second": round(moves / elapsed, 2),
                "games_started": sum(p.games for p in self.people),
                "press_to_answer_ms": _percentiles([x for p in self.people for x in p.answer]),
                "press_to_picture_ms": _percentiles(
                    [x for p in self.people for x in p.to_picture]),
                "pictures_per_person_move": round(pictures / moves, 2) if moves else None,
                "calls_per_person_move": round(
                    sum(1 for c in mine if c.method != "answerCallbackQuery") / moves, 2)
                if moves else None,
                "too_many_requests": sum(1 for c in calls if c.error_code == 429),
            }
        finally:
            await self.stop_bot()
            self.emu.close()
            await self.server.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", default="1,10", help="people counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--variant", default="draw")
    parser.add_argument("--think", type=float, default=2.0,
                        help="seconds a person takes for a move (0.5x-1.5x at random)")
    args = parser.parse_args(argv)
    for n in (int(x) for x in args.people.split(",") if x.strip()):
        with tempfile.TemporaryDirectory() as tmp:
            result = asyncio.run(Solo(n, args.seconds, args.variant, args.think, Path(tmp)).run())
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
