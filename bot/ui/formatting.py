"""Texts built from game state and the catalogs: pure functions, no I/O."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from bot.texts import CATALOGS, join_words, plural, plural_form, tr, variant_text
from bot.texts import variant_name as variant_name  # its old home: handlers, pings, timers
from bot.ui.keyboards import (
    bool_options,
    end_label,
    fish_point_offered,
    next_rounds,
    next_set,
    offered_options,
    placements,
    rounds_value,
    set_value,
    target_value,
    teams_offered,
    teams_shown,
    teams_value,
    tile_label,
    variant_names,
)
from bot.ui.scoring_words import (
    goat_text,
    limit_text,
    result_text,
    round_points_line,
    side_points,
    signed,
    totals_text,
)
from engine.core.kind import Piece
from engine.core.moves import (
    Cut,
    Done,
    Draw,
    End,
    GridPlace,
    Move,
    Open,
    Pass,
    Place,
    SetPlay,
    Take,
)
from engine.core.results import EndKind, GameOutcome, MoveResult, RoundEnd
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.domino.variant import LeadRule, domino_rules
from engine.domino.view import DominoView, as_domino_view
from engine.variants import get_variant
from service.types import FishClaim, GameInfo, SeatInfo

SEP = " · "


def variant_list(lang: str, command: str = "newgame") -> str:
    """One line per variant: its name and the command that takes it."""
    return "\n".join(f"• {variant_name(lang, name)} — /{command} {name}"
                     for name in variant_names())


def rules_text(lang: str, variant: str) -> str:
    """One variant's rules as /rules shows them: the one place that builds them."""
    body = variant_text(lang, f"rules.{variant}", variant)
    return "\n".join([f"📖 {variant_name(lang, variant)}", body,
                      "", options_help(lang, variant), "", tr(lang, "rules.ends_legend")])


def seat_name(lang: str, seat: SeatInfo) -> str:
    """The name a seat is shown by: a computer's is localised ("🤖 Computer 1"; the
    seat is stored as "AI 1"), a person's is his own."""
    if seat.ai_level is None:
        return seat.name
    number = seat.name.rsplit(" ", 1)[-1]
    if not number.isdigit():
        number = str(seat.seat + 1)
    return tr(lang, "seat.computer", number=number)


def seat_names(lang: str, game: GameInfo) -> list[str]:
    return [seat_name(lang, s) for s in game.seats]


def join_names(lang: str, names: Iterable[str]) -> str:
    """Names of one side: "Anna and 🤖 Computer 1" / "Анна и 🤖 Компьютер 1"."""
    return tr(lang, "names.and").join(names)


def side_names(lang: str, game: GameInfo, view: SeatView) -> list[str]:
    names = seat_names(lang, game)
    return [join_names(lang, (names[s] for s in side)) for side in view.sides]


def score_text(lang: str, game: GameInfo, view: SeatView) -> str:
    """"Anna and 🤖 Computer 1 — 12 · Boris and 🤖 Computer 2 — 0" (a penalty game's with
    the total that loses: "(101 loses)")."""
    return totals_text(lang, game, view, side_names(lang, game, view))


def ends_text(lang: str, view: DominoView) -> str:
    """The hand's open ends. Where placements score from the count of the ends, only
    the counted ends, a double at an end as both halves, and the sum the engine
    counts ("⬅W 5-5 (10) · ➡E 3 · = 13"); elsewhere every open end and its pip."""
    table = view.table
    if domino_rules(get_variant(view.variant)).counts_open_ends and table.counted:
        parts = []
        for c in table.counted:
            where = f"{end_label(lang, c.end)} " if c.end is not None else ""
            value = f"{c.pip}-{c.pip} ({c.value})" if c.double else str(c.value)
            parts.append(where + value)
        parts.append(f"= {table.count}")
        return SEP.join(parts)
    ends = table.open_ends
    return SEP.join(f"{end_label(lang, e)} {ends[e]}" for e in End if e in ends)


def tiles_text(tiles: Iterable[Piece]) -> str:
    """Pieces as the players read them: dominoes by their label, a kind's own pieces
    (triangular's triangles) in their written form (``2-4-5``)."""
    return " ".join(tile_label(t) if isinstance(t, Tile) else str(t) for t in tiles)


