"""The options' one declaration each (engine/core/options.py): the table, what it
refuses, and :class:`Options` holding an option declared beyond its fields (frozen,
hashable, picklable, equal whatever the spelling of a default)."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, fields

import pytest

from engine.core.errors import OptionsError
from engine.core.options import (
    RECORD_OPTION_NAMES,
    OptionKind,
    Options,
    OptionSpec,
    declare,
    declared_option,
    declared_options,
    declaring,
    option_of_code,
    undeclare,
)
from engine.domino.classic import Block
from engine.variants import make_variant, registered


def test_the_table_is_the_record_options_of_today() -> None:
    names = tuple(d.name for d in declared_options())
    assert names == RECORD_OPTION_NAMES == (
        "teams", "target", "set", "fish_point", "rounds", "locked", "extra_turn",
        "no_double_out", "free_lines", "mixed", "early_death", "voluntary_draw",
        "count", "capicua", "pase_salida", "pase_corrido", "chuchazo", "hand_bonus",
        "tranque", "lead", "first_turn", "double_blank", "root_arms")
    kinds = {d.name: d.kind for d in declared_options()}
    assert {n for n, k in kinds.items() if k is not OptionKind.BOOL} == {
        "target", "set", "rounds", "count", "capicua", "pase_corrido", "chuchazo",
        "tranque", "lead", "first_turn", "double_blank", "root_arms"}
    assert declared_option("capicua").values == (0, 25, 50, 100)  # 0: the bonus is off
    assert kinds["set"] is OptionKind.CHOICE and declared_option("set").values == (6, 9, 12)
    defaults = {f.name: f.default for f in fields(Options) if f.name not in ("players", "extra")}
    assert {d.name: d.default for d in declared_options()} == defaults
    assert all(d.field and d.key == d.name for d in declared_options())
    assert option_of_code("lk") is declared_option("locked") and option_of_code("zz") is None


def test_the_record_type_of_each_option() -> None:
    teams, target, tile_set = (declared_option(n) for n in ("teams", "target", "set"))
    assert teams is not None and target is not None and tile_set is not None
    assert teams.type_error(True) is None and "true or false" in (teams.type_error(1) or "")
    assert target.type_error(None) is None and target.type_error(7) is None
    assert "positive number" in (target.type_error(0) or "")
    assert "positive number" in (target.type_error(True) or "")
    assert tile_set.type_error(9) is None
    assert tile_set.type_error(6.0) == "option set is 6, 9 or 12, not 6.0"


def test_declare_refuses_what_is_declared_already() -> None:
    with pytest.raises(ValueError, match="declared already"):
        declare("teams", OptionKind.BOOL, "qq")
    with pytest.raises(ValueError, match="declared already"):
        declare("brand_new", OptionKind.BOOL, "lk")
    with pytest.raises(ValueError, match="code"):
        declare("brand_new", OptionKind.BOOL, "abc")
    with pytest.raises(ValueError, match="name"):
        declare("Brand New", OptionKind.BOOL, "bn")
    with pytest.raises(ValueError, match="default"):
        declare("brand_new", OptionKind.CHOICE, "bn", values=(2, 3))
    with pytest.raises(ValueError, match="declared beyond"):
        undeclare("teams")
    assert declared_option("brand_new") is None


def test_an_option_declared_beyond_the_fields() -> None:
    with declaring("wild_doubles", OptionKind.BOOL, "wd") as wild:
        assert wild.default is False and not wild.field and wild.key == "wild_doubles"
        plain = Options(players=3)
        assert plain.get("wild_doubles") is False
        on = plain.replaced({"wild_doubles": True, "teams": True})
        assert on.get("wild_doubles") is True and on.teams and on.extra == (("wild_doubles", True),)
        # a default spelled out is the same options: equal, one hash
        assert plain.replaced({"wild_doubles": False}) == plain
        assert hash(Options(3, extra=(("wild_doubles", False),))) == hash(plain)
        assert pickle.loads(pickle.dumps(on)) == on and hash(on) != hash(plain)
        with pytest.raises(FrozenInstanceError):
            on.teams = False  # type: ignore[misc]
        with pytest.raises(KeyError):
            on.get("colour")
        spec = OptionSpec.flag("wild_doubles")
        assert spec.declared is wild
    with pytest.raises(ValueError, match="no option"):
        OptionSpec.flag("wild_doubles")
    with pytest.raises(ValueError, match="declared beyond"):
        Options(3, extra=(("wild_doubles", True),))


def test_a_spec_narrows_the_record_type_never_changes_it() -> None:
    with pytest.raises(ValueError, match="kind"):
        OptionSpec.flag("set")
    with pytest.raises(ValueError, match="kind"):
        OptionSpec.number("set", (6, 9), 6)  # the record takes 6, 9 or 12 only
    with pytest.raises(ValueError, match="some of 6, 9, 12"):
        OptionSpec.choice("set", (6, 8), 6)
    assert OptionSpec.choice("target", (30, 60), 30).declared is declared_option("target")


def test_make_variant_and_the_record_take_a_declared_option() -> None:
    with declaring("fast_rounds", OptionKind.INT, "fr"):

        class FastBlock(Block):
            name = "fast_block"
            aliases = ()
            order = 67
            option_specs = (*Block.option_specs, OptionSpec.number("fast_rounds", (2, 4)))

        with registered(FastBlock):
            v = make_variant("fast_block", 2, {"fast_rounds": 4})
            assert v.options.get("fast_rounds") == 4
            assert v.record_options() == {"fast_rounds": 4}
            assert make_variant("fast_block", 2, v.record_options()).options == v.options
            with pytest.raises(OptionsError, match="positive number"):
                make_variant("fast_block", 2, {"fast_rounds": -1})
            # a variant that does not take it, only at its default
            with pytest.raises(OptionsError, match="no option 'fast_rounds'"):
                make_variant("block", 2, {"fast_rounds": 4})
            assert make_variant("block", 2, {"fast_rounds": None}).record_options() == {}
    with pytest.raises(OptionsError, match="unknown option"):
        make_variant("block", 2, {"fast_rounds": 4})


def test_a_named_choice_is_recorded_as_its_word_and_read_back_either_way() -> None:
    tranque = declared_option("tranque")
    assert tranque.words == ("team", "individual", "blocker")
    assert tranque.word(3) == "blocker" and tranque.to_record(3) == "blocker"
    assert tranque.from_record("individual") == 2 and tranque.value_of("team") == 1
    variant = make_variant("capicua", 4, {"tranque": "blocker", "lead": "rotate"})
    assert variant.options.tranque == 3 and variant.options.lead == 2
    assert variant.record_options() == {"tranque": "blocker", "lead": "rotate"}
    # a game stored before the words kept the numbers: it is read the same
    assert make_variant("capicua", 4, {"tranque": 3, "lead": 2}).options == variant.options
    with pytest.raises(OptionsError):
        make_variant("capicua", 4, {"tranque": "nobody"})


def test_the_train_games_take_their_own_options_from_the_lobby() -> None:
    train = make_variant("mexican_train", 4, {"first_turn": "single", "double_blank": 50})
    assert train.trains_options().first_turn == "single"  # type: ignore[attr-defined]
    assert train.trains_options().double_blank == 50  # type: ignore[attr-defined]
    chicken = make_variant("chicken_foot", 4, {})
    assert chicken.options.double_blank == 50 and chicken.record_options() == {}
    chicken = make_variant("chicken_foot", 4, {"root_arms": 6, "double_blank": 0})
    assert chicken.chicken.root_arms == 6 and chicken.chicken.double_blank == 0  # type: ignore[attr-defined]
    assert chicken.record_options() == {"root_arms": 6, "double_blank": 0}
