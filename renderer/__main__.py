"""``python -m renderer bench`` (``--trains``: the mexican_train pictures only),
``python -m renderer examples DIR``, ``python -m renderer sample-names FILE`` and
``python -m renderer sample-trains FILE`` and ``python -m renderer sample-chicken FILE``."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TypeVar

from engine.core.moves import Place
from engine.core.tiles import Tile
from engine.domino.game import Game
from engine.domino.variant import as_domino
from engine.variants import make_variant
from renderer.draw import render_hand, render_table
from renderer.samples import (
    RTL_NAMES,
    SCRIPT_NAMES,
    full_spinner_scene,
    game_scene,
    long_scene,
    long_table,
    names_scene,
)
from renderer.scene import TableScene
from renderer.theme import CLASSIC, DARK, KIDS

T = TypeVar("T")


def _all_tiles_scene() -> TableScene:
    """Every tile of a double-six set on one spinner table (more than any round holds)."""
    for seed in range(200):
        table = long_table(seed, 28, max_pip=6, spinner=True)
        if len(table.tiles) == 28:
            break
    return replace(long_scene(0), table=table)


def _bench_states() -> dict[str, TableScene]:
    return {
        "empty": game_scene("all_fives", 2, seed=1, placements=0),
        "half": game_scene("all_fives", 2, seed=3, placements=9),
        "full": full_spinner_scene(0),
        "all_28_double_six": _all_tiles_scene(),
        "double_nine_49": long_scene(1, 55),
        # kolbasa (docs/rules.md 4.19): two owned lines, placers' dots; a whole round's table
        "kolbasa_full": game_scene("kolbasa", 2, seed=5, placements=None),
        # the last picture of a game: the result banner across the table
        "final_with_banner": replace(full_spinner_scene(0), banner="Anna & Vera won the game",
                                     banner_detail="Goat: Boris & Gleb (21)"),
    }


def _triangular_states() -> dict[str, object]:
    """triangular (docs/rules.md 4.21): the picture of a round's middle and of a whole
    round's grid (a random game, 3 players), from the public view."""
    import random

    from engine.triangular.rules import TriangularGame

    states: dict[str, object] = {}
    game = TriangularGame(["Anna", "Boris", "Vera"], seed=4)
    game.start_round()
    rng = random.Random(1)
    while not game.current.over:
        legal = game.legal_moves()
        game.apply(legal[int(rng.random() * len(legal))])
        if len(game.current.grid.cells) == 12 and "triangular_12" not in states:
            states["triangular_12"] = game.view(None)
    states[f"triangular_full_{len(game.current.grid.cells)}"] = game.view(None)
    return states


def _row(tiles: int, draw: Callable[[], T], runs: int) -> tuple[dict[str, object], T]:
    """One benchmark row: ``draw`` timed once cold and ``runs`` times warm; the first
    picture is returned for its size and format."""
    t0 = time.perf_counter()
    first = draw()
    cold = (time.perf_counter() - t0) * 1000
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        draw()
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return {
        "tiles": tiles,
        "median_ms": round(statistics.median(times), 2),
        "p95_ms": round(times[min(len(times) - 1, int(len(times) * 0.95))], 2),
        "first_ms": round(cold, 2),
    }, first


def _bench_triangular(runs: int, out: dict[str, object]) -> None:
    from engine.triangular.rules import TriangularView
    from renderer.triangular import render_triangular

    for name, view in _triangular_states().items():
        assert isinstance(view, TriangularView)
        row, first = _row(len(view.placed), partial(render_triangular, view), runs)
        out[name] = {**row, "bytes": len(first.data), "format": first.format,
                     "size": [first.width, first.height]}


def _chinese_states() -> dict[str, dict[str, object]]:
    """chinese (docs/rules.md 4.20): the public view of a round's busiest trick (the most
    tiles on the table, face-down plays as backs) and of its end (every trick won)."""
    import random

    from engine.chinese.rules import ChineseGame

    game = ChineseGame(["Anna", "Boris", "Vera", "Gleb"], seed=3)
    game.start_round()
    rng = random.Random(3)
    busiest: dict[str, object] = game.view(None)
    most = 0
    while not game.current.over:
        view = game.view(None)
        on_table = sum(p["count"] for p in view["trick"]) + sum(
            p["count"] for f in view["finished"] for p in f["plays"])
        if view["trick"] and on_table >= most:
            busiest, most = view, on_table
        game.play(game.current.turn, rng.choice(game.legal_plays()))
    return {"chinese_trick": busiest, "chinese_round_end": game.view(None)}


