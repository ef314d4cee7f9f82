"""Inline keyboards as pure functions of the game (no I/O, no state)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.texts import LANGUAGES, has_text, language_name, tr, variant_name
from bot.ui.callbacks import (
    AI_LETTER,
    HELP_PAGES,
    SIGNALS,
    CancelAgree,
    ChooseLanguage,
    ForgetChoice,
    HandPress,
    HelpPage,
    JoinCalled,
    LobbyAction,
    PlaySolo,
    RulesOf,
    Signal,
    TileInfo,
    encode,
    option_button,
    press_of,
)
from bot.ui.variant_names import variant_names
from engine.core.errors import EngineError
from engine.core.moves import DONE, DRAW, PASS, Cut, End, Move, Open, Place
from engine.core.options import OptionKind, OptionValue, declared_options
from engine.core.tiles import Tile
from engine.domino.table import Table, TableSnapshot
from engine.domino.variant import domino_rules
from engine.domino.view import DominoView
from engine.variants import get_variant, make_variant
from service.options import accepted_options, lobby_choices, option_spec
from service.types import AI_LEVELS, GameInfo

TILES_PER_ROW = 4
END_ARROWS = {End.W: "⬅", End.E: "➡", End.N: "⬆", End.S: "⬇"}
MARK = "✅"


def _button(text: str, data: object) -> InlineKeyboardButton:
    return InlineKeyboardButton(text, callback_data=encode(data))  # type: ignore[arg-type]


def tile_label(tile: Tile) -> str:
    return f"{tile.a}-{tile.b}"


def end_label(lang: str, end: End) -> str:
    """An open end as the player reads it: its arrow and its side in his language
    ("⬅W", "⬅З")."""
    return f"{END_ARROWS[end]}{tr(lang, f'end.{end.value}')}"


def placements(view: DominoView) -> dict[Tile, list[End | None]]:
    """The ends each tile of the hand may go on now (None: the lead), in hand order."""
    out: dict[Tile, list[End | None]] = {}
    if view.turn != view.seat:
        return out
    for move in view.legal:
        if isinstance(move, Place) and not move.face_down:
            out.setdefault(move.tile, [])
            if move.end not in out[move.tile]:
                out[move.tile].append(move.end)
    return out


def _table_of(snap: TableSnapshot) -> Table:
    """A working table rebuilt from a view's snapshot (to try a placement on a copy)."""
    return Table.restore(snap)


def _after(snap: TableSnapshot, tile: Tile, end: End) -> tuple[object, ...]:
    """What placing ``tile`` on ``end`` leaves that can matter for play and scoring: the
    open pips (and whether a double shows there), the counted ends (a double counts
    twice), whether a spinner lies and its sides are open, the four-ends pips."""
    table = _table_of(snap)
    table.place(tile, end, 0)
    ends = sorted(
        (pip, bool(table.arms[e] and table.arms[e][-1].tile.is_double))
        for e, pip in table.open_ends().items())
    four = table.four_ends()
    return (tuple(ends), tuple(sorted(table.counted_ends())), table.spinner is not None,
            table.ns_open, len(table.closed), tuple(sorted(four)) if four else None)


def distinct_ends(view: DominoView, tile: Tile, ends: Sequence[End | None]) -> list[End | None]:
    """The ends of ``ends`` that make different moves: of two ends whose placements are
    provably the same (same open pips, same counted ends, same spinner state: so the
    same points now and the same choices later) only the first is kept. Variants of
    several placements a turn or of face-down closers are never merged (the arm used
    matters there), nor is anything the engine's table cannot try."""
    if len(ends) < 2 or None in ends:
        return list(ends)
    cls = domino_rules(get_variant(view.variant))
    if cls.max_placements != 1 or cls.closers or cls.table_rules.write_end:
        return list(ends)  # (kolbasa: W and E are different players' lines)
    kept: list[End | None] = []
    seen: list[tuple[object, ...]] = []
    for end in ends:
        assert end is not None
        try:
            after = _after(view.table, tile, end)
        except (KeyError, IndexError, AssertionError):
            return list(ends)
        if after not in seen:
            seen.append(after)
            kept.append(end)
    return kept


