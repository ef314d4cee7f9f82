"""Game kinds (issue 14): what a variant's game *is*, for the layers above the engine.

Most variants are played by the one turn machine, :class:`engine.domino.game.Game` (the
``"domino"`` kind). A variant whose state does not fit it (``chinese``: tricks on a
multiset of tiles) declares ``Variant.kind`` and registers a :class:`GameKind`
here; the service, the record commands, simulate and the bot then reach its games
through this one door and the :class:`PlayedGame` protocol, never through the
variant's name.

A kind says how to start a game from a seed, play a move and write it as a stored
entry, rebuild a game from its stored entries, write its record (the whole truth)
and what one seat may see of it, replay a record, pick a computer player's move
from a seat's view, and show each ended round's public view. Its games answer
the :class:`PlayedGame` protocol; their views are :class:`engine.domino.game.SeatView`
(a kind may subclass it with its own public facts, like ``ChineseView``).
/work/contract14.md lists what a new kind implements and registers, file by file.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from engine.core.errors import OptionsError
from engine.core.moves import DONE, Draw, Move, Pass, Place, Take, parse_move
from engine.core.results import GameOutcome, MoveResult, RoundEnd
from engine.core.tiles import Tile
from engine.domino.game import Game, RoundState, SeatView
from engine.domino.record import FORMAT, to_record, to_view_record
from engine.domino.record import replay as replay_record
from engine.domino.variant import Variant, get_variant, make_variant
from engine.triangular.rules import Triangle

__all__ = [
    "DOMINO",
    "KINDS",
    "DominoKind",
    "GameKind",
    "Piece",
    "PlayedGame",
    "PlayedRound",
    "kind_named",
    "kind_of",
    "register_kind",
]


# What a hand holds: dominoes, or a kind's own pieces (triangular's triangles).
Piece = Tile | Triangle


class PlayedRound(Protocol):
    """What the service reads of a round: how it ended, the hands (at its end),
    the points it wrote per side."""

    @property
    def end(self) -> RoundEnd | None: ...

    @property
    def hands(self) -> Sequence[Sequence[Piece]]: ...

    @property
    def points(self) -> Sequence[int] | None: ...


class PlayedGame(Protocol):
    """What the service, the bot and simulate need of a game of any kind."""

    @property
    def variant(self) -> Variant: ...

    @property
    def seed(self) -> int: ...

    @property
    def players(self) -> int: ...

    @property
    def totals(self) -> Sequence[int]: ...

    @property
    def outcome(self) -> GameOutcome | None: ...

    @property
    def rounds(self) -> Sequence[PlayedRound]: ...

    @property
    def current_seat(self) -> int | None: ...

    def side_of(self, seat: int) -> int: ...

    def legal_moves(self) -> list[Move]: ...

    def play(self, move: Move) -> MoveResult: ...

    def view(self, seat: int | None) -> SeatView: ...


class GameKind:
    """A kind of game: the operations the layers above need, by the kind's name."""

    name = ""
    # whether a round may end blocked (a "fish"): the /fish command answers only then
    has_fish = True
    # whether the post-game review (engine/ai/review.py) covers its games
    reviewed = False

    def forced_move(self, game: PlayedGame) -> Move | None:
        """The move made at once for a person present on turn when it is all he may
        do (the domino kind: a sole pass or draw); None: he chooses."""
        legal = game.legal_moves()
        if len(legal) == 1 and isinstance(legal[0], (Pass, Draw)):
            return legal[0]
        return None

    def timeout_move(self, game: PlayedGame) -> Move | None:
        """The move the rules make for the seat on turn whose time ran out; None: the
        computer player of the timer's level chooses it."""
        return None

    def new_game(self, variant: Variant, seed: int) -> PlayedGame:
        raise NotImplementedError

    def play(self, game: PlayedGame, move: Move) -> tuple[MoveResult, str]:
        """Play a checked move; the result and the entry to store for it."""
        raise NotImplementedError

    def rebuild(self, variant: Variant, seed: int, entries: Iterable[str]) -> PlayedGame:
        """The game dealt from ``seed`` with its stored entries played again."""
        raise NotImplementedError

    def to_record(self, game: PlayedGame, names: Sequence[str]) -> dict[str, Any]:
        """The whole truth, ``domino-record/1``."""
        raise NotImplementedError

    def to_view_record(self, game: PlayedGame, seat: int | None, names: Sequence[str]
                       ) -> dict[str, Any]:
        """What ``seat`` (None: anyone) may know: the full record once the game is over."""
        raise NotImplementedError

    def replay(self, record: Mapping[str, Any]) -> tuple[PlayedGame, list[str]]:
        raise NotImplementedError

    def decide(self, level: str, seed: int, variant: Variant, view: SeatView) -> Move:
        """The move of the computer player of ``level`` from the seat's view only."""
        raise NotImplementedError

    def ended_views(self, game: PlayedGame) -> list[SeatView]:
        """Each ended round's public view at its end (a round summary's picture)."""
        raise NotImplementedError

    def replay_summary(self, game: PlayedGame) -> dict[str, Any]:
        """What ``python -m engine replay`` prints of a replayed game."""
        raise NotImplementedError

    def simulate(self, variant: Variant, games: int, seed: int, levels: Sequence[str],
                 rollouts: int | None = None) -> dict[str, Any]:
        """``python -m engine simulate`` for a kind with players of its own: computer
        players of ``levels`` over ``games`` games (OptionsError for levels it lacks)."""
        raise NotImplementedError

    def head_json(self, game: PlayedGame, names: Sequence[str]) -> str:
        """The record's head (everything but the rounds), stored once at the start."""
        record = self.to_record(game, names)
        del record["rounds"]
        return json.dumps(record, ensure_ascii=False)


