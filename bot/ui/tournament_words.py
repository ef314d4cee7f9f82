"""A tournament's words: its registration message and buttons, a round's pairings,
the results and standings after each game, the winner. Values in, text out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.texts import plural, tr, variant_name
from bot.ui.callbacks import TournamentAction, encode
from engine.core.options import OptionKind, declared_option
from engine.variants import get_variant
from renderer.standings import StandingRow, Standings
from service.options import accepted_options, allowed_values
from service.tiebreaks import Standing
from service.tournament_types import TournamentInfo, TournamentPairing, TournamentPlayer

__all__ = ["CAPTION_LIMIT", "entrant_name", "option_arguments", "options_text", "pairings_text",
           "points_text", "registration_keyboard", "registration_text", "results_caption",
           "results_text", "standings_picture", "standings_table", "standings_text",
           "winner_caption", "winner_text"]

# Telegram's limit on a photo's caption, in characters.
CAPTION_LIMIT = 1024


def points_text(points: float | None) -> str:
    """1, ½, 2½: a score as the standings write it."""
    if points is None:
        return "–"
    whole, half = int(points), points - int(points) >= 0.5
    if not half:
        return str(whole)
    return "½" if whole == 0 else f"{whole}½"


def options_text(lang: str, options: Mapping[str, object]) -> str:
    """A tournament's house options in a line: ``Target: 150; Fish point: yes``."""
    parts = []
    for name, value in options.items():
        declared = declared_option(name)
        if isinstance(value, bool):
            shown = tr(lang, "yes" if value else "no")
        elif declared is not None and declared.named and isinstance(value, int) \
                and declared.word(value) is not None:
            shown = tr(lang, f"optval.{declared.key}_{declared.word(value)}")
        else:
            shown = str(value)
        parts.append(f"{tr(lang, f'optname.{name}')}: {shown}")
    return "; ".join(parts)


# The most waiting teams the registration message offers a button to join (the rest
# are named in its text, and offered as the first ones fill).
MAX_TEAM_BUTTONS = 8


def entrant_name(lang: str, p: TournamentPlayer) -> str:
    """A player's name, or a team's two names (``Anna & Boris``)."""
    if p.partner is None:
        return p.name
    return tr(lang, "tournament.team", a=p.name, b=p.partner)


def _names(lang: str, t: TournamentInfo) -> dict[int, str]:
    """Each entrant's name by number."""
    return {p.seq: entrant_name(lang, p) for p in t.players}


def option_arguments(lang: str, variant: str) -> str:
    """The house options a tournament of ``variant`` takes, a line each as typed after
    /tournament: ``• target=100|150|200|250 — Target`` (``teams=on`` where the variant
    is played by two teams of two)."""
    lines = []
    if "teams" in accepted_options(variant) and 2 in get_variant(variant).players_allowed:
        lines.append(f"• teams=on — {tr(lang, 'tournament.teams_option')}")
    for name in sorted(accepted_options(variant) - {"teams"}):
        declared = declared_option(name)
        values = allowed_values(variant, name) or ()
        if declared is not None and declared.kind is OptionKind.BOOL:
            shown = "on|off"
        elif declared is not None and declared.named:
            shown = "|".join(w for w in (declared.word(v) for v in values) if w)
        else:
            shown = "|".join(str(v) for v in values)
        lines.append(f"• {name}={shown} — {tr(lang, f'optname.{name}')}")
    return "\n".join(lines) or tr(lang, "rules.no_options")


def _registered(lang: str, p: TournamentPlayer, teams: bool) -> str:
    if teams and p.partner is None:
        return f"{p.seq}. " + tr(lang, "tournament.team_waiting", name=p.name)
    return f"{p.seq}. {entrant_name(lang, p)}"


def registration_text(lang: str, t: TournamentInfo) -> str:
    names = ", ".join(_registered(lang, p, t.teams) for p in t.players) \
        or tr(lang, "tournament.nobody")
    head = tr(lang, "tournament.open_teams" if t.teams else "tournament.open",
              variant=variant_name(lang, t.variant), days=plural(lang, t.days, "day"))
    options = {k: v for k, v in t.options.items() if k != "teams"}
    if options:
        head += "\n" + tr(lang, "tournament.options", options=options_text(lang, options))
    if t.status == "cancelled":
        return head + "\n\n" + tr(lang, "tournament.cancelled")
    if t.status != "registration":
        return head + "\n\n" + tr(lang, "tournament.registered_closed", names=names)
    return head + "\n\n" + tr(lang, "tournament.registered_teams" if t.teams
                                else "tournament.registered", names=names)


