"""House options: each declared once (:class:`Declared`, in one table), their values
in a game (:class:`Options`), a variant's take on one (:class:`OptionSpec`) and the
numbers a lobby offers.

An option's declaration is everything every layer reads of it: its record name, its
record type (on/off, a positive number, or one of a few numbers), the value a record
leaves out, the lobby's short code (the callback data of its button, bot/ui/
callbacks.py) and the stem of its catalogue keys (``btn.<key>``, ``lobby.<key>``,
``opt.<key>``, ``optname.<key>``). The lobby, the callback codec, the button
handler, the service's check, :func:`engine.domino.variant.make_variant` and the
game record all read the declaration; a variant says which options it takes, with
which values, in its ``option_specs``. :func:`declare` adds an option (a variant of
a test), :func:`declaring` for the length of a ``with`` block.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import MISSING, dataclass, fields, replace
from enum import Enum
from typing import Any

OptionValue = int | bool | None


class OptionKind(Enum):
    BOOL = "bool"  # True or False
    INT = "int"  # any positive number; ``values`` are the ones a lobby offers
    CHOICE = "choice"  # one of ``values``


@dataclass(frozen=True, slots=True)
class Options:
    """House rules, by the names docs/rules.md and the record use.

    The options of the built-in variants are typed fields (the rules read them as
    ``options.teams``); an option declared beyond them (:func:`declare`) is held in
    ``extra``, as (name, value) pairs in name order, only where it differs from its
    declared default, so two equal option sets are equal and hash alike. Read any
    option with :meth:`get`, change some with :meth:`replaced`."""

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
    mixed: bool = True  # chinese: civil-military combinations (docs/rules.md 4.20 [C7])
    early_death: bool = True  # chinese: the last single trick (docs/rules.md 4.20 [C8])
    voluntary_draw: bool = True  # triangular: draw even when a triangle fits (docs/rules.md 4.21)
    # capicua (docs/rules.md 4.24): choices of words are numbered (COUNT_*, TRANQUE_*,
    # LEAD_* in engine/domino/capicua.py), bonuses are points (0: off)
    count: int = 1  # a domino scores all three other hands (1) or the opponents' (2)
    capicua: int = 25  # going out with a tile that fits either end
    pase_salida: bool = True  # the seat after the leader cannot answer the lead
    pase_corrido: int = 25  # the next three seats all pass after a placement
    chuchazo: int = 0  # going out with 0-0
    hand_bonus: bool = False  # 100, 75, 50, 25 for the winners of the first four hands
    tranque: int = 1  # who wins a blocked hand: the team (1), a player (2), the blocker (3)
    lead: int = 1  # who leads a later hand: the winner (1) or the next seat (2)
    # mexican_train and chicken_foot (docs/rules.md 4.22, 4.23)
    first_turn: int = 1  # the first turn builds a chain (1) or places one tile (2)
    double_blank: int = 0  # what 0-0 left in hand counts (chicken_foot's default: 50)
    root_arms: int = 4  # chicken_foot: the arms the round's engine takes first
    extra: tuple[tuple[str, OptionValue], ...] = ()

    def __post_init__(self) -> None:
        if not self.extra:
            return
        kept: dict[str, OptionValue] = {}
        for name, value in self.extra:
            declared = declared_option(name)
            if declared is None or declared.field:
                raise ValueError(f"{name!r} is not an option declared beyond the fields")
            if value != declared.default:
                kept[name] = value
        object.__setattr__(self, "extra", tuple(sorted(kept.items())))

    def get(self, name: str) -> OptionValue:
        """The value of a declared option (KeyError: no option is so named)."""
        declared = declared_option(name)
        if declared is None:
            raise KeyError(name)
        if declared.field:
            value: OptionValue = getattr(self, name)
            return value
        for key, value in self.extra:
            if key == name:
                return value
        return declared.default

    def replaced(self, changes: Mapping[str, OptionValue]) -> Options:
        """These options with some values changed (each a declared option's)."""
        own: dict[str, Any] = {}
        extra = dict(self.extra)
        for name, value in changes.items():
            declared = declared_option(name)
            if declared is None:
                raise KeyError(name)
            if declared.field:
                own[name] = value
            else:
                extra[name] = value
        return replace(self, **own, extra=tuple(extra.items()))


@dataclass(frozen=True, slots=True)
class Declared:
    """One house option as the record and the lobby know it.

    ``kind`` is its record type: BOOL (true or false), INT (a positive number, or
    None for the variant's own default) or CHOICE (one of ``values``, never None).
    ``default`` is the value a record leaves out; ``code`` the lobby button's action
    in the callback data (one or two lower-case letters); ``key`` the stem of its
    catalogue keys; ``digits`` the longest number a lobby button sends for an INT.
    ``field``: whether :class:`Options` has a typed field of that name. ``words``: a
    choice whose numbers stand for words (capicua's tranque rules), one word per value
    in ``values``' order: the record writes the word (``"tranque": "blocker"``), the
    game holds the number, and the catalogue key ``optval.<key>_<word>`` shows it."""

    name: str
    kind: OptionKind
    code: str
    default: OptionValue = None
    values: tuple[int, ...] = ()
    key: str = ""
    digits: int = 4
    field: bool = False
    words: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not NAME.fullmatch(self.name):
            raise ValueError(f"an option's name is lower-case letters and '_', not {self.name!r}")
        if not CODE.fullmatch(self.code):
            raise ValueError(f"option {self.name}: its code is 1 or 2 letters, not {self.code!r}")
        if not self.key:
            object.__setattr__(self, "key", self.name)
        if self.kind is OptionKind.CHOICE and not self.values:
            raise ValueError(f"option {self.name} offers no choice")
        if any(isinstance(v, bool) or v < self._least for v in self.values):
            raise ValueError(f"option {self.name}: values are positive numbers")
        if self.type_error(self.default) is not None:
            raise ValueError(f"option {self.name}: default {self.default!r} is not allowed")
        if self.words and (len(self.words) != len(self.values) or self.kind is not
                           OptionKind.CHOICE or not all(NAME.fullmatch(w) for w in self.words)):
            raise ValueError(f"option {self.name}: one word of letters and '_' per value")

    @property
    def named(self) -> bool:
        """Whether its values stand for words (shown and recorded as words)."""
        return bool(self.words)

    def word(self, value: OptionValue) -> str | None:
        """The word a named choice's value stands for (None: not one of its values)."""
        if self.words and isinstance(value, int) and value in self.values:
            return self.words[self.values.index(value)]
        return None

    def to_record(self, value: OptionValue) -> OptionValue | str:
        """The value as a record writes it: a named choice's word, else the value."""
        word = self.word(value)
        return word if word is not None else value

    def value_of(self, word: str) -> int:
        """The number a named choice's word stands for (ValueError: not its word)."""
        return self.values[self.words.index(word)]

    def from_record(self, value: object) -> object:
        """A record's value as the game holds it: a named choice's word read back as
        its number (the number itself is read too: records stored before the words)."""
        if isinstance(value, str) and value in self.words:
            return self.value_of(value)
        return value

    @property
    def _least(self) -> int:
        """The least value offered: 0 only among a choice's values (a bonus that is
        off); a number option's 0 means "the variant's default" on a button."""
        return 0 if self.kind is OptionKind.CHOICE else 1

    def type_error(self, value: object) -> str | None:
        """Why ``value`` is not of this option's record type (None: it is)."""
        if self.kind is OptionKind.BOOL:
            if not isinstance(value, bool):
                return f"option {self.name} is true or false, not {value!r}"
        elif self.kind is OptionKind.INT:
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                      or value <= 0):
                return f"option {self.name} is a positive number, not {value!r}"
        elif (not isinstance(value, int) or isinstance(value, bool)
              or value not in self.values):  # 6.0 == 6 but breaks range()
            *most, last = map(str, self.values)
            either = f"{', '.join(most)} or {last}" if most else last
            return f"option {self.name} is {either}, not {value!r}"
        return None


