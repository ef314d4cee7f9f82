"""Pillow pictures of a domino table and of a hand: pure functions of engine state."""

from renderer.draw import (
    BETTER_MARK,
    PLAYED_MARK,
    render_choice,
    render_hand,
    render_hands,
    render_table,
)
from renderer.scene import RenderResult, TableLabels, TableScene, TilePlacement
from renderer.text import sanitize
from renderer.theme import CLASSIC, DARK, KIDS, THEMES, Theme, get_theme

__all__ = [
    "BETTER_MARK",
    "CLASSIC",
    "DARK",
    "KIDS",
    "PLAYED_MARK",
    "THEMES",
    "RenderResult",
    "TableLabels",
    "TableScene",
    "Theme",
    "TilePlacement",
    "get_theme",
    "render_choice",
    "render_hand",
    "render_hands",
    "render_table",
    "sanitize",
]
