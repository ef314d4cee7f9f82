"""Colour themes: classic (light felt, ivory tiles), dark (black tiles), kids (coloured pips)."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour a picture uses; ``pip_colors`` (one per pip 0..12) overrides ``pip``."""

    name: str
    background: RGB
    background_edge: RGB  # the felt darkens towards the edges
    panel: RGB
    panel_text: RGB
    panel_muted: RGB
    face: RGB
    face_edge: RGB
    divider: RGB
    pip: RGB
    back: RGB
    back_mark: RGB
    shadow_alpha: int
    accent: RGB  # the last tile, the seat on turn
    end_marker: RGB
    end_marker_text: RGB
    playable: RGB
    side_colors: tuple[RGB, ...]
    pip_colors: tuple[RGB, ...] | None = None
    corner: float = 0.16  # corner radius as a share of the tile's short side

    def pip_color(self, pip: int) -> RGB:
        if self.pip_colors is None:
            return self.pip
        return self.pip_colors[pip % len(self.pip_colors)]


CLASSIC = Theme(
    name="classic",
    background=(58, 122, 84),
    background_edge=(40, 96, 64),
    panel=(245, 241, 230),
    panel_text=(34, 34, 34),
    panel_muted=(110, 104, 92),
    face=(250, 245, 230),
    face_edge=(196, 186, 160),
    divider=(150, 140, 120),
    pip=(28, 28, 28),
    back=(120, 30, 36),
    back_mark=(196, 160, 90),
    shadow_alpha=90,
    accent=(255, 190, 40),
    end_marker=(255, 255, 255),
    end_marker_text=(30, 90, 55),
    playable=(40, 170, 80),
    side_colors=((214, 72, 62), (44, 110, 200), (226, 160, 30), (140, 80, 190)),
)

DARK = Theme(
    name="dark",
    background=(32, 36, 44),
    background_edge=(20, 22, 28),
    panel=(44, 49, 58),
    panel_text=(236, 236, 236),
    panel_muted=(160, 166, 176),
    face=(26, 26, 28),
    face_edge=(90, 90, 96),
    divider=(120, 120, 126),
    pip=(240, 240, 236),
    back=(60, 70, 90),
    back_mark=(140, 150, 170),
    shadow_alpha=140,
    accent=(255, 176, 0),
    end_marker=(70, 140, 255),
    end_marker_text=(255, 255, 255),
    playable=(60, 200, 110),
    side_colors=((240, 100, 90), (90, 160, 255), (240, 190, 60), (180, 120, 240)),
)

KIDS = Theme(
    name="kids",
    background=(134, 206, 240),
    background_edge=(104, 180, 226),
    panel=(255, 250, 235),
    panel_text=(60, 50, 90),
    panel_muted=(120, 110, 150),
    face=(255, 255, 255),
    face_edge=(200, 200, 220),
    divider=(190, 190, 210),
    pip=(40, 40, 40),
    back=(255, 140, 60),
    back_mark=(255, 220, 120),
    shadow_alpha=70,
    accent=(255, 80, 160),
    end_marker=(255, 230, 60),
    end_marker_text=(90, 40, 140),
    playable=(40, 190, 90),
    side_colors=((240, 80, 80), (60, 120, 230), (250, 170, 20), (150, 80, 200)),
    pip_colors=(
        (0, 0, 0),  # 0 has no pips
        (230, 40, 40),  # 1 red
        (255, 140, 0),  # 2 orange
        (220, 180, 0),  # 3 yellow
        (40, 170, 60),  # 4 green
        (30, 110, 230),  # 5 blue
        (140, 60, 200),  # 6 purple
        (240, 90, 170),  # 7 pink
        (0, 160, 160),  # 8 teal
        (150, 90, 40),  # 9 brown
        (20, 40, 140),  # 10 navy
        (120, 140, 20),  # 11 olive
        (200, 20, 120),  # 12 magenta
    ),
    corner=0.26,
)

THEMES: dict[str, Theme] = {t.name: t for t in (CLASSIC, DARK, KIDS)}


def get_theme(name: str) -> Theme:
    """A theme by name: ``classic``, ``dark`` or ``kids``."""
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(f"unknown theme {name!r}; known: {', '.join(THEMES)}") from None