# ------------------------------------------------------------------ the domino kind
def command_text(result: MoveResult, game: Game, rnd: RoundState) -> str:
    """The entry to store for a command just played in round ``rnd`` of ``game``."""
    goes_on = game.round is rnd and rnd.end is None and not game.over and bool(rnd.turn_placed)
    return result.notation + ("+" if goes_on else "")


def split_entry(text: str) -> tuple[list[Move], bool]:
    """The actions of an entry, and whether it leaves its turn open (a trailing ``+``)."""
    if text.startswith("take:"):
        return [parse_move(text)], False
    parts = text.split("+")
    left_open = len(parts) > 1 and parts[-1] == ""
    if left_open:
        parts.pop()
    return [parse_move(part) for part in parts], left_open


def play_entry(game: Game, text: str) -> None:
    """Play one stored entry (checked: an entry the rules refuse raises EngineError)."""
    actions, left_open = split_entry(text)
    rnd = game.round
    for move in actions:
        if isinstance(move, Take) and game.auto_chance:
            continue  # a game dealt from its seed takes by itself
        if isinstance(move, Place) and move.end is None and game.round.table.lead is not None:
            move = Place(move.tile, None, None, move.face_down)  # the one end it fits
        game.play(move)
    if not left_open and game.round is rnd and rnd.end is None and not game.over \
            and rnd.turn_placed:
        game.play(DONE)


def _domino(game: PlayedGame) -> Game:
    assert isinstance(game, Game)
    return game


def ended_domino_views(game: Game) -> list[SeatView]:
    """Each ended round's public view at its end (totals: every round's points up to
    it; the engine credits all points through a round's ``points``)."""
    now = game.view(None)
    last = len(game.rounds) - 1
    out = []
    for index, rnd in enumerate(game.rounds):
        if rnd.end is None:
            continue
        later = [r.points for r in game.rounds[index + 1:]]
        totals = tuple(t - sum(p[i] for p in later) for i, t in enumerate(game.totals))
        out.append(dataclasses.replace(
            now, hand_sizes=tuple(len(h) for h in rnd.hands),
            boneyard_left=rnd.boneyard_left, table=rnd.table.snapshot(), totals=totals,
            round_points=tuple(rnd.points), round_index=index, turn=None,
            turn_number=rnd.turn_number, leader=rnd.deal.leader, forced_lead=None, legal=(),
            history=tuple(rnd.events), outcome=game.outcome if index == last else None,
            turn_placements=(), pending_take=0))
    return out


