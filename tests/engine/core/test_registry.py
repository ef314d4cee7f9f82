"""The registry: what every variant declares about itself (name, aliases, order,
family, option specs, facts), and that make_variant takes exactly the options the
specs give."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import OptionsError
from engine.core.options import declared_options
from engine.domino.ai.policy import style_of
from engine.domino.classic import Block
from engine.domino.game import Game
from engine.domino.table import Layout
from engine.games import kind_of
from engine.simulate import simulate
from engine.variants import (
    VARIANTS,
    Family,
    OptionKind,
    OptionSpec,
    Variant,
    default_options,
    find_variant,
    get_variant,
    make_variant,
    register,
    registered,
    variants_in_order,
)

ALL = variants_in_order()
# the variants of the one turn machine (engine.domino.game.Game); chinese is a kind of its own
DOMINO_ALL = [cls for cls in ALL if cls.kind == "domino"]


def test_names_orders_and_aliases_are_unique() -> None:
    assert len(ALL) == len(VARIANTS) == 23
    assert all(VARIANTS[cls.name] is cls for cls in ALL)
    orders = [cls.order for cls in ALL]
    assert len(set(orders)) == len(orders)
    names = set(VARIANTS)
    seen: dict[str, str] = {}
    for cls in ALL:
        assert "aliases" in vars(cls), f"{cls.name} declares no aliases of its own"
        for alias in cls.aliases:
            assert alias not in names, f"{cls.name}'s alias {alias!r} is another's name"
            assert alias not in seen, f"{alias!r} names {seen.get(alias)} and {cls.name}"
            assert alias == alias.lower() and " " not in alias and "ё" not in alias
            seen[alias] = cls.name
        assert isinstance(cls.family, Family)
    # every variant Russian players know by a Russian name has one to type
    assert find_variant("козел") is VARIANTS["kozel"]
    assert find_variant("goat") is VARIANTS["kozel"]
    assert find_variant("генеральский_козел") is VARIANTS["general_kozel"]
    assert find_variant("block") is VARIANTS["block"]
    assert find_variant("chess") is None


def test_menu_order() -> None:
    assert [cls.name for cls in ALL] == [
        "kozel", "telephone", "threes", "all_fives", "draw", "block", "sea_kozel",
        "general_kozel", "osel", "checheve", "sport", "semerka", "muggins", "pyaterochka",
        "vsem_po_pyat", "cuban", "domiki", "kolbasa", "chinese", "triangular", "capicua",
        "mexican_train", "chicken_foot"]


def test_families_and_facts() -> None:
    by_family: dict[Family, set[str]] = {}
    for cls in ALL:
        by_family.setdefault(cls.family, set()).add(cls.name)
    assert by_family == {
        Family.GOAT: {"kozel", "sea_kozel", "general_kozel", "osel", "checheve", "sport",
                      "semerka"},
        Family.FIVES: {"all_fives", "muggins", "pyaterochka", "vsem_po_pyat", "domiki"},
        Family.BLOCK_DRAW: {"draw", "block", "cuban"},
        Family.TELEPHONE: {"telephone"},
        Family.THREES: {"threes"},
        Family.KOLBASA: {"kolbasa"},
        Family.CHINESE: {"chinese"},
        Family.TRIANGULAR: {"triangular"},
        Family.CAPICUA: {"capicua"},
        Family.TRAINS: {"mexican_train"},
        Family.CHICKEN: {"chicken_foot"},
    }
    assert {cls.name for cls in ALL if cls.kind != "domino"} == {
        "chinese", "triangular", "mexican_train", "chicken_foot"}
    # totals are penalties: the goat family's writes and semerka's sticks (not sport)
    assert {c.name for c in ALL if c.penalty_scoring} == {
        "kozel", "sea_kozel", "osel", "checheve", "semerka", "kolbasa", "mexican_train",
        "chicken_foot"}
    assert {c.name for c in ALL if c.signals} == {"general_kozel"}
    assert {c.name for c in ALL if c.round_wins} == {"general_kozel"}
    assert {c.name: c.discard_limit() for c in ALL if c.discard_limit() is not None} == {
        "kozel": 13, "sea_kozel": 25, "osel": 13, "checheve": 13, "sport": 13}


def test_styles_follow_the_declarations() -> None:
    """The greedy weights by what a variant declares."""
    styles = {cls.name: style_of(make_variant(cls.name, max(cls.players_allowed)))
              for cls in DOMINO_ALL}
    penalty = {n for n, s in styles.items() if s.penalty}
    assert penalty == {"kozel", "sea_kozel", "osel", "checheve", "semerka", "kolbasa"}
    # sport plays with the goat family's weights, but its winners are credited
    assert styles["sport"] == replace(styles["kozel"], penalty=False)
    assert styles["semerka"].scale == 1.0 and styles["kozel"].scale == 25.0
    assert styles["telephone"].out == 6.0 and styles["threes"].out == 4.0
    line = {n for n in styles if not styles[n].penalty
            and n not in ("telephone", "threes", "sport")
            and VARIANTS[n].table_rules.layout is Layout.LINE}
    assert line == {"draw", "block", "general_kozel", "muggins", "cuban", "capicua"}
    assert all(styles[n].out == 25.0 for n in line)
    assert all(styles[n].out == 15.0 for n in ("all_fives", "pyaterochka", "vsem_po_pyat",
                                              "domiki"))


def test_specs_defaults_are_allowed() -> None:
    for cls in ALL:
        assert all(s.declared.name == s.name for s in cls.option_specs)
        for spec in cls.option_specs:
            for players in cls.players_allowed:
                default = spec.default_for(players)
                assert spec.accepts(default), (cls.name, spec.name)
                if spec.kind is OptionKind.CHOICE:
                    assert default in spec.values
            if spec.name == "teams":
                assert [cls.default_teams(p) for p in cls.players_allowed] == [
                    bool(spec.default_for(p)) for p in cls.players_allowed]
            if spec.name == "target":
                assert spec.default == cls.default_target
            if spec.name == "set":
                assert spec.values == cls.sets_allowed and spec.default == cls.default_set


def test_the_lobby_values_of_today() -> None:
    """The values offered per variant (the lobby tests assert them too)."""
    offered = {cls.name: {s.name: s.offered for s in cls.option_specs if s.offered}
               for cls in ALL}
    bools = (False, True)
    fives = (100, 150, 200, 250)
    assert offered == {
        "kozel": {"teams": bools, "fish_point": bools},
        "telephone": {"teams": bools, "target": (51,)},
        "threes": {"teams": bools},
        "all_fives": {"teams": bools, "target": fives},
        "draw": {"teams": bools, "target": fives},
        "block": {"teams": bools, "target": fives},
        "sea_kozel": {"fish_point": bools},
        "general_kozel": {"teams": bools, "rounds": (1, 3, 5, 7)},
        "osel": {"fish_point": bools},
        "checheve": {"fish_point": bools},
        "sport": {"teams": bools},
        "semerka": {},
        "muggins": {"teams": bools},
        "pyaterochka": {"teams": bools, "target": fives},
        "vsem_po_pyat": {"teams": bools, "target": (150, 200, 250), "set": (6, 9),
                         "locked": bools, "extra_turn": bools, "no_double_out": bools},
        "cuban": {"teams": bools, "target": (100, 150, 200)},
        "domiki": {"target": (50, 100, 150, 200, 250)},
        "kolbasa": {"target": (51, 101, 151), "free_lines": bools},
        "chinese": {"rounds": (4, 8, 12, 16), "mixed": bools, "early_death": bools},
        "triangular": {"target": (100, 200, 300, 400, 500), "voluntary_draw": bools},
        "capicua": {"teams": bools, "target": (100, 150, 200, 250, 300, 500), "count": (1, 2),
                    "capicua": (0, 25, 50, 100), "pase_salida": bools, "pase_corrido": (0, 25),
                    "chuchazo": (0, 30, 100), "hand_bonus": bools, "tranque": (1, 2, 3),
                    "lead": (1, 2)},
        "mexican_train": {"set": (12, 9), "rounds": (1, 3, 5, 7, 13), "first_turn": (1, 2),
                          "double_blank": (0, 50)},
        "chicken_foot": {"set": (9, 6), "rounds": (1, 2, 3, 5), "root_arms": (4, 6),
                         "double_blank": (50, 0)},
    }


def _takes(name: str, players_allowed: tuple[int, ...], options: dict[str, Any]) -> bool:
    """Whether some table size takes the options."""
    for players in players_allowed:
        try:
            make_variant(name, players, options)
        except OptionsError:
            continue
        return True
    return False


def _other_value(cls: type[Variant], key: str) -> Any:
    """A value of the option other than the variant's default."""
    base = default_options(cls, max(cls.players_allowed))
    value = base.get(key)
    if isinstance(value, bool):
        return not value
    if key == "set":
        return 9 if value == 6 else 6
    return 7  # target, rounds: a positive number no default is


