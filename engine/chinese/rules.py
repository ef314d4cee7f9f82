"""``chinese``: Tien Gow, "Китайское" (RULES.md 4.20), a trick-taking game on the
32-tile Chinese set.

The game keeps the project's core idea, a turn is a list of actions on a table:
here the table is the current trick and the tricks won, and a turn is one *play*
of one to four tiles, face up or face down. The Chinese set holds eleven tiles
twice, so hands and the conservation of tiles are multisets.

This module is the whole game's rules and its own state class
(:class:`ChineseGame`), pure like the rest of :mod:`engine`: the deal, checked plays
with typed reasons, the views (a face-down tile is seen by its owner only), the
record (``domino-record/1``) and its replay, and the round and game scoring.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations
from typing import Any

from engine.core.catalogue import Family, Variant
from engine.core.errors import IllegalMoveError, MoveError, OptionsError, RecordError
from engine.core.moves import SetPlay
from engine.core.options import OptionKind, OptionSpec
from engine.core.results import EndKind, RoundEnd
from engine.core.tiles import Tile

NAME = "chinese"
ALIASES = ("китайское", "китайские", "китайское_домино", "tiengow", "tien_gow",
           "tin_gau", "chinese", "chinese_dominoes")
ROUND_CHOICES = (4, 8, 12, 16)
DEFAULT_ROUNDS = 8
HAND = 8
TRICKS_PER_ROUND = 8


def _t(text: str) -> Tile:
    return Tile.parse(text)


# Civil tiles, rank 1 (Heaven) to 11; each comes twice.
CIVIL: tuple[Tile, ...] = tuple(_t(s) for s in (
    "6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5"))
CIVIL_RANK: dict[Tile, int] = {t: i + 1 for i, t in enumerate(CIVIL)}
# Military tiles by rank (1 nines, 2 eights, 3 sevens, 4 six, 5 fives, 6 three).
MILITARY_RANK: dict[Tile, int] = {
    _t("3-6"): 1, _t("4-5"): 1, _t("2-6"): 2, _t("3-5"): 2, _t("2-5"): 3, _t("3-4"): 3,
    _t("2-4"): 4, _t("1-4"): 5, _t("2-3"): 5, _t("1-2"): 6,
}
MILITARY: tuple[Tile, ...] = tuple(MILITARY_RANK)
# The mixed groups: group g (1 Heaven/nine .. 4 Harmony/five): its civil tile and
# the rank of its military tiles.
GROUPS: tuple[tuple[Tile, int], ...] = (
    (_t("6-6"), 1), (_t("1-1"), 2), (_t("4-4"), 3), (_t("1-3"), 5))
SUPREME: frozenset[Tile] = frozenset({_t("1-2"), _t("2-4")})
CHINESE_SET: tuple[Tile, ...] = tuple(sorted(CIVIL * 2 + MILITARY,
                                             key=lambda t: (t.a, t.b)))
# The pips a real set paints red: every half showing 1 or 4, and three of six on
# each half of 6-6 (the renderer reads this).
RED_PIPS = frozenset({1, 4})


def is_civil(tile: Tile) -> bool:
    return tile in CIVIL_RANK


def tile_key(tile: Tile) -> tuple[int, int, int]:
    """The engine's order of tiles in a play: civil before military, higher first;
    equal military ranks low-high (``3-6+4-5``), so one play has one notation."""
    if is_civil(tile):
        return (0, CIVIL_RANK[tile], tile.a)
    return (1, MILITARY_RANK[tile], tile.a)


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=tile_key))


class Category(Enum):
    CIVIL_SINGLE = "civil_single"
    MILITARY_SINGLE = "military_single"
    CIVIL_PAIR = "civil_pair"
    MILITARY_PAIR = "military_pair"
    MIXED_PAIR = "mixed_pair"
    TRIPLET_CIVIL = "triplet_civil"  # two civil + one military
    TRIPLET_MILITARY = "triplet_military"  # one civil + two military
    QUARTET = "quartet"
    SUPREME = "supreme"


@dataclass(frozen=True, slots=True)
class SetKind:
    """What a face-up set is: its category and rank (1 is the highest)."""

    category: Category
    rank: int

    def beats(self, other: SetKind) -> bool:
        """Same category and strictly higher; the Supreme pair beats nothing and
        is beaten by nothing (RULES.md 4.20 [C5] [C6])."""
        if Category.SUPREME in (self.category, other.category):
            return False
        return self.category is other.category and self.rank < other.rank


def classify(tiles: Sequence[Tile], mixed: bool = True) -> SetKind | None:
    """The set ``tiles`` form, or None when they are no combination."""
    k = len(tiles)
    civil = sort_tiles(t for t in tiles if is_civil(t))
    military = sort_tiles(t for t in tiles if not is_civil(t))
    if k == 1:
        t = tiles[0]
        if is_civil(t):
            return SetKind(Category.CIVIL_SINGLE, CIVIL_RANK[t])
        return SetKind(Category.MILITARY_SINGLE, MILITARY_RANK[t])
    if k == 2:
        if len(civil) == 2 and civil[0] is civil[1]:
            return SetKind(Category.CIVIL_PAIR, CIVIL_RANK[civil[0]])
        if len(military) == 2:
            if frozenset(military) == SUPREME:
                return SetKind(Category.SUPREME, 1)
            r0, r1 = MILITARY_RANK[military[0]], MILITARY_RANK[military[1]]
            if military[0] is not military[1] and r0 == r1:
                return SetKind(Category.MILITARY_PAIR, r0)
            return None
    if not mixed or k > 4:
        return None
    for g, (civ, mrank) in enumerate(GROUPS, start=1):
        if any(t is not civ for t in civil):
            continue
        if any(MILITARY_RANK[m] != mrank for m in military):
            continue
        if len(set(military)) != len(military):
            continue
        shape = (len(civil), len(military))
        if shape == (1, 1):
            return SetKind(Category.MIXED_PAIR, g)
        if shape == (2, 1):
            return SetKind(Category.TRIPLET_CIVIL, g)
        if shape == (1, 2):
            return SetKind(Category.TRIPLET_MILITARY, g)
        if shape == (2, 2):
            return SetKind(Category.QUARTET, g)
    return None


@dataclass(frozen=True, slots=True)
class Play(SetPlay):
    """One play: 1..4 tiles, face up or face down (``down``), its tiles in the engine's
    order (:func:`tile_key`): the move the service and the record carry."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", sort_tiles(self.tiles))

    @property
    def size(self) -> int:
        return len(self.tiles)

    def notation(self) -> str:
        body = "+".join(str(t) for t in self.tiles)
        return f"down:{body}" if self.down else body

    @classmethod
    def parse(cls, text: str) -> Play:
        if not isinstance(text, str):
            raise MoveError(f"a play is text, not {type(text).__name__}")
        down = text.startswith("down:")
        body = text[5:] if down else text
        parts = body.split("+") if body else []
        if not 1 <= len(parts) <= 4:
            raise MoveError(f"a play is one to four tiles: {text!r}")
        try:
            tiles = tuple(Tile.parse(p) for p in parts)
        except (ValueError, TypeError) as exc:
            raise MoveError(f"not a play: {text!r}") from exc
        for t in tiles:
            if t not in CIVIL_RANK and t not in MILITARY_RANK:
                raise MoveError(f"{t} is not a tile of the Chinese set")
        return cls(tiles, down)


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