def hint_label(hints: Mapping[tuple[Tile, End | None], int] | None, tile: Tile,
               end: End | None) -> str:
    """A scoring hint after a button's label (" +10"); nothing for 0 or no hint."""
    points = hints.get((tile, end), 0) if hints else 0
    return f" +{points}" if points > 0 else ""


def hand_keyboard(lang: str, game_id: int, version: int, view: DominoView,
                  *, active: bool = True,
                  hints: Mapping[tuple[Tile, End | None], int] | None = None
                  ) -> InlineKeyboardMarkup | None:
    """The seat's tiles as buttons: placeable ones marked (one button per end when a
    tile fits several), then draw / pass when those are the moves. ``active`` False
    (the game is over) gives no keyboard. ``hints``: the points of each placement
    (tile, end), shown after its label when more than 0 ("✅5-5 ⬅W +10")."""
    if not active:
        return None
    fits = {tile: distinct_ends(view, tile, ends) for tile, ends in placements(view).items()}
    rows: list[list[InlineKeyboardButton]] = []
    on_turn = view.turn == view.seat
    cuts = {m.tile: m for m in (view.legal if on_turn else ()) if isinstance(m, Cut)}
    owned = domino_rules(get_variant(view.variant)).table_rules.write_end  # kolbasa's owned lines

    def press(move: Move) -> HandPress:
        return press_of(game_id, version, move)
    own_end = End.W if view.seat == view.leader else End.E

    def where(e: End | None) -> str:
        if owned and e is not None and view.table.lead is not None:
            return " " + tr(lang, "btn.own_line" if e is own_end else "btn.other_line")
        return f" {end_label(lang, e)}" if e is not None else ""

    if owned and view.table.lead is None and view.forced_lead is None:
        # kolbasa: the lead's west pip starts the leader's own line, so a tile that is
        # not a double leads either way round, each a button ("5-2 · my line from 5")
        for tile in list(fits):
            if tile.is_double:
                continue
            rows.append([
                _button(f"{MARK}{tile.b}-{tile.a} " + tr(lang, "btn.lead_from", pip=tile.b),
                        press(Place(tile))),
                _button(f"{MARK}{tile.a}-{tile.b} " + tr(lang, "btn.lead_from", pip=tile.a),
                        press(Place(tile, None, tile.a))),
            ])
            del fits[tile]
    for tile, ends in fits.items():
        if len(ends) > 1 or tile in cuts:
            row = [
                _button(f"{MARK}{tile_label(tile)}{where(e)}{hint_label(hints, tile, e)}",
                        press(Place(tile, e)))
                for e in ends if e is not None
            ]
            cut = cuts.get(tile)
            if cut is not None:  # kolbasa: "on my line" and "✂ cut" side by side
                row.append(_button(tr(lang, "btn.cut", tile=tile_label(tile)), press(cut)))
            rows.append(row)
    singles = [
        _button(f"{MARK}{tile_label(tile)}{where(ends[0]) if owned else ''}"
                f"{hint_label(hints, tile, ends[0])}",
                press(Place(tile, ends[0])))
        for tile, ends in fits.items() if len(ends) == 1 and tile not in cuts
    ]
    others = [
        _button(tile_label(tile), TileInfo(game_id, version, tile))
        for tile in sorted(view.hand, key=lambda t: (t.a, t.b)) if tile not in fits
    ]
    plain = singles + others
    rows.extend(plain[i:i + TILES_PER_ROW] for i in range(0, len(plain), TILES_PER_ROW))
    closers = [
        _button(tr(lang, "btn.face_down", tile=tile_label(m.tile), end=end_label(lang, m.end)),
                press(m))
        for m in (view.legal if on_turn else ())
        if isinstance(m, Place) and m.face_down and m.end is not None
    ]
    rows.extend(closers[i:i + TILES_PER_ROW] for i in range(0, len(closers), TILES_PER_ROW))
    if on_turn:
        extra = [_button(tr(lang, "btn.open", end=end_label(lang, m.end)), press(m))
                 for m in view.legal if isinstance(m, Open)]
        extra.extend(_button(tr(lang, key), press(move)) for move, key in (
            (DONE, "btn.done"), (DRAW, "btn.draw"), (PASS, "btn.pass")) if move in view.legal)
        if extra:
            rows.extend(extra[i:i + TILES_PER_ROW] for i in range(0, len(extra), TILES_PER_ROW))
    if get_variant(view.variant).signals and view.hand:
        rows.append([_button(tr(lang, f"btn.signal_{kind}"), Signal(game_id, version, kind))
                     for kind in SIGNALS])
    return InlineKeyboardMarkup(rows) if rows else None


