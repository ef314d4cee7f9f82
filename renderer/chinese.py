"""The ``chinese`` (Tien Gow) table picture, drawn from the public view only.

The seats sit round the table (seat 0 at the bottom, then clockwise), each with
its name, tiles left, tricks won and total, the banker marked by a red disc; the
current trick lies in the middle, each seat's play in front of it (face-down
tiles as backs), the best set framed; the last finished trick is small in the
top-left corner, its winner framed. Tiles are Chinese-style: long and narrow, no
dividing bar, 1 and 4 pips red, ``6-6`` half red, twos side by side.

:func:`layout` is pure (boxes only) so that tests check the bounds and overlaps;
:func:`render_chinese` draws it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderer.draw import encode
from renderer.text import draw_text, fit, font, sanitize

WIDTH, HEIGHT = 1280, 720
TILE_W, TILE_H = 40, 88
SMALL_W, SMALL_H = 20, 44
GAP = 6
FELT = (22, 94, 60)
IVORY = (246, 240, 222)
BACK = (40, 70, 140)
RED = (200, 30, 40)
BLACK = (20, 20, 20)
GOLD = (245, 200, 60)
WHITE = (250, 250, 250)

Box = tuple[int, int, int, int]  # left, top, right, bottom


@dataclass(frozen=True, slots=True)
class Item:
    kind: str  # "tile", "back", "label", "small", "smallback"
    box: Box
    tile: str | None = None
    seat: int = -1
    framed: bool = False


# Where seat s (by table size) sits: the label's centre and the trick's centre.
_PLACES = {
    "bottom": ((640, 670), (640, 500)),
    "left": ((150, 360), (390, 360)),
    "top": ((640, 50), (640, 220)),
    "right": ((1130, 360), (890, 360)),
}
_ORDER = {2: ("bottom", "top"), 3: ("bottom", "left", "top"),
          4: ("bottom", "left", "top", "right")}


def _row(cx: int, cy: int, count: int, w: int, h: int) -> list[Box]:
    total = count * w + (count - 1) * GAP
    x0 = cx - total // 2
    return [(x0 + i * (w + GAP), cy - h // 2, x0 + i * (w + GAP) + w, cy + h // 2)
            for i in range(count)]


def layout(view: Mapping[str, Any]) -> list[Item]:
    """Every box of the picture of ``view`` (a :meth:`ChineseGame.view`)."""
    players = view["players"]
    places = _ORDER[len(players)]
    items: list[Item] = []
    for seat, place in enumerate(places):
        (lx, ly), _ = _PLACES[place]
        items.append(Item("label", (lx - 140, ly - 40, lx + 140, ly + 40), seat=seat))
    best = view.get("best", -1)
    for index, entry in enumerate(view.get("trick", [])):
        _, (cx, cy) = _PLACES[places[entry["seat"]]]
        boxes = _row(cx, cy, entry["count"], TILE_W, TILE_H)
        for i, box in enumerate(boxes):
            tiles = entry["tiles"]
            items.append(Item("tile" if tiles is not None else "back", box,
                              tiles[i] if tiles is not None else None, entry["seat"],
                              index == best))
    finished = view.get("finished", [])
    if finished:
        last = finished[-1]
        y = 130
        for entry in last["plays"]:
            boxes = _row(20 + 2 * (SMALL_W + GAP), y, entry["count"], SMALL_W, SMALL_H)
            boxes = [(b[0] - boxes[0][0] + 20, b[1], b[2] - boxes[0][0] + 20, b[3])
                     for b in boxes]
            for i, box in enumerate(boxes):
                tiles = entry["tiles"]
                items.append(Item("small" if tiles is not None else "smallback", box,
                                  tiles[i] if tiles is not None else None, entry["seat"],
                                  entry["seat"] == last["winner"]))
            y += SMALL_H + GAP
    return items


# Pip spots in a half of size 1 x 1, by number; twos side by side.
_SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.5), (0.72, 0.5)),
    3: ((0.25, 0.2), (0.5, 0.5), (0.75, 0.8)),
    4: ((0.28, 0.25), (0.72, 0.25), (0.28, 0.75), (0.72, 0.75)),
    5: ((0.28, 0.22), (0.72, 0.22), (0.5, 0.5), (0.28, 0.78), (0.72, 0.78)),
    6: ((0.28, 0.2), (0.28, 0.5), (0.28, 0.8), (0.72, 0.2), (0.72, 0.5), (0.72, 0.8)),
}


def _draw_tile(draw: ImageDraw.ImageDraw, box: Box, text: str | None, framed: bool) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    radius = max(2, w // 6)
    if framed:
        draw.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius + 2, fill=GOLD)
    if text is None:
        draw.rounded_rectangle(box, radius, fill=BACK, outline=BLACK)
        return
    draw.rounded_rectangle(box, radius, fill=IVORY, outline=BLACK)
    low, high = (int(p) for p in text.split("-"))
    double_six = low == high == 6
    half = (y1 - y0) / 2
    for h_index, pips in enumerate((high, low)):
        top = y0 + h_index * half
        r = max(2.0, w * (0.16 if pips == 1 else 0.09))
        for i, (fx, fy) in enumerate(_SPOTS[pips]):
            px = x0 + fx * w
            py = top + (0.12 + 0.76 * fy) * half
            red = pips in (1, 4) or (double_six and i < 3)
            draw.ellipse((px - r, py - r, px + r, py + r), fill=RED if red else BLACK)


def render_chinese(view: Mapping[str, Any], banker_label: str = "",
                   fmt: str = "JPEG") -> tuple[bytes, list[Item]]:
    """The picture of a public view (never pass a seat's private view with its
    hand: only the counts and the public plays are drawn)."""
    items = layout(view)
    canvas = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(canvas)
    label_font = font(22, bold=True)
    counts: Sequence[int] = view.get("counts", [0] * len(view["players"]))
    tricks: Sequence[int] = view.get("tricks", [0] * len(view["players"]))
    totals: Sequence[int] = view.get("totals", [0] * len(view["players"]))
    for item in items:
        if item.kind == "label":
            x0, y0, x1, _ = item.box
            on_turn = view.get("turn") == item.seat
            draw.rounded_rectangle(item.box, 10, fill=(12, 60, 38),
                                   outline=GOLD if on_turn else WHITE, width=2)
            name = fit(sanitize(str(view["players"][item.seat]), True), label_font, 230)
            draw_text(draw, (x0 + 12, y0 + 6), name, 22, bold=True, fill=WHITE)
            line = f"▮{counts[item.seat]}  ✓{tricks[item.seat]}  Σ{totals[item.seat]}"
            draw_text(draw, (x0 + 12, y0 + 44), sanitize(line), 18, fill=WHITE)
            if view.get("banker") == item.seat:
                draw.ellipse((x1 - 34, y0 + 10, x1 - 12, y0 + 32), fill=RED, outline=GOLD)
        elif item.kind in ("tile", "back", "small", "smallback"):
            _draw_tile(draw, item.box, item.tile, item.framed)
    return encode(canvas, fmt), items


def timed(view: Mapping[str, Any]) -> tuple[float, int]:
    """(milliseconds, bytes) of one picture, for the benchmark."""
    started = time.perf_counter()
    data, _ = render_chinese(view)
    return (time.perf_counter() - started) * 1000, len(data)


def bench(games: int = 5, seed: int = 0) -> dict[str, float]:
    """Median and worst ms and KB over every state of ``games`` random games."""
    import random
    import statistics

    from engine.chinese.rules import ChineseGame

    ms: list[float] = []
    sizes: list[int] = []
    render_chinese({"players": ["a", "b", "c", "d"]})  # fonts loaded once
    for g in range(games):
        rng = random.Random(seed + g)
        game = ChineseGame(["Anna", "Boris", "Vera", "Gleb"], seed=seed + g)
        game.start_round()
        while not game.current.over:
            t, size = timed(game.view(None))
            ms.append(t)
            sizes.append(size)
            game.play(game.current.turn, rng.choice(game.legal_plays()))
    return {"pictures": len(ms), "median_ms": round(statistics.median(ms), 1),
            "max_ms": round(max(ms), 1), "max_kb": round(max(sizes) / 1024, 1)}


if __name__ == "__main__":
    import json
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(json.dumps(bench(count)))