class ChineseMoveError(IllegalMoveError):
    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


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
        """How the round ended (issue 14: what the service reads of any round)."""
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
    """RULES.md 4.20 round scoring: others pay the winner 4 minus their tricks (5
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


class ChineseGame:
    """A game of Tien Gow: rounds of eight tricks, scored per RULES.md 4.20."""

    variant_name = NAME

    def __init__(self, players: Sequence[str] | int, options: ChineseOptions | None = None,
                 *, seed: int | None = None) -> None:
        names = ([f"P{i + 1}" for i in range(players)] if isinstance(players, int)
                 else list(players))
        self.options = options or make_options(len(names))
        if self.options.players != len(names):
            raise OptionsError("the options are for another number of players")
        self.players = names
        self.rng = random.Random(seed)
        self.rounds: list[Round] = []
        self.totals = [0] * len(names)

    # -- the flow -----------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def current(self) -> Round:
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        return (len(self.rounds) == self.options.rounds and bool(self.rounds)
                and self.current.over)

    @property
    def winners(self) -> list[int]:
        return game_winners(self.totals) if self.over else []

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
                      else self._last_winner())
        rnd = Round([list(h) for h in dealt], rest, banker, dealt, leader=banker, turn=banker,
                    tricks=[0] * self.seats)
        self.rounds.append(rnd)
        return rnd

    def _last_winner(self) -> int:
        winner = self.rounds[-1].winner
        assert winner is not None
        return winner

    # -- legality -----------------------------------------------------------------

    def _early_death(self, rnd: Round, seat: int) -> bool:
        """RULES.md 4.20 [C8]: the last trick led as a single; a seat with no
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
        """RULES.md 4.20 [C12]: a leader leads his lowest military tile (else his
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


def replay(record: Mapping[str, Any]) -> ChineseGame:
    """Replay a ``domino-record/1`` of ``chinese`` (unfinished rounds included)."""
    if record.get("format") != "domino-record/1" or record.get("variant") != NAME:
        raise RecordError("not a domino-record/1 of chinese")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players must be a list of names")
    try:
        options = make_options(len(players), record.get("options") or {})
    except OptionsError as exc:
        raise RecordError(str(exc)) from exc
    game = ChineseGame(players, options)
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list")
    for ri, r in enumerate(rounds):
        try:
            hands = [[Tile.parse(t) for t in h] for h in r["hands"]]
            boneyard = [Tile.parse(t) for t in r.get("boneyard", [])]
            leader = r["leader"]
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"bad round: {exc}", round_index=ri) from exc
        expected = None if ri == 0 else game._last_winner() if game.current.over else None
        if ri > 0 and not game.current.over:
            raise RecordError("a round follows an unfinished round", round_index=ri)
        if expected is not None and leader != expected:
            raise RecordError("the banker is the last trick's winner", round_index=ri)
        if isinstance(leader, bool) or not isinstance(leader, int) or not (
                0 <= leader < len(players)):
            raise RecordError("bad leader", round_index=ri)
        try:
            game.start_round(hands, boneyard, leader)
        except IllegalMoveError as exc:
            raise RecordError(str(exc), round_index=ri) from exc
        for mi, move in enumerate(r.get("moves", [])):
            try:
                game.play(game.current.turn, move)
            except (MoveError, IllegalMoveError) as exc:
                raise RecordError(str(exc), round_index=ri, move_index=mi) from exc
    return game


def replay_summary(game: ChineseGame) -> dict[str, Any]:
    """The replay output: per round its end, round points; the totals and winners."""
    out_rounds = []
    for r in game.rounds:
        out_rounds.append({
            "moves": len(r.moves),
            "banker": r.banker,
            "tricks": list(r.tricks),
            "end": None if r.winner is None else {"kind": "tricks", "seat": r.winner},
            "round_points": r.points,
        })
    return {"variant": NAME, "rounds": out_rounds, "totals": list(game.totals),
            "over": game.over, "winners": game.winners}


class Chinese(Variant):
    """Tien Gow as a registered variant (issue 14): the lobby, the record and the
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
