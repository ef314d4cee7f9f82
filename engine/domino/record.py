"""The game record (``domino-record/1``) of the domino kind: write, read, replay.
docs/record-format.md specifies it.

Decisions on the notation of docs/rules.md 4.7-4.17:

- One record move per turn: the placements of a turn (and the reopenings before
  them) are joined with ``+`` (``open:E+4-2:E``, ``3-3:N+5-5:S``); draws stay
  separate entries, so a turn that reopens, then draws, is written ``open:E``,
  ``draw``, ``4-2:E``. Replaying a move whose turn could go on ends the turn;
  a turn still in progress when the record is written ends in ``+``
  (``3-3:N+``), and replay leaves it open. The end of a turn (``done``) is
  never written (``parse_move`` accepts it, for the bot and for tests).
- ``take:a-b+c-d`` is a record move of its own, by the taker, right after the
  7-player's last action of his turn; the forced boneyard draws before it are
  not written (replay makes them). A replayed game plays the written take;
  once dealt on from the seed (``Game.deal_from_seed``) takes are drawn from
  the seed again.
- A seat out of the game (``semerka``) has the hand ``[]``; the other hands
  have the sizes the variant deals for the players left.

The view record (``domino-view/1``, :func:`to_view_record`) is what one asker may
know of a game that is not over: nothing hidden (the public view, ``"viewer":
null``) or one seat's own tiles too. It cannot be replayed. Its rounds hold:

- ``hands``: the dealt hands, only the viewer's written (``["6-6", ...]``), every
  other one ``null``; ``hand_sizes`` how many tiles each seat was dealt;
- ``boneyard_size`` (undealt tiles) and ``drawable`` (how many of them may be
  drawn); the boneyard's tiles and order are withheld;
- ``leader`` and ``moves`` as in the full record, except that ``take:3-4+1-6``
  (``semerka``) is written ``take:2`` for anyone but the taker and the giver (a
  draw is ``draw`` in both formats; no other notation names a hidden tile: a
  closer ``4-4:E#`` is a double placed on an open 4, public);
- ``drawn``: the tiles the viewer drew in the round, in order (forced draws too);
  ``[]`` for the public view;
- for a round that ended, ``end_hands``: every seat's hand at its end (the group's
  round summary shows them) and ``end``: its kind, the seat that ended it and the
  round's points per side.

A finished game has no secrets left: its view record is the full record.

The record is read strictly where the rules say how an entry is written: on a
table whose every placement names its line (Колбаса, docs/rules.md 4.19) a
placement is ``a-b:W`` with ``a`` against the line's end, a cut ``cut:x-y`` with
``x`` against the cutter's own line's end, and nothing else reads.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core.errors import EngineError, IllegalMoveError, MoveError, RecordError
from engine.core.moves import DONE, Cut, Draw, ForcedDraw, Open, Place, parse_turn
from engine.core.registry import make_variant
from engine.core.replay import ReplayedMove, ReplayedRound, replay_output
from engine.core.tiles import Tile, full_set
from engine.domino.game import Game
from engine.domino.variant import Deal, DominoVariant, as_domino

FORMAT = "domino-record/1"
VIEW_FORMAT = "domino-view/1"


def to_record(game: Game, players: list[str] | None = None) -> dict[str, Any]:
    """The record of a game so far, as a JSON-ready dict."""
    v = game.variant
    names = players if players is not None else [f"Player {i + 1}" for i in range(v.players)]
    rounds = []
    for rnd in game.rounds:
        d = rnd.deal
        rounds.append({
            "hands": [[str(t) for t in h] for h in d.hands],
            "boneyard": [str(t) for t in d.boneyard],
            "leader": d.leader,
            "moves": [m for _, m, _ in rnd.moves],
        })
    return {
        "format": FORMAT,
        "variant": v.name,
        "options": v.record_options(),
        "players": list(names),
        "rounds": rounds,
    }


def to_view_record(game: Game, seat: int | None, players: list[str] | None = None
                   ) -> dict[str, Any]:
    """What ``seat`` (None: anyone) may know of the game, as a JSON-ready dict: the
    full record once the game is over, else a ``domino-view/1`` record (see above)."""
    if game.outcome is not None:
        return to_record(game, players)
    v = game.variant
    names = players if players is not None else [f"Player {i + 1}" for i in range(v.players)]
    rounds = []
    for rnd in game.rounds:
        d = rnd.deal
        drawn: list[str] = []
        k = 0
        for s, move, _, _ in rnd.log:
            if isinstance(move, Draw | ForcedDraw):
                if s == seat:
                    drawn.append(str(d.boneyard[k]))
                k += 1
        takes = [(ev.seat, ev.source, ev.count) for ev in rnd.events if ev.kind == "take"]
        moves = []
        for _, text, _ in rnd.moves:
            if text.startswith("take:"):
                taker, giver, count = takes.pop(0)
                if seat is None or seat not in (taker, giver):
                    text = f"take:{count}"
            moves.append(text)
        out: dict[str, Any] = {
            "hands": [[str(t) for t in h] if i == seat else None
                      for i, h in enumerate(d.hands)],
            "hand_sizes": [len(h) for h in d.hands],
            "boneyard_size": len(d.boneyard),
            "drawable": rnd.drawable,
            "leader": d.leader,
            "moves": moves,
            "drawn": drawn,
        }
        if rnd.end is not None:
            out["end_hands"] = [[str(t) for t in h] for h in rnd.hands]
            out["end"] = {"kind": str(rnd.end.kind), "seat": rnd.end.seat,
                          "points": list(rnd.end.points)}
        rounds.append(out)
    return {
        "format": VIEW_FORMAT,
        "variant": v.name,
        "options": v.record_options(),
        "players": list(names),
        "viewer": seat,
        "rounds": rounds,
    }


def _need(cond: bool, message: str, **where: int) -> None:
    if not cond:
        raise RecordError(message, **where)


def _parse_deal(variant: DominoVariant, raw: Any, index: int,
                sizes: list[int] | None = None) -> tuple[Deal, list[Any]]:
    _need(isinstance(raw, Mapping), "a round must be an object", round_index=index)
    hands_raw = raw.get("hands")
    _need(isinstance(hands_raw, list) and len(hands_raw) == variant.players,
          f"'hands' must list {variant.players} hands", round_index=index)
    try:
        hands = tuple(tuple(Tile.parse(t) for t in h) for h in hands_raw)
        bone_raw = raw.get("boneyard", [])
        _need(isinstance(bone_raw, list), "'boneyard' must be a list", round_index=index)
        boneyard = tuple(Tile.parse(t) for t in bone_raw)
    except TypeError:
        raise RecordError("hands must be lists of tiles like '6-4'", round_index=index) from None
    except RecordError:
        raise  # already says where
    except EngineError as exc:
        raise RecordError(str(exc), round_index=index) from None
    if sizes is None:
        sizes = [variant.hand_size()] * variant.players
    for seat, h in enumerate(hands):
        k = sizes[seat]
        _need(len(h) == k, f"seat {seat} must be dealt {k} tiles, not {len(h)}",
              round_index=index)
    everything = [t for h in hands for t in h] + list(boneyard)
    want = set(full_set(variant.options.set))
    seen: set[Tile] = set()
    for t in everything:
        _need(t in want, f"{t} is not in the double-{variant.options.set} set",
              round_index=index)
        _need(t not in seen, f"{t} appears twice", round_index=index)
        seen.add(t)
    missing = sorted(want - seen)
    _need(not missing, f"tiles missing from the deal: {', '.join(map(str, missing))}",
          round_index=index)
    _need(not variant.needs_redeal(hands), "this deal must be redealt (redeal rule)",
          round_index=index)
    leader = raw.get("leader")
    _need(isinstance(leader, int) and not isinstance(leader, bool)
          and 0 <= leader < variant.players,
          f"'leader' must be a seat from 0 to {variant.players - 1}", round_index=index)
    moves = raw.get("moves", [])
    _need(isinstance(moves, list), "'moves' must be a list", round_index=index)
    return Deal(hands, boneyard, leader, None), moves


def replay(record: Any) -> tuple[Game, list[str]]:
    """Replay a record; return the game and the player names.

    Raises RecordError naming the round and move index and the reason.
    """
    _need(isinstance(record, Mapping), "a record must be a JSON object")
    _need(record.get("format") != VIEW_FORMAT,
          f"a {VIEW_FORMAT} record shows one player's view and hides tiles: "
          "it cannot be replayed")
    _need(record.get("format") == FORMAT, f"'format' must be {FORMAT!r}")
    name = record.get("variant")
    _need(isinstance(name, str), "'variant' must be a name")
    rounds_raw = record.get("rounds")
    _need(isinstance(rounds_raw, list) and len(rounds_raw) > 0, "'rounds' must be a non-empty list")
    first = rounds_raw[0]
    _need(isinstance(first, Mapping) and isinstance(first.get("hands"), list),
          "a round must be an object with 'hands'", round_index=0)
    players = len(first["hands"])
    options = record.get("options", {})
    _need(isinstance(options, Mapping), "'options' must be an object")
    try:
        variant = as_domino(make_variant(name, players, options))
    except EngineError as exc:
        raise RecordError(str(exc)) from None
    names = record.get("players", [])
    _need(isinstance(names, list) and len(names) == players
          and all(isinstance(n, str) for n in names),
          f"'players' must list {players} names")

    game = Game(variant, deals=[], autostart=False)
    for r_index, raw in enumerate(rounds_raw):
        deal, moves = _parse_deal(variant, raw, r_index, variant.hand_sizes(game.totals))
        if r_index == 0:
            if variant.lead_by_lot:
                forced = None
            else:
                lead = variant.first_lead(deal.hands, random.Random(0))
                _need(lead is not None, "this deal must be redealt (no lead tile)",
                      round_index=0)
                assert lead is not None
                _need(lead[0] == deal.leader, f"seat {lead[0]} must lead, not seat {deal.leader}",
                      round_index=0)
                forced = lead[1]
        else:
            prev = game.rounds[-1]
            _need(prev.end is not None and not game.over,
                  "the previous round is not over" if not game.over else "the game is over",
                  round_index=r_index)
            seat, forced = variant.round_lead(game, prev, deal.hands)
            _need(seat == deal.leader, f"seat {seat} must lead, not seat {deal.leader}",
                  round_index=r_index)
        game.start_round(Deal(deal.hands, deal.boneyard, deal.leader, forced))
        for m_index, text in enumerate(moves):
            rnd = game.round
            if rnd.end is not None or game.over:
                raise RecordError("the round is already over; nothing may follow",
                                  round_index=r_index, move_index=m_index)
            try:
                _play_entry(game, text)
            except EngineError as exc:
                raise RecordError(f"{text!r}: {exc}", round_index=r_index,
                                  move_index=m_index) from None
    return game, list(names)


def _play_entry(game: Game, text: Any) -> None:
    """Play one record move: an action, or a turn of several joined by ``+``."""
    actions, left_open = parse_turn(text)
    rnd = game.round
    seat = game.current_seat
    parts = text.strip().split("+")
    for i, move in enumerate(actions):
        if isinstance(move, Place | Cut) and len(parts) >= len(actions):
            _check_line_written(game, parts[i], move)
        if i > 0:
            if game.round is not rnd or rnd.end is not None or game.over:
                raise IllegalMoveError(f"the round is over before {text!r} is played out")
            if game.current_seat != seat or not (
                    rnd.turn_placed or isinstance(actions[i - 1], Open)):
                raise IllegalMoveError(f"the turn of seat {seat} is over: part {i + 1} "
                                       "cannot follow in the same turn")
        if isinstance(move, Place) and move.end is None and rnd.table.lead is not None:
            move = Place(move.tile, None, None, move.face_down)
        game.play(move)
    live = game.round is rnd and rnd.end is None and not game.over
    if left_open:
        if not (live and rnd.turn_placed):
            raise IllegalMoveError(f"{text!r} ends in '+' but the turn is over")
    elif live and rnd.turn_placed:
        game.play(DONE)


def _check_line_written(game: Game, part: str, move: Place | Cut) -> None:
    """On a table whose every placement names its line (``write_end``: Колбаса,
    docs/rules.md 4.19), read a placement only as the record writes it: ``a-b:W``
    with ``a`` against the line's end, ``cut:x-y`` with ``x`` against the cutter's
    own line's end (MoveError otherwise). A placement the rules refuse is left to
    the game, which says why."""
    table = game.round.table
    if not table.rules.write_end or table.lead is None:
        return
    ends = table.open_ends()
    written = part.strip()
    first = written.removeprefix("cut:").split("-")[0]
    if isinstance(move, Cut):
        cut = next((m for m in game.legal_moves()
                    if isinstance(m, Cut) and m.tile == move.tile), None)
        if cut is None or cut.end is None:
            return
        x = ends[cut.end]
        want = f"cut:{x}-{move.tile.other(x)}"
        if first != str(x):
            raise MoveError(f"malformed move {part!r}: in cut:x-y, x touches the cutter's "
                            f"own line's end ({x}): write {want}")
    elif move.end is None:
        fits = [f"{ends[e]}-{move.tile.other(ends[e])}:{e}" for e in table.fits(move.tile)]
        raise MoveError(f"malformed move {part!r}: this game's record names the line of "
                        "every placement: write " + (" or ".join(fits) or "a-b:W or a-b:E"))
    else:
        pip = ends.get(move.end)
        if pip is None or not move.tile.has(pip):
            return
        want = f"{pip}-{move.tile.other(pip)}:{move.end}" + ("#" if move.face_down else "")
        if first != str(pip):
            raise MoveError(f"malformed move {part!r}: the first pip touches the end of "
                            f"line {move.end} ({pip}): write {want}")
    if written != want:
        raise MoveError(f"malformed move {part!r}: write {want}")


def replay_summary(game: Game) -> dict[str, Any]:
    """The JSON object ``python -m engine replay`` prints (:mod:`engine.core.replay`)."""
    rounds = [ReplayedRound(tuple(ReplayedMove(s, m, p) for s, m, p in rnd.moves), rnd.end,
                            tuple(rnd.points))
              for rnd in game.rounds]
    return replay_output(game.variant.name, game.variant.sides, rounds, game.totals,
                         game.outcome)
