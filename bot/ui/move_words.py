"""How the bot names a move: one dispatch on the move's type, :func:`move_words`.

A move is named two ways. In a caption or a text table it is a sentence with its
player's name and what it did ("Anna: 6-3 ⬅W +10"): ``move_words(move, lang,
Said(...))``, or :func:`move_text` for a move as played. In the post-game review it
is the move alone ("6-3 ⬅W"): ``move_words(move, lang)``. The moves of the domino kind
are named here; a kind with moves of its own names them in its module under
bot/kinds/ (``@move_words.register``), which bot/kinds/registry.py imports.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import singledispatch

from bot.texts import plural, tr, trn
from bot.ui.keyboards import end_label, tile_label
from bot.ui.names import seat_name
from bot.ui.scoring_words import signed
from engine.core.moves import Cut, Done, Draw, End, Open, Pass, Place, Take
from engine.core.results import MoveResult
from service.types import GameInfo

CAPTION_MOVES_CHARS = 600  # the moves line of a caption (Telegram allows 1024 in all)


@dataclass(frozen=True, slots=True)
class Said:
    """A move as a caption tells it: the game, the move as played (its points, its
    notation, the end it went on) and the shown name of whoever made it."""

    game: GameInfo
    result: MoveResult
    name: str


@singledispatch
def move_words(move: object, lang: str, said: Said | None = None, *, end: bool = True) -> str:
    """The words for ``move``: with ``said``, the caption's sentence; without, the move
    alone as the review names a choice (``end``: a placed tile with the end it went on).
    A move no kind names has no sentence; alone it is its written form."""
    if said is None:
        return str(move)  # a take, or a kind's own move, is never a review's choice
    raise TypeError(f"no words for the move {move!r}")


def move_text(lang: str, game: GameInfo, result: MoveResult) -> str:
    """A move as played, in a caption's words ("Anna: 6-3 ⬅W +10")."""
    said = Said(game, result, seat_name(lang, game.seats[result.seat]))
    return move_words(result.move, lang, said)


@move_words.register
def _place(move: Place, lang: str, said: Said | None = None, *, end: bool = True) -> str:
    if said is None:
        where = f" {end_label(lang, move.end)}" if end and move.end is not None else ""
        return f"{tile_label(move.tile)}{where}"
    result = said.result
    if move.face_down:
        at = f" {end_label(lang, move.end)}" if move.end is not None else ""
        return tr(lang, "move.face_down", name=said.name, tile=tile_label(move.tile), end=at)
    placed = result.notation.split("+")[-1].split(":")[0]
    if result.end is End.W:  # the record writes the touching pip first; show it as it lies
        placed = "-".join(reversed(placed.split("-")))
    at = f" {end_label(lang, result.end)}" if result.end is not None else ""
    text = tr(lang, "move.place", name=said.name, tile=placed, end=at)
    if result.bonuses:  # each named bonus on a line of its own: "Anna: capicúa! +25"
        for bonus, points in result.bonuses:
            text += "\n" + tr(lang, f"bonus.{bonus}", name=said.name, points=points)
    elif result.points:
        text += tr(lang, "move.points", points=result.points)
    return text


@move_words.register
def _cut(move: Cut, lang: str, said: Said | None = None, *, end: bool = True) -> str:
    if said is None:  # kolbasa's cut: the scissors and the tile
        return f"✂{tile_label(move.tile)}"
    game, result = said.game, said.result
    other = seat_name(lang, game.seats[1 - result.seat]) if len(game.seats) == 2 else ""
    return tr(lang, "move.cut", name=said.name, tile=result.notation.split(":")[-1],
              count=plural(lang, result.moved, "tile"), other=other)  # notation cut:x-y


@move_words.register
def _draw_or_pass(move: Draw | Pass, lang: str, said: Said | None = None, *,
                  end: bool = True) -> str:
    verb = "draw" if isinstance(move, Draw) else "pass"
    if said is None:
        return tr(lang, f"review.{verb}")
    if said.result.points < 0:  # what it cost (triangular)
        return tr(lang, f"move.{verb}_points", name=said.name,
                  points=signed(said.result.points))
    return tr(lang, f"move.{verb}", name=said.name)


@move_words.register
def _open(move: Open, lang: str, said: Said | None = None, *, end: bool = True) -> str:
    if said is None:
        return tr(lang, "review.open", end=end_label(lang, move.end))
    return tr(lang, "move.open", name=said.name, end=end_label(lang, move.end))


@move_words.register
def _done(move: Done, lang: str, said: Said | None = None, *, end: bool = True) -> str:
    if said is None:
        return tr(lang, "review.done")
    return tr(lang, "move.done", name=said.name)


@move_words.register
def _take(move: Take, lang: str, said: Said | None = None, *, end: bool = True) -> str:
    if said is None:
        return str(move)  # a take is never a choice
    return tr(lang, "move.take", name=said.name, count=plural(lang, len(move.tiles), "tile"))


def caption_moves(lang: str, game: GameInfo, last: Sequence[MoveResult],
                  auto: Collection[int]) -> list[str]:
    """The lines of a caption that name the moves just made (every kind's table text
    and caption use them): one player's draws in a row are one line, a pass made for
    him (``auto``: the indexes in ``last`` of the moves made automatically) says so."""
    out = []
    i = 0
    while i < len(last):
        result = last[i]
        j = i + 1
        if result.new_round:
            i = j
            continue
        name = seat_name(lang, game.seats[result.seat])
        if isinstance(result.move, Draw):
            while j < len(last) and isinstance(last[j].move, Draw) \
                    and last[j].seat == result.seat and not last[j].new_round:
                j += 1
            count = j - i
            text = (trn(lang, "move.draws", count, name=name, count=count) if count > 1
                    else move_text(lang, game, result))
        elif isinstance(result.move, Pass) and i in auto:
            text = tr(lang, "move.auto_pass", name=name)
        else:
            text = move_text(lang, game, result)
        out.append(text)  # a computer's name carries its 🤖
        i = j
    return out


__all__ = ["CAPTION_MOVES_CHARS", "Said", "caption_moves", "move_text", "move_words"]
