"""The turn machine is one for every variant: it names no concrete variant, and a
variant's differences are its declared data and hooks (read once into TurnRules)."""

from __future__ import annotations

import ast
from pathlib import Path

import engine.domino.game
from engine.core.options import Options
from engine.core.results import EndKind, GameEndReason, GameOutcome
from engine.domino.classic import Block
from engine.domino.game import Game, RoundState, TurnRules
from engine.domino.variant import DominoVariant

from .helpers import deal, play, variant


def test_the_game_module_imports_no_variant() -> None:
    tree = ast.parse(Path(engine.domino.game.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported.isdisjoint({"engine.domino.classic", "engine.domino.goat",
                                "engine.domino.fives", "engine.variants"})
    assert not hasattr(DominoVariant, "extended")


def test_turn_rules_follow_declared_data_and_overridden_hooks() -> None:
    block = TurnRules.of(variant("block", 4))
    assert block.plain and not (block.several or block.closers or block.owes or block.extra)
    osel = TurnRules.of(variant("osel", 3))
    assert osel.closers and osel.several and osel.max_placements == 4 and not osel.plain
    semerka = TurnRules.of(variant("semerka", 3))
    assert semerka.owes and semerka.extra and semerka.skip_empty and semerka.turn_list
    assert TurnRules.of(variant("vsem_po_pyat", 2)).gated
    assert not TurnRules.of(variant("general_kozel", 4)).plain_out


class WinsOnFish(Block):
    """A variant made up here: a fish ends the game for the last placer's side."""

    name = "wins_on_fish_test"

    def fish_outcome(self, game: Game, rnd: RoundState) -> GameOutcome | None:
        return GameOutcome((0,), (1,), GameEndReason.FOUR_FIVES)


def test_a_fish_that_ends_the_game_is_a_hook_any_variant_may_override() -> None:
    """After the lead 1-2 nobody holds a 1 or a 2: a fish. Block scores it; the
    made-up variant's hook ends the game instead (unscored round, its winner)."""
    d = deal(["1-2 5-5", "3-4 6-6"])
    plain = Game(Block(Options(players=2)), deals=[d])
    play(plain, "2-1")
    assert plain.rounds[0].end is not None and plain.rounds[0].end.kind is EndKind.FISH
    assert plain.outcome is None or plain.outcome.reason is not GameEndReason.FOUR_FIVES
    g = Game(WinsOnFish(Options(players=2)), deals=[d])
    play(g, "2-1")
    end = g.round.end
    assert end is not None and end.kind is EndKind.FISH and end.winner == 0
    assert end.points == (0, 0)
    assert g.outcome == GameOutcome((0,), (1,), GameEndReason.FOUR_FIVES)
