"""Which achievements a finished game earns: one pure function of the game's data.

`decide` takes a finished game (the engine's game, live or rebuilt from its stored
moves: the same moves give the same game), who sat where (a person or a computer
level) and each person's tally of the games he finished before it, and says what
the game earns each person and his tally after it. The bot calls it in the
transaction that finishes a game (`service.achievements.award_finished`) and the
start-up backfill calls it for every game stored before (in the order the games
finished), so both award the same achievements by construction. A tournament's
winner is a champion (`tournament_earned`): the tournament's last step and the
backfill of the tournaments stored before both ask it, from the same standings.

No storage, no Telegram, no clock: values in, values out. The names and
descriptions are the catalogues' (``achievement.<key>.name`` and ``.about``);
docs/playing.md says exactly how each is earned.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from engine.core.catalogue import Variant
from engine.core.kind import PlayedGame
from engine.core.results import EndKind
from engine.domino.game import Game as DominoGame
from engine.domino.turns import arm_of
from engine.games import kind_of
from engine.variants import variants_in_order

__all__ = ["ACHIEVEMENTS", "FAMILIES", "TOURNAMENT_WON", "SeatFacts", "Tally", "decide",
           "earned", "result_facts", "seat_facts", "tournament_earned"]

# Every achievement's key, in the order /stats and the private message list them.
ACHIEVEMENTS: Final[tuple[str, ...]] = (
    "first_game",     # a game finished
    "first_win",      # a game won
    "games_10",       # ten games finished
    "games_100",      # a hundred games finished ("Dedicated")
    "wins_10",        # ten games won
    "fish",           # a round that ended in a fish won by one's side
    "capicua",        # going out with a tile, not a double, that fitted both open ends
    "no_draw",        # going out without drawing, in a round with tiles to draw
    "double_out",     # a game won whose last round one ended with a double
    "beat_hard",      # a game won against a hard or expert computer
    "beat_expert",    # a game won against an expert computer
    "all_families",   # a game won in every family
    "champion",       # a tournament won: first in its final standings
)

# The achievement a tournament earns its winner (the others are earned by a game).
TOURNAMENT_WON: Final = "champion"

# The families a game can be won in: every family a registered variant belongs to.
FAMILIES: Final[frozenset[str]] = frozenset(cls.family.value for cls in variants_in_order())

HARD_LEVELS: Final = frozenset({"hard", "expert"})


@dataclass(frozen=True, slots=True)
class Tally:
    """What a person's finished games add up to, before or after one of them."""

    games: int = 0
    wins: int = 0
    families: frozenset[str] = field(default_factory=frozenset)  # the families he won in

    def to_json(self) -> str:
        return json.dumps(sorted(self.families))

    @classmethod
    def of(cls, games: int, wins: int, families_json: str) -> Tally:
        """The tally as stored (its families as a JSON list)."""
        loaded = json.loads(families_json)
        families = frozenset(str(f) for f in loaded) if isinstance(loaded, list) else frozenset()
        return cls(games, wins, families)


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What one person's seat did in one finished game, as the achievements read it."""

    family: str
    won: bool = False
    fish: bool = False          # his side won a round that ended in a fish
    capicua: bool = False       # he went out with a capicúa
    no_draw: bool = False       # he went out without drawing, tiles left to draw
    double_out: bool = False    # his side won the game, his double ended its last round
    beat_hard: bool = False     # his side won, a hard or expert computer on another side
    beat_expert: bool = False   # ... an expert computer on another side


def _is_capicua(game: PlayedGame, index: int) -> bool:
    """Did round ``index`` of a line game end with a capicúa: the last tile not a
    double and fitting both open ends of the line before it was laid (docs/rules.md
    4.24)? Only a line of two ends (no spinner, not Колбаса's owned lines)."""
    if not isinstance(game, DominoGame):
        return False
    rnd = game.rounds[index]
    table = rnd.table
    last = table.last
    if last is None or last.tile.is_double or table.rules.write_end:
        return False
    ends = table.open_ends()
    if set(ends) != {"W", "E"} or table.spinner is not None:
        return False
    end = arm_of(rnd, last)
    if end is None:  # the lead
        return False
    other = "E" if end == "W" else "W"
    return ends[other] in (last.tile.a, last.tile.b)  # type: ignore[index]


def _ended_with_double(game: PlayedGame, index: int) -> bool:
    """Was round ``index`` of a line game ended by a double?"""
    if not isinstance(game, DominoGame):
        return False
    last = game.rounds[index].table.last
    return last is not None and last.tile.is_double


def _drawable(game: PlayedGame, record: Mapping[str, Any] | None, index: int) -> bool:
    """Could a tile be drawn in round ``index``: the game draws and the round was
    dealt with a boneyard (a line game: with tiles that may be drawn, not locked;
    another kind: its ``record``'s round lists a boneyard)?"""
    if not type(game.variant).draws:
        return False
    if isinstance(game, DominoGame):
        return game.rounds[index].drawable > 0
    rounds = record.get("rounds") if record is not None else None
    boneyard = rounds[index].get("boneyard") if isinstance(rounds, list) else None
    return isinstance(boneyard, list) and bool(boneyard)


