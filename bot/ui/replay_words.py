"""The words and buttons of a finished game's replay (bot/handlers/replay.py): pure
functions of the game, one replayed step and the catalogues."""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.texts import tr, variant_name
from bot.ui.callbacks import REPLAY_CLOSE, REPLAY_OPEN, ReplayPress, encode
from bot.ui.move_words import caption_moves
from bot.ui.names import SEP, score_text, seat_name
from bot.ui.result_words import CAPTION_LIMIT, outcome_text, round_caption
from engine.core.moves import Done
from engine.steps import Frame
from service.types import GameInfo

__all__ = ["replay_caption", "replay_keyboard", "replay_list_keyboard", "step_targets"]


def replay_caption(lang: str, game: GameInfo, frame: Frame, count: int, rounds: int) -> str:
    """The caption of one step: the game, the move just made (who played which tile
    where, drew, passed; a round's deal and who leads), at a round's end how it
    ended with its points and the score (else the score), the game's result at its
    last step, and where the step is ("Move 5 of 60 · round 1 of 3")."""
    step, view = frame.step, frame.view
    head = tr(lang, "replay.header", game_id=game.game_id, variant=variant_name(lang, game.variant))
    if step.deal:
        said = tr(lang, "replay.deal", round=step.round_index + 1,
                  name=seat_name(lang, game.seats[step.seat]))
    else:
        moves = caption_moves(lang, game, [r for r in frame.results
                                           if not isinstance(r.move, Done)], ())
        said = SEP.join(moves) or step.move
    where = tr(lang, "replay.position", move=step.number, moves=max(0, count - rounds),
               round=step.round_index + 1, rounds=rounds)
    lines = [head, said]
    if step.end is not None:
        room = CAPTION_LIMIT - len("\n".join([*lines, where])) - 2
        lines.append(round_caption(lang, game, view, step.end, step.round_index + 1,
                                   frame.hands, view.outcome, limit=max(80, room)))
    else:
        lines.append(tr(lang, "table.score", score=score_text(lang, game, view)))
        if view.outcome is not None:  # the game ended in play (a target reached)
            lines.append(outcome_text(lang, game, view, view.outcome))
    lines.append(where)
    return "\n".join(lines)[:CAPTION_LIMIT]


def step_targets(index: int, count: int, starts: Sequence[int]) -> tuple[int, int, int, int]:
    """Where ⏮ ◀ ▶ ⏭ lead from step ``index`` of ``count``: the round's start (the
    previous round's from a start), one step back, one on, the next round's start
    (the last step from the last round)."""
    last = max(0, count - 1)
    before = [s for s in starts if s < index]
    after = [s for s in starts if s > index]
    return (before[-1] if before else 0, max(0, index - 1), min(last, index + 1),
            after[0] if after else last)


def replay_keyboard(lang: str, game_id: int, index: int, count: int, starts: Sequence[int]
                    ) -> InlineKeyboardMarkup:
    """⏮ ◀ ▶ ⏭ and ✖ under a replay's step."""
    first, back, on, then = step_targets(index, count, starts)

    def button(label: str, step: int) -> InlineKeyboardButton:
        return InlineKeyboardButton(label, callback_data=encode(ReplayPress(game_id, step)))

    return InlineKeyboardMarkup([
        [button("⏮", first), button("◀", back), button("▶", on), button("⏭", then)],
        [InlineKeyboardButton(tr(lang, "btn.replay_close"),
                              callback_data=encode(ReplayPress(game_id, action=REPLAY_CLOSE)))],
    ])


def replay_list_keyboard(lang: str, games: Sequence[GameInfo]) -> InlineKeyboardMarkup:
    """/replay alone: a button per finished game, each opening its replay."""
    return InlineKeyboardMarkup([[InlineKeyboardButton(
        tr(lang, "btn.replay_game", game_id=g.game_id, variant=variant_name(lang, g.variant)),
        callback_data=encode(ReplayPress(g.game_id, action=REPLAY_OPEN)))] for g in games])
