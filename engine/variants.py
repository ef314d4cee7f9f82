"""Every built-in variant, found by name: the public face of the rules.

The base (:class:`Variant`, :class:`Options`, the registry) lives in
:mod:`engine.variant_base`; each variant module registers its variants there on
import. This module imports them all, in display order, and re-exports what the
other layers use.
"""

from __future__ import annotations

import engine.classic as _classic
import engine.fives_family as _fives
import engine.goat_family as _goat
from engine.classic import AllFives, Block, DrawGame, Kozel, Telephone, Threes
from engine.variant_base import (
    RECORD_OPTION_NAMES,
    VARIANTS,
    Deal,
    Options,
    Variant,
    deal_tiles,
    default_options,
    get_variant,
    make_variant,
    register,
)

BUILTIN_MODULES = (_classic, _fives, _goat)

__all__ = [
    "RECORD_OPTION_NAMES",
    "VARIANTS",
    "AllFives",
    "Block",
    "Deal",
    "DrawGame",
    "Kozel",
    "Options",
    "Telephone",
    "Threes",
    "Variant",
    "deal_tiles",
    "default_options",
    "get_variant",
    "make_variant",
    "register",
]
