"""The bot's side of ``chinese`` (Tien Gow, docs/rules.md 4.20): the hand message and its
toggle buttons (bot/kinds/chinese_keys.py), the table picture (renderer/chinese.py) and
the table as text. Face-down plays are shown as their count only, except to the
seat that made them in its own hand message."""

from __future__ import annotations

import html
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.kinds import chinese_keys
from bot.kinds.base import BotKind, Hints, MakeMove, Press, Refusal, Reselect
from bot.texts import plural, tr, variant_name
from bot.ui.formatting import hand_head
from bot.ui.keyboards import MARK
from bot.ui.move_words import Said, caption_moves, move_words
from bot.ui.names import SEP, score_text, seat_names, tiles_text
from bot.ui.pictures import fallback_picture
from bot.ui.result_words import reason_lines, result_line
from engine.chinese.kind import CHINESE_KIND, chinese_view
from engine.core.moves import SetPlay
from engine.core.results import MoveResult
from engine.core.tiles import Tile
from engine.core.view import SeatView
from service.types import GameInfo, SeatInfo

__all__ = ["CHINESE", "ChineseBotKind", "public_detail", "trick_text"]


def _detail(view: SeatView) -> Mapping[str, Any]:
    detail = getattr(view, "detail", None)
    return detail if isinstance(detail, Mapping) else {}