def registration_keyboard(lang: str, t: TournamentInfo) -> InlineKeyboardMarkup | None:
    if t.status != "registration":
        return None
    tid = t.tournament_id

    def button(key: str, action: str, **names: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(tr(lang, key, **names),
                                    callback_data=encode(TournamentAction(tid, action)))

    rows = [[button("btn.tournament_new_team" if t.teams else "btn.tournament_join", "j"),
             button("btn.tournament_leave", "q")]]
    if t.teams:  # a button for each team waiting for its partner
        waiting = [button("btn.tournament_join_team", f"t{p.seq}", name=p.name)
                   for p in t.players if p.partner is None][:MAX_TEAM_BUTTONS]
        rows += [waiting[i:i + 2] for i in range(0, len(waiting), 2)]
    rows.append([button("btn.tournament_start", "go"), button("btn.tournament_cancel", "x")])
    return InlineKeyboardMarkup(rows)


def _pair_line(lang: str, p: TournamentPairing) -> str:
    if p.b is None:
        return tr(lang, "tournament.bye", name=entrant_name(lang, p.a))
    return tr(lang, "tournament.pair", a=entrant_name(lang, p.a), b=entrant_name(lang, p.b))


def pairings_text(lang: str, t: TournamentInfo, round: int) -> str:
    """``🏆 Round 2 of 3:`` and a line a pairing (played in this order)."""
    lines = [tr(lang, "tournament.round", round=round, rounds=t.rounds,
                format=tr(lang, f"tournament.format.{t.format}"))]
    lines += [_pair_line(lang, p) for p in t.round_pairings(round)]
    return "\n".join(lines)


def _result_line(lang: str, p: TournamentPairing) -> str:
    if p.b is None:
        return tr(lang, "tournament.bye_result", name=entrant_name(lang, p.a),
                  score=points_text(p.score_a))
    return tr(lang, f"tournament.result.{p.decided}", a=entrant_name(lang, p.a),
              b=entrant_name(lang, p.b), sa=points_text(p.score_a), sb=points_text(p.score_b))


def _standing_line(lang: str, s: Standing, names: Mapping[int, str]) -> str:
    line = tr(lang, "tournament.line", place=s.place, name=names.get(s.seq, s.name),
              points=points_text(s.points), wins=s.wins, draws=s.draws, losses=s.losses,
              sb=points_text(s.sonneborn_berger))
    return line + (" " + tr(lang, "tournament.withdrew_mark") if s.withdrawn else "")


def standings_text(lang: str, t: TournamentInfo) -> str:
    decided = len(t.decided)
    lines = [tr(lang, "tournament.standings", done=decided, total=len(t.pairings),
                round=t.round, rounds=t.rounds)]
    names = _names(lang, t)
    lines += [_standing_line(lang, s, names) for s in t.standings]
    lines.append(tr(lang, "tournament.tiebreaks"))
    return "\n".join(lines)


def results_text(lang: str, t: TournamentInfo, results: Sequence[TournamentPairing]) -> str:
    """The results just decided, then the standings."""
    return "\n".join([_result_line(lang, p) for p in results]) + "\n\n" \
        + standings_text(lang, t)


def _won(lang: str, t: TournamentInfo) -> str:
    """``🥇 Anna wins the tournament (Draw), scoring 3!`` (a team: ``… win …``)."""
    winner = t.winner
    assert winner is not None
    return tr(lang, "tournament.winner_team" if t.teams else "tournament.winner",
              name=_names(lang, t).get(winner.seq, winner.name),
              variant=variant_name(lang, t.variant), points=points_text(winner.points))


def winner_text(lang: str, t: TournamentInfo) -> str:
    return _won(lang, t) + "\n\n" + standings_text(lang, t)


def standings_picture(lang: str, t: TournamentInfo) -> Standings:
    """The standings as the picture draws them: the same figures as the text's lines."""
    return standings_table(lang, t.variant, t.standings, len(t.decided), len(t.pairings),
                           _names(lang, t), teams=t.teams)


def standings_table(lang: str, variant: str, standings: Sequence[Standing], done: int,
                    total: int, names: Mapping[int, str] | None = None, *,
                    teams: bool = False) -> Standings:
    """The picture's values of ``standings`` of a tournament of ``variant``, ``done`` of
    its ``total`` pairings decided (``names``: the entrants' by number, where they are
    not the standings' own: teams)."""
    names = names or {}
    headings = (tr(lang, "tournament.col.place"),
                tr(lang, "tournament.col.team" if teams else "tournament.col.player"),
                tr(lang, "tournament.col.points"), tr(lang, "tournament.col.wins"),
                tr(lang, "tournament.col.draws"), tr(lang, "tournament.col.losses"),
                tr(lang, "tournament.col.sb"))
    rows = tuple(StandingRow(str(s.place), names.get(s.seq, s.name)
                             + (" " + tr(lang, "tournament.withdrew_mark") if s.withdrawn
                                else ""),
                             (points_text(s.points), str(s.wins), str(s.draws), str(s.losses),
                              points_text(s.sonneborn_berger)), withdrawn=s.withdrawn)
                 for s in standings)
    return Standings(
        tr(lang, "tournament.picture.title", variant=variant_name(lang, variant)), headings,
        rows, subtitle=tr(lang, "tournament.picture.progress", done=done, total=total),
        footnote=tr(lang, "tournament.tiebreaks"))


def _caption(lines: Sequence[str]) -> str:
    """``lines`` joined, as many as a caption holds (the standings under it tell the rest)."""
    out: list[str] = []
    for line in lines:
        if len("\n".join([*out, line, "…"])) > CAPTION_LIMIT:
            out.append("…")
            break
        out.append(line)
    return "\n".join(out)[:CAPTION_LIMIT]


def results_caption(lang: str, t: TournamentInfo, results: Sequence[TournamentPairing]) -> str:
    """The caption of the standings' picture after games: the results just decided."""
    return _caption([_result_line(lang, p) for p in results])


def winner_caption(lang: str, t: TournamentInfo,
                   results: Sequence[TournamentPairing] = ()) -> str:
    """The caption of the final standings' picture: who won, after the last results."""
    won = _won(lang, t)
    lines = [_result_line(lang, p) for p in results]
    return won if not lines else _caption([won, "", *lines])
