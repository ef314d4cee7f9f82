"""Helpers for the engine tests: build exact deals and play notated moves.

Worked examples build the deal by hand. ``hands`` and ``boneyard`` are written
as space-separated tiles (``"2-5 1-3"``). Endgame examples may give short hands
(only the tiles that matter); the engine plays any given deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.moves import Move, Place, parse_move
from engine.core.results import MoveResult
from engine.core.tiles import Tile, full_set
from engine.domino.game import Game
from engine.variants import Deal, Variant, make_variant


def T(text: str) -> Tile:
    return Tile.parse(text)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def deal(hands: Sequence[str], boneyard: str = "", leader: int = 0,
         forced: str | None = None, fill: bool = False, set_max: int = 6) -> Deal:
    """A deal; with ``fill`` the tiles of the set not in a hand or in ``boneyard``
    are appended to the boneyard in canonical order (so the deal is a whole set)."""
    hs = tuple(tiles(h) for h in hands)
    bone = list(tiles(boneyard))
    if fill:
        used = {t for h in hs for t in h} | set(bone)
        bone += [t for t in full_set(set_max) if t not in used]
    return Deal(hs, tuple(bone), leader, T(forced) if forced else None)


def new_game(name: str, players: int, *deals: Deal,
             options: dict[str, Any] | None = None) -> Game:
    return Game(make_variant(name, players, options), deals=list(deals))


def to_move(game: Game, text: str) -> Move:
    """Parse a notated move as ``replay`` does (a bare tile after the lead: end found)."""
    move = parse_move(text)
    if isinstance(move, Place) and move.end is None and game.round.table.lead is not None:
        move = Place(move.tile, None, None)
    return move


def play(game: Game, *moves: str) -> list[MoveResult]:
    """Play each move through the checked path; return the results."""
    return [game.play(to_move(game, m)) for m in moves]


def play1(game: Game, move: str) -> MoveResult:
    return game.play(to_move(game, move))


def legal_texts(game: Game) -> set[str]:
    """The legal moves as short strings: ``draw``, ``pass``, ``4-1:E``, lead ``4-1``."""
    out = set()
    for m in game.legal_moves():
        if isinstance(m, Place):
            out.add(f"{m.tile}:{m.end}" if m.end is not None else str(m.tile))
        else:
            out.add(type(m).__name__.lower())
    return out


def ends(game: Game) -> dict[str, int]:
    return {str(e): p for e, p in game.round.table.open_ends().items()}


def variant(name: str, players: int, **options: Any) -> Variant:
    return make_variant(name, players, options)
