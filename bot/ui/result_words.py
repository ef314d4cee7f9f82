"""The words of a game's results: who won and why, the round summaries (as a
message and as a picture's caption), the line a hand shows after a round, and
``/score``. Pure functions of a game, its views and the catalogues."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts import plural, tr, variant_name
from bot.ui.names import score_text, seat_names, side_names, tiles_text
from bot.ui.scoring_words import (
    goat_text,
    limit_text,
    result_text,
    round_points_line,
    side_points,
)
from engine.core.kind import Piece
from engine.core.results import EndKind, GameOutcome, RoundEnd
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.variants import get_variant
from service.types import GameInfo


def result_line(lang: str, game: GameInfo, view: SeatView, outcome: GameOutcome) -> str:
    """Who won, in the words of the variant's family (bot.ui.scoring_words)."""
    return result_text(lang, game, view, side_names(lang, game, view), outcome)


def reason_lines(lang: str, game: GameInfo, view: SeatView, outcome: GameOutcome) -> list[str]:
    """Why the game ended: the goats named with their totals, or the reason."""
    goats = goat_text(lang, game, view, side_names(lang, game, view), outcome)
    if goats is not None:
        return [goats]
    return [tr(lang, f"game.reason.{outcome.reason.value}")]


def banner_texts(lang: str, game: GameInfo, view: SeatView) -> tuple[str | None, str | None]:
    """The result banner of the final picture (the winners, the goat), or Nones while
    the game is not over."""
    outcome = view.outcome
    if outcome is None or game.status == "cancelled":
        return None, None
    main = result_line(lang, game, view, outcome)
    return main, reason_lines(lang, game, view, outcome)[0]


def outcome_text(lang: str, game: GameInfo, view: SeatView, outcome: GameOutcome) -> str:
    lines = [f"🏆 {result_line(lang, game, view, outcome)}"]
    lines.extend(reason_lines(lang, game, view, outcome))
    return "\n".join(lines)


def zero_round_text(lang: str, game: GameInfo, view: SeatView, end: RoundEnd) -> str | None:
    """Why a round wrote nothing (for everybody, or for its winner), from the engine's
    data: eggs and their carry, a write under the variant's discard threshold."""
    cls = get_variant(game.variant)
    if cls.round_wins:
        return None  # the round's own line says it (won or drawn)
    if end.kind is EndKind.EGGS:
        if end.carry:
            return tr(lang, "round.zero.eggs_carry", carry=end.carry)
        return tr(lang, "round.zero.eggs")
    if end.winner is None:
        return tr(lang, "round.zero.none") if not any(end.points) else None
    discard = cls.discard_limit()
    losers = [i for i in range(len(end.points)) if i != end.winner]
    if discard is not None:
        if losers and all(end.points[i] == 0 for i in losers):
            return tr(lang, "round.zero.discard", limit=discard)
        return None
    if end.points[end.winner] == 0:
        return tr(lang, "round.zero.winner",
                  name=side_names(lang, game, view)[end.winner])
    return None


def _summary_blocks(lang: str, game: GameInfo, view: SeatView, end: RoundEnd,
                   round_number: int, hands: Sequence[Sequence[Piece]],
                   outcome: GameOutcome | None) -> tuple[list[str], list[str], list[str]]:
    """A round summary's lines in three blocks: how it ended; every hand; the points,
    why a round scored nothing, the score and the game's result."""
    names = seat_names(lang, game)
    who = names[end.seat]
    if end.kind is EndKind.DOMINO:
        head = [tr(lang, "round.domino", round=round_number, name=who)]
    elif end.kind is EndKind.FISH:
        head = [tr(lang, "round.fish", round=round_number, name=who)]
    elif end.kind is EndKind.TRICKS:  # chinese: every hand is empty at the round's end
        head = [tr(lang, "round.tricks", round=round_number, name=who)]
    else:
        head = [tr(lang, "round.eggs", round=round_number, carry=end.carry)]
    if get_variant(game.variant).round_wins:
        head.append(tr(lang, "round.general_won" if end.winner is not None
                       else "round.general_drawn"))
    hand_lines = [tr(lang, "round.hands")] if end.kind is not EndKind.TRICKS else []
    for seat, hand in enumerate(hands if hand_lines else ()):
        tiles = tiles_text(hand) or tr(lang, "hand.none")
        pips = end.pips[seat] if seat < len(end.pips) else sum(
            t.pips for t in hand if isinstance(t, Tile))
        hand_lines.append(tr(lang, "round.hand", name=names[seat], tiles=tiles, pips=pips))
    sides = side_names(lang, game, view)
    tail = [round_points_line(lang, game, view, sides, end.points)]
    why = zero_round_text(lang, game, view, end)
    if why is not None:
        tail.append(why)
    tail.append(tr(lang, "round.score", score=score_text(lang, game, view)))
    if outcome is not None:
        tail.append("")
        tail.append(outcome_text(lang, game, view, outcome))
    return head, hand_lines, tail


