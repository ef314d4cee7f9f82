"""The catalogue entry every variant of every game kind declares: :class:`Variant`.

A variant is a class: its name, aliases, place in menus, family, game kind, house
options and the facts the layers above read of every kind (how it scores, its
target, who sits on which side). The kind's own rules live in the kind's package:
the domino turn machine's declarations in :class:`engine.domino.variant.DominoVariant`,
Tien Gow's in :mod:`engine.chinese.rules`, Tri-Ominos' in :mod:`engine.triangular.rules`.
:mod:`engine.core.registry` finds a variant by name; :mod:`engine.variants` lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, ClassVar

from engine.core.errors import OptionsError
from engine.core.options import (
    OptionKind,
    Options,
    OptionSpec,
    OptionValue,
    Preset,
    declared_options,
    preset_of,
)

__all__ = ["Family", "Variant", "default_options"]


class Family(Enum):
    """The family a variant belongs to: results are compared within a family, and
    the greedy AI weighs its features by it (docs/rules.md 3a names the families)."""

    GOAT = "goat"  # kozel and its kin: lowest double leads, pips written to losers
    FIVES = "fives"  # points in play from the open ends' count (multiples of 5)
    TELEPHONE = "telephone"
    THREES = "threes"
    BLOCK_DRAW = "block_draw"  # no points in play: the round's pips decide
    KOLBASA = "kolbasa"  # two owned lines and the cut (docs/rules.md 4.19)
    CHINESE = "chinese"  # Tien Gow, tricks on the Chinese set (docs/rules.md 4.20)
    TRIANGULAR = "triangular"  # triangles on a grid (docs/rules.md 4.21)
    TRAINS = "trains"  # lines out of a central double, each seat written its own pips
    CHICKEN = "chicken"  # a tree off the central double, three toes on every double
    CAPICUA = "capicua"  # the partnership block game with pass bonuses (docs/rules.md 4.24)


class Variant:
    """A variant's catalogue entry; each game kind subclasses it with its own rules.

    A registered variant declares, in its own class body, what the other layers
    read: ``name``, ``aliases`` (other names players type, Russian and English,
    lower case, "е" for "ё", "_" for spaces), ``order`` (its place in menus),
    ``family``, ``kind`` (the game kind its games are, :mod:`engine.games`),
    ``option_specs`` (the house options it takes) and the facts below (penalty
    scoring, signals ...). The bot and the service read nothing else."""

    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    order: ClassVar[int]  # its place in menus (declared by every registered variant)
    family: ClassVar[Family]
    # the game kind its games are (engine/games.py finds the kind by this name)
    kind: ClassVar[str] = ""
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    # named sets of option values the settings offer (the first: the defaults)
    presets: ClassVar[tuple[Preset, ...]] = ()
    penalty_scoring: ClassVar[bool] = False  # totals are penalties: lower is better
    pip_scoring: ClassVar[bool] = True  # False: a round scores sticks or won rounds
    round_wins: ClassVar[bool] = False  # a round is won by a side or drawn (general)
    signals: ClassVar[bool] = False  # partners may signal 6-6 / 0-0 to each other
    players_allowed: ClassVar[tuple[int, ...]] = (2, 3, 4)
    draws: ClassVar[bool] = True  # a seat may draw from a boneyard (a pile shown)
    default_target: ClassVar[int | None] = None
    sets_allowed: ClassVar[tuple[int, ...]] = (6,)
    default_set: ClassVar[int] = 6
    scores_in_play: ClassVar[bool] = False  # a move may score before the round ends
    teams_possible: ClassVar[bool] = True  # False: each for himself, whatever the count

    def __init__(self, options: Options) -> None:
        self.options = options
        self.players = options.players
        if self.players not in self.players_allowed:
            raise OptionsError(
                f"{self.name} is played by {self._players_text()} players, not {self.players}"
            )
        if options.teams and not self.teams_allowed():
            raise OptionsError(f"{self.name} with {self.players} players has no teams")
        if options.set not in self.sets_allowed:
            raise OptionsError(f"{self.name} is played with double-"
                               f"{' or double-'.join(map(str, self.sets_allowed))}")
        for spec in self.option_specs:
            value = options.get(spec.name)
            if spec.kind is OptionKind.CHOICE and value is not None and (
                    value not in spec.values):
                raise OptionsError(f"{self.name}: the {spec.name} is one of "
                                   f"{', '.join(map(str, spec.values))}")
        self.sides: tuple[tuple[int, ...], ...] = (
            ((0, 2), (1, 3)) if options.teams else tuple((s,) for s in range(self.players))
        )
        side_of = [0] * self.players
        for i, side in enumerate(self.sides):
            for seat in side:
                side_of[seat] = i
        self.side_of: tuple[int, ...] = tuple(side_of)

    def _players_text(self) -> str:
        p = self.players_allowed
        return " or ".join(map(str, p)) if len(p) <= 2 else f"{p[0]}-{p[-1]}"

    # ---------------------------------------------------------------- options
    @classmethod
    def option_spec(cls, name: str) -> OptionSpec | None:
        """The spec of a house option this variant takes (None: it takes none such)."""
        for spec in cls.option_specs:
            if spec.name == name:
                return spec
        return None

    @classmethod
    def default_teams(cls, players: int) -> bool:
        spec = cls.option_spec("teams")
        return bool(spec.default_for(players)) if spec is not None else False

    @classmethod
    def discard_limit(cls) -> int | None:
        """A round's write under this is discarded (the goat family's 13); None: none."""
        return None

    def losing_total(self) -> int | None:
        """A penalty variant's total that loses the game (the goat's); None: none."""
        return None

    @classmethod
    def preset_defaults(cls) -> dict[str, OptionValue]:
        """The options a preset sets: every option the variant takes but teams, at
        its default."""
        return {spec.name: spec.default for spec in cls.option_specs if spec.name != "teams"}

    @classmethod
    def preset_now(cls, options: Mapping[str, OptionValue]) -> Preset | None:
        """The preset the options set (None: no preset, or a house mix)."""
        return preset_of(cls.presets, cls.preset_defaults(), options)

    def teams_allowed(self) -> bool:
        return self.teams_possible and self.players == 4

    @property
    def target(self) -> int | None:
        return self.options.target if self.options.target is not None else self.default_target

    # ---------------------------------------------------------------- record
    def record_options(self) -> dict[str, Any]:
        """The options that differ from this variant's defaults, by their declared
        names, in the declarations' order."""
        base = default_options(type(self), self.players)
        out: dict[str, Any] = {}
        for declared in declared_options():
            v = self.options.get(declared.name)
            if v != base.get(declared.name):
                out[declared.name] = declared.to_record(v)
        return out


def default_options(cls: type[Variant], players: int) -> Options:
    """The options a record of ``cls`` leaves out: the declared defaults, but the set,
    the on/off options (teams among them) and the choices as the variant defaults them
    (chicken_foot's 0-0 counts 50, mexican_train's 0)."""
    base = Options(players=players, teams=cls.default_teams(players), set=cls.default_set)
    own: dict[str, OptionValue] = {}
    for spec in cls.option_specs:
        if spec.kind is OptionKind.BOOL or spec.declared.kind is OptionKind.CHOICE:
            value = spec.default_for(players)
            if value != base.get(spec.name):
                own[spec.name] = value
    return base.replaced(own) if own else base
