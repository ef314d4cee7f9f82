"""The words of the domino kind's hand message and table caption, and why a move is
refused: pure functions of a game, a seat's view and the catalogues. The other words
are in modules of their own: the short ones (names, score, pieces, ends) in
bot/ui/names.py, the moves in bot/ui/move_words.py, the results in
bot/ui/result_words.py, the lobby and the rules in bot/ui/lobby_words.py."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.texts import join_words, plural, tr, variant_name
from bot.ui.keyboards import placements, tile_label
from bot.ui.move_words import CAPTION_MOVES_CHARS, caption_moves
from bot.ui.names import SEP, ends_text, score_text, seat_name, tiles_text
from bot.ui.result_words import reason_lines, result_line
from engine.core.moves import Done, Draw, End, Move, Open, Pass, Place
from engine.core.results import MoveResult
from engine.core.tiles import Tile
from engine.core.view import SeatView
from engine.domino.variant import LeadRule, domino_rules
from engine.domino.view import DominoView, as_domino_view
from engine.variants import get_variant
from service.types import FishClaim, GameInfo, SeatInfo


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
    elif view.turn is not None and game.solo and game.seats[view.turn].user_id is not None:
        lines.append(tr(lang, "hand.your_turn"))  # a solo table's caption is his hand's
    elif view.turn is not None:
        lines.append(tr(lang, "table.turn", name=seat_name(lang, game.seats[view.turn])))
    lines.append(tr(lang, "table.score", score=score_text(lang, game, view)))
    return "\n".join(lines)[:1024]


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


__all__ = ["fish_text", "forced_draws", "hand_head", "hand_text", "lead_text", "no_fit_text",
           "refusal_text", "table_caption"]