@pytest.mark.parametrize("cls", ALL, ids=lambda c: c.name)
def test_make_variant_takes_exactly_the_specs(cls: type[Variant]) -> None:
    spec_names = {s.name for s in cls.option_specs}
    for spec in cls.option_specs:
        for value in (*spec.offered, spec.default):
            if spec.name == "teams" and value is False and cls.players_allowed == (4,):
                # sport, general_kozel: always in teams (the lobby shows no teams button)
                with pytest.raises(OptionsError, match="two teams"):
                    make_variant(cls.name, 4, {"teams": False})
                continue
            assert _takes(cls.name, cls.players_allowed, {spec.name: value}), (spec, value)
        if spec.kind is OptionKind.CHOICE:
            outside = max(spec.values) + 1
            assert not _takes(cls.name, cls.players_allowed, {spec.name: outside})
    for key in (d.name for d in declared_options()):
        if key in spec_names:
            continue
        assert not _takes(cls.name, cls.players_allowed, {key: _other_value(cls, key)}), key
        # the default spelled out (a record, the AI's view of the options) is taken
        players = max(cls.players_allowed)
        default = default_options(cls, players).get(key)
        make_variant(cls.name, players, {key: default})


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_spec_values_build_or_refuse_cleanly(data: st.DataObject) -> None:
    """Any mix of spec'd values either builds a variant, whose record options rebuild
    it exactly, or is refused with an OptionsError (never another error)."""
    cls = data.draw(st.sampled_from(ALL))
    players = data.draw(st.sampled_from(cls.players_allowed))
    options: dict[str, Any] = {}
    for spec in cls.option_specs:
        if data.draw(st.booleans()):
            options[spec.name] = data.draw(st.sampled_from((*spec.offered, spec.default)))
    try:
        v = make_variant(cls.name, players, options)
    except OptionsError:
        return
    again = make_variant(cls.name, players, v.record_options())
    assert again.options == v.options