def move_text(lang: str, game: GameInfo, result: MoveResult) -> str:
    name = seat_name(lang, game.seats[result.seat])
    move = result.move
    if isinstance(move, GridPlace):  # triangular: "Boris: 5-5-2 ▼1,0 +12"
        shape = "▲" if (move.cell[0] + move.cell[1]) % 2 == 0 else "▼"
        return tr(lang, "tri.move", name=name, tile="-".join(map(str, move.numbers)),
                  cell=f"{shape}{move.cell[0]},{move.cell[1]}", points=signed(result.points))
    if isinstance(move, Draw | Pass) and result.points < 0:  # what it cost (triangular)
        key = "move.draw_points" if isinstance(move, Draw) else "move.pass_points"
        return tr(lang, key, name=name, points=signed(result.points))
    if isinstance(move, Draw):
        return tr(lang, "move.draw", name=name)
    if isinstance(move, Pass):
        return tr(lang, "move.pass", name=name)
    if isinstance(move, Open):
        return tr(lang, "move.open", name=name, end=end_label(lang, move.end))
    if isinstance(move, Done):
        return tr(lang, "move.done", name=name)
    if isinstance(move, Take):
        return tr(lang, "move.take", name=name, count=plural(lang, len(move.tiles), "tile"))
    if isinstance(move, SetPlay):  # chinese: face-down tiles are never named here
        if move.down:
            return tr(lang, "move.set_down", name=name,
                      count=plural(lang, len(move.tiles), "tile"))
        return tr(lang, "move.set_up", name=name, tiles=tiles_text(move.tiles))
    if isinstance(move, Cut):  # kolbasa: the notation is cut:x-y
        other = seat_name(lang, game.seats[1 - result.seat]) if len(game.seats) == 2 else ""
        return tr(lang, "move.cut", name=name, tile=result.notation.split(":")[-1],
                  count=plural(lang, result.moved, "tile"), other=other)
    assert isinstance(move, Place)
    if move.face_down:
        end = f" {end_label(lang, move.end)}" if move.end is not None else ""
        return tr(lang, "move.face_down", name=name, tile=tile_label(move.tile), end=end)
    placed = result.notation.split("+")[-1].split(":")[0]
    if result.end is End.W:  # the record writes the touching pip first; show it as it lies
        placed = "-".join(reversed(placed.split("-")))
    end = f" {end_label(lang, result.end)}" if result.end is not None else ""
    text = tr(lang, "move.place", name=name, tile=placed, end=end)
    if result.points:
        text += tr(lang, "move.points", points=result.points)
    return text


# ------------------------------------------------------------------ lobby


def option_lines(lang: str, game: GameInfo) -> list[tuple[str, str]]:
    """The options that apply to this lobby, as (option, "Name: value") lines: what
    start() will play (teams only with four seated, `locked` not with four)."""
    lines: list[tuple[str, str]] = []
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
                      else tr(lang, "lobby.rounds_off")))
    if next_set(game) is not None:
        lines.append(("set", tr(lang, "lobby.set", value=set_value(game))))
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
    lines.append(tr(lang, "lobby.hint", min=game.min_players, max=game.max_players))
    if needs_start:
        lines.append(tr(lang, "lobby.needs_start", names=", ".join(needs_start)))
    return "\n".join(lines)


def option_help(lang: str, option: str, variant: str | None = None) -> str:
    """The one-line explanation of an option ("partners sit opposite ..."); a variant
    may explain it its own way (``opt.<variant>.<option>``: chinese's rounds)."""
    own = f"opt.{variant}.{option}"
    return tr(lang, own if variant is not None and own in CATALOGS["en"] else f"opt.{option}")


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
    outcome = game.outcome
    if game.status == "finished" and outcome is not None and game.view is not None:
        return head + tr(lang, "lobby.over", result=result_line(lang, game, game.view,
                                                                  outcome)) \
            + "".join("\n" + line for line in reason_lines(lang, game, game.view, outcome))
    view = game.view
    if view is None or view.round_index > 0 or view.leader >= len(game.seats):
        return head + tr(lang, "lobby.started")
    return head + tr(lang, "lobby.started_by", name=seat_name(lang, game.seats[view.leader]))


# ------------------------------------------------------------------ hand


def hand_head(lang: str, game: GameInfo, seat: SeatInfo, view: SeatView
              ) -> tuple[list[str], bool]:
    """The first lines of a private hand message of any kind (the game, the seat, the
    score) and, once nothing is to be played (cancelled, over, between rounds), the
    line that says so; the flag: whether it was said (the kind adds nothing of play)."""
    lines = [tr(lang, "hand.header", variant=variant_name(lang, game.variant),
                name=seat_name(lang, seat), seat=seat.seat + 1)]
    lines.append(tr(lang, "table.score", score=score_text(lang, game, view)))
    if game.status == "cancelled":
        lines.append(tr(lang, "hand.cancelled"))
    elif view.outcome is not None or game.status == "finished":
        lines.append(tr(lang, "hand.over"))
        if view.outcome is not None:
            lines.append(result_line(lang, game, view, view.outcome))
            lines.extend(reason_lines(lang, game, view, view.outcome))
    elif view.turn is None:
        lines.append(tr(lang, "hand.round_over"))
    else:
        return lines, False
    return lines, True


