"""The words of a lobby and of the settings panel, and of ``/rules``: who sits where,
the options that apply and what each means, the lobby once closed. Pure functions
of a game and the catalogues."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts import tr, variant_name, variant_text
from bot.ui.keyboards import (
    bool_options,
    fish_point_offered,
    next_number,
    next_rounds,
    next_set,
    offered_options,
    option_applies,
    option_now,
    own_key,
    preset_name,
    rounds_value,
    set_value,
    target_value,
    teams_offered,
    teams_shown,
    teams_value,
)
from bot.ui.names import seat_name, seat_names
from bot.ui.result_words import reason_lines, result_line
from bot.ui.variant_names import variant_names
from engine.core.options import OptionKind, declared_options
from service.types import GameInfo


def variant_list(lang: str, command: str = "newgame") -> str:
    """One line per variant: its name and the command that takes it."""
    return "\n".join(f"• {variant_name(lang, name)} — /{command} {name}"
                     for name in variant_names())


def rules_text(lang: str, variant: str) -> str:
    """One variant's rules as /rules shows them: the one place that builds them."""
    body = variant_text(lang, f"rules.{variant}", variant)
    return "\n".join([f"📖 {variant_name(lang, variant)}", body,
                      "", options_help(lang, variant), "", tr(lang, "rules.ends_legend")])


def option_lines(lang: str, game: GameInfo) -> list[tuple[str, str]]:
    """The options that apply to this lobby, as (option, "Name: value") lines: what
    start() will play (teams only with four seated, `locked` not with four)."""
    lines: list[tuple[str, str]] = []
    preset = preset_name(lang, game)
    if preset is not None:
        lines.append(("preset", tr(lang, "lobby.preset", value=preset)))
    if teams_shown(game):
        yes_no = tr(lang, "yes" if teams_value(game) else "no")
        lines.append(("teams", tr(lang, "lobby.teams", value=yes_no)))
    target = target_value(game)
    if target is not None:
        key = "lobby.target" if "target" in game.options else "lobby.target_default"
        lines.append(("target", tr(lang, key, value=target)))
    if fish_point_offered(game):
        yes_no = tr(lang, "yes" if game.options.get("fish_point") else "no")
        lines.append(("fish_point", tr(lang, "lobby.fish_point", value=yes_no)))
    if next_rounds(game) is not None:
        rounds = rounds_value(game)
        lines.append(("rounds", tr(lang, "lobby.rounds", value=rounds) if rounds
                      else tr(lang, own_key("lobby.rounds_off", game.variant))))
    if next_set(game) is not None:
        lines.append(("set", tr(lang, "lobby.set", value=set_value(game))))
    for declared in declared_options():  # the other number options (capicua's bonuses)
        name, key = declared.name, declared.key
        if declared.kind is OptionKind.BOOL or name in ("teams", "target", "rounds", "set") \
                or next_number(game, name) is None or not option_applies(game, name):
            continue
        now = option_now(game, name)
        if declared.named:
            line = tr(lang, f"lobby.{key}", value=tr(lang, f"optval.{key}_{declared.word(now)}"))
        else:
            line = tr(lang, f"lobby.{key}", value=now) if now else tr(lang, f"lobby.{key}_off")
        lines.append((name, line))
    for name, _, value in bool_options(game):
        lines.append((name, tr(lang, f"lobby.{name}", value=tr(lang, "yes" if value else "no"))))
    return lines


def _player_lines(lang: str, game: GameInfo) -> list[str]:
    lines = [tr(lang, "lobby.players", count=len(game.seats), max=game.max_players)]
    for s in game.seats:
        if s.ai_level is not None:
            lines.append(tr(lang, "lobby.ai_player", number=s.seat + 1,
                            name=seat_name(lang, s),
                            level=tr(lang, f"ai.{s.ai_level}")))
        else:
            lines.append(tr(lang, "lobby.player", number=s.seat + 1, name=seat_name(lang, s)))
    return lines


