"""Deterministic table states for the benchmark, the examples and the tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.chicken.kind import ChickenMatch, ChickenView
from engine.core.moves import BranchPlace, End, Place
from engine.core.tiles import full_set
from engine.domino.game import Game
from engine.domino.table import Layout, SidesOpen, SpinnerRule, Table, TableRules, TableSnapshot
from engine.domino.variant import as_domino
from engine.variants import make_variant
from renderer.scene import TableLabels, TableScene, owned_lines
from renderer.trains import TrainRow, TrainsTable, table_of

DEFAULT_LABELS = TableLabels()
NAMES = ("Анна", "Boris 🐐", "Вера Ёлкина", "Gleb ⚽️")
# Names in four scripts (Devanagari, Chinese, Korean, Latin with a Polish letter), drawn
# with the fallback fonts; docs/names-in-any-script.jpg is this table.
SCRIPT_NAMES = ("राम", "李雷", "김민준", "Łukasz")
# The same with right-to-left names (Arabic, Persian, Hebrew) and emoji.
RTL_NAMES = ("محمد", "پرویز 🐐", "שרה", "สมชาย")


def _scene(game: Game, table: TableSnapshot, hand_sizes: Sequence[int],
           boneyard_left: int | None, turn: int | None, names: Sequence[str],
           labels: TableLabels) -> TableScene:
    return TableScene(
        table=table,
        names=tuple(names[: game.players]),
        hand_sizes=tuple(hand_sizes),
        totals=tuple(game.totals),
        sides=game.variant.sides,
        turn=turn,
        boneyard_left=boneyard_left,
        round_index=len(game.rounds) - 1,
        labels=labels,
        lines=owned_lines(game.variant.name, game.players, game.round.deal.leader),
    )


def game_scene(variant: str, players: int, seed: int, placements: int | None = None,
               names: Sequence[str] = NAMES, labels: TableLabels = DEFAULT_LABELS,
               options: dict[str, object] | None = None) -> TableScene:
    """A random first-round state of ``variant``: ``placements`` tiles on the table, or
    (None) the table at the end of the round, its last tile included."""
    game = Game(as_domino(make_variant(variant, players, options)), seed=seed)
    rng = random.Random(seed)
    while game.outcome is None:
        rnd = game.round
        if placements is not None and rnd.table.placed >= placements:
            break
        moves = game.legal_moves()
        places = [m for m in moves if isinstance(m, Place)]
        game.apply(rng.choice(places or moves))
        if rnd.end is not None:
            hands = [len(h) for h in rnd.hands]
            return _scene(game, rnd.table.snapshot(), hands, rnd.boneyard_left, None, names,
                          labels)
    view = game.view(0)
    return _scene(game, view.table, view.hand_sizes, view.boneyard_left, view.turn, names,
                  labels)


def long_table(seed: int, tiles: int = 55, max_pip: int = 9, spinner: bool = False,
               prefer: End = End.E) -> TableSnapshot:
    """A table of a double-``max_pip`` set with up to ``tiles`` tiles placed greedily,
    preferring the ``prefer`` arm (a long snake)."""
    rules = (TableRules(Layout.SPINNER, SpinnerRule.FIRST_DOUBLE, SidesOpen.IMMEDIATELY, 2)
             if spinner else TableRules())
    table = Table(rules)
    rng = random.Random(seed)
    pool = list(full_set(max_pip))
    rng.shuffle(pool)
    first = pool.pop()
    table.place_lead(first, first.b, 0)
    seat = 1
    while len(pool) > 0 and table.placed < tiles:
        choice = None
        for tile in pool:
            fits = table.fits(tile)
            if fits:
                end = prefer if prefer in fits else fits[0]
                if choice is None or end is prefer:
                    choice = (tile, end)
                if end is prefer:
                    break
        if choice is None:
            break
        tile, end = choice
        pool.remove(tile)
        table.place(tile, end, seat % 4)
        seat += 1
    return table.snapshot()


def long_scene(seed: int, tiles: int = 55, spinner: bool = False, prefer: End = End.E,
               names: Sequence[str] = NAMES[:2]) -> TableScene:
    table = long_table(seed, tiles, spinner=spinner, prefer=prefer)
    return TableScene(
        table=table,
        names=tuple(names),
        hand_sizes=(3,) * len(names),
        totals=(0,) * len(names),
        sides=tuple((i,) for i in range(len(names))),
        turn=0,
        boneyard_left=0,
        round_index=0,
    )


def full_spinner_scene(seed: int = 0) -> TableScene:
    """A double-six all_fives round that ends with a spinner and all four arms used."""
    best: TableScene | None = None
    for s in range(seed, seed + 400):
        sc = game_scene("all_fives", 2, s)
        arms = sc.table.arms
        if sc.table.spinner is not None and all(arms[e] for e in End):
            n = len(sc.table.tiles)
            if best is None or n > len(best.table.tiles):
                best = sc
            if n >= 18:
                return sc
    assert best is not None
    return best


def names_scene(names: Sequence[str] = SCRIPT_NAMES) -> TableScene:
    """A four-player kozel table at the end of a round, its seats named ``names``."""
    return game_scene("kozel", 4, seed=7, placements=None, names=names)


# ------------------------------------------------------------------ mexican_train
TRAIN_NAMES = ("Анна Каренина", "Boris 🐐", "Вера Ёлкина", "Gleb ⚽️", "Dmitri", "Елена",
               "Fyodor", "Galina Ivanovna")


def trains_round(players: int = 8, set_: int = 12, seed: int = 1,
                 moves: int | None = None) -> TrainsTable:
    """A random mexican_train round played by its rules (``moves`` actions, or to its
    end), as the picture draws it."""
    from engine.trains.rules import TrainsGame, make_options

    game = TrainsGame(list(TRAIN_NAMES[:players]), make_options(players, {"set": set_}),
                      seed=seed)
    game.start_round()
    rng = random.Random(seed)
    played = 0
    while not game.current.over and (moves is None or played < moves):
        legal = game.legal_moves()
        game.play(game.current.turn, legal[int(rng.random() * len(legal))])
        played += 1
    rnd = game.current
    detail = {**game.table(rnd), "round": 1, "rounds": game.options.rounds,
              "counts": [len(h) for h in rnd.hands]}
    turn = None if rnd.over else rnd.turn
    return table_of(detail, game.players, turn=turn, totals=game.totals,
                    boneyard=len(rnd.boneyard))


def long_trains(players: int = 8, seed: int = 0,
                lengths: Sequence[int] = (20, 5, 12, 0, 16, 8, 3, 10, 4)) -> TrainsTable:
    """The busiest double-twelve picture: ``players`` trains and the Mexican one, of
    ``lengths`` tiles (longer than most rounds make them, doubles among them), a few
    open, the last double of one train owed. Each train is a walk of unused tiles
    from the engine's 12, so every tile is drawn as a real table would show it."""
    rng = random.Random(seed)
    unused = [t for t in full_set(12) if not (t.a == t.b == 12)]
    rng.shuffle(unused)
    rows: list[TrainRow] = []
    owners: list[int | None] = [*range(players), None]
    for index, owner in enumerate(owners):
        end = 12
        tiles: list[tuple[int, int]] = []
        for _ in range(lengths[index % len(lengths)]):
            fits = [t for t in unused if t.has(end) and (not t.has(12) or not tiles)]
            if not fits:
                break
            # the tile that leaves the most ways on, so the walk goes far
            tile = max(fits, key=lambda t: sum(u.has(t.other(end)) for u in unused))
            unused.remove(tile)
            tiles.append((end, tile.other(end)))
            end = tile.other(end)
        owed = index == 2 and bool(tiles)
        if owed:  # its last tile a double, not yet covered
            double = next((t for t in unused if t.a == t.b == end), None)
            if double is not None:
                unused.remove(double)
                tiles.append((end, end))
            owed = double is not None
        rows.append(TrainRow(owner, tuple(tiles), end, owner is None or owner % 3 == 1, owed))
    counts = tuple(rng.randrange(1, 8) for _ in range(players))
    totals = tuple(rng.randrange(0, 300) for _ in range(players))
    return TrainsTable(12, tuple(rows), TRAIN_NAMES[:players], counts, totals, 4, 0, 7, 13,
                       True)
