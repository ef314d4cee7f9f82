"""House options: their values (:class:`Options`), their declarations
(:class:`OptionSpec`) and the numbers a lobby offers."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True, slots=True)
class Options:
    """House rules, by the names RULES.md and the record use."""

    players: int
    teams: bool = False
    target: int | None = None
    set: int = 6
    fish_point: bool = False
    rounds: int | None = None
    locked: bool = False
    extra_turn: bool = False
    no_double_out: bool = False
    free_lines: bool = False  # kolbasa: either line at will
    mixed: bool = True  # chinese: civil-military combinations (RULES.md 4.20 [C7])
    early_death: bool = True  # chinese: the last single trick (RULES.md 4.20 [C8])
    voluntary_draw: bool = True  # triangular: draw even when a triangle fits (RULES.md 4.21)


RECORD_OPTION_NAMES = ("teams", "target", "set", "fish_point", "rounds", "locked",
                       "extra_turn", "no_double_out", "free_lines", "mixed", "early_death",
                       "voluntary_draw")
BOOL_OPTION_NAMES = frozenset({"teams", "fish_point", "locked", "extra_turn", "no_double_out",
                               "free_lines", "mixed", "early_death", "voluntary_draw"})

# The targets a lobby offers where a variant takes any target (domiki).
FREE_TARGETS: tuple[int, ...] = (50, 100, 150, 200, 250)
# The round counts a lobby offers where a game may be cut to so many rounds.
ROUND_COUNTS: tuple[int, ...] = (1, 3, 5, 7)


class OptionKind(Enum):
    BOOL = "bool"  # True or False
    INT = "int"  # any positive number; ``values`` are the ones a lobby offers
    CHOICE = "choice"  # one of ``values``


OptionValue = int | bool | None


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A house option a variant takes (by its record name): its kind, the values a
    lobby offers, its default, and the table sizes it applies to.

    ``defaults`` overrides ``default`` for given numbers of players (teams: on with
    four in some variants); ``seats`` None means every table size. A value of None
    for a number option always means "the variant's default"."""

    name: str
    kind: OptionKind
    values: tuple[int, ...] = ()
    default: OptionValue = None
    defaults: tuple[tuple[int, OptionValue], ...] = ()
    seats: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.name not in RECORD_OPTION_NAMES:
            raise ValueError(f"no option is named {self.name!r}")
        if (self.kind is OptionKind.BOOL) != (self.name in BOOL_OPTION_NAMES):
            raise ValueError(f"option {self.name} cannot be of kind {self.kind.value}")
        if self.kind is OptionKind.CHOICE and not self.values:
            raise ValueError(f"option {self.name} offers no choice")
        if any(isinstance(v, bool) or v <= 0 for v in self.values):
            raise ValueError(f"option {self.name}: values are positive numbers")
        for default in (self.default, *(d for _, d in self.defaults)):
            if not self.accepts(default):
                raise ValueError(f"option {self.name}: default {default!r} is not allowed")

    @classmethod
    def flag(cls, name: str, *, on_with: tuple[int, ...] = (),
             seats: tuple[int, ...] | None = None) -> OptionSpec:
        """An on/off option, off by default (on by default with ``on_with`` players)."""
        return cls(name, OptionKind.BOOL, (), False, tuple((p, True) for p in on_with), seats)

    @classmethod
    def teams(cls, *, on_with_four: bool = False) -> OptionSpec:
        """Partners opposite each other; applies only to a table of four."""
        return cls.flag("teams", on_with=(4,) if on_with_four else (), seats=(4,))

    @classmethod
    def choice(cls, name: str, values: tuple[int, ...], default: int) -> OptionSpec:
        return cls(name, OptionKind.CHOICE, values, default)

    @classmethod
    def number(cls, name: str, offered: tuple[int, ...] = (),
               default: int | None = None) -> OptionSpec:
        """Any positive number (``offered``: the ones a lobby offers)."""
        return cls(name, OptionKind.INT, offered, default)

    @property
    def offered(self) -> tuple[OptionValue, ...]:
        """The values a lobby offers (booleans: both)."""
        return (False, True) if self.kind is OptionKind.BOOL else self.values

    def default_for(self, players: int) -> OptionValue:
        for count, value in self.defaults:
            if count == players:
                return value
        return self.default

    def accepts(self, value: object) -> bool:
        """Whether the value is one this option takes (the kind's type is checked by
        make_variant first; None, for a number, is the variant's default)."""
        if self.kind is OptionKind.BOOL:
            return isinstance(value, bool)
        if value is None:
            return True
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            return False
        return self.kind is OptionKind.INT or value in self.values

    def applies(self, seats: int) -> bool:
        """Whether the option means anything at a table of ``seats``."""
        return self.seats is None or seats in self.seats