def own_key(key: str, variant: str) -> str:
    """A variant's own wording of a text ("btn.rounds_off" as
    "btn.chicken_foot.rounds_off": its rounds unset mean one per double), else the
    common one."""
    head, _, rest = key.partition(".")
    own = f"{head}.{variant}.{rest}"
    return own if has_text(own) else key


def _on_off(lang: str, value: bool) -> str:
    return tr(lang, "yes" if value else "no")


def solo_offer_keyboard(lang: str, variant: str) -> InlineKeyboardMarkup:
    """Under the private greeting: a solo table against the computer."""
    return InlineKeyboardMarkup([[_button(tr(lang, "btn.play_solo"), PlaySolo(variant))]])


def call_join_keyboard(lang: str, game_id: int) -> InlineKeyboardMarkup:
    """Under a call's private message ("a game opens in …"): Join that lobby."""
    return InlineKeyboardMarkup([[_button(tr(lang, "btn.join"), JoinCalled(game_id))]])


def open_private_keyboard(lang: str, name: str, url: str) -> InlineKeyboardMarkup:
    """One link button that opens the private chat with the bot (``url``, a deep link)
    for ``name``, as the lobby gives whoever has not pressed Start."""
    return InlineKeyboardMarkup([[InlineKeyboardButton(
        tr(lang, "btn.open_private", name=name), url=url)]])


def lobby_keyboard(lang: str, game: GameInfo,
                   open_links: Sequence[tuple[str, str]] = ()) -> InlineKeyboardMarkup:
    """The lobby's buttons; ``open_links``: (name, deep link) of each seated player who
    must open the private chat first, a link button each, above the rest."""
    gid = game.game_id
    add_ai = [_button(tr(lang, "btn.add_ai", level=tr(lang, f"ai.{level}")),
                      LobbyAction(gid, "a", AI_LETTER[level])) for level in AI_LEVELS]
    # two levels a row: four in one would cut the longer words short on a phone
    ai_rows = [add_ai[i:i + 2] for i in range(0, len(add_ai), 2)]
    seats = [] if game.solo else [  # a solo table seats nobody else
        [_button(tr(lang, "btn.join"), LobbyAction(gid, "j")),
         _button(tr(lang, "btn.leave"), LobbyAction(gid, "q"))]]
    rows = [
        *seats,
        *ai_rows,
        [_button(tr(lang, "btn.remove_ai"), LobbyAction(gid, "r")),
         _button(tr(lang, "btn.settings"), LobbyAction(gid, "c"))],
        [_button(tr(lang, "btn.start"), LobbyAction(gid, "go")),
         _button(tr(lang, "btn.cancel"), LobbyAction(gid, "x"))],
    ]
    links = [[InlineKeyboardButton(tr(lang, "btn.open_private", name=name), url=link)]
             for name, link in open_links]
    return InlineKeyboardMarkup(links + rows)


# ------------------------------------------------------------------ house options
# What the lobby offers and the values each option takes are the variant's own specs,
# read through the service (service.options: accepted_options, allowed_values,
# lobby_choices where 0 is "none"); the service refuses anything else, so no button
# offers what it would refuse. The options themselves (their order, button codes and
# catalogue keys) are their declarations (engine/core/options.py): a new variant, or
# a new option, needs no code here. On/off options are toggles, number options cycle
# through their lobby values; teams alone waits for the table to be full.


