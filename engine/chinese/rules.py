"""``chinese``: Tien Gow, "Китайское" (docs/rules.md 4.20), a trick-taking game on
the 32-tile Chinese set.

The game keeps the project's core idea, a turn is a list of actions on a table:
here the table is the current trick and the tricks won, and a turn is one *play*
of one to four tiles, face up or face down. The Chinese set holds eleven tiles
twice, so hands and the conservation of tiles are multisets.

This module is the game and its own state class (:class:`ChineseGame`), pure like
the rest of :mod:`engine`: the options, the deal, checked plays with typed reasons,
the views (a face-down tile is seen by its owner only), the record it writes
(``domino-record/1``), the round and game scoring, and the registered variant.
Beside it: :mod:`engine.chinese.tiles` (the set, the combinations, :class:`Play`;
their names are importable from here too) and :mod:`engine.chinese.record`
(reading a record, and the replay output).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations
from typing import Any

from engine.chinese.tiles import (
    CHINESE_SET,
    CIVIL,
    CIVIL_RANK,
    GROUPS,
    MILITARY,
    MILITARY_RANK,
    RED_PIPS,
    SUPREME,
    Category,
    Play,
    SetKind,
    classify,
    is_civil,
    sort_tiles,
    tile_key,
)
from engine.core.catalogue import Family, Variant
from engine.core.errors import IllegalMoveError, OptionsError, ReasonedMoveError, RecordError
from engine.core.options import OptionKind, OptionSpec
from engine.core.results import EndKind, GameEndReason, GameOutcome, RoundEnd
from engine.core.rounds import RoundsGame, player_names
from engine.core.tiles import Tile

# The set's names the bot, the renderer and the computer players import from here.
__all__ = [
    "CHINESE_SET", "CIVIL", "CIVIL_RANK", "GROUPS", "MILITARY", "MILITARY_RANK", "RED_PIPS",
    "SUPREME", "Category", "Play", "SetKind", "classify", "is_civil", "sort_tiles",
    "tile_key",
]

NAME = "chinese"
ALIASES = ("китайское", "китайские", "китайское_домино", "tiengow", "tien_gow",
           "tin_gau", "chinese", "chinese_dominoes")
ROUND_CHOICES = (4, 8, 12, 16)
DEFAULT_ROUNDS = 8
HAND = 8
TRICKS_PER_ROUND = 8


class Reason(Enum):
    """Why a play is refused (typed, for the bot's texts)."""

    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_IN_HAND = "not_in_hand"
    LEAD_FACE_DOWN = "lead_face_down"
    NO_COMBINATION = "no_combination"
    WRONG_COUNT = "wrong_count"
    DOES_NOT_BEAT = "does_not_beat"
    EARLY_DEATH = "early_death"


class ChineseMoveError(ReasonedMoveError):
    """A move chinese's rules refuse, with its :class:`Reason`."""

    reason: Reason


@dataclass(frozen=True, slots=True)
class ChineseOptions:
    players: int = 4
    rounds: int = DEFAULT_ROUNDS
    mixed: bool = True
    early_death: bool = True

    def record_options(self) -> dict[str, Any]:
        """The options that differ from the defaults, by their record names."""
        out: dict[str, Any] = {}
        if self.rounds != DEFAULT_ROUNDS:
            out["rounds"] = self.rounds
        if not self.mixed:
            out["mixed"] = False
        if not self.early_death:
            out["early_death"] = False
        return out


def make_options(players: int, options: Mapping[str, Any] | None = None) -> ChineseOptions:
    opts = dict(options or {})
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise OptionsError("chinese is played by 2, 3 or 4 players")
    rounds = opts.pop("rounds", None)
    if rounds is None:
        rounds = DEFAULT_ROUNDS
    if isinstance(rounds, bool) or rounds not in ROUND_CHOICES:
        raise OptionsError(f"rounds must be one of {ROUND_CHOICES}")
    flags: dict[str, bool] = {}
    for name in ("mixed", "early_death"):
        value = opts.pop(name, True)
        if not isinstance(value, bool):
            raise OptionsError(f"option {name} is true or false")
        flags[name] = value
    if opts.get("teams") is False:
        opts.pop("teams")
    if opts:
        raise OptionsError(f"chinese takes no option {sorted(opts)[0]}")
    return ChineseOptions(players, rounds, flags["mixed"], flags["early_death"])


@dataclass(slots=True)
class TrickPlay:
    seat: int
    play: Play


@dataclass(slots=True)
class Round:
    """One round: the hands (multisets), the banker, the current trick and the
    tricks won. ``moves`` are the plays in order (the record's moves)."""

    hands: list[list[Tile]]
    boneyard: tuple[Tile, ...]
    banker: int
    dealt: tuple[tuple[Tile, ...], ...]
    leader: int = 0
    turn: int = 0
    trick: list[TrickPlay] = field(default_factory=list)
    best: int = -1  # index into trick of the best set so far
    tricks: list[int] = field(default_factory=list)
    finished: list[tuple[list[TrickPlay], int]] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    winner: int | None = None
    points: list[int] | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def end(self) -> RoundEnd | None:
        """How the round ended (what the service reads of a round of any kind)."""
        if self.winner is None or self.points is None:
            return None
        zeros = (0,) * len(self.hands)
        return RoundEnd(EndKind.TRICKS, self.winner, zeros, zeros, self.winner,
                        tuple(self.points))

    @property
    def size(self) -> int:
        """The trick's k (0 before the lead)."""
        return self.trick[0].play.size if self.trick else 0


def round_points(tricks: Sequence[int], winner: int, banker: int) -> list[int]:
    """docs/rules.md 4.20 round scoring: others pay the winner 4 minus their tricks (5
    with none), payments between the winner and the banker doubled."""
    points = [0] * len(tricks)
    for seat, won in enumerate(tricks):
        if seat == winner:
            continue
        owed = 5 if won == 0 else 4 - won
        if banker in (seat, winner):
            owed *= 2
        points[seat] -= owed
        points[winner] += owed
    return points


def game_winners(totals: Sequence[int]) -> list[int]:
    best = max(totals)
    return [s for s, v in enumerate(totals) if v == best]


def deal(players: int, rng: random.Random) -> tuple[tuple[tuple[Tile, ...], ...],
                                                     tuple[Tile, ...]]:
    tiles = list(CHINESE_SET)
    rng.shuffle(tiles)
    hands = tuple(tuple(tiles[i * HAND:(i + 1) * HAND]) for i in range(players))
    return hands, tuple(tiles[players * HAND:])


def _sub_multisets(hand: Sequence[Tile], k: int) -> list[tuple[Tile, ...]]:
    seen: set[tuple[Tile, ...]] = set()
    out: list[tuple[Tile, ...]] = []
    for combo in combinations(sort_tiles(hand), k):
        if combo not in seen:
            seen.add(combo)
            out.append(combo)
    return out


class ChineseGame(RoundsGame[ChineseOptions, Round]):
    """A game of Tien Gow: rounds of eight tricks, scored per docs/rules.md 4.20."""

    variant_name = NAME

    def __init__(self, players: Sequence[str] | int, options: ChineseOptions | None = None,
                 *, seed: int | None = None) -> None:
        names = player_names(players)
        super().__init__(names, options or make_options(len(names)), seed)

    def legal_moves(self) -> list[Play]:
        """Every play the seat on turn may make (:meth:`legal_plays`)."""
        return self.legal_plays()

    @property
    def winners(self) -> list[int]:
        return game_winners(self.totals) if self.over else []

    @property
    def outcome(self) -> GameOutcome | None:
        """The game's end as data (None while it goes on): the agreed rounds played."""
        if not self.over:
            return None
        winners = tuple(self.winners)
        losers = tuple(s for s in range(self.seats) if s not in winners)
        return GameOutcome(winners, losers, GameEndReason.ROUNDS)

    def start_round(self, hands: Sequence[Sequence[Tile]] | None = None,
                    boneyard: Sequence[Tile] | None = None,
                    banker: int | None = None) -> Round:
        """Deal (or take the given deal) and open the next round."""
        if self.rounds and not self.current.over:
            raise IllegalMoveError("the round is not over")
        if self.over:
            raise IllegalMoveError("the game is over")
        if hands is None:
            dealt, rest = deal(self.seats, self.rng)
        else:
            dealt, rest = tuple(tuple(h) for h in hands), tuple(boneyard or ())
            check_deal(dealt, rest, self.seats)
        if banker is None:
            banker = (self.rng.randrange(self.seats) if not self.rounds
                      else self.last_winner())
        rnd = Round([list(h) for h in dealt], rest, banker, dealt, leader=banker, turn=banker,
                    tricks=[0] * self.seats)
        self.rounds.append(rnd)
        return rnd

    def last_winner(self) -> int:
        """The winner of the last round (it ended): the next round's banker."""
        winner = self.rounds[-1].winner
        assert winner is not None
        return winner

    # -- legality -----------------------------------------------------------------

    def _early_death(self, rnd: Round, seat: int) -> bool:
        """docs/rules.md 4.20 [C8]: the last trick led as a single; a seat with no
        trick won must play face down."""
        return (self.options.early_death and rnd.size == 1 and bool(rnd.trick)
                and not rnd.hands[rnd.trick[0].seat] and len(rnd.hands[seat]) == 1
                and rnd.tricks[seat] == 0)

    def check(self, seat: int, play: Play) -> None:
        """Raise :class:`ChineseMoveError` unless ``seat`` may make ``play`` now."""
        if self.over:
            raise ChineseMoveError(Reason.GAME_OVER, "the game is over")
        rnd = self.current
        if rnd.over:
            raise ChineseMoveError(Reason.ROUND_OVER, "the round is over")
        if seat != rnd.turn:
            raise ChineseMoveError(Reason.NOT_YOUR_TURN, f"it is seat {rnd.turn}'s turn")
        if Counter(play.tiles) - Counter(rnd.hands[seat]):
            raise ChineseMoveError(Reason.NOT_IN_HAND, f"{play.notation()} is not in the hand")
        if not rnd.trick:
            if play.down:
                raise ChineseMoveError(Reason.LEAD_FACE_DOWN, "a lead is played face up")
            if classify(play.tiles, self.options.mixed) is None:
                raise ChineseMoveError(Reason.NO_COMBINATION,
                                       f"{play.notation()} is not a combination")
            return
        if play.size != rnd.size:
            raise ChineseMoveError(Reason.WRONG_COUNT, f"play {rnd.size} tiles")
        if play.down:
            return
        if self._early_death(rnd, seat):
            raise ChineseMoveError(Reason.EARLY_DEATH,
                                   "no trick won yet: the last tile goes face down")
        kind = classify(play.tiles, self.options.mixed)
        best = classify(rnd.trick[rnd.best].play.tiles, self.options.mixed)
        assert best is not None
        if kind is None or not kind.beats(best):
            raise ChineseMoveError(Reason.DOES_NOT_BEAT,
                                   f"{play.notation()} does not beat the trick")

    def legal_plays(self, seat: int | None = None) -> list[Play]:
        """Every play the seat on turn may make (face-up first), as multisets."""
        if self.over or not self.rounds or self.current.over:
            return []
        rnd = self.current
        if seat is not None and seat != rnd.turn:
            return []
        hand = rnd.hands[rnd.turn]
        mixed = self.options.mixed
        if not rnd.trick:
            return [Play(c) for k in range(1, 5) for c in _sub_multisets(hand, k)
                    if classify(c, mixed) is not None]
        k = rnd.size
        combos = _sub_multisets(hand, k)
        out: list[Play] = []
        if not self._early_death(rnd, rnd.turn):
            best = classify(rnd.trick[rnd.best].play.tiles, mixed)
            assert best is not None
            for c in combos:
                kind = classify(c, mixed)
                if kind is not None and kind.beats(best):
                    out.append(Play(c))
        out.extend(Play(c, True) for c in combos)
        return out

    # -- acting -------------------------------------------------------------------

    def play(self, seat: int, play: Play | str) -> Round:
        """Make a checked play; a refused play changes nothing."""
        if isinstance(play, str):
            play = Play.parse(play)
        self.check(seat, play)
        rnd = self.current
        hand = rnd.hands[seat]
        for t in play.tiles:
            hand.remove(t)
        rnd.trick.append(TrickPlay(seat, play))
        rnd.moves.append(play.notation())
        if len(rnd.trick) == 1 or not play.down:
            rnd.best = len(rnd.trick) - 1
        if len(rnd.trick) < self.seats:
            rnd.turn = (seat + 1) % self.seats
            return rnd
        winner = rnd.trick[rnd.best].seat
        rnd.tricks[winner] += rnd.size
        rnd.finished.append((rnd.trick, winner))
        rnd.trick = []
        rnd.best = -1
        rnd.leader = rnd.turn = winner
        if not any(rnd.hands):
            rnd.winner = winner
            rnd.points = round_points(rnd.tricks, winner, rnd.banker)
            self.totals = [a + b for a, b in zip(self.totals, rnd.points, strict=True)]
        return rnd

    def timeout_play(self) -> Play:
        """docs/rules.md 4.20 [C12]: a leader leads his lowest military tile (else his
        lowest civil), a follower discards his k lowest, military before civil."""
        rnd = self.current
        hand = rnd.hands[rnd.turn]
        lowest = sorted(hand, key=lambda t: (is_civil(t), -tile_key(t)[1]))
        if not rnd.trick:
            return Play((lowest[0],))
        return Play(tuple(lowest[:rnd.size]), True)

    # -- views and the record ------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator): its own hand, the others'
        tile counts, the current trick and the finished ones with every other
        seat's face-down tiles hidden."""
        if not self.rounds:
            return {"seat": seat, "players": list(self.players), "totals": list(self.totals)}
        rnd = self.current

        def shown(tp: TrickPlay) -> dict[str, Any]:
            visible = not tp.play.down or tp.seat == seat
            return {"seat": tp.seat, "down": tp.play.down, "count": tp.play.size,
                    "tiles": [str(t) for t in tp.play.tiles] if visible else None}

        return {
            "seat": seat,
            "players": list(self.players),
            "round": len(self.rounds),
            "rounds": self.options.rounds,
            "banker": rnd.banker,
            "turn": None if rnd.over else rnd.turn,
            "hand": ([str(t) for t in sort_tiles(rnd.hands[seat])] if seat is not None
                     else None),
            "counts": [len(h) for h in rnd.hands],
            "trick": [shown(tp) for tp in rnd.trick],
            "best": rnd.best,
            "finished": [{"winner": w, "plays": [shown(tp) for tp in plays]}
                         for plays, w in rnd.finished],
            "tricks": list(rnd.tricks),
            "totals": list(self.totals),
            "round_winner": rnd.winner,
        }

    def record(self) -> dict[str, Any]:
        """The whole truth, ``domino-record/1``."""
        return {
            "format": "domino-record/1",
            "variant": NAME,
            "options": self.options.record_options(),
            "players": list(self.players),
            "rounds": [{"hands": [[str(t) for t in h] for h in r.dealt],
                        "boneyard": [str(t) for t in r.boneyard],
                        "leader": r.banker,
                        "moves": list(r.moves)} for r in self.rounds],
        }

    def record_for(self, seat: int | None) -> dict[str, Any]:
        """The record as ``seat`` may see it while the game runs: other hands and the
        tiles left out hidden, other seats' face-down tiles written ``down:?+?``."""
        rec = self.record()
        for r_index, r in enumerate(rec["rounds"]):
            rnd = self.rounds[r_index]
            r["hands"] = [h if s == seat else ["?"] * len(h) for s, h in enumerate(r["hands"])]
            r["boneyard"] = ["?"] * len(r["boneyard"])
            seats = [tp.seat for plays, _ in rnd.finished for tp in plays]
            seats += [tp.seat for tp in rnd.trick]
            r["moves"] = [m if not m.startswith("down:") or seats[i] == seat
                          else "down:" + "+".join(["?"] * (m.count("+") + 1))
                          for i, m in enumerate(r["moves"])]
        return rec


def check_deal(hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile], seats: int) -> None:
    """A deal must be the whole Chinese set, eight tiles a seat."""
    if len(hands) != seats or any(len(h) != HAND for h in hands):
        raise RecordError(f"a deal is {HAND} tiles for each of {seats} seats")
    dealt = Counter(t for h in hands for t in h) + Counter(boneyard)
    if dealt != Counter(CHINESE_SET):
        raise RecordError("the deal is not the 32-tile Chinese set")


class Chinese(Variant):
    """Tien Gow as a registered variant: the lobby, the record and the
    bot find it by name; its games are of the ``chinese`` kind
    (:mod:`engine.chinese.kind`), not of the domino turn machine."""

    name = NAME
    aliases = ("китайское", "китайское_домино", "китайские", "тянь_гоу", "tiengow",
               "tien_gow", "tin_gau", "chinese_dominoes")
    order = 190
    family = Family.CHINESE
    kind = "chinese"
    option_specs = (OptionSpec.choice("rounds", ROUND_CHOICES, DEFAULT_ROUNDS),
                    OptionSpec("mixed", OptionKind.BOOL, (), True),
                    OptionSpec("early_death", OptionKind.BOOL, (), True))
    teams_possible = False
    draws = False
    pip_scoring = False

    def hand_size(self) -> int:
        return HAND

    def chinese_options(self) -> ChineseOptions:
        """The game's own options from the variant's."""
        o = self.options
        return ChineseOptions(self.players, o.rounds or DEFAULT_ROUNDS, o.mixed, o.early_death)
