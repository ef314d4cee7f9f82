"""``python -m engine replay FILE`` and ``python -m engine simulate ...``."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any

from engine.ai import LEVELS, default_budget
from engine.errors import EngineError
from engine.record import replay, replay_summary
from engine.simulate import simulate, simulate_ai
from engine.variants import make_variant


def _replay(path: str) -> int:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        print(f"error: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as exc:
        print(f"error: {path} is not UTF-8 text: {exc.reason}", file=sys.stderr)
        return 2
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"error: not JSON: {exc}", file=sys.stderr)
        return 2
    except RecursionError:
        print("error: not JSON this program reads: nested too deeply", file=sys.stderr)
        return 2
    try:
        if isinstance(record, dict) and record.get("variant") == "chinese":
            # chinese (issue 14): its own state class and replay (engine/chinese.py).
            from engine import chinese
            print(json.dumps(chinese.replay_summary(chinese.replay(record)),
                             ensure_ascii=False))
            return 0
        if isinstance(record, dict) and record.get("variant") == "triangular":
            # triangular (issue 14): its own state class and replay (engine/triangular.py).
            from engine import triangular
            tri_game, outcomes = triangular.replay(record)
            print(json.dumps(triangular.replay_summary(tri_game, outcomes),
                             ensure_ascii=False))
            return 0
        game, _ = replay(record)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(replay_summary(game), ensure_ascii=False))
    return 0


def _options(args: argparse.Namespace) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    if args.teams is not None:
        opts["teams"] = args.teams
    if args.target is not None:
        opts["target"] = args.target
    for name in ("set", "rounds", "locked", "extra_turn", "no_double_out", "fish_point"):
        value = getattr(args, name, None)
        if value is not None:
            opts[name] = value
    return opts


def _simulate_chinese(args: argparse.Namespace) -> int:
    """chinese (issue 14): its own players and tournament (engine/chinese_ai.py)."""
    from engine import chinese_ai
    levels = tuple(x.strip() for x in (args.ai or "easy,easy").split(",") if x.strip())
    if len(levels) != 2 or any(x not in chinese_ai.LEVELS for x in levels):
        print("error: --ai takes two levels among easy, medium, hard", file=sys.stderr)
        return 2
    try:
        result = chinese_ai.simulate_ai((levels[0], levels[1]), args.games, args.seed,
                                        args.players, args.rounds or 4,
                                        samples=args.rollouts)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(chinese_ai.describe((levels[0], levels[1]), result)))
    return 0


def _simulate_triangular(args: argparse.Namespace) -> int:
    """triangular (issue 14): its own players and tournament (engine/triangular_ai.py)."""
    from engine import triangular_ai
    opts: dict[str, Any] = {}
    if args.target is not None:
        opts["target"] = args.target
    if args.voluntary_draw is not None:
        opts["voluntary_draw"] = args.voluntary_draw
    try:
        if args.ai:
            levels = [x.strip() for x in args.ai.split(",") if x.strip()]
            if not levels or any(x not in triangular_ai.LEVELS for x in levels):
                print(f"error: --ai takes levels among {', '.join(triangular_ai.LEVELS)}",
                      file=sys.stderr)
                return 2
            budget = (replace(triangular_ai.DEFAULT_BUDGET, worlds=args.rollouts)
                      if args.rollouts is not None else None)
            result = triangular_ai.simulate_ai(args.players, args.games, args.seed, levels,
                                               opts, budget)
        else:
            result = triangular_ai.simulate(args.players, args.games, args.seed, opts)
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
    if args.variant == "chinese":
        return _simulate_chinese(args)
    if args.variant == "triangular":
        return _simulate_triangular(args)
    try:
        if args.ai:
            levels = [x.strip() for x in args.ai.split(",") if x.strip()]
            unknown = [x for x in levels if x not in LEVELS]
            if not levels or unknown:
                print(f"error: --ai takes levels among {', '.join(LEVELS)}", file=sys.stderr)
                return 2
            budget = None
            if args.rollouts is not None:
                budget = replace(default_budget(make_variant(args.variant, args.players,
                                                             _options(args))),
                                 rollouts=args.rollouts)
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