def options_valid(variant: str, options: dict[str, object]) -> bool:
    """Whether the engine takes these options at the largest table (teams: 4 players)."""
    probe = dict(options)
    cls = get_variant(variant)
    players = 4 if probe.get("teams") else max(cls.players_allowed)
    if not probe.get("teams") and not cls.default_teams(players):
        probe.pop("teams", None)
    try:
        make_variant(variant, players, probe)
    except EngineError:
        return False
    return True


def _table_size(game: GameInfo) -> int:
    """The table the lobby's options are read for, as seated so far."""
    return max(len(game.seats), game.min_players)


def option_now(game: GameInfo, name: str) -> OptionValue:
    """A house option's value in the lobby: as set, else the variant's default for
    the table as seated so far (None: a number option unset, or not offered)."""
    if name in game.options:
        value: OptionValue = game.options[name]
        return value
    spec = option_spec(game.variant, name)
    return spec.default_for(_table_size(game)) if spec is not None else None


def _number_now(game: GameInfo, name: str) -> int | None:
    value = option_now(game, name)
    return int(value) if value is not None else None


def rounds_value(game: GameInfo) -> int | None:
    # the variant's own default (chinese: 8), or none (general_kozel)
    return _number_now(game, "rounds")


def _cycle(values: Sequence[int], current: int | None) -> int:
    """The value after ``current`` in ``values`` (the first when it is not there)."""
    i = list(values).index(current) if current is not None and current in values else -1
    return int(values[(i + 1) % len(values)])


def number_choices(variant: str, name: str) -> tuple[int, ...]:
    """The numbers a number option's button cycles through (0 first: "none", where
    the option is unset by default); fewer than two: nothing to choose, no button."""
    choices = lobby_choices(variant, name)
    return choices if choices is not None and len(choices) > 1 else ()


def next_number(game: GameInfo, name: str) -> int | None:
    """The number a number option's button switches to (None: no button)."""
    choices = number_choices(game.variant, name)
    return _cycle(choices, _number_now(game, name) or 0) if choices else None


def next_rounds(game: GameInfo) -> int | None:
    """The rounds the rounds button switches to (0: none), or None without the option."""
    return next_number(game, "rounds")


def set_value(game: GameInfo) -> int:
    value = _number_now(game, "set")
    return value if value is not None else get_variant(game.variant).default_set


def next_set(game: GameInfo) -> int | None:
    """The set the set button switches to (None: the variant has one set)."""
    return next_number(game, "set")


def option_applies(game: GameInfo, name: str) -> bool:
    """Whether the variant offers the option and it means something at this table, as
    seated so far (its spec's table sizes: `locked` locks the last boneyard tiles
    with 2 or 3 players, nothing with 4)."""
    spec = option_spec(game.variant, name)
    return spec is not None and spec.applies(_table_size(game))


# the on/off options bot/ui/formatting.py's option_lines names on lines of their own
_OWN_LINES = ("teams", "fish_point")


def bool_options(game: GameInfo) -> list[tuple[str, str, bool]]:
    """The on/off options (beyond teams and the fish point) the variant takes and
    that apply to this lobby: (name, button code, value)."""
    return [(d.name, d.code, bool(option_now(game, d.name))) for d in declared_options()
            if d.kind is OptionKind.BOOL and d.name not in _OWN_LINES
            and option_applies(game, d.name)]


def teams_offered(variant: str) -> bool:
    """Whether the variant lets the lobby choose teams at a table of four."""
    cls = get_variant(variant)
    if "teams" not in accepted_options(variant) or 4 not in cls.players_allowed:
        return False
    return options_valid(variant, {"teams": not cls.default_teams(4)})


def teams_shown(game: GameInfo) -> bool:
    """Teams apply only to a table of exactly four: start() plays each for himself
    with fewer, so the lobby names teams only when four are seated."""
    return len(game.seats) == 4 and 4 in get_variant(game.variant).players_allowed


def teams_toggle(game: GameInfo) -> bool:
    """Whether the lobby may switch teams now (four seated; some variants are always,
    or never, in teams)."""
    return teams_shown(game) and teams_offered(game.variant)


def fish_point_offered(game: GameInfo) -> bool:
    return "fish_point" in accepted_options(game.variant)


