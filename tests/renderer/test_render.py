"""Table and hand pictures: bounds, every tile once, no overlaps, determinism."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from itertools import combinations

import pytest
from PIL import Image

from engine.core.moves import End
from engine.core.tiles import Tile
from engine.domino.table import Table, TableRules
from renderer import (
    BETTER_MARK,
    CLASSIC,
    DARK,
    KIDS,
    PLAYED_MARK,
    RenderResult,
    TableLabels,
    TableScene,
    render_choice,
    render_hand,
    render_table,
)
from renderer.draw import FOOTER, HEADER, TABLE_AREAS
from renderer.layout import build_rays, fit_layout, overlaps
from renderer.samples import full_spinner_scene, game_scene, long_scene, long_table

GAMES = [
    ("telephone", 2), ("telephone", 4),
    ("threes", 2), ("threes", 3), ("threes", 4),
    ("kozel", 2), ("kozel", 3), ("kozel", 4),
    ("all_fives", 2), ("all_fives", 3), ("all_fives", 4),
    ("draw", 2), ("draw", 4),
    ("block", 2), ("block", 4),
]
SEEDS_PER_GAME = 12  # layouts (cheap); a third of them are also drawn


def _check(res: RenderResult, scene: TableScene) -> None:
    assert res.width <= 1280 and res.height <= 1280
    assert max(res.width, res.height) / min(res.width, res.height) <= 20
    orders = [p.order for p in res.placements]
    assert sorted(orders) == [p.order for p in scene.table.tiles]  # each tile exactly once
    for p in res.placements:
        x0, y0, x1, y1 = p.box
        assert 0 <= x0 < x1 <= res.width and HEADER <= y0 < y1 <= res.height - FOOTER
    for a, b in combinations(res.placements, 2):
        assert not overlaps(a.box, b.box), (a, b)
    img = Image.open(io.BytesIO(res.data))
    assert img.size == (res.width, res.height)


def _check_layout(scene: TableScene) -> None:
    table = scene.table
    lay, _ = fit_layout(build_rays(table), table.open_ends, TABLE_AREAS)
    rects = [t.rect for t in lay.tiles] + [m.rect for m in lay.marks]
    assert len(lay.tiles) == len(table.tiles)
    assert {t.placed.order for t in lay.tiles} == {p.order for p in table.tiles}
    assert {m.end for m in lay.marks} == set(table.open_ends)
    for x0, y0, x1, y1 in rects:  # a box of no area would "overlap" nothing
        assert x1 - x0 >= 8 and y1 - y0 >= 8
    for a, b in combinations(rects, 2):
        assert not overlaps(a, b)


def test_end_marker_beside_a_folding_arm() -> None:
    """Regression: an open end reached while its arm was folding got a marker box
    of zero width, and drawing it failed (draw, 3 players, seed 11)."""
    from engine.domino.game import Game
    from engine.variants import make_variant

    game = Game(make_variant("draw", 3, {}), seed=11)
    rng = random.Random(11)
    while len(game.round.table.snapshot().tiles) < 17 or game.round.table.last is None \
            or game.round.table.last.order != 16:
        game.play(rng.choice(game.legal_moves()))
    scene = TableScene.from_view(game.view(None), ["a", "b", "c"])
    _check_layout(scene)
    _check(render_table(scene), scene)


@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_random_states(variant: str, players: int) -> None:
    rng = random.Random(f"{variant}/{players}")
    for seed in range(SEEDS_PER_GAME):
        placements = rng.choice([None, None, rng.randrange(0, 20)])
        scene = game_scene(variant, players, seed, placements)
        _check_layout(scene)
        if seed % 3 == 0:
            theme = (CLASSIC, DARK, KIDS)[seed % 9 // 3]
            res = render_table(scene, theme)
            _check(res, scene)
            again = render_table(game_scene(variant, players, seed, placements), theme)
            assert again.data == res.data


@pytest.mark.parametrize("spinner", [False, True])
def test_double_nine_long_rounds(spinner: bool) -> None:
    ends = [End.E, End.W, End.N, End.S] if spinner else [End.E, End.W]
    for seed in range(16):
        prefer = ends[seed % len(ends)]
        tiles = 20 + (seed * 7) % 36
        scene = long_scene(seed, tiles, spinner=spinner, prefer=prefer)
        _check_layout(scene)
        if seed % 4 == 0:
            _check(render_table(scene), scene)


def test_long_arm_of_forty_tiles_fits() -> None:
    table = long_table(1, 55)
    assert max(len(a) for a in table.arms.values()) >= 40
    scene = long_scene(1, 55)
    res = render_table(scene)
    _check(res, scene)
    assert res.height <= 1280
    assert len(res.data) < 250_000


def test_full_double_six_round() -> None:
    scene = full_spinner_scene(0)
    assert scene.table.spinner is not None and all(scene.table.arms[e] for e in End)
    res = render_table(scene)
    _check(res, scene)
    assert len(res.data) < 250_000
    last = [p for p in res.placements if p.marked]
    assert len(last) == 1 and scene.table.last is not None
    assert last[0].order == scene.table.last.order


def test_empty_table_and_labels() -> None:
    scene = game_scene("kozel", 4, 3, placements=0)
    labels = TableLabels(turn="Ход", boneyard="Базар", score="Счёт", round="Раунд")
    res = render_table(TableScene(**{**_fields(scene), "labels": labels}))
    assert res.placements == ()
    assert res.width == 1280


def _fields(scene: TableScene) -> dict[str, object]:
    return {f: getattr(scene, f) for f in scene.__dataclass_fields__}


def test_face_down_double_is_drawn_as_a_back() -> None:
    table = Table(TableRules())
    table.place_lead(Tile(2, 5), 2, 0)
    table.place(Tile(5, 5), End.E, 1, face_down=True)
    snap = table.snapshot()
    scene = TableScene(snap, ("A", "B"), (5, 5), (0, 0), ((0,), (1,)), turn=0)
    res = render_table(scene, CLASSIC, fmt="PNG")
    _check(res, scene)
    back = [p for p in res.placements if p.face_down]
    assert len(back) == 1
    x0, y0, x1, y1 = back[0].box
    img = Image.open(io.BytesIO(res.data)).convert("RGB")
    px = img.getpixel(((x0 + x1) // 2, y0 + (y1 - y0) // 4))
    assert isinstance(px, tuple)
    assert sum(abs(a - b) for a, b in zip(px, CLASSIC.back, strict=True)) < 40


def test_hand_marks_playable_tiles() -> None:
    hand = (Tile(0, 1), Tile(2, 5), Tile(6, 6), Tile(3, 4), Tile(1, 5))
    playable = {Tile(2, 5), Tile(1, 5)}
    res = render_hand(hand, playable, CLASSIC, fmt="PNG")
    assert [p.tile for p in res.placements] == list(hand)
    assert {p.tile for p in res.placements if p.marked} == playable
    img = Image.open(io.BytesIO(res.data)).convert("RGB")
    raised = {p.tile: p.box[1] for p in res.placements}
    assert raised[Tile(2, 5)] < raised[Tile(0, 1)]
    for p in res.placements:
        x0, _, x1, y1 = p.box
        # A dot under a playable tile, in the theme's colour; none under the others.
        px = img.getpixel(((x0 + x1) // 2, y1 + 30 if p.marked else y1 + 14))
        assert isinstance(px, tuple)
        near = sum(abs(a - b) for a, b in zip(px, CLASSIC.playable, strict=True)) < 40
        assert near == p.marked
    again = render_hand(hand, playable, CLASSIC, fmt="PNG")
    assert again.data == res.data


def test_big_hand_wraps() -> None:
    from engine.core.tiles import full_set

    hand = full_set(9)[:30]
    res = render_hand(hand, set(hand[::3]), DARK)
    assert res.width <= 1280 and len(res.placements) == 30
    for a, b in combinations(res.placements, 2):
        assert not overlaps(a.box, b.box)


def test_scene_from_a_seat_view() -> None:
    from engine.domino.game import Game
    from engine.variants import make_variant

    game = Game(make_variant("telephone", 4), seed=2)
    rng = random.Random(2)
    for _ in range(8):
        game.apply(rng.choice(game.legal_moves()))
    view = game.view(1)
    scene = TableScene.from_view(view, ("Анна", "Boris", "Вера", "Gleb"))
    assert scene.sides == ((0, 2), (1, 3)) and scene.turn == view.turn
    _check(render_table(scene, KIDS), scene)


def _walk_states(variant: str, players: int, seed: int, limit: int):
    """Every table of a random game, after each move, up to ``limit`` tables."""
    from engine.domino.game import Game
    from engine.variants import make_variant

    game = Game(make_variant(variant, players), seed=seed)
    rng = random.Random(seed)
    names = tuple(f"Игрок {i} / Player" for i in range(players))
    seen = 0
    while game.outcome is None and seen < limit:
        game.apply(rng.choice(game.legal_moves()))
        view = game.view(None)
        if view.table.lead is None:
            continue
        seen += 1
        yield TableScene.from_view(view, names)


def _every_variant() -> list[tuple[str, int]]:
    from engine.variants import VARIANTS

    out = []
    for name, cls in sorted(VARIANTS.items()):
        if cls.kind != "domino":
            continue  # their own pictures: tests/renderer/test_<kind>_render.py
        allowed = cls.players_allowed
        out.extend({(name, allowed[0]), (name, allowed[-1])})
    return sorted(out)


@pytest.mark.parametrize(("variant", "players"), _every_variant())
def test_every_table_of_random_games(variant: str, players: int) -> None:
    """Thousands of states in all (17 variants, double-nine ones included): the table
    after every move of random games lays out within bounds, each tile once, nothing
    overlapping; one state of each game is also drawn, twice, to the same bytes."""
    states = 0
    for seed in range(3):
        scenes = list(_walk_states(variant, players, seed, 40))
        for scene in scenes:
            _check_layout(scene)
        states += len(scenes)
        if scenes:
            scene = scenes[len(scenes) // 2]
            first = render_table(scene, (CLASSIC, DARK, KIDS)[seed])
            _check(first, scene)
            assert render_table(scene, (CLASSIC, DARK, KIDS)[seed]).data == first.data
    assert states >= 40


# ------------------------------------------------------------ the result banner
def _pixels(res: RenderResult) -> Image.Image:
    return Image.open(io.BytesIO(res.data)).convert("RGB")


def _differs(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels of ``box`` differ clearly between two pictures."""
    ca, cb = a.crop(box).tobytes(), b.crop(box).tobytes()
    return sum(1 for i in range(0, len(ca), 3)
               if abs(ca[i] - cb[i]) + abs(ca[i + 1] - cb[i + 1]) + abs(ca[i + 2] - cb[i + 2])
               > 60)