class DominoKind(GameKind):
    """Every variant of the one turn machine (:class:`engine.domino.game.Game`)."""

    name = "domino"
    reviewed = True

    def new_game(self, variant: Variant, seed: int) -> PlayedGame:
        return Game(variant, seed=seed)

    def play(self, game: PlayedGame, move: Move) -> tuple[MoveResult, str]:
        g = _domino(game)
        rnd = g.round
        result = g.play(move)
        return result, command_text(result, g, rnd)

    def rebuild(self, variant: Variant, seed: int, entries: Iterable[str]) -> PlayedGame:
        game = Game(variant, seed=seed)
        for text in entries:
            play_entry(game, text)
        return game

    def to_record(self, game: PlayedGame, names: Sequence[str]) -> dict[str, Any]:
        return to_record(_domino(game), list(names))

    def to_view_record(self, game: PlayedGame, seat: int | None, names: Sequence[str]
                       ) -> dict[str, Any]:
        return to_view_record(_domino(game), seat, list(names))

    def replay(self, record: Mapping[str, Any]) -> tuple[PlayedGame, list[str]]:
        return replay_record(record)

    def decide(self, level: str, seed: int, variant: Variant, view: SeatView) -> Move:
        from engine.domino.ai import make_player  # the AI imports the engine, not the reverse
        return make_player(level, seed, variant)(view)

    def ended_views(self, game: PlayedGame) -> list[SeatView]:
        return ended_domino_views(_domino(game))

    def replay_summary(self, game: PlayedGame) -> dict[str, Any]:
        from engine.domino.record import replay_summary
        return replay_summary(_domino(game))


DOMINO = DominoKind()
KINDS: dict[str, GameKind] = {DOMINO.name: DOMINO}


def register_kind(kind: GameKind) -> GameKind:
    """Make a kind findable by its name (the module of its variants calls this)."""
    known = KINDS.get(kind.name)
    if known is not None and known is not kind:
        raise ValueError(f"two game kinds are named {kind.name!r}")
    KINDS[kind.name] = kind
    return kind


def kind_named(name: str) -> GameKind:
    """The kind of that name; kind ``x`` lives in ``engine/x_kind.py``, imported (and so
    registered) when first asked for."""
    if name not in KINDS and name.isidentifier():
        with contextlib.suppress(ModuleNotFoundError):
            importlib.import_module(f"engine.{name}.kind")
    try:
        return KINDS[name]
    except KeyError:
        raise OptionsError(f"no game kind {name!r}") from None


def kind_of(variant: Variant | str) -> GameKind:
    """The kind of a variant (or of the variant of that name)."""
    cls = get_variant(variant) if isinstance(variant, str) else type(variant)
    return kind_named(cls.kind)


def new_game(variant: Variant, seed: int) -> PlayedGame:
    """A new game of ``variant`` dealt from ``seed``, whatever its kind."""
    return kind_of(variant).new_game(variant, seed)


def rebuild(head_text: str, seed: int, entries: Iterable[str]) -> tuple[PlayedGame, list[str]]:
    """The game of a stored head and entries, dealt from ``seed``; and the players' names."""
    head = json.loads(head_text)
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise ValueError(f"not the head of a {FORMAT} record")
    names = [str(name) for name in head["players"]]
    variant = make_variant(str(head["variant"]), len(names), head.get("options", {}))
    return kind_of(variant).rebuild(variant, seed, entries), names


def replay(record: Any) -> tuple[PlayedGame, list[str]]:
    """Replay a ``domino-record/1`` of any kind (RecordError when it is none)."""
    from engine.core.errors import RecordError
    if not isinstance(record, Mapping) or not isinstance(record.get("variant"), str):
        raise RecordError("a record is an object naming its variant")
    try:
        kind = kind_of(record["variant"])
    except OptionsError as exc:
        raise RecordError(str(exc)) from exc
    return kind.replay(record)
