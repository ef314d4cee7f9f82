"""What a variant's turns use, read once from its declared data and hooks."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.domino.table import Layout
from engine.domino.variant import DominoVariant


@dataclass(frozen=True, slots=True)
class TurnRules:
    """What a variant's turns use, read once from its declared data and hooks, so
    the turn machine skips what a variant never does (one set of rules: a flag only
    says that a hook is the base one, or that a declared feature is off)."""

    max_placements: int
    several: bool  # more than one placement a turn
    closers: bool
    skip_empty: bool  # players without tiles are out of the play
    owes: bool  # owed_draws may force draws (semerka)
    extra: bool  # extra_turn may give another turn
    gated: bool  # may_place may refuse a tile that fits
    plain_out: bool  # the round ends when the placer's hand is empty
    scores: bool  # placements may score in play
    plain: bool  # a placement is any tile of the hand on any open end
    turn_list: bool  # the turn's placements are kept (RoundState.turn_placed) until it ends
    plain_next: bool  # the next seat in turn is the next seat at the table
    # One placement a turn, any tile on any end of a line, nothing scored in play nor
    # owed, no extra turns: ``Game.apply`` and ``Game.play_random`` place such a tile
    # in one step (the state _apply_place, Table.place and _end_turn would leave).
    simple: bool
    pips_value: bool  # a hand's value is its pips (the base hand_value)
    # adjust_moves filters the placements and may add the variant's own actions
    adjusts: bool = False

    @staticmethod
    @lru_cache(maxsize=256)
    def of(variant: DominoVariant) -> TurnRules:
        kind = type(variant)

        def base(name: str) -> bool:
            return getattr(kind, name) is getattr(DominoVariant, name)

        gated = not base("may_place")
        adjusts = not base("adjust_moves")
        return TurnRules(
            max_placements=variant.max_placements,
            several=variant.max_placements > 1,
            closers=variant.closers,
            skip_empty=variant.skip_empty_hands,
            owes=not base("owed_draws"),
            extra=not base("extra_turn"),
            gated=gated,
            plain_out=base("round_over_after_place"),
            scores=variant.scores_in_play,
            plain=not gated and not variant.closers and not adjusts,
            turn_list=variant.max_placements > 1 or not base("extra_turn"),
            plain_next=not variant.skip_empty_hands,
            simple=(not gated and not adjusts and not variant.closers
                    and variant.max_placements == 1
                    and not variant.scores_in_play and base("round_over_after_place")
                    and not variant.skip_empty_hands and base("owed_draws")
                    and base("extra_turn") and variant.table_rules.layout is Layout.LINE),
            pips_value=base("hand_value"),
            adjusts=adjusts,
        )