def test_option_spec_refuses_what_it_cannot_be() -> None:
    with pytest.raises(ValueError, match="default"):
        OptionSpec.choice("target", (100, 150), 120)
    with pytest.raises(ValueError, match="no option"):
        OptionSpec.flag("colour")
    with pytest.raises(ValueError, match="kind"):
        OptionSpec.number("teams")
    with pytest.raises(ValueError, match="positive"):
        OptionSpec.number("rounds", (0, 3))
    teams = OptionSpec.teams(on_with_four=True)
    assert [teams.default_for(p) for p in (2, 3, 4)] == [False, False, True]
    assert teams.applies(4) and not teams.applies(3)


class QuickBlock(Block):
    """A block game to 30, 60 or 90 (defined here only)."""

    name = "quick_block"
    aliases = ("быстрый_блок", "quick")
    order = 65
    default_target = 60
    option_specs = (OptionSpec.teams(on_with_four=True),
                    OptionSpec.choice("target", (30, 60, 90), 60))


def test_a_variant_registered_for_a_while() -> None:
    assert find_variant("quick") is None
    with registered(QuickBlock):
        assert find_variant("quick") is find_variant("быстрый_блок") is QuickBlock
        assert get_variant("quick_block") is QuickBlock
        names = [c.name for c in variants_in_order()]
        assert names.index("quick_block") == names.index("block") + 1
        v = make_variant("quick_block", 2, {"target": 90})
        assert v.target == 90 and v.family is Family.BLOCK_DRAW and not v.draws
        assert make_variant("quick_block", 2).target == 60
        with pytest.raises(OptionsError, match="target is one of 30, 60, 90"):
            make_variant("quick_block", 2, {"target": 100})
    assert "quick_block" not in VARIANTS and find_variant("quick") is None


def _subclass(**attrs: Any) -> type[Variant]:
    return type("Bad", (Block,), {"name": "bad_block", "order": 999, "aliases": (), **attrs})


@pytest.mark.parametrize(("attrs", "words"), [
    ({"aliases": ("goat",)}, "already names"),  # kozel's alias
    ({"aliases": ("kozel",)}, "already names"),  # kozel's name
    ({"aliases": ("same", "same")}, "already names"),
    ({"name": "Bad Block"}, "no name"),
    ({"order": None}, None),
    ({"default_target": 70}, "default_target"),
])
def test_register_refuses_bad_declarations(attrs: dict[str, Any], words: str | None) -> None:
    if attrs.get("order", 0) is None:
        cls = type("Bad", (Block,), {"name": "bad_block", "aliases": ()})
        words = "own order"
    else:
        cls = _subclass(**attrs)
    with pytest.raises(ValueError, match=words):
        register(cls)
    assert "bad_block" not in VARIANTS


def test_register_refuses_a_second_variant_of_a_name() -> None:
    twin = type("Twin", (Block,), {"name": "block", "order": 61, "aliases": ()})
    with pytest.raises(ValueError, match="two variants"):
        register(twin)
    assert VARIANTS["block"] is Block


@pytest.mark.parametrize("name", ["chinese", "triangular"])
def test_the_domino_engine_refuses_a_game_of_another_kind(name: str) -> None:
    """Their random play on the domino engine would never end (it once filled memory)."""
    variant = make_variant(name, 2)
    assert variant.kind == name
    with pytest.raises(ValueError, match=f"{name} is a {name} game"):
        Game(variant, seed=1)
    with pytest.raises(ValueError, match=r"engine\.games\.new_game"):
        simulate(name, 2, 1, 1)
    assert kind_of(variant).new_game(variant, 1) is not None  # its own engine deals it