NAME = re.compile(r"[a-z][a-z_]{0,19}")
CODE = re.compile(r"[a-z]{1,2}")

# The built-in options, in the record's order (and the settings panel's). Their
# defaults are the Options fields'.
_BUILTIN: tuple[tuple[str, OptionKind, str, tuple[int, ...], int], ...] = (
    # name, record type, lobby code, record values (CHOICE), digits a button sends
    ("teams", OptionKind.BOOL, "tm", (), 0),
    ("target", OptionKind.INT, "tg", (), 4),  # 0 on a button: the variant's default
    ("set", OptionKind.CHOICE, "st", (6, 9, 12), 0),  # double-six, -nine, -twelve
    ("fish_point", OptionKind.BOOL, "fp", (), 0),  # the goat family
    ("rounds", OptionKind.INT, "rd", (), 2),  # 0 on a button: none, the rule's own end
    # --- the options of docs/rules.md 4.7-4.17
    ("locked", OptionKind.BOOL, "lk", (), 0),  # the last boneyard tiles are never drawn
    ("extra_turn", OptionKind.BOOL, "xt", (), 0),
    ("no_double_out", OptionKind.BOOL, "nd", (), 0),
    ("free_lines", OptionKind.BOOL, "fl", (), 0),  # kolbasa: either line at will
    ("mixed", OptionKind.BOOL, "mx", (), 0),  # chinese: mixed civil-military combinations
    ("early_death", OptionKind.BOOL, "ed", (), 0),  # chinese
    ("voluntary_draw", OptionKind.BOOL, "vd", (), 0),  # triangular
    # --- capicua (docs/rules.md 4.24)
    ("count", OptionKind.CHOICE, "ct", (1, 2), 0),
    ("capicua", OptionKind.CHOICE, "cp", (0, 25, 50, 100), 0),
    ("pase_salida", OptionKind.BOOL, "ps", (), 0),
    ("pase_corrido", OptionKind.CHOICE, "pc", (0, 25), 0),
    ("chuchazo", OptionKind.CHOICE, "cz", (0, 30, 100), 0),
    ("hand_bonus", OptionKind.BOOL, "hb", (), 0),
    ("tranque", OptionKind.CHOICE, "tq", (1, 2, 3), 0),
    ("lead", OptionKind.CHOICE, "ld", (1, 2), 0),
    # --- mexican_train and chicken_foot (docs/rules.md 4.22, 4.23)
    ("first_turn", OptionKind.CHOICE, "ft", (1, 2), 0),
    ("double_blank", OptionKind.CHOICE, "db", (0, 50), 0),
    ("root_arms", OptionKind.CHOICE, "ra", (4, 6), 0),
)