def hand_text(lang: str, game: GameInfo, seat: SeatInfo, view: DominoView,
              drew: Sequence[Tile] = ()) -> str:
    """The private hand message; ``drew``: the tiles he drew in his turn, in order."""
    lines, settled = hand_head(lang, game, seat, view)
    if settled or view.turn is None:
        pass
    elif not view.hand and view.seat is not None and view.turn != view.seat:
        lines.append(tr(lang, "hand.out_of_play"))
        lines.append(tr(lang, "hand.turn_of", name=seat_name(lang, game.seats[view.turn])))
    else:
        if view.table.open_ends:
            lines.append(tr(lang, "hand.ends", ends=ends_text(lang, view)))
            if view.round_index == 0 and view.turn_number <= 2 * view.players:
                lines.append(tr(lang, "hand.ends_legend"))  # the first lap of the game
        if view.boneyard_left:
            lines.append(tr(lang, "hand.boneyard",
                            count=plural(lang, view.boneyard_left, "tile")))
        if view.turn == view.seat:
            if view.table.lead is None:
                lines.append(tr(lang, "hand.lead", rule=lead_text(lang, view)))
            elif view.turn_placements:
                lines.append(tr(lang, "hand.more"))
            else:
                lines.append(tr(lang, "hand.your_turn"))
                if view.legal and all(isinstance(m, Open) for m in view.legal):
                    lines.append(tr(lang, "hand.must_open"))
                elif any(isinstance(m, Draw) for m in view.legal):
                    lines.append(tr(lang, "hand.must_draw"))
                elif any(isinstance(m, Pass) for m in view.legal):
                    lines.append(tr(lang, "hand.must_pass"))
        else:
            lines.append(tr(lang, "hand.turn_of", name=seat_name(lang, game.seats[view.turn])))
    if drew:
        lines.append(tr(lang, "hand.drew", tile=", ".join(tile_label(t) for t in drew)))
    tiles: list[Tile] = sorted(view.hand, key=lambda t: (t.a, t.b))
    hand = tiles_text(tiles) or tr(lang, "hand.none")
    lines.append(tr(lang, "hand.tiles", tiles=hand))
    return "\n".join(lines)


# ------------------------------------------------------------------ table


def table_caption(lang: str, game: GameInfo, view: SeatView,
                  last: Sequence[MoveResult] = (), auto: Collection[int] = ()) -> str:
    """The table's caption: the round, the moves since the last picture shown (one
    line, oldest first, a computer's marked 🤖; consecutive draws of one player
    folded; ``auto``: the indices in ``last`` of the moves made for their player),
    whose turn it is, the score."""
    lines = [tr(lang, "table.header", variant=variant_name(lang, game.variant),
                round=view.round_index + 1)]
    moves = caption_moves(lang, game, last, auto)
    if moves:
        while len(moves) > 1 and len(SEP.join(moves)) > CAPTION_MOVES_CHARS:
            moves.pop(0)
        lines.append(tr(lang, "table.last", move=SEP.join(moves)))
    domino = as_domino_view(view)
    seven = forced_draws(domino) if domino is not None else None
    if seven is not None and last and not last[-1].new_round:
        lines.append(tr(lang, "move.seven", name=seat_name(lang, game.seats[seven[0]]),
                        count=plural(lang, seven[1], "tile")))
    if game.status == "cancelled":
        lines.append(tr(lang, "table.cancelled"))
    elif view.outcome is not None:
        lines.append(tr(lang, "table.over"))
        lines.append(f"🏆 {result_line(lang, game, view, view.outcome)}")
        lines.extend(reason_lines(lang, game, view, view.outcome))
    elif view.turn is not None:
        lines.append(tr(lang, "table.turn", name=seat_name(lang, game.seats[view.turn])))
    lines.append(tr(lang, "table.score", score=score_text(lang, game, view)))
    return "\n".join(lines)[:1024]


CAPTION_MOVES_CHARS = 600  # the moves line of a caption (Telegram allows 1024 in all)


def caption_moves(lang: str, game: GameInfo, last: Sequence[MoveResult],
                  auto: Collection[int]) -> list[str]:
    """The lines of a caption that name the moves just made (every kind's table text
    and caption use them)."""
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
            text = tr(lang, f"move.draws.{plural_form(lang, count)}", name=name,
                      count=count) if count > 1 else move_text(lang, game, result)
        elif isinstance(result.move, Pass) and i in auto:
            text = tr(lang, "move.auto_pass", name=name)
        else:
            text = move_text(lang, game, result)
        out.append(text)  # a computer's name carries its 🤖
        i = j
    return out