def round_summary(lang: str, game: GameInfo, view: SeatView, end: RoundEnd, round_number: int,
                  hands: Sequence[Sequence[Piece]], outcome: GameOutcome | None) -> str:
    head, hand_lines, tail = _summary_blocks(lang, game, view, end, round_number, hands,
                                             outcome)
    return "\n".join([*head, *hand_lines, *tail])[:4096]


CAPTION_LIMIT = 1024  # Telegram's limit of a photo's caption


def round_summary_parts(lang: str, game: GameInfo, view: SeatView, end: RoundEnd,
                        round_number: int, hands: Sequence[Sequence[Piece]],
                        outcome: GameOutcome | None) -> tuple[str, str]:
    """The round's summary as a picture's caption and the rest ("" when it all fits):
    a summary too long for a caption keeps how the round ended, the points and the
    score in the caption; the hands go to a text message."""
    full = round_summary(lang, game, view, end, round_number, hands, outcome)
    if len(full) <= CAPTION_LIMIT:
        return full, ""
    head, hand_lines, tail = _summary_blocks(lang, game, view, end, round_number, hands,
                                             outcome)
    caption: list[str] = []
    rest: list[str] = []
    for line in [*head, *tail]:
        if not rest and len("\n".join([*caption, line])) <= CAPTION_LIMIT:
            caption.append(line)
        else:
            rest.append(line)
    return "\n".join(caption), "\n".join([*hand_lines, *rest])[:4096]


def round_caption(lang: str, game: GameInfo, view: SeatView, end: RoundEnd,
                  round_number: int, hands: Sequence[Sequence[Piece]],
                  outcome: GameOutcome | None, limit: int = CAPTION_LIMIT) -> str:
    """A round's whole summary in one message of at most ``limit`` characters (a
    photo's caption): all of it when it fits; else each hand as its count of tiles
    and pips; else how the round ended, the points and the score alone."""
    full = round_summary(lang, game, view, end, round_number, hands, outcome)
    if len(full) <= limit:
        return full
    head, hand_lines, tail = _summary_blocks(lang, game, view, end, round_number, hands,
                                             outcome)
    if hand_lines:
        names = seat_names(lang, game)
        counted = [hand_lines[0]] + [
            tr(lang, "round.hand", name=names[seat], tiles=plural(lang, len(hand), "tile"),
               pips=end.pips[seat] if seat < len(end.pips) else 0)
            for seat, hand in enumerate(hands)]
        short = "\n".join([*head, *counted, *tail])
        if len(short) <= limit:
            return short
    caption, _ = round_summary_parts(lang, game, view, end, round_number, hands, outcome)
    return caption[:limit]


def round_note(lang: str, game: GameInfo, view: SeatView, seat: int, end: RoundEnd,
               round_number: int) -> str:
    """The line a player's private hand shows after a round's end: how it ended, what
    his side got, the score (his side's first): "🐟 Round 2: fish · your side: +45 ·
    score 45:0"."""
    side = next((i for i, s in enumerate(view.sides) if seat in s), 0)
    points = end.points[side] if side < len(end.points) else 0
    totals = list(view.totals)
    score = ":".join(str(t) for t in [totals[side], *totals[:side], *totals[side + 1:]]) \
        if side < len(totals) else ":".join(map(str, totals))
    names = seat_names(lang, game)
    name = names[end.seat] if end.seat < len(names) else ""
    return tr(lang, f"note.{end.kind.value}", round=round_number, name=name,
              points=side_points(lang, game, points), score=score)


def score_message(lang: str, game: GameInfo, view: SeatView) -> str:
    return "\n".join([
        tr(lang, "score.title", variant=variant_name(lang, game.variant),
           round=view.round_index + 1),
        *(f"{n} — {t}" for n, t in zip(side_names(lang, game, view), view.totals,
                                       strict=True)),
        *([limit.strip()] if (limit := limit_text(lang, game, view)) else []),
    ])


def last_result_message(lang: str, game: GameInfo) -> str | None:
    """/score once no game is played: the last game's result (None: none to show)."""
    view, outcome = game.view, game.outcome
    if view is None or outcome is None or game.status != "finished":
        return None
    return "\n".join([
        tr(lang, "score.last", variant=variant_name(lang, game.variant)),
        result_line(lang, game, view, outcome),
        *reason_lines(lang, game, view, outcome),
        tr(lang, "table.score", score=score_text(lang, game, view)),
    ])


__all__ = ["CAPTION_LIMIT", "banner_texts", "last_result_message", "outcome_text", "reason_lines",
           "result_line", "round_caption", "round_note", "round_summary",
           "round_summary_parts", "score_message", "zero_round_text"]