def _field_default(name: str) -> OptionValue:
    for f in fields(Options):
        if f.name == name and f.default is not MISSING:
            value: OptionValue = f.default
            return value
    raise ValueError(f"Options has no field {name!r} with a default")


# The built-in choices whose numbers stand for words, one per value (capicua: COUNT_*,
# TRANQUE_*, LEAD_* in engine/domino/capicua.py; mexican_train's first turn).
_WORDS: dict[str, tuple[str, ...]] = {
    "count": ("all", "opponents"),
    "tranque": ("team", "individual", "blocker"),
    "lead": ("winner", "rotate"),
    "first_turn": ("chain", "single"),
}

_DECLARED: dict[str, Declared] = {
    name: Declared(name, kind, code, _field_default(name), values, digits=digits, field=True,
                   words=_WORDS.get(name, ()))
    for name, kind, code, values, digits in _BUILTIN
}

# The record names of the built-in options, in the record's order (what a record may
# hold with no option declared beyond them).
RECORD_OPTION_NAMES: tuple[str, ...] = tuple(_DECLARED)
if set(RECORD_OPTION_NAMES) != {f.name for f in fields(Options)} - {"players", "extra"}:
    raise ValueError("every Options field but players and extra is a declared option")


def declared_option(name: str) -> Declared | None:
    """The declaration of the option named ``name`` (None: none is)."""
    return _DECLARED.get(name)


def the_option(name: str) -> Declared:
    """The declaration of a built-in option (KeyError: none is so named)."""
    return _DECLARED[name]


def declared_options() -> tuple[Declared, ...]:
    """Every declared option, in the record's order (the built-in ones first)."""
    return tuple(_DECLARED.values())


def option_of_code(code: str) -> Declared | None:
    """The option whose lobby button has the action ``code`` (None: no option's)."""
    return next((d for d in _DECLARED.values() if d.code == code), None)


