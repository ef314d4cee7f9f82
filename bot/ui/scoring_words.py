"""The words of a side's points: who gains and who loses.

A penalty variant (the goat family, kolbasa) writes points against a side and the
total that reaches the limit loses; a scoring variant credits points to a side. One
function per family decides the sign and the words, read from the variant's own
facts (``penalty_scoring``, ``losing_total``, ``pip_scoring``); every text of the
score (the captions, the hands, the round summary, /score, the banner) uses them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts import plural, tr
from engine.core.errors import OptionsError
from engine.core.results import GameEndReason, GameOutcome
from engine.core.view import SeatView
from engine.variants import get_variant, make_variant
from service.types import GameInfo

SEP = " · "
MINUS = "\u2212"  # a true minus sign, not a hyphen


def signed(points: int) -> str:
    """Points with their sign: "+15", "−15", "+0"."""
    return f"+{points}" if points >= 0 else f"{MINUS}{-points}"


def is_penalty(game: GameInfo) -> bool:
    """Whether the game's points are written against a side (lower is better)."""
    return get_variant(game.variant).penalty_scoring


def losing_total(game: GameInfo, view: SeatView) -> int | None:
    """The total that loses a penalty game (None: a scoring game, or none known)."""
    if not is_penalty(game):
        return None
    try:
        return make_variant(game.variant, view.players, game.options).losing_total()
    except OptionsError:  # a record's options the variant no longer takes
        return None


def amount(lang: str, game: GameInfo, n: int) -> str:
    """A count of the variant's points with its noun: "103 points", "1 stick"."""
    return plural(lang, n, "point" if get_variant(game.variant).pip_scoring else "stick")


def limit_text(lang: str, game: GameInfo, view: SeatView) -> str:
    """" (101 loses)" in a penalty game, "" in a scoring one."""
    limit = losing_total(game, view)
    return tr(lang, "score.loses_at", limit=limit) if limit is not None else ""


def side_points(lang: str, game: GameInfo, points: int) -> str:
    """One side's points of a round: "45 written" (or "44 taken off", a total set back)
    in a penalty game, "+15" otherwise."""
    if is_penalty(game):
        if points < 0:
            return tr(lang, "score.taken_amount", points=-points)
        return tr(lang, "score.written_amount", points=points)
    return signed(points)


def round_points_line(lang: str, game: GameInfo, view: SeatView, names: Sequence[str],
                      points: Sequence[int]) -> str:
    """The round's points: "45 written to Anna and 🤖 Computer 1 (101 loses)" in a
    penalty game (only the sides written to); "Round points: Anna — +15 · Boris — +0"
    in a scoring one."""
    if not is_penalty(game):
        return tr(lang, "round.points", points=SEP.join(
            f"{n} — {signed(p)}" for n, p in zip(names, points, strict=True)))
    # a total set back (sea_kozel's reset) is points taken off, not written
    writes = [tr(lang, "score.written_to" if p > 0 else "score.taken_from", points=abs(p),
                 names=n) for n, p in zip(names, points, strict=True) if p]
    if not writes:
        return tr(lang, "score.written_none") + limit_text(lang, game, view)
    return SEP.join(writes) + limit_text(lang, game, view)


def totals_text(lang: str, game: GameInfo, view: SeatView, names: Sequence[str]) -> str:
    """The totals: "Anna — 45 · Boris — 0", a penalty game's with what loses."""
    totals = SEP.join(f"{n} — {t}" for n, t in zip(names, view.totals, strict=True))
    return totals + limit_text(lang, game, view)


def result_text(lang: str, game: GameInfo, view: SeatView, names: Sequence[str],
                outcome: GameOutcome) -> str:
    """Who won: a penalty game names the winners and what is written to them ("Boris
    won, 0 points written"); a scoring game of two sides the score, the winners' first
    ("Anna won 101 — 87"); with more sides, the winners each with his total."""
    totals = view.totals
    if is_penalty(game):
        won = [tr(lang, "result.winner_entry", names=names[i],
                  points=amount(lang, game, totals[i]))
               for i in outcome.winners]
        return tr(lang, "result.won_written", names="; ".join(won))
    if len(totals) != 2 or len(outcome.winners) != 1:  # "Anna (82), Boris (106) won"
        winners = ", ".join(f"{names[i]} ({totals[i]})" for i in outcome.winners)
        return tr(lang, "result.won_many", names=winners)
    winner = outcome.winners[0] if outcome.winners else 0
    score = f"{totals[winner]} — {totals[1 - winner]}"
    return tr(lang, "result.won", names=names[winner], score=score)


def goat_text(lang: str, game: GameInfo, view: SeatView, names: Sequence[str],
              outcome: GameOutcome) -> str | None:
    """The goats with their totals ("🐐 Goats: Anna and 🤖 Computer 1, 103 points"):
    "goats" for a pair or several losers, "goat" for one player; None when the game
    did not end by a goat."""
    if outcome.reason is not GameEndReason.GOAT or not outcome.losers:
        return None
    seats = sum(len(view.sides[i]) for i in outcome.losers)
    entries = [tr(lang, "result.entry", names=names[i],
                  points=amount(lang, game, view.totals[i])) for i in outcome.losers]
    return tr(lang, "result.goat.one" if seats == 1 else "result.goat.many",
              names="; ".join(entries))
