"""An option declared inside a test, taken by a rules-only variant defined inside the
test, is offered on the settings panel, set by its button, stored, played by the
rules, explained by /rules, written in the game's record, and a forged value is
refused: its one declaration (engine/core/options.py) and its catalogue texts are all
it takes, nothing of bot/, service/ or the engine is edited."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from bot.texts import CATALOGS, missing_variant_texts, tr
from engine.core.options import OptionKind, declared_option, declaring
from engine.core.results import EndKind
from engine.domino.classic import Block
from engine.domino.game import Game
from engine.domino.record import replay
from engine.variants import OptionSpec, Variant, make_variant, registered
from service.errors import BadSettingsError
from service.options import check_options
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import running_bot

if TYPE_CHECKING:
    from engine.domino.game import RoundState

OPTION = "double_points"
CODE = "dp"  # no option's, no lobby action's code today
VARIANT = "doubling_block"

TEXTS = {
    "en": {f"variant.{VARIANT}": "Doubling block",
           f"rules.{VARIANT}": "Block game to 100 points; a house rule doubles a round's points.",
           f"btn.{OPTION}": "Double points: {value}",
           f"lobby.{OPTION}": "Double points: {value}",
           f"opt.{OPTION}": "each round scores twice its points.",
           f"optname.{OPTION}": "Double points"},
    "ru": {f"variant.{VARIANT}": "Блок вдвойне",
           f"rules.{VARIANT}": "Блок до 100 очков; по договорённости очки раунда удваиваются.",
           f"btn.{OPTION}": "Двойные очки: {value}",
           f"lobby.{OPTION}": "Двойные очки: {value}",
           f"opt.{OPTION}": "каждый раунд приносит вдвое больше очков.",
           f"optname.{OPTION}": "Двойные очки"},
}


@dataclass(frozen=True)
class Setup:
    """What the fixture declared for one test."""

    variant: type[Variant]


def _doubling_block() -> type[Variant]:
    """A block game whose rounds score double when the option is on (defined once the
    option is declared: its spec names it)."""

    class DoublingBlock(Block):
        name = VARIANT
        aliases = ("блок_вдвойне",)
        order = 66  # after block in the menus
        option_specs = (*Block.option_specs, OptionSpec.flag(OPTION))

        def round_points(self, game: Game, rnd: RoundState, kind: EndKind, seat: int,
                         side_pips: tuple[int, ...], winner: int | None
                         ) -> tuple[list[int], int]:
            points, carry = super().round_points(game, rnd, kind, seat, side_pips, winner)
            if self.options.get(OPTION):
                points = [2 * p for p in points]
            return points, carry

    return DoublingBlock


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch) -> Iterator[Setup]:
    """The option declared, the variant registered and their texts in the catalogues,
    for one test."""
    for lang in CATALOGS:  # every language needs them: English where no other is given
        for key, text in TEXTS.get(lang, TEXTS["en"]).items():
            monkeypatch.setitem(CATALOGS[lang], key, text)  # type: ignore[arg-type]
    with declaring(OPTION, OptionKind.BOOL, CODE), registered(_doubling_block()) as cls:
        yield Setup(cls)
    assert declared_option(OPTION) is None


def first_round_points(options: dict[str, Any]) -> tuple[int, ...]:
    """The points of the first round of one seeded game, played by random legal moves."""
    game = Game(make_variant(VARIANT, 2, options), seed=11)
    rng = random.Random(3)
    while not game.rounds[0].end:
        game.apply(rng.choice(game.legal_moves()))
    end = game.rounds[0].end
    assert end is not None
    return tuple(end.points)


def test_the_rules_read_the_declared_option(declared: Setup) -> None:
    plain, doubled = first_round_points({}), first_round_points({OPTION: True})
    assert any(plain) and doubled == tuple(2 * p for p in plain)
    variant = make_variant(VARIANT, 2, {OPTION: True})
    assert variant.options.get(OPTION) is True and variant.record_options() == {OPTION: True}
    assert make_variant(VARIANT, 2).record_options() == {}  # off is the default, unwritten


async def test_a_declared_option_is_offered_set_and_recorded(
        declared: Setup, emu: TelegramEmulator, db_path: Path) -> None:
    assert missing_variant_texts() == []
    anna = emu.add_user("Anna", language_code="en")
    group = emu.add_group("Club", [anna])
    # Setup and registered at run time, they exist in this process only: the
    # computer players and the pictures work in threads here.
    async with running_bot(emu, db_path, ai_workers=0, render_workers=0) as bot:
        await emu.user_starts_bot(anna)
        await bot.settle()
        await bot.send(anna, group.id, f"/newgame {VARIANT}")
        game = await bot.game_in(group.id)
        assert game is not None and game.variant == VARIANT and game.options == {}
        gid = game.game_id

        # the settings panel offers the option, with its code and its value
        await bot.lobby_press(anna, group.id, "c")
        buttons = {data: text for row in bot.panel(anna).keyboard() for text, data in row}
        assert buttons[f"l:{gid}:{CODE}:1"] == "Double points: no"
        answer = await bot.panel_press(anna, CODE)
        assert answer == tr("en", "ans.settings")
        game = await bot.game_in(group.id)
        assert game is not None and game.options == {OPTION: True}
        buttons = {data: text for row in bot.panel(anna).keyboard() for text, data in row}
        assert buttons[f"l:{gid}:{CODE}:0"] == "Double points: yes"
        assert "Double points: yes" in (bot.lobby(group.id).text or "")
        assert "each round scores twice its points." in (bot.panel(anna).text or "")

        # a forged argument is refused, clearly, and changes nothing
        panel = bot.panel(anna)
        for forged in (f"l:{gid}:{CODE}:7", f"l:{gid}:{CODE}:", f"l:{gid}:{CODE}:yes"):
            answer = await bot.press(anna, anna.id, panel.message_id, forged, forge=True)
            assert answer == tr("en", "btn.forged"), forged
        game = await bot.game_in(group.id)
        assert game is not None and game.options == {OPTION: True}
        # and a value the button never sends is refused by the service itself
        with pytest.raises(BadSettingsError, match="true or false"):
            await bot.service.change_settings(group.id, anna.id, options={OPTION: 2})
        with pytest.raises(BadSettingsError, match="unknown option"):
            check_options("block", {OPTION: True})  # a variant that does not take it
        game = await bot.game_in(group.id)
        assert game is not None and game.options == {OPTION: True}
        await bot.panel_press(anna, "b")

        # /rules names the variant and explains the option
        await bot.send(anna, anna.id, f"/rules {VARIANT}")
        rules = emu.bot_messages(anna.id)[-1].text or ""
        assert rules.startswith("📖 Doubling block")
        assert TEXTS["en"][f"rules.{VARIANT}"] in rules
        assert "Double points: each round scores twice its points." in rules

        # the game is played with it, and its record carries it
        await bot.lobby_press(anna, group.id, "a:m")
        await bot.lobby_press(anna, group.id, "go")
        await bot.settle()
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "playing"
        record = await bot.service.record(gid)
        assert record["options"] == {OPTION: True}
        again, _ = replay(record)
        assert isinstance(again.variant, declared.variant)
        assert again.variant.options.get(OPTION) is True
        await bot.send(anna, group.id, "/export")
        await bot.settle()
        document = next(m for m in reversed(emu.bot_messages(group.id))
                        if m.document is not None)
        assert document.document is not None
        exported = json.loads(emu.files[document.document.file_id].data)
        assert exported["variant"] == VARIANT and exported["options"] == {OPTION: True}
