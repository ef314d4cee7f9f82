"""The bot's kinds are one explicit list (bot/kinds/registry.py): every engine kind a
variant plays has its bot side there, each with its own name and callback prefix."""

from __future__ import annotations

import pytest

from bot.kinds.base import DOMINO, BotKind
from bot.kinds.registry import BOT_KINDS, KINDS, _by_name, bot_kind
from bot.ui.move_words import move_words
from engine.variants import variants_in_order


def test_every_variant_s_kind_has_its_bot_side_listed() -> None:
    assert {cls.kind for cls in variants_in_order()} == set(BOT_KINDS)
    for cls in variants_in_order():
        assert bot_kind(cls.name).name == cls.kind


def test_the_list_refuses_two_kinds_of_one_name_or_prefix() -> None:
    assert len({k.name for k in KINDS}) == len(KINDS)
    with pytest.raises(ValueError, match="named"):
        _by_name((DOMINO, DOMINO))
    twin = next(k for k in KINDS if k.prefix is not None)

    class Twin(BotKind):
        name = "twin"
        prefix = twin.prefix

    with pytest.raises(ValueError, match="prefix"):
        _by_name((twin, Twin()))


def test_a_move_no_kind_names_is_its_written_form_alone_and_no_sentence() -> None:
    assert move_words("x:1", "en") == "x:1"
    with pytest.raises(TypeError):
        move_words("x:1", "en", object())  # type: ignore[arg-type]
