"""``python -m engine replay FILE``, ``python -m engine verify FILE`` and
``python -m engine simulate ...``."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any

from engine.core.errors import EngineError, OptionsError
from engine.core.kind import GameKind
from engine.domino.ai import LEVELS, default_budget
from engine.domino.kind import DOMINO
from engine.domino.variant import as_domino
from engine.fairness import verify
from engine.games import kind_of, replay
from engine.simulate import simulate, simulate_ai
from engine.variants import get_variant, make_variant


def _read_record(path: str) -> tuple[bool, Any]:
    """The JSON of ``path`` (``-``: standard input), and whether it was read (False after
    printing why not)."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        print(f"error: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return False, None
    except UnicodeDecodeError as exc:
        print(f"error: {path} is not UTF-8 text: {exc.reason}", file=sys.stderr)
        return False, None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"error: not JSON: {exc}", file=sys.stderr)
        return False, None
    except RecursionError:
        print("error: not JSON this program reads: nested too deeply", file=sys.stderr)
        return False, None
    return True, record


def _replay(path: str) -> int:
    read, record = _read_record(path)
    if not read:
        return 2
    try:
        game, _ = replay(record)  # a record of any kind (engine/games.py)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(kind_of(game.variant).replay_summary(game), ensure_ascii=False))
    return 0


def _verify(path: str) -> int:
    """Recompute every round's deal from the finished record's secret (engine/fairness.py)."""
    read, record = _read_record(path)
    if not read:
        return 2
    try:
        found = verify(record)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps({"ok": found.mismatch is None, "rounds_checked": found.rounds,
                      "commitment": found.commitment, "mismatch": found.mismatch}))
    return 0 if found.mismatch is None else 1


def _options(args: argparse.Namespace) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    if args.teams is not None:
        opts["teams"] = args.teams
    if args.target is not None:
        opts["target"] = args.target
    for name in ("set", "rounds", "locked", "extra_turn", "no_double_out", "fish_point",
                 "voluntary_draw"):
        value = getattr(args, name, None)
        if value is not None:
            opts[name] = value
    return opts


def _simulate_kind(args: argparse.Namespace, kind: GameKind) -> int:
    """A kind with players of its own (chinese: engine/chinese/ai.py) plays its own
    tournament; the default levels are easy against easy, 4 rounds where the variant
    counts rounds."""
    levels = [x.strip() for x in (args.ai or "easy,easy").split(",") if x.strip()]
    options = _options(args)
    if get_variant(args.variant).option_spec("rounds") is not None:
        options.setdefault("rounds", 4)  # short games unless --rounds says otherwise
    try:
        variant = make_variant(args.variant, args.players, options)
        result = kind.simulate(variant, args.games, args.seed, levels, args.rollouts)
    except OptionsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p_replay = sub.add_parser("replay", help="replay a game record and print the scores")
    p_replay.add_argument("file", help="the record, or - for standard input")
    p_verify = sub.add_parser("verify", help="check a finished game's deals against its "
                              "secret and the commitment shown at its start")
    p_verify.add_argument("file", help="the record, or - for standard input")
    p_sim = sub.add_parser("simulate", help="play games between computer players")
    p_sim.add_argument("--variant", required=True)
    p_sim.add_argument("--players", type=int, required=True)
    p_sim.add_argument("--games", type=int, default=100)
    p_sim.add_argument("--seed", type=int, default=0)
    p_sim.add_argument("--teams", action=argparse.BooleanOptionalAction, default=None)
    p_sim.add_argument("--target", type=int, default=None)
    p_sim.add_argument("--set", type=int, default=None, help="double-N set (6, 9 or 12)")
    p_sim.add_argument("--rounds", type=int, default=None)
    for flag in ("locked", "extra-turn", "no-double-out", "fish-point"):
        p_sim.add_argument(f"--{flag}", action=argparse.BooleanOptionalAction, default=None)
    p_sim.add_argument("--voluntary-draw", action=argparse.BooleanOptionalAction,
                       default=None, help="triangular: a player may draw when he could place")
    p_sim.add_argument("--ai", default=None,
                       help="computer players cycled over the seats, e.g. hard,medium")
    p_sim.add_argument("--fixed-seats", action="store_true",
                       help="with --ai: do not rotate the levels over the seats between games")
    p_sim.add_argument("--rollouts", type=int, default=None,
                       help="with --ai: the hard player's rollouts per decision")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "verify":
        return _verify(args.file)
    try:
        kind = kind_of(args.variant)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if kind.name != DOMINO.name:
        return _simulate_kind(args, kind)
    try:
        if args.ai:
            levels = [x.strip() for x in args.ai.split(",") if x.strip()]
            unknown = [x for x in levels if x not in LEVELS]
            if not levels or unknown:
                print(f"error: --ai takes levels among {', '.join(LEVELS)}", file=sys.stderr)
                return 2
            budget = None
            if args.rollouts is not None:
                variant = as_domino(make_variant(args.variant, args.players, _options(args)))
                budget = replace(default_budget(variant), rollouts=args.rollouts)
            result = simulate_ai(args.variant, args.players, args.games, args.seed, levels,
                                 _options(args), rotate=not args.fixed_seats, budget=budget)
        else:
            result = simulate(args.variant, args.players, args.games, args.seed,
                              _options(args))
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
