"""The ``chicken_foot`` table picture, checked by its properties: every state of a few
random rounds laid out inside the canvas, no two tiles (or fold chips) of many played
rounds' trees overlapping and no label on a tile or another label, every open end
labelled with the name the buttons use, the waiting foot (or engine) framed with what
it still needs, long branches folded, the last tile framed; the image is drawn from the
public view, of bounded size."""

from __future__ import annotations

import dataclasses
import io
import math

from PIL import Image

from engine.chicken.kind import ChickenView
from renderer.chicken import render_chicken
from renderer.chicken_layout import (
    ARM_TILES,
    HEIGHT,
    TOE_TILES,
    WIDTH,
    ChickenLabels,
    FoldItem,
    Layout,
    label_box,
    last_tile,
    layout,
    tile_polygon,
)
from renderer.samples import CHICKEN_NAMES, chicken_game_views, chicken_states

LABELS = ChickenLabels()
Poly = list[tuple[float, float]]
# trees of played rounds: players, options (double-nine or double-six, four or six arms)
GAMES: tuple[tuple[int, dict[str, object] | None], ...] = (
    (2, None), (4, None), (3, {"set": 6}), (4, {"root_arms": 6}), (6, None), (8, None),
    (2, {"set": 6, "root_arms": 6}), (4, {"set": 6}), (7, {"root_arms": 6}))


def views() -> list[ChickenView]:
    return [*chicken_game_views(1, 2, {"set": 6}), *chicken_game_views(4, 4, doubles=0.7),
            *chicken_game_views(2, 3, {"set": 6, "root_arms": 6}),
            *chicken_game_views(3, 2, doubles=0.1)]


def test_every_state_is_laid_out_inside_the_canvas() -> None:
    for view in views():
        lay = layout(view, LABELS)
        x0, y0, x1, y1 = lay.area
        for item in lay.tiles:
            for x, y in tile_polygon(item, lay.unit):
                assert x0 - 1 <= x <= x1 + 1 and y0 - 1 <= y <= y1 + 1, (item, lay.area)
        for lab in lay.labels:
            bx0, by0, bx1, by1 = label_box(lab, lay.unit)
            assert x0 - 1 <= bx0 < bx1 <= x1 + 1 and y0 - 1 <= by0 < by1 <= y1 + 1
        # the engine first, then every tile shown once
        shown = [t.tile for t in lay.tiles]
        assert shown[0] == view.engine and len(shown) == len(set(shown))


def test_every_open_end_carries_its_name_and_the_waiting_double_its_count() -> None:
    seen_foot = seen_engine = False
    for view in views():
        lay = layout(view, LABELS)
        texts = [lab.text for lab in lay.labels]
        needs = [lab for lab in lay.labels if lab.needs]
        waiting = [t for t in lay.tiles if t.waiting]
        if view.pending is not None:
            seen_foot = True
            name, count = view.pending
            assert [lab.text for lab in needs] == [f"{name} · toes to go: {count}"]
            assert len(waiting) == 1 and waiting[0].branch == name
            assert waiting[0].tile.is_double
        elif [t for t, _ in view.ends] == ["R"]:
            seen_engine = True
            assert len(needs) == 1 and needs[0].text.startswith(f"{view.engine} · arms to go:")
            assert [t.tile for t in waiting] == [view.engine]
        else:
            assert not needs and not waiting
            assert sorted(texts) == sorted(t for t, _ in view.ends)
    assert seen_foot and seen_engine


def test_long_branches_are_folded_and_the_last_tile_framed() -> None:
    folded = False
    for view in views():
        lay = layout(view, LABELS)
        by_branch: dict[str, int] = {}
        for t in lay.tiles[1:]:
            by_branch[t.branch] = by_branch.get(t.branch, 0) + 1
        for b in view.branches:
            keep = ARM_TILES if "." not in b.name else TOE_TILES
            foot = 1 if b.toes is not None else 0
            assert by_branch.get(b.name, 0) <= keep + foot
        folded |= bool(lay.folds)
        hidden = sum(f.count for f in lay.folds)
        assert hidden + len(lay.tiles) == 1 + sum(len(b.tiles) for b in view.branches)
        last = [t.tile for t in lay.tiles if t.last]
        assert last == ([last_tile(view)] if last_tile(view) is not None else [])
    assert folded


