"""Each variant's declared lead rule (what the bot tells the players) is the rule its
``first_lead`` plays: on many random deals the forced lead is the rule's tile."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.core.tiles import Tile, full_set
from engine.domino.variant import (
    LOWEST_DOUBLES,
    TELEPHONE_LEADS,
    DominoVariant,
    LeadRule,
    as_domino,
    heaviest,
)
from engine.variants import make_variant, variants_in_order

HIGHEST_DOUBLES = tuple(Tile(p, p) for p in range(6, -1, -1))
ORDER = {LeadRule.HIGHEST_DOUBLE: HIGHEST_DOUBLES, LeadRule.LOWEST_DOUBLE: LOWEST_DOUBLES,
         LeadRule.TELEPHONE: TELEPHONE_LEADS, LeadRule.ONE_ONE: (Tile(1, 1),)}


def expected(rule: LeadRule, hands: Sequence[Sequence[Tile]]) -> Tile | None:
    dealt = {t for hand in hands for t in hand}
    for tile in ORDER[rule]:
        if tile in dealt:
            return tile
    doubles_only = rule in (LeadRule.HIGHEST_DOUBLE, LeadRule.LOWEST_DOUBLE)
    return heaviest(sorted(dealt)) if doubles_only else None


@pytest.mark.parametrize("cls", [c for c in variants_in_order() if 6 in c.sets_allowed
                                 and issubclass(c, DominoVariant)],  # the domino kind's leads
                         ids=lambda c: c.name)
def test_the_declared_lead_rule_is_the_one_played(cls: type[DominoVariant]) -> None:
    players = max(cls.players_allowed)
    variant = as_domino(make_variant(cls.name, players, {}))
    rng = random.Random(cls.name)
    checked = 0
    for _ in range(300):
        tiles = list(full_set(6))
        rng.shuffle(tiles)
        sizes = variant.hand_sizes([0] * players)
        hands, at = [], 0
        for size in sizes:
            hands.append(tiles[at:at + size])
            at += size
        lead = variant.first_lead(hands, random.Random(1))
        if lead is None or lead[1] is None:  # a redeal, or any tile may lead
            continue
        seat, tile = lead
        assert tile in hands[seat]
        assert tile == expected(variant.lead_rule, hands), (cls.name, hands)
        checked += 1
    if cls.lead_rule is not LeadRule.HIGHEST_DOUBLE:
        assert checked, cls.name  # a rule of its own was seen at work