def _bench_chinese(runs: int, out: dict[str, object]) -> None:
    from renderer.chinese import HEIGHT, WIDTH, render_chinese

    for name, view in _chinese_states().items():
        row, (data, items) = _row(0, partial(render_chinese, view), runs)
        row["tiles"] = sum(1 for i in items if i.kind in ("tile", "back", "small", "smallback"))
        out[name] = {**row, "bytes": len(data), "format": "JPEG", "size": [WIDTH, HEIGHT]}


def _trains_states() -> dict[str, object]:
    """mexican_train (docs/rules.md 4.22): the first turns of a two-player double-nine
    round, a whole eight-player double-twelve round, and the busiest picture (eight
    seats and the Mexican train, long trains folded, an owed double)."""
    from renderer.samples import long_trains, trains_round

    return {"trains_2p_double_nine_start": trains_round(2, 9, seed=1, moves=4),
            "trains_8p_double_twelve_round": trains_round(8, 12, seed=1),
            "trains_8p_long_trains": long_trains()}


def bench_trains(runs: int, out: dict[str, object] | None = None) -> dict[str, object]:
    from renderer.trains import TrainsTable, render_trains

    out = {} if out is None else out
    for name, table in _trains_states().items():
        assert isinstance(table, TrainsTable)
        tiles = sum(len(r.tiles) for r in table.rows)
        row, first = _row(tiles, partial(render_trains, table), runs)
        out[name] = {**row, "bytes": len(first.data), "format": first.format,
                     "size": [first.width, first.height]}
    return out


def sample_trains(path: Path) -> Path:
    """The picture of docs/mexican-train.jpg: the busiest mexican_train table."""
    from renderer.samples import long_trains
    from renderer.trains import render_trains

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(render_trains(long_trains()).data)
    return path


def _bench_chicken(runs: int, out: dict[str, object]) -> None:
    """chicken_foot (docs/rules.md 4.23): the biggest tree of a few games, a foot waiting
    for its toes, six arms."""
    from renderer.chicken import render_chicken
    from renderer.samples import CHICKEN_NAMES, chicken_states

    for name, view in chicken_states().items():
        names = list(CHICKEN_NAMES[:view.players])
        tiles = 1 + sum(len(b.tiles) for b in view.branches)
        row, first = _row(tiles, partial(render_chicken, view, names), runs)
        out[name] = {**row, "bytes": len(first.data), "format": first.format,
                     "size": [first.width, first.height]}


def sample_chicken(path: Path) -> Path:
    """The table picture of docs/chicken-foot.jpg: a four-player double-nine round
    with feet on feet."""
    from engine.chicken.kind import ChickenView
    from renderer.chicken import render_chicken
    from renderer.samples import CHICKEN_NAMES, chicken_game_views

    def feet(v: ChickenView) -> int:
        return sum(1 for b in v.branches if b.toes == 3)

    views = [v for v in chicken_game_views(5, 4, doubles=0.6) if v.pending is None]
    view = max(views, key=lambda v: (feet(v), len(v.ends)))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(render_chicken(view, list(CHICKEN_NAMES)).data)
    return path


def sample_replay(path: Path) -> Path:
    """The picture of docs/replay.jpg: a step in the middle of a replayed All Fives
    game (engine/steps.py), its table with every hand under it, the seat that just
    moved ringed, as /replay draws it."""
    import random

    from engine.games import kind_of, new_game
    from engine.steps import frame_at, replay_steps
    from renderer.draw import render_hands
    from renderer.samples import NAMES

    variant = make_variant("all_fives", 3, {})
    game = new_game(variant, 11)
    kind, rng = kind_of(variant), random.Random(11)
    while game.outcome is None:
        kind.play(game, rng.choice(game.legal_moves()))
    names = list(NAMES[:3])
    record = kind.to_record(game, names)
    steps = replay_steps(record)
    frame = frame_at(record, steps, 6)
    scene = TableScene.from_view(frame.view, names)  # type: ignore[arg-type]
    table = render_table(scene).data
    hands: list[tuple[str, list[Tile | str]]] = []
    for seat, held in enumerate(frame.hands):
        tiles = sorted((t for t in held if isinstance(t, Tile)), key=lambda t: (t.a, t.b))
        hands.append((names[seat], list(tiles)))
    path.parent.mkdir(parents=True, exist_ok=True)
    sides = {seat: i for i, side in enumerate(frame.view.sides) for seat in side}
    path.write_bytes(render_hands(table, hands, marked=frame.step.seat,
                                  sides=[sides[s] for s in range(len(hands))]).data)
    return path