def test_the_picture_is_a_bounded_jpeg_of_the_public_view() -> None:
    for name, view in chicken_states().items():
        names = list(CHICKEN_NAMES[:view.players])
        result = render_chicken(view, names, banner="Anna won" if "six" in name else None)
        assert result.format == "JPEG" and (result.width, result.height) == (WIDTH, HEIGHT)
        assert len(result.data) < 250_000, name
        img = Image.open(io.BytesIO(result.data))
        assert img.size == (WIDTH, HEIGHT)
    # a seat's own view draws the same picture as the public one: no hand is drawn
    view = chicken_game_views(1, 2, {"set": 6})[5]
    assert view.hand == ()
    own = dataclasses.replace(view, seat=0, hand=(view.branches[0].tiles[0],))
    assert render_chicken(own, ["A", "B"]).data == render_chicken(view, ["A", "B"]).data


def _overlap(p: Poly, q: Poly, slack: float) -> bool:
    """Whether two convex polygons overlap by more than ``slack`` px along every
    normal of their sides (the separating-axis test)."""
    for poly in (p, q):
        for i in range(len(poly)):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
            n = math.hypot(y1 - y0, x0 - x1)
            ax, ay = (y1 - y0) / n, (x0 - x1) / n
            ps = [x * ax + y * ay for x, y in p]
            qs = [x * ax + y * ay for x, y in q]
            if max(ps) <= min(qs) + slack or max(qs) <= min(ps) + slack:
                return False
    return True


def _fold_polygon(fold: FoldItem, unit: float) -> Poly:
    """The square around a fold chip's circle, along its branch."""
    r = math.radians(-fold.angle)
    dx, dy = math.cos(r) * unit * 0.45, math.sin(r) * unit * 0.45
    cx, cy = fold.centre
    return [(cx - dx + dy, cy - dy - dx), (cx + dx + dy, cy + dy - dx),
            (cx + dx - dy, cy + dy + dx), (cx - dx - dy, cy - dy + dx)]


def _clashes(lay: Layout) -> list[str]:
    solid = ([(f"tile {t.tile}", tile_polygon(t, lay.unit)) for t in lay.tiles]
             + [(f"fold +{f.count}", _fold_polygon(f, lay.unit)) for f in lay.folds])
    boxes = []
    for lab in lay.labels:
        x0, y0, x1, y1 = label_box(lab, lay.unit)
        boxes.append((f"label {lab.text}", [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]))
    found = [f"{a} on {b}" for i, (a, p) in enumerate(solid) for b, q in solid[:i]
             if _overlap(p, q, 1.5)]
    found += [f"{a} on {b}" for i, (a, p) in enumerate(boxes)
              for b, q in solid + boxes[:i] if _overlap(p, q, 0.5)]
    ax0, ay0, ax1, ay1 = lay.area
    found += [f"{a} outside" for a, poly in solid + boxes
              if any(not (ax0 - 1 <= x <= ax1 + 1 and ay0 - 1 <= y <= ay1 + 1)
                     for x, y in poly)]
    return found


def test_trees_of_played_rounds_keep_tiles_and_labels_apart() -> None:
    """Feet on feet two and three deep: 48 rounds of two to eight players, every
    fourth state and the last, double-nine and double-six, four and six arms."""
    deep = 0
    for seed in range(48):
        players, options = GAMES[seed % len(GAMES)]
        states = chicken_game_views(seed, players, options,
                                    doubles=0.9 if seed % 2 else 0.5)
        for index in [*range(0, len(states), 4), len(states) - 1]:
            view = states[index]
            lay = layout(view, LABELS)
            assert not _clashes(lay), (seed, players, options, index, _clashes(lay))
            deep += any(b.name.count(".") >= 2 and b.toes is not None
                        for b in view.branches)
    assert deep > 20  # feet three deep were among them
