"""The Chinese set and its plays (docs/rules.md 4.20): the 32 tiles (eleven civil
tiles twice, ten military once), their ranks, the combinations a play may form and
which beats which, and :class:`Play`, the move with its record notation
(``6-6+1-1``, ``down:2-4``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from engine.core.errors import MoveError
from engine.core.moves import SetPlay
from engine.core.tiles import Tile


def _t(text: str) -> Tile:
    return Tile.parse(text)


# Civil tiles, rank 1 (Heaven) to 11; each comes twice.
CIVIL: tuple[Tile, ...] = tuple(_t(s) for s in (
    "6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5"))
CIVIL_RANK: dict[Tile, int] = {t: i + 1 for i, t in enumerate(CIVIL)}
# Military tiles by rank (1 nines, 2 eights, 3 sevens, 4 six, 5 fives, 6 three).
MILITARY_RANK: dict[Tile, int] = {
    _t("3-6"): 1, _t("4-5"): 1, _t("2-6"): 2, _t("3-5"): 2, _t("2-5"): 3, _t("3-4"): 3,
    _t("2-4"): 4, _t("1-4"): 5, _t("2-3"): 5, _t("1-2"): 6,
}
MILITARY: tuple[Tile, ...] = tuple(MILITARY_RANK)
# The mixed groups: group g (1 Heaven/nine .. 4 Harmony/five): its civil tile and
# the rank of its military tiles.
GROUPS: tuple[tuple[Tile, int], ...] = (
    (_t("6-6"), 1), (_t("1-1"), 2), (_t("4-4"), 3), (_t("1-3"), 5))
SUPREME: frozenset[Tile] = frozenset({_t("1-2"), _t("2-4")})
CHINESE_SET: tuple[Tile, ...] = tuple(sorted(CIVIL * 2 + MILITARY,
                                             key=lambda t: (t.a, t.b)))
# The pips a real set paints red: every half showing 1 or 4, and three of six on
# each half of 6-6 (the renderer reads this).
RED_PIPS = frozenset({1, 4})


def is_civil(tile: Tile) -> bool:
    return tile in CIVIL_RANK


def tile_key(tile: Tile) -> tuple[int, int, int]:
    """The engine's order of tiles in a play: civil before military, higher first;
    equal military ranks low-high (``3-6+4-5``), so one play has one notation."""
    if is_civil(tile):
        return (0, CIVIL_RANK[tile], tile.a)
    return (1, MILITARY_RANK[tile], tile.a)


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=tile_key))


class Category(Enum):
    CIVIL_SINGLE = "civil_single"
    MILITARY_SINGLE = "military_single"
    CIVIL_PAIR = "civil_pair"
    MILITARY_PAIR = "military_pair"
    MIXED_PAIR = "mixed_pair"
    TRIPLET_CIVIL = "triplet_civil"  # two civil + one military
    TRIPLET_MILITARY = "triplet_military"  # one civil + two military
    QUARTET = "quartet"
    SUPREME = "supreme"


@dataclass(frozen=True, slots=True)
class SetKind:
    """What a face-up set is: its category and rank (1 is the highest)."""

    category: Category
    rank: int

    def beats(self, other: SetKind) -> bool:
        """Same category and strictly higher; the Supreme pair beats nothing and
        is beaten by nothing (docs/rules.md 4.20 [C5] [C6])."""
        if Category.SUPREME in (self.category, other.category):
            return False
        return self.category is other.category and self.rank < other.rank


def classify(tiles: Sequence[Tile], mixed: bool = True) -> SetKind | None:
    """The set ``tiles`` form, or None when they are no combination."""
    k = len(tiles)
    civil = sort_tiles(t for t in tiles if is_civil(t))
    military = sort_tiles(t for t in tiles if not is_civil(t))
    if k == 1:
        t = tiles[0]
        if is_civil(t):
            return SetKind(Category.CIVIL_SINGLE, CIVIL_RANK[t])
        return SetKind(Category.MILITARY_SINGLE, MILITARY_RANK[t])
    if k == 2:
        if len(civil) == 2 and civil[0] is civil[1]:
            return SetKind(Category.CIVIL_PAIR, CIVIL_RANK[civil[0]])
        if len(military) == 2:
            if frozenset(military) == SUPREME:
                return SetKind(Category.SUPREME, 1)
            r0, r1 = MILITARY_RANK[military[0]], MILITARY_RANK[military[1]]
            if military[0] is not military[1] and r0 == r1:
                return SetKind(Category.MILITARY_PAIR, r0)
            return None
    if not mixed or k > 4:
        return None
    for g, (civ, mrank) in enumerate(GROUPS, start=1):
        if any(t is not civ for t in civil):
            continue
        if any(MILITARY_RANK[m] != mrank for m in military):
            continue
        if len(set(military)) != len(military):
            continue
        shape = (len(civil), len(military))
        if shape == (1, 1):
            return SetKind(Category.MIXED_PAIR, g)
        if shape == (2, 1):
            return SetKind(Category.TRIPLET_CIVIL, g)
        if shape == (1, 2):
            return SetKind(Category.TRIPLET_MILITARY, g)
        if shape == (2, 2):
            return SetKind(Category.QUARTET, g)
    return None


@dataclass(frozen=True, slots=True)
class Play(SetPlay):
    """One play: 1..4 tiles, face up or face down (``down``), its tiles in the engine's
    order (:func:`tile_key`): the move the service and the record carry."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", sort_tiles(self.tiles))

    @property
    def size(self) -> int:
        return len(self.tiles)

    def notation(self) -> str:
        body = "+".join(str(t) for t in self.tiles)
        return f"down:{body}" if self.down else body

    @classmethod
    def parse(cls, text: str) -> Play:
        if not isinstance(text, str):
            raise MoveError(f"a play is text, not {type(text).__name__}")
        if any(ch.isspace() for ch in text):
            raise MoveError(f"malformed play {text!r}: a play is written without spaces "
                            "(6-6+1-1, down:2-4)")
        down = text.startswith("down:")
        body = text[5:] if down else text
        parts = body.split("+") if body else []
        if not 1 <= len(parts) <= 4:
            raise MoveError(f"a play is one to four tiles: {text!r}")
        try:
            tiles = tuple(Tile.parse(p) for p in parts)
        except (ValueError, TypeError) as exc:
            raise MoveError(f"not a play: {text!r}") from exc
        for t in tiles:
            if t not in CIVIL_RANK and t not in MILITARY_RANK:
                raise MoveError(f"{t} is not a tile of the Chinese set")
        return cls(tiles, down)
