"""A tournament's words: its registration message and buttons, a round's pairings,
the results and standings after each game, the winner. Values in, text out."""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.texts import plural, tr, variant_name
from bot.ui.callbacks import TournamentAction, encode
from service.tiebreaks import Standing
from service.tournament_types import TournamentInfo, TournamentPairing

__all__ = ["pairings_text", "points_text", "registration_keyboard", "registration_text",
           "results_text", "standings_text", "winner_text"]


def points_text(points: float | None) -> str:
    """1, ½, 2½: a score as the standings write it."""
    if points is None:
        return "–"
    whole, half = int(points), points - int(points) >= 0.5
    if not half:
        return str(whole)
    return "½" if whole == 0 else f"{whole}½"


def registration_text(lang: str, t: TournamentInfo) -> str:
    names = ", ".join(f"{p.seq}. {p.name}" for p in t.players) or tr(lang, "tournament.nobody")
    head = tr(lang, "tournament.open", variant=variant_name(lang, t.variant),
              days=plural(lang, t.days, "day"))
    if t.status == "cancelled":
        return head + "\n\n" + tr(lang, "tournament.cancelled")
    if t.status != "registration":
        return head + "\n\n" + tr(lang, "tournament.registered_closed", names=names)
    return head + "\n\n" + tr(lang, "tournament.registered", names=names)


def registration_keyboard(lang: str, t: TournamentInfo) -> InlineKeyboardMarkup | None:
    if t.status != "registration":
        return None
    tid = t.tournament_id

    def button(key: str, action: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(tr(lang, key),
                                    callback_data=encode(TournamentAction(tid, action)))

    return InlineKeyboardMarkup([
        [button("btn.tournament_join", "j"), button("btn.tournament_leave", "q")],
        [button("btn.tournament_start", "go"), button("btn.tournament_cancel", "x")]])


def _pair_line(lang: str, p: TournamentPairing) -> str:
    if p.b is None:
        return tr(lang, "tournament.bye", name=p.a.name)
    return tr(lang, "tournament.pair", a=p.a.name, b=p.b.name)


def pairings_text(lang: str, t: TournamentInfo, round: int) -> str:
    """``🏆 Round 2 of 3:`` and a line a pairing (played in this order)."""
    lines = [tr(lang, "tournament.round", round=round, rounds=t.rounds,
                format=tr(lang, f"tournament.format.{t.format}"))]
    lines += [_pair_line(lang, p) for p in t.round_pairings(round)]
    return "\n".join(lines)


def _result_line(lang: str, p: TournamentPairing) -> str:
    if p.b is None:
        return tr(lang, "tournament.bye_result", name=p.a.name, score=points_text(p.score_a))
    return tr(lang, f"tournament.result.{p.decided}", a=p.a.name, b=p.b.name,
              sa=points_text(p.score_a), sb=points_text(p.score_b))


def _standing_line(lang: str, s: Standing) -> str:
    line = tr(lang, "tournament.line", place=s.place, name=s.name,
              points=points_text(s.points), wins=s.wins, draws=s.draws, losses=s.losses,
              sb=points_text(s.sonneborn_berger))
    return line + (" " + tr(lang, "tournament.withdrew_mark") if s.withdrawn else "")


def standings_text(lang: str, t: TournamentInfo) -> str:
    decided = len(t.decided)
    lines = [tr(lang, "tournament.standings", done=decided, total=len(t.pairings),
                round=t.round, rounds=t.rounds)]
    lines += [_standing_line(lang, s) for s in t.standings]
    lines.append(tr(lang, "tournament.tiebreaks"))
    return "\n".join(lines)


def results_text(lang: str, t: TournamentInfo, results: Sequence[TournamentPairing]) -> str:
    """The results just decided, then the standings."""
    return "\n".join([_result_line(lang, p) for p in results]) + "\n\n" \
        + standings_text(lang, t)


def winner_text(lang: str, t: TournamentInfo) -> str:
    winner = t.winner
    assert winner is not None
    return tr(lang, "tournament.winner", name=winner.name, variant=variant_name(lang, t.variant),
              points=points_text(winner.points)) + "\n\n" + standings_text(lang, t)