BANNERS = [
    ("Anna & 🤖 Computer 1 won 101 — 87", "Goat: Boris & 🤖 Computer 2"),
    ("Анна и 🤖 Компьютер 1 победили", None),
    ("W" * 300, "ж" * 300),  # far too long: cut, never outside the picture
    ("🤖🤖", None),  # nothing the font draws: no crash
]


@pytest.mark.parametrize(("seed", "banner"), list(enumerate(BANNERS)))
def test_banner_is_drawn_inside_the_canvas(seed: int, banner: tuple[str, str | None]) -> None:
    from renderer.draw import banner_box

    rng = random.Random(seed)
    variant, players = rng.choice(GAMES)
    plain = game_scene(variant, players, seed, placements=None)
    scene = TableScene(**{**_fields(plain), "banner": banner[0], "banner_detail": banner[1]})
    res, base = render_table(scene), render_table(plain)
    _check(res, scene)
    assert (res.width, res.height) == (base.width, base.height)
    assert len(res.data) < 250_000
    x0, y0, x1, y1 = banner_box(res.height, banner[1] is not None)
    assert 0 <= x0 < x1 <= res.width and HEADER <= y0 < y1 <= res.height - FOOTER
    a, b = _pixels(res), _pixels(base)
    band = _differs(a, b, (x0, y0, x1, y1))
    assert band > (x1 - x0) * (y1 - y0) // 3  # the band darkens the table under it
    # nothing is drawn outside the band: the header and the footer are as before
    assert _differs(a, b, (0, 0, res.width, y0 - 2)) < 50
    assert _differs(a, b, (0, y1 + 2, res.width, res.height)) < 50
    # the text itself: bright pixels in the band's middle, where a plain band is dark
    mid = a.crop((x0 + 40, y0 + 12, x1 - 40, y1 - 12)).convert("L")
    bright = sum(1 for v in mid.tobytes() if v > 170)
    if banner[0] != "🤖🤖":
        assert bright > 200