# -- chicken_foot ----------------------------------------------------------------
CHICKEN_NAMES = ("Анна", "Boris 🐐", "Вера Ёлкина", "Gleb ⚽️")


def chicken_game_views(seed: int, players: int = 2, options: dict[str, object] | None = None,
                       doubles: float = 0.5) -> list[ChickenView]:
    """The public views of a random first round of ``chicken_foot``, one after each move
    (the last one the table as it ended); a double that fits is laid with chance
    ``doubles``, so that feet grow on feet."""
    match = ChickenMatch(make_variant("chicken_foot", players, options), seed)
    rng = random.Random(seed)
    views: list[ChickenView] = []
    while not match.over:
        legal = match.legal_moves()
        places = [m for m in legal if isinstance(m, BranchPlace)]
        feet = [m for m in places if m.tile.is_double]
        move = (rng.choice(feet) if feet and rng.random() < doubles
                else rng.choice(places or legal))
        before = match.view(None)
        if match.play(move).round_end is not None:
            views.append(before)  # the next round is dealt at once: keep the last table
            break
        views.append(match.view(None))
    return views


def chicken_states() -> dict[str, ChickenView]:
    """The chicken_foot pictures the benchmark draws: the biggest table of a few
    double-nine games of two (the most tiles placed), a foot waiting for its toes,
    and the engine of six arms waiting for them."""
    biggest: ChickenView | None = None
    for seed in range(12):
        for view in chicken_game_views(seed, doubles=0.7):
            if biggest is None or _placed(view) > _placed(biggest):
                biggest = view
    assert biggest is not None
    waiting = next(v for v in chicken_game_views(3, 4) if v.pending is not None)
    six = chicken_game_views(2, 3, {"set": 6, "root_arms": 6})[3]
    return {f"chicken_biggest_{_placed(biggest)}": biggest, "chicken_foot_waiting": waiting,
            "chicken_six_arms": six}


def _placed(view: ChickenView) -> int:
    return sum(len(b.tiles) for b in view.branches)
