"""Pillow pictures of a domino table and of a hand: pure functions of engine state."""

from renderer.draw import render_hand, render_table
from renderer.scene import RenderResult, TableLabels, TableScene, TilePlacement
from renderer.text import sanitize
from renderer.theme import CLASSIC, DARK, KIDS, THEMES, Theme, get_theme

__all__ = [
    "CLASSIC",
    "DARK",
    "KIDS",
    "THEMES",
    "RenderResult",
    "TableLabels",
    "TableScene",
    "Theme",
    "TilePlacement",
    "get_theme",
    "render_hand",
    "render_table",
    "sanitize",
]
