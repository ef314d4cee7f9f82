"""Every built-in variant and game kind, listed: the public face of the rules.

The lists below are the whole catalogue: every variant class (its name, aliases,
order and facts are its own declarations) and every game kind. Importing this
module registers the variants in :mod:`engine.core.registry`, so whoever finds a
variant by name imports it (the layers above do, through the names re-exported
here); :mod:`engine.games` reaches a game of any kind through :data:`KINDS`.
"""

from __future__ import annotations

from engine.chicken.kind import CHICKEN_KIND
from engine.chicken.rules import ChickenFoot
from engine.chinese.kind import CHINESE_KIND
from engine.chinese.rules import Chinese
from engine.core.catalogue import Family, Variant
from engine.core.kind import GameKind
from engine.core.options import (
    FREE_TARGETS,
    RECORD_OPTION_NAMES,
    ROUND_COUNTS,
    OptionKind,
    Options,
    OptionSpec,
)
from engine.core.registry import (
    VARIANTS,
    default_options,
    find_variant,
    get_variant,
    make_variant,
    register,
    registered,
    unregister,
    variants_in_order,
)
from engine.domino.capicua import Capicua
from engine.domino.classic import AllFives, Block, DrawGame, Kozel, Telephone, Threes
from engine.domino.fives import Cuban, Domiki, Muggins, Pyaterochka, VsemPoPyat
from engine.domino.goat import Checheve, GeneralKozel, Osel, SeaKozel, Semerka, Sport
from engine.domino.kind import DOMINO
from engine.domino.kolbasa import Kolbasa
from engine.domino.variant import Deal, DominoVariant, deal_tiles
from engine.trains.kind import TRAINS_KIND, MexicanTrain
from engine.triangular.kind import TRIANGULAR_KIND
from engine.triangular.rules import Triangular

# Every built-in variant, in the order they are registered (menus sort by ``order``).
BUILTIN_VARIANTS: tuple[type[Variant], ...] = (
    Chinese,
    Telephone, Threes, Kozel, AllFives, DrawGame, Block,
    Muggins, Pyaterochka, VsemPoPyat, Cuban, Domiki,
    SeaKozel, Sport, GeneralKozel, Osel, Checheve, Semerka,
    Kolbasa,
    Triangular,
    Capicua,
    MexicanTrain,
    ChickenFoot,
)

# Every game kind, by its name (what a variant's ``kind`` names).
KINDS: dict[str, GameKind] = {kind.name: kind for kind in (
    DOMINO, CHINESE_KIND, TRIANGULAR_KIND, TRAINS_KIND, CHICKEN_KIND)}

for _cls in BUILTIN_VARIANTS:
    register(_cls)

__all__ = [
    "BUILTIN_VARIANTS",
    "FREE_TARGETS",
    "KINDS",
    "RECORD_OPTION_NAMES",
    "ROUND_COUNTS",
    "VARIANTS",
    "AllFives",
    "Block",
    "Deal",
    "DominoVariant",
    "DrawGame",
    "Family",
    "Kozel",
    "OptionKind",
    "OptionSpec",
    "Options",
    "Telephone",
    "Threes",
    "Variant",
    "deal_tiles",
    "default_options",
    "find_variant",
    "get_variant",
    "make_variant",
    "register",
    "registered",
    "unregister",
    "variants_in_order",
]