def forced_draws(view: DominoView) -> tuple[int, int] | None:
    """semerka: who was just made to take tiles after a 7, and how many (boneyard and
    taken from the 7-player's hand together); None when that is not the last event."""
    seat, count = None, 0
    for event in reversed(view.history):
        if event.kind == "forced_draw":
            count += 1
        elif event.kind == "take":
            count += event.count or len(event.tiles)
        else:
            break
        seat = event.seat
    return (seat, count) if seat is not None else None


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


def fish_text(lang: str, claim: FishClaim) -> str:
    """/fish in words: a fish, or what is still out (the boneyard, and for each open
    pip the tiles with it not yet on the table)."""
    if claim.is_fish:
        return tr(lang, "fish.yes")
    lines = [tr(lang, "fish.no", boneyard=plural(lang, claim.boneyard_left, "tile"))
             if claim.boneyard_left else tr(lang, "fish.no_boneyard")]
    pips = sorted(claim.unplayed)
    out = [tr(lang, "fish.unplayed", pip=p, tiles=plural(lang, claim.unplayed[p], "tile"))
           for p in pips if claim.unplayed[p]]
    if pips:
        ends = join_words(lang, [str(p) for p in pips])
        key = "fish.open_one" if len(pips) == 1 else "fish.open"
        lines.append(tr(lang, key, ends=ends, unplayed=join_words(lang, out)) if out
                     else tr(lang, f"{key}_none", ends=ends))
    return " ".join(lines)


def _fitting(view: DominoView) -> list[str]:
    return [tile_label(t) for t in sorted(placements(view), key=lambda t: (t.a, t.b))]


def refusal_text(lang: str, game: GameInfo, view: SeatView, move: Move, *,
                 private: bool = True) -> str | None:
    """Why the asker's ``move`` is refused, from his own view only (None: no better
    words than the error's). ``private`` False (a group): nothing of his hand is told
    (not even that a tile fits): the words say the reason is in the private chat."""
    if view.turn is None or view.seat is None:
        return None
    if view.turn != view.seat:
        return tr(lang, "refuse.turn_of", name=seat_name(lang, game.seats[view.turn]))
    if isinstance(move, Pass | Draw) and view.legal \
            and not any(isinstance(m, Pass | Draw | Place | Open | Done) for m in view.legal):
        return tr(lang, "refuse.buttons_only")  # a kind of its own (chinese): no pass
    domino = as_domino_view(view)  # the kinds of their own have no tiles to fit
    fitting = _fitting(domino) if domino is not None else []
    if isinstance(move, Pass | Draw):
        verb = "pass" if isinstance(move, Pass) else "draw"
        if not private:  # whatever the reason, it tells of his hand: said only to him
            return tr(lang, f"refuse.{verb}_group")
        if fitting and domino is not None and domino.table.lead is None:
            return tr(lang, f"refuse.{verb}_lead")
        if fitting:
            number = "one" if len(fitting) == 1 else "many"
            return tr(lang, f"refuse.{verb}_fits.{number}", tiles=join_words(lang, fitting))
        if isinstance(move, Pass) and any(isinstance(m, Draw) for m in view.legal):
            return tr(lang, "hand.must_draw")
        if any(isinstance(m, Open) for m in view.legal):
            return tr(lang, "hand.must_open")
        return None
    if domino is None:
        return None
    if isinstance(move, Place) and domino.table.lead is None and domino.forced_lead is not None \
            and move.tile != domino.forced_lead:
        return tr(lang, "refuse.lead", tile=tile_label(move.tile), rule=lead_text(lang, domino))
    if isinstance(move, Place) and move.tile in domino.hand \
            and move.tile not in placements(domino):
        return no_fit_text(lang, move.tile, domino)
    return None


def lead_text(lang: str, view: DominoView) -> str:
    """What must lead the round and why, from the lead the engine forces (the
    view's only legal lead) and the variant's lead rule; with none forced, that any
    tile may lead."""
    forced = view.forced_lead
    if forced is None:
        return tr(lang, "lead.any")
    rule = domino_rules(get_variant(view.variant)).lead_rule
    if rule in (LeadRule.HIGHEST_DOUBLE, LeadRule.LOWEST_DOUBLE) and not forced.is_double:
        return tr(lang, "lead.no_double", tile=tile_label(forced))
    return tr(lang, f"lead.{rule.value}", tile=tile_label(forced))


def no_fit_text(lang: str, tile: Tile, view: DominoView) -> str:
    """A tile of the hand that fits no open end: which ends are open."""
    pips = list(dict.fromkeys(str(view.table.open_ends[e]) for e in End
                              if e in view.table.open_ends))
    if not pips:
        return tr(lang, "ans.no_fit", tile=tile_label(tile))
    return tr(lang, "ans.no_fit_ends", tile=tile_label(tile), ends=join_words(lang, pips))