def lobby_text(lang: str, game: GameInfo, *, needs_start: Sequence[str] = ()) -> str:
    """The group's lobby: the players, the options that apply, how to join; the names
    of those who must open the private chat first (the lobby's buttons open it)."""
    lines = [tr(lang, "lobby.title", variant=variant_name(lang, game.variant)), ""]
    lines.extend(_player_lines(lang, game))
    options = option_lines(lang, game)
    if options:
        lines.append("")
        lines.extend(line for _, line in options)
    lines.append("")
    hint = "lobby.solo_hint" if game.solo else "lobby.hint"
    lines.append(tr(lang, hint, min=game.min_players, max=game.max_players))
    if needs_start:
        lines.append(tr(lang, "lobby.needs_start", names=", ".join(needs_start)))
    return "\n".join(lines)


def option_help(lang: str, option: str, variant: str | None = None) -> str:
    """The one-line explanation of an option ("partners sit opposite ..."); a variant
    may explain it its own way (``opt.<variant>.<option>``: chinese's rounds)."""
    return tr(lang, own_key(f"opt.{option}", variant) if variant is not None
              else f"opt.{option}")


def settings_text(lang: str, game: GameInfo) -> str:
    """The settings panel (in the private chat of the creator or an admin): the
    variant, the players, every option that applies with what it means."""
    lines = [tr(lang, "panel.title", variant=variant_name(lang, game.variant)), ""]
    lines.extend(_player_lines(lang, game))
    options = option_lines(lang, game)
    if options:
        lines.append("")
        for name, line in options:
            lines.append(f"{line} — {option_help(lang, name, game.variant)}")
    if teams_offered(game.variant) and not teams_shown(game):
        lines.append(tr(lang, "panel.teams_later"))
    lines.append("")
    lines.append(tr(lang, "panel.hint"))
    return "\n".join(lines)


def variant_page_text(lang: str, game: GameInfo) -> str:
    """The settings panel's variant page: the game's variant now, and what to do."""
    return "\n".join((tr(lang, "panel.title", variant=variant_name(lang, game.variant)), "",
                      tr(lang, "panel.variants_hint")))


def closed_panel_text(lang: str, game: GameInfo) -> str:
    """The settings panel once closed: why, and that it has no buttons any more."""
    key = {"lobby": "panel.closed", "playing": "panel.started",
           "finished": "panel.started"}.get(game.status, "panel.cancelled")
    return tr(lang, key, variant=variant_name(lang, game.variant))


def options_help(lang: str, variant: str) -> str:
    """What the `/rules` of a variant adds: the house options it offers, one line
    each, and who chooses them."""
    names = offered_options(variant)
    if not names:
        return tr(lang, "rules.no_options")
    lines = [tr(lang, "rules.options")]
    lines.extend(f"• {tr(lang, f'optname.{name}')}: {option_help(lang, name, variant)}"
                 for name in names)
    return "\n".join(lines)


def closed_lobby_text(lang: str, game: GameInfo) -> str:
    """The lobby once the game started: who plays, and (once over) how it ended (its
    title no longer says "New game")."""
    names = ", ".join(seat_names(lang, game))
    title = tr(lang, "lobby.closed_title", variant=variant_name(lang, game.variant))
    head = f"{title}\n{names}\n\n"
    if game.status == "cancelled":
        return head + tr(lang, "lobby.cancelled")
    if game.commitment is not None:  # the deals' commitment, from the start on
        head += tr(lang, "lobby.commitment", commitment=game.commitment) + "\n"
    outcome = game.outcome
    if game.status == "finished" and outcome is not None and game.view is not None:
        return head + tr(lang, "lobby.over", result=result_line(lang, game, game.view,
                                                                  outcome)) \
            + "".join("\n" + line for line in reason_lines(lang, game, game.view, outcome))
    view = game.view
    if view is None or view.round_index > 0 or view.leader >= len(game.seats):
        return head + tr(lang, "lobby.started")
    return head + tr(lang, "lobby.started_by", name=seat_name(lang, game.seats[view.leader]))


__all__ = ["closed_lobby_text", "closed_panel_text", "lobby_text", "option_help", "option_lines",
           "options_help", "rules_text", "settings_text", "variant_list",
           "variant_page_text"]