def test_banner_picture_stays_small() -> None:
    """The final picture with its banner stays a small upload (its drawing time is
    measured by bench/display_speed.py, never asserted here)."""
    scene = full_spinner_scene(0)
    final = TableScene(**{**_fields(scene), "banner": "Anna & Boris won 101 — 87",
                          "banner_detail": "Goat: 🤖 Computer 1 & 🤖 Computer 2"})
    res = render_table(final)
    assert len(res.data) < 250_000


# ------------------------------------------------------------ kolbasa (docs/rules.md 4.19)
def test_kolbasa_owned_lines_and_placers_dots() -> None:
    """The two lines are labelled by owner (the leader's is W) and every tile carries a
    dot of its placer's colour, through cuts too: states after every move lay out in
    bounds without overlaps, and the dots change the tiles' pixels."""
    from dataclasses import replace

    from engine.core.moves import Cut, End
    from engine.domino.game import Game
    from engine.variants import make_variant

    game = Game(make_variant("kolbasa", 2), seed=5)
    rng = random.Random(5)
    cuts = 0
    while game.outcome is None and cuts < 2 and len(game.rounds) < 6:
        moves = game.legal_moves()
        cut = [m for m in moves if isinstance(m, Cut)]
        move = cut[0] if cut else rng.choice(moves)
        game.apply(move)
        view = game.view(None)
        if view.table.lead is None:
            continue
        scene = TableScene.from_view(view, ("Anna", "Boris"))
        leader = view.leader
        assert scene.lines[leader] is End.W and scene.lines[1 - leader] is End.E
        _check_layout(scene)
        if isinstance(move, Cut) and game.round.end is None:
            cuts += 1
            with_dots = render_table(scene)
            _check(with_dots, scene)
            plain = render_table(replace(scene, lines=()))
            box = with_dots.placements[0].box
            assert _differs(_pixels(with_dots), _pixels(plain), box) > 0
    assert cuts > 0


