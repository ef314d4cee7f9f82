"""Every built-in variant, found by name: the public face of the rules.

The base (:class:`Variant`, :class:`Options`, the registry) lives in
:mod:`engine.domino.variant`; each variant module registers its variants there on
import (display order and aliases are their own declarations). This module
imports them all and re-exports what the other layers use.
"""

from __future__ import annotations

import engine.chinese.rules as _chinese
import engine.domino.classic as _classic
import engine.domino.fives as _fives
import engine.domino.goat as _goat
import engine.domino.kolbasa as _kolbasa
import engine.triangular.rules as _triangular
from engine.core.options import (
    FREE_TARGETS,
    RECORD_OPTION_NAMES,
    ROUND_COUNTS,
    OptionKind,
    Options,
    OptionSpec,
)
from engine.domino.classic import AllFives, Block, DrawGame, Kozel, Telephone, Threes
from engine.domino.variant import (
    VARIANTS,
    Deal,
    Family,
    Variant,
    deal_tiles,
    default_options,
    find_variant,
    get_variant,
    make_variant,
    register,
    registered,
    unregister,
    variants_in_order,
)

BUILTIN_MODULES = (_classic, _fives, _goat, _kolbasa, _chinese, _triangular)

__all__ = [
    "FREE_TARGETS",
    "RECORD_OPTION_NAMES",
    "ROUND_COUNTS",
    "VARIANTS",
    "AllFives",
    "Block",
    "Deal",
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