def teams_value(game: GameInfo) -> bool:
    cls = get_variant(game.variant)
    value = game.options.get("teams")
    return bool(cls.default_teams(4) if value is None else value)


def target_value(game: GameInfo) -> int | None:
    value = _number_now(game, "target")
    return value if value is not None else get_variant(game.variant).default_target


def targets_offered(variant: str) -> Sequence[int]:
    """The targets the lobby may choose between (fewer than two: none to choose)."""
    return number_choices(variant, "target")


def next_target(game: GameInfo) -> int | None:
    """The target the target button switches to (None: the variant has one target)."""
    return next_number(game, "target")


def offered_options(variant: str) -> list[str]:
    """The house options a lobby of the variant may change (at some table size), in
    the order the settings show them (their declarations')."""
    accepted = accepted_options(variant)
    out = []
    for declared in declared_options():
        if declared.name == "teams":
            offered = teams_offered(variant)
        elif declared.kind is OptionKind.BOOL:
            offered = declared.name in accepted
        else:
            offered = bool(number_choices(variant, declared.name))
        if offered:
            out.append(declared.name)
    return out


def option_buttons(lang: str, game: GameInfo) -> list[InlineKeyboardButton]:
    """A button per option of the lobby's variant that applies now, in their declared
    order, showing its value; a press moves it on (a toggle, or the next number)."""
    buttons = []
    for declared in declared_options():
        name, key = declared.name, declared.key
        if declared.kind is OptionKind.BOOL:
            if not (teams_toggle(game) if name == "teams" else option_applies(game, name)):
                continue
            value = bool(option_now(game, name))
            label = tr(lang, f"btn.{key}", value=_on_off(lang, value))
            buttons.append(_button(label, option_button(game.game_id, name, not value)))
            continue
        following = next_number(game, name)
        if following is None or not option_applies(game, name):
            continue
        now = _number_now(game, name)
        if declared.named:
            label = tr(lang, f"btn.{key}", value=tr(lang, f"optval.{key}_{declared.word(now)}"))
        else:
            label = (tr(lang, f"btn.{key}", value=now) if now
                     else tr(lang, own_key(f"btn.{key}_off", game.variant)))
        buttons.append(_button(label, option_button(game.game_id, name, following)))
    return buttons


def preset_now(game: GameInfo) -> int | None:
    """The number of the preset the lobby's options make (None: a house mix, or the
    variant has no presets)."""
    cls = get_variant(game.variant)
    preset = cls.preset_now(game.options)
    return None if preset is None else cls.presets.index(preset)


def preset_name(lang: str, game: GameInfo) -> str | None:
    """The lobby's preset by name ("Puerto Rico, 500"), or "house rules" for a mix;
    None: the variant has no presets."""
    cls = get_variant(game.variant)
    if not cls.presets:
        return None
    number = preset_now(game)
    return tr(lang, "preset.custom" if number is None
              else f"preset.{cls.presets[number].key}")


def preset_values(variant: str, number: int) -> dict[str, OptionValue] | None:
    """Every option the variant's preset ``number`` sets, at its value (None: the
    variant has no such preset)."""
    cls = get_variant(variant)
    if number >= len(cls.presets):
        return None
    return cls.presets[number].values(cls.preset_defaults())


def preset_button(lang: str, game: GameInfo) -> InlineKeyboardButton | None:
    """The button that moves the lobby to the variant's next preset (None: none)."""
    name = preset_name(lang, game)
    if name is None:
        return None
    number = preset_now(game)
    following = 0 if number is None else (number + 1) % len(get_variant(game.variant).presets)
    return _button(tr(lang, "btn.preset", value=name),
                   LobbyAction(game.game_id, "pr", str(following)))