def _near(px: object, colour: tuple[int, int, int]) -> bool:
    assert isinstance(px, tuple)
    return sum(abs(a - b) for a, b in zip(px, colour, strict=True)) < 40


def test_a_decision_picture_marks_the_played_tile_red_and_the_better_green() -> None:
    """The review's picture: the table on top, unchanged; his hand under it, the tile
    played raised with a red ring and dot, the better one with green ones, the others
    with no mark."""
    buf = io.BytesIO()
    Image.new("RGB", (640, 360), (10, 20, 200)).save(buf, format="PNG")
    hand = (Tile(0, 6), Tile(6, 6), Tile(2, 3), Tile(1, 4))
    res = render_choice(buf.getvalue(), hand, Tile(0, 6), Tile(6, 6), CLASSIC, fmt="PNG")
    img = Image.open(io.BytesIO(res.data)).convert("RGB")
    assert (res.width, res.height) == img.size and res.width == 640
    assert _near(img.getpixel((320, 180)), (10, 20, 200))  # the table, as it was
    assert [p.tile for p in res.placements] == list(hand)
    assert all(p.box[1] >= 360 for p in res.placements)  # the hand is under the table
    colours = {Tile(0, 6): PLAYED_MARK, Tile(6, 6): BETTER_MARK}
    assert PLAYED_MARK != BETTER_MARK
    for p in res.placements:
        x0, y0, x1, y1 = p.box
        dot = img.getpixel(((x0 + x1) // 2, y1 + 30))
        ring = img.getpixel((x0 + 1, (y0 + y1) // 2))
        want = colours.get(p.tile)
        assert p.marked == (want is not None)
        if want is None:
            assert not _near(dot, PLAYED_MARK) and not _near(dot, BETTER_MARK)
        else:
            assert _near(dot, want) and _near(ring, want)
            other = BETTER_MARK if want == PLAYED_MARK else PLAYED_MARK
            assert not _near(dot, other)
    raised = {p.tile: p.box[1] for p in res.placements}
    assert raised[Tile(0, 6)] == raised[Tile(6, 6)] < raised[Tile(2, 3)]


def test_sides_and_joining_word_come_from_the_labels() -> None:
    """The kolbasa chips name the lines with the labels given (З/В for a Russian
    reader, W/E by default), and a team's names are joined by the word given; only
    the header and the score line change, never the table."""
    from dataclasses import replace

    from engine.domino.game import Game
    from engine.variants import make_variant

    assert [TableLabels().end(e) for e in End] == ["W", "E", "N", "S"]
    game = Game(make_variant("kolbasa", 2), seed=5)
    while game.view(None).table.lead is None:
        game.apply(game.legal_moves()[0])
    scene = TableScene.from_view(game.view(None), ("Anna", "Boris"))
    ru = replace(scene, labels=TableLabels(west="З", east="В", north="С", south="Ю"))
    plain, local = render_table(scene), render_table(ru)
    width = _pixels(plain).width
    assert _differs(_pixels(plain), _pixels(local), (0, 0, width, HEADER)) > 0
    assert _differs(_pixels(plain), _pixels(local), (0, HEADER, width, HEADER + 200)) == 0

    teams = game_scene("kozel", 4, seed=3)
    joined = replace(teams, labels=TableLabels(joiner=" и "))
    a, b = _pixels(render_table(teams)), _pixels(render_table(joined))
    assert _differs(a, b, (0, a.height - FOOTER, a.width, a.height)) > 0
    assert _differs(a, b, (0, 0, a.width, a.height - FOOTER)) == 0


def test_the_end_markers_speak_the_readers_language() -> None:
    """The letters in the open ends' circles are the labels' (З, В in Russian; a two-letter
    Зх fits), as the buttons name the ends; English keeps W and E."""
    scene = game_scene("draw", 2, 5, placements=6)
    english = render_table(scene).data
    same = render_table(replace(scene, labels=replace(scene.labels, west="W", east="E")))
    assert same.data == english
    for west, east in (("З", "В"), ("Зх", "Сх")):
        other = render_table(replace(scene, labels=replace(scene.labels, west=west, east=east)))
        assert other.data != english


def test_every_hand_under_a_replayed_table() -> None:
    """A replay's step: the table picture with one row a seat under it, dominoes
    drawn, another kind's pieces as chips, a long hand wrapped onto a second row, the
    mover's row ringed in the accent colour."""
    from renderer import render_hands
    from renderer.draw import HANDS_ROW

    table = render_table(game_scene("all_fives", 2, seed=3, placements=5))
    short = render_hands(table.data, [("Anna", [Tile(1, 2), Tile(3, 3)]), ("Boris", [])],
                         marked=0)
    with Image.open(io.BytesIO(short.data)) as img:
        assert img.size == (short.width, short.height)
        assert short.height == table.height + 2 * HANDS_ROW + 2 * 14
        ring = img.convert("RGB").getpixel((7, table.height + 14 + HANDS_ROW // 2))
        assert ring == pytest.approx(CLASSIC.accent, abs=40)
    many = render_hands(table.data, [("Anna", [Tile(a, b) for a in range(13)
                                               for b in range(a, 13)][:60]),
                                     ("Boris", ["2-5-5", "0-0-0"])], sides=[0, 0])
    assert many.height > short.height  # the 60 tiles take more than one row
    with Image.open(io.BytesIO(many.data)) as img:
        img.load()
