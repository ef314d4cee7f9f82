"""The table picture: a renderer scene from the public view, labels from the catalog."""

from __future__ import annotations

import io
import logging

from PIL import Image

from bot.texts import tr
from engine.domino.view import DominoView
from engine.variants import get_variant
from renderer import TableLabels, TableScene, render_table

log = logging.getLogger(__name__)


def table_picture(lang: str, view: DominoView, names: list[str], banner: str | None = None,
                  banner_detail: str | None = None) -> tuple[bytes, str]:
    """The encoded picture and its file name; ``banner`` (with ``banner_detail`` under
    it) is the game's result drawn across the final table."""
    labels = TableLabels(turn=tr(lang, "label.turn"), boneyard=tr(lang, "label.boneyard"),
                         score=tr(lang, "label.score"), round=tr(lang, "label.round"),
                         joiner=tr(lang, "names.and"), west=tr(lang, "end.W"),
                         east=tr(lang, "end.E"), north=tr(lang, "end.N"),
                         south=tr(lang, "end.S"))
    scene = TableScene.from_view(view, names, labels,
                                 show_boneyard=get_variant(view.variant).draws,
                                 banner=banner, banner_detail=banner_detail)
    try:
        result = render_table(scene)
    except Exception:  # a picture must never stop the game: show a plain one instead
        log.exception("rendering the table failed (%s, tiles %s)", view.variant,
                      [str(p.tile) for p in view.table.tiles])
        return fallback_picture(), "table.png"
    return result.data, f"table{result.extension}"


def fallback_picture() -> bytes:
    """A plain green table, when the renderer fails."""
    buf = io.BytesIO()
    Image.new("RGB", (640, 360), (38, 110, 70)).save(buf, format="PNG")
    return buf.getvalue()