def declare(name: str, kind: OptionKind, code: str, *, default: OptionValue = None,
            values: tuple[int, ...] = (), key: str = "", digits: int = 4) -> Declared:
    """Declare an option beyond the built-in ones (held in ``Options.extra``); an
    on/off option's default is False unless given. A name or code already declared
    is refused."""
    if kind is OptionKind.BOOL and default is None:
        default = False
    declared = Declared(name, kind, code, default, values, key, digits)
    if name in _DECLARED or name in ("players", "extra") or option_of_code(code) is not None:
        raise ValueError(f"an option named {name!r} or coded {code!r} is declared already")
    _DECLARED[name] = declared
    return declared


def undeclare(name: str) -> None:
    """Forget an option :func:`declare` added (tests that declare their own)."""
    declared = _DECLARED.get(name)
    if declared is None or declared.field:
        raise ValueError(f"{name!r} is not an option declared beyond the built-in ones")
    del _DECLARED[name]


@contextmanager
def declaring(name: str, kind: OptionKind, code: str, *, default: OptionValue = None,
              values: tuple[int, ...] = (), key: str = "", digits: int = 4
              ) -> Iterator[Declared]:
    """An option declared for the length of a ``with`` block (tests)."""
    declared = declare(name, kind, code, default=default, values=values, key=key,
                       digits=digits)
    try:
        yield declared
    finally:
        undeclare(name)


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of option values, the rest at the variant's defaults: one table's
    way of playing, offered by name in the settings (catalogue key ``preset.<key>``)."""

    key: str
    options: tuple[tuple[str, OptionValue], ...]

    def values(self, defaults: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        """Every option of ``defaults`` at this preset's value."""
        out = dict(defaults)
        out.update(self.options)
        return out


def preset_of(presets: tuple[Preset, ...], defaults: Mapping[str, OptionValue],
              options: Mapping[str, OptionValue]) -> Preset | None:
    """The preset whose values ``options`` (over ``defaults``) hold exactly (None: a
    house mix of them)."""
    given = {name: options.get(name, value) for name, value in defaults.items()}
    for preset in presets:
        if preset.values(defaults) == given:
            return preset
    return None


# The targets a lobby offers where a variant takes any target (domiki).
FREE_TARGETS: tuple[int, ...] = (50, 100, 150, 200, 250)
# The round counts a lobby offers where a game may be cut to so many rounds.
ROUND_COUNTS: tuple[int, ...] = (1, 3, 5, 7)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A house option a variant takes (by its record name): its kind, the values a
    lobby offers, its default, and the table sizes it applies to.

    ``kind`` may narrow the option's declared record type (a number option of one
    of a few values: CHOICE), never change it. ``defaults`` overrides ``default``
    for given numbers of players (teams: on with four in some variants); ``seats``
    None means every table size. A value of None for a number option always means
    "the variant's default"."""

    name: str
    kind: OptionKind
    values: tuple[int, ...] = ()
    default: OptionValue = None
    defaults: tuple[tuple[int, OptionValue], ...] = ()
    seats: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        declared = declared_option(self.name)
        if declared is None:
            raise ValueError(f"no option is named {self.name!r}")
        if (self.kind is OptionKind.BOOL) != (declared.kind is OptionKind.BOOL) or (
                declared.kind is OptionKind.CHOICE and self.kind is not OptionKind.CHOICE):
            raise ValueError(f"option {self.name} cannot be of kind {self.kind.value}")
        if self.kind is OptionKind.CHOICE and not self.values:
            raise ValueError(f"option {self.name} offers no choice")
        least = 0 if declared.kind is OptionKind.CHOICE else 1
        if any(isinstance(v, bool) or v < least for v in self.values):
            raise ValueError(f"option {self.name}: values are positive numbers")
        if declared.kind is OptionKind.CHOICE and not set(self.values) <= set(declared.values):
            raise ValueError(f"option {self.name}: values are some of "
                             f"{', '.join(map(str, declared.values))}")
        for default in (self.default, *(d for _, d in self.defaults)):
            if not self.accepts(default):
                raise ValueError(f"option {self.name}: default {default!r} is not allowed")

    @property
    def declared(self) -> Declared:
        """The option's declaration (its record type, lobby code, catalogue keys)."""
        declared = declared_option(self.name)
        if declared is None:
            raise ValueError(f"option {self.name} is no longer declared")
        return declared

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
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return False
        if self.kind is OptionKind.INT:
            return value > 0
        return value in self.values

    def applies(self, seats: int) -> bool:
        """Whether the option means anything at a table of ``seats``."""
        return self.seats is None or seats in self.seats