def bench(runs: int) -> dict[str, object]:
    out: dict[str, object] = {}
    for name, scene in _bench_states().items():
        row, first = _row(len(scene.table.tiles), partial(render_table, scene), runs)
        out[name] = {**row, "bytes": len(first.data), "format": first.format,
                     "size": [first.width, first.height]}
    _bench_triangular(runs, out)
    _bench_chinese(runs, out)
    bench_trains(runs, out)
    _bench_chicken(runs, out)
    return out


def bench_names(runs: int) -> dict[str, object]:
    """The same table picture with Latin/Cyrillic names, with names in other scripts
    (fallback fonts, shaped runs) and with right-to-left names and emoji: what the
    fallbacks cost. The three are drawn in turn, so that a busy machine slows all alike."""
    sets = {"latin": ("Анна", "Boris", "Вера Ёлкина", "Gleb"), "scripts": SCRIPT_NAMES,
            "rtl_emoji": RTL_NAMES}
    scenes = {label: names_scene(names) for label, names in sets.items()}
    first: dict[str, float] = {}
    for label, scene in scenes.items():
        t0 = time.perf_counter()
        render_table(scene)
        first[label] = (time.perf_counter() - t0) * 1000
    times: dict[str, list[float]] = {label: [] for label in scenes}
    for _ in range(runs):
        for label, scene in scenes.items():
            t0 = time.perf_counter()
            render_table(scene)
            times[label].append((time.perf_counter() - t0) * 1000)
    return {f"names_{label}": {"median_ms": round(statistics.median(ts), 2),
                               "min_ms": round(min(ts), 2),
                               "first_ms": round(first[label], 2)}
            for label, ts in times.items()}


def sample_names(path: Path) -> Path:
    """The table picture of docs/names-in-any-script.jpg."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(render_table(names_scene(SCRIPT_NAMES), CLASSIC).data)
    return path


def examples(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, data: bytes) -> None:
        path = folder / name
        path.write_bytes(data)
        written.append(path)

    full = full_spinner_scene(0)
    save("table-classic.jpg", render_table(full, CLASSIC).data)
    dark = game_scene("kozel", 4, seed=7, placements=None)
    save("table-dark.jpg", render_table(dark, DARK).data)
    kids = game_scene("threes", 3, seed=5, placements=12)
    save("table-kids.jpg", render_table(kids, KIDS).data)
    save("table-double-nine.jpg", render_table(long_scene(1, 55)).data)
    save("table-double-nine-spinner.jpg",
         render_table(long_scene(4, 55, spinner=True), DARK).data)
    last = game_scene("kozel", 4, seed=7, placements=None)
    sides = [" & ".join(last.names[s] for s in side) for side in last.sides]
    final = replace(last, banner=f"{sides[0]} won the game",
                    banner_detail=f"Goat: {sides[1]} ({last.totals[1]})")
    save("table-final.jpg", render_table(final).data)
    game = Game(as_domino(make_variant("all_fives", 2)), seed=11)
    game.apply(game.legal_moves()[0])
    view = game.view(game.round.turn)
    playable = {m.tile for m in view.legal if isinstance(m, Place)}
    save("hand.jpg", render_hand(view.hand, playable, CLASSIC).data)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m renderer")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("bench", help="time table pictures; prints JSON")
    b.add_argument("--runs", type=int, default=30)
    b.add_argument("--names", action="store_true",
                   help="only the table with names in other scripts against Latin names")
    b.add_argument("--trains", action="store_true",
                   help="only the mexican_train pictures")
    e = sub.add_parser("examples", help="write example pictures")
    e.add_argument("folder", type=Path)
    n = sub.add_parser("sample-names", help="write the picture of names in four scripts")
    n.add_argument("file", type=Path)
    t = sub.add_parser("sample-trains", help="write the picture of a busy mexican_train table")
    t.add_argument("file", type=Path)
    c = sub.add_parser("sample-chicken", help="write the picture of a chicken_foot table")
    c.add_argument("file", type=Path)
    r = sub.add_parser("sample-replay", help="write the picture of a replay's step")
    r.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    if args.command == "bench":
        result = (bench_names(args.runs) if args.names
                  else bench_trains(args.runs) if args.trains else bench(args.runs))
        print(json.dumps(result, indent=2))
    elif args.command == "sample-chicken":
        print(sample_chicken(args.file))
    elif args.command == "sample-replay":
        print(sample_replay(args.file))
    elif args.command == "sample-names":
        print(sample_names(args.file))
    elif args.command == "sample-trains":
        print(sample_trains(args.file))
    else:
        for path in examples(args.folder):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