def settings_keyboard(lang: str, game: GameInfo) -> InlineKeyboardMarkup:
    """The settings panel's main page: the variant (its button opens the variant
    page), one button per option of that variant that applies, showing its current
    value (a press moves it to the next), then «Start» and «Done»."""
    gid = game.game_id
    rows = [[_button(tr(lang, "btn.panel_variant", variant=variant_name(lang, game.variant)),
                     LobbyAction(gid, "pg", "v"))]]
    preset = preset_button(lang, game)
    if preset is not None:
        rows.append([preset])
    options = option_buttons(lang, game)
    rows.extend(options[i:i + 2] for i in range(0, len(options), 2))
    rows.append([_button(tr(lang, "btn.start"), LobbyAction(gid, "go")),
                 _button(tr(lang, "btn.settings_done"), LobbyAction(gid, "b"))])
    return InlineKeyboardMarkup(rows)


def variant_keyboard(lang: str, game: GameInfo) -> InlineKeyboardMarkup:
    """The settings panel's variant page: a button per variant, two a row (the
    current one marked), then «Back» to the options."""
    gid = game.game_id
    variants = [
        _button(("• " if v == game.variant else "") + variant_name(lang, v),
                LobbyAction(gid, "v", v))
        for v in variant_names()
    ]
    rows = [variants[i:i + 2] for i in range(0, len(variants), 2)]
    rows.append([_button(tr(lang, "btn.panel_back"), LobbyAction(gid, "pg", "m"))])
    return InlineKeyboardMarkup(rows)


def rules_keyboard(lang: str) -> InlineKeyboardMarkup:
    """The /rules menu: a button per variant, two a row."""
    buttons = [_button(variant_name(lang, v), RulesOf(v)) for v in variant_names()]
    return InlineKeyboardMarkup([buttons[i:i + 2] for i in range(0, len(buttons), 2)])


def help_keyboard(lang: str) -> InlineKeyboardMarkup:
    """The buttons under /help: the rules menu, settings, every command, the review."""
    buttons = [_button(tr(lang, f"btn.help_{page}"), HelpPage(page)) for page in HELP_PAGES]
    return InlineKeyboardMarkup([buttons[:2], buttons[2:]])


def help_page(lang: str, page: str) -> tuple[str, InlineKeyboardMarkup]:
    """What a /help button shows: the rules menu under its own buttons, or a longer
    help text with the /help buttons under it (to go on to another page)."""
    if page == "r":
        return tr(lang, "rules.menu"), rules_keyboard(lang)
    if page == "v":  # how to ask for a review, then how it is computed
        return tr(lang, "help.v") + "\n\n" + tr(lang, "help.review"), help_keyboard(lang)
    return tr(lang, f"help.{page}"), help_keyboard(lang)


def cancel_agreement_keyboard(lang: str, game_id: int, agreed: int, needed: int
                              ) -> InlineKeyboardMarkup:
    """The button the people of a started game press to agree to cancel it, with how
    many of them did: ``✅ Cancel the game (1/3)``."""
    return InlineKeyboardMarkup([[_button(
        tr(lang, "btn.cancel_agree", agreed=agreed, needed=needed), CancelAgree(game_id))]])


def language_label(code: str) -> str:
    """A language as a list shows it: its own name, capitalised ("Українська"; in a
    sentence the catalogue's own case, "мова: українська")."""
    name = language_name(code)
    return name[:1].upper() + name[1:]


def language_keyboard(current: str) -> InlineKeyboardMarkup:
    """A button per language, each in its own name, two a row; ✓ marks ``current``."""
    buttons = [_button(("✓ " if code == current else "") + language_label(code),
                       ChooseLanguage(code)) for code in LANGUAGES]
    return InlineKeyboardMarkup([buttons[i:i + 2] for i in range(0, len(buttons), 2)])


def forget_keyboard(lang: str, asked_at: int) -> InlineKeyboardMarkup:
    """/forget's two buttons: delete everything stored of him, or keep it."""
    return InlineKeyboardMarkup([[
        _button(tr(lang, "btn.forget_yes"), ForgetChoice(True, asked_at)),
        _button(tr(lang, "btn.forget_no"), ForgetChoice(False, asked_at))]])


def table_keyboard(lang: str, bot_username: str | None) -> InlineKeyboardMarkup | None:
    """A link to the private chat where the hands are."""
    if not bot_username:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(tr(lang, "btn.open_hand"), url=f"https://t.me/{bot_username}")]])