def public_detail(view: SeatView, names: Sequence[str]) -> dict[str, Any]:
    """The view's own facts with every face-down play's tiles removed and no hand:
    what a group may see (the picture is drawn from this only)."""
    detail = dict(_detail(view))

    def shown(entry: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(entry)
        if out.get("down"):
            out["tiles"] = None
        return out

    detail["trick"] = [shown(e) for e in detail.get("trick", ())]
    detail["finished"] = [{**f, "plays": [shown(e) for e in f["plays"]]}
                          for f in detail.get("finished", ())]
    detail["hand"] = None
    detail["players"] = list(names)
    detail["totals"] = list(view.totals)
    return detail


def trick_text(lang: str, names: Sequence[str], view: SeatView, *, own: bool) -> str:
    """The trick on the table: "Anna: 6-6 1-1 · Boris: 2 face down". ``own``: the
    viewing seat's own face-down tiles are named (its private message only)."""
    parts = []
    for entry in _detail(view).get("trick", ()):
        seat = entry["seat"]
        tiles = entry.get("tiles")
        if entry.get("down"):
            down = tr(lang, "chinese.down", count=plural(lang, entry["count"], "tile"))
            if own and seat == view.seat and tiles:
                down += f" ({' '.join(tiles)})"
            parts.append(f"{names[seat]}: {down}")
        else:
            parts.append(f"{names[seat]}: {' '.join(tiles or ())}")
    return SEP.join(parts)


def _tricks_text(names: Sequence[str], view: SeatView) -> str:
    tricks = _detail(view).get("tricks") or [0] * len(names)
    return SEP.join(f"{n} — {t}" for n, t in zip(names, tricks, strict=False))


@move_words.register
def _set_play(move: SetPlay, lang: str, said: Said | None = None, *, end: bool = True) -> str:
    """A play of a trick in a caption: face-down tiles are never named, only counted."""
    if said is None:
        return str(move)  # the review knows no trick game
    if move.down:
        return tr(lang, "move.set_down", name=said.name,
                  count=plural(lang, len(move.tiles), "tile"))
    return tr(lang, "move.set_up", name=said.name, tiles=tiles_text(move.tiles))


class ChineseBotKind(BotKind):
    name = CHINESE_KIND.name
    prefix = chinese_keys.PREFIX
    hints = False

    def hand_text(self, lang: str, game: GameInfo, seat: SeatInfo, view: SeatView,
                  drew: Sequence[Tile] = ()) -> str:
        names = seat_names(lang, game)
        lines, settled = hand_head(lang, game, seat, view)
        if settled or view.turn is None:
            pass
        else:
            lines.append(tr(lang, "chinese.tricks", tricks=_tricks_text(names, view)))
            trick = trick_text(lang, names, view, own=True)
            lines.append(tr(lang, "chinese.trick", plays=trick) if trick
                         else tr(lang, "chinese.no_trick"))
            if view.turn == view.seat:
                trick_size = next((e["count"] for e in _detail(view).get("trick", ())), 0)
                if not trick_size:
                    lines.append(tr(lang, "chinese.lead"))
                elif all(getattr(m, "down", False) for m in view.legal):
                    lines.append(tr(lang, "chinese.must_down",
                                    count=plural(lang, trick_size, "tile")))
                else:
                    lines.append(tr(lang, "chinese.follow",
                                    count=plural(lang, trick_size, "tile")))
            else:
                lines.append(tr(lang, "hand.turn_of", name=names[view.turn]))
        hand = " ".join(str(t) for t in chinese_view(view).hand) or tr(lang, "hand.none")
        lines.append(tr(lang, "hand.tiles", tiles=hand))
        return "\n".join(lines)

    def _markup(self, lang: str, game_id: int, version: int, view: SeatView, mask: int
                ) -> InlineKeyboardMarkup | None:
        rows = [[InlineKeyboardButton(
                    tr(lang, b.label) if b.text_key else f"{MARK if b.chosen else ''}{b.label}",
                    callback_data=b.data) for b in row]
                for row in chinese_keys.keyboard(game_id, version, view, mask)]
        return InlineKeyboardMarkup(rows) if rows else None

    def hand_keyboard(self, lang: str, game_id: int, version: int, view: SeatView, *,
                      active: bool = True, hints: Hints | None = None
                      ) -> InlineKeyboardMarkup | None:
        if not active or view.outcome is not None:
            return None
        return self._markup(lang, game_id, version, view, 0)

    def game_of(self, data: str) -> int | None:
        press = chinese_keys.decode(data)
        return press.game if press is not None else None

    def press(self, lang: str, data: str, game_id: int, version: int, view: SeatView,
              names: Sequence[str] = ()) -> Press:
        handled = chinese_keys.handle(game_id, version, view, data)
        if isinstance(handled, chinese_keys.Refusal):
            return Refusal(handled.value)
        mask, play = handled
        if play is not None:
            return MakeMove(play)
        markup = self._markup(lang, game_id, version, view, mask)
        assert markup is not None
        return Reselect(markup)

    def table_picture(self, lang: str, view: SeatView, names: list[str],
                      banner: str | None = None, banner_detail: str | None = None
                      ) -> tuple[bytes, str]:
        from renderer.chinese import render_chinese
        try:
            data, _ = render_chinese(public_detail(view, names), tr(lang, "chinese.banker"))
        except Exception:  # a picture must never stop the game
            import logging
            logging.getLogger(__name__).exception("rendering the chinese table failed")
            return fallback_picture(), "table.png"
        return data, "table.jpg"

    def table_text(self, lang: str, game: GameInfo, view: SeatView,
                   results: Sequence[MoveResult] = (), auto: Collection[int] = (), *,
                   mention: int | None = None) -> str:
        esc = html.escape
        names = seat_names(lang, game)
        header = tr(lang, "table.header", variant=variant_name(lang, game.variant),
                    round=view.round_index + 1)
        out = [f"<b>{esc(header)}</b>"]
        moves = caption_moves(lang, game, results, auto)
        if moves:
            out.append(esc(tr(lang, "table.last", move=SEP.join(moves))))
        trick = trick_text(lang, names, view, own=False)
        out.append(esc(tr(lang, "chinese.trick", plays=trick) if trick
                       else tr(lang, "chinese.no_trick")))
        out.append(esc(tr(lang, "chinese.tricks", tricks=_tricks_text(names, view))))
        banker = _detail(view).get("banker")
        if isinstance(banker, int) and 0 <= banker < len(names):
            out.append(esc(tr(lang, "chinese.banker_is", name=names[banker])))
        if game.status == "cancelled":
            out.append(esc(tr(lang, "table.cancelled")))
        elif view.outcome is not None:
            out.append(esc(tr(lang, "table.over")))
            out.append(esc(result_line(lang, game, view, view.outcome)))
            out.extend(esc(line) for line in reason_lines(lang, game, view, view.outcome))
        elif view.turn is not None:
            name = esc(names[view.turn])
            if mention is not None:
                name = f'<a href="tg://user?id={mention}">{name}</a>'
            before, after = tr(lang, "table.turn", name="\0").split("\0")
            out.append(esc(before) + name + esc(after))
        out.append(esc(tr(lang, "table.score", score=score_text(lang, game, view))))
        return "\n".join(out)


CHINESE = ChineseBotKind()