def result_facts(variant: Variant, winners: Sequence[int], levels: Sequence[str | None]
                 ) -> dict[int, SeatFacts]:
    """What the result alone tells of each person's seat (``levels[seat]`` None): the
    family, whether his side won, and against which computers. Each seat's computer
    level is in ``levels`` (None: a person)."""
    family = type(variant).family.value
    sides = variant.side_of
    out: dict[int, SeatFacts] = {}
    for seat in range(min(variant.players, len(levels))):
        if levels[seat] is not None:
            continue
        side = sides[seat]
        won = side in winners
        against = {levels[s] for s in range(min(variant.players, len(levels)))
                   if levels[s] is not None and sides[s] != side}
        out[seat] = SeatFacts(family=family, won=won,
                              beat_hard=won and bool(against & HARD_LEVELS),
                              beat_expert=won and "expert" in against)
    return out


def seat_facts(game: PlayedGame, levels: Sequence[str | None]) -> dict[int, SeatFacts]:
    """The facts of each person's seat (``levels[seat]`` None) of the finished ``game``;
    ``levels`` gives each seat's computer level, None for a person's seat."""
    outcome = game.outcome
    if outcome is None:
        raise ValueError("the game is not finished")
    kind = kind_of(game.variant)
    summary = kind.replay_summary(game)
    # the record only where a kind's boneyard is read from it (not the line games')
    record = None if isinstance(game, DominoGame) else kind.to_record(
        game, [f"P{i + 1}" for i in range(game.players)])
    out: dict[int, SeatFacts] = {}
    last_round = len(game.rounds) - 1
    for seat, base in result_facts(game.variant, outcome.winners, levels).items():
        side = game.side_of(seat)
        fish = capicua = no_draw = double_out = False
        for index, rnd in enumerate(game.rounds):
            end = rnd.end
            if end is None:
                continue
            if end.kind is EndKind.FISH and end.winner == side:
                fish = True
            if end.kind is not EndKind.DOMINO or end.seat != seat:
                continue
            if _is_capicua(game, index):
                capicua = True
            moves = summary["rounds"][index]["moves"]
            if (_drawable(game, record, index)
                    and not any(m["seat"] == seat and m["move"] == "draw" for m in moves)):
                no_draw = True
            if base.won and index == last_round and _ended_with_double(game, index):
                double_out = True
        out[seat] = dataclasses.replace(base, fish=fish, capicua=capicua, no_draw=no_draw,
                                        double_out=double_out)
    return out


def earned(facts: SeatFacts, before: Tally) -> tuple[frozenset[str], Tally]:
    """The achievements whose condition one game (``facts``) meets, given the person's
    ``before`` tally of the games he finished earlier; and his tally after it. (Whether
    he had one already is the store's business: an achievement is earned once.)"""
    after = Tally(before.games + 1, before.wins + int(facts.won),
                  before.families | ({facts.family} if facts.won else frozenset()))
    keys = {"first_game"}
    if after.games >= 10:
        keys.add("games_10")
    if after.games >= 100:
        keys.add("games_100")
    if facts.won:
        keys.add("first_win")
    if after.wins >= 10:
        keys.add("wins_10")
    if after.families >= FAMILIES:
        keys.add("all_families")
    for key in ("fish", "capicua", "no_draw", "double_out", "beat_hard", "beat_expert"):
        if getattr(facts, key):
            keys.add(key)
    return frozenset(keys), after


def decide(game: PlayedGame | None, levels: Sequence[str | None], tallies: Mapping[int, Tally],
           *, variant: Variant | None = None, winners: Sequence[int] = ()
           ) -> dict[int, tuple[frozenset[str], Tally]]:
    """Per person's seat of a finished game: the achievements it meets and his tally
    after it (``tallies``: each seat's tally before; missing: none yet). The game is
    ``game`` (live or rebuilt); for a stored game whose moves are gone (the host's
    retention), its ``variant`` and ``winners`` (sides) only, which earn what a result
    tells (games, wins, families, computers beaten) and nothing a round would."""
    if game is not None:
        facts = seat_facts(game, levels)
    elif variant is not None:
        facts = result_facts(variant, winners, levels)
    else:
        raise ValueError("a game, or its variant and winners")
    return {seat: earned(f, tallies.get(seat, Tally())) for seat, f in facts.items()}


def tournament_earned(winners: Sequence[int]) -> list[tuple[int, list[str]]]:
    """What a finished tournament earns, per person: its winner (the first of the final
    standings, as his group is told), or both persons of the winning team, is a
    champion (``winners``: those persons, the forgotten left out)."""
    return [(user, [TOURNAMENT_WON]) for user in winners]
